// Board sources that people have: the flood-it-boards format, format
// detection, several files and directories as one source, and the tool's
// refusal of options that do not apply to the source.
#include <sys/stat.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <sstream>

#include <gtest/gtest.h>

#include "game/board_io.hpp"
#include "game/sources.hpp"
#include "test_support.hpp"

using namespace colorwalk;
using colorwalk::testing::ScratchDir;

namespace {

BoardFile parse_fib(const std::string& text) {
  std::istringstream in(text);
  return read_board_file(in, "b.fib", BoardFormat::kFloodItBoards);
}

std::string fib_error(const std::string& text) {
  try {
    parse_fib(text);
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

std::string detect_error(const std::string& text) {
  try {
    return std::string("detected ") + std::string(format_name(detect_format(text, "f.txt")));
  } catch (const InputError& e) {
    return e.what();
  }
}

}  // namespace

TEST(FloodItBoards, ReadsARectangularBoardAndItsStatedOptimum) {
  const BoardFile f = parse_fib(
      "# a comment\n"
      "2 3 3\n"
      "1 2 3 3 2 1\n"
      "\n"
      "4\n"
      "# trailing comment\n");
  ASSERT_EQ(f.boards.size(), 1u);
  const Board& b = f.boards[0];
  EXPECT_EQ(b.height(), 2u);
  EXPECT_EQ(b.width(), 3u);
  EXPECT_EQ(b.colors(), 3u);
  EXPECT_EQ(b.palette(), "123");
  EXPECT_EQ(b.at(0, 0), 0);
  EXPECT_EQ(b.at(0, 2), 2);
  EXPECT_EQ(b.at(1, 0), 2);
  ASSERT_EQ(f.stated_optima.size(), 1u);
  EXPECT_EQ(f.stated_optima[0], std::optional<std::uint32_t>(4));
  EXPECT_EQ(f.format, BoardFormat::kFloodItBoards);
}

TEST(FloodItBoards, ZeroIsAnUnknownOptimumAndTenColorsAreWrittenA) {
  const BoardFile f = parse_fib("1 10 10\n1 2 3 4 5 6 7 8 9 10\n0\n");
  EXPECT_EQ(f.stated_optima[0], std::nullopt);
  EXPECT_EQ(f.boards[0].palette(), "123456789a");
  EXPECT_EQ(f.boards[0].symbol(9), 'a');
}

TEST(FloodItBoards, EveryMalformedCaseNamesTheFileAndLine) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"", "b.fib:1: empty file: no boards"},
      {"# only\n\n", "b.fib:2: no boards (only blank lines and comments)"},
      {"2 3\n", "b.fib:1: expected 'm n k' (rows, columns, colors), got 2 numbers"},
      {"2 x 3\n", "b.fib:1: header value 2 is 'x', not a whole number from 1 to 4096"},
      {"0 3 3\n", "b.fib:1: header value 1 is '0', not a whole number from 1 to 4096"},
      {"2 2 40\n", "b.fib:1: 40 colors is over the limit of 35"},
      {"2 2 2\n", "b.fib:1: the file ends before the line of the 4 cells"},
      {"2 2 2\n1 2 1\n4\n", "b.fib:2: 4 cells expected (2 x 2 from line 1), got 3"},
      {"2 2 2\n1 2 3 1\n4\n", "b.fib:2: cell 3 is '3', not a whole number from 1 to 2"},
      {"2 2 2\n1 0 2 1\n4\n", "b.fib:2: cell 2 is '0', not a whole number from 1 to 2"},
      {"2 2 2\n1 2 b 1\n4\n", "b.fib:2: cell 3 is 'b', not a whole number from 1 to 2"},
      {"2 2 2\n1 2 2 1\n",
       "b.fib:2: the file ends before the optimal number of moves (0: unknown)"},
      {"2 2 2\n1 2 2 1\nthree\n",
       "b.fib:3: optimum 1 is 'three', not a whole number from 0 to 4194304"},
      {"2 2 2\n1 2 2 1\n2 3\n",
       "b.fib:3: expected the optimal number of moves (0: unknown), got 2 numbers"},
      {"2 2 2\n1 2 2 1\n2\n2 2 2\n",
       "b.fib:4: unexpected line after the optimum (a flood-it-boards file holds one board)"},
      {"2 2 2\n1 1 1 1\n1\n", "b.fib:2: "},  // one colour: the board's own check
  };
  for (const auto& [text, expected] : cases)
    EXPECT_EQ(fib_error(text).rfind(expected, 0), 0u) << "input:\n"
                                                      << text << "\ngot: " << fib_error(text);
}

