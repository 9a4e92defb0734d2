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
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <sstream>
#include <string>
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

// A results CSV without its seconds column (the specs hold no commas).
std::string without_seconds(const std::string& csv) {
  std::string out;
  for (const auto& line : split_lines(csv)) {
    std::vector<std::string> fields;
    std::istringstream in(line);
    for (std::string f; std::getline(in, f, ',');)
      fields.push_back(f);
    if (fields.size() == 8) fields.erase(fields.begin() + 6);
    for (const auto& f : fields)
      out += f + ",";
    out += "\n";
  }
  return out;
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
    const auto base = run_colorwalk(dir,
                                    "solve --boards " + quote(plain_file) + " --format " + format +
                                        solvers + " --csv " + quote(dir.file("plain.csv")),
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
      {"solve --solver greedy --boards " + quote(folder), folder + ": directory holds no board files"},
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
      {"10\n", ": has 1 solution lines but " + boards + " has 2 boards"},
      {"10\n120\n0\n", ": has 3 solution lines but " + boards + " has 2 boards"},
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
      {"1\n", ":1: board 0 of " + boards + ": after all 1 moves, 1 cells are left", 1},
      {"100\n", ":1: board 0 of " + boards + ": move 3 ('0') comes after the board is cleared", 1},
  };
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const std::string path = dir.write("s" + std::to_string(i) + ".txt", cases[i].solution);
    const auto strict = run_colorwalk(dir, args + quote(path), kTimeout);
    expect_clean(strict, 1, path + cases[i].expected, cases[i].solution);
    EXPECT_NE(strict.err.find("colorwalk verify: 1 of 1 solutions do not clear their boards"),
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
      {"solve --articles 5 --solver nope", "unknown solver 'nope' (known: bfs, "},
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
               "colorwalk: board 0, solver astar: memory limit: the run's 1 MiB, shared by "
               "the boards being solved, had no room for its search",
               "--memory-limit 1MiB");
  for (const char* board : {"0", "1", "2", "3"})
    EXPECT_NE(r.err.find(std::string("colorwalk: board ") + board + ", solver astar: memory limit"),
              std::string::npos)
        << r.err;
  EXPECT_EQ(r.err.find("solver greedy"), std::string::npos) << r.err;
  const auto lines = split_lines(read_file(csv));
  ASSERT_EQ(lines.size(), 1u + 4 * 2);  // every board reported: the run went on
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const bool astar = i % 2 == 0;
    EXPECT_EQ(lines[i].back(), astar ? '0' : '1') << lines[i];  // the verified column
  }
  // With room enough, the same run succeeds.
  const auto ok = run_colorwalk(dir,
                                "solve --articles 4 --solver greedy --solver astar --threads 2 "
                                "--memory-limit 4GiB --quiet",
                                60);
  expect_clean(ok, 0, "", "--memory-limit 4GiB");
  EXPECT_EQ(ok.err, "");
}
