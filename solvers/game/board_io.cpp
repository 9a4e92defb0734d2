#include "game/board_io.hpp"

#include <algorithm>
#include <array>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <istream>
#include <ostream>
#include <sstream>

namespace colorwalk {

std::optional<BoardFormat> parse_format(std::string_view text) noexcept {
  if (text == "grid") return BoardFormat::kGrid;
  if (text == "line") return BoardFormat::kLine;
  if (text == "flood-it-boards") return BoardFormat::kFloodItBoards;
  return std::nullopt;
}

std::string_view format_name(BoardFormat format) noexcept {
  switch (format) {
    case BoardFormat::kGrid:
      return "grid";
    case BoardFormat::kLine:
      return "line";
    case BoardFormat::kFloodItBoards:
      return "flood-it-boards";
  }
  return "grid";
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
    : UserError(locate(file, line, problem)),
      file_(std::move(file)),
      line_(line),
      problem_(problem) {}

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

// A board file's line past what any board within the limits needs.
InputError line_too_long(const std::string& name, std::uint64_t line, std::size_t max_len) {
  return InputError(name, line,
                    "line is longer than " + std::to_string(max_len) +
                        " characters; the board limits are " + std::to_string(kMaxSide) +
                        " per side and " + std::to_string(kMaxCells) + " cells");
}

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

// The whole numbers of a flood-it-boards line, each checked to lie in
// [lo, hi]; `what` names them in messages ("cell", "header value").
std::vector<std::uint64_t> read_numbers(const std::string& line, const std::string& name,
                                        std::uint64_t line_no, const char* what, std::uint64_t lo,
                                        std::uint64_t hi) {
  std::vector<std::uint64_t> out;
  std::size_t i = 0;
  while (i < line.size()) {
    if (line[i] == ' ' || line[i] == '\t') {
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < line.size() && line[end] != ' ' && line[end] != '\t')
      ++end;
    const std::string_view token(line.data() + i, end - i);
    std::uint64_t value = 0;
    const auto [ptr, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
    if (ec != std::errc{} || ptr != token.data() + token.size() || value < lo || value > hi)
      throw InputError(name, line_no,
                       std::string(what) + " " + std::to_string(out.size() + 1) + " is '" +
                           std::string(token) + "', not a whole number from " + std::to_string(lo) +
                           " to " + std::to_string(hi));
    out.push_back(value);
    i = end;
  }
  return out;
}

// The one board of a flood-it-boards file and its stated optimum.
BoardFile read_flood_it_boards(std::istream& in, const std::string& name) {
  // A cell is at most two digits and a blank.
  const std::size_t max_len = 3 * kMaxCells + kLineSlack;
  LineReader reader(in, name, max_len);
  BoardFile file;
  file.format = BoardFormat::kFloodItBoards;
  std::string line;
  bool too_long = false;
  int part = 0;  // 0: header next, 1: cells, 2: optimum, 3: done
  std::uint64_t rows = 0;
  std::uint64_t columns = 0;
  std::uint64_t colors = 0;
  std::uint64_t header_line = 0;
  std::optional<Board> board;
  const std::uint64_t max_colors = kSymbols.size() - 1;
  while (reader.next(line, too_long)) {
    if (too_long) throw line_too_long(name, reader.number(), max_len);
    if (is_comment(line) || line.empty()) continue;
    const std::uint64_t at = reader.number();
    if (part == 0) {
      const auto header = read_numbers(line, name, at, "header value", 1, kMaxSide);
      if (header.size() != 3)
        throw InputError(name, at,
                         "expected 'm n k' (rows, columns, colors), got " +
                             std::to_string(header.size()) + " numbers");
      rows = header[0];
      columns = header[1];
      colors = header[2];
      header_line = at;
      if (colors > max_colors)
        throw InputError(
            name, at,
            std::to_string(colors) + " colors is over the limit of " + std::to_string(max_colors));
      if (rows * columns > kMaxCells)
        throw InputError(name, at,
                         "board is over the limit of " + std::to_string(kMaxCells) + " cells");
      part = 1;
    } else if (part == 1) {
      const auto cells = read_numbers(line, name, at, "cell", 1, colors);
      if (cells.size() != rows * columns)
        throw InputError(name, at,
                         std::to_string(rows * columns) + " cells expected (" +
                             std::to_string(rows) + " x " + std::to_string(columns) +
                             " from line " + std::to_string(header_line) + "), got " +
                             std::to_string(cells.size()));
      BoardBuilder builder(name, BoardFormat::kGrid);
      std::string row(columns, ' ');
      for (std::uint64_t r = 0; r < rows; ++r) {
        for (std::uint64_t c = 0; c < columns; ++c)
          row[c] = kSymbols[cells[r * columns + c]];
        builder.add_row(row, at);
      }
      board.emplace(builder.finish());
      part = 2;
    } else if (part == 2) {
      const auto optimum = read_numbers(line, name, at, "optimum", 0, kMaxCells);
      if (optimum.size() != 1)
        throw InputError(name, at,
                         "expected the optimal number of moves (0: unknown), got " +
                             std::to_string(optimum.size()) + " numbers");
      file.boards.push_back(std::move(*board));
      file.stated_optima.push_back(
          optimum[0] == 0 ? std::nullopt
                          : std::optional<std::uint32_t>(static_cast<std::uint32_t>(optimum[0])));
      part = 3;
    } else {
      throw InputError(name, at,
                       "unexpected line after the optimum (a flood-it-boards file holds one "
                       "board)");
    }
  }
  check_stream(in, name, reader.number());
  const std::uint64_t last = reader.number() == 0 ? 1 : reader.number();
  if (part == 0)
    throw InputError(name, last,
                     reader.number() == 0 ? "empty file: no boards"
                                          : "no boards (only blank lines and comments)");
  if (part == 1)
    throw InputError(
        name, last,
        "the file ends before the line of the " + std::to_string(rows * columns) + " cells");
  if (part == 2)
    throw InputError(name, last, "the file ends before the optimal number of moves (0: unknown)");
  return file;
}

bool is_square(std::size_t length) {
  std::size_t n = 0;
  while ((n + 1) * (n + 1) <= length)
    ++n;
  return n >= 2 && n * n == length;
}

}  // namespace

std::optional<BoardHeader> read_board_header(std::string_view text, const std::string& name) {
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  std::string_view first = text.substr(0, text.find('\n'));
  const auto trim = [](std::string_view& v) {
    while (!v.empty() && (v.front() == ' ' || v.front() == '\t')) v.remove_prefix(1);
    while (!v.empty() && (v.back() == ' ' || v.back() == '\t' || v.back() == '\r'))
      v.remove_suffix(1);
  };
  trim(first);
  if (!first.starts_with(kBoardHeader)) return std::nullopt;
  std::string_view rest = first.substr(kBoardHeader.size());
  trim(rest);
  std::optional<BoardFormat> format;
  BoardHeader header;
  while (!rest.empty()) {
    const std::size_t end = rest.find_first_of(" \t");
    const std::string_view word = rest.substr(0, end);
    rest = end == std::string_view::npos ? std::string_view{} : rest.substr(end);
    trim(rest);
    if (word.starts_with("format=")) {
      format = parse_format(word.substr(7));
      if (!format)
        throw InputError(name, 1,
                         "the header states format '" + std::string(word.substr(7)) +
                             "' (known: grid, line, flood-it-boards)");
    } else if (word.starts_with("rules=")) {
      header.rules = std::string(word.substr(6));
      if (!parse_rules(header.rules))
        throw InputError(name, 1,
                         "the header states rules '" + header.rules +
                             "' (known: color-walk, flood-it)");
    } else if (word.starts_with("start=")) {
      header.start = std::string(word.substr(6));
      if (!StartSpec::parse(header.start))
        throw InputError(name, 1,
                         "the header states start '" + header.start +
                             "' (a start is ROW,COL or center)");
    }
  }
  if (!format) throw InputError(name, 1, "the header states no format= (for example format=grid)");
  header.format = *format;
  return header;
}

std::optional<BoardFormat> stated_format(std::string_view text, const std::string& name) {
  const auto header = read_board_header(text, name);
  if (!header) return std::nullopt;
  return header->format;
}

BoardFormat detect_format(std::string_view text, const std::string& name) {
  if (const auto stated = stated_format(text, name)) return *stated;
  // Rows (trimmed, comments dropped) with the block each belongs to.
  struct Block {
    std::size_t rows = 0;
    std::size_t width = 0;
    std::uint64_t first_line = 0;
    std::uint64_t ragged_line = 0;  // the first row whose length differs, 0 if none
    std::size_t ragged_width = 0;
  };
  std::vector<Block> blocks;
  bool in_block = false;
  std::size_t common_length = 0;
  bool same_length = true;
  std::uint64_t line_no = 0;
  std::istringstream in{std::string(text)};
  LineReader reader(in, name, kMaxCells + kLineSlack);
  std::string line;
  bool too_long = false;
  while (reader.next(line, too_long)) {
    line_no = reader.number();
    if (too_long)
      throw InputError(name, line_no,
                       "line is longer than " + std::to_string(kMaxCells + kLineSlack) +
                           " characters; give --format if the file is a board file");
    if (is_comment(line)) continue;
    if (line.empty()) {
      in_block = false;
      continue;
    }
    if (blocks.empty() && line.find_first_of(" \t") != std::string::npos)
      return BoardFormat::kFloodItBoards;
    if (!in_block) {
      blocks.push_back({0, line.size(), line_no, 0, 0});
      in_block = true;
    }
    Block& block = blocks.back();
    if (line.size() != block.width && block.ragged_line == 0) {
      block.ragged_line = line_no;
      block.ragged_width = line.size();
    }
    ++block.rows;
    if (common_length == 0) common_length = line.size();
    if (line.size() != common_length) same_length = false;
  }
  if (blocks.empty()) return BoardFormat::kGrid;  // the reader reports the empty file
  bool grid = true;
  for (const Block& b : blocks)
    if (b.ragged_line != 0 || b.rows > kMaxSide || b.rows * b.width > kMaxCells ||
        b.width > kMaxSide)
      grid = false;
  const bool line_fits = same_length && is_square(common_length);
  if (grid && !line_fits) return BoardFormat::kGrid;
  if (line_fits && !grid) return BoardFormat::kLine;
  if (!grid) {
    for (const Block& b : blocks)
      if (b.ragged_line != 0)
        throw InputError(name, b.ragged_line,
                         "ragged row: " + std::to_string(b.ragged_width) +
                             " symbols, but the board's first row (line " +
                             std::to_string(b.first_line) + ") has " + std::to_string(b.width) +
                             " (nor are the rows line boards, n*n symbols each)");
    throw InputError(name, blocks.front().first_line,
                     "cannot tell the board format: the rows are neither grid boards (within "
                     "the limits) nor line boards (every line n*n symbols); give --format grid, "
                     "line or flood-it-boards");
  }
  // Both readings fit: either may be the one meant, so neither is guessed.
  std::size_t n = 0;
  while ((n + 1) * (n + 1) <= common_length)
    ++n;
  std::size_t rows = 0;
  for (const Block& b : blocks)
    rows += b.rows;
  const auto count = [](std::size_t k, const char* what) {
    return std::to_string(k) + " " + what + (k == 1 ? "" : "s");
  };
  throw InputError(name, blocks.front().first_line,
                   "cannot tell the board format: as grid, " + count(blocks.size(), "board") +
                       " of " + std::to_string(common_length) + " columns; as line, " +
                       count(rows, "board") + " of " + std::to_string(n) + " x " +
                       std::to_string(n) +
                       "; give --format grid or --format line (files written by colorwalk gen "
                       "state their format in their first line)");
}

InputError ReadBound::error(const std::string& name, std::uint64_t line) const {
  return InputError(name, line,
                    "the boards read so far would hold more than " +
                        std::to_string(max_bytes >> 20) +
                        " MiB in memory; " + advice);
}

std::uint64_t held_bytes(const Board& board) noexcept {
  // The board, its cells and palette, and its name and optimum in a source.
  return sizeof(Board) + board.cell_count() * sizeof(Color) + board.palette().size() + 64;
}

BoardFile read_board_file(std::istream& in, const std::string& name, BoardFormat format,
                          ReadBound* bound) {
  // A flood-it-boards file holds one board.
  if (format == BoardFormat::kFloodItBoards) return read_flood_it_boards(in, name);
  BoardFile file;
  file.format = format;
  file.boards = read_boards(in, name, format, bound);
  file.stated_optima.assign(file.boards.size(), std::nullopt);
  return file;
}

std::vector<Board> read_boards(std::istream& in, const std::string& name, BoardFormat format,
                               ReadBound* bound) {
  if (format == BoardFormat::kFloodItBoards) return read_flood_it_boards(in, name).boards;
  const std::size_t max_len = (format == BoardFormat::kLine ? kMaxCells : kMaxSide) + kLineSlack;
  LineReader reader(in, name, max_len);
  BoardBuilder builder(name, format);
  std::vector<Board> boards;
  const auto keep = [&](Board board) {
    if (bound != nullptr && !bound->take(held_bytes(board)))
      throw bound->error(name, reader.number());
    boards.push_back(std::move(board));
  };
  std::string line;
  bool too_long = false;
  while (reader.next(line, too_long)) {
    if (too_long) throw line_too_long(name, reader.number(), max_len);
    if (is_comment(line) || line.empty()) {
      // Lines that hold no cells count too, so that an endless stream of
      // them ends.
      if (bound != nullptr && !bound->take(line.size() + 1))
        throw bound->error(name, reader.number());
      if (!is_comment(line) && !builder.empty()) keep(builder.finish());
      continue;
    }
    builder.add_row(line, reader.number());
    if (format == BoardFormat::kLine) keep(builder.finish());
  }
  check_stream(in, name, reader.number());
  if (!builder.empty()) keep(builder.finish());
  if (boards.empty())
    throw InputError(name, reader.number() == 0 ? 1 : reader.number(),
                     reader.number() == 0 ? "empty file: no boards"
                                          : "no boards (only blank lines and comments)");
  return boards;
}

namespace {

// The whole text of an open board file. A read error names the line it
// happened in, as the readers do.
// Past `bound` (nullptr: none), reading stops with its error.
std::string read_text(std::istream& in, const std::string& path, ReadBound* bound = nullptr) {
  std::string text;
  std::array<char, 1 << 16> chunk;
  try {
    for (;;) {
      const std::streamsize got = in.rdbuf()->sgetn(chunk.data(), chunk.size());
      if (got <= 0) break;
      text.append(chunk.data(), static_cast<std::size_t>(got));
      if (bound != nullptr && !bound->take(static_cast<std::uint64_t>(got)))
        throw bound->error(
            path, static_cast<std::uint64_t>(std::count(text.begin(), text.end(), '\n')) + 1);
    }
  } catch (const std::ios_base::failure& e) {
    const auto line = static_cast<std::uint64_t>(std::count(text.begin(), text.end(), '\n')) + 1;
    throw InputError(path, line, "read error: " + e.code().message());
  }
  return text;
}

// Refuses a --format that contradicts the format a regular file's header
// states (a pipe cannot be read twice, and its reader skips the header);
// returns the header, if any.
std::optional<BoardHeader> check_stated_format(const std::string& path, BoardFormat given) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return std::nullopt;
  // Only the first line can be a header: a fixed prefix holds it, however
  // long the file's first line is.
  std::ifstream head = open_input(path);
  std::string first(4096, '\0');
  head.read(first.data(), static_cast<std::streamsize>(first.size()));
  first.resize(static_cast<std::size_t>(head.gcount()));
  const auto stated = read_board_header(first, path);
  if (stated && stated->format != given) {
    const std::string name(format_name(stated->format));
    throw InputError(path, 1,
                     "the file states format=" + name + " but --format " +
                         std::string(format_name(given)) + " was given; give --format " + name +
                         ", or no --format");
  }
  return stated;
}

// `file` with the rules and start `header` states.
BoardFile with_header(BoardFile file, const std::optional<BoardHeader>& header) {
  if (header) {
    file.stated_rules = header->rules;
    file.stated_start = header->start;
  }
  return file;
}

// `failure`, which reading `path` in `given` raised, with a hint when the
// file's text shows another format (only for a regular file, which can be
// read again; nothing is added when detection fails too).
InputError with_format_hint(const InputError& failure, const std::string& path, BoardFormat given) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return failure;
  try {
    // The hint reads the file again under a bound of its own, and gives up
    // past it: a hint never costs more memory than the failed read.
    ReadBound hint_bound;
    hint_bound.max_bytes = std::uint64_t{64} << 20;
    std::ifstream again = open_input(path);
    const BoardFormat shown = detect_format(read_text(again, path, &hint_bound), path);
    if (shown == given) return failure;
    const std::string name(format_name(shown));
    return InputError(failure.file(), failure.line(),
                      failure.problem() + " (read as " + std::string(format_name(given)) +
                          "; the file looks like " + name + ": give --format " + name +
                          ", or no --format)");
  } catch (const InputError&) {
    return failure;
  }
}

}  // namespace

