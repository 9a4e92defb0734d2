// The 15-puzzle as a libsearch domain: tiles 1..15 and the blank (0) on a
// 4 x 4 board, a move slides a tile into the blank. The goal is tiles 0..15
// row by row, the blank in the top-left corner (the layout of Korf's 100
// instances, ../shared/datasets/korf100.txt).
//
// A state is the 16 cells at 4 bits each in one word, with the blank's cell
// and the Manhattan distance beside it. apply() updates the distance by the
// one tile it moves (two table reads), so lower_bound() is a field read: the
// incremental evaluation a hand-written solver would use. keep_move() drops
// the move that undoes the last one (it only leads back to the parent), as
// every 15-puzzle solver does.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>

#include "search/domain.hpp"

namespace examples {

class FifteenPuzzle {
 public:
  static constexpr int kSide = 4;
  static constexpr std::size_t kCells = 16;

  struct State {
    std::uint64_t cells = 0;  // nibble i: the tile in cell i (0: the blank)
    std::uint8_t blank = 0;   // the blank's cell
    std::uint8_t h = 0;       // Manhattan distance of the tiles to their goal cells
    friend bool operator==(const State&, const State&) = default;
  };
  // The direction the blank moves. The numbering makes 3 - m the inverse of m.
  using Move = std::uint8_t;
  static constexpr Move kUp = 0, kLeft = 1, kRight = 2, kDown = 3;
  static constexpr std::size_t kMaxMoves = 4;

  // The state with `tiles` (cell by cell, row by row; 0 the blank).
  static State make(std::span<const int, kCells> tiles) {
    State s;
    for (std::size_t i = 0; i < kCells; ++i) {
      s.cells |= static_cast<std::uint64_t>(tiles[i]) << (4 * i);
      if (tiles[i] == 0) s.blank = static_cast<std::uint8_t>(i);
    }
    s.h = manhattan(s.cells);
    return s;
  }
  static State goal() {
    State s;
    s.cells = kGoalCells;
    return s;
  }
  static int tile(const State& s, std::size_t cell) {
    return static_cast<int>((s.cells >> (4 * cell)) & 15);
  }

  void moves(const State& s, search::MoveList<Move, kMaxMoves>& out) const {
    const int row = s.blank / kSide;
    const int col = s.blank % kSide;
    if (row > 0) out.push_back(kUp);
    if (col > 0) out.push_back(kLeft);
    if (col < kSide - 1) out.push_back(kRight);
    if (row < kSide - 1) out.push_back(kDown);
  }

  // The tile beside the blank in direction m moves into the blank's cell.
  bool apply(State& s, Move m) const {
    const auto to = static_cast<std::size_t>(s.blank + kDelta[m]);
    const std::uint64_t t = (s.cells >> (4 * to)) & 15;
    s.cells ^= (t << (4 * to)) | (t << (4 * s.blank));
    s.h = static_cast<std::uint8_t>(s.h + kDistance[t][s.blank] - kDistance[t][to]);
    s.blank = static_cast<std::uint8_t>(to);
    return true;
  }
  bool keep_move(const State&, Move last, Move m) const { return m != 3 - last; }
  bool is_goal(const State& s) const { return s.cells == kGoalCells; }
  std::uint32_t lower_bound(const State& s) const { return s.h; }

  // Stored searches keep the cells; the blank and the distance are recomputed.
  std::size_t packed_words() const { return 1; }
  void pack(const State& s, std::span<search::Word> out) const { out[0] = s.cells; }
  void unpack(std::span<const search::Word> in, State& s) const {
    s.cells = in[0];
    for (std::size_t i = 0; i < kCells; ++i)
      if (tile(s, i) == 0) s.blank = static_cast<std::uint8_t>(i);
    s.h = manhattan(s.cells);
  }

  // The sum over tiles 1..15 of the rows plus columns between each tile and its goal cell.
  static std::uint8_t manhattan(std::uint64_t cells) {
    int sum = 0;
    for (std::size_t i = 0; i < kCells; ++i)
      sum += kDistance[(cells >> (4 * i)) & 15][i];
    return static_cast<std::uint8_t>(sum);
  }

 private:
  static constexpr std::array<int, 4> kDelta = {-kSide, -1, 1, kSide};

  static constexpr std::uint64_t kGoalCells = [] {
    std::uint64_t cells = 0;
    for (std::size_t t = 0; t < kCells; ++t)
      cells |= static_cast<std::uint64_t>(t) << (4 * t);
    return cells;
  }();

  // kDistance[t][c]: Manhattan distance of tile t in cell c from its goal
  // cell t (0 for the blank, which the bound does not count).
  static constexpr std::array<std::array<std::uint8_t, kCells>, kCells> kDistance = [] {
    std::array<std::array<std::uint8_t, kCells>, kCells> d{};
    for (std::size_t t = 1; t < kCells; ++t)
      for (std::size_t c = 0; c < kCells; ++c) {
        const int rows = static_cast<int>(t / 4) - static_cast<int>(c / 4);
        const int cols = static_cast<int>(t % 4) - static_cast<int>(c % 4);
        d[t][c] = static_cast<std::uint8_t>((rows < 0 ? -rows : rows) + (cols < 0 ? -cols : cols));
      }
    return d;
  }();
};

static_assert(search::StorableDomain<FifteenPuzzle> && search::HasLowerBound<FifteenPuzzle> &&
              search::HasMoveFilter<FifteenPuzzle>);

}  // namespace examples
