#include "results/merge_shards.hpp"

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <memory>
#include <optional>

#include "engine/exit_status.hpp"
#include "game/board_io.hpp"
#include "game/wording.hpp"
#include "results/csv_reader.hpp"
#include "results/output_file.hpp"

namespace colorwalk {

namespace {

namespace fs = std::filesystem;

struct Input {
  std::unique_ptr<ResultsCsvReader> reader;
  std::vector<CsvRow> rows;  // the current board; empty at the end
  std::size_t boards = 0;    // read so far
  bool done = false;
};

// Refuses an input that ended holding fewer boards than its shard has (a
// run stopped, a file cut short).
void check_whole_shards(const std::vector<Input>& inputs) {
  for (const Input& in : inputs) {
    const auto& recorded = in.reader->provenance();
    const auto shard = recorded ? Shard::parse(recorded->shard) : std::nullopt;
    if (!in.done || !shard || recorded->boards == 0) continue;
    const std::size_t whole = shard->size(recorded->boards);
    if (in.boards >= whole) continue;
    throw InputError(in.reader->path(), 0,
                     "holds " + std::to_string(in.boards) + " of the " + plural(whole, "board") +
                         " of its shard " + recorded->shard + " (its run has " +
                         plural(recorded->boards, "board") +
                         "): the run that wrote it did not finish, or the file was cut "
                         "short; finish it with --resume, then merge");
  }
}

// "A, B and C", with at most `most` items named ("..., and 12 more").
std::string spoken_list(const std::vector<std::string>& items, std::size_t most = 8) {
  std::string out;
  const std::size_t named = std::min(items.size(), most);
  for (std::size_t i = 0; i < named; ++i) {
    if (i > 0) out += i + 1 == named && named == items.size() ? " and " : ", ";
    out += items[i];
  }
  if (named < items.size()) out += " and " + std::to_string(items.size() - named) + " more";
  return out;
}

// Refuses inputs that are shards I/N of one count N but not all of those
// that hold boards, naming the missing ones, before any board is merged.
// (Shards of different counts are left to the board-by-board checks.)
void check_every_shard(const std::vector<Input>& inputs, const RunProvenance& run) {
  std::optional<std::size_t> count;
  std::vector<bool> present;
  for (const Input& in : inputs) {
    const auto shard = Shard::parse(in.reader->provenance()->shard);
    if (!shard || (count && *count != shard->count)) return;
    count = shard->count;
    present.resize(shard->count, false);
    present[shard->index] = true;
  }
  if (!count || *count < 2 || run.boards == 0) return;
  std::vector<std::string> missing;
  std::vector<std::string> given;
  for (std::size_t i = 0; i < *count; ++i) {
    if (present[i])
      given.push_back(Shard{i, *count}.text());
    else if (Shard{i, *count}.size(run.boards) > 0)
      missing.push_back(Shard{i, *count}.text());
  }
  if (missing.empty()) return;
  throw UsageError(noun_for(missing.size(), "shard") + " " + spoken_list(missing) + " " +
                   noun_for(missing.size(), "is", "are") + " missing: the inputs hold " +
                   noun_for(given.size(), "shard") + " " + spoken_list(given) + " of their run (" +
                   plural(run.boards, "board") +
                   "); give every shard's CSV (`colorwalk solve ... "
                   "--shard " +
                   missing.front() + " --csv FILE` writes " +
                   (missing.size() == 1 ? "it" : "the first") + ")");
}

// The inputs, all done, hold `held` boards: the run they record must have
// no more.
void check_complete(const std::vector<Input>& inputs, const RunProvenance& run, std::size_t held) {
  if (run.boards == 0 || held >= run.boards) return;
  check_whole_shards(inputs);
  throw InputError(inputs.front().reader->path(), 0,
                   "the inputs hold " + std::to_string(held) + " of the " +
                       plural(run.boards, "board") + " of their run (boards " +
                       std::to_string(held) + " on are missing): merge every shard");
}

void advance(Input& in) {
  const std::size_t previous = in.rows.empty() ? 0 : in.rows.front().result.board;
  const bool had = !in.rows.empty();
  if (!in.reader->next_board(in.rows)) {
    in.done = true;
    in.rows.clear();
    if (in.reader->torn_bytes() > 0)
      throw InputError(in.reader->path(), 0,
                       "ends in a partial line: the run that wrote it did not finish (resume it "
                       "with --resume first)");
    return;
  }
  ++in.boards;
  if (had && in.rows.front().result.board <= previous)
    throw InputError(in.reader->path(), in.rows.front().line,
                     "board " + std::to_string(in.rows.front().result.board) + " after board " +
                         std::to_string(previous) +
                         ": boards must be in increasing order, once each");
}

std::string solver_list(const std::vector<std::string>& solvers) {
  std::string out;
  for (const auto& s : solvers)
    out += (out.empty() ? "" : ", ") + s;
  return out;
}

// Opens every input and reads its first board.
std::vector<Input> open_inputs(const std::vector<std::string>& paths) {
  std::vector<Input> inputs;
  for (const auto& path : paths) {
    Input in;
    in.reader = std::make_unique<ResultsCsvReader>(path);
    if (!in.reader->has_header())
      throw InputError(path, 1, "not a colorwalk results CSV: it has no header line");
    inputs.push_back(std::move(in));
  }
  for (Input& in : inputs) {
    advance(in);
    if (in.done)
      throw InputError(in.reader->path(), 1,
                       "holds only the header, no rows: its run stopped before its first "
                       "board, or it is no shard's results; merge the shards that have rows");
  }
  return inputs;
}

// The input whose record stands for the run: the first with rows (nullptr
// when none has rows). Every other input with rows must record the same
// run, shards aside.
const Input* reference_input(const std::vector<Input>& inputs) {
  const Input* reference = nullptr;
  for (const Input& in : inputs) {
    if (in.done) continue;
    if (reference == nullptr) {
      reference = &in;
      continue;
    }
    const std::string mismatch = reference->reader->provenance()->mismatch(
        *in.reader->provenance(), false, reference->reader->path() + "'s");
    if (!mismatch.empty())
      throw InputError(
          in.reader->path(), in.rows.front().line,
          "not a shard of the same run as " + reference->reader->path() + ": " + mismatch);
  }
  return reference;
}

// The run the inputs record, rebuilt to replay their rows: its boards, its
// rules and start, and a checker of its solvers.
struct ReplayedRun {
  RunProvenance run;
  std::unique_ptr<BoardSource> source;
  BatchOptions board_options;
  std::unique_ptr<RowChecker> checker;
};

ReplayedRun rebuild_run(const Input& reference, const MergeOptions& options) {
  ReplayedRun replayed;
  RunProvenance& run = replayed.run;
  run = *reference.reader->provenance();
  const std::string& path = reference.reader->path();
  std::vector<const SolverInfo*> infos;
  for (const std::string& spec : run.solvers) {
    try {
      infos.push_back(builtin_solvers().parse(spec).info);
    } catch (const SpecError& e) {
      throw InputError(path, 2,
                       std::string("its solver cannot be replayed by this colorwalk: ") + e.what());
    }
  }
  const auto rules = parse_rules(run.rules);
  const auto start = StartSpec::parse(run.start);
  if (!rules || !start)
    throw InputError(path, 2,
                     "its run's rules '" + run.rules + "' or start '" + run.start +
                         "' are not ones this colorwalk knows");
  replayed.board_options.rules = *rules;
  replayed.board_options.start = *start;
  if (!options.source)
    throw InputError(path, 2, "the boards of its run cannot be rebuilt here to replay its rows");
  replayed.source = options.source(run);
  const std::string mismatch = source_mismatch(run, *replayed.source);
  if (!mismatch.empty())
    throw InputError(path, 2, "the boards to replay its rows on are not its run's: " + mismatch);
  replayed.checker = std::make_unique<RowChecker>(infos);
  return replayed;
}

// A merged output: written to FILE.partial (beside the file a symbolic link
// names) and renamed over FILE by commit(), so that a merge refused or
// stopped half-way leaves no half-written file; a device or a FIFO is
// written as it is.
class MergedFile {
 public:
  MergedFile() = default;
  MergedFile(const MergedFile&) = delete;
  MergedFile& operator=(const MergedFile&) = delete;
  ~MergedFile() {
    if (partial_.empty()) return;
    file_ = LineFile();
    std::error_code ec;
    fs::remove(partial_, ec);
  }

