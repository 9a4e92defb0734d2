// A catalogue of unusual and bad inputs, run through the colorwalk tool.
//
// Unusual but fine (CRLF line ends, a UTF-8 byte-order mark, surrounding
// blanks, upper-case symbols, comments): the same results as the plain file.
// Bad (exit 2): a one-line message naming the file and line, or the option,
// and what is wrong. Solutions that do not clear their board (exit 1): each
// named by file, line and board. Every case runs under timeout(1): none may
// hang, die of a signal or print a stack trace or a sanitizer report.
//
// The unreadable file is /proc/self/mem: it opens, but reading its first
// page fails (EIO) for every user, root included, whereas chmod 000 does not
// stop root, as which CI runs.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <tuple>
#include <utility>
#include <vector>

#include "game/board_io.hpp"
#include "game/sources.hpp"
#include "test_support.hpp"

using namespace colorwalk;
using colorwalk::testing::read_file;
using colorwalk::testing::run_colorwalk;
using colorwalk::testing::RunResult;
using colorwalk::testing::ScratchDir;

namespace {

constexpr int kTimeout = 20;  // seconds; timeout(1) exits 124 past it

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    lines.push_back(line);
  return lines;
}

std::string quote(const std::string& path) {
  return "'" + path + "'";
}

// Checks what every case must do: end by itself, with the exit code, no
// signal, no crash report; for exit 2, exactly one line on stderr holding
// `expected`.
void expect_clean(const RunResult& r, int exit_code, const std::string& expected,
                  const std::string& what) {
  SCOPED_TRACE(what);
  EXPECT_NE(r.exit_code, 124) << "timed out after " << kTimeout << " s";
  EXPECT_LT(r.exit_code, 128) << "killed by signal " << r.exit_code - 128;
  EXPECT_EQ(r.exit_code, exit_code) << r.err;
  for (const char* crash : {"terminate called", "Aborted", "Sanitizer", "runtime error:",
                            "core dumped", "Segmentation", "std::", "basic_", "what():"})
    EXPECT_EQ(r.err.find(crash), std::string::npos) << crash << " in: " << r.err;
  EXPECT_NE(r.err.find(expected), std::string::npos)
      << "expected '" << expected << "' in: " << r.err;
  if (exit_code == 2) {
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_EQ(r.out, "");
  }
}

// The same text with CRLF line ends, a byte-order mark, blanks around
// every line, or everything at once.
std::string crlf(const std::string& text) {
  std::string out;
  for (const char c : text)
    out += c == '\n' ? std::string("\r\n") : std::string(1, c);
  return out;
}
std::string bom(const std::string& text) {
  return "\xEF\xBB\xBF" + text;
}
std::string blanks_around(const std::string& text) {
  std::string out;
  for (const auto& line : split_lines(text))
    out += (line.empty() ? line : " \t" + line + "  \t ") + "\n";
  return out;
}
std::string upper_case(const std::string& text) {
  std::string out = text;
  for (char& c : out)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  return out;
}

// A results CSV without its seconds and run columns (the specs hold no
// commas; the run names the board file).
std::string without_seconds(const std::string& csv) {
  std::string out;
  for (const auto& line : split_lines(csv)) {
    std::vector<std::string> fields;
    std::istringstream in(line);
    for (std::string f; std::getline(in, f, ',');)
      fields.push_back(f);
    if (fields.size() > 8) fields.resize(8);
    if (fields.size() == 8) fields.erase(fields.begin() + 6);
    for (const auto& f : fields)
      out += f + ",";
    out += "\n";
  }
  return out;
}

// The fields of a CSV line; a quoted field is one field, its quotes kept.
std::vector<std::string> split_csv_simple(const std::string& line) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (const char c : line) {
    if (c == '"') quoted = !quoted;
    if (c == ',' && !quoted)
      fields.emplace_back();
    else
      fields.back() += c;
  }
  return fields;
}

// Random bytes with NULs, from a fixed seed.
std::string garbage(std::size_t size) {
  std::mt19937 rng(20261121);
  std::string out(size, '\0');
  for (char& c : out)
    c = static_cast<char>(rng() & 0xff);
  out[0] = '\0';
  out[100] = '\0';
  return out;
}

}  // namespace

TEST(Catalogue, UnusualButFineBoardFilesGiveThePlainFilesResults) {
  ScratchDir dir;
  // Grid format: 12 colours, so the symbols include letters.
  std::ostringstream grid;
  write_grid(grid, std::vector<Board>{RandomSource(4, 11, 9, 7, 12).board(0),
                                      RandomSource(4, 11, 9, 7, 12).board(1),
                                      RandomSource(4, 11, 9, 7, 12).board(2)});
  // Line format: one 8 x 8 board per line.
  std::string line;
  for (std::size_t i = 0; i < 3; ++i) {
    const Board b = RandomSource(3, 5, 8, 8, 6).board(i);
    for (const Color c : b.cells())
      line += b.symbol(c);
    line += "\n";
  }
  const std::string comments = "# boards\n\n" + grid.str() + "\n\n# the end\n";
  const std::vector<std::pair<std::string, std::string>> grid_variants = {
      {"crlf", crlf(grid.str())},
      {"bom", bom(grid.str())},
      {"blanks", blanks_around(grid.str())},
      {"upper-case", upper_case(grid.str())},
      {"comments", comments},
      {"everything", bom(crlf(blanks_around(upper_case(comments))))},
  };
  const std::vector<std::pair<std::string, std::string>> line_variants = {
      {"crlf", crlf(line)},
      {"bom", bom(line)},
      {"blanks", blanks_around(line)},
      {"everything", bom(crlf(blanks_around("# one board a line\n" + line)))},
  };
  const std::string solvers = " --solver greedy --solver beam:width=8 --threads 2 --quiet";
  for (const auto& [format, plain, variants] :
       {std::tuple{std::string("grid"), grid.str(), grid_variants},
        std::tuple{std::string("line"), line, line_variants}}) {
    const std::string plain_file = dir.write(format + "-plain.txt", plain);
    const auto base =
        run_colorwalk(dir,
                      "solve --boards " + quote(plain_file) + " --format " + format + solvers +
                          " --overwrite --csv " + quote(dir.file("plain.csv")),
                      kTimeout);
    expect_clean(base, 0, "", format + " plain");
    const std::string expected = without_seconds(read_file(dir.file("plain.csv")));
    ASSERT_EQ(split_lines(expected).size(), 1u + 3 * 2) << expected;
    for (const auto& [name, text] : variants) {
      const std::string file = dir.write(format + "-" + name + ".txt", text);
      const std::string csv = dir.file(format + "-" + name + ".csv");
      const auto r = run_colorwalk(dir,
                                   "solve --boards " + quote(file) + " --format " + format +
                                       solvers + " --csv " + quote(csv),
                                   kTimeout);
      expect_clean(r, 0, "", format + " " + name);
      EXPECT_EQ(without_seconds(read_file(csv)), expected) << format << " " << name;
    }
  }
}

TEST(Catalogue, UnusualButFineSolutionFilesVerify) {
  ScratchDir dir;
  const std::string boards = dir.write("b.txt", "01\n10\n\n012\n120\n");
  const std::string args = "verify --boards " + quote(boards) + " --solutions ";
  const std::string plain = "10\n120\n";
  const auto base = run_colorwalk(dir, args + quote(dir.write("plain.txt", plain)), kTimeout);
  expect_clean(base, 0, "", "plain solutions");
  EXPECT_EQ(base.out, "all 2 solutions clear their boards (5 moves in total)\n");
  for (const auto& [name, text] :
       {std::pair{"crlf", crlf(plain)}, std::pair{"bom", bom(plain)},
        std::pair{"blanks", blanks_around(plain)},
        std::pair{"everything", bom(crlf(blanks_around("# solutions\n" + plain + "\n\n")))}}) {
    const auto r =
        run_colorwalk(dir, args + quote(dir.write(std::string(name) + ".txt", text)), kTimeout);
    expect_clean(r, 0, "", name);
    EXPECT_EQ(r.out, base.out) << name;
  }
}

TEST(Catalogue, BadBoardFilesExitTwoNamingFileAndLine) {
  ScratchDir dir;
  std::string tall;
  for (std::uint64_t i = 0; i <= kMaxSide; ++i)
    tall += "01\n";
  struct Case {
    const char* name;
    std::string content;
    std::string expected;  // after "FILE"
    std::string format = "grid";
  };
  const std::vector<Case> cases = {
      {"ragged.txt", "0123\n012\n",
       ":2: ragged row: 3 symbols, but the board's first row (line 1) has 4"},
      {"symbol.txt", "01\n0$\n", ":2: unknown symbol '$' at column 2 (symbols are 0-9 and a-z)"},
      {"utf8.txt", "01\n0\xC3\xA9\n", ":2: unknown symbol byte 0xc3 at column 2"},
      {"one-color.txt", "# a comment\n111\n111\n",
       ":2: board uses only 1 color; at least 2 are needed"},
      {"one-color-line.txt", "0000\n", ":1: board uses only 1 color", "line"},
      {"empty.txt", "", ":1: empty file: no boards"},
      {"only-comments.txt", "# nothing\n\n# here\n",
       ":3: no boards (only blank lines and comments)"},
      {"blank-lines.txt", "\n\n\r\n  \n", ":4: no boards (only blank lines and comments)", "line"},
      {"too-wide.txt", "01\n10\n\n" + std::string(kMaxSide + 1, '0') + "1\n",
       ":4: board of 4098x1 cells is over the limit (at most 4096 per side and 4194304 cells)"},
      {"too-tall.txt", tall, ":4097: board is over the limit of 4096 rows and 4194304 cells"},
      {"too-long-row.txt", std::string(kMaxSide + 100, '0') + "1\n",
       ":1: line is longer than 4160"},
      // More cells than the limit claimed by one line (2049 x 2049 and more).
      {"too-many-cells.txt", std::string(kMaxCells + 100, '0') + "1\n",
       ":1: line is longer than 4194368 characters", "line"},
      {"not-square.txt", "01101\n", ":1: 5 symbols is not a square number", "line"},
      {"garbage.bin", garbage(64 << 10), ":1: unknown symbol byte 0x00 at column 1"},
      {"garbage-line.bin", garbage(64 << 10), ":1: unknown symbol byte 0x00 at column 1", "line"},
  };
  for (const Case& c : cases) {
    const std::string path = dir.write(c.name, c.content);
    for (const std::string command : {"solve --solver greedy --boards", "gen --boards"}) {
      const auto r =
          run_colorwalk(dir, command + " " + quote(path) + " --format " + c.format, kTimeout);
      expect_clean(r, 2,
                   "colorwalk " + command.substr(0, command.find(' ')) + ": " + path + c.expected,
                   std::string(c.name) + " (" + command + ")");
    }
    const auto v = run_colorwalk(
        dir,
        "verify --boards " + quote(path) + " --format " + c.format + " --solutions " + quote(path),
        kTimeout);
    expect_clean(v, 2, path + c.expected, std::string(c.name) + " (verify)");
  }
}

