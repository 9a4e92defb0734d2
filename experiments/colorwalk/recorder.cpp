#include "recorder.hpp"

#include <filesystem>

#include "game/board_io.hpp"
#include "game/replay.hpp"
#include "results_csv.hpp"

namespace colorwalk {

namespace {

std::string join_solvers(const std::vector<std::string>& solvers) {
  std::string out;
  for (const auto& s : solvers)
    out += (out.empty() ? "" : ", ") + s;
  return out;
}

// Replays the rows of one board read back from `csv`; throws InputError for
// a row marked verified whose solution does not clear its board.
void check_rows(const BoardSource& source, const BatchOptions& options, const std::string& csv,
                const std::vector<CsvRow>& rows) {
  bool any_verified = false;
  for (const CsvRow& row : rows)
    any_verified = any_verified || row.result.verified;
  if (!any_verified) return;
  const std::size_t index = rows.front().result.board;
  Board board = source.board(index);
  try {
    board = prepare_board(std::move(board), options);
  } catch (const BoardError& e) {
    throw InputError(csv, rows.front().line,
                     "board " + std::to_string(index) + " has verified rows, but " + e.what());
  }
  const ClusterGraph graph(board);
  for (std::size_t s = 0; s < rows.size(); ++s) {
    const CsvRow& row = rows[s];
    if (!row.result.verified) continue;
    const auto moves = parse_moves(board, SolutionLine{row.line, row.result.solution}, csv);
    const bool wasted = options.solvers[s].info->wasted_moves;
    const ReplayResult check =
        replay(graph, moves, wasted ? WastedMoves::kAllow : WastedMoves::kReject);
    if (!check.ok())
      throw InputError(
          csv, row.line,
          "board " + std::to_string(index) + ", solver " + row.solver +
              ": the solution does not clear the board: " + check.describe(board, moves));
  }
}

}  // namespace

RunRecorder::RunRecorder(const BoardSource& source, const BatchOptions& options,
                         const RecorderOptions& outputs)
    : solvers_(spec_texts(options.solvers)), outputs_(outputs), summary_(options.solvers.size()) {
  if (outputs_.resume && !outputs_.csv.empty()) {
    resume(source, options);
    return;
  }
  if (!outputs_.csv.empty()) start_csv();
  if (!outputs_.json.empty()) json_ = LineFile::create(outputs_.json);
}

void RunRecorder::start_csv() {
  csv_ = LineFile::create(outputs_.csv);
  csv_.append(std::string(kCsvHeader) + "\n");
  csv_.flush();
}

void RunRecorder::resume(const BoardSource& source, const BatchOptions& options) {
  const std::string& path = outputs_.csv;
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) {
    start_csv();
    if (!outputs_.json.empty()) json_ = LineFile::create(outputs_.json);
    return;
  }
  ResultsCsvReader reader(path);
  if (!reader.has_header()) {
    cut_bytes_ = reader.torn_bytes();
    start_csv();
    if (!outputs_.json.empty()) json_ = LineFile::create(outputs_.json);
    return;
  }
  // The JSON rows of the CSV go to FILE.partial first: a CSV refused
  // half-way leaves the JSON file of the run as it was.
  if (!outputs_.json.empty()) json_ = LineFile::create(outputs_.json + ".partial");
  const std::size_t count = solvers_.size();
  const std::size_t selection = options.shard.size(source.size());
  std::uint64_t kept = reader.offset();
  std::vector<CsvRow> rows;
  std::vector<BoardResult> results;
  std::size_t k = 0;
  while (reader.next_board(rows)) {
    const CsvRow& first = rows.front();
    const std::size_t board = first.result.board;
    if (k >= selection)
      throw InputError(path, first.line,
                       "board " + std::to_string(board) +
                           " is past the end of this run, which has " + std::to_string(selection) +
                           " boards");
    if (board != options.shard.board(k))
      throw InputError(path, first.line,
                       "board " + std::to_string(board) + " where this run's next board is " +
                           std::to_string(options.shard.board(k)) +
                           " (was the CSV written for another source or shard?)");
    if (rows.size() > count)
      throw InputError(path, rows[count].line,
                       "board " + std::to_string(board) +
                           " has more rows than this run has solvers (" + join_solvers(solvers_) +
                           ")");
    for (std::size_t s = 0; s < rows.size(); ++s) {
      if (rows[s].solver != solvers_[s])
        throw InputError(path, rows[s].line,
                         "solver '" + rows[s].solver + "' where this run expects '" + solvers_[s] +
                             "' (the run's solvers, in order: " + join_solvers(solvers_) + ")");
    }
    if (rows.size() < count) {
      // A board cut short by a crash: solved again, unless more boards follow it.
      std::vector<CsvRow> more;
      if (reader.next_board(more))
        throw InputError(path, more.front().line,
                         "board " + std::to_string(more.front().result.board) + " follows board " +
                             std::to_string(board) + ", which has only " +
                             std::to_string(rows.size()) + " of its " + std::to_string(count) +
                             " rows");
      break;
    }
    check_rows(source, options, path, rows);
    results.clear();
    for (std::size_t s = 0; s < rows.size(); ++s) {
      results.push_back(std::move(rows[s].result));
      results.back().solver = s;
    }
    record(results, false);
    kept = reader.offset();
    ++k;
  }
  const auto size = std::filesystem::file_size(path, ec);
  cut_bytes_ = ec ? 0 : size - kept;
  csv_ = LineFile::append_at(path, kept);
  resumed_ = k;
  if (json_.is_open()) {
    json_.flush();
    json_.rename_to(outputs_.json);
  }
}

void RunRecorder::record(std::span<const BoardResult> results, bool write_csv) {
  summary_.add_board(results);
  if (write_csv && csv_.is_open()) {
    text_.clear();
    for (const BoardResult& r : results)
      append_csv_row(text_, r, solvers_[r.solver]);
    csv_.append(text_);  // one board's rows at once
  }
  if (json_.is_open()) {
    text_.clear();
    for (const BoardResult& r : results)
      append_json_row(text_, r, solvers_[r.solver]);
    json_.append(text_);
  }
  for (const BoardResult& r : results) {
    if (r.verified) continue;
    if (++failure_count_ <= kFailuresKept)
      failures_.push_back("board " + std::to_string(r.board) + ", solver " + solvers_[r.solver] +
                          ": " + r.error);
  }
}

void RunRecorder::on_board(std::span<const BoardResult> results) {
  record(results, true);
  if (progress_) progress_(summary_.boards());
}

void RunRecorder::flush() {
  if (csv_.is_open()) csv_.flush();
  if (json_.is_open()) json_.flush();
}

void RunRecorder::finish(bool complete, const RunInfo& info) {
  if (json_.is_open() && complete) {
    text_.clear();
    append_json_summary(text_, solvers_, summary_, info);
    json_.append(text_);
  }
  csv_.close();
  json_.close();
}

}  // namespace colorwalk
