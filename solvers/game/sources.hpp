// Board sources: random access to board i of a sequence (docs/game.md).
//
// Generated sources make any board from its index alone, so a batch of a
// million boards holds none of them in memory and every thread count sees the
// same boards. A file source holds the boards it has fully read.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "game/board.hpp"

namespace colorwalk {

class BoardSource {
 public:
  virtual ~BoardSource() = default;
  virtual std::size_t size() const = 0;
  // Board `index` (0-based, < size()), with colour-walk rules and a top-left start.
  virtual Board board(std::size_t index) const = 0;
  // A short description for reports, such as "articles 100".
  virtual std::string describe() const = 0;
};

// The articles' boards: 30x20, 5 colours, drawn from frac(sin(seed) * 10000)
// with seed = 1, 2, ... and 600 draws per board. Cell 0 holds the colour of
// the draw that the articles made and discarded for the blank start cell.
class ArticlesSource final : public BoardSource {
 public:
  static constexpr std::uint32_t kWidth = 30;
  static constexpr std::uint32_t kHeight = 20;
  static constexpr std::uint32_t kColors = 5;

  explicit ArticlesSource(std::size_t count) : count_(count) {}
  std::size_t size() const override { return count_; }
  Board board(std::size_t index) const override;
  std::string describe() const override;

  // The articles' random(): frac(sin(seed) * 10000) for the given seed.
  static double draw(std::uint64_t seed) noexcept;

 private:
  std::size_t count_;
};

// Seeded random boards: board i is filled row-major from splitmix64 started
// at state seed + i, colour = output % colors.
class RandomSource final : public BoardSource {
 public:
  // Throws BoardError when the size or colour count is out of range.
  RandomSource(std::size_t count, std::uint64_t seed, std::uint32_t width, std::uint32_t height,
               std::uint32_t colors);
  std::size_t size() const override { return count_; }
  Board board(std::size_t index) const override;
  std::string describe() const override;

 private:
  std::size_t count_;
  std::uint64_t seed_;
  std::uint32_t width_;
  std::uint32_t height_;
  std::uint32_t colors_;
};

// Boards read from a file (all of them, validated, before any is used).
class FileSource final : public BoardSource {
 public:
  FileSource(std::string path, std::vector<Board> boards)
      : path_(std::move(path)), boards_(std::move(boards)) {}
  std::size_t size() const override { return boards_.size(); }
  Board board(std::size_t index) const override { return boards_[index]; }
  std::string describe() const override;

 private:
  std::string path_;
  std::vector<Board> boards_;
};

// One step of splitmix64: advances `state` and returns the next output.
constexpr std::uint64_t splitmix64_next(std::uint64_t& state) noexcept {
  state += 0x9E3779B97F4A7C15ull;
  std::uint64_t z = state;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

}  // namespace colorwalk
