#include "results/merge_shards.hpp"

#include <memory>

#include "engine/exit_status.hpp"
#include "game/board_io.hpp"
#include "results/output_file.hpp"
#include "results/csv_reader.hpp"

namespace colorwalk {

namespace {

struct Input {
  std::unique_ptr<ResultsCsvReader> reader;
  std::vector<CsvRow> rows;  // the current board; empty at the end
  bool done = false;
};

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

}  // namespace

MergeResult merge_results(const MergeOptions& options) {
  std::vector<Input> inputs;
  for (const auto& path : options.inputs) {
    Input in;
    in.reader = std::make_unique<ResultsCsvReader>(path);
    if (!in.reader->has_header())
      throw InputError(path, 1, "not a colorwalk results CSV: it has no header line");
    inputs.push_back(std::move(in));
  }
  for (Input& in : inputs)
    advance(in);

  // The run, as the first input with rows records it; every other input
  // with rows must record the same run (shards aside).
  MergeResult result;
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
  RunProvenance run;
  std::unique_ptr<BoardSource> source;
  BatchOptions board_options;
  std::unique_ptr<RowChecker> checker;
  if (reference != nullptr) {
    run = *reference->reader->provenance();
    const std::string& path = reference->reader->path();
    result.solvers = run.solvers;
    std::vector<const SolverInfo*> infos;
    for (const std::string& spec : run.solvers) {
      try {
        infos.push_back(builtin_solvers().parse(spec).info);
      } catch (const SpecError& e) {
        throw InputError(
            path, 2, std::string("its solver cannot be replayed by this colorwalk: ") + e.what());
      }
    }
    const auto rules = parse_rules(run.rules);
    const auto start = StartSpec::parse(run.start);
    if (!rules || !start)
      throw InputError(path, 2,
                       "its run's rules '" + run.rules + "' or start '" + run.start +
                           "' are not ones this colorwalk knows");
    board_options.rules = *rules;
    board_options.start = *start;
    if (!options.source)
      throw InputError(path, 2, "the boards of its run cannot be rebuilt here to replay its rows");
    source = options.source(run);
    const std::string mismatch = source_mismatch(run, *source);
    if (!mismatch.empty())
      throw InputError(path, 2, "the boards to replay its rows on are not its run's: " + mismatch);
    checker = std::make_unique<RowChecker>(infos);
    run.shard = Shard{}.text();
  }
  result.summary = RunSummary(result.solvers.size());
  // The merged CSV has the `peak_mib` column when an input has it (rows of
  // inputs without it leave it empty), else the header the inputs share.
  bool peak_column = false;
  for (const Input& in : inputs)
    peak_column = peak_column || in.reader->has_peak();
  LineFile csv;
  LineFile json;
  if (!options.csv.empty()) {
    csv = LineFile::create(options.csv);
    csv.append(std::string(peak_column ? kCsvHeader : kCsvHeaderWithoutPeak) + "\n");
  }
  if (!options.json.empty()) {
    json = LineFile::create(options.json);
    if (reference != nullptr) {
      std::string text;
      append_json_run(text, run);
      json.append(text);
    }
  }
  const std::string run_text = run.encode();

  std::vector<BoardResult> results;
  std::string text;
  std::size_t expected = 0;
  bool first_row = true;
  while (reference != nullptr) {
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
    if (next == nullptr) break;
    const CsvRow& first = next->rows.front();
    const std::string& path = next->reader->path();
    if (first.result.board != expected)
      throw InputError(
          path, first.line,
          "board " + std::to_string(first.result.board) + ", but no input has board " +
              std::to_string(expected) +
              (first.result.board > expected + 1
                   ? " (nor the boards up to " + std::to_string(first.result.board - 1) + ")"
                   : std::string()));
    if (first.result.board >= source->size())
      throw InputError(path, first.line,
                       "board " + std::to_string(first.result.board) +
                           " is past the end of its run's source, which has " +
                           std::to_string(source->size()) + " boards");
    if (next->rows.size() != result.solvers.size())
      throw InputError(path, first.line,
                       "board " + std::to_string(first.result.board) + " has " +
                           std::to_string(next->rows.size()) + " rows, but the run has " +
                           std::to_string(result.solvers.size()) + " solvers (" +
                           solver_list(result.solvers) + ")");
    results.clear();
    for (std::size_t s = 0; s < next->rows.size(); ++s) {
      const CsvRow& row = next->rows[s];
      if (row.solver != result.solvers[s])
        throw InputError(path, row.line,
                         "solver '" + row.solver + "' where the inputs have '" + result.solvers[s] +
                             "' (solvers in order: " + solver_list(result.solvers) + ")");
      results.push_back(row.result);
      results.back().solver = s;
      if (!row.result.verified) ++result.failure_count;
    }
    const std::size_t index = first.result.board;
    try {
      checker->check(path, next->rows,
                     [&] { return prepare_board(source->board(index), board_options); });
    } catch (const BoardError& e) {
      throw InputError(path, first.line, "board " + std::to_string(index) + ": " + e.what());
    }
    result.summary.add_board(results);
    if (csv.is_open()) {
      text.clear();
      for (const BoardResult& r : results) {
        append_csv_row(text, r, result.solvers[r.solver], first_row ? run_text : "", peak_column);
        first_row = false;
      }
      csv.append(text);
    }
    if (json.is_open()) {
      text.clear();
      for (const BoardResult& r : results)
        append_json_row(text, r, result.solvers[r.solver]);
      json.append(text);
    }
    ++expected;
    advance(*next);
  }
  if (options.expect && result.summary.boards() != *options.expect)
    throw InputError(options.inputs.empty() ? std::string("merge") : options.inputs.front(), 0,
                     "the inputs hold " + std::to_string(result.summary.boards()) +
                         " boards, expected " + std::to_string(*options.expect) + " (boards " +
                         std::to_string(result.summary.boards()) + " on are missing)");
  if (json.is_open()) {
    text.clear();
    RunInfo info;
    std::string files;
    for (const auto& path : options.inputs)
      files += (files.empty() ? "" : " ") + path;
    info.emplace_back("merged", files);
    append_json_summary(text, result.solvers, result.summary, info);
    json.append(text);
  }
  csv.close();
  json.close();
  return result;
}

}  // namespace colorwalk