// gen's files state their format, so every command reads back the boards
// gen wrote, at sizes whose rows would also read as line boards; a file
// without the header that both readings fit is refused, never guessed.
TEST(Catalogue, GenFilesReadBackAsTheBoardsWrittenAndAmbiguousFilesAreRefused) {
  ScratchDir dir;
  for (const auto& [size, count] : std::vector<std::pair<std::string, int>>{
           {"16x32", 10}, {"16x1", 3}, {"16x16", 2}, {"9x9", 2}, {"16x4", 2}, {"25x30", 2}}) {
    SCOPED_TRACE(size);
    const std::string file = quote(dir.file("b" + size + ".txt"));
    const RunResult gen = run_colorwalk(dir, "gen --random " + std::to_string(count) + " --size " +
                                                 size + " --colors 6 -o " + file,
                                        kTimeout);
    ASSERT_EQ(gen.exit_code, 0) << gen.err;
    EXPECT_EQ(read_file(dir.file("b" + size + ".txt")).rfind("# colorwalk: format=grid\n", 0), 0u);
    const RunResult solve =
        run_colorwalk(dir, "solve --boards " + file + " --solver greedy --csv " + quote(dir.file(size + ".csv")),
                      kTimeout);
    expect_clean(solve, 0, "", "solve " + file);
    const auto rows = split_lines(read_file(dir.file(size + ".csv")));
    EXPECT_EQ(rows.size(), static_cast<std::size_t>(count) + 1);
    // The same boards as gen's source, solved from the source itself.
    const RunResult direct =
        run_colorwalk(dir, "solve --random " + std::to_string(count) + " --size " + size +
                               " --colors 6 --solver greedy --csv " + quote(dir.file(size + "-direct.csv")),
                      kTimeout);
    expect_clean(direct, 0, "", "solve --random");
    // The solution column of each row.
    const auto moves = [](const std::vector<std::string>& lines) {
      std::vector<std::string> m;
      for (std::size_t i = 1; i < lines.size(); ++i) {
        std::istringstream row(lines[i]);
        std::string field;
        for (int f = 0; f < 4 && std::getline(row, field, ','); ++f) {
        }
        m.push_back(field);
      }
      return m;
    };
    EXPECT_EQ(moves(rows), moves(split_lines(read_file(dir.file(size + "-direct.csv")))));
    std::string solutions;
    for (const std::string& line : moves(rows))
      solutions += line + "\n";
    dir.write(size + ".sol", solutions);
    expect_clean(run_colorwalk(dir, "verify --boards " + file + " --solutions " + quote(dir.file(size + ".sol")),
                               kTimeout),
                 0, "", "verify " + file);
  }
  // Without its header, a 16x32 grid file fits both readings: refused,
  // saying which --format to give.
  const std::string text = read_file(dir.file("b16x32.txt"));
  dir.write("headless.txt", text.substr(text.find('\n') + 1));
  expect_clean(run_colorwalk(dir, "solve --boards " + quote(dir.file("headless.txt")) + " --solver greedy",
                             kTimeout),
               2,
               dir.file("headless.txt") + ":1: cannot tell the board format: as grid, 10 boards of 16 columns; "
               "as line, 320 boards of 4 x 4; give --format grid or --format line",
               "headless 16x32");
  // A --format that contradicts the header is refused.
  expect_clean(
      run_colorwalk(dir,
                    "solve --boards " + quote(dir.file("b16x32.txt")) +
                        " --format line --solver greedy",
                    kTimeout),
      2, dir.file("b16x32.txt") + ":1: the file states format=grid but --format line was given", "contradiction");
}

TEST(Catalogue, FilesThatCannotBeReadExitTwoNamingThem) {
  ScratchDir dir;
  const std::string boards = dir.write("b.txt", "01\n10\n");
  const std::string missing = dir.file("missing.txt");
  const std::string folder = dir.file("folder");
  std::filesystem::create_directories(folder);
  const std::string mem = "/proc/self/mem";  // opens, but its first page cannot be read
  ASSERT_TRUE(std::filesystem::exists(mem));
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"solve --solver greedy --boards " + quote(missing),
       missing + ": cannot open: No such file or directory"},
      // A directory is a source of the files inside it: this one has none.
      {"solve --solver greedy --boards " + quote(folder),
       folder + ": directory holds no board files"},
      {"solve --solver greedy --boards " + mem, mem + ":1: read error: Input/output error"},
      {"gen --boards " + mem + " --format line", mem + ":1: read error: Input/output error"},
      {"verify --boards " + quote(boards) + " --solutions " + quote(missing),
       missing + ": cannot open"},
      {"verify --boards " + quote(boards) + " --solutions " + quote(folder),
       folder + ": is a directory, not a file"},
      {"verify --boards " + quote(boards) + " --solutions " + mem,
       mem + ":1: read error: Input/output error"},
      {"experiment " + mem, mem + ": read error"},
      {"experiment " + quote(folder + "/"), folder + "/: is a directory"},
      {"merge " + quote(folder), folder + ": is a directory"},
      {"merge " + mem, mem},
      {"solve --articles 2 --solver greedy --resume --csv " + quote(folder),
       folder + ": is a directory"},
      {"solve --articles 2 --solver greedy --csv " + quote(folder),
       "--csv " + folder + ": is a directory, not a file"},
      {"solve --articles 2 --solver greedy --svg " + quote(dir.file("no/such/folder.svg")),
       "--svg " + dir.file("no/such/folder.svg") + ": no directory"},
  };
  for (const auto& [args, expected] : cases)
    expect_clean(run_colorwalk(dir, args, kTimeout), 2, expected, args);
}

TEST(Catalogue, BinaryGarbageAnywhereExitsTwoNamingTheFile) {
  ScratchDir dir;
  const std::string boards = dir.write("b.txt", "01\n10\n");
  const std::string junk = dir.write("junk.bin", garbage(64 << 10));
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"verify --boards " + quote(boards) + " --solutions " + quote(junk),
       junk + ":1: unknown symbol byte 0x00 at column 1 (moves are written 0-9 and a-z)"},
      {"merge " + quote(junk), junk + ":1: not a colorwalk results CSV"},
      {"solve --articles 2 --solver greedy --resume --csv " + quote(junk),
       junk + ":1: not a colorwalk results CSV"},
      {"experiment " + quote(junk), junk + ":1: "},
  };
  for (const auto& [args, expected] : cases)
    expect_clean(run_colorwalk(dir, args, kTimeout), 2, expected, args);
  // The CSV that was not a run's is left as it was.
  EXPECT_EQ(read_file(junk), garbage(64 << 10));
}

TEST(Catalogue, BadSolutionFilesExitTwoNamingFileAndLine) {
  ScratchDir dir;
  const std::string boards = dir.write("b.txt", "01\n10\n\n012\n120\n");
  const std::string args = "verify --boards " + quote(boards) + " --solutions ";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"10\n1$0\n", ":2: unknown symbol '$' at column 2 (moves are written 0-9 and a-z)"},
      {"10\n12z\n", ":2: move 'z' at column 3 is not a color of the board (its colors: 012)"},
      {"12\n120\n", ":1: move '2' at column 2 is not a color of the board (its colors: 01)"},
      {"10\n", ": has 1 solution line but " + boards + " has 2 boards"},
      {"10\n120\n0\n", ":3: more solution lines than the 2 boards they are for"},
  };
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const std::string path = dir.write("s" + std::to_string(i) + ".txt", cases[i].first);
    expect_clean(run_colorwalk(dir, args + quote(path), kTimeout), 2, path + cases[i].second,
                 cases[i].first);
  }
}

TEST(Catalogue, SolutionsThatDoNotClearFailVerification) {
  ScratchDir dir;
  const std::string boards = dir.write("b.txt", "01\n10\n");
  const std::string args = "verify --boards " + quote(boards) + " --solutions ";
  struct Case {
    const char* solution;
    std::string expected;
    int lenient_exit;  // with --allow-wasted
  };
  const std::vector<Case> cases = {
      {"110\n", ":1: board 0 of " + boards + ": move 2 ('1') is wasted: it clears nothing", 0},
      {"1\n", ":1: board 0 of " + boards + ": after its 1 move, 1 cell is left", 1},
      {"100\n", ":1: board 0 of " + boards + ": move 3 ('0') comes after the board is cleared", 1},
  };
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const std::string path = dir.write("s" + std::to_string(i) + ".txt", cases[i].solution);
    const auto strict = run_colorwalk(dir, args + quote(path), kTimeout);
    expect_clean(strict, 1, path + cases[i].expected, cases[i].solution);
    EXPECT_NE(strict.err.find("colorwalk verify: 1 of 1 solution does not clear its board"),
              std::string::npos)
        << strict.err;
    const auto lenient = run_colorwalk(dir, args + quote(path) + " --allow-wasted", kTimeout);
    expect_clean(lenient, cases[i].lenient_exit, "", std::string(cases[i].solution) + " lenient");
  }
}

