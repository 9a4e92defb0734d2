// Reads a results CSV (results/rows.hpp) back, one board at a time: for resuming
// a run and for merging shards. A final line without a line break (left by
// a crash or a full disk) is not a row: it is reported by torn_bytes() and
// never returned.
//
// Every row is checked for values that no run writes: a field that does
// not parse, moves that are not the solution's length, `seconds` that is
// not a finite number from 0 to kMaxRowSeconds, a row proven optimal that
// did not verify, and a `run` field where it does not belong (the first
// row's holds the run's provenance, every other row's is empty). Each is an
// InputError naming the file and line.
//
// Four headers are read (results/rows.hpp): the current one, with `name`,
// `generated`, `pruned` and `lower_bound` after `run`; the one before
// those were added (its rows read with none: BoardResult's fields empty);
// the one before `peak_mib` was added (its rows read with no peak either);
// and, when asked for, the one before `run` was added. Empty `generated`,
// `pruned` and `lower_bound` fields are counts not recorded; a
// `lower_bound` above the moves of a verified row is refused. An empty `peak_mib` field is a peak not recorded (a row
// adopted or merged from a file without the column); any other must be a
// number of MiB from 0 to kMaxRowPeakMib.
//
// A FIFO is read as it comes; one that no process writes to within
// kFifoWaitSeconds of opening it is an InputError, not a wait without end.
#pragma once

#include <cstdint>
#include <functional>
#include <istream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/batch.hpp"
#include "results/provenance.hpp"

namespace colorwalk {

struct CsvRow {
  BoardResult result;  // result.solver is left 0: the reader does not know the run's specs
  std::string solver;  // the spec text of the row
  std::uint64_t line = 0;
};

class ResultsCsvReader {
 public:
  static constexpr double kMaxRowSeconds = 1e9;  // 31 years for one board
  static constexpr double kMaxRowPeakMib = 1e9;  // a PiB for one board
  static constexpr int kFifoWaitSeconds = 5;

  // Opens `path` and checks the header. Throws InputError when the file
  // cannot be opened or its first line is not the results header. A file
  // with no complete line reads as having no header and no rows. With
  // `unrecorded`, a CSV written before runs were recorded (the header
  // without `run`, 8 fields a row) is read too: unrecorded() is then true
  // and provenance() stays empty.
  explicit ResultsCsvReader(std::string path, bool unrecorded = false);
  ~ResultsCsvReader();
  ResultsCsvReader(const ResultsCsvReader&) = delete;
  ResultsCsvReader& operator=(const ResultsCsvReader&) = delete;

  const std::string& path() const noexcept { return path_; }
  bool has_header() const noexcept { return has_header_; }
  // The run's provenance, from the first row (none before it is read, or
  // in a file without rows or without the `run` column).
  const std::optional<RunProvenance>& provenance() const noexcept { return provenance_; }
  // The file has the header without `run` (read only when asked for).
  bool unrecorded() const noexcept { return unrecorded_; }
  // The file has the `peak_mib` column (the current header). Rows appended
  // to the file must then have it, and must not otherwise.
  bool has_peak() const noexcept { return has_peak_; }
  // The file has the columns after `run` (name, generated, pruned,
  // lower_bound: the current header). Rows appended to the file must then
  // have them, and must not otherwise.
  bool has_details() const noexcept { return has_details_; }

  // Reads the next board's rows (consecutive rows with the same board index)
  // into `rows`; false at the end. Throws InputError naming the line of a
  // malformed row.
  bool next_board(std::vector<CsvRow>& rows);

  // Bytes from the start of the file to the end of the last board returned
  // (or of the header, before the first).
  std::uint64_t offset() const noexcept { return offset_; }
  // After the end: bytes of a final line without a line break (0 if none).
  std::uint64_t torn_bytes() const noexcept { return torn_bytes_; }

 private:
  bool read_row(CsvRow& row, std::uint64_t& end_offset);

  std::string path_;
  std::unique_ptr<std::streambuf> buffer_;
  std::istream in_{nullptr};
  bool has_header_ = false;
  bool unrecorded_ = false;
  bool has_peak_ = false;
  bool has_details_ = false;
  std::optional<RunProvenance> provenance_;
  std::uint64_t line_ = 0;
  std::uint64_t position_ = 0;  // bytes consumed by complete lines
  std::uint64_t offset_ = 0;
  std::uint64_t torn_bytes_ = 0;
  bool has_pending_ = false;
  CsvRow pending_;
  std::uint64_t pending_end_ = 0;
  std::string text_;
};

// Checks the rows read back from a results CSV against what a run can
// write, board by board: each verified solution is replayed on its board
// and must clear it (strictly, or leniently for a solver that plays wasted
// moves); a row proven optimal must come from a solver that proves (an
// exact one), and every proven row of a board must have the same number of
// moves, with no verified row below it; the totals of a solver's counters
// (moves, their squares, expanded) must fit 64 bits. Each failure is an
// InputError naming the file and line.
class RowChecker {
 public:
  // `solvers`: the run's solvers in row order.
  explicit RowChecker(std::vector<const SolverInfo*> solvers);

  // One board's rows of the file `path`, one per solver in order. `board`
  // returns the board under the run's rules and start; it is called only
  // when a row must be replayed.
  void check(const std::string& path, const std::vector<CsvRow>& rows,
             const std::function<Board()>& board);

 private:
  struct Totals {
    std::uint64_t moves = 0;
    std::uint64_t squares = 0;
    std::uint64_t expanded = 0;
  };
  std::vector<const SolverInfo*> solvers_;
  std::vector<Totals> totals_;
};

// Splits one CSV line into fields (RFC 4180 quoting); false when a quote is
// left open or text follows a closing quote.
bool split_csv_line(const std::string& line, std::vector<std::string>& fields);

}  // namespace colorwalk
