#include "runs/experiment_file.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>

#include "registry/registry.hpp"

namespace colorwalk {

namespace {

constexpr std::string_view kKeys =
    "description, articles, random, seed, size, colors, boards, format, rules, start, "
    "solver-seed, solver, label, published, published-offset, optimal, group, part";

std::string trim(std::string_view text) {
  const auto first = text.find_first_not_of(" \t\r");
  if (first == std::string_view::npos) return {};
  const auto last = text.find_last_not_of(" \t\r");
  return std::string(text.substr(first, last - first + 1));
}

template <typename T>
std::optional<T> parse_integer(const std::string& text) {
  T value{};
  const char* end = text.data() + text.size();
  const auto [p, e] = std::from_chars(text.data(), end, value);
  if (e != std::errc{} || p != end || text.empty()) return std::nullopt;
  return value;
}

std::optional<double> parse_double(const std::string& text) {
  double value = 0;
  const char* end = text.data() + text.size();
  const auto [p, e] = std::from_chars(text.data(), end, value);
  if (e != std::errc{} || p != end || text.empty()) return std::nullopt;
  return value;
}

class Parser {
 public:
  explicit Parser(Experiment& e) : e_(e) {}

  void line(std::uint64_t number, const std::string& raw) {
    line_ = number;
    const std::string text = trim(raw);
    if (text.empty() || text[0] == '#') return;
    const auto eq = text.find('=');
    if (eq == std::string::npos) fail("expected KEY = VALUE, got '" + text + "'");
    const std::string key = trim(std::string_view(text).substr(0, eq));
    const std::string value = trim(std::string_view(text).substr(eq + 1));
    if (key.empty()) fail("expected KEY = VALUE, got '" + text + "'");
    if (value.empty()) fail("'" + key + "' has no value");
    if (key == "solver") return solver(value);
    if (key == "part") {
      if (value.find('/') != std::string::npos || value.find_first_of(" \t") != std::string::npos)
        fail("part needs the NAME of an experiment in the same folder, got '" + value + "'");
      if (std::find(e_.parts.begin(), e_.parts.end(), value) != e_.parts.end())
        fail("part '" + value + "' is listed twice");
      if (value == e_.name) fail("an experiment cannot be a part of itself");
      e_.parts.push_back(value);
      return;
    }
    if (key == "label" || key == "published" || key == "published-offset")
      return row_attribute(key, value);
    const auto [it, fresh] = seen_.emplace(key, number);
    if (!fresh)
      fail("'" + key + "' is given twice (first on line " + std::to_string(it->second) + ")");
    if (key == "description") {
      e_.description = value;
    } else if (key == "articles" || key == "random" || key == "boards") {
      source(key, value);
    } else if (key == "seed") {
      e_.seed = integer<std::uint64_t>(value, "seed");
    } else if (key == "size") {
      size(value);
    } else if (key == "colors") {
      const auto k = integer<std::uint32_t>(value, "colors");
      if (k < kMinColors || k > kMaxColors) fail("colors must be between 2 and 36, got " + value);
      e_.colors = k;
    } else if (key == "format") {
      const auto format = parse_format(value);
      if (!format) fail("format must be grid, line or flood-it-boards, got '" + value + "'");
      e_.format = *format;
    } else if (key == "rules") {
      const auto rules = parse_rules(value);
      if (!rules) fail("rules must be color-walk or flood-it, got '" + value + "'");
      e_.rules = *rules;
      e_.rules_text = value;
      e_.rules_given = true;
    } else if (key == "start") {
      const auto start = StartSpec::parse(value);
      if (!start) fail("start must be ROW,COL or center, got '" + value + "'");
      e_.start = *start;
      e_.start_text = value;
      e_.start_given = true;
    } else if (key == "optimal") {
      e_.optimal = value;
    } else if (key == "group") {
      if (value != "size") fail("group must be size, got '" + value + "'");
      e_.group_by_size = true;
    } else if (key == "solver-seed") {
      e_.solver_seed = integer<std::uint64_t>(value, "solver-seed");
    } else {
      fail("unknown key '" + key + "' (keys: " + std::string(kKeys) + ")");
    }
  }

