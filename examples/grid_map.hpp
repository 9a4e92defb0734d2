// A grid map with walls as a libsearch domain: find a cheapest path from a
// start cell to a goal cell, moving 4-connected (north, west, east, south)
// or 8-connected (the diagonals too). Straight steps cost 10 and diagonal
// steps 14 (about 10·√2, in integers as libsearch's costs are); a diagonal
// step may not cut a wall's corner, as in the Moving AI grid benchmarks.
//
// The map holds its goal cell, so a domain object is one query's map; the
// lower bound is the distance on an empty grid, which is admissible and
// consistent: 10 per step of Manhattan distance when 4-connected, the
// octile distance 10·(long − short) + 14·short when 8-connected. A state
// is the cell's index, packed into one word. keep_move() drops the step
// that undoes the last one (it leads back to the parent).
//
// Text form, one string per row: '.' is free, any other character a wall
// except 'S' and 'G', which are free and mark the start and the goal.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "search/domain.hpp"

namespace examples {

class GridMap {
 public:
  enum class Connectivity : std::uint8_t { kFour, kEight };

  struct State {
    std::uint32_t cell = 0;  // row * width + column
    friend bool operator==(const State&, const State&) = default;
  };
  // 0 north, 1 west, 2 east, 3 south, then 4 north-west, 5 north-east,
  // 6 south-west, 7 south-east: the inverse of m is 3 - m for a straight
  // step and 11 - m for a diagonal one.
  using Move = std::uint8_t;
  static constexpr std::size_t kMaxMoves = 8;
  static constexpr std::uint32_t kStraight = 10;
  static constexpr std::uint32_t kDiagonal = 14;

  // Throws std::invalid_argument for rows of unequal length or a map
  // without exactly one 'S' and one 'G'.
  GridMap(std::span<const std::string> rows, Connectivity connectivity)
      : connectivity_(connectivity) {
    height_ = static_cast<int>(rows.size());
    width_ = rows.empty() ? 0 : static_cast<int>(rows[0].size());
    int starts = 0;
    int goals = 0;
    for (int r = 0; r < height_; ++r) {
      const std::string& row = rows[static_cast<std::size_t>(r)];
      if (static_cast<int>(row.size()) != width_)
        throw std::invalid_argument("grid map: rows of different lengths");
      for (int c = 0; c < width_; ++c) {
        const char ch = row[static_cast<std::size_t>(c)];
        free_.push_back(ch == '.' || ch == 'S' || ch == 'G');
        if (ch == 'S') {
          start_.cell = index(r, c);
          ++starts;
        }
        if (ch == 'G') {
          goal_ = index(r, c);
          ++goals;
        }
      }
    }
    if (starts != 1 || goals != 1)
      throw std::invalid_argument("grid map: needs exactly one 'S' and one 'G'");
  }

  State start() const { return start_; }
  int width() const { return width_; }
  int height() const { return height_; }
  bool is_free(int row, int col) const {
    return row >= 0 && row < height_ && col >= 0 && col < width_ &&
           free_[static_cast<std::size_t>(index(row, col))];
  }

  void moves(const State& s, search::MoveList<Move, kMaxMoves>& out) const {
    const int r = row_of(s);
    const int c = col_of(s);
    for (Move m = 0; m < 4; ++m)
      if (is_free(r + kRow[m], c + kCol[m])) out.push_back(m);
    if (connectivity_ == Connectivity::kFour) return;
    for (Move m = 4; m < 8; ++m)  // both cells beside the diagonal free: no corner cut
      if (is_free(r + kRow[m], c + kCol[m]) && is_free(r + kRow[m], c) && is_free(r, c + kCol[m]))
        out.push_back(m);
  }
  bool apply(State& s, Move m) const {
    s.cell = index(row_of(s) + kRow[m], col_of(s) + kCol[m]);
    return true;
  }
  bool keep_move(const State&, Move last, Move m) const {
    return last < 4 ? m != 3 - last : m != 11 - last;
  }
  bool is_goal(const State& s) const { return s.cell == goal_; }
  std::uint32_t edge_cost(const State&, Move m) const { return m < 4 ? kStraight : kDiagonal; }

  std::uint32_t lower_bound(const State& s) const {
    const auto rows = static_cast<std::uint32_t>(std::abs(row_of(s) - goal_row()));
    const auto cols = static_cast<std::uint32_t>(std::abs(col_of(s) - goal_col()));
    if (connectivity_ == Connectivity::kFour) return kStraight * (rows + cols);
    const std::uint32_t diagonal = std::min(rows, cols);
    return kStraight * (std::max(rows, cols) - diagonal) + kDiagonal * diagonal;
  }

  std::size_t packed_words() const { return 1; }
  void pack(const State& s, std::span<search::Word> out) const { out[0] = s.cell; }
  void unpack(std::span<const search::Word> in, State& s) const {
    s.cell = static_cast<std::uint32_t>(in[0]);
  }

 private:
  static constexpr std::array<int, 8> kRow = {-1, 0, 0, 1, -1, -1, 1, 1};
  static constexpr std::array<int, 8> kCol = {0, -1, 1, 0, -1, 1, -1, 1};

  std::uint32_t index(int row, int col) const {
    return static_cast<std::uint32_t>(row * width_ + col);
  }
  int row_of(const State& s) const { return static_cast<int>(s.cell) / width_; }
  int col_of(const State& s) const { return static_cast<int>(s.cell) % width_; }
  int goal_row() const { return static_cast<int>(goal_) / width_; }
  int goal_col() const { return static_cast<int>(goal_) % width_; }

  Connectivity connectivity_;
  int width_ = 0;
  int height_ = 0;
  std::vector<bool> free_;
  State start_;
  std::uint32_t goal_ = 0;
};

static_assert(search::StorableDomain<GridMap> && search::HasLowerBound<GridMap> &&
              search::HasEdgeCost<GridMap> && search::HasMoveFilter<GridMap>);

}  // namespace examples