TEST(Catalogue, BadSolversAndOptionsExitTwoNamingThem) {
  ScratchDir dir;
  const std::vector<std::pair<std::string, std::string>> cases = {
      // Solvers and their parameters.
      {"solve --articles 5 --solver nope", "unknown solver 'nope' (`colorwalk list` shows"},
      {"solve --articles 5 --solver ''", "unknown solver ''"},
      {"solve --articles 5 --solver greedy:depth=2",
       "solver 'greedy' has no parameter 'depth' (it takes none)"},
      {"solve --articles 5 --solver beam:depth=2",
       "solver 'beam' has no parameter 'depth' (its parameters: width, memory, seconds, nodes)"},
      {"solve --articles 5 --solver greedy-look-ahead:depth=99",
       "solver 'greedy-look-ahead': parameter depth=99 is out of range [1, 8]"},
      {"solve --articles 5 --solver greedy-look-ahead:depth=0",
       "parameter depth=0 is out of range [1, 8]"},
      {"solve --articles 5 --solver astar:memory=1e300",
       "parameter memory=1e300 is out of range [16, 1048576]"},
      {"solve --articles 5 --solver greedy-look-ahead:depth=2.5",
       "parameter depth needs a whole number, got '2.5'"},
      {"solve --articles 5 --solver greedy-look-ahead:depth=x",
       "parameter depth needs a number, got 'x'"},
      {"solve --articles 5 --solver greedy-look-ahead:depth=nan",
       "parameter depth needs a number, got 'nan'"},
      {"solve --articles 5 --solver greedy-look-ahead:depth", "expected KEY=VALUE, got 'depth'"},
      {"solve --articles 5 --solver greedy-look-ahead:", "has an empty parameter list"},
      {"solve --articles 5", "give at least one --solver"},
      // Sizes and colour counts: checked before anything is allocated.
      {"solve --random 1 --size 1000000x1000000 --solver greedy",
       "--size 1000000x1000000: board of 1000000x1000000 cells is over the limit (at most 4096 "
       "per side and 4194304 cells)"},
      {"gen --random 1 --size 2049x2049", "--size 2049x2049: board of 2049x2049 cells is over"},
      {"gen --random 1 --size 0x5", "--size 0x5: board has zero size (0x5)"},
      {"gen --random 1 --size 5x0", "--size 5x0: board has zero size (5x0)"},
      {"gen --random 1 --size 30by20", "--size needs WIDTHxHEIGHT such as 30x20, got '30by20'"},
      {"gen --random 1 --colors 37", "--colors must be between 2 and 36, got 37"},
      {"gen --random 1 --colors 1", "--colors must be between 2 and 36, got 1"},
      {"gen --random 1 --colors -1", "the argument ('-1') for option '--colors' is invalid"},
      {"gen --random 0", "--random needs at least 1 board"},
      {"gen --random -1", "the argument ('-1') for option '--random' is invalid"},
      {"gen --articles 99999999999999999999",
       "the argument ('99999999999999999999') for option '--articles' is invalid"},
      // Run options.
      {"solve --articles 5 --solver greedy --threads -1",
       "the argument ('-1') for option '--threads' is invalid"},
      {"solve --articles 5 --solver greedy --threads 5000",
       "--threads must be between 0 (every core) and 4096, got 5000"},
      {"solve --articles 5 --solver greedy --memory-limit 12parsecs",
       "--memory-limit needs BYTES or a number with KiB, MiB or GiB, such as 512MiB, got "
       "'12parsecs'"},
      {"solve --articles 5 --solver greedy --memory-limit 1KiB",
       "--memory-limit 1KiB is out of range: at least 1 MiB"},
      {"solve --articles 5 --solver greedy --shard 3/3", "--shard needs I/N with 0 <= I < N"},
      {"solve --articles 5 --solver greedy --start 40,0",
       "--start: board 0 of articles 5: start cell (40,0) is off the 30x20 board"},
      {"solve --articles 5 --solver greedy --start -1,0", "--start must be ROW,COL or center"},
      {"solve --articles 5 --solver greedy --rules go", "--rules must be color-walk or flood-it"},
      {"gen --format xml --boards x", "--format must be grid, line or flood-it-boards, got 'xml'"},
      {"solve --articles 5 --solver greedy --bogus", "unrecognised option '--bogus'"},
      {"solve --articles 5 --random 5 --solver greedy", "give only one board source"},
      {"solve --solver greedy", "no board source: give --articles N, --random N or --boards PATH"},
      {"solve --articles 5 --solver greedy --shard 1", "--shard needs I/N"},
      {"solve --articles 5 --solver greedy --resume", "--resume needs --csv FILE"},
      {"experiment nope", "unknown experiment 'nope'"},
      {"experiment articles --resume", "--resume needs --output-dir DIR"},
      {"merge", "give the CSV files to merge"},
      {"frobnicate", "unknown command 'frobnicate'"},
  };
  for (const auto& [args, expected] : cases)
    expect_clean(run_colorwalk(dir, args, kTimeout), 2, expected, args);
}

TEST(MemoryLimit, NamesTheBoardsAndSolversThatHitItAndGoesOn) {
  ScratchDir dir;
  // 1 MiB holds greedy and the boards' graphs, not astar's searches (the
  // smallest, board 2's, takes more than 1.5 MiB).
  const std::string csv = dir.file("run.csv");
  const auto r = run_colorwalk(dir,
                               "solve --articles 4 --solver greedy --solver astar --threads 2 "
                               "--memory-limit 1MiB --quiet --csv " +
                                   quote(csv),
                               60);
  expect_clean(r, 1,
               "colorwalk: board 0, solver astar: memory limit: its search needs more than the "
               "run's 1 MiB, which the board had to itself",
               "--memory-limit 1MiB");
  for (const char* board : {"0", "1", "2", "3"})
    EXPECT_NE(r.err.find(std::string("colorwalk: board ") + board + ", solver astar: memory limit"),
              std::string::npos)
        << r.err;
  EXPECT_EQ(r.err.find("solver greedy"), std::string::npos) << r.err;
  const auto lines = split_lines(without_seconds(read_file(csv)));
  ASSERT_EQ(lines.size(), 1u + 4 * 2);  // every board reported: the run went on
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const bool astar = i % 2 == 0;
    EXPECT_EQ(lines[i].substr(lines[i].size() - 2), astar ? "0," : "1,") << lines[i];  // verified
  }
  // With room enough, the same run succeeds.
  const auto ok = run_colorwalk(dir,
                                "solve --articles 4 --solver greedy --solver astar --threads 2 "
                                "--memory-limit 4GiB --quiet",
                                60);
  expect_clean(ok, 0, "", "--memory-limit 4GiB");
  EXPECT_EQ(ok.err, "");
}

// ---------------------------------------------------------------------------
// Outputs, limits and provenance under attack (issue 22): nothing lost,
// nothing silently wrong. Each case asserts the exit status and the message.

namespace {

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif
#else
constexpr bool kSanitized = false;
#endif

// Runs `colorwalk ARGS` as run_colorwalk() does, with standard output to
// `out` (such as /dev/full) and `shell` run first in the same shell (such
// as a ulimit).
RunResult run_to(const ScratchDir& dir, const std::string& args, const std::string& out,
                 const std::string& shell = "", int timeout_seconds = kTimeout) {
  const std::string err = dir.file("stderr.txt");
  const std::string command =
      "bash -c " + quote((shell.empty() ? "" : shell + "; ") + "exec timeout -k 5 " +
                         std::to_string(timeout_seconds) + " '" + COLORWALK_EXE + "' " + args +
                         " >'" + out + "' 2>'" + err + "' </dev/null");
  const int status = std::system(command.c_str());
  RunResult r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.err = read_file(err);
  return r;
}

// Starts `colorwalk ARGS...` in the background, output to `dir`; its pid.
pid_t spawn(const ScratchDir& dir, const std::vector<std::string>& args) {
  return colorwalk::testing::spawn_colorwalk(args, dir.file("spawned.out"),
                                             dir.file("spawned.err"));
}

// Waits for `pid` to end within `seconds`; its exit status, or -1 after
// killing it when it did not end.
int wait_for(pid_t pid, int seconds) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  int status = 0;
  while (std::chrono::steady_clock::now() < deadline) {
    if (waitpid(pid, &status, WNOHANG) == pid)
      return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  kill(pid, SIGKILL);
  waitpid(pid, &status, 0);
  return -1;
}

// Waits up to `seconds` for `pid` to catch `sig` (its handler in place, as
// /proc shows); whether it does.
bool wait_until_catching(pid_t pid, int sig, int seconds) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  const std::string status = "/proc/" + std::to_string(pid) + "/status";
  while (std::chrono::steady_clock::now() < deadline) {
    std::istringstream in(read_file(status));
    for (std::string line; std::getline(in, line);)
      if (line.rfind("SigCgt:", 0) == 0 &&
          (std::stoull(line.substr(7), nullptr, 16) >> (sig - 1) & 1) != 0)
        return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return false;
}

// The lines of a results CSV with `seconds` and `run` left out.
std::vector<std::string> rows_of(const std::string& csv) {
  return split_lines(without_seconds(read_file(csv)));
}

}  // namespace

