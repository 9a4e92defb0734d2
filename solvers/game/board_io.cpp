#include "game/board_io.hpp"

#include <array>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <istream>
#include <ostream>

namespace colorwalk {

std::optional<BoardFormat> parse_format(std::string_view text) noexcept {
  if (text == "grid") return BoardFormat::kGrid;
  if (text == "line") return BoardFormat::kLine;
  return std::nullopt;
}

namespace {
std::string locate(const std::string& file, std::uint64_t line, const std::string& problem) {
  std::string out = file;
  if (line != 0) {
    out.push_back(':');
    out.append(std::to_string(line));
  }
  out.append(": ");
  out.append(problem);
  return out;
}
}  // namespace

InputError::InputError(std::string file, std::uint64_t line, const std::string& problem)
    : UserError(locate(file, line, problem)), file_(std::move(file)), line_(line) {}

namespace {

// Reads lines from a stream without ever holding more than `max_len`
// characters of one: a longer line is reported, not buffered. A read error
// (libstdc++'s file buffer throws std::ios_base::failure from the stream
// buffer, which no istream is there to catch) is an InputError naming the
// file and the line.
class LineReader {
 public:
  LineReader(std::istream& in, const std::string& name, std::size_t max_len)
      : buf_(in.rdbuf()), name_(name), max_len_(max_len) {}

  // Next line without its end (LF, CRLF) and without surrounding blanks.
  // Returns false at end of input. Sets `too_long`, and stops reading, at
  // the first character past `max_len`: the rest of such a line is never
  // read, so an endless one (/dev/zero, a pipe) cannot hang the reader.
  bool next(std::string& line, bool& too_long) {
    try {
      return read(line, too_long);
    } catch (const std::ios_base::failure& e) {
      throw InputError(name_, reading_, "read error: " + e.code().message());
    }
  }

  std::uint64_t number() const noexcept { return number_; }

 private:
  bool read(std::string& line, bool& too_long) {
    reading_ = number_ + 1;
    line.clear();
    too_long = false;
    if (buf_ == nullptr) return false;
    int ch = buf_->sgetc();
    if (ch == std::char_traits<char>::eof()) return false;
    ++number_;
    while (ch != std::char_traits<char>::eof() && ch != '\n') {
      if (line.size() == max_len_) {
        too_long = true;
        return true;
      }
      line.push_back(static_cast<char>(ch));
      ch = buf_->snextc();
    }
    if (ch == '\n') buf_->sbumpc();
    if (number_ == 1 && line.starts_with("\xEF\xBB\xBF")) line.erase(0, 3);
    trim(line);
    return true;
  }

  static bool blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }
  static void trim(std::string& s) {
    std::size_t end = s.size();
    while (end > 0 && blank(s[end - 1]))
      --end;
    std::size_t begin = 0;
    while (begin < end && blank(s[begin]))
      ++begin;
    s.assign(s, begin, end - begin);
  }

  std::streambuf* buf_;
  const std::string& name_;
  std::size_t max_len_;
  std::uint64_t number_ = 0;
  std::uint64_t reading_ = 1;  // the line being read
};

bool is_comment(const std::string& line) {
  return !line.empty() && line.front() == '#';
}

std::string describe_char(char c) {
  const auto u = static_cast<unsigned char>(c);
  if (u >= 0x21 && u < 0x7f) return std::string("'") + c + "'";
  static constexpr char kHex[] = "0123456789abcdef";
  return std::string("byte 0x") + kHex[u >> 4] + kHex[u & 15];
}

// Accumulates the rows of one board and turns symbols into colours.
class BoardBuilder {
 public:
  BoardBuilder(const std::string& name, BoardFormat format) : name_(name), format_(format) {}

  bool empty() const noexcept { return rows_ == 0; }

  // Symbols first: a row with a multi-byte character is reported as an
  // unknown symbol, not as a row of the wrong length.
  void add_row(const std::string& line, std::uint64_t line_no) {
    for (std::size_t i = 0; i < line.size(); ++i) {
      if (!normalize_symbol(line[i]))
        throw InputError(name_, line_no,
                         "unknown symbol " + describe_char(line[i]) + " at column " +
                             std::to_string(i + 1) + " (symbols are 0-9 and a-z)");
    }
    if (rows_ == 0) {
      first_line_ = line_no;
      width_ = line.size();
    } else if (line.size() != width_) {
      throw InputError(name_, line_no,
                       "ragged row: " + std::to_string(line.size()) +
                           " symbols, but the board's first row (line " +
                           std::to_string(first_line_) + ") has " + std::to_string(width_));
    }
    if (rows_ + 1 > kMaxSide || (rows_ + 1) * width_ > kMaxCells)
      throw InputError(name_, line_no,
                       "board is over the limit of " + std::to_string(kMaxSide) + " rows and " +
                           std::to_string(kMaxCells) + " cells");
    symbols_.reserve(symbols_.size() + line.size());
    for (const char c : line)
      symbols_.push_back(*normalize_symbol(c));
    ++rows_;
  }

