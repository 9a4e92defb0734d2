#include "results/csv_reader.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstring>
#include <ext/stdio_filebuf.h>
#include <stdexcept>

#include "game/board_io.hpp"
#include "game/replay.hpp"
#include "game/wording.hpp"
#include "results/rows.hpp"

namespace colorwalk {

bool split_csv_line(const std::string& line, std::vector<std::string>& fields) {
  fields.clear();
  std::string field;
  std::size_t i = 0;
  while (true) {
    field.clear();
    if (i < line.size() && line[i] == '"') {
      ++i;
      while (true) {
        if (i >= line.size()) return false;  // the quote is never closed
        if (line[i] == '"') {
          if (i + 1 < line.size() && line[i + 1] == '"') {
            field += '"';
            i += 2;
            continue;
          }
          ++i;
          break;
        }
        field += line[i++];
      }
      if (i < line.size() && line[i] != ',') return false;
    } else {
      while (i < line.size() && line[i] != ',')
        field += line[i++];
    }
    fields.push_back(field);
    if (i >= line.size()) return true;
    ++i;  // the comma
  }
}

namespace {

template <typename T>
bool parse_number(const std::string& text, T& value) {
  const char* end = text.data() + text.size();
  const auto [p, e] = std::from_chars(text.data(), end, value);
  return e == std::errc{} && p == end && !text.empty();
}

// An empty field is a value not recorded.
template <typename T>
bool parse_optional(const std::string& text, std::optional<T>& value) {
  value.reset();
  if (text.empty()) return true;
  T parsed{};
  if (!parse_number(text, parsed)) return false;
  value = parsed;
  return true;
}

bool parse_flag(const std::string& text, bool& value) {
  if (text != "0" && text != "1") return false;
  value = text == "1";
  return true;
}

}  // namespace

namespace {

// Waits until the FIFO open as `fd` has something to read or its writer
// has come and gone; false after `seconds` with neither (no process writes
// to it). A signal's default action (SIGINT) ends the wait, and the process.
bool wait_for_writer(int fd, int seconds) {
  const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  while (true) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        end - std::chrono::steady_clock::now());
    if (left.count() <= 0) return false;
    pollfd p{fd, POLLIN, 0};
    const int n = ::poll(&p, 1, static_cast<int>(left.count()));
    if (n > 0) return true;
    if (n < 0 && errno != EINTR) return true;  // let the read report it
  }
}

}  // namespace

ResultsCsvReader::~ResultsCsvReader() = default;

ResultsCsvReader::ResultsCsvReader(std::string path, bool unrecorded) : path_(std::move(path)) {
  // O_NONBLOCK: opening a FIFO does not wait for a writer (wait_for_writer does, a while).
  const int fd = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) throw InputError(path_, 0, std::string("cannot open: ") + std::strerror(errno));
  struct stat st {};
  if (::fstat(fd, &st) != 0 || S_ISDIR(st.st_mode)) {
    ::close(fd);
    throw InputError(path_, 0, "is a directory");
  }
  if (S_ISFIFO(st.st_mode) && !wait_for_writer(fd, kFifoWaitSeconds)) {
    ::close(fd);
    throw InputError(
        path_, 0, "a FIFO that no process wrote to in " + std::to_string(kFifoWaitSeconds) + " s");
  }
  const int flags = ::fcntl(fd, F_GETFL);
  if (flags >= 0) ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
  buffer_ = std::make_unique<__gnu_cxx::stdio_filebuf<char>>(fd, std::ios::in | std::ios::binary);
  in_.rdbuf(buffer_.get());
  if (!std::getline(in_, text_)) return;  // empty file
  if (in_.eof()) {                        // no complete line: a torn header, or some other file
    const auto starts = [&](std::string_view header) {
      return header.substr(0, text_.size()) == text_;
    };
    if (!starts(kCsvHeader) && !starts(kCsvHeaderWithoutDetails) &&
        !starts(kCsvHeaderWithoutPeak))
      throw InputError(path_, 1, "is not a results CSV (its first line is not the header)");
    torn_bytes_ = text_.size();
    return;
  }
  line_ = 1;
  position_ = text_.size() + 1;
  if (text_.size() >= 3 && text_.compare(0, 3, "\xEF\xBB\xBF") == 0) text_.erase(0, 3);
  if (!text_.empty() && text_.back() == '\r') text_.pop_back();
  if (text_ == kCsvHeaderWithoutRun && !unrecorded)
    throw InputError(path_, 1,
                     "was written by a colorwalk that did not record its run (no `run` column): "
                     "solve --resume --adopt takes it as the run's (replayed) and records it");
  unrecorded_ = text_ == kCsvHeaderWithoutRun;
  has_details_ = text_ == kCsvHeader;
  has_peak_ = has_details_ || text_ == kCsvHeaderWithoutDetails;
  if (!has_peak_ && text_ != kCsvHeaderWithoutPeak && !unrecorded_)
    throw InputError(path_, 1,
                     "not a colorwalk results CSV: the header is '" + text_.substr(0, 120) +
                         "', expected '" + std::string(kCsvHeader) + "'");
  has_header_ = true;
  offset_ = position_;
}

