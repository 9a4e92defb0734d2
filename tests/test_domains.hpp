// Non-Color-Walk domains for testing libsearch: the 8-puzzle (with the
// Manhattan-distance bound) and a chain of N states for deep DFS.
#pragma once

#include <array>
#include <cstdint>
#include <cstdlib>
#include <span>

#include "search/domain.hpp"

namespace testdomains {

// 8-puzzle: tiles 1..8 and the blank 0 on a 3x3 grid, goal 1 2 3 / 4 5 6 / 7 8 0.
// A state packs 4 bits per cell into one word; moves move the blank.
class EightPuzzle {
 public:
  struct State {
    std::uint64_t cells = 0;  // nibble i holds the tile in cell i
    std::uint8_t blank = 0;
    friend bool operator==(const State&, const State&) = default;
  };
  using Move = std::uint8_t;  // 0 up, 1 down, 2 left, 3 right (direction the blank moves)
  static constexpr std::size_t kMaxMoves = 4;

  static State make(const std::array<int, 9>& tiles) {
    State s;
    for (int i = 0; i < 9; ++i) {
      s.cells |= std::uint64_t(tiles[i]) << (4 * i);
      if (tiles[i] == 0) s.blank = static_cast<std::uint8_t>(i);
    }
    return s;
  }
  static State goal() { return make({1, 2, 3, 4, 5, 6, 7, 8, 0}); }
  static int tile(const State& s, int i) { return static_cast<int>((s.cells >> (4 * i)) & 15); }

  void moves(const State& s, search::MoveList<Move, kMaxMoves>& out) const {
    const int r = s.blank / 3;
    const int c = s.blank % 3;
    if (r > 0) out.push_back(0);
    if (r < 2) out.push_back(1);
    if (c > 0) out.push_back(2);
    if (c < 2) out.push_back(3);
  }
  bool apply(State& s, Move m) const {
    static constexpr int kDelta[4] = {-3, 3, -1, 1};
    const int to = s.blank + kDelta[m];
    const std::uint64_t t = (s.cells >> (4 * to)) & 15;
    s.cells &= ~(std::uint64_t{15} << (4 * to));
    s.cells |= t << (4 * s.blank);
    s.blank = static_cast<std::uint8_t>(to);
    return true;
  }
  bool is_goal(const State& s) const { return s.cells == goal().cells; }
  std::size_t packed_words() const { return 1; }
  void pack(const State& s, std::span<search::Word> out) const { out[0] = s.cells; }
  void unpack(std::span<const search::Word> in, State& s) const {
    s.cells = in[0];
    for (int i = 0; i < 9; ++i)
      if (tile(s, i) == 0) s.blank = static_cast<std::uint8_t>(i);
  }
  std::uint32_t lower_bound(const State& s) const {
    int sum = 0;
    for (int i = 0; i < 9; ++i) {
      const int t = tile(s, i);
      if (t == 0) continue;
      sum += std::abs(i / 3 - (t - 1) / 3) + std::abs(i % 3 - (t - 1) % 3);
    }
    return static_cast<std::uint32_t>(sum);
  }
};

// A chain 0 -> 1 -> ... -> length; one move, the goal is the end.
class Chain {
 public:
  using State = std::uint32_t;
  using Move = std::uint8_t;
  static constexpr std::size_t kMaxMoves = 1;

  explicit Chain(std::uint32_t length) : length_(length) {}
  void moves(const State& s, search::MoveList<Move, kMaxMoves>& out) const {
    if (s < length_) out.push_back(0);
  }
  bool apply(State& s, Move) const {
    if (s >= length_) return false;
    ++s;
    return true;
  }
  bool is_goal(const State& s) const { return s == length_; }
  std::size_t packed_words() const { return 1; }
  void pack(const State& s, std::span<search::Word> out) const { out[0] = s; }
  void unpack(std::span<const search::Word> in, State& s) const { s = static_cast<State>(in[0]); }

 private:
  std::uint32_t length_;
};

static_assert(search::Domain<EightPuzzle> && search::HasLowerBound<EightPuzzle>);
static_assert(search::Domain<Chain> && !search::HasLowerBound<Chain>);

}  // namespace testdomains
