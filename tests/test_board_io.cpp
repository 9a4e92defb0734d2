#include "game/board_io.hpp"

#include <array>
#include <cerrno>
#include <filesystem>
#include <sstream>
#include <system_error>

#include <gtest/gtest.h>

using namespace colorwalk;

namespace {

std::vector<Board> parse(const std::string& text, BoardFormat format = BoardFormat::kGrid) {
  std::istringstream in(text);
  return read_boards(in, "boards.txt", format);
}

// The message of the InputError that parsing `text` throws.
std::string error_of(const std::string& text, BoardFormat format = BoardFormat::kGrid) {
  try {
    parse(text, format);
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST(BoardIo, ReadsSeveralGridBoardsWithComments) {
  const auto boards = parse(
      "# two boards\n"
      "012\n"
      "# a comment inside a board\n"
      "210\n"
      "\n\n"
      "ab\n"
      "Ba\n");
  ASSERT_EQ(boards.size(), 2u);
  EXPECT_EQ(boards[0].width(), 3u);
  EXPECT_EQ(boards[0].height(), 2u);
  EXPECT_EQ(boards[0].palette(), "012");
  EXPECT_EQ(boards[0].at(1, 0), 2);
  EXPECT_EQ(boards[1].palette(), "ab");
  EXPECT_EQ(boards[1].at(1, 0), 1);  // 'B' reads as 'b'
}

TEST(BoardIo, PaletteIsTheUsedSymbolsInOrder) {
  const auto boards = parse("z15\n51z\n");
  ASSERT_EQ(boards.size(), 1u);
  EXPECT_EQ(boards[0].palette(), "15z");
  EXPECT_EQ(boards[0].at(0, 0), 2);
}

TEST(BoardIo, ToleratesCrlfBomAndTrailingSpaces) {
  const auto plain = parse("012\n210\n\n11\n00\n");
  EXPECT_EQ(parse("\xEF\xBB\xBF"
                  "012\r\n210  \r\n\r\n11\t\r\n00\r\n"),
            plain);
  EXPECT_EQ(parse("012\n210\n\n11\n00"), plain);  // no final newline
}

TEST(BoardIo, ReadsLineFormat) {
  const auto boards = parse("0120\n# comment\n\n123412341234123a\r\n", BoardFormat::kLine);
  ASSERT_EQ(boards.size(), 2u);
  EXPECT_EQ(boards[0].width(), 2u);
  EXPECT_EQ(boards[0].height(), 2u);
  EXPECT_EQ(boards[1].width(), 4u);
  EXPECT_EQ(boards[1].palette(), "1234a");
}

TEST(BoardIo, WriteThenReadIsIdentity) {
  const auto boards = parse("0123\n3210\n1111\n\nab\nba\n");
  std::ostringstream out;
  write_grid(out, boards);
  EXPECT_EQ(out.str(), "0123\n3210\n1111\n\nab\nba\n");
  EXPECT_EQ(parse(out.str()), boards);
}

TEST(BoardIo, RaggedRowNamesFileAndLine) {
  EXPECT_EQ(error_of("012\n210\n21\n"),
            "boards.txt:3: ragged row: 2 symbols, but the board's first row (line 1) has 3");
}

TEST(BoardIo, UnknownSymbolNamesFileLineAndColumn) {
  EXPECT_EQ(error_of("012\n2!0\n"),
            "boards.txt:2: unknown symbol '!' at column 2 (symbols are 0-9 and a-z)");
  EXPECT_EQ(error_of("01\n2\x01\n"),
            "boards.txt:2: unknown symbol byte 0x01 at column 2 (symbols are 0-9 and a-z)");
}

TEST(BoardIo, EmptyFileIsAnError) {
  EXPECT_EQ(error_of(""), "boards.txt:1: empty file: no boards");
  EXPECT_EQ(error_of("# nothing\n\n"), "boards.txt:2: no boards (only blank lines and comments)");
}

TEST(BoardIo, OneColorIsAnErrorAtTheBoardsFirstLine) {
  EXPECT_EQ(error_of("01\n10\n\n# next\n33\n33\n"),
            "boards.txt:5: board uses only 1 color; at least 2 are needed");
}

TEST(BoardIo, NothingHalfReadIsReturned) {
  // The first board is fine, the second is ragged: the whole read fails.
  EXPECT_THROW(parse("01\n10\n\n01\n1\n"), InputError);
}

TEST(BoardIo, OverLimitBoardsAreRefusedWhileReading) {
  const std::string wide(kMaxSide + 1, '1');
  EXPECT_NE(error_of(wide + "0\n").find("boards.txt:1: "), std::string::npos);
  const std::string huge_line(kMaxSide + 200, '1');
  EXPECT_NE(error_of(huge_line + "\n").find("boards.txt:1: line is longer than"),
            std::string::npos);
  std::string tall;
  for (std::uint64_t i = 0; i <= kMaxSide; ++i)
    tall += "01\n";
  EXPECT_EQ(error_of(tall), "boards.txt:" + std::to_string(kMaxSide + 1) +
                                ": board is over the limit of 4096 rows and 4194304 cells");
}

TEST(BoardIo, LineFormatNeedsASquare) {
  EXPECT_EQ(error_of("0120\n01201\n", BoardFormat::kLine),
            "boards.txt:2: 5 symbols is not a square number (line format holds one n x n board "
            "per line)");
}

TEST(BoardIo, LoadNamesMissingFilesAndDirectories) {
  try {
    load_boards("/nonexistent/boards.txt", BoardFormat::kGrid);
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("/nonexistent/boards.txt: cannot open", 0), 0u);
  }
  try {
    load_boards("/tmp", BoardFormat::kGrid);
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()), "/tmp: is a directory, not a file");
  }
}

