// Named, reproducible experiments run by `colorwalk experiment NAME`: data
// files NAME.exp in the experiments directory, one `KEY = VALUE` per line
// (format in experiments/README.md): a board source, the rules, the solver
// seed, and `solver = SPEC` lines, each optionally followed by its `label`
// and its `published` figures. A file is read whole or not at all; every
// problem is an InputError naming the file and the line.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "game/board.hpp"
#include "game/board_io.hpp"
#include "game/sources.hpp"

namespace colorwalk {

inline constexpr std::string_view kExperimentSuffix = ".exp";

// Published figures of one row (the articles' table, docs/articles.md); NaN
// for a figure that was not published (`-` in the file).
struct PublishedFigures {
  double min = 0;
  double mean = 0;
  double max = 0;
  double stdev = 0;
};

struct ExperimentRow {
  std::string spec;   // solver spec; its solver may not be registered (yet)
  std::string label;  // defaults to the spec
  std::optional<PublishedFigures> published;
  // Moves per board the published figures counted beyond those played (the
  // articles' Round Robin and Random rows counted one fewer: -1). Reports
  // show our figures counted the same way beside the published ones.
  int published_offset = 0;
  std::uint64_t line = 0;
};

struct Experiment {
  std::string name;  // the file name without .exp
  std::string path;
  std::string description;

  enum class SourceKind { kArticles, kRandom, kFile } source = SourceKind::kArticles;
  std::size_t count = 0;  // boards of articles and random
  std::uint64_t seed = 1;
  std::uint32_t width = 30;
  std::uint32_t height = 20;
  std::uint32_t colors = 5;
  std::string boards;                 // file of `boards =`, as written
  std::optional<BoardFormat> format;  // `format =`; none: told from each file's text

  Rules rules = Rules::kColorWalk;
  std::string rules_text = "color-walk";
  StartSpec start{};
  std::string start_text = "0,0";
  bool rules_given = false;  // `rules =` and `start =` are in the file (else the boards' files
  bool start_given = false;  // may state them: apply_stated_rules, runs/run.hpp)
  std::uint64_t solver_seed = 0;

  std::vector<ExperimentRow> rows;

  // `optimal = FILE`: one optimal solution per board, in board order; the
  // report then checks every solver against it (reports/reference.hpp).
  std::string optimal;
  // `group = size`: the report groups the boards by size and colours and
  // lists the slowest (reports/board_groups.hpp).
  bool group_by_size = false;
  // `part = NAME` lines: a suite that runs those experiments in turn (and
  // has no source or solvers of its own).
  std::vector<std::string> parts;

  bool has_published() const noexcept;
  // The path of `optimal =`, resolved as boards_path() resolves `boards =`.
  std::string optimal_path(const std::string& datasets_dir) const;
  // The path of `boards =`: "$DATASETS/" at its start stands for
  // `datasets_dir`; another relative path is taken from the file's folder.
  std::string boards_path(const std::string& datasets_dir) const;
  // The source; `limit` keeps only its first boards. Throws InputError when
  // the board file cannot be read.
  std::unique_ptr<BoardSource> make_source(const std::string& datasets_dir,
                                           std::optional<std::size_t> limit = std::nullopt) const;
};

// Reads and checks an experiment file. Specs of registered solvers are
// parsed (a bad parameter is an error); other solvers are kept as rows.
Experiment load_experiment(const std::string& path);

// The experiments in `dir` (NAME for each NAME.exp), sorted.
std::vector<std::string> experiment_names(const std::string& dir);

// A source that is the first `count` boards of another.
class PrefixSource final : public BoardSource {
 public:
  PrefixSource(std::unique_ptr<BoardSource> inner, std::size_t count)
      : inner_(std::move(inner)), count_(std::min(count, inner_->size())) {}
  std::size_t size() const override { return count_; }
  Board board(std::size_t index) const override { return inner_->board(index); }
  std::string describe() const override {
    return inner_->describe() + ", first " + std::to_string(count_);
  }
  std::string name(std::size_t index) const override { return inner_->name(index); }
  std::optional<std::uint32_t> stated_optimum(std::size_t index) const override {
    return inner_->stated_optimum(index);
  }
  StatedRules stated_rules() const override { return inner_->stated_rules(); }

 private:
  std::unique_ptr<BoardSource> inner_;
  std::size_t count_;
};

}  // namespace colorwalk
