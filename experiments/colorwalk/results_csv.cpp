#include "results_csv.hpp"

#include <charconv>
#include <filesystem>

#include "game/board_io.hpp"
#include "report.hpp"

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

bool parse_flag(const std::string& text, bool& value) {
  if (text != "0" && text != "1") return false;
  value = text == "1";
  return true;
}

}  // namespace

ResultsCsvReader::ResultsCsvReader(std::string path) : path_(std::move(path)) {
  std::error_code ec;
  if (std::filesystem::is_directory(path_, ec)) throw InputError(path_, 0, "is a directory");
  in_.open(path_, std::ios::binary);
  if (!in_) throw InputError(path_, 0, "cannot open");
  if (!std::getline(in_, text_)) return;  // empty file
  if (in_.eof()) {                        // no complete line: a torn header, or some other file
    if (std::string_view(kCsvHeader).substr(0, text_.size()) != text_)
      throw InputError(path_, 1, "is not a results CSV (its first line is not the header)");
    torn_bytes_ = text_.size();
    return;
  }
  line_ = 1;
  position_ = text_.size() + 1;
  if (text_.size() >= 3 && text_.compare(0, 3, "\xEF\xBB\xBF") == 0) text_.erase(0, 3);
  if (!text_.empty() && text_.back() == '\r') text_.pop_back();
  if (text_ != kCsvHeader)
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
  if (f.size() != 8)
    throw InputError(
        path_, line_,
        "expected 8 fields (" + std::string(kCsvHeader) + "), found " + std::to_string(f.size()));
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
  if (bad != nullptr) throw InputError(path_, line_, std::string("malformed ") + bad + " field");
  if (r.moves != r.solution.size())
    throw InputError(path_, line_,
                     "moves is " + std::to_string(r.moves) + " but the solution has " +
                         std::to_string(r.solution.size()) + " moves");
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