// 1. A failed write is an error: one exit status (3) for every output that
// cannot be written, standard output included, and a one-line reason.
TEST(Outputs, AFailedWriteIsExitThree) {
  ScratchDir dir;
  const std::string csv = dir.file("run.csv");
  ASSERT_EQ(
      run_colorwalk(dir, "solve --articles 3 --solver greedy -q --csv " + quote(csv)).exit_code, 0);
  const std::string full = "/dev/full";
  const std::string disk_full = "No space left on device";
  const std::vector<std::pair<std::string, std::string>> to_stdout = {
      {"gen --articles 100", "colorwalk gen: cannot write standard output: " + disk_full},
      {"solve --articles 2 --solver greedy",
       "colorwalk solve: cannot write standard output: " + disk_full},
      {"merge " + quote(csv), "colorwalk merge: cannot write standard output: " + disk_full},
      {"list", "colorwalk list: cannot write standard output: " + disk_full},
      {"verify --boards " + quote(dir.write("b.txt", "01\n10\n")) + " --solutions " +
           quote(dir.write("s.txt", "10\n")),
       "colorwalk verify: cannot write standard output: " + disk_full},
  };
  for (const auto& [args, expected] : to_stdout) {
    const auto r = run_to(dir, args, full);
    SCOPED_TRACE(args);
    EXPECT_EQ(r.exit_code, 3) << r.err;
    EXPECT_NE(r.err.find(expected + "\n"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("terminate"), std::string::npos) << r.err;
  }
  const std::vector<std::pair<std::string, std::string>> to_files = {
      {"gen --articles 100 -o " + full, "colorwalk gen: cannot write '/dev/full': " + disk_full},
      {"solve --articles 2 --solver greedy -q --csv " + full,
       "colorwalk solve: cannot write '/dev/full': " + disk_full},
      {"solve --articles 2 --solver greedy -q --json " + full,
       "colorwalk solve: cannot write '/dev/full': " + disk_full},
      {"solve --articles 2 --solver greedy -q --svg " + full,
       "colorwalk solve: cannot write '/dev/full': " + disk_full},
      {"merge " + quote(csv) + " -q --csv " + full,
       "colorwalk merge: cannot write '/dev/full': " + disk_full},
      {"merge " + quote(csv) + " -q --json " + full,
       "colorwalk merge: cannot write '/dev/full': " + disk_full},
  };
  for (const auto& [args, expected] : to_files)
    expect_clean(run_colorwalk(dir, args, kTimeout), 3, expected, args);
}

// 2. Outputs never clobber what they should not: an output that is an input
// or another output is refused before anything is written; a resumed JSON
// file that is a link or a device stays one; a second run writing the same
// CSV is refused while the first goes on.
TEST(Outputs, NeverClobberInputsOrEachOther) {
  ScratchDir dir;
  const std::string boards_text = "012\n120\n201\n";
  const std::string boards = dir.write("boards.txt", boards_text);
  const std::string folder = dir.file("boards");
  std::filesystem::create_directories(folder);
  dir.write("boards/a.txt", boards_text);
  const std::string x = dir.file("x.out");
  const std::string shard = dir.file("shard.csv");
  ASSERT_EQ(
      run_colorwalk(dir, "solve --articles 2 --solver greedy -q --csv " + quote(shard)).exit_code,
      0);
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"solve --boards " + quote(boards) + " --solver greedy --csv " + quote(boards),
       "--csv " + boards + ": is read by this command (--boards " + boards + ")"},
      {"solve --boards " + quote(boards) + " --solver greedy --json " + quote(boards),
       "--json " + boards + ": is read by this command (--boards " + boards + ")"},
      {"gen --boards " + quote(boards) + " -o " + quote(boards),
       "-o " + boards + ": is read by this command (--boards " + boards + ")"},
      {"solve --boards " + quote(folder) + " --solver greedy --csv " + quote(folder + "/out.csv"),
       "--csv " + folder + "/out.csv: is in --boards " + folder +
           ", whose files are read as input"},
      {"solve --articles 2 --solver greedy --csv " + quote(x) + " --json " + quote(x),
       "--json " + x + ": the same file as --csv " + x + "; give each output a file of its own"},
      {"solve --articles 2 --solver greedy --csv " + quote(x) + " --svg " + quote(x),
       "--svg " + x + ": the same file as --csv " + x},
      {"merge " + quote(shard) + " --csv " + quote(shard),
       "--csv " + shard + ": is read by this command (" + shard + ")"},
      {"merge " + quote(shard) + " --json " + quote(x) + " --svg " + quote(x),
       "--svg " + x + ": the same file as --json " + x},
  };
  const std::string shard_text = read_file(shard);
  for (const auto& [args, expected] : cases)
    expect_clean(run_colorwalk(dir, args, kTimeout), 2, expected, args);
  EXPECT_EQ(read_file(boards), boards_text);
  EXPECT_EQ(read_file(shard), shard_text);
  EXPECT_FALSE(std::filesystem::exists(x));
  EXPECT_FALSE(std::filesystem::exists(folder + "/out.csv"));
  // Two outputs on one device are fine.
  expect_clean(
      run_colorwalk(dir, "solve --articles 2 --solver greedy -q --csv /dev/null --json /dev/null"),
      0, "", "two outputs on /dev/null");

  // --resume --json onto a symbolic link or a device: the link and the device stay.
  const std::string csv = dir.file("run.csv");
  const std::string run = "solve --articles 6 --solver greedy -q --csv " + quote(csv);
  ASSERT_EQ(run_colorwalk(dir, run).exit_code, 0);
  const std::string real = dir.write("real.jsonl", "old\n");
  const std::string link = dir.file("link.jsonl");
  std::filesystem::create_symlink(real, link);
  expect_clean(run_colorwalk(dir, run + " --resume --json " + quote(link)), 0, "",
               "resume onto a link");
  EXPECT_TRUE(std::filesystem::is_symlink(link));
  EXPECT_EQ(colorwalk::testing::line_count(real), 1u + 6 + 1);  // the run, the rows, the summary
  EXPECT_FALSE(std::filesystem::exists(real + ".partial"));
  expect_clean(run_colorwalk(dir, run + " --resume --json /dev/null"), 0, "",
               "resume onto /dev/null");
  EXPECT_TRUE(std::filesystem::is_character_file("/dev/null"));
  EXPECT_FALSE(std::filesystem::exists("/dev/null.partial"));
  const std::string fifo = dir.file("fifo");
  ASSERT_EQ(mkfifo(fifo.c_str(), 0644), 0);
  expect_clean(
      run_colorwalk(dir, "solve --articles 2 --solver greedy --resume --csv " + quote(fifo),
                    kTimeout),
      2, "--resume --csv " + fifo + ": a device or a FIFO, not a results file", "resume a FIFO");
  expect_clean(
      run_colorwalk(dir, "solve --articles 2 --solver greedy -q --json " + quote(fifo), kTimeout),
      3, "cannot write '" + fifo + "': a FIFO that no process reads", "JSON to a FIFO");

  // Two runs writing one CSV at once: the second is refused, the first goes on.
  const std::string shared = dir.file("shared.csv");
  const pid_t first =
      spawn(dir, {"solve", "--random", "100000", "--size", "20x14", "--solver",
                  "greedy-look-ahead:depth=3", "--threads", "1", "-q", "--csv", shared});
  ASSERT_GT(first, 0);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (colorwalk::testing::line_count(shared) < 3 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  for (const std::string& mode : {std::string(""), std::string(" --resume")}) {
    const auto second = run_colorwalk(
        dir,
        "solve --random 100000 --size 20x14 --solver greedy-look-ahead:depth=3 -q --csv " +
            quote(shared) + mode,
        kTimeout);
    expect_clean(
        second, 3,
        "colorwalk solve: cannot write '" + shared + "': another colorwalk run is writing it",
        "a second run" + mode);
  }
  ASSERT_EQ(kill(first, SIGINT), 0);
  EXPECT_EQ(wait_for(first, 60), 130);
  // The first run's rows alone, whole, in order.
  const auto rows = rows_of(shared);
  ASSERT_GT(rows.size(), 2u);
  for (std::size_t i = 1; i < rows.size(); ++i)
    EXPECT_EQ(rows[i].substr(0, rows[i].find(',')), std::to_string(i - 1)) << rows[i];
}

// 3. Limits are limits: a time limit ends the search of every family on a
// large, many-colour board (without it, the look-ahead of depth 8 and bfs's
// look-ahead run for hours), and a second Ctrl-C abandons a board at once.
TEST(Limits, EveryFamilyStopsAtItsTimeLimit) {
  ScratchDir dir;
  const std::string boards = dir.file("big.txt");
  ASSERT_EQ(
      run_colorwalk(dir, "gen --random 1 --size 200x200 --colors 36 --seed 1 -o " + quote(boards))
          .exit_code,
      0);
  for (const char* spec :
       {"greedy-look-ahead:depth=8,seconds=1", "max-perimeter-look-ahead:depth=8,seconds=1",
        "deep-path:seconds=1", "bfs:seconds=1", "dfs:depth=8,seconds=1", "dijkstra:seconds=1",
        "greedy-dijkstra:depth=8,seconds=1", "dijkstra-greedy:depth=8,seconds=1",
        "beam:width=100000,seconds=1", "astar:seconds=1"}) {
    const auto start = std::chrono::steady_clock::now();
    const auto r =
        run_colorwalk(dir,
                      "solve --boards " + quote(boards) + " --solver " + spec +
                          " --threads 1 -q --overwrite --csv " + quote(dir.file("big.csv")),
                      120);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    expect_clean(r, 0, "", spec);
    EXPECT_EQ(rows_of(dir.file("big.csv")).size(), 2u) << spec;
    if (!kSanitized) {
      EXPECT_LT(seconds, 30.0) << spec;  // a loaded machine, far from hours
    }
  }
  // --help says how far past its limit a solver may run.
  const auto help = run_colorwalk(dir, "solve --help");
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("past its limit"), std::string::npos) << help.out;
}

// Past a tiny limit on a large board every family ends in about greedy's
// own time: it finishes with greedy moves once, and what it set up before
// its first look at the clock costs little (issue 41: astar took four
// greedy games' time, with its bounds on the whole board, a greedy finish
// for its beam and another for A*). And a memory limit that leaves astar a
// few MiB beside the board's graph gets an answer, greedy's (its search
// used to ask for 1024 states of the board at once, was refused, and the
// board had none).
TEST(Limits, ATinyLimitOnALargeBoardEndsInAboutGreedysTime) {
  ScratchDir dir;
  // Under the sanitizers a smaller board, and no time asserted.
  const std::uint64_t side = kSanitized ? 300 : 600;
  const std::string size = std::to_string(side) + "x" + std::to_string(side);
  const std::string boards = dir.file("large.txt");
  ASSERT_EQ(run_colorwalk(
                dir, "gen --random 1 --size " + size + " --colors 36 --seed 1 -o " + quote(boards))
                .exit_code,
            0);
  const std::vector<std::string> families = {"greedy-look-ahead",
                                             "max-perimeter-look-ahead",
                                             "deep-path",
                                             "path-area",
                                             "perimeter-area-look-ahead",
                                             "bfs",
                                             "dfs",
                                             "dijkstra",
                                             "greedy-dijkstra",
                                             "dijkstra-greedy",
                                             "dijkstra-dijkstra",
                                             "max-perimeter-dijkstra",
                                             "beam",
                                             "astar",
                                             "idastar",
                                             "wastar"};
  // Each family's solver seconds beside greedy's, all on one graph in one
  // run: its seconds column, or -1 where the row is not a verified answer.
  struct Times {
    double greedy = 0;
    std::string greedy_solution;
    std::vector<double> family;
  };
  const auto run = [&](const std::vector<std::string>& names) {
    const std::string csv = dir.file("large.csv");
    std::string args = "solve --boards " + quote(boards) + " --threads 1 -q --overwrite --csv " +
                       quote(csv) + " --solver greedy";
    for (const auto& name : names)
      args += " --solver " + name + ":seconds=0.001";
    const auto r = run_colorwalk(dir, args, kSanitized ? 600 : 120);
    expect_clean(r, 0, "", args);
    Times times;
    const auto lines = split_lines(read_file(csv));
    EXPECT_EQ(lines.size(), names.size() + 2) << args;
    for (std::size_t i = 1; i < lines.size(); ++i) {
      const auto fields = split_csv_simple(lines[i]);
      if (fields.size() < 8) {
        ADD_FAILURE() << lines[i];
        continue;
      }
      const double seconds = fields[7] == "1" ? std::stod(fields[6]) : -1;
      if (i == 1) {
        times.greedy = seconds;
        times.greedy_solution = fields[3];
      } else {
        EXPECT_EQ(fields[7], "1") << lines[i];
        times.family.push_back(seconds);
      }
    }
    times.family.resize(names.size(), -1);
    return times;
  };
  // The limit (0.001 s) and a small margin, a little more where greedy
  // itself is slow (a loaded machine).
  const auto within = [](double seconds, double greedy) {
    return seconds >= 0 && seconds <= 1.4 * greedy + 0.4;
  };
  const Times times = run(families);
  ASSERT_GT(times.greedy, 0);
  for (std::size_t i = 0; i < families.size(); ++i) {
    if (kSanitized || within(times.family[i], times.greedy)) continue;
    // Once more beside greedy alone, should the machine have been busy.
    const Times again = run({families[i]});
    EXPECT_TRUE(within(again.family[0], again.greedy))
        << families[i] << ": " << times.family[i] << " s and " << again.family[0] << " s, greedy "
        << times.greedy << " s and " << again.greedy << " s";
  }

  // The board's graph takes 160 bytes a cell of the run's limit; astar has
  // 8 MiB beside it.
  const std::uint64_t limit_mib = side * side * 160 / (1 << 20) + 8;
  const std::string csv = dir.file("memory.csv");
  const std::string args = "solve --boards " + quote(boards) +
                           " --threads 1 -q --overwrite --csv " + quote(csv) + " --memory-limit " +
                           std::to_string(limit_mib) + "MiB --solver astar:seconds=0.001";
  expect_clean(run_colorwalk(dir, args, kSanitized ? 600 : 120), 0, "", args);
  const auto lines = split_lines(read_file(csv));
  ASSERT_EQ(lines.size(), 2u);
  const auto fields = split_csv_simple(lines[1]);
  ASSERT_GE(fields.size(), 8u);
  EXPECT_EQ(fields[7], "1") << lines[1].substr(0, 200);
  EXPECT_TRUE(fields[3] == times.greedy_solution) << "astar's answer is not greedy's";
}