bool ResultsCsvReader::read_row(CsvRow& row, std::uint64_t& end_offset) {
  if (!has_header_ || !in_) return false;
  if (!std::getline(in_, text_)) return false;
  if (in_.eof()) {  // a final line without its line break: not a row
    torn_bytes_ = text_.size();
    return false;
  }
  ++line_;
  position_ += text_.size() + 1;
  end_offset = position_;
  if (!text_.empty() && text_.back() == '\r') text_.pop_back();
  std::vector<std::string> f;
  if (!split_csv_line(text_, f)) throw InputError(path_, line_, "malformed CSV quoting");
  const std::string_view header = unrecorded_    ? kCsvHeaderWithoutRun
                                  : has_details_ ? kCsvHeader
                                  : has_peak_    ? kCsvHeaderWithoutDetails
                                                 : kCsvHeaderWithoutPeak;
  const std::size_t fields = unrecorded_ ? 8 : has_details_ ? 14 : has_peak_ ? 10 : 9;
  if (f.size() != fields)
    throw InputError(path_, line_,
                     "expected " + std::to_string(fields) + " fields (" + std::string(header) +
                         "), found " + std::to_string(f.size()));
  // Every row as the current header has it: f[8] `peak_mib`, f[9] `run`.
  if (!has_peak_) f.insert(f.begin() + 8, std::string());  // no `peak_mib` field
  if (unrecorded_) f.emplace_back();                       // no `run` field
  f.resize(14);  // no `name`, `generated`, `pruned`, `lower_bound` fields: empty
  row = CsvRow{};
  row.line = line_;
  BoardResult& r = row.result;
  row.solver = f[1];
  r.solution = f[3];
  const char* bad = nullptr;
  if (!parse_number(f[0], r.board))
    bad = "board";
  else if (f[1].empty())
    bad = "solver";
  else if (!parse_number(f[2], r.moves))
    bad = "moves";
  else if (!parse_flag(f[4], r.proven_optimal))
    bad = "proven_optimal";
  else if (!parse_number(f[5], r.expanded))
    bad = "expanded";
  else if (!parse_number(f[6], r.seconds))
    bad = "seconds";
  else if (!parse_flag(f[7], r.verified))
    bad = "verified";
  else if (!parse_optional(f[11], r.generated))
    bad = "generated";
  else if (!parse_optional(f[12], r.pruned))
    bad = "pruned";
  else if (!parse_optional(f[13], r.lower_bound))
    bad = "lower_bound";
  if (bad != nullptr) throw InputError(path_, line_, std::string("malformed ") + bad + " field");
  if (r.moves != r.solution.size())
    throw InputError(path_, line_,
                     "moves is " + std::to_string(r.moves) + " but the solution has " +
                         plural(r.solution.size(), "move"));
  if (!std::isfinite(r.seconds) || r.seconds < 0 || r.seconds > kMaxRowSeconds)
    throw InputError(path_, line_,
                     "seconds is '" + f[6] + "': no run takes that (0 to " +
                         std::to_string(static_cast<long long>(kMaxRowSeconds)) + ")");
  if (r.proven_optimal && !r.verified)
    throw InputError(path_, line_, "proven_optimal is 1 on a row that did not verify");
  if (r.verified && r.lower_bound && *r.lower_bound > r.moves)
    throw InputError(path_, line_,
                     "lower_bound is " + f[13] + ", above the " + plural(r.moves, "move") +
                         " of the row's verified solution");
  r.name = f[10];
  if (!f[8].empty()) {
    double mib = 0;
    if (!parse_number(f[8], mib) || !std::isfinite(mib) || mib < 0 || mib > kMaxRowPeakMib)
      throw InputError(path_, line_,
                       "peak_mib is '" + f[8] + "': no search holds that (0 to " +
                           std::to_string(static_cast<long long>(kMaxRowPeakMib)) + " MiB)");
    r.peak_bytes = static_cast<std::uint64_t>(std::llround(mib * 1024.0 * 1024.0));
  }
  if (line_ == 2 && !unrecorded_) {
    if (f[9].empty())
      throw InputError(path_, line_,
                       "the first row has no `run` field: the run's provenance is missing");
    try {
      provenance_ = RunProvenance::decode(f[9]);
    } catch (const std::invalid_argument& e) {
      throw InputError(path_, line_, std::string("malformed `run` field: ") + e.what());
    }
  } else if (!f[9].empty()) {
    throw InputError(path_, line_,
                     "a `run` field past the first row: rows of two runs in one file");
  }
  if (!r.verified) r.error = "failed in the run that wrote " + path_;
  return true;
}

