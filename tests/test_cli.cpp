// The colorwalk tool end to end: exit codes, messages and outputs.
#include <gtest/gtest.h>

#include <sstream>

#include "colorwalk/board_io.hpp"
#include "colorwalk/replay.hpp"
#include "colorwalk/sources.hpp"
#include "test_support.hpp"

using namespace colorwalk;
using colorwalk::testing::read_file;
using colorwalk::testing::run_colorwalk;
using colorwalk::testing::ScratchDir;

namespace {

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    lines.push_back(line);
  return lines;
}

std::vector<std::string> split_csv_simple(const std::string& line) {
  std::vector<std::string> fields;
  std::istringstream in(line);
  for (std::string f; std::getline(in, f, ',');)
    fields.push_back(f);
  return fields;
}

// Greedy's solutions of the first `n` articles' boards, one line each.
std::string greedy_solutions(const ScratchDir& dir, std::size_t n) {
  const auto r =
      run_colorwalk(dir, "solve --articles " + std::to_string(n) +
                             " --solver greedy --quiet --csv '" + dir.file("g.csv") + "'");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  std::string out;
  const auto lines = split_lines(read_file(dir.file("g.csv")));
  for (std::size_t i = 1; i < lines.size(); ++i)
    out += split_csv_simple(lines[i])[3] + "\n";
  return out;
}

}  // namespace

TEST(Cli, HelpAndVersion) {
  ScratchDir dir;
  for (const char* cmd : {"list", "gen", "solve", "verify", "experiment"}) {
    const auto r = run_colorwalk(dir, std::string(cmd) + " --help");
    EXPECT_EQ(r.exit_code, 0) << cmd;
    EXPECT_NE(r.out.find("usage: colorwalk"), std::string::npos) << cmd;
    EXPECT_NE(r.out.find("--help"), std::string::npos) << cmd;
  }
  const auto v = run_colorwalk(dir, "--version");
  EXPECT_EQ(v.exit_code, 0);
  EXPECT_EQ(v.out.rfind("colorwalk ", 0), 0u);
  EXPECT_EQ(run_colorwalk(dir, "").exit_code, 2);
  const auto bad = run_colorwalk(dir, "frobnicate");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("unknown command 'frobnicate'"), std::string::npos);
}

TEST(Cli, ListShowsSolversAndParameters) {
  ScratchDir dir;
  const auto r = run_colorwalk(dir, "list");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("greedy\n"), std::string::npos);
  EXPECT_NE(r.out.find("round-robin\n"), std::string::npos);
}

