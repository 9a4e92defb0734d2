#include "game/sources.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>

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
  if (std::uint64_t{width} * height < kMinColors)
    throw BoardError("a " + std::to_string(width) + "x" + std::to_string(height) +
                     " board has no room for " + std::to_string(kMinColors) +
                     " colors (a board file of it would be refused): give --size with at "
                     "least " +
                     std::to_string(kMinColors) + " cells");
  if (colors < kMinColors || colors > kMaxColors)
    throw BoardError("--colors must be between " + std::to_string(kMinColors) + " and " +
                     std::to_string(kMaxColors) + ", got " + std::to_string(colors));
}

Board RandomSource::board(std::size_t index) const {
  std::vector<Color> cells(std::size_t{width_} * height_);
  std::uint64_t state = seed_ + index;
  // A board of one colour would be refused as a file: draw it again, on from
  // the same state, until it has two. A board of two or more is as drawn.
  do {
    for (Color& cell : cells)
      cell = static_cast<Color>(splitmix64_next(state) % colors_);
  } while (std::all_of(cells.begin(), cells.end(), [&](Color c) { return c == cells[0]; }));
  return Board::make(width_, height_, std::move(cells), std::string(kSymbols.substr(0, colors_)));
}

std::string RandomSource::describe() const {
  return "random " + std::to_string(count_) + " seed " + std::to_string(seed_) + " " +
         std::to_string(width_) + "x" + std::to_string(height_) + "x" + std::to_string(colors_);
}

namespace {

std::string base_name(const std::string& path) {
  return std::filesystem::path(path).filename().string();
}

}  // namespace

FileSource::FileSource(std::string path, std::vector<Board> boards)
    : description_(std::move(path)), boards_(std::move(boards)) {
  const std::string base = base_name(description_);
  for (std::size_t i = 0; i < boards_.size(); ++i)
    names_.push_back(boards_.size() == 1 ? base : base + ":" + std::to_string(i));
  optima_.assign(boards_.size(), std::nullopt);
}

FileSource::FileSource(std::string description, const std::vector<std::string>& paths,
                       std::vector<BoardFile> files)
    : description_(std::move(description)) {
  for (std::size_t f = 0; f < files.size(); ++f) {
    const std::string base = base_name(paths[f]);
    const std::size_t count = files[f].boards.size();
    const auto take = [&](const std::string& stated, std::string& kept, std::string& kept_file,
                          const char* what) {
      if (stated.empty()) return;
      if (!kept.empty() && kept != stated)
        throw InputError(paths[f], 1,
                         std::string("states ") + what + "=" + stated + " but " + kept_file +
                             " states " + what + "=" + kept +
                             "; solve boards of different rules or starts in separate runs");
      if (kept.empty()) {
        kept = stated;
        kept_file = paths[f];
      }
    };
    take(files[f].stated_rules, stated_.rules, stated_.rules_file, "rules");
    take(files[f].stated_start, stated_.start, stated_.start_file, "start");
    for (std::size_t i = 0; i < count; ++i) {
      boards_.push_back(std::move(files[f].boards[i]));
      names_.push_back(count == 1 ? base : base + ":" + std::to_string(i));
      optima_.push_back(files[f].stated_optima[i]);
    }
  }
}

std::string FileSource::describe() const {
  return description_;
}

std::unique_ptr<FileSource> load_file_source(const std::vector<std::string>& paths,
                                             std::optional<BoardFormat> format,
                                             ReadBound bound) {
  namespace fs = std::filesystem;
  std::vector<std::string> files;
  for (const std::string& path : paths) {
    std::error_code ec;
    if (!fs::is_directory(path, ec)) {
      files.push_back(path);
      continue;
    }
    std::vector<std::string> inside;
    for (fs::directory_iterator it(path, ec), end; !ec && it != end; it.increment(ec)) {
      const std::string leaf = it->path().filename().string();
      std::error_code type_ec;
      if (!leaf.starts_with('.') && it->is_regular_file(type_ec))
        inside.push_back(it->path().string());
    }
    if (ec) throw InputError(path, 0, "cannot read the directory: " + ec.message());
    if (inside.empty()) throw InputError(path, 0, "directory holds no board files");
    std::sort(inside.begin(), inside.end());
    files.insert(files.end(), inside.begin(), inside.end());
  }
  std::vector<BoardFile> read;
  read.reserve(files.size());
  for (const std::string& file : files)
    read.push_back(load_board_file(file, format, &bound));
  std::string description;
  for (const std::string& path : paths)
    description += (description.empty() ? "" : " ") + path;
  return std::make_unique<FileSource>(description, files, std::move(read));
}

}  // namespace colorwalk