BoardFile load_board_file(const std::string& path, std::optional<BoardFormat> format,
                          ReadBound* bound) {
  ReadBound default_bound;
  if (bound == nullptr) bound = &default_bound;
  std::ifstream in = open_input(path);
  if (format) {
    const auto header = check_stated_format(path, *format);
    try {
      return with_header(read_board_file(in, path, *format, bound), header);
    } catch (const InputError& e) {
      throw with_format_hint(e, path, *format);
    }
  }
  // Detection reads the text first (the file may be a pipe), then parses it.
  std::istringstream copy(read_text(in, path, bound));
  return with_header(read_board_file(copy, path, detect_format(copy.view(), path), bound),
                     read_board_header(copy.view(), path));
}

std::vector<Board> load_boards(const std::string& path, BoardFormat format) {
  check_stated_format(path, format);
  std::ifstream in = open_input(path);
  try {
    return read_boards(in, path, format);
  } catch (const InputError& e) {
    throw with_format_hint(e, path, format);
  }
}

void write_grid(std::ostream& out, const Board& board) {
  std::string row(board.width(), ' ');
  for (std::uint32_t r = 0; r < board.height(); ++r) {
    for (std::uint32_t c = 0; c < board.width(); ++c)
      row[c] = board.symbol(board.at(r, c));
    out << row << '\n';
  }
}