TEST(Cli, VerifyAcceptsRightAndRejectsWrongSolutions) {
  ScratchDir dir;
  ASSERT_EQ(run_colorwalk(dir, "gen --articles 3 -o '" + dir.file("b.txt") + "'").exit_code, 0);
  const std::string good = greedy_solutions(dir, 3);
  const auto sol = dir.write("good.txt", good);
  const auto ok =
      run_colorwalk(dir, "verify --boards '" + dir.file("b.txt") + "' --solutions '" + sol + "'");
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_NE(ok.out.find("all 3 solutions clear their boards"), std::string::npos);

  // Board 1's solution loses its last move: the board is left uncleared.
  auto lines = split_lines(good);
  lines[1].pop_back();
  const auto bad = dir.write("bad.txt", lines[0] + "\n" + lines[1] + "\n" + lines[2] + "\n");
  const auto r =
      run_colorwalk(dir, "verify --boards '" + dir.file("b.txt") + "' --solutions '" + bad + "'");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find(bad + ":2: board 1 of "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("cells are left"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("board 0 of"), std::string::npos) << r.err;

  // A repeated move is wasted.
  lines = split_lines(good);
  lines[2].insert(1, 1, lines[2][0]);
  const auto wasted = dir.write("wasted.txt", lines[0] + "\n" + lines[1] + "\n" + lines[2] + "\n");
  const auto w = run_colorwalk(
      dir, "verify --boards '" + dir.file("b.txt") + "' --solutions '" + wasted + "'");
  EXPECT_EQ(w.exit_code, 1);
  EXPECT_NE(w.err.find(wasted + ":3: board 2 of "), std::string::npos) << w.err;
  EXPECT_NE(w.err.find("move 2 ('"), std::string::npos) << w.err;
}

TEST(Cli, VerifyRefusesMalformedSolutionFiles) {
  ScratchDir dir;
  const auto boards = dir.write("b.txt", "01\n10\n");
  const auto count = run_colorwalk(
      dir, "verify --boards '" + boards + "' --solutions '" + dir.write("s.txt", "10\n10\n") + "'");
  EXPECT_EQ(count.exit_code, 2);
  EXPECT_NE(count.err.find("has 2 solution lines but"), std::string::npos) << count.err;
  const auto symbol = run_colorwalk(
      dir, "verify --boards '" + boards + "' --solutions '" + dir.write("t.txt", "1z\n") + "'");
  EXPECT_EQ(symbol.exit_code, 2);
  EXPECT_NE(symbol.err.find("t.txt:1: move 'z' at column 2 is not a color of the board"),
            std::string::npos)
      << symbol.err;
  const auto ok = run_colorwalk(
      dir, "verify --boards '" + boards + "' --solutions '" + dir.write("u.txt", "10\n") + "'");
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
}

TEST(Cli, MalformedBoardFilesExitTwoNamingFileAndLine) {
  ScratchDir dir;
  struct Case {
    const char* name;
    std::string content;
    std::string expected;  // FILE:LINE: problem, FILE replaced below
  };
  const std::vector<Case> cases = {
      {"ragged.txt", "0123\n012\n", ":2: ragged row: 3 symbols"},
      {"symbol.txt", "01\n0$\n", ":2: unknown symbol '$' at column 2"},
      {"empty.txt", "", ":1: empty file: no boards"},
      {"one-color.txt", "# a comment\n111\n111\n", ":2: board uses only 1 color"},
      {"too-wide.txt", "01\n10\n\n" + std::string(kMaxSide + 1, '0') + "1\n",
       ":4: board of 4098x1 cells is over the limit"},
      {"too-long.txt", std::string(kMaxSide + 100, '0') + "1\n", ":1: line is longer than"},
      {"binary.txt",
       std::string("\x7f"
                   "ELF\x01\x02\x00\x00",
                   8),
       ":1: unknown symbol byte 0x7f at column 1"},
  };
  for (const Case& c : cases) {
    const auto path = dir.write(c.name, c.content);
    for (const std::string cmd : {"solve --solver greedy --boards", "gen --boards"}) {
      const auto r = run_colorwalk(dir, cmd + " '" + path + "'");
      EXPECT_EQ(r.exit_code, 2) << c.name << ": " << r.err;
      EXPECT_NE(r.err.find(path + c.expected), std::string::npos) << c.name << ": " << r.err;
      EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << c.name << ": " << r.err;
    }
    const auto v = run_colorwalk(dir, "verify --boards '" + path + "' --solutions '" + path + "'");
    EXPECT_EQ(v.exit_code, 2) << c.name;
    EXPECT_NE(v.err.find(path + c.expected), std::string::npos) << c.name << ": " << v.err;
  }
  const auto missing =
      run_colorwalk(dir, "solve --solver greedy --boards '" + dir.file("none") + "'");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.err.find(dir.file("none") + ": cannot open"), std::string::npos);
}

