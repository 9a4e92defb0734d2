#include "results/recorder.hpp"

#include <charconv>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <optional>

#include "engine/exit_status.hpp"
#include "game/board_io.hpp"
#include "game/wording.hpp"
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

// The JSON string that starts at `text[at]` (its opening quote), unescaped
// as json_string() escapes; nullopt when it is not one.
std::optional<std::string> json_string_at(std::string_view text, std::size_t at) {
  if (at >= text.size() || text[at] != '"') return std::nullopt;
  std::string out;
  for (std::size_t i = at + 1; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '"') return out;
    if (c != '\\') {
      out += c;
      continue;
    }
    if (++i == text.size()) return std::nullopt;
    switch (text[i]) {
      case 'n': out += '\n'; break;
      case 'r': out += '\r'; break;
      case 't': out += '\t'; break;
      case 'u': {
        unsigned code = 0;
        if (i + 4 >= text.size() ||
            std::from_chars(text.data() + i + 1, text.data() + i + 5, code, 16).ptr !=
                text.data() + i + 5 ||
            code >= 0x80)
          return std::nullopt;
        out += static_cast<char>(code);
        i += 4;
        break;
      }
      default: out += text[i];
    }
  }
  return std::nullopt;
}

// The reasons an earlier run gave for its rows that did not verify, read
// from its JSON Lines file in board order as the CSV is read back: the CSV
// records no reason. Anything unreadable there just gives no reason.
class RecordedReasons {
 public:
  explicit RecordedReasons(const std::string& path) : in_(path, std::ios::binary) {}

  // The reason recorded for `solver`'s row of `board` ("" when none is);
  // asked in the order of the rows.
  std::string reason(std::size_t board, const std::string& solver) {
    for (;;) {
      if (!has_line_ && !read_line()) return "";
      if (line_board_ > board) return "";  // kept for a later row
      has_line_ = false;
      if (line_board_ == board && line_solver_ == solver) return line_error_;
    }
  }

 private:
  // Next result line; false at the end of the file.
  bool read_line() {
    constexpr std::size_t kMaxLine = std::size_t{1} << 20;  // a row is far shorter
    std::string line;
    while (in_) {
      line.clear();
      char c = 0;
      while (in_.get(c) && c != '\n')
        if (line.size() < kMaxLine) line += c;
      constexpr std::string_view kStart = "{\"type\":\"result\",\"board\":";
      if (!line.starts_with(kStart)) continue;
      const std::string_view text(line);
      std::size_t board = 0;
      if (std::from_chars(text.data() + kStart.size(), text.data() + text.size(), board).ec !=
          std::errc{})
        continue;
      const std::size_t solver_key = text.find(",\"solver\":");
      if (solver_key == std::string_view::npos) continue;
      const auto solver = json_string_at(text, solver_key + 10);
      if (!solver) continue;
      const std::size_t error_key = text.rfind(",\"error\":");
      std::optional<std::string> error;
      if (error_key != std::string_view::npos) error = json_string_at(text, error_key + 9);
      has_line_ = true;
      line_board_ = board;
      line_solver_ = *solver;
      line_error_ = error.value_or("");
      return true;
    }
    has_line_ = false;
    return false;
  }

  std::ifstream in_;
  bool has_line_ = false;  // a line read and not yet asked for
  std::size_t line_board_ = 0;
  std::string line_solver_;
  std::string line_error_;
};

}  // namespace

RunRecorder::RunRecorder(const BoardSource& source, const BatchOptions& options,
                         const RecorderOptions& outputs)
    : solvers_(spec_texts(options.solvers)), outputs_(outputs), summary_(options.solvers.size()) {
  provenance_text_ = outputs_.provenance.encode();
  summary_.set_optima(outputs_.optima);
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
  csv_has_details_ = true;
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
  // The JSON file being replaced keeps the reasons of the rows that failed.
  std::optional<RecordedReasons> reasons;
  if (!json_final_.empty() && fs::is_regular_file(json_final_, ec)) reasons.emplace(json_final_);
  std::size_t k = 0;
  while (reader.next_board(rows)) {
    if (const int sig = outputs_.stop_signal ? outputs_.stop_signal() : 0; sig != 0)
      throw Interrupted(sig, std::string("stopped by ") + (sig == SIGINT ? "SIGINT" : "SIGTERM") +
                                 " while reading back " + path + " to resume it (the files are as they were)");
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
      if (!results.back().verified && reasons) {
        std::string why = reasons->reason(board, rows[s].solver);
        if (!why.empty()) results.back().error = std::move(why);
      }
    }
    if (adopted.is_open()) {
      text_.clear();
      for (const BoardResult& r : results)
        append_csv_row(text_, r, solvers_[r.solver],
                       k == 0 && r.solver == 0 ? provenance_text_ : "", csv_has_peak_,
                       csv_has_details_);
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
  csv_has_details_ = reader.has_details();
  if (reader.unrecorded()) {
    csv_partial_ = outputs_.csv + ".partial";
    adopted = LineFile::create(csv_partial_);
    adopted.append(std::string(kCsvHeader) + "\n");
    csv_has_peak_ = true;
    csv_has_details_ = true;
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
                         plural(selection, "board"));
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
                         std::to_string(rows.size()) + " of its " + plural(solvers_.size(), "row"));
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
                     csv_has_peak_, csv_has_details_);
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