void write_board_header(std::ostream& out, BoardFormat format, std::string_view rules,
                        std::string_view start) {
  out << kBoardHeader << " format=" << format_name(format);
  if (!rules.empty()) out << " rules=" << rules;
  if (!start.empty()) out << " start=" << start;
  out << '\n';
}

void write_grid(std::ostream& out, const std::vector<Board>& boards) {
  for (std::size_t i = 0; i < boards.size(); ++i) {
    if (i > 0) out << '\n';
    write_grid(out, boards[i]);
  }
}

std::vector<SolutionLine> read_solution_lines(std::istream& in, const std::string& name,
                                              std::size_t max_lines) {
  constexpr std::size_t kMaxSolution = 4 * kMaxCells;
  // Blank and comment lines tolerated past the last one that may count, so
  // that an endless stream of them ends too.
  constexpr std::size_t kTrailingBlanks = 4096;
  std::size_t comments_past = 0;  // comment lines once max_lines are read
  LineReader reader(in, name, kMaxSolution);
  std::vector<SolutionLine> lines;
  std::string line;
  bool too_long = false;
  std::size_t kept = 0;  // lines up to the last non-blank one
  while (reader.next(line, too_long)) {
    if (too_long)
      throw InputError(name, reader.number(),
                       "line is longer than " + std::to_string(kMaxSolution) + " moves");
    if (is_comment(line)) {
      if (lines.size() >= max_lines && ++comments_past > kTrailingBlanks)
        throw InputError(name, reader.number(),
                         "more than " + std::to_string(kTrailingBlanks) +
                             " comment lines after the last of the " + std::to_string(max_lines) +
                             (max_lines == 1 ? " board's solution" : " boards' solutions"));
      continue;
    }
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
    if (lines.size() > max_lines && (!line.empty() || lines.size() - max_lines > kTrailingBlanks))
      throw InputError(name, reader.number(),
                       "more solution lines than the " + std::to_string(max_lines) +
                           (max_lines == 1 ? " board" : " boards") + " they are for");
  }
  check_stream(in, name, reader.number());
  lines.resize(kept);
  return lines;
}

std::vector<SolutionLine> load_solution_lines(const std::string& path, std::size_t max_lines) {
  std::ifstream in = open_input(path);
  return read_solution_lines(in, path, max_lines);
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
