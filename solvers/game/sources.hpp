// Board sources: random access to board i of a sequence (docs/game.md).
//
// Generated sources make any board from its index alone, so a batch of a
// million boards holds none of them in memory and every thread count sees the
// same boards. A file source holds the boards it has fully read.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "game/board.hpp"
#include "game/board_io.hpp"

namespace colorwalk {

// The rules and start a source's board files state, and where.
struct StatedRules {
  std::string rules;  // "color-walk" or "flood-it"; empty: not stated
  std::string rules_file;
  std::string start;  // "ROW,COL" or "center"; empty: not stated
  std::string start_file;
};

class BoardSource {
 public:
  virtual ~BoardSource() = default;
  virtual std::size_t size() const = 0;
  // Board `index` (0-based, < size()), with colour-walk rules and a top-left start.
  virtual Board board(std::size_t index) const = 0;
  // A short description for reports, such as "articles 100".
  virtual std::string describe() const = 0;
  // Board `index`'s own name where it has one (boards read from several
  // files are named by their file), else "".
  virtual std::string name(std::size_t) const { return {}; }
  // The optimal move count its file states for board `index`, if any.
  virtual std::optional<std::uint32_t> stated_optimum(std::size_t) const { return std::nullopt; }
  // The rules and start the source's files state in their headers
  // (BoardHeader), with the file that states each; empty where none does.
  virtual StatedRules stated_rules() const { return {}; }
};

// The articles' boards: 30x20, 5 colours, drawn from frac(sin(seed) * 10000)
// with seed = 1, 2, ... and 600 draws per board. Cell 0 holds the colour of
// the draw that the articles made and discarded for the blank start cell.
class ArticlesSource final : public BoardSource {
 public:
  static constexpr std::uint32_t kWidth = 30;
  static constexpr std::uint32_t kHeight = 20;
  static constexpr std::uint32_t kColors = 5;
  static constexpr std::size_t kBoards = 100;  // the articles' boards: counts above are refused

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
// at state seed + i, colour = output % colors; a board of one colour is
// drawn again from where the draws stopped, until it has two.
class RandomSource final : public BoardSource {
 public:
  // Throws BoardError when the size or colour count is out of range, or the
  // board has fewer cells than a board needs colours.
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

// Boards read from files (all of them, validated, before any is used), in
// the order of the files and, within a file, of its boards. A board is
// named by its file's name, with ":K" (K from 0) when the file holds more
// than one board.
class FileSource final : public BoardSource {
 public:
  // The boards of one file.
  FileSource(std::string path, std::vector<Board> boards);
  // The boards of several files read with read_board_file/load_board_file;
  // `description` is what describe() returns. Throws InputError when two
  // files state different rules or starts in their headers.
  FileSource(std::string description, const std::vector<std::string>& paths,
             std::vector<BoardFile> files);

  std::size_t size() const override { return boards_.size(); }
  Board board(std::size_t index) const override { return boards_[index]; }
  std::string describe() const override;
  std::string name(std::size_t index) const override { return names_[index]; }
  std::optional<std::uint32_t> stated_optimum(std::size_t index) const override {
    return optima_[index];
  }
  StatedRules stated_rules() const override { return stated_; }

 private:
  std::string description_;
  StatedRules stated_;
  std::vector<Board> boards_;
  std::vector<std::string> names_;
  std::vector<std::optional<std::uint32_t>> optima_;
};

// The boards of `paths`: files, and directories standing for the regular
// files directly inside them (in name order; names starting with '.' are
// skipped). Each file in `format`, or in the format its text shows when
// none is given (detect_format). Throws InputError naming the file (and
// line) for a path that is missing, unreadable or malformed, and for a
// directory with no files, and for files that together hold more than
// `bound` (ReadBound, game/board_io.hpp).
std::unique_ptr<FileSource> load_file_source(const std::vector<std::string>& paths,
                                             std::optional<BoardFormat> format,
                                             ReadBound bound = {});

// One step of splitmix64: advances `state` and returns the next output.
constexpr std::uint64_t splitmix64_next(std::uint64_t& state) noexcept {
  state += 0x9E3779B97F4A7C15ull;
  std::uint64_t z = state;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

}  // namespace colorwalk