TEST(Limits, ASecondInterruptAbandonsAnyBoard) {
  ScratchDir dir;
  const std::string boards = dir.file("big.txt");
  ASSERT_EQ(
      run_colorwalk(dir, "gen --random 1 --size 200x200 --colors 36 --seed 2 -o " + quote(boards))
          .exit_code,
      0);
  // No time limit: only the cancellation flag can end these.
  for (const char* spec : {"greedy-look-ahead:depth=8,seconds=0", "bfs:depth=8,seconds=0",
                           "dfs:depth=8,seconds=0,nodes=0", "dijkstra-greedy:depth=8,seconds=0"}) {
    const pid_t pid = spawn(dir, {"solve", "--boards", boards, "--solver", spec, "--threads", "1"});
    ASSERT_GT(pid, 0);
    ASSERT_TRUE(wait_until_catching(pid, SIGINT, 60)) << spec;
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    ASSERT_EQ(kill(pid, SIGINT), 0);
    // Two interrupts pending at once are one: the second waits until the
    // first has been handled.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (read_file(dir.file("spawned.err")).find("colorwalk: stopping") == std::string::npos &&
           std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    kill(pid, SIGINT);
    EXPECT_EQ(wait_for(pid, 30), 130) << spec << ": " << read_file(dir.file("spawned.err"));
    EXPECT_NE(read_file(dir.file("spawned.err")).find("abandoning the boards being solved"),
              std::string::npos)
        << spec;
  }
}

// 4. Threads within reason: more threads than the address space holds are
// refused with a message, not a crash.
TEST(Threads, MoreThanTheAddressSpaceHoldsAreRefused) {
  if (kSanitized) GTEST_SKIP() << "sanitizers reserve more address space than the limit";
  ScratchDir dir;
  const auto r = run_to(dir, "solve --random 20000 --solver greedy-look-ahead --threads 4096",
                        dir.file("out.txt"), "ulimit -v 4194304");
  expect_clean(r, 2,
               "colorwalk solve: --threads 4096: the address-space limit (ulimit -v) leaves room "
               "for ",
               "--threads 4096 under 4 GiB");
  // The count it suggests runs.
  const auto at = r.err.find("give --threads ");
  ASSERT_NE(at, std::string::npos);
  const std::string fit = r.err.substr(at + 15, r.err.find(' ', at + 15) - at - 15);
  const auto ok =
      run_to(dir, "solve --random 2000 --solver greedy-look-ahead -q --threads " + fit,
             dir.file("out.txt"), "ulimit -v 4194304");
  EXPECT_EQ(ok.exit_code, 0) << fit << ": " << ok.err;
}

// 5. Provenance is checked: the outputs record the run; resume and merge
// refuse another run's rows and replay every solution; values no run
// writes are refused.
TEST(Provenance, RecordedCheckedAndReplayed) {
  ScratchDir dir;
  const std::string csv = dir.file("run.csv");
  const std::string json = dir.file("run.jsonl");
  const std::string run = "solve --articles 4 --solver greedy --solver astar -q --threads 2";
  ASSERT_EQ(run_colorwalk(dir, run + " --csv " + quote(csv) + " --json " + quote(json)).exit_code,
            0);
  const std::string text = read_file(csv);
  const auto lines = split_lines(text);
  ASSERT_EQ(lines.size(), 1u + 4 * 2);
  EXPECT_EQ(lines[0],
            "board,solver,moves,solution,proven_optimal,expanded,seconds,verified,peak_mib,run,"
            "name,generated,pruned,lower_bound");
  for (const char* field :
       {"\"format=1;version=", ";source=articles 4;", ";source_args=--articles 4;",
        ";rules=color-walk;start=0,0;shard=0/1;solver_seed=0;memory_limit=0;",
        ";solvers=greedy astar\""})
    EXPECT_NE(lines[1].find(field), std::string::npos) << field << " in " << lines[1];
  EXPECT_EQ(split_csv_simple(lines[2]).at(9), "");  // no run field past the first row
  EXPECT_EQ(read_file(json).rfind("{\"type\":\"run\",\"format\":1,\"version\":", 0), 0u);

  // Resuming with another solver seed, source or solvers.
  const std::vector<std::pair<std::string, std::string>> resumes = {
      {run + " --solver-seed 5",
       ":2: was written by another run: its solver seed (--solver-seed) is 0, this run's is 5"},
      {"solve --articles 5 --solver greedy --solver astar -q",
       ":2: was written by another run: its source is 'articles 4' (4 boards), this run's is "
       "'articles 5' (5 boards)"},
      {run + " --rules flood-it",
       ":2: was written by another run: its rules is color-walk, this run's is flood-it"},
      {run + " --memory-limit 1GiB",
       ":2: was written by another run: its --memory-limit is none, this run's is 1 GiB"},
  };
  for (const auto& [args, expected] : resumes)
    expect_clean(run_colorwalk(dir, args + " --resume --csv " + quote(csv), kTimeout), 2,
                 csv + expected, args);
  EXPECT_EQ(read_file(csv), text);  // refused before a byte changed

  // Rows that no run writes, in resume and in merge.
  const std::string greedy0 = split_csv_simple(lines[1])[3];
  const auto forged = [&](const std::string& name, std::size_t line, const std::string& what,
                          const std::string& with) {
    auto copy = lines;
    const auto at = copy[line].find(what);
    EXPECT_NE(at, std::string::npos) << what;
    copy[line].replace(at, what.size(), with);
    std::string out;
    for (const auto& l : copy)
      out += l + "\n";
    return dir.write(name, out);
  };
  const std::string seconds2 = split_csv_simple(lines[2])[6];
  const std::vector<std::tuple<std::string, std::string, std::string>> bad = {
      {forged("zero.csv", 1, "," + greedy0 + ",", "," + std::string(greedy0.size(), '0') + ","),
       ":2: board 0, solver greedy: the solution does not clear the board: move 1 ('0') is wasted",
       "zero"},
      {forged("proven.csv", 1, "," + greedy0 + ",0,", "," + greedy0 + ",1,"),
       ":2: board 0, solver greedy: proven_optimal is 1, but greedy never proves an answer optimal",
       "proven"},
      {forged("nan.csv", 2, "," + seconds2 + ",", ",nan,"),
       ":3: seconds is 'nan': no run takes that", "nan"},
      {forged("inf.csv", 2, "," + seconds2 + ",", ",inf,"), ":3: seconds is 'inf'", "inf"},
      {forged("negative.csv", 2, "," + seconds2 + ",", ",-0.5,"), ":3: seconds is '-0.5'",
       "negative"},
  };
  for (const auto& [path, expected, name] : bad) {
    expect_clean(run_colorwalk(dir, "merge " + quote(path), kTimeout), 2, path + expected,
                 "merge " + name);
    expect_clean(run_colorwalk(dir, run + " --resume --csv " + quote(path), kTimeout), 2,
                 path + expected, "resume " + name);
  }
  // Counters that overflow the run's totals.
  auto big = lines;
  for (std::size_t line : {2u, 4u}) {
    auto f = split_csv_simple(big[line]);
    big[line].replace(big[line].find("," + f[5] + ","), f[5].size() + 2, ",18446744073709551615,");
  }
  std::string big_text;
  for (const auto& l : big)
    big_text += l + "\n";
  const std::string overflow = dir.write("overflow2.csv", big_text);
  expect_clean(run_colorwalk(dir, "merge " + quote(overflow), kTimeout), 2,
               overflow + ":5: board 1, solver astar: its counters overflow the run's totals",
               "overflow");

  // Shards of different sources, or of the same source with other seeds.
  const std::string a = dir.file("a.csv");
  const std::string b = dir.file("b.csv");
  ASSERT_EQ(
      run_colorwalk(
          dir, "solve --articles 4 --solver greedy -q --shard 0/2 --overwrite --csv " + quote(a))
          .exit_code,
      0);
  ASSERT_EQ(
      run_colorwalk(
          dir, "solve --articles 5 --solver greedy -q --shard 1/2 --overwrite --csv " + quote(b))
          .exit_code,
      0);
  expect_clean(run_colorwalk(dir, "merge " + quote(a) + " " + quote(b), kTimeout), 2,
               b + ":2: not a shard of the same run as " + a +
                   ": its source is 'articles 5' (5 boards), " + a +
                   "'s is 'articles 4' (4 boards)",
               "merge of two sources");
  ASSERT_EQ(run_colorwalk(dir,
                          "solve --articles 4 --solver random -q --shard 1/2 --solver-seed 3 "
                          "--overwrite --csv " +
                              quote(b))
                .exit_code,
            0);
  ASSERT_EQ(
      run_colorwalk(
          dir, "solve --articles 4 --solver random -q --shard 0/2 --overwrite --csv " + quote(a))
          .exit_code,
      0);
  expect_clean(run_colorwalk(dir, "merge " + quote(a) + " " + quote(b), kTimeout), 2,
               ": not a shard of the same run as ", "merge of two seeds");
  // The boards of a --boards run are rebuilt from its record; another file is refused.
  const std::string boards = dir.write("boards.txt", "012\n120\n201\n\n01\n10\n");
  const std::string other = dir.write("other.txt", "012\n120\n202\n\n01\n10\n");
  ASSERT_EQ(run_colorwalk(dir, "solve --boards " + quote(boards) +
                                   " --solver greedy -q --overwrite --csv " + quote(a))
                .exit_code,
            0);
  expect_clean(run_colorwalk(dir, "merge -q " + quote(a), kTimeout), 0, "",
               "merge rebuilds --boards");
  expect_clean(run_colorwalk(dir, "merge -q " + quote(a) + " --boards " + quote(other), kTimeout),
               2, ": the boards to replay its rows on are not its run's",
               "merge over other boards");
}

// 6. Nothing silently ignored: stray words and a key given twice.
TEST(Options, StrayWordsAndRepeatedKeysAreRefused) {
  ScratchDir dir;
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"solve --articles 2 --solver greedy out.csv",
       "colorwalk solve: unexpected argument 'out.csv' (every option starts with --; see colorwalk "
       "solve --help)"},
      {"gen --articles 2 boards.txt", "colorwalk gen: unexpected argument 'boards.txt'"},
      {"list everything", "colorwalk list: unexpected argument 'everything'"},
      {"verify --boards a --solutions b extra", "colorwalk verify: unexpected argument 'extra'"},
      {"solve --articles 2 --solver greedy-look-ahead:depth=3,depth=4",
       "colorwalk solve: solver spec 'greedy-look-ahead:depth=3,depth=4': parameter depth is given "
       "twice (give each parameter once)"},
      {"solve --articles 2 --solver astar:seconds=1,memory=64,seconds=2",
       "parameter seconds is given twice"},
  };
  for (const auto& [args, expected] : cases)
    expect_clean(run_colorwalk(dir, args, kTimeout), 2, expected, args);
  EXPECT_FALSE(std::filesystem::exists(dir.file("out.csv")));
}

