#include "game/sources.hpp"

#include <cmath>

namespace colorwalk {

double ArticlesSource::draw(std::uint64_t seed) noexcept {
  // JavaScript: x = Math.sin(seed++) * 10000; return x - Math.floor(x);
  const double x = std::sin(static_cast<double>(seed)) * 10000.0;
  return x - std::floor(x);
}

Board ArticlesSource::board(std::size_t index) const {
  constexpr std::uint32_t kCells = kWidth * kHeight;
  std::vector<Color> cells(kCells);
  const std::uint64_t first_seed = std::uint64_t{kCells} * index + 1;
  for (std::uint32_t i = 0; i < kCells; ++i)
    cells[i] = static_cast<Color>(std::floor(draw(first_seed + i) * kColors));
  return Board::make(kWidth, kHeight, std::move(cells), std::string(kSymbols.substr(0, kColors)));
}

std::string ArticlesSource::describe() const {
  return "articles " + std::to_string(count_);
}

RandomSource::RandomSource(std::size_t count, std::uint64_t seed, std::uint32_t width,
                           std::uint32_t height, std::uint32_t colors)
    : count_(count), seed_(seed), width_(width), height_(height), colors_(colors) {
  Board::check_size(width, height);
  if (colors < kMinColors || colors > kMaxColors)
    throw BoardError("--colors must be between " + std::to_string(kMinColors) + " and " +
                     std::to_string(kMaxColors) + ", got " + std::to_string(colors));
}

Board RandomSource::board(std::size_t index) const {
  std::vector<Color> cells(std::size_t{width_} * height_);
  std::uint64_t state = seed_ + index;
  for (Color& cell : cells)
    cell = static_cast<Color>(splitmix64_next(state) % colors_);
  return Board::make(width_, height_, std::move(cells), std::string(kSymbols.substr(0, colors_)));
}

std::string RandomSource::describe() const {
  return "random " + std::to_string(count_) + " seed " + std::to_string(seed_) + " " +
         std::to_string(width_) + "x" + std::to_string(height_) + "x" + std::to_string(colors_);
}

std::string FileSource::describe() const {
  return path_;
}

}  // namespace colorwalk