  Board finish() {
    std::uint64_t width = width_;
    std::uint64_t height = rows_;
    if (format_ == BoardFormat::kLine) {
      std::uint64_t n = 0;
      while ((n + 1) * (n + 1) <= width_)
        ++n;
      if (n * n != width_)
        throw InputError(name_, first_line_,
                         std::to_string(width_) +
                             " symbols is not a square number (line format holds one n x n "
                             "board per line)");
      width = height = n;
    }
    std::array<bool, 256> used{};
    for (char s : symbols_)
      used[static_cast<unsigned char>(s)] = true;
    std::string palette;
    std::array<Color, 256> index{};
    for (char s : kSymbols) {
      if (used[static_cast<unsigned char>(s)]) {
        index[static_cast<unsigned char>(s)] = static_cast<Color>(palette.size());
        palette.push_back(s);
      }
    }
    std::vector<Color> cells;
    try {
      Board::check_size(width, height);
      cells.reserve(symbols_.size());
      for (char s : symbols_)
        cells.push_back(index[static_cast<unsigned char>(s)]);
      Board board = Board::make(static_cast<std::uint32_t>(width),
                                static_cast<std::uint32_t>(height), std::move(cells), palette);
      reset();
      return board;
    } catch (const BoardError& e) {
      throw InputError(name_, first_line_, e.what());
    }
  }

 private:
  void reset() {
    rows_ = 0;
    width_ = 0;
    symbols_.clear();
  }

  const std::string& name_;
  BoardFormat format_;
  std::uint64_t first_line_ = 0;
  std::size_t width_ = 0;
  std::size_t rows_ = 0;
  std::string symbols_;
};

constexpr std::size_t kLineSlack = 64;

void check_stream(std::istream& in, const std::string& name, std::uint64_t line) {
  if (in.bad()) throw InputError(name, line, "read error");
}

std::ifstream open_input(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw InputError(path, 0, "is a directory, not a file");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path, 0, std::string("cannot open: ") + std::strerror(errno));
  return in;
}

}  // namespace

std::vector<Board> read_boards(std::istream& in, const std::string& name, BoardFormat format) {
  const std::size_t max_len = (format == BoardFormat::kLine ? kMaxCells : kMaxSide) + kLineSlack;
  LineReader reader(in, name, max_len);
  BoardBuilder builder(name, format);
  std::vector<Board> boards;
  std::string line;
  bool too_long = false;
  while (reader.next(line, too_long)) {
    if (too_long)
      throw InputError(name, reader.number(),
                       "line is longer than " + std::to_string(max_len) +
                           " characters; the board limits are " + std::to_string(kMaxSide) +
                           " per side and " + std::to_string(kMaxCells) + " cells");
    if (is_comment(line)) continue;
    if (line.empty()) {
      if (!builder.empty()) boards.push_back(builder.finish());
      continue;
    }
    builder.add_row(line, reader.number());
    if (format == BoardFormat::kLine) boards.push_back(builder.finish());
  }
  check_stream(in, name, reader.number());
  if (!builder.empty()) boards.push_back(builder.finish());
  if (boards.empty())
    throw InputError(name, reader.number() == 0 ? 1 : reader.number(),
                     reader.number() == 0 ? "empty file: no boards"
                                          : "no boards (only blank lines and comments)");
  return boards;
}

std::vector<Board> load_boards(const std::string& path, BoardFormat format) {
  std::ifstream in = open_input(path);
  return read_boards(in, path, format);
}

void write_grid(std::ostream& out, const Board& board) {
  std::string row(board.width(), ' ');
  for (std::uint32_t r = 0; r < board.height(); ++r) {
    for (std::uint32_t c = 0; c < board.width(); ++c)
      row[c] = board.symbol(board.at(r, c));
    out << row << '\n';
  }
}

void write_grid(std::ostream& out, const std::vector<Board>& boards) {
  for (std::size_t i = 0; i < boards.size(); ++i) {
    if (i > 0) out << '\n';
    write_grid(out, boards[i]);
  }
}

std::vector<SolutionLine> read_solution_lines(std::istream& in, const std::string& name) {
  constexpr std::size_t kMaxSolution = 4 * kMaxCells;
  LineReader reader(in, name, kMaxSolution);
  std::vector<SolutionLine> lines;
  std::string line;
  bool too_long = false;
  std::size_t kept = 0;  // lines up to the last non-blank one
  while (reader.next(line, too_long)) {
    if (too_long)
      throw InputError(name, reader.number(),
                       "line is longer than " + std::to_string(kMaxSolution) + " moves");
    if (is_comment(line)) continue;
    for (std::size_t i = 0; i < line.size(); ++i) {
      const auto symbol = normalize_symbol(line[i]);
      if (!symbol)
        throw InputError(name, reader.number(),
                         "unknown symbol " + describe_char(line[i]) + " at column " +
                             std::to_string(i + 1) + " (moves are written 0-9 and a-z)");
      line[i] = *symbol;
    }
    lines.push_back({reader.number(), line});
    if (!line.empty()) kept = lines.size();
  }
  check_stream(in, name, reader.number());
  lines.resize(kept);
  return lines;
}

std::vector<SolutionLine> load_solution_lines(const std::string& path) {
  std::ifstream in = open_input(path);
  return read_solution_lines(in, path);
}

std::vector<Color> parse_moves(const Board& board, const SolutionLine& line,
                               const std::string& name) {
  std::vector<Color> moves;
  moves.reserve(line.symbols.size());
  for (std::size_t i = 0; i < line.symbols.size(); ++i) {
    const auto color = board.color_of(line.symbols[i]);
    if (!color)
      throw InputError(name, line.line,
                       std::string("move '") + line.symbols[i] + "' at column " +
                           std::to_string(i + 1) +
                           " is not a color of the board (its colors: " + board.palette() + ")");
    moves.push_back(*color);
  }
  return moves;
}

}  // namespace colorwalk
