// A Color Walk / Flood-It board: a width x height grid of colour indices, the
// symbols those colours are written with, the rule set and the start cell.
//
// Invariants (checked by Board::make before anything large is allocated):
//   1 <= width, height <= kMaxSide, width * height <= kMaxCells;
//   2 <= colors() <= kMaxColors, and every cell holds a colour < colors();
//   palette symbols are distinct lower-case characters of kSymbols;
//   the start cell lies on the board.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "game/user_error.hpp"

namespace colorwalk {

using Color = std::uint8_t;

inline constexpr std::uint32_t kMinColors = 2;
inline constexpr std::uint32_t kMaxColors = 36;
inline constexpr std::uint64_t kMaxSide = 4096;
inline constexpr std::uint64_t kMaxCells = std::uint64_t{1} << 22;  // 4,194,304 (2048 x 2048)

// Every symbol a board may use, in colour-index order for generated boards.
inline constexpr std::string_view kSymbols = "0123456789abcdefghijklmnopqrstuvwxyz";

// The symbol for a character (case-insensitive), or nullopt if it is none.
std::optional<char> normalize_symbol(char c) noexcept;

enum class Rules : std::uint8_t {
  kColorWalk,  // the start cell is blank: in the region from the start, with no colour
  kFloodIt,    // the region starts as the start cell's whole cluster
};

std::string_view to_string(Rules rules) noexcept;
std::optional<Rules> parse_rules(std::string_view text) noexcept;

struct CellPos {
  std::uint32_t row = 0;
  std::uint32_t col = 0;
  friend bool operator==(const CellPos&, const CellPos&) = default;
};

// How the start cell is chosen for a run: top-left, centre, or a fixed cell.
struct StartSpec {
  enum class Kind : std::uint8_t { kTopLeft, kCenter, kAt } kind = Kind::kTopLeft;
  CellPos at{};

  // Parses "ROW,COL", "center"/"centre" or "top-left"; nullopt if malformed.
  static std::optional<StartSpec> parse(std::string_view text) noexcept;
  CellPos resolve(std::uint32_t width, std::uint32_t height) const noexcept;
};

// A board that breaks the invariants; the message says which and why.
class BoardError : public UserError {
 public:
  using UserError::UserError;
};

class Board {
 public:
  // Validates and builds. `palette[k]` is the symbol of colour k. Throws
  // BoardError when a size, colour count, cell value or start is out of range.
  static Board make(std::uint32_t width, std::uint32_t height, std::vector<Color> cells,
                    std::string palette, Rules rules = Rules::kColorWalk, CellPos start = {});

  // Checks the size limits alone (used before reading or generating cells).
  static void check_size(std::uint64_t width, std::uint64_t height);

  std::uint32_t width() const noexcept { return width_; }
  std::uint32_t height() const noexcept { return height_; }
  std::uint32_t cell_count() const noexcept { return width_ * height_; }
  std::uint32_t colors() const noexcept { return static_cast<std::uint32_t>(palette_.size()); }
  const std::vector<Color>& cells() const noexcept { return cells_; }
  Color at(std::uint32_t row, std::uint32_t col) const noexcept {
    return cells_[row * width_ + col];
  }
  const std::string& palette() const noexcept { return palette_; }
  char symbol(Color c) const noexcept { return palette_[c]; }
  // The colour a symbol stands for on this board, or nullopt.
  std::optional<Color> color_of(char symbol) const noexcept;

  Rules rules() const noexcept { return rules_; }
  CellPos start() const noexcept { return start_; }
  std::uint32_t start_index() const noexcept { return start_.row * width_ + start_.col; }
  // Changes the rules and the start cell; throws BoardError if the cell is off the board.
  void set_rules(Rules rules, CellPos start);
  void set_rules(Rules rules, const StartSpec& start) {
    set_rules(rules, start.resolve(width_, height_));
  }

  friend bool operator==(const Board&, const Board&) = default;

 private:
  Board() = default;

  std::uint32_t width_ = 0;
  std::uint32_t height_ = 0;
  std::vector<Color> cells_;
  std::string palette_;
  Rules rules_ = Rules::kColorWalk;
  CellPos start_{};
};

// Writes a move sequence with the board's symbols.
std::string moves_to_string(const Board& board, const std::vector<Color>& moves);

}  // namespace colorwalk