  void create(const std::string& path) {
    std::error_code ec;
    target_ = path;
    if (fs::is_symlink(path, ec) && fs::exists(path, ec)) {
      const fs::path resolved = fs::canonical(path, ec);
      if (!ec) target_ = resolved.string();
    }
    if (is_special_file(target_)) {
      file_ = LineFile::create(target_);
      return;
    }
    file_ = LineFile::create(target_ + ".partial");
    partial_ = target_ + ".partial";  // ours once created and locked
  }

  bool is_open() const noexcept { return file_.is_open(); }
  void append(std::string_view lines) { file_.append(lines); }

  // Puts the file in place of FILE and closes it.
  void commit() {
    if (!file_.is_open()) return;
    if (!partial_.empty()) {
      file_.flush();
      file_.rename_to(target_);
      partial_.clear();
    }
    file_.close();
  }

 private:
  LineFile file_;
  std::string target_;
  std::string partial_;  // while the file is FILE.partial
};

// The merged CSV and JSON Lines files, written board by board.
class MergedOutputs {
 public:
  // `run`: the merged run's record (nullptr when no input has rows); the
  // CSV has the `peak_mib` column with `peak_column`, and the columns after
  // `run` with `detail_columns` too.
  MergedOutputs(const MergeOptions& options, const RunProvenance* run, bool peak_column,
                bool detail_columns)
      : peak_column_(peak_column),
        detail_columns_(detail_columns),
        run_text_(run != nullptr ? run->encode() : RunProvenance{}.encode()) {
    if (!options.csv.empty()) {
      csv_.create(options.csv);
      csv_.append(std::string(detail_columns ? kCsvHeader
                              : peak_column  ? kCsvHeaderWithoutDetails
                                             : kCsvHeaderWithoutPeak) +
                  "\n");
    }
    if (!options.json.empty()) {
      json_.create(options.json);
      if (run != nullptr) {
        text_.clear();
        append_json_run(text_, *run);
        json_.append(text_);
      }
    }
  }

