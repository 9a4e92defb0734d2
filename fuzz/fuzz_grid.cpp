// libFuzzer target: the grid-format board reader (see board_target.hpp).
#include "board_target.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  colorwalk::fuzz::run_board_target(data, size, colorwalk::BoardFormat::kGrid);
  return 0;
}