  void finish() {
    line_ = 0;
    if (!e_.parts.empty()) {
      for (const auto& [key, line] : seen_)
        if (key != "description") fail_at(line, "'" + key + "' does not go with 'part' lines");
      if (!e_.rows.empty()) fail_at(e_.rows.front().line, "'solver' does not go with 'part' lines");
      return;
    }
    if (source_line_ == 0) fail("no board source: give one of articles, random and boards");
    if (e_.source != Experiment::SourceKind::kRandom) {
      for (const char* key : {"seed", "size", "colors"}) {
        if (seen_.count(key))
          fail_at(seen_[key], std::string("'") + key + "' applies to a random source only");
      }
    }
    if (e_.source != Experiment::SourceKind::kFile && seen_.count("format"))
      fail_at(seen_["format"], "'format' applies to a boards file only");
    if (e_.rows.empty()) fail("no 'solver = SPEC' line");
  }

 private:
  [[noreturn]] void fail(const std::string& problem) const {
    throw InputError(e_.path, line_, problem);
  }
  [[noreturn]] void fail_at(std::uint64_t line, const std::string& problem) const {
    throw InputError(e_.path, line, problem);
  }

  template <typename T>
  T integer(const std::string& value, const char* key) const {
    const auto n = parse_integer<T>(value);
    if (!n) fail(std::string(key) + " needs a whole number, got '" + value + "'");
    return *n;
  }

  void source(const std::string& key, const std::string& value) {
    if (source_line_ != 0)
      fail("a second board source ('" + key + "'; the first is on line " +
           std::to_string(source_line_) + "): give one of articles, random and boards");
    source_line_ = line_;
    if (key == "boards") {
      e_.source = Experiment::SourceKind::kFile;
      e_.boards = value;
      return;
    }
    e_.source =
        key == "articles" ? Experiment::SourceKind::kArticles : Experiment::SourceKind::kRandom;
    e_.count = integer<std::size_t>(value, key.c_str());
    if (e_.count == 0) fail(key + " needs at least 1 board");
    if (key == "articles" && e_.count > ArticlesSource::kBoards)
      fail("articles must be between 1 and " + std::to_string(ArticlesSource::kBoards) +
           " (the articles' boards), got " + value);
  }

  void size(const std::string& value) {
    const auto x = value.find_first_of("xX");
    const auto w =
        x == std::string::npos ? std::nullopt : parse_integer<std::uint32_t>(value.substr(0, x));
    const auto h =
        x == std::string::npos ? std::nullopt : parse_integer<std::uint32_t>(value.substr(x + 1));
    if (!w || !h) fail("size needs WIDTHxHEIGHT such as 30x20, got '" + value + "'");
    try {
      Board::check_size(*w, *h);
    } catch (const BoardError& error) {
      fail("size " + value + ": " + error.what());
    }
    e_.width = *w;
    e_.height = *h;
  }

  void solver(const std::string& spec) {
    const auto colon = spec.find(':');
    if (builtin_solvers().find(spec.substr(0, colon)) != nullptr) {
      try {
        builtin_solvers().parse(spec);
      } catch (const SpecError& error) {
        fail(error.what());
      }
    }
    for (const ExperimentRow& row : e_.rows) {
      if (row.spec == spec)
        fail("solver '" + spec + "' is listed twice (first on line " + std::to_string(row.line) +
             ")");
    }
    e_.rows.push_back(ExperimentRow{spec, spec, std::nullopt, 0, line_});
  }

