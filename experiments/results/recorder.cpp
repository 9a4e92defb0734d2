#include "results/recorder.hpp"

#include <filesystem>

#include "engine/exit_status.hpp"
#include "game/board_io.hpp"
#include "results/csv_reader.hpp"

namespace colorwalk {

namespace fs = std::filesystem;

namespace {

std::string join_solvers(const std::vector<std::string>& solvers) {
  std::string out;
  for (const auto& s : solvers)
    out += (out.empty() ? "" : ", ") + s;
  return out;
}

}  // namespace

RunRecorder::RunRecorder(const BoardSource& source, const BatchOptions& options,
                         const RecorderOptions& outputs)
    : solvers_(spec_texts(options.solvers)), outputs_(outputs), summary_(options.solvers.size()) {
  provenance_text_ = outputs_.provenance.encode();
  if (outputs_.resume && !outputs_.csv.empty()) {
    try {
      resume(source, options);
    } catch (...) {
      // A refused CSV leaves no FILE.partial behind, and FILE as it was.
      std::error_code ec;
      if (!json_final_.empty() && json_.is_open() && json_.path() != json_final_) {
        const std::string partial = json_.path();
        json_ = LineFile();
        fs::remove(partial, ec);
      }
      if (!csv_partial_.empty()) fs::remove(csv_partial_, ec);
      throw;
    }
    return;
  }
  if (!outputs_.csv.empty()) start_csv();
  if (!outputs_.json.empty()) start_json(outputs_.json);
}

void RunRecorder::start_csv() {
  if (!csv_.is_open()) csv_ = LineFile::open(outputs_.csv);
  csv_.cut(0);
  csv_.append(std::string(kCsvHeader) + "\n");
  csv_has_rows_ = false;
  csv_has_peak_ = true;
}

void RunRecorder::start_json(const std::string& path) {
  json_ = LineFile::create(path);
  text_.clear();
  append_json_run(text_, outputs_.provenance);
  json_.append(text_);
}

void RunRecorder::resume(const BoardSource& source, const BatchOptions& options) {
  const std::string& path = outputs_.csv;
  std::error_code ec;
  if (!fs::exists(path, ec)) {
    start_fresh();
    return;
  }
  if (is_special_file(path))
    throw UsageError("--resume --csv " + path +
                     ": a device or a FIFO, not a results file that can be continued");
  // Locked before it is read: a run writing it now makes this one stop here.
  csv_ = LineFile::open(path);
  ResultsCsvReader reader(path, outputs_.adopt);
  if (!reader.has_header()) {
    cut_bytes_ = reader.torn_bytes();
    start_fresh();
    return;
  }
  if (!outputs_.json.empty()) start_resumed_json();
  LineFile adopted = start_adopted_csv(reader);
  std::vector<const SolverInfo*> infos;
  for (const SolverSpec& spec : options.solvers)
    infos.push_back(spec.info);
  RowChecker checker(infos);
  std::uint64_t kept = reader.offset();
  std::vector<CsvRow> rows;
  std::vector<BoardResult> results;
  std::size_t k = 0;
  while (reader.next_board(rows)) {
    check_resumed_board(reader, rows, k, source, options);
    if (rows.size() < solvers_.size()) {
      check_last_board(reader, rows);  // a board cut short by a crash: solved again
      break;
    }
    const CsvRow& first = rows.front();
    const std::size_t board = first.result.board;
    checker.check(path, rows, [&] {
      try {
        return prepare_board(source.board(board), options);
      } catch (const BoardError& e) {
        throw InputError(path, first.line,
                         "board " + std::to_string(board) + " has verified rows, but " + e.what());
      }
    });
    results.clear();
    for (std::size_t s = 0; s < rows.size(); ++s) {
      results.push_back(std::move(rows[s].result));
      results.back().solver = s;
    }
    if (adopted.is_open()) {
      text_.clear();
      for (const BoardResult& r : results)
        append_csv_row(text_, r, solvers_[r.solver],
                       k == 0 && r.solver == 0 ? provenance_text_ : "", csv_has_peak_);
      adopted.append(text_);
    }
    record(results, false);
    kept = reader.offset();
    ++k;
  }
  finish_resume(kept, std::move(adopted), k);
}

void RunRecorder::start_fresh() {
  start_csv();
  if (!outputs_.json.empty()) start_json(outputs_.json);
}

// The JSON rows of the CSV go to FILE.partial first: a CSV refused half-way
// leaves the JSON file of the run as it was. A symbolic link stays a link
// (the file it points to is replaced); a device or a FIFO is written as it
// is.
void RunRecorder::start_resumed_json() {
  std::error_code ec;
  std::string target = outputs_.json;
  if (fs::is_symlink(target, ec) && fs::exists(target, ec)) {
    const fs::path resolved = fs::canonical(target, ec);
    if (!ec) target = resolved.string();
  }
  if (is_special_file(target)) {
    start_json(target);
  } else {
    if (fs::exists(target, ec)) json_lock_ = LineFile::open(target);
    json_final_ = target;
    start_json(target + ".partial");
  }
}

// An adopted CSV is written anew, with the run recorded, as it is read,
// under the current header: its rows' `peak_mib` is empty (not recorded),
// the rows this run adds have it. A resumed CSV keeps its header, and the
// rows this run adds follow it: then the file returned is not open.
LineFile RunRecorder::start_adopted_csv(const ResultsCsvReader& reader) {
  LineFile adopted;
  csv_has_peak_ = reader.has_peak();
  if (reader.unrecorded()) {
    csv_partial_ = outputs_.csv + ".partial";
    adopted = LineFile::create(csv_partial_);
    adopted.append(std::string(kCsvHeader) + "\n");
    csv_has_peak_ = true;
  }
  return adopted;
}

// Checks that `rows`, the CSV's k-th board, are this run's: its record (on
// the first board), the k-th board of the selection, and no more rows than
// solvers, in the run's order.
void RunRecorder::check_resumed_board(const ResultsCsvReader& reader,
                                      const std::vector<CsvRow>& rows, std::size_t k,
                                      const BoardSource& source,
                                      const BatchOptions& options) const {
  const std::string& path = outputs_.csv;
  const std::size_t count = solvers_.size();
  const std::size_t selection = options.shard.size(source.size());
  const CsvRow& first = rows.front();
  const std::size_t board = first.result.board;
  if (k == 0 && !reader.unrecorded()) {
    const std::string mismatch = outputs_.provenance.mismatch(*reader.provenance(), true);
    if (!mismatch.empty())
      throw InputError(path, first.line, "was written by another run: " + mismatch);
  }
  if (k >= selection)
    throw InputError(path, first.line,
                     "board " + std::to_string(board) + " is past the end of this run, which has " +
                         std::to_string(selection) + " boards");
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
}

// A board with rows missing is solved again when it is the CSV's last: no
// board may follow it.
void RunRecorder::check_last_board(ResultsCsvReader& reader, const std::vector<CsvRow>& rows) {
  std::vector<CsvRow> more;
  if (reader.next_board(more))
    throw InputError(outputs_.csv, more.front().line,
                     "board " + std::to_string(more.front().result.board) + " follows board " +
                         std::to_string(rows.front().result.board) + ", which has only " +
                         std::to_string(rows.size()) + " of its " +
                         std::to_string(solvers_.size()) + " rows");
}

// The CSV accepted: cut after its last whole board (or the adopted file put
// in its place), and the JSON file rewritten from it put in place of the
// old one.
void RunRecorder::finish_resume(std::uint64_t kept, LineFile adopted, std::size_t boards) {
  const std::string& path = outputs_.csv;
  std::error_code ec;
  const auto size = fs::file_size(path, ec);
  cut_bytes_ = ec ? 0 : size - kept;
  if (adopted.is_open()) {
    adopted.flush();
    adopted.rename_to(path);  // the old file, still locked by csv_, goes with csv_
    csv_ = std::move(adopted);
    csv_partial_.clear();
  } else {
    csv_.cut(kept);
  }
  csv_has_rows_ = boards > 0;
  resumed_ = boards;
  if (json_.is_open() && !json_final_.empty()) {
    json_.flush();
    json_.rename_to(json_final_);
    json_lock_ = LineFile();
  }
}

void RunRecorder::record(std::span<const BoardResult> results, bool write_csv) {
  summary_.add_board(results);
  if (write_csv && csv_.is_open()) {
    text_.clear();
    for (const BoardResult& r : results) {
      append_csv_row(text_, r, solvers_[r.solver], csv_has_rows_ ? "" : provenance_text_,
                     csv_has_peak_);
      csv_has_rows_ = true;
    }
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