TEST(Cli, BadUsageExitsTwo) {
  ScratchDir dir;
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"solve --articles 5", "give at least one --solver"},
      {"solve --articles 5 --solver nope", "unknown solver 'nope'"},
      {"solve --articles 5 --solver greedy:depth=2", "has no parameter 'depth'"},
      {"solve --solver greedy", "no board source"},
      {"solve --articles 5 --random 5 --solver greedy", "only one board source"},
      {"solve --random 5 --colors 37 --solver greedy", "--colors must be between 2 and 36"},
      {"solve --random 5 --size 1000000x1000000 --solver greedy", "over the limit"},
      {"solve --random 5 --size 30by20 --solver greedy", "--size needs WIDTHxHEIGHT"},
      {"solve --articles 5 --solver greedy --rules go", "--rules must be"},
      {"solve --articles 5 --solver greedy --start 40,0", "off the 30x20 board"},
      {"solve --articles 5 --solver greedy --bogus", "unrecognised option"},
      {"experiment nope", "unknown experiment 'nope'"},
  };
  for (const auto& [args, expected] : cases) {
    const auto r = run_colorwalk(dir, args);
    EXPECT_EQ(r.exit_code, 2) << args << ": " << r.err;
    EXPECT_NE(r.err.find(expected), std::string::npos) << args << ": " << r.err;
  }
}

TEST(Cli, GenWritesBoardsThatReadBackIdentically) {
  ScratchDir dir;
  const auto r = run_colorwalk(
      dir, "gen --random 4 --seed 9 --size 7x5 --colors 3 -o '" + dir.file("r.txt") + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto boards = load_boards(dir.file("r.txt"), BoardFormat::kGrid);
  const RandomSource source(4, 9, 7, 5, 3);
  ASSERT_EQ(boards.size(), 4u);
  for (std::size_t i = 0; i < boards.size(); ++i) {
    const Board expected = source.board(i);
    EXPECT_EQ(boards[i].width(), 7u);
    for (std::uint32_t cell = 0; cell < expected.cell_count(); ++cell)
      EXPECT_EQ(boards[i].symbol(boards[i].cells()[cell]), expected.symbol(expected.cells()[cell]));
  }
}

TEST(Cli, SolveArticlesGreedyWritesHundredVerifiedRows) {
  ScratchDir dir;
  const auto csv = dir.file("out.csv");
  const auto r = run_colorwalk(dir, "solve --articles 100 --solver greedy --csv '" + csv + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("greedy"), std::string::npos);
  const auto lines = split_lines(read_file(csv));
  ASSERT_EQ(lines.size(), 101u);
  EXPECT_EQ(lines[0], "board,solver,moves,solution,proven_optimal,expanded,seconds,verified");
  const ArticlesSource source(100);
  double total = 0;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const auto f = split_csv_simple(lines[i]);
    ASSERT_EQ(f.size(), 8u) << lines[i];
    EXPECT_EQ(f[0], std::to_string(i - 1));
    EXPECT_EQ(f[1], "greedy");
    EXPECT_EQ(std::stoul(f[2]), f[3].size());
    EXPECT_EQ(f[4], "0");
    EXPECT_EQ(f[7], "1");
    // Replay independently of the tool.
    const Board board = source.board(i - 1);
    const auto moves = parse_moves(board, SolutionLine{i, f[3]}, "out.csv");
    EXPECT_TRUE(replay(ClusterGraph(board), moves).ok()) << "board " << i - 1;
    total += static_cast<double>(moves.size());
  }
  EXPECT_NEAR(total / 100.0, 39.8, 0.5);  // the articles' Greedy row
}

TEST(Cli, ExperimentArticlesPrintsOursBesideThePublishedTable) {
  ScratchDir dir;
  const auto r = run_colorwalk(dir, "experiment articles --output-dir '" + dir.file("res") + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Greedy "), std::string::npos);
  EXPECT_NE(r.out.find("39.8"), std::string::npos);
  const auto lines = split_lines(read_file(dir.file("res/articles.csv")));
  EXPECT_GE(lines.size(), 201u);  // at least greedy and round-robin on 100 boards
  const auto list = run_colorwalk(dir, "experiment --list");
  EXPECT_EQ(list.exit_code, 0);
  EXPECT_NE(list.out.find("articles"), std::string::npos);
}
