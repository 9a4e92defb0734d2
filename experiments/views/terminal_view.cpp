#include "views/terminal_view.hpp"

#include <string>

namespace colorwalk {

namespace {

void append_sgr(std::string& line, Rgb bg) {
  const Rgb fg = is_light(bg) ? Rgb{0, 0, 0} : Rgb{255, 255, 255};
  line += "\x1b[48;2;" + std::to_string(bg.r) + ";" + std::to_string(bg.g) + ";" +
          std::to_string(bg.b) + ";38;2;" + std::to_string(fg.r) + ";" + std::to_string(fg.g) +
          ";" + std::to_string(fg.b) + "m";
}

}  // namespace

void write_terminal_frame(std::ostream& out, const BoardReplay& replay, std::size_t frame,
                          bool color) {
  const Board& board = replay.board();
  out << describe_frame(replay, frame) << "\n";
  std::string line;
  for (std::uint32_t row = 0; row < board.height(); ++row) {
    line.clear();
    bool open = false;
    Rgb last{};
    for (std::uint32_t col = 0; col < board.width(); ++col) {
      const std::uint32_t cell = row * board.width() + col;
      const std::uint32_t at = replay.absorbed_at()[cell];
      if (color) {
        const Rgb rgb = replay.cell_rgb(frame, cell);
        if (!open || !(rgb == last)) append_sgr(line, rgb);
        open = true;
        last = rgb;
      }
      line += at > frame ? board.symbol(board.cells()[cell]) : at == frame && frame > 0 ? '+' : ' ';
      line += ' ';
    }
    if (open) line += "\x1b[0m";
    out << line << "\n";
  }
}

void write_cell_colors(std::ostream& out, const BoardReplay& replay, std::size_t frame) {
  const Board& board = replay.board();
  std::string line;
  for (std::uint32_t row = 0; row < board.height(); ++row) {
    line.clear();
    for (std::uint32_t col = 0; col < board.width(); ++col) {
      if (col > 0) line += ' ';
      line += hex(replay.cell_rgb(frame, row * board.width() + col));
    }
    out << line << "\n";
  }
}

}  // namespace colorwalk