  void add_board(const std::vector<BoardResult>& results, const std::vector<std::string>& solvers) {
    if (csv_.is_open()) {
      text_.clear();
      for (const BoardResult& r : results) {
        append_csv_row(text_, r, solvers[r.solver], first_row_ ? run_text_ : "", peak_column_,
                       detail_columns_);
        first_row_ = false;
      }
      csv_.append(text_);
    }
    if (json_.is_open()) {
      text_.clear();
      for (const BoardResult& r : results)
        append_json_row(text_, r, solvers[r.solver]);
      json_.append(text_);
    }
  }

  // Ends the JSON file with the summary object, which names the inputs,
  // and puts both files in place.
  void finish(const MergeOptions& options, const MergeResult& result) {
    if (json_.is_open()) {
      text_.clear();
      RunInfo info;
      std::string files;
      for (const auto& path : options.inputs)
        files += (files.empty() ? "" : " ") + path;
      info.emplace_back("merged", files);
      append_json_summary(text_, result.solvers, result.summary, info);
      json_.append(text_);
    }
    csv_.commit();
    json_.commit();
  }

 private:
  MergedFile csv_;
  MergedFile json_;
  bool peak_column_;
  bool detail_columns_;
  std::string run_text_;
  bool first_row_ = true;
  std::string text_;
};

// The input whose current board comes first (nullptr when all are done);
// a board that two inputs hold is an error.
Input* next_input(std::vector<Input>& inputs) {
  Input* next = nullptr;
  for (Input& in : inputs) {
    if (in.done) continue;
    const std::size_t board = in.rows.front().result.board;
    if (next != nullptr && board == next->rows.front().result.board)
      throw InputError(in.reader->path(), in.rows.front().line,
                       "board " + std::to_string(board) + " is also in " + next->reader->path() +
                           " (line " + std::to_string(next->rows.front().line) + ")");
    if (next == nullptr || board < next->rows.front().result.board) next = &in;
  }
  return next;
}

// The current board of `in` as results (solver indices set), checked to be
// board `expected` of the run with one row per solver, in order; counts
// its rows that did not verify in `result`.
std::vector<BoardResult> board_results(const Input& in, std::size_t expected,
                                       const BoardSource& source, MergeResult& result) {
  const CsvRow& first = in.rows.front();
  const std::string& path = in.reader->path();
  if (first.result.board != expected)
    throw InputError(
        path, first.line,
        "board " + std::to_string(first.result.board) + ", but no input has board " +
            std::to_string(expected) +
            (first.result.board > expected + 1
                 ? " (nor the boards up to " + std::to_string(first.result.board - 1) + ")"
                 : std::string()));
  if (first.result.board >= source.size())
    throw InputError(path, first.line,
                     "board " + std::to_string(first.result.board) +
                         " is past the end of its run's source, which has " +
                         plural(source.size(), "board"));
  if (in.rows.size() != result.solvers.size())
    throw InputError(path, first.line,
                     "board " + std::to_string(first.result.board) + " has " +
                         plural(in.rows.size(), "row") + ", but the run has " +
                         plural(result.solvers.size(), "solver") + " (" +
                         solver_list(result.solvers) + ")");
  std::vector<BoardResult> results;
  for (std::size_t s = 0; s < in.rows.size(); ++s) {
    const CsvRow& row = in.rows[s];
    if (row.solver != result.solvers[s])
      throw InputError(path, row.line,
                       "solver '" + row.solver + "' where the inputs have '" + result.solvers[s] +
                           "' (solvers in order: " + solver_list(result.solvers) + ")");
    results.push_back(row.result);
    results.back().solver = s;
    if (!row.result.verified) ++result.failure_count;
  }
  return results;
}

// Checks the rows of the current board of `in`, replaying them on the board.
void replay_board(const Input& in, const ReplayedRun& replayed) {
  const CsvRow& first = in.rows.front();
  const std::string& path = in.reader->path();
  const std::size_t index = first.result.board;
  try {
    replayed.checker->check(path, in.rows, [&] {
      return prepare_board(replayed.source->board(index), replayed.board_options);
    });
  } catch (const BoardError& e) {
    throw InputError(path, first.line, "board " + std::to_string(index) + ": " + e.what());
  }
}

}  // namespace

MergeResult merge_results(const MergeOptions& options) {
  std::vector<Input> inputs = open_inputs(options.inputs);
  const Input* reference = reference_input(inputs);
  MergeResult result;
  std::optional<ReplayedRun> replayed;
  if (reference != nullptr) check_every_shard(inputs, *reference->reader->provenance());
  if (reference != nullptr) {
    replayed.emplace(rebuild_run(*reference, options));
    result.solvers = replayed->run.solvers;
    replayed->run.shard = Shard{}.text();
  }
  result.summary = RunSummary(result.solvers.size());
  // The merged CSV has the `peak_mib` column when an input has it (rows of
  // inputs without it leave it empty), and the columns after `run` the
  // same way; else the header the inputs share.
  bool peak_column = false;
  bool detail_columns = false;
  for (const Input& in : inputs) {
    peak_column = peak_column || in.reader->has_peak();
    detail_columns = detail_columns || in.reader->has_details();
  }
  MergedOutputs outputs(options, replayed ? &replayed->run : nullptr, peak_column,
                        detail_columns);

  std::size_t expected = 0;
  while (replayed) {
    if (const int sig = options.stop_signal ? options.stop_signal() : 0; sig != 0)
      throw Interrupted(sig, std::string("stopped by ") + (sig == SIGINT ? "SIGINT" : "SIGTERM") +
                                 " after " + plural(expected, "board") +
                                 "; no output was written (the inputs are as they were)");
    Input* next = next_input(inputs);
    if (next == nullptr) break;
    // A gap: a shard cut short is named rather than the board after it.
    if (next->rows.front().result.board != expected) check_whole_shards(inputs);
    const std::vector<BoardResult> results =
        board_results(*next, expected, *replayed->source, result);
    replay_board(*next, *replayed);
    result.summary.add_board(results);
    outputs.add_board(results, result.solvers);
    ++expected;
    advance(*next);
  }
  const std::size_t held = result.summary.boards();
  if (replayed) check_complete(inputs, replayed->run, held);
  if (options.expect && held != *options.expect)
    throw InputError(
        options.inputs.empty() ? std::string("merge") : options.inputs.front(), 0,
        "the inputs hold " + plural(held, "board") + ", expected " +
            std::to_string(*options.expect) +
            (held < *options.expect ? " (boards " + std::to_string(held) + " on are missing)"
                                    : " (" + std::to_string(held - *options.expect) +
                                          " more than expected: is --expect right?)"));
  outputs.finish(options, result);
  return result;
}

}  // namespace colorwalk
