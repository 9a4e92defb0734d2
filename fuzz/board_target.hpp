// The body of fuzz_grid and fuzz_line: any bytes given to the board reader
// either come back as boards that keep every Board invariant and survive a
// write-and-read round trip unchanged, or are refused with an InputError
// (no other exception, no crash, no unbounded allocation).
#pragma once

#include <cstddef>
#include <cstdint>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

#include "game/board_io.hpp"
#include "game/cluster_graph.hpp"
#include "game/greedy_move.hpp"
#include "game/replay.hpp"
#include "fuzz_check.hpp"

namespace colorwalk::fuzz {

inline void check_board(const Board& b) {
  FUZZ_CHECK(b.width() >= 1 && b.height() >= 1);
  FUZZ_CHECK(b.width() <= kMaxSide && b.height() <= kMaxSide);
  FUZZ_CHECK(std::uint64_t{b.width()} * b.height() <= kMaxCells);
  FUZZ_CHECK(b.cells().size() == std::size_t{b.width()} * b.height());
  FUZZ_CHECK(b.colors() >= kMinColors && b.colors() <= kMaxColors);
  std::vector<bool> used(b.colors(), false);
  for (const Color c : b.cells()) {
    FUZZ_CHECK(c < b.colors());
    used[c] = true;
  }
  // A board read from a file has exactly the colours it uses, in symbol order.
  for (std::size_t c = 0; c < used.size(); ++c)
    FUZZ_CHECK(used[c]);
  for (std::size_t c = 0; c + 1 < b.palette().size(); ++c)
    FUZZ_CHECK(kSymbols.find(b.palette()[c]) < kSymbols.find(b.palette()[c + 1]));

  // Small boards also go through the engine: the clusters cover the board,
  // and greedy's answer replays.
  if (b.cell_count() > 1024) return;
  for (const Rules rules : {Rules::kColorWalk, Rules::kFloodIt}) {
    Board board = b;
    board.set_rules(rules, StartSpec{StartSpec::Kind::kCenter, {}});
    const ClusterGraph graph(board);
    std::uint64_t cells = 0;
    for (ClusterId c = 0; c < graph.cluster_count(); ++c)
      cells += graph.size(c);
    FUZZ_CHECK(cells == board.cell_count());
    MarkerState state = graph.initial_state();
    std::vector<Color> moves;
    play_greedy(graph, state, moves);
    FUZZ_CHECK(graph.is_cleared(state));
    FUZZ_CHECK(replay(graph, moves).ok());
  }
}

inline std::vector<Board> read_text(const std::string& text, BoardFormat format) {
  std::istringstream in(text);
  return read_boards(in, "fuzz", format);
}

inline std::string write_text(const std::vector<Board>& boards, BoardFormat format) {
  std::ostringstream out;
  if (format == BoardFormat::kGrid) {
    write_grid(out, boards);
  } else {
    for (const Board& b : boards) {
      for (const Color c : b.cells())
        out << b.symbol(c);
      out << '\n';
    }
  }
  return out.str();
}

inline void run_board_target(const std::uint8_t* data, std::size_t size, BoardFormat format) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::vector<Board> boards;
  try {
    boards = read_text(text, format);
  } catch (const InputError& e) {
    FUZZ_CHECK(std::string(e.what()).rfind("fuzz:", 0) == 0);  // names the input
    return;
  }
  FUZZ_CHECK(!boards.empty());
  for (const Board& b : boards)
    check_board(b);
  // Written back and read again, the boards are the same.
  const std::vector<Board> again = read_text(write_text(boards, format), format);
  FUZZ_CHECK(again == boards);
}

}  // namespace colorwalk::fuzz
