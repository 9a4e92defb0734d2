#include "game/board.hpp"

#include <algorithm>
#include <charconv>

#include "game/wording.hpp"

namespace colorwalk {

std::optional<char> normalize_symbol(char c) noexcept {
  if (c >= '0' && c <= '9') return c;
  if (c >= 'a' && c <= 'z') return c;
  if (c >= 'A' && c <= 'Z') return static_cast<char>(c - 'A' + 'a');
  return std::nullopt;
}

std::string_view to_string(Rules rules) noexcept {
  return rules == Rules::kFloodIt ? "flood-it" : "color-walk";
}

std::optional<Rules> parse_rules(std::string_view text) noexcept {
  if (text == "color-walk") return Rules::kColorWalk;
  if (text == "flood-it") return Rules::kFloodIt;
  return std::nullopt;
}

namespace {

std::optional<std::uint32_t> parse_uint(std::string_view text) noexcept {
  std::uint32_t value = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc{} || ptr != end || text.empty()) return std::nullopt;
  return value;
}

}  // namespace

std::optional<StartSpec> StartSpec::parse(std::string_view text) noexcept {
  if (text == "center" || text == "centre") return StartSpec{Kind::kCenter, {}};
  if (text == "top-left") return StartSpec{Kind::kTopLeft, {}};
  const auto comma = text.find(',');
  if (comma == std::string_view::npos) return std::nullopt;
  const auto row = parse_uint(text.substr(0, comma));
  const auto col = parse_uint(text.substr(comma + 1));
  if (!row || !col) return std::nullopt;
  return StartSpec{Kind::kAt, {*row, *col}};
}

CellPos StartSpec::resolve(std::uint32_t width, std::uint32_t height) const noexcept {
  switch (kind) {
    case Kind::kCenter:
      return {height / 2, width / 2};
    case Kind::kAt:
      return at;
    case Kind::kTopLeft:
      break;
  }
  return {0, 0};
}

void Board::check_size(std::uint64_t width, std::uint64_t height) {
  if (width == 0 || height == 0)
    throw BoardError("board has zero size (" + std::to_string(width) + "x" +
                     std::to_string(height) + ")");
  if (width > kMaxSide || height > kMaxSide || width * height > kMaxCells)
    throw BoardError("board of " + std::to_string(width) + "x" + std::to_string(height) +
                     " cells is over the limit (at most " + std::to_string(kMaxSide) +
                     " per side and " + std::to_string(kMaxCells) + " cells)");
}

Board Board::make(std::uint32_t width, std::uint32_t height, std::vector<Color> cells,
                  std::string palette, Rules rules, CellPos start) {
  check_size(width, height);
  if (cells.size() != std::uint64_t{width} * height)
    throw BoardError("board has " + plural(cells.size(), "cell") + ", expected " +
                     std::to_string(std::uint64_t{width} * height));
  if (palette.size() < kMinColors)
    throw BoardError("board uses only " + std::to_string(palette.size()) +
                     " color; at least 2 are needed");
  if (palette.size() > kMaxColors)
    throw BoardError("board uses " + std::to_string(palette.size()) + " colors; at most " +
                     std::to_string(kMaxColors) + " are supported");
  for (std::size_t i = 0; i < palette.size(); ++i) {
    const auto symbol = normalize_symbol(palette[i]);
    if (!symbol || *symbol != palette[i])
      throw BoardError(std::string("palette symbol '") + palette[i] + "' is not one of 0-9, a-z");
    if (palette.find(palette[i], i + 1) != std::string::npos)
      throw BoardError(std::string("palette symbol '") + palette[i] + "' appears twice");
  }
  const auto bad =
      std::find_if(cells.begin(), cells.end(), [&](Color c) { return c >= palette.size(); });
  if (bad != cells.end())
    throw BoardError("cell " + std::to_string(bad - cells.begin()) + " has color " +
                     std::to_string(*bad) + ", outside the " + std::to_string(palette.size()) +
                     " colors of the board");
  Board board;
  board.width_ = width;
  board.height_ = height;
  board.cells_ = std::move(cells);
  board.palette_ = std::move(palette);
  board.set_rules(rules, start);
  return board;
}

std::optional<Color> Board::color_of(char symbol) const noexcept {
  const auto normal = normalize_symbol(symbol);
  if (!normal) return std::nullopt;
  const auto pos = palette_.find(*normal);
  if (pos == std::string::npos) return std::nullopt;
  return static_cast<Color>(pos);
}

void Board::set_rules(Rules rules, CellPos start) {
  if (start.row >= height_ || start.col >= width_)
    throw BoardError("start cell (" + std::to_string(start.row) + "," + std::to_string(start.col) +
                     ") is off the " + std::to_string(width_) + "x" + std::to_string(height_) +
                     " board");
  rules_ = rules;
  start_ = start;
}

std::string moves_to_string(const Board& board, const std::vector<Color>& moves) {
  std::string out;
  out.reserve(moves.size());
  for (Color c : moves)
    out.push_back(c < board.colors() ? board.symbol(c) : '?');
  return out;
}

}  // namespace colorwalk