TEST(FormatDetection, TellsTheThreeFormatsApart) {
  EXPECT_EQ(detect_error("# c\n2 2 2\n1 2 2 1\n3\n"), "detected flood-it-boards");
  // Grid: widths that are no square, several boards.
  EXPECT_EQ(detect_error("012\n120\n\n01\n10\n"), "detected grid");
  EXPECT_EQ(detect_error("01234\n12340\n"), "detected grid");
  // Line: rows of one square length that no grid reading fits (a block of
  // more rows than a board's side may have).
  std::string tall;
  for (int i = 0; i < 4097; ++i)
    tall += i % 2 == 0 ? "0110\n" : "1001\n";
  EXPECT_EQ(detect_error(tall), "detected line");
}

TEST(FormatDetection, AHeaderStatesTheFormatAndIsHonoured) {
  // Rows that both readings fit: the header decides, with a byte-order mark,
  // CRLF and blanks around it too.
  const std::string rows = "0110\n1001\n0101\n1010\n";
  EXPECT_EQ(detect_error("# colorwalk: format=grid\n" + rows), "detected grid");
  EXPECT_EQ(detect_error("# colorwalk: format=line\n" + rows), "detected line");
  EXPECT_EQ(detect_error("\xEF\xBB\xBF  # colorwalk:  format=line \r\n" + rows), "detected line");
  EXPECT_EQ(detect_error("# colorwalk: format=flood-it-boards\n2 2 2\n1 2 2 1\n3\n"),
            "detected flood-it-boards");
  // A header that names no known format is refused, naming the header's line.
  EXPECT_EQ(detect_error("# colorwalk: format=csv\n" + rows),
            "f.txt:1: the header states format 'csv' (known: grid, line, flood-it-boards)");
  EXPECT_EQ(detect_error("# colorwalk: rules=flood-it\n" + rows),
            "f.txt:1: the header states no format= (for example format=grid)");
  // Another comment first is no header.
  EXPECT_EQ(detect_error("# boards\n# colorwalk: format=grid\n01234\n"), "detected grid");
}

TEST(FormatDetection, RefusesAmbiguousAndUnknownFilesSayingWhichFormatToGive) {
  // Four rows of four: one 4x4 grid board, or four 2x2 line boards.
  EXPECT_EQ(detect_error("0110\n1001\n0101\n1010\n"),
            "f.txt:1: cannot tell the board format: as grid, 1 board of 4 columns; as line, "
            "4 boards of 2 x 2; give --format grid or --format line (files written by colorwalk "
            "gen state their format in their first line)");
  // A single row, or a tall block of rows of a square length, is no safer a
  // guess: a 16x1 or a 16x32 grid board reads as 4x4 line boards.
  EXPECT_EQ(detect_error("0123012301230123\n").rfind("f.txt:1: cannot tell the board format: as "
                                                      "grid, 1 board of 16 columns; as line, 1 "
                                                      "board of 4 x 4;",
                                                      0),
            0u);
  std::string many;
  for (int i = 0; i < 500; ++i)
    many += i % 2 == 0 ? "0123456789012345012345678901234501234567890123450123456789012345\n"
                       : "5432109876543210543210987654321054321098765432105432109876543210\n";
  EXPECT_EQ(detect_error(many).rfind("f.txt:1: cannot tell the board format: as grid, 1 board of "
                                     "64 columns; as line, 500 boards of 8 x 8;",
                                     0),
            0u);
  // Ragged rows fit neither; the ragged row is named.
  EXPECT_EQ(detect_error("0123\n012\n0123\n"),
            "f.txt:2: ragged row: 3 symbols, but the board's first row (line 1) has 4 (nor are "
            "the rows line boards, n*n symbols each)");
  // Rows of one non-square length over the limits fit neither.
  EXPECT_EQ(detect_error(std::string(4097, '0') + "\n" + std::string(4097, '1') + "\n")
                .rfind("f.txt:1: cannot tell the board format: the rows are neither", 0),
            0u);
}