// 7. Odd inputs: a FIFO that no process writes to ends merge by itself.
TEST(OddInputs, AFifoWithNoWriterDoesNotHangMerge) {
  ScratchDir dir;
  const std::string fifo = dir.file("fifo");
  ASSERT_EQ(mkfifo(fifo.c_str(), 0644), 0);
  expect_clean(run_colorwalk(dir, "merge " + quote(fifo), kTimeout), 2,
               "colorwalk merge: " + fifo + ": a FIFO that no process wrote to in 5 s",
               "merge FIFO");
  // A FIFO with a writer is read.
  const std::string csv = dir.file("run.csv");
  ASSERT_EQ(
      run_colorwalk(dir, "solve --articles 2 --solver greedy -q --csv " + quote(csv)).exit_code, 0);
  const auto r = run_to(dir, "merge -q " + quote(fifo), dir.file("out.txt"),
                        "(sleep 1; cat " + quote(csv) + " > " + quote(fifo) + ") & :");
  EXPECT_EQ(r.exit_code, 0) << r.err;
}

// An endless stream of solutions ends at the first line more than the boards.
TEST(OddInputs, AnEndlessSolutionStreamEndsVerify) {
  ScratchDir dir;
  dir.write("b.txt", "012\n120\n\n021\n210\n");
  const auto r =
      run_to(dir, "verify --boards " + quote(dir.file("b.txt")) + " --solutions <(yes 0102)", dir.file("out.txt"));
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("/dev/fd/63:3: more solution lines than the 2 boards they are for"),
            std::string::npos)
      << r.err;
  // Endless blank lines end too.
  const auto blank =
      run_to(dir, "verify --boards " + quote(dir.file("b.txt")) + " --solutions <(yes \"\")", dir.file("out.txt"));
  EXPECT_EQ(blank.exit_code, 2) << blank.err;
  EXPECT_NE(blank.err.find("more solution lines than the 2 boards"), std::string::npos)
      << blank.err;
  // And endless comment lines after the last solution.
  const auto comments = run_to(
      dir, "verify --boards " + quote(dir.file("b.txt")) + " --solutions <(printf \"01\\n10\\n\"; yes \"#\")",
      dir.file("out.txt"));
  EXPECT_EQ(comments.exit_code, 2) << comments.err;
  EXPECT_NE(comments.err.find("more than 4096 comment lines after the last of the 2 boards' "
                              "solutions"),
            std::string::npos)
      << comments.err;
}

// 8. Under --memory-limit a board's outcome does not depend on --threads.
TEST(MemoryLimit, OutcomesDoNotDependOnThreads) {
  ScratchDir dir;
  std::vector<std::vector<std::string>> runs;
  for (const char* threads : {"1", "2"}) {  // the case: 17 solved at 1 thread, 12 at 2
    const std::string csv = dir.file(std::string("t") + threads + ".csv");
    const auto r =
        run_colorwalk(dir,
                      "solve --articles 30 --solver astar --memory-limit 2MiB -q --threads " +
                          std::string(threads) + " --csv " + quote(csv),
                      120);
    EXPECT_EQ(r.exit_code, 1) << r.err;  // some boards do not fit
    runs.push_back(rows_of(csv));
  }
  std::size_t solved = 0;
  for (const auto& row : runs[0])
    solved += row.size() > 2 && row.substr(row.size() - 2) == "1," ? 1 : 0;
  EXPECT_GT(solved, 5u);
  EXPECT_LT(solved, 30u);
  EXPECT_EQ(runs[1], runs[0]);
}

// A CSV written before runs were recorded (no `run` column) is refused by
// --resume and merge, which cannot tell whose it is; --resume --adopt
// takes it as the run's, replays it and records the run in it.
TEST(Provenance, AnUnrecordedCsvIsAdoptedOnlyWhenAsked) {
  ScratchDir dir;
  const std::string run = "solve --articles 5 --solver greedy --solver random -q --solver-seed 3";
  const std::string recorded = dir.file("recorded.csv");
  ASSERT_EQ(run_colorwalk(dir, run + " --csv " + quote(recorded)).exit_code, 0);
  // The same rows as an older colorwalk wrote them: 8 columns.
  std::string old_text;
  for (const auto& line : split_lines(read_file(recorded))) {
    auto fields = split_csv_simple(line);
    fields.resize(8);
    for (std::size_t i = 0; i < fields.size(); ++i)
      old_text += (i ? "," : "") + fields[i];
    old_text += "\n";
  }
  const std::string legacy = dir.write("legacy.csv", old_text);
  const std::string refused =
      ":1: was written by a colorwalk that did not record its run (no `run` column): solve "
      "--resume --adopt takes it as the run's (replayed) and records it";
  expect_clean(run_colorwalk(dir, run + " --resume --csv " + quote(legacy), kTimeout), 2,
               legacy + refused, "resume an unrecorded CSV");
  expect_clean(run_colorwalk(dir, "merge " + quote(legacy), kTimeout), 2, legacy + refused,
               "merge an unrecorded CSV");
  expect_clean(run_colorwalk(dir, run + " --adopt --csv " + quote(legacy), kTimeout), 2,
               "--adopt goes with --resume", "--adopt alone");
  // A forged row is refused even so, and the file is left as it was.
  const auto lines = split_lines(old_text);
  const std::string solution = split_csv_simple(lines[2])[3];
  std::string forged_text = old_text;
  forged_text.replace(forged_text.find("," + solution + ","), solution.size() + 2,
                      "," + std::string(solution.size(), '0') + ",");
  const std::string forged = dir.write("forged.csv", forged_text);
  expect_clean(run_colorwalk(dir, run + " --resume --adopt --csv " + quote(forged), kTimeout), 2,
               forged + ":3: board 0, solver random: the solution does not clear the board",
               "adopt a forged CSV");
  EXPECT_EQ(read_file(forged), forged_text);
  EXPECT_FALSE(std::filesystem::exists(forged + ".partial"));
  // Adopted: the rows as they were, the run recorded, the current header
  // (its `peak_mib` empty in the adopted rows: not recorded), and a run
  // that goes on.
  expect_clean(run_colorwalk(dir, run + " --resume --adopt --csv " + quote(legacy), kTimeout), 0,
               "", "adopt");
  std::string adopted;
  for (const auto& line : split_lines(read_file(recorded))) {
    auto fields = split_csv_simple(line);
    ASSERT_EQ(fields.size(), 14u) << line;
    if (adopted.empty()) {
      EXPECT_EQ(fields[8], "peak_mib");
    } else {
      EXPECT_EQ(fields[8], "0.0") << line;  // greedy and random hold no search memory
      fields[8] = "";
      // The columns after `run` are not recorded in the adopted rows either.
      fields[10] = fields[11] = fields[12] = fields[13] = "";
    }
    for (std::size_t i = 0; i < fields.size(); ++i)
      adopted += (i ? "," : "") + fields[i];
    adopted += "\n";
  }
  EXPECT_EQ(read_file(legacy), adopted);
  EXPECT_EQ(run_colorwalk(dir, "merge -q " + quote(legacy)).exit_code, 0);
}

// Four small grid boards and their optimal solutions (color-walk rules,
// start 0,0) for the experiment cases below.
constexpr const char* kFourBoards = "012\n012\n\n021\n021\n\n01\n01\n\n000\n111\n";
constexpr const char* kFourOptima = "012\n021\n01\n01\n";

// #41: an experiment's optimal file is checked before anything is solved:
// one line per board, each of its board's colours and a solution of it.
TEST(Catalogue, ExperimentOptimalFilesAreCheckedBeforeSolving) {
  ScratchDir dir;
  dir.write("four.txt", kFourBoards);
  const std::string exp =
      dir.write("four.exp", "description = four\nboards = four.txt\nformat = grid\n"
                            "optimal = opt.txt\nsolver = greedy\n");
  const std::string opt = dir.file("opt.txt");
  const std::string args = "experiment " + quote(exp) + " -q --threads 1 --output-dir ";
  dir.write("opt.txt", kFourOptima);
  expect_clean(run_colorwalk(dir, args + quote(dir.file("good")), kTimeout), 0, "", "valid");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"012\n021\n01\n", opt + ": has 3 solution lines but " + dir.file("four.txt") + " has 4 boards"},
      {"012\n021\n01\n01\n01\n", opt + ":5: more solution lines than the 4 boards"},
      {"0\n1\n2\n0\n", opt + ":1: board 0 of "},  // wasted and not clearing: not a solution
      {"012\n021\n012\n01\n", opt + ":3: "},         // 2 is not one of the board's colours
      {"012\n02\n01\n01\n", opt + ":2: board 1 of "},  // does not clear it
  };
  for (std::size_t i = 0; i < cases.size(); ++i) {
    dir.write("opt.txt", cases[i].first);
    const std::string out = dir.file("bad" + std::to_string(i));
    expect_clean(run_colorwalk(dir, args + quote(out), kTimeout), 2, cases[i].second,
                 cases[i].first);
    EXPECT_FALSE(std::filesystem::exists(out)) << "nothing is solved or written: " << i;
  }
}

// #41: an experiment never writes over its own inputs (compared as files,
// not as names): its boards folder or files, its .exp, its optimal file.
TEST(Catalogue, ExperimentOutputsNeverReplaceItsInputs) {
  ScratchDir dir;
  std::filesystem::create_directories(dir.file("b3"));
  std::filesystem::create_directories(dir.file("exps"));
  std::filesystem::create_directories(dir.file("data"));
  dir.write("b3/b1.txt", "012\n012\n");
  dir.write("b3/b2.txt", "01\n01\n");
  dir.write("data/c.csv", kFourBoards);
  dir.write("data/o.txt", kFourOptima);
  std::filesystem::create_directory_symlink(dir.file("data"), dir.file("link"));
  const std::string exp_text = "description = x\nformat = grid\nsolver = greedy\n";
  struct Case {
    std::string exp, out, expected;
  };
  const std::vector<Case> cases = {
      // The boards folder: the report would replace b3/b1.txt, and every file is a board.
      {dir.write("exps/b1.exp", exp_text + "boards = ../b3\n"), dir.file("b3"),
       "cannot write '" + dir.file("b3") + "': it is the boards folder '" +
           dir.file("exps/../b3") + "' of experiment " + dir.file("exps/b1.exp") +
           " (every file written there would be read as boards)"},
      // A boards file named like the results CSV, through another name of its folder.
      {dir.write("data/c.exp", exp_text + "boards = c.csv\n"), dir.file("link"),
       "cannot write '" + dir.file("link/c.exp") + "': it is the experiment file '"},
      {dir.write("exps/c.exp", exp_text + "boards = ../data/c.csv\n"), dir.file("link"),
       "cannot write '" + dir.file("link/c.csv") + "': it is the boards file '" +
           dir.file("exps/../data/c.csv") + "'"},
      // The optimal file named like the printed report.
      {dir.write("exps/o.exp", exp_text + "boards = ../data/c.csv\noptimal = ../data/o.txt\n"),
       dir.file("data"), "cannot write '" + dir.file("data/o.txt") + "': it is the optimal file '"},
  };
  for (const Case& c : cases) {
    const auto r = run_colorwalk(dir, "experiment " + quote(c.exp) + " -q --output-dir " +
                                          quote(c.out), kTimeout);
    expect_clean(r, 2, c.expected, c.exp);
    EXPECT_NE(r.err.find("give an --output-dir that holds none of its inputs"), std::string::npos)
        << r.err;
  }
  EXPECT_EQ(read_file(dir.file("b3/b1.txt")), "012\n012\n");
  EXPECT_EQ(read_file(dir.file("data/c.csv")), kFourBoards);
  EXPECT_EQ(read_file(dir.file("data/o.txt")), kFourOptima);
  EXPECT_EQ(read_file(dir.file("data/c.exp")), exp_text + "boards = c.csv\n");
  EXPECT_EQ(read_file(dir.file("exps/c.exp")), exp_text + "boards = ../data/c.csv\n");
  // The experiment still runs on its boards, into a folder of its own.
  expect_clean(run_colorwalk(dir, "experiment " + quote(dir.file("exps/o.exp")) +
                                      " -q --output-dir " + quote(dir.file("out")), kTimeout),
               0, "", "elsewhere");
}

