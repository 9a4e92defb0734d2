// A board and a move sequence replayed on the engine for drawing: for every
// cell, the move that brought it into the region, so that any frame (the
// board after k moves) is drawn without playing the rules again. The moves
// are played with the game's move function (ClusterGraph::apply); nothing
// here knows the rules. The colours every view draws with are here too, so
// that the terminal, the page and the colours printed for checking agree.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "game/board.hpp"

namespace colorwalk {

struct Rgb {
  std::uint8_t r = 0;
  std::uint8_t g = 0;
  std::uint8_t b = 0;
  friend bool operator==(const Rgb&, const Rgb&) = default;
};

// The colour colour index `c` is drawn in (c < kMaxColors): 36 distinct
// colours, the first six Flood-It's own.
Rgb color_rgb(Color c);
// The colour of the blank start cell of colour-walk rules, which has none.
inline constexpr Rgb kBlankRgb{255, 255, 255};
// "#rrggbb".
std::string hex(Rgb rgb);
// Whether black text reads better than white on `rgb` (ITU-R BT.601 luma).
inline bool is_light(Rgb rgb) {
  return 299 * rgb.r + 587 * rgb.g + 114 * rgb.b > 140'000;
}

class BoardReplay {
 public:
  // The move of a cell that the moves never bring into the region.
  static constexpr std::uint32_t kNever = std::numeric_limits<std::uint32_t>::max();

  // Plays `moves` on `board` (rules and start applied) with the engine.
  // Every move must be a colour of the board (parse_moves() makes sure);
  // a wasted move is played as the game plays it: it absorbs nothing.
  BoardReplay(Board board, std::vector<Color> moves);

  const Board& board() const noexcept { return board_; }
  const std::vector<Color>& moves() const noexcept { return moves_; }
  // The board, then the region after each move.
  std::size_t frames() const noexcept { return moves_.size() + 1; }
  // Per cell (row-major): 0 when it is in the region from the start, k when
  // move k (from 1) absorbed it, kNever when no move does.
  const std::vector<std::uint32_t>& absorbed_at() const noexcept { return absorbed_at_; }
  // Cells move k (from 1) absorbed; 0 for k = 0 is the start region.
  std::uint32_t absorbed_by(std::size_t move) const noexcept { return absorbed_[move]; }
  // Cells in the region after `frame` moves.
  std::uint32_t region_cells(std::size_t frame) const noexcept { return region_[frame]; }
  bool cleared() const noexcept { return region_.back() == board_.cell_count(); }
  // Whether the start region has no colour (colour-walk rules), and else its colour.
  bool blank_start() const noexcept { return blank_start_; }
  Color start_color() const noexcept { return start_color_; }

  // The colour the region has after `frame` moves: the last move's, or the
  // start's (blank under colour-walk rules).
  Rgb region_rgb(std::size_t frame) const noexcept;
  // What cell `cell` shows after `frame` moves.
  Rgb cell_rgb(std::size_t frame, std::uint32_t cell) const noexcept {
    return absorbed_at_[cell] <= frame ? region_rgb(frame) : color_rgb(board_.cells()[cell]);
  }

 private:
  Board board_;
  std::vector<Color> moves_;
  bool blank_start_ = false;
  Color start_color_ = 0;
  std::vector<std::uint32_t> absorbed_at_;
  std::vector<std::uint32_t> absorbed_;  // per move, [0] the start region
  std::vector<std::uint32_t> region_;    // per frame
};

// What a view says of the board and of where its moves come from.
struct ViewCaption {
  std::string board;     // "board 3 (name) of articles 5"
  std::string solution;  // "greedy, solved now" or "sol.txt line 4"; empty: no moves
};

// "30x20, 5 colors, color-walk rules, start 0,0"
std::string describe_board(const Board& board);
// "start: the region is 1 of 600 cells" or "move 3 of 24: '2' absorbs 15
// cells; the region is 87 of 600 cells" (and, at the last frame, whether
// the moves clear the board).
std::string describe_frame(const BoardReplay& replay, std::size_t frame);

}  // namespace colorwalk