bool ResultsCsvReader::next_board(std::vector<CsvRow>& rows) {
  rows.clear();
  std::uint64_t end = 0;
  if (has_pending_) {
    rows.push_back(std::move(pending_));
    end = pending_end_;
    has_pending_ = false;
  } else {
    CsvRow row;
    if (!read_row(row, end)) return false;
    rows.push_back(std::move(row));
  }
  CsvRow row;
  std::uint64_t row_end = 0;
  while (read_row(row, row_end)) {
    if (row.result.board != rows.front().result.board) {
      pending_ = std::move(row);
      pending_end_ = row_end;
      has_pending_ = true;
      break;
    }
    rows.push_back(std::move(row));
    end = row_end;
  }
  offset_ = end;
  return true;
}

}  // namespace colorwalk

namespace colorwalk {

RowChecker::RowChecker(std::vector<const SolverInfo*> solvers)
    : solvers_(std::move(solvers)), totals_(solvers_.size()) {}

void RowChecker::check(const std::string& path, const std::vector<CsvRow>& rows,
                       const std::function<Board()>& board) {
  const std::size_t index = rows.front().result.board;
  const auto where = [&](const CsvRow& row) {
    return "board " + std::to_string(index) + ", solver " + row.solver + ": ";
  };
  const CsvRow* proven = nullptr;
  for (std::size_t s = 0; s < rows.size() && s < solvers_.size(); ++s) {
    const CsvRow& row = rows[s];
    const BoardResult& r = row.result;
    if (r.proven_optimal && !solvers_[s]->exact)
      throw InputError(path, row.line,
                       where(row) + "proven_optimal is 1, but " + solvers_[s]->name +
                           " never proves an answer optimal");
    if (r.proven_optimal) {
      if (proven != nullptr && proven->result.moves != r.moves)
        throw InputError(path, row.line,
                         where(row) + "proves " + plural(r.moves, "move") +
                             " optimal, but solver " + proven->solver + " proves " +
                             std::to_string(proven->result.moves));
      proven = &row;
    }
    Totals& t = totals_[s];
    std::uint64_t square = 0;
    if (__builtin_mul_overflow(std::uint64_t{r.moves}, std::uint64_t{r.moves}, &square) ||
        __builtin_add_overflow(t.moves, std::uint64_t{r.moves}, &t.moves) ||
        __builtin_add_overflow(t.squares, square, &t.squares) ||
        __builtin_add_overflow(t.expanded, r.expanded, &t.expanded))
      throw InputError(path, row.line,
                       where(row) +
                           "its counters overflow the run's totals (no run counts "
                           "that many moves or nodes)");
  }
  if (proven != nullptr) {
    for (const CsvRow& row : rows)
      if (row.result.verified && row.result.moves < proven->result.moves)
        throw InputError(path, row.line,
                         where(row) + plural(row.result.moves, "move") +
                             ", fewer than the optimum of " + std::to_string(proven->result.moves) +
                             " that solver " + proven->solver + " proves");
  }
  bool any_verified = false;
  for (const CsvRow& row : rows)
    any_verified = any_verified || row.result.verified;
  if (!any_verified) return;
  const Board b = board();
  const ClusterGraph graph(b);
  for (std::size_t s = 0; s < rows.size() && s < solvers_.size(); ++s) {
    const CsvRow& row = rows[s];
    if (!row.result.verified) continue;
    const auto moves = parse_moves(b, SolutionLine{row.line, row.result.solution}, path);
    const ReplayResult result = replay(
        graph, moves, solvers_[s]->wasted_moves ? WastedMoves::kAllow : WastedMoves::kReject);
    if (!result.ok())
      throw InputError(
          path, row.line,
          where(row) + "the solution does not clear the board: " + result.describe(b, moves));
  }
}

}  // namespace colorwalk
