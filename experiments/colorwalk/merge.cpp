#include "merge.hpp"

#include <memory>

#include "game/board_io.hpp"
#include "output_file.hpp"
#include "results_csv.hpp"

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

  MergeResult result;
  bool have_solvers = false;
  for (const Input& in : inputs) {
    if (in.done) continue;
    for (const CsvRow& row : in.rows)
      result.solvers.push_back(row.solver);
    have_solvers = true;
    break;
  }
  result.summary = RunSummary(result.solvers.size());
  LineFile csv;
  LineFile json;
  if (!options.csv.empty()) {
    csv = LineFile::create(options.csv);
    csv.append(std::string(kCsvHeader) + "\n");
  }
  if (!options.json.empty()) json = LineFile::create(options.json);

  std::vector<BoardResult> results;
  std::string text;
  std::size_t expected = 0;
  while (have_solvers) {
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
    if (first.result.board != expected)
      throw InputError(
          next->reader->path(), first.line,
          "board " + std::to_string(first.result.board) + ", but no input has board " +
              std::to_string(expected) +
              (first.result.board > expected + 1
                   ? " (nor the boards up to " + std::to_string(first.result.board - 1) + ")"
                   : std::string()));
    if (next->rows.size() != result.solvers.size())
      throw InputError(next->reader->path(), first.line,
                       "board " + std::to_string(first.result.board) + " has " +
                           std::to_string(next->rows.size()) + " rows, but the run has " +
                           std::to_string(result.solvers.size()) + " solvers (" +
                           solver_list(result.solvers) + ")");
    results.clear();
    for (std::size_t s = 0; s < next->rows.size(); ++s) {
      const CsvRow& row = next->rows[s];
      if (row.solver != result.solvers[s])
        throw InputError(next->reader->path(), row.line,
                         "solver '" + row.solver + "' where the inputs have '" + result.solvers[s] +
                             "' (solvers in order: " + solver_list(result.solvers) + ")");
      results.push_back(row.result);
      results.back().solver = s;
      if (!row.result.verified) ++result.failure_count;
    }
    result.summary.add_board(results);
    if (csv.is_open()) {
      text.clear();
      for (const BoardResult& r : results)
        append_csv_row(text, r, result.solvers[r.solver]);
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