TEST(FileSources, DirectoriesReadTheirFilesInNameOrderNamedByFile) {
  const ScratchDir dir;
  std::filesystem::create_directories(dir.file("set/sub"));
  dir.write("set/b", "2 2 2\n1 2 2 1\n2\n");            // flood-it-boards
  dir.write("set/a.txt", "012\n120\n\n01\n10\n");       // grid, two boards
  dir.write("set/.hidden", "not a board file at all");  // skipped
  dir.write("set/sub/c", "2 2 2\n2 1 1 2\n0\n");        // not read: one level only
  dir.write("lone.txt", "# colorwalk: format=line\n0123012301230123\n");
  const auto source = load_file_source({dir.file("set"), dir.file("lone.txt")}, std::nullopt);
  ASSERT_EQ(source->size(), 4u);
  EXPECT_EQ(source->name(0), "a.txt:0");
  EXPECT_EQ(source->name(1), "a.txt:1");
  EXPECT_EQ(source->name(2), "b");
  EXPECT_EQ(source->name(3), "lone.txt");
  EXPECT_EQ(source->board(0).width(), 3u);
  EXPECT_EQ(source->board(2).width(), 2u);
  EXPECT_EQ(source->board(3).width(), 4u);
  EXPECT_EQ(source->stated_optimum(0), std::nullopt);
  EXPECT_EQ(source->stated_optimum(2), std::optional<std::uint32_t>(2));
  EXPECT_EQ(source->describe(), dir.file("set") + " " + dir.file("lone.txt"));
}

TEST(FileSources, AnEmptyDirectoryOrABadFileIsRefused) {
  const ScratchDir dir;
  std::filesystem::create_directories(dir.file("empty"));
  EXPECT_THROW(load_file_source({dir.file("empty")}, std::nullopt), InputError);
  dir.write("bad", "2 2 2\n1 2 2\n2\n");
  try {
    load_file_source({dir.file("bad")}, std::nullopt);
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()),
              dir.file("bad") + ":2: 4 cells expected (2 x 2 from line 1), got 3");
  }
}

TEST(FileSources, AGivenFormatThatFailsSaysWhichFormatTheFileLooksLike) {
  const ScratchDir dir;
  dir.write("fib", "2 2 2\n1 2 2 1\n2\n");      // flood-it-boards
  dir.write("line.txt", "# colorwalk: format=line\n0123012301230123\n");  // line, stated
  const auto error_of = [&](const std::string& name, BoardFormat format) -> std::string {
    try {
      load_board_file(dir.file(name), format);
    } catch (const InputError& e) {
      return e.what();
    }
    return "no error";
  };
  EXPECT_EQ(error_of("fib", BoardFormat::kGrid),
            dir.file("fib") +
                ":1: unknown symbol byte 0x20 at column 2 (symbols are 0-9 and a-z) (read as "
                "grid; the file looks like flood-it-boards: give --format flood-it-boards, or no "
                "--format)");
  // A --format that contradicts the format a file states is refused first.
  EXPECT_EQ(error_of("line.txt", BoardFormat::kFloodItBoards),
            dir.file("line.txt") +
                ":1: the file states format=line but --format flood-it-boards was given; give "
                "--format line, or no --format");
  EXPECT_EQ(load_boards(dir.file("fib"), BoardFormat::kFloodItBoards).size(), 1u);
  try {
    load_boards(dir.file("fib"), BoardFormat::kLine);
    FAIL() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("give --format flood-it-boards"), std::string::npos)
        << e.what();
  }
  // A file malformed in the format it shows gets no hint: the format was right.
  dir.write("bad", "2 2 2\n1 2 2\n2\n");
  EXPECT_EQ(error_of("bad", BoardFormat::kFloodItBoards),
            dir.file("bad") + ":2: 4 cells expected (2 x 2 from line 1), got 3");
  // Nor does a file whose format cannot be told (here: ragged rows).
  dir.write("ragged", "012\n01\n");
  EXPECT_EQ(error_of("ragged", BoardFormat::kGrid).find("looks like"), std::string::npos)
      << error_of("ragged", BoardFormat::kGrid);
}