// #41: a run refused its folder (another run holds it) writes nothing
// there, not even its NAME.exp; simultaneous runs with --results-dir each
// get a folder of their own.
TEST(Catalogue, ExperimentRunsNeverShareOrTouchAnotherRunsFolder) {
  ScratchDir dir;
  std::filesystem::create_directories(dir.file("other"));
  const std::string busy_text =
      "description = busy\nrandom = 100000\nsize = 20x14\nsolver = greedy-look-ahead:depth=3\n";
  const std::string busy = dir.write("busy.exp", busy_text);
  const std::string other = dir.write("other/busy.exp", "description = other\nrandom = 2\n"
                                                        "size = 4x4\nsolver = greedy\n");
  const std::string out = dir.file("out");
  const pid_t first = spawn(dir, {"experiment", busy, "-q", "--threads", "1", "--output-dir", out});
  ASSERT_GT(first, 0);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (colorwalk::testing::line_count(out + "/busy.csv") < 3 &&
         std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  const auto refused = run_colorwalk(
      dir, "experiment " + quote(other) + " -q --threads 1 --output-dir " + quote(out), kTimeout);
  kill(first, SIGKILL);
  wait_for(first, 30);
  expect_clean(refused, 3, "another colorwalk run is writing it", "a held folder");
  EXPECT_EQ(read_file(out + "/busy.exp"), busy_text);

  const std::string results = dir.file("results");
  const std::string quick = dir.write("quick.exp", "description = quick\nrandom = 40\n"
                                                   "size = 20x14\nsolver = greedy\n");
  std::vector<pid_t> runs;
  for (int i = 0; i < 4; ++i)
    runs.push_back(colorwalk::testing::spawn_colorwalk(
        {"experiment", quick, "-q", "--threads", "1", "--results-dir", results},
        dir.file("quick" + std::to_string(i) + ".out"),
        dir.file("quick" + std::to_string(i) + ".err")));
  for (int i = 0; i < 4; ++i) {
    ASSERT_GT(runs[static_cast<std::size_t>(i)], 0);
    EXPECT_EQ(wait_for(runs[static_cast<std::size_t>(i)], 60), 0)
        << read_file(dir.file("quick" + std::to_string(i) + ".err"));
  }
  std::size_t folders = 0;
  for (const auto& entry : std::filesystem::directory_iterator(results)) {
    ++folders;
    EXPECT_TRUE(std::filesystem::exists(entry.path() / "quick.md")) << entry.path();
  }
  EXPECT_EQ(folders, 4u);
}

// An experiment whose results folder cannot be made, or whose copy of the
// .exp file cannot be written there, is exit 3 like every other output.
TEST(Outputs, AnExperimentThatCannotWriteItsFolderIsExitThree) {
  ScratchDir dir;
  const std::string exp = dir.write("mini.exp", "articles = 2\nsolver = greedy\n");
  const std::string file = dir.write("file", "not a folder\n");
  const std::string under_file = file + "/results";
  expect_clean(
      run_colorwalk(dir, "experiment " + quote(exp) + " --quiet --output-dir " + quote(under_file),
                    kTimeout),
      3,
      "colorwalk experiment: cannot create output directory '" + under_file +
          "': Not a directory\n",
      "--output-dir under a file");
  const std::string out = dir.file("out");
  std::filesystem::create_directories(out + "/mini.exp");  // where the copy goes
  expect_clean(
      run_colorwalk(dir, "experiment " + quote(exp) + " --quiet --output-dir " + quote(out),
                    kTimeout),
      3, "colorwalk experiment: cannot write '" + out + "/mini.exp': ", "the copy of the .exp");
}

// Numbers too large to hold are out of range, not malformed, and the
// message names the option or parameter and its range.
TEST(Catalogue, TooLargeNumbersAreOutOfRange) {
  ScratchDir dir;
  const std::string exp = dir.write("huge.exp", "articles = 1\nsolver = astar:seconds=1e5000\n");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"solve --articles 1 --solver greedy --memory-limit 18446744073709551615",
       "--memory-limit 18446744073709551615 is out of range: at least 1 MiB and less than 8 EiB"},
      {"solve --articles 1 --solver greedy --memory-limit 9000000TiB",
       "--memory-limit 9000000TiB is out of range: at least 1 MiB and less than 8 EiB"},
      {"solve --articles 1 --solver astar:seconds=1e5000",
       "solver 'astar': parameter seconds=1e5000 is out of range [0, 1000000000]"},
      {"solve --articles 1 --solver astar:seconds=-1e5000",
       "solver 'astar': parameter seconds=-1e5000 is out of range [0, 1000000000]"},
      {"experiment " + quote(exp) + " --output-dir " + quote(dir.file("res")),
       exp + ":2: solver 'astar': parameter seconds=1e5000 is out of range [0, 1000000000]"},
  };
  for (const auto& [args, expected] : cases)
    expect_clean(run_colorwalk(dir, args, kTimeout), 2, expected, args);
  // A value too small to hold is about 0, within the range.
  EXPECT_EQ(run_colorwalk(dir, "solve --articles 1 --solver astar:seconds=1e-5000 -q", kTimeout)
                .exit_code,
            0);
}

// Random boards of few cells and 2 colours: every board the tool draws is
// one it reads back (at least 2 colours).
TEST(Catalogue, RandomBoardsAlwaysHaveTwoColours) {
  ScratchDir dir;
  for (const char* size : {"1x2", "2x1", "3x3"}) {
    const std::string boards = dir.file(std::string("b") + size + ".txt");
    const std::string gen =
        std::string("gen --random 1000 --colors 2 --size ") + size + " -o " + quote(boards);
    ASSERT_EQ(run_colorwalk(dir, gen, kTimeout).exit_code, 0) << gen;
    expect_clean(
        run_colorwalk(dir, "solve --boards " + quote(boards) + " --solver greedy -q", kTimeout), 0,
        "", size);
  }
}