  void row_attribute(const std::string& key, const std::string& value) {
    if (e_.rows.empty()) fail("'" + key + "' comes before any 'solver' line it could belong to");
    ExperimentRow& row = e_.rows.back();
    if (key == "label") {
      row.label = value;
      return;
    }
    if (key == "published-offset") {
      const auto offset = parse_double(trim(value));
      if (!offset || *offset != std::floor(*offset) || std::fabs(*offset) > 1000)
        fail("published-offset needs a whole number of moves, got '" + value + "'");
      row.published_offset = static_cast<int>(*offset);
      return;
    }
    std::vector<double> figures;
    std::string_view rest = value;
    while (true) {
      const auto comma = rest.find(',');
      const std::string text = trim(rest.substr(0, comma));
      const auto figure = text == "-" ? std::optional<double>(std::nan("")) : parse_double(text);
      if (!figure)
        fail("published needs MIN, MEAN, MAX, STDEV (numbers, or - for one not published), got '" +
             value + "'");
      figures.push_back(*figure);
      if (comma == std::string_view::npos) break;
      rest = rest.substr(comma + 1);
    }
    if (figures.size() != 4)
      fail("published needs 4 figures (MIN, MEAN, MAX, STDEV), got " +
           std::to_string(figures.size()));
    row.published = PublishedFigures{figures[0], figures[1], figures[2], figures[3]};
  }

  Experiment& e_;
  std::uint64_t line_ = 0;
  std::uint64_t source_line_ = 0;
  std::map<std::string, std::uint64_t> seen_;
};

}  // namespace

bool Experiment::has_published() const noexcept {
  return std::any_of(rows.begin(), rows.end(),
                     [](const ExperimentRow& r) { return r.published.has_value(); });
}

namespace {

// `$DATASETS/NAME` in the datasets folder, an absolute path as is, another
// path from the folder of the experiment file.
std::string resolve_path(const std::string& written, const std::string& experiment_path,
                         const std::string& datasets_dir) {
  constexpr std::string_view kDatasets = "$DATASETS/";
  if (written.compare(0, kDatasets.size(), kDatasets) == 0)
    return (std::filesystem::path(datasets_dir) / written.substr(kDatasets.size())).string();
  const std::filesystem::path p(written);
  if (p.is_absolute()) return written;
  return (std::filesystem::path(experiment_path).parent_path() / p).string();
}

}  // namespace

std::string Experiment::boards_path(const std::string& datasets_dir) const {
  return resolve_path(boards, path, datasets_dir);
}

std::string Experiment::optimal_path(const std::string& datasets_dir) const {
  return resolve_path(optimal, path, datasets_dir);
}

std::unique_ptr<BoardSource> Experiment::make_source(const std::string& datasets_dir,
                                                     std::optional<std::size_t> limit) const {
  std::unique_ptr<BoardSource> out;
  switch (source) {
    case SourceKind::kArticles:
      out = std::make_unique<ArticlesSource>(count);
      break;
    case SourceKind::kRandom:
      out = std::make_unique<RandomSource>(count, seed, width, height, colors);
      break;
    case SourceKind::kFile: {
      const std::string file = boards_path(datasets_dir);
      out = load_file_source({file}, format);
      break;
    }
  }
  if (limit && *limit < out->size()) out = std::make_unique<PrefixSource>(std::move(out), *limit);
  return out;
}

Experiment load_experiment(const std::string& path) {
  Experiment e;
  e.path = path;
  e.name = std::filesystem::path(path).stem().string();
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw InputError(path, 0, "is a directory");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path, 0, "cannot open");
  Parser parser(e);
  std::string line;
  std::uint64_t number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (number == 1 && line.compare(0, 3, "\xEF\xBB\xBF") == 0) line.erase(0, 3);
    if (line.size() > 4096) throw InputError(path, number, "line is longer than 4096 characters");
    parser.line(number, line);
  }
  if (in.bad()) throw InputError(path, number, "read error");
  parser.finish();
  return e;
}

std::vector<std::string> experiment_names(const std::string& dir) {
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    const auto& p = entry.path();
    if (p.extension() == kExperimentSuffix && entry.is_regular_file(ec))
      names.push_back(p.stem().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace colorwalk