TEST(BoardSourceOptions, TheToolDetectsFormatsAndRefusesOptionsOfAnotherSource) {
  const ScratchDir dir;
  // A line file without a header also reads as one tall grid board: refused
  // without --format, never guessed; read as line with it.
  std::string lines;
  for (int i = 0; i < 40; ++i)
    lines += "0123012301230123\n";
  dir.write("line.txt", lines);
  const auto guessed = colorwalk::testing::run_colorwalk(
      dir, "solve --boards '" + dir.file("line.txt") + "' --solver greedy --quiet");
  EXPECT_EQ(guessed.exit_code, 2) << guessed.err;
  EXPECT_NE(guessed.err.find("cannot tell the board format"), std::string::npos) << guessed.err;
  const auto r = colorwalk::testing::run_colorwalk(dir, "solve --boards '" + dir.file("line.txt") +
                                                            "' --format line --solver greedy "
                                                            "--quiet --csv '" +
                                                            dir.file("out.csv") + "'");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const std::string csv = colorwalk::testing::read_file(dir.file("out.csv"));
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 41) << csv;  // header and 40 boards

  const std::vector<std::pair<std::string, std::string>> refused = {
      {"solve --articles 2 --format line --solver greedy",
       "colorwalk solve: --format is an option of --boards, not of --articles\n"},
      {"solve --boards line.txt --size 3x3 --solver greedy",
       "colorwalk solve: --size is an option of --random, not of --boards\n"},
      {"solve --articles 2 --seed 4 --solver greedy",
       "colorwalk solve: --seed is an option of --random, not of --articles\n"},
      {"gen --boards line.txt --colors 3",
       "colorwalk gen: --colors is an option of --random, not of --boards\n"},
      {"gen --random 1 --size 1x1",
       "colorwalk gen: a 1x1 board has no room for 2 colors (a board file of it would be "
       "refused): give --size with at least 2 cells\n"},
      {"solve --boards line.txt --format hex --solver greedy",
       "colorwalk solve: --format must be grid, line or flood-it-boards, got 'hex'\n"},
  };
  for (const auto& [args, message] : refused) {
    const auto bad = colorwalk::testing::run_colorwalk(dir, args);
    EXPECT_EQ(bad.exit_code, 2) << args;
    EXPECT_EQ(bad.err, message) << args;
  }
}

// A FIFO that no one writes to does not hold the tool for ever: the first
// Ctrl-C (SIGINT) stops it, with the status of a run stopped by SIGINT.
TEST(BoardSourceOptions, AFifoWithNoWriterStopsAtTheFirstInterrupt) {
  const ScratchDir dir;
  const std::string fifo = dir.file("boards.fifo");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const std::string command = "timeout --preserve-status -k 10 -s INT 1 '" +
                              std::string(COLORWALK_EXE) + "' solve --boards '" + fifo +
                              "' --solver greedy >/dev/null 2>&1 </dev/null";
  const int status = std::system(command.c_str());
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 130);
}