namespace {

// A stream buffer that serves `good` and then fails as a disk does: its
// underflow throws std::ios_base::failure, as libstdc++'s file buffer does
// when read(2) fails.
class FailingBuffer : public std::streambuf {
 public:
  explicit FailingBuffer(std::string good) : good_(std::move(good)) {
    setg(good_.data(), good_.data(), good_.data() + good_.size());
  }

 protected:
  int_type underflow() override {
    throw std::ios_base::failure("underflow error reading the file",
                                 std::error_code(EIO, std::generic_category()));
  }

 private:
  std::string good_;
};

}  // namespace

TEST(BoardIo, ReadErrorsNameFileAndLine) {
  // Found by the catalogue: a read error escaped as std::ios_base::failure
  // (exit 1, "basic_filebuf::underflow error reading the file", no file name).
  for (const bool solutions : {false, true}) {
    FailingBuffer buffer("01\n10\n1");
    std::istream in(&buffer);
    try {
      if (solutions)
        read_solution_lines(in, "disk.txt");
      else
        read_boards(in, "disk.txt", BoardFormat::kGrid);
      FAIL() << "no error";
    } catch (const InputError& e) {
      EXPECT_EQ(std::string(e.what()), "disk.txt:3: read error: Input/output error");
    }
  }
  // /proc/self/mem opens but its first page cannot be read (root included).
  if (std::filesystem::exists("/proc/self/mem")) {
    try {
      load_boards("/proc/self/mem", BoardFormat::kGrid);
      FAIL() << "no error";
    } catch (const InputError& e) {
      EXPECT_EQ(std::string(e.what()).rfind("/proc/self/mem:1: read error: ", 0), 0u) << e.what();
    }
  }
}

namespace {

// An endless stream of one character, as /dev/zero or a pipe that never
// ends a line; counts what was taken from it.
class EndlessBuffer : public std::streambuf {
 public:
  explicit EndlessBuffer(char c) { chunk_.fill(c); }
  std::size_t served() const { return served_; }

 protected:
  int_type underflow() override {
    served_ += chunk_.size();
    setg(chunk_.data(), chunk_.data(), chunk_.data() + chunk_.size());
    return traits_type::to_int_type(chunk_[0]);
  }

 private:
  std::array<char, 4096> chunk_{};
  std::size_t served_ = 0;
};

}  // namespace

TEST(BoardIo, AnEndlessLineIsRefusedWithoutReadingItAll) {
  // Found by the catalogue: '--boards /dev/zero' read forever.
  for (const BoardFormat format : {BoardFormat::kGrid, BoardFormat::kLine}) {
    EndlessBuffer buffer('\0');
    std::istream in(&buffer);
    try {
      read_boards(in, "/dev/zero", format);
      FAIL() << "no error";
    } catch (const InputError& e) {
      EXPECT_EQ(std::string(e.what()).rfind("/dev/zero:1: line is longer than ", 0), 0u)
          << e.what();
    }
    EXPECT_LE(buffer.served(), kMaxCells + 2 * 4096);
  }
  EndlessBuffer buffer('1');
  std::istream in(&buffer);
  EXPECT_THROW(read_solution_lines(in, "endless.txt"), InputError);
  EXPECT_LE(buffer.served(), 4 * kMaxCells + 4096);
}

TEST(BoardIo, SolutionLines) {
  std::istringstream in("# solutions\n01A\n\n10\n\n\n");
  const auto lines = read_solution_lines(in, "sol.txt");
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0].line, 2u);
  EXPECT_EQ(lines[0].symbols, "01a");
  EXPECT_EQ(lines[1].symbols, "");
  EXPECT_EQ(lines[2].line, 4u);
  const Board b = Board::make(2, 1, {0, 1}, "01");
  EXPECT_EQ(parse_moves(b, lines[2], "sol.txt"), (std::vector<Color>{1, 0}));
  try {
    parse_moves(b, lines[0], "sol.txt");
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()),
              "sol.txt:2: move 'a' at column 3 is not a color of the board (its colors: 01)");
  }
  std::istringstream bad("01\n0?1\n");
  EXPECT_THROW(read_solution_lines(bad, "sol.txt"), InputError);
}
