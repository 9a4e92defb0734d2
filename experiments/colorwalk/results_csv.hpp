// Reads a results CSV (report.hpp) back, one board at a time: for resuming
// a run and for merging shards. A final line without a line break (left by
// a crash or a full disk) is not a row: it is reported by torn_bytes() and
// never returned.
#pragma once

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include "batch.hpp"

namespace colorwalk {

struct CsvRow {
  BoardResult result;  // result.solver is left 0: the reader does not know the run's specs
  std::string solver;  // the spec text of the row
  std::uint64_t line = 0;
};

class ResultsCsvReader {
 public:
  // Opens `path` and checks the header. Throws InputError when the file
  // cannot be opened or its first line is not the results header. A file
  // with no complete line reads as having no header and no rows.
  explicit ResultsCsvReader(std::string path);

  const std::string& path() const noexcept { return path_; }
  bool has_header() const noexcept { return has_header_; }

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
  std::ifstream in_;
  bool has_header_ = false;
  std::uint64_t line_ = 0;
  std::uint64_t position_ = 0;  // bytes consumed by complete lines
  std::uint64_t offset_ = 0;
  std::uint64_t torn_bytes_ = 0;
  bool has_pending_ = false;
  CsvRow pending_;
  std::uint64_t pending_end_ = 0;
  std::string text_;
};

// Splits one CSV line into fields (RFC 4180 quoting); false when a quote is
// left open or text follows a closing quote.
bool split_csv_line(const std::string& line, std::vector<std::string>& fields);

}  // namespace colorwalk