// Bytes that are not UTF-8, in a label or a path, leave the SVG
// well-formed XML and every JSON Lines record valid JSON: they are written
// as U+FFFD.
TEST(Outputs, InvalidUtf8InLabelsAndPathsIsReplaced) {
  ScratchDir dir;
  const std::string boards = dir.write("b\xff.txt", "01\n10\n");
  const std::string exp = dir.write(
      "odd.exp", "boards = " + boards + "\nsolver = greedy\nlabel = odd \xff\xfe label\n");
  const std::string out = dir.file("out");
  expect_clean(
      run_colorwalk(dir, "experiment " + quote(exp) + " --quiet --output-dir " + quote(out),
                    kTimeout),
      0, "", "experiment");
  const std::string svg = read_file(out + "/odd.svg");
  const std::string jsonl = read_file(out + "/odd.jsonl");
  // Valid UTF-8: every lead byte followed by its continuation bytes, no
  // overlong forms, surrogates or code points above U+10FFFF.
  const auto is_utf8 = [](const std::string& text) {
    for (std::size_t i = 0; i < text.size();) {
      const auto b = static_cast<unsigned char>(text[i]);
      const std::size_t n = b < 0x80       ? 1
                            : b >> 5 == 6  ? 2
                            : b >> 4 == 14 ? 3
                            : b >> 3 == 30 ? 4
                                           : 0;
      if (n == 0 || i + n > text.size()) return false;
      std::uint32_t cp = n == 1 ? b : b & (0x7Fu >> n);
      for (std::size_t k = 1; k < n; ++k) {
        const auto c = static_cast<unsigned char>(text[i + k]);
        if (c >> 6 != 2) return false;
        cp = cp << 6 | (c & 0x3Fu);
      }
      static constexpr std::uint32_t kLeast[] = {0, 0, 0x80, 0x800, 0x10000};
      if (cp < kLeast[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
      i += n;
    }
    return true;
  };
  EXPECT_TRUE(is_utf8(svg));
  EXPECT_TRUE(is_utf8(jsonl));
  EXPECT_NE(svg.find("odd \xEF\xBF\xBD\xEF\xBF\xBD label"), std::string::npos);
  EXPECT_NE(jsonl.find("b\xEF\xBF\xBD.txt"), std::string::npos);
  // And the parsers accept them, where python3 is there to ask.
  if (std::system("command -v python3 >/dev/null 2>&1") == 0) {
    const std::string check =
        "python3 -c 'import json,sys,xml.etree.ElementTree as x; "
        "[json.loads(l) for l in open(sys.argv[1],encoding=\"utf-8\")]; x.parse(sys.argv[2])' " +
        quote(out + "/odd.jsonl") + " " + quote(out + "/odd.svg");
    EXPECT_EQ(std::system(check.c_str()), 0);
  }
}

// The articles have 100 boards: more are refused, naming the range.
TEST(Catalogue, MoreArticlesBoardsThanTheArticlesHaveAreRefused) {
  ScratchDir dir;
  const std::string exp = dir.write("many.exp", "articles = 101\nsolver = greedy\n");
  const std::string range = "articles must be between 1 and 100 (the articles' boards), got 101";
  expect_clean(run_colorwalk(dir, "gen --articles 101", kTimeout), 2, "--" + range, "gen");
  expect_clean(run_colorwalk(dir, "solve --articles 101 --solver greedy", kTimeout), 2,
               "--" + range, "solve");
  expect_clean(
      run_colorwalk(dir, "experiment " + quote(exp) + " --output-dir " + quote(dir.file("res")),
                    kTimeout),
      2, exp + ":1: " + range, "experiment");
  EXPECT_EQ(
      run_colorwalk(dir, "gen --articles 100 -o " + quote(dir.file("a.txt")), kTimeout).exit_code,
      0);
}

// An endless board stream ends solve at the bound on what a board source
// holds (here --memory-limit), whether its text is held to detect its
// format or its boards are read as they come, and memory stays bounded.
TEST(OddInputs, AnEndlessBoardStreamEndsSolve) {
  ScratchDir dir;
  for (const std::string format : {"", " --format line"}) {
    SCOPED_TRACE(format);
    // bash, under timeout(1), running colorwalk: wait4() gives the largest
    // resident size among them (sanitizers' shadow included).
    const std::string err = dir.file("stderr.txt");
    const std::string command = "timeout -k 5 " + std::to_string(kTimeout) + " '" +
                                COLORWALK_EXE + "' solve --boards <(yes 0123)" + format +
                                " --solver greedy --memory-limit 16MiB >/dev/null 2>'" + err +
                                "' </dev/null";
    const pid_t pid = fork();
    if (pid == 0) {
      execl("/bin/bash", "bash", "-c", command.c_str(), static_cast<char*>(nullptr));
      _exit(127);
    }
    ASSERT_GT(pid, 0);
    int status = 0;
    rusage usage{};
    ASSERT_EQ(wait4(pid, &status, 0, &usage), pid);
    RunResult r;
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.err = read_file(err);
    EXPECT_LT(usage.ru_maxrss, 1024L * 1024L) << "KiB";
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find("colorwalk solve: /dev/fd/63:"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(": the boards read so far would hold more than 16 MiB in memory; the "
                         "bound is --memory-limit: give a larger one, or split the boards"),
              std::string::npos)
        << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
  // Endless lines that hold no cells end too: they count against the bound.
  for (const char* empty : {"\"\"", "\"#\""}) {
    const auto r = run_to(dir,
                          std::string("solve --boards <(yes ") + empty +
                              ") --format line --solver greedy --memory-limit 1MiB",
                          dir.file("out.txt"));
    EXPECT_EQ(r.exit_code, 2) << empty << ": " << r.err;
    EXPECT_NE(r.err.find("would hold more than 1 MiB in memory"), std::string::npos) << r.err;
  }
}

// merge refuses a shard cut short (fewer boards than its run records for
// it) and a CSV with only a header, alone or beside real shards, naming
// the file; --expect says when there are more boards than expected.
TEST(Merge, ShardsCutShortOrEmptyAreRefused) {
  ScratchDir dir;
  const std::string run = "solve --articles 6 --solver greedy -q --shard ";
  const std::string a = dir.file("a.csv");
  const std::string b = dir.file("b.csv");
  ASSERT_EQ(run_colorwalk(dir, run + "0/2 --csv " + quote(a)).exit_code, 0);
  ASSERT_EQ(run_colorwalk(dir, run + "1/2 --csv " + quote(b)).exit_code, 0);
  expect_clean(run_colorwalk(dir, "merge -q " + quote(a) + " " + quote(b), kTimeout), 0, "",
               "whole shards");
  const auto lines = split_lines(read_file(a));
  ASSERT_EQ(lines.size(), 4u);
  const std::string cut = dir.write("cut.csv", lines[0] + "\n" + lines[1] + "\n" + lines[2] + "\n");
  expect_clean(run_colorwalk(dir, "merge " + quote(cut) + " " + quote(b), kTimeout), 2,
               cut + ": holds 2 of the 3 boards of its shard 0/2 (its run has 6 boards): the "
                     "run that wrote it did not finish",
               "a shard cut short");
  const std::string header = dir.write("header.csv", lines[0] + "\n");
  for (const std::string& others : {std::string(), quote(a) + " " + quote(b) + " "})
    expect_clean(run_colorwalk(dir, "merge " + others + quote(header), kTimeout), 2,
                 header + ":1: holds only the header, no rows", "header only " + others);
  expect_clean(run_colorwalk(dir, "merge -q " + quote(a) + " " + quote(b) + " --expect 5", kTimeout),
               2, "the inputs hold 6 boards, expected 5 (1 more than expected", "--expect 5");
  expect_clean(run_colorwalk(dir, "merge -q " + quote(a) + " " + quote(b) + " --expect 7", kTimeout),
               2, "the inputs hold 6 boards, expected 7 (boards 6 on are missing)", "--expect 7");
}

// merge never writes into the folder of the boards its inputs record,
// given or not.
TEST(Merge, NeverWritesIntoTheRecordedBoardsFolder) {
  ScratchDir dir;
  const std::string boards = dir.file("boards");
  std::filesystem::create_directory(boards);
  dir.write("boards/b.txt", "012\n120\n201\n");
  const std::string csv = dir.file("r.csv");
  ASSERT_EQ(run_colorwalk(dir, "solve --boards " + quote(boards) + " --solver greedy -q --csv " +
                                   quote(csv))
                .exit_code,
            0);
  const std::string merged = boards + "/m.csv";
  expect_clean(run_colorwalk(dir, "merge -q " + quote(csv) + " --csv " + quote(merged), kTimeout),
               2, "--csv " + merged + ": is in " + boards + ", whose files are read as input",
               "merge into the recorded boards folder");
  EXPECT_FALSE(std::filesystem::exists(merged));
}

// SIGINT stops merge between boards: exit 130, one line, no output left
// (not even its .partial). The input is a FIFO whose writer pauses, so that
// the signal lands mid-merge.
TEST(Merge, AnInterruptLeavesNoOutput) {
  ScratchDir dir;
  const std::string csv = dir.file("run.csv");
  ASSERT_EQ(
      run_colorwalk(dir, "solve --articles 3 --solver greedy -q --csv " + quote(csv)).exit_code, 0);
  const std::string fifo = dir.file("fifo");
  ASSERT_EQ(mkfifo(fifo.c_str(), 0644), 0);
  const std::string out = dir.file("out.csv");
  const pid_t pid = spawn(dir, {"merge", "-q", fifo, "--csv", out, "--json", dir.file("out.jsonl")});
  ASSERT_GT(pid, 0);
  // Board 0 and the first row of board 1, then a pause, then the rest.
  ASSERT_EQ(std::system(("bash -c " + quote("(head -n 3 " + csv + "; sleep 3; tail -n +4 " + csv +
                                            ") > " + fifo + " &"))
                            .c_str()),
            0);
  // The interrupt comes once merge writes (its handler is in place by then),
  // during the writer's pause.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  while (!std::filesystem::exists(dir.file("out.csv.partial")) &&
         std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  ASSERT_EQ(kill(pid, SIGINT), 0);
  EXPECT_EQ(wait_for(pid, 30), 130);
  const std::string err = read_file(dir.file("spawned.err"));
  // Board 0 is merged unless the interrupt came first.
  EXPECT_TRUE(err ==
                  "colorwalk merge: stopped by SIGINT after 1 board; no output was written "
                  "(the inputs are as they were)\n" ||
              err ==
                  "colorwalk merge: stopped by SIGINT after 0 boards; no output was written "
                  "(the inputs are as they were)\n")
      << err;
  for (const char* name : {"out.csv", "out.csv.partial", "out.jsonl", "out.jsonl.partial"})
    EXPECT_FALSE(std::filesystem::exists(dir.file(name))) << name;
}

// SIGINT while --resume reads a CSV back stops there: exit 130, the command
// that resumes, the CSV and JSON file as they were and no JSON .partial.
// The CSV is many copies of one board's row, so that reading it back takes
// a while.
TEST(Resume, AnInterruptWhileReadingBackLeavesTheFilesAsTheyWere) {
  ScratchDir dir;
  const std::string one = dir.file("one.txt");
  ASSERT_EQ(run_colorwalk(dir, "gen --random 1 --size 20x20 --colors 6 --seed 5 -o " + quote(one))
                .exit_code,
            0);
  std::string board;
  for (const auto& line : split_lines(read_file(one)))
    if (!line.empty() && line[0] != '#') board += line + "\n";
  constexpr int kBoards = 50000;
  std::string many;
  for (int i = 0; i < kBoards; ++i)
    many += (i > 0 ? "\n" : "") + board;
  const std::string boards = dir.write("many.txt", many);
  const std::string source = "solve --boards " + quote(boards) + " --format grid --solver greedy -q";
  const std::string first = dir.file("first.csv");
  ASSERT_EQ(run_colorwalk(dir, source + " --shard 0/" + std::to_string(kBoards) + " --csv " +
                                   quote(first))
                .exit_code,
            0);
  // Board 0's row as the whole run's first, and the same row for the boards
  // after it but the last.
  const auto lines = split_lines(read_file(first));
  ASSERT_EQ(lines.size(), 2u);
  std::string row0 = lines[1];
  const std::string shard = "shard=0/" + std::to_string(kBoards);
  ASSERT_NE(row0.find(shard), std::string::npos);
  row0.replace(row0.find(shard), shard.size(), "shard=0/1");
  auto fields = split_csv_simple(lines[1]);
  std::string rest;
  for (std::size_t f = 1; f < 9; ++f)
    rest += "," + fields[f];
  std::string text = lines[0] + "\n" + row0 + "\n";
  for (int i = 1; i < kBoards - 1; ++i)
    text += std::to_string(i) + rest + ",,,,,\n";
  const std::string csv = dir.write("run.csv", text);
  const std::string json = dir.write("run.jsonl", "{}\n");
  const pid_t pid = spawn(dir, {"solve", "--boards", boards, "--format", "grid", "--solver",
                                "greedy", "-q", "--csv", csv, "--json", json, "--resume"});
  ASSERT_GT(pid, 0);
  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::seconds(kSanitized ? 4 * kTimeout : kTimeout);
  while (!std::filesystem::exists(json + ".partial") && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  ASSERT_EQ(kill(pid, SIGINT), 0);
  EXPECT_EQ(wait_for(pid, 60), 130);
  const std::string err = read_file(dir.file("spawned.err"));
  EXPECT_NE(err.find("colorwalk solve: stopped by SIGINT while reading back " + csv +
                     " to resume it (the files are as they were); resume with: "),
            std::string::npos)
      << err;
  EXPECT_EQ(read_file(csv), text);
  EXPECT_EQ(read_file(json), "{}\n");
  EXPECT_FALSE(std::filesystem::exists(json + ".partial"));
}

// A resumed run's rows that failed keep the reason its JSON file records
// (the CSV records none).
TEST(Resume, ResumedRowsKeepTheirRecordedReasons) {
  ScratchDir dir;
  const std::string run =
      "solve --articles 2 --solver greedy --solver astar --threads 1 --memory-limit 1MiB -q";
  const std::string csv = dir.file("part.csv");
  const std::string json = dir.file("part.jsonl");
  ASSERT_EQ(run_colorwalk(dir, run + " --csv " + quote(csv) + " --json " + quote(json), 60).exit_code,
            1);
  // Board 1 cut off, as a run stopped after board 0 leaves it.
  const auto lines = split_lines(read_file(csv));
  ASSERT_EQ(lines.size(), 5u);
  dir.write("part.csv", lines[0] + "\n" + lines[1] + "\n" + lines[2] + "\n");
  const auto r =
      run_colorwalk(dir, run + " --csv " + quote(csv) + " --json " + quote(json) + " --resume", 60);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find("colorwalk: board 0, solver astar: memory limit: "), std::string::npos)
      << r.err;
  const std::string rows = read_file(json);
  EXPECT_EQ(rows.find("failed in the run that wrote"), std::string::npos) << rows;
  EXPECT_NE(rows.find("\"board\":0,\"solver\":\"astar\""), std::string::npos) << rows;
  std::size_t reasons = 0;
  for (std::size_t at = rows.find("\"error\":\"memory limit: "); at != std::string::npos;
       at = rows.find("\"error\":\"memory limit: ", at + 1))
    ++reasons;
  EXPECT_EQ(reasons, 2u) << rows;
}
