// Shared pieces of the fuzz targets: a check that aborts (libFuzzer saves
// the input that made it fail), and the independent oracle the engine is
// compared with: a naive cell-by-cell flood fill that knows nothing of
// clusters, bitsets or marker states.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <vector>

#include "game/board.hpp"

#define FUZZ_CHECK(condition)                                                            \
  do {                                                                                   \
    if (!(condition)) {                                                                  \
      std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #condition); \
      std::abort();                                                                      \
    }                                                                                    \
  } while (false)

namespace colorwalk::fuzz {

// The region as one flag per cell, grown cell by cell.
class FloodFill {
 public:
  explicit FloodFill(const Board& b)
      : w_(b.width()),
        h_(b.height()),
        colors_(b.colors()),
        cells_(b.cells()),
        in_(b.cell_count(), 0) {
    in_[b.start_index()] = 1;
    count_ = 1;
    if (b.rules() == Rules::kFloodIt) grow(cells_[b.start_index()]);
  }

  // Adds every cell of colour c joined to the region through colour-c
  // cells; returns how many were added (0 for a colour the board lacks).
  std::uint32_t play(Color c) { return c < colors_ ? grow(c) : 0; }

  bool in(std::uint32_t cell) const { return in_[cell] != 0; }
  std::uint32_t count() const { return count_; }
  bool cleared() const { return count_ == in_.size(); }
  Color color(std::uint32_t cell) const { return cells_[cell]; }

  // True when the cell is outside the region and next to it.
  bool borders(std::uint32_t cell) const {
    if (in_[cell]) return false;
    const std::uint32_t r = cell / w_;
    const std::uint32_t col = cell % w_;
    return (col > 0 && in_[cell - 1]) || (col + 1 < w_ && in_[cell + 1]) ||
           (r > 0 && in_[cell - w_]) || (r + 1 < h_ && in_[cell + w_]);
  }

 private:
  // Breadth-first from the colour-c cells next to the region, through
  // colour-c cells.
  std::uint32_t grow(Color c) {
    std::vector<std::uint32_t> queue;
    for (std::uint32_t i = 0; i < in_.size(); ++i)
      if (cells_[i] == c && borders(i)) queue.push_back(i);
    for (const std::uint32_t i : queue)
      in_[i] = 1;
    for (std::size_t head = 0; head < queue.size(); ++head) {
      const std::uint32_t i = queue[head];
      const std::uint32_t r = i / w_;
      const std::uint32_t col = i % w_;
      auto visit = [&](std::uint32_t j) {
        if (in_[j] == 0 && cells_[j] == c) {
          in_[j] = 1;
          queue.push_back(j);
        }
      };
      if (col > 0) visit(i - 1);
      if (col + 1 < w_) visit(i + 1);
      if (r > 0) visit(i - w_);
      if (r + 1 < h_) visit(i + w_);
    }
    const auto added = static_cast<std::uint32_t>(queue.size());
    count_ += added;
    return added;
  }

  std::uint32_t w_;
  std::uint32_t h_;
  std::uint32_t colors_;
  std::vector<Color> cells_;
  std::vector<std::uint8_t> in_;
  std::uint32_t count_ = 0;
};

// What replaying `moves` must give, worked out on the flood fill: strict
// replay stops at the first move that adds nothing; lenient replay passes
// over such moves while cells are left; both stop at a colour the board
// does not have.
struct ExpectedReplay {
  bool ok = false;
  std::size_t moves_played = 0;
  std::uint32_t cells_left = 0;
};

inline ExpectedReplay expected_replay(const Board& board, std::span<const Color> moves,
                                      bool lenient) {
  FloodFill fill(board);
  ExpectedReplay e;
  bool stopped = false;
  for (const Color c : moves) {
    if (c >= board.colors()) {
      stopped = true;
      break;
    }
    const bool was_cleared = fill.cleared();
    if (fill.play(c) == 0 && (!lenient || was_cleared)) {
      stopped = true;
      break;
    }
    ++e.moves_played;
  }
  e.cells_left = board.cell_count() - fill.count();
  e.ok = !stopped && fill.cleared();
  return e;
}

}  // namespace colorwalk::fuzz
