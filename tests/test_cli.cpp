// The colorwalk tool end to end: exit codes, messages and outputs.
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <regex>
#include <sstream>
#include <thread>

#include "datasets.hpp"
#include "game/board_io.hpp"
#include "game/replay.hpp"
#include "game/sources.hpp"
#include "test_support.hpp"

using namespace colorwalk;
using colorwalk::testing::line_count;
using colorwalk::testing::read_file;
using colorwalk::testing::run_colorwalk;
using colorwalk::testing::ScratchDir;
using colorwalk::testing::spawn_colorwalk;

namespace {

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    lines.push_back(line);
  return lines;
}

// The fields of a CSV line; a quoted field (the first row's `run`, a spec
// with commas) is one field, its quotes kept.
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
  for (const char* cmd : {"list", "gen", "solve", "verify", "experiment", "merge"}) {
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
  EXPECT_NE(r.err.find("1 cell is left"), std::string::npos) << r.err;
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
  EXPECT_NE(count.err.find("s.txt:2: more solution lines than the 1 board they are for"),
            std::string::npos)
      << count.err;
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
  EXPECT_EQ(lines[0],
            "board,solver,moves,solution,proven_optimal,expanded,seconds,verified,peak_mib,run,"
            "name,generated,pruned,lower_bound");
  const ArticlesSource source(100);
  double total = 0;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const auto f = split_csv_simple(lines[i]);
    ASSERT_EQ(f.size(), 14u) << lines[i];
    EXPECT_EQ(f[8], "0.0") << lines[i];  // greedy holds no search memory
    // The run's provenance in the first row only.
    EXPECT_EQ(f[9].empty(), i > 1) << lines[i];
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

namespace {

// A results CSV or JSON Lines text with the timing fields blanked out.
std::string without_seconds(const std::string& text) {
  static const std::regex csv_seconds(",[0-9]+\\.[0-9]{6},([01]),");
  static const std::regex json_seconds("\"seconds\":[0-9.]+");
  std::string out;
  for (const auto& line : split_lines(text)) {
    out += std::regex_replace(std::regex_replace(line, csv_seconds, ",,$1,"), json_seconds,
                              "\"seconds\":_") +
           "\n";
  }
  return out;
}

// The summary table without its seconds column.
std::string without_seconds_column(const std::string& table) {
  std::string out;
  for (const auto& line : split_lines(table)) {
    std::istringstream in(line);
    std::vector<std::string> words;
    for (std::string w; in >> w;)
      words.push_back(w);
    if (words.size() == 9) words.erase(words.begin() + 7);
    for (const auto& w : words)
      out += w + " ";
    out += "\n";
  }
  return out;
}

::testing::AssertionResult same_lines(const std::string& a, const std::string& b) {
  const auto la = split_lines(a);
  const auto lb = split_lines(b);
  for (std::size_t i = 0; i < std::max(la.size(), lb.size()); ++i) {
    const std::string x = i < la.size() ? la[i] : "<end>";
    const std::string y = i < lb.size() ? lb[i] : "<end>";
    if (x != y)
      return ::testing::AssertionFailure()
             << "line " << i + 1 << ": '" << x << "' against '" << y << "'";
  }
  return ::testing::AssertionSuccess();
}

const std::string kRun =
    "solve --random 150 --seed 4 --size 16x12 --colors 5 --solver greedy --solver random "
    "--solver random-skip --solver greedy-look-ahead:depth=3";

// Checks that `csv` holds whole rows for boards 0..n-1, `solvers` rows each;
// returns n.
std::size_t complete_boards(const std::string& csv, std::size_t solvers) {
  const std::string text = read_file(csv);
  EXPECT_FALSE(text.empty());
  if (text.empty()) return 0;
  EXPECT_EQ(text.back(), '\n') << "a torn last line";
  const auto lines = split_lines(text);
  EXPECT_EQ((lines.size() - 1) % solvers, 0u);
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const auto f = split_csv_simple(lines[i]);
    EXPECT_EQ(f.size(), 14u) << lines[i];
    if (f.size() != 14) break;
    EXPECT_EQ(f[0], std::to_string((i - 1) / solvers)) << lines[i];
    EXPECT_EQ(f[7], "1") << lines[i];
  }
  return (lines.size() - 1) / solvers;
}

}  // namespace

TEST(Cli, ThreadCountDoesNotChangeTheCsv) {
  ScratchDir dir;
  const auto one = run_colorwalk(dir, kRun + " --threads 1 --csv '" + dir.file("one.csv") +
                                          "' --json '" + dir.file("one.jsonl") + "'");
  ASSERT_EQ(one.exit_code, 0) << one.err;
  const auto two = run_colorwalk(dir, kRun + " --threads 2 --csv '" + dir.file("two.csv") +
                                          "' --json '" + dir.file("two.jsonl") + "'");
  ASSERT_EQ(two.exit_code, 0) << two.err;
  EXPECT_EQ(split_lines(read_file(dir.file("one.csv"))).size(), 1u + 150 * 4);
  EXPECT_TRUE(same_lines(without_seconds(read_file(dir.file("one.csv"))),
                         without_seconds(read_file(dir.file("two.csv")))));
  EXPECT_TRUE(same_lines(without_seconds(read_file(dir.file("one.jsonl"))),
                         without_seconds(read_file(dir.file("two.jsonl")))));
  EXPECT_EQ(without_seconds_column(one.out), without_seconds_column(two.out));
}

TEST(Cli, ShardsMergeIntoTheSingleRun) {
  ScratchDir dir;
  const auto single = run_colorwalk(dir, kRun + " --csv '" + dir.file("all.csv") + "'");
  ASSERT_EQ(single.exit_code, 0) << single.err;
  std::string inputs;
  for (int i = 0; i < 3; ++i) {
    const std::string csv = dir.file("s" + std::to_string(i) + ".csv");
    const auto r = run_colorwalk(dir, kRun + " --shard " + std::to_string(i) + "/3 --csv '" + csv +
                                          "' --threads " + std::to_string(1 + i % 2));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(split_lines(read_file(csv)).size(), 1u + 50 * 4);
    inputs = "'" + csv + "' " + inputs;  // any order
  }
  const auto merged = run_colorwalk(
      dir, "merge " + inputs + "--expect 150 --csv '" + dir.file("m.csv") + "' --json '" +
               dir.file("m.jsonl") + "' --svg '" + dir.file("m.svg") + "'");
  ASSERT_EQ(merged.exit_code, 0) << merged.err;
  EXPECT_EQ(without_seconds_column(merged.out), without_seconds_column(single.out));
  EXPECT_NE(merged.out.find("greedy-look-ahead:depth=3     150"), std::string::npos) << merged.out;
  EXPECT_TRUE(same_lines(without_seconds(read_file(dir.file("m.csv"))),
                         without_seconds(read_file(dir.file("all.csv")))));
  EXPECT_EQ(read_file(dir.file("m.svg")).rfind("<svg", 0), 0u);
  const auto json = split_lines(read_file(dir.file("m.jsonl")));
  ASSERT_EQ(json.size(), 1 + 150u * 4 + 1);  // the run, the rows, the summary
  EXPECT_EQ(json.front().rfind("{\"type\":\"run\",", 0), 0u);
  EXPECT_EQ(json.back().rfind("{\"type\":\"summary\",\"merged\":", 0), 0u);

  // A missing shard is named; a shard given twice is a duplicate.
  const auto gap =
      run_colorwalk(dir, "merge '" + dir.file("s0.csv") + "' '" + dir.file("s2.csv") + "'");
  EXPECT_EQ(gap.exit_code, 2);
  EXPECT_NE(gap.err.find("shard 1/3 is missing"), std::string::npos) << gap.err;
  const auto dup = run_colorwalk(dir, "merge " + inputs + " '" + dir.file("s1.csv") + "'");
  EXPECT_EQ(dup.exit_code, 2);
  EXPECT_NE(dup.err.find("is also in"), std::string::npos) << dup.err;
  const auto self = run_colorwalk(dir, "merge " + inputs + " --csv '" + dir.file("s1.csv") + "'");
  EXPECT_EQ(self.exit_code, 2);
  EXPECT_NE(self.err.find("is read by this command"), std::string::npos) << self.err;
}

TEST(Cli, ResumeContinuesACutCsvToTheSameResults) {
  ScratchDir dir;
  const auto full = run_colorwalk(dir, kRun + " --csv '" + dir.file("full.csv") + "'");
  ASSERT_EQ(full.exit_code, 0) << full.err;
  // As a crash leaves it: 25 boards, then a torn row.
  const auto lines = split_lines(read_file(dir.file("full.csv")));
  std::string cut;
  for (std::size_t i = 0; i < 1 + 25 * 4 + 2; ++i)
    cut += lines[i] + "\n";
  cut += lines[1 + 25 * 4 + 2].substr(0, 9);
  dir.write("run.csv", cut);
  const auto resumed = run_colorwalk(dir, kRun + " --csv '" + dir.file("run.csv") +
                                              "' --resume --json '" + dir.file("r.jsonl") + "'");
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_NE(resumed.err.find("run.csv: 25 of 150 boards done (cut "), std::string::npos)
      << resumed.err;
  EXPECT_NE(resumed.err.find("solved 125 more boards x 4 solvers"), std::string::npos)
      << resumed.err;
  EXPECT_TRUE(same_lines(without_seconds(read_file(dir.file("run.csv"))),
                         without_seconds(read_file(dir.file("full.csv")))));
  EXPECT_EQ(without_seconds_column(resumed.out), without_seconds_column(full.out));
  EXPECT_EQ(split_lines(read_file(dir.file("r.jsonl"))).size(), 1 + 150u * 4 + 1);
  // Resuming a finished run solves nothing more.
  const auto again = run_colorwalk(dir, kRun + " --csv '" + dir.file("run.csv") + "' --resume");
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_NE(again.err.find("150 of 150 boards done"), std::string::npos) << again.err;
  EXPECT_EQ(without_seconds_column(again.out), without_seconds_column(full.out));
  // Another run's CSV is refused.
  const auto other = run_colorwalk(dir,
                                   "solve --random 150 --seed 4 --size 16x12 --colors 5 "
                                   "--solver greedy --csv '" +
                                       dir.file("run.csv") + "' --resume");
  EXPECT_EQ(other.exit_code, 2);
  EXPECT_NE(other.err.find("run.csv:2: was written by another run: its solvers are greedy, "
                           "random, random-skip, greedy-look-ahead:depth=3, this run's are greedy"),
            std::string::npos)
      << other.err;
}

// The committed record of the b24c6n1000 proofs was written before the
// `peak_mib` column (experiments/optima/b24c6n1000.csv, 9 columns, which
// scripts/prove-b24c6n1000.sh resumes and reads by field number). It is
// resumed in its own format: a board cut from its end is solved again and
// appended without `peak_mib`, the rows before it left as they were.
TEST(Cli, TheCommittedOptimaCsvResumesInItsOwnFormat) {
  const auto boards = (colorwalk::testing::datasets_dir() / "b24c6n1000.txt").string();
  COLORWALK_NEED_DATASET_FILES(boards);
  const auto repo = std::filesystem::path(__FILE__).parent_path().parent_path();
  const std::string committed = read_file((repo / "experiments/optima/b24c6n1000.csv").string());
  const auto lines = split_lines(committed);
  ASSERT_EQ(lines.size(), 1u + 1000);
  EXPECT_EQ(lines[0], "board,solver,moves,solution,proven_optimal,expanded,seconds,verified,run");
  ScratchDir dir;
  std::string cut;  // board 999 left to solve
  for (std::size_t i = 0; i < 1000; ++i)
    cut += lines[i] + "\n";
  const std::string csv = dir.write("b24.csv", cut);
  const auto r = run_colorwalk(dir, "solve --boards '" + boards +
                                        "' --format line --rules flood-it --solver "
                                        "astar:memory=8192 --threads 1 --resume --csv '" +
                                        csv + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("999 of 1,000 boards done"), std::string::npos) << r.err;
  const std::string resumed = read_file(csv);
  ASSERT_EQ(resumed.substr(0, cut.size()), cut);
  const auto added = split_csv_simple(resumed.substr(cut.size(), resumed.size() - cut.size() - 1));
  ASSERT_EQ(added.size(), 9u) << resumed.substr(cut.size());
  const auto last = split_csv_simple(lines[1000]);
  EXPECT_EQ(added[0], "999");
  EXPECT_EQ(added[1], "astar:memory=8192");
  EXPECT_EQ(added[2], last[2]);  // 30 moves, proven optimal, verified
  EXPECT_EQ(added[4], "1");
  EXPECT_EQ(added[7], "1");
  EXPECT_EQ(added[8], "");  // no run field past the first row
  // Resumed again, finished: nothing changes.
  ASSERT_EQ(run_colorwalk(dir, "solve --boards '" + boards +
                                   "' --format line --rules flood-it --solver astar:memory=8192 "
                                   "--threads 1 -q --resume --csv '" +
                                   csv + "'")
                .exit_code,
            0);
  EXPECT_EQ(read_file(csv), resumed);
}

TEST(Cli, InterruptedRunKeepsWholeBoardsAndResumes) {
  ScratchDir dir;
  const std::vector<std::string> specs = {"--solver", "greedy", "--solver",
                                          "greedy-look-ahead:depth=2"};
  for (const int sig : {SIGINT, SIGTERM}) {
    const std::string csv = dir.file("run" + std::to_string(sig) + ".csv");
    // More boards than it solves before the signal.
    std::vector<std::string> args = {"solve", "--random", "6000",      "--size", "20x14",
                                     "--csv", csv,        "--threads", "2"};
    args.insert(args.end(), specs.begin(), specs.end());
    const pid_t pid = spawn_colorwalk(args, dir.file("out.txt"), dir.file("err.txt"));
    ASSERT_GT(pid, 0);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (line_count(csv) < 3 && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    ASSERT_EQ(kill(pid, sig), 0);
    int status = 0;
    ASSERT_EQ(waitpid(pid, &status, 0), pid);
    ASSERT_TRUE(WIFEXITED(status)) << "killed by signal " << WTERMSIG(status);
    EXPECT_EQ(WEXITSTATUS(status), 128 + sig);
    const std::string err = read_file(dir.file("err.txt"));
    EXPECT_NE(err.find(sig == SIGINT ? "stopped by SIGINT after" : "stopped by SIGTERM after"),
              std::string::npos)
        << err;
    EXPECT_NE(err.find("resume with: "), std::string::npos) << err;
    EXPECT_NE(err.find(" --resume\n"), std::string::npos) << err;
    const std::size_t done = complete_boards(csv, 2);
    ASSERT_GT(done, 0u);
    ASSERT_LT(done, 6000u);
    if (sig == SIGTERM) continue;

    // Resumed, it ends as a run that was never interrupted.
    const std::string run =
        "solve --random 6000 --size 20x14 --solver greedy --solver "
        "greedy-look-ahead:depth=2 ";
    const auto resumed = run_colorwalk(dir, run + "--csv '" + csv + "' --resume --threads 1");
    ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
    EXPECT_NE(resumed.err.find("solved " + std::to_string(6000 - done) + " more boards"),
              std::string::npos)
        << resumed.err;
    const auto fresh = run_colorwalk(dir, run + "--csv '" + dir.file("fresh.csv") + "'");
    ASSERT_EQ(fresh.exit_code, 0) << fresh.err;
    EXPECT_TRUE(same_lines(without_seconds(read_file(csv)),
                           without_seconds(read_file(dir.file("fresh.csv")))));
    EXPECT_EQ(without_seconds_column(resumed.out), without_seconds_column(fresh.out));
  }
}

TEST(Cli, ProgressIsASummaryLineOffATerminalAndNothingWhenQuiet) {
  ScratchDir dir;
  const auto r = run_colorwalk(dir, "solve --articles 20 --solver greedy --threads 2");
  ASSERT_EQ(r.exit_code, 0);
  const auto err = split_lines(r.err);
  ASSERT_EQ(err.size(), 1u) << r.err;
  EXPECT_EQ(err[0].rfind("solved 20 boards x 1 solver in ", 0), 0u) << r.err;
  EXPECT_NE(err[0].find(" boards/s, 2 threads)"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find('\r'), std::string::npos);
  const auto q = run_colorwalk(
      dir, "solve --articles 20 --solver greedy --quiet --csv '" + dir.file("q.csv") + "'");
  ASSERT_EQ(q.exit_code, 0);
  EXPECT_EQ(q.out, "");
  EXPECT_EQ(q.err, "");
}

TEST(Cli, MarkdownJsonAndSvgReports) {
  ScratchDir dir;
  const auto r = run_colorwalk(
      dir, "solve --articles 12 --solver greedy --solver round-robin --markdown --json '" +
               dir.file("r.jsonl") + "' --svg '" + dir.file("r.svg") + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("| solver | boards | min | mean | max | stdev | optimal | seconds | "
                        "expanded |\n|---|",
                        0),
            0u)
      << r.out;
  EXPECT_NE(r.out.find("| `round-robin` | 12 |"), std::string::npos) << r.out;
  const auto json = split_lines(read_file(dir.file("r.jsonl")));
  ASSERT_EQ(json.size(), 1 + 12u * 2 + 1);
  EXPECT_EQ(json[0].rfind("{\"type\":\"run\",\"format\":1,\"version\":", 0), 0u) << json[0];
  EXPECT_NE(json[0].find("\"source_args\":[\"--articles\",\"12\"]"), std::string::npos) << json[0];
  EXPECT_EQ(json[2].rfind("{\"type\":\"result\",\"board\":0,\"solver\":\"round-robin\",", 0), 0u);
  EXPECT_EQ(json.back().rfind("{\"type\":\"summary\",\"source\":\"articles 12\",\"rules\":"
                              "\"color-walk\",\"start\":\"0,0\",\"shard\":\"0/1\"",
                              0),
            0u)
      << json.back();
  const std::string svg = read_file(dir.file("r.svg"));
  EXPECT_EQ(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u);
  EXPECT_NE(svg.find(">articles 12, color-walk rules<"), std::string::npos);
  EXPECT_NE(svg.find(">round-robin<"), std::string::npos);
}

TEST(Cli, ExperimentArticlesPrintsOursBesideThePublishedTable) {
  ScratchDir dir;
  const auto r =
      run_colorwalk(dir, "experiment articles --boards 5 --output-dir '" + dir.file("res") + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("ours beside theirs"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Greedy "), std::string::npos);
  EXPECT_NE(r.out.find("39.8"), std::string::npos);
  const auto lines = split_lines(read_file(dir.file("res/articles.csv")));
  EXPECT_EQ((lines.size() - 1) % 5, 0u);
  EXPECT_GE(lines.size(), 1u + 5 * 19);  // every row of the published table, 5 boards
  for (const char* file :
       {"articles.jsonl", "articles.svg", "articles.txt", "articles.md", "articles.exp"})
    EXPECT_TRUE(std::filesystem::exists(dir.file("res/") + file)) << file;
  EXPECT_EQ(read_file(dir.file("res/articles.txt")), r.out);
  EXPECT_NE(read_file(dir.file("res/articles.md")).find("## Ours beside the published figures"),
            std::string::npos);

  const auto list = run_colorwalk(dir, "experiment --list");
  EXPECT_EQ(list.exit_code, 0);
  EXPECT_NE(list.out.find("articles "), std::string::npos);
  EXPECT_NE(list.out.find("look-ahead-depths "), std::string::npos);
}

TEST(Cli, ExperimentResultsDirectoryNamesExperimentDateAndCommit) {
  ScratchDir dir;
  const std::string exps = "--experiments-dir '" + dir.file("exps") + "' ";
  std::filesystem::create_directories(dir.file("exps"));
  dir.write("exps/tiny.exp",
            "description = a tiny experiment\nrandom = 6\nsize = 8x6\ncolors = 3\n"
            "solver = greedy\nlabel = Greedy\npublished = -, 9.5, -, -\n"
            "solver = no-such-solver\nlabel = Later\n");
  const auto list = run_colorwalk(dir, "experiment --list " + exps);
  EXPECT_EQ(list.exit_code, 0) << list.err;
  EXPECT_NE(list.out.find("tiny   a tiny experiment"), std::string::npos) << list.out;

  const auto r =
      run_colorwalk(dir, "experiment tiny " + exps + "--results-dir '" + dir.file("results") + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("not yet implemented"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Later (no-such-solver)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("|    -    9.5    -     - |"), std::string::npos) << r.out;
  std::vector<std::string> made;
  for (const auto& entry : std::filesystem::directory_iterator(dir.file("results")))
    made.push_back(entry.path().filename().string());
  ASSERT_EQ(made.size(), 1u);
  EXPECT_TRUE(std::regex_match(made[0], std::regex("tiny-[0-9]{4}-[0-9]{2}-[0-9]{2}-"
                                                   "([0-9a-f]+(-dirty)?|unknown)")))
      << made[0];
  EXPECT_EQ(split_lines(read_file(dir.file("results/" + made[0] + "/tiny.csv"))).size(), 7u);
  // The environment variable names the directory too; a second run gets its own directory.
  const auto again =
      run_colorwalk(dir, "experiment tiny --quiet --results-dir '" + dir.file("results") + "'");
  EXPECT_EQ(again.exit_code, 2);  // not in the source tree's experiments/
  setenv("COLORWALK_EXPERIMENTS", dir.file("exps").c_str(), 1);
  const auto env =
      run_colorwalk(dir, "experiment tiny --quiet --results-dir '" + dir.file("results") + "'");
  unsetenv("COLORWALK_EXPERIMENTS");
  EXPECT_EQ(env.exit_code, 0) << env.err;
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir.file("results")),
                          std::filesystem::directory_iterator{}),
            2);
  // A path to a file works as well.
  const auto path = run_colorwalk(dir, "experiment '" + dir.file("exps/tiny.exp") +
                                           "' --quiet --output-dir '" + dir.file("p") + "'");
  EXPECT_EQ(path.exit_code, 0) << path.err;
  EXPECT_TRUE(std::filesystem::exists(dir.file("p/tiny.svg")));
}

TEST(Cli, ExperimentSuiteChecksEachPartAgainstItsOptimalSolutions) {
  ScratchDir dir;
  std::filesystem::create_directories(dir.file("exps"));
  ASSERT_EQ(run_colorwalk(dir, "gen --random 4 --seed 3 --size 6x5 --colors 4 -o '" +
                                   dir.file("exps/b.txt") + "'")
                .exit_code,
            0);
  // The reference: astar's proven solutions, one line per board.
  const auto solved = run_colorwalk(dir, "solve --boards '" + dir.file("exps/b.txt") +
                                             "' --rules flood-it --solver astar --quiet --csv '" +
                                             dir.file("a.csv") + "'");
  ASSERT_EQ(solved.exit_code, 0) << solved.err;
  std::vector<std::string> optimal;
  const auto rows = split_lines(read_file(dir.file("a.csv")));
  for (std::size_t i = 1; i < rows.size(); ++i)
    optimal.push_back(split_csv_simple(rows[i])[3]);
  ASSERT_EQ(optimal.size(), 4u);
  const auto write_reference = [&](const std::string& name, const std::vector<std::string>& lines) {
    std::string text;
    for (const auto& l : lines)
      text += l + "\n";
    dir.write("exps/" + name, text);
  };
  write_reference("good.txt", optimal);
  auto short_line = optimal;
  short_line[2].pop_back();  // claims an optimum below the true one: not a solution
  write_reference("short.txt", short_line);
  auto long_line = optimal;
  long_line[1].insert(0, 1, long_line[1][0]);  // a wasted move: a solution astar beats
  write_reference("long.txt", long_line);
  const std::string part =
      "boards = b.txt\nrules = flood-it\nsolver = astar\nsolver = greedy\noptimal = ";
  dir.write("exps/good.exp", "description = good\n" + part + "good.txt\n");
  dir.write("exps/short.exp", "description = short\n" + part + "short.txt\n");
  dir.write("exps/long.exp", "description = long\n" + part + "long.txt\n");
  dir.write("exps/suite.exp", "description = all\npart = good\n");
  dir.write("exps/bad-suite.exp", "description = all\npart = good\npart = long\n");
  const std::string exps =
      " --experiments-dir '" + dir.file("exps") + "' --results-dir '" + dir.file("results") + "'";

  const auto good = run_colorwalk(dir, "experiment suite" + exps);
  ASSERT_EQ(good.exit_code, 0) << good.err << good.out;
  EXPECT_NE(good.out.find("Against the optimal solutions in"), std::string::npos) << good.out;
  EXPECT_NE(good.out.find("Suite suite: all"), std::string::npos) << good.out;
  EXPECT_NE(good.out.find("good                   astar"), std::string::npos) << good.out;
  EXPECT_EQ(good.out.find("CHECK FAILED"), std::string::npos) << good.out;

  // An optimum that does not clear its board is bad input, found before solving.
  const auto short_run = run_colorwalk(dir, "experiment short" + exps);
  EXPECT_EQ(short_run.exit_code, 2) << short_run.err;
  EXPECT_NE(short_run.err.find(dir.file("exps/short.txt") + ":3: board 2 of "), std::string::npos)
      << short_run.err;

  const auto bad = run_colorwalk(dir, "experiment bad-suite" + exps);
  EXPECT_EQ(bad.exit_code, 1) << bad.err;
  // long: astar beats the reference (a solution, but not an optimal one).
  EXPECT_NE(bad.out.find("CHECK FAILED"), std::string::npos) << bad.out;
  // The suite's table: part, solver, boards, moves, optimal, at, above, below, wrong, seconds.
  const auto fields_of = [&](const std::string& start) {
    std::vector<std::string> fields;
    for (const auto& l : split_lines(bad.out)) {
      if (l.rfind(start, 0) != 0) continue;
      std::istringstream in(l);
      for (std::string f; in >> f;)
        fields.push_back(f);
    }
    return fields;
  };
  const auto long_astar = fields_of("long                   astar ");
  ASSERT_EQ(long_astar.size(), 10u) << bad.out;
  EXPECT_EQ(long_astar[7], "1");  // below the reference: it is not optimal
  EXPECT_EQ(std::count(bad.out.begin(), bad.out.end(), '!'), 0);
  std::size_t failed = 0;
  for (std::size_t at = bad.out.find("CHECK FAILED"); at != std::string::npos;
       at = bad.out.find("CHECK FAILED", at + 1))
    ++failed;
  EXPECT_EQ(failed, 1u) << bad.out;
}

TEST(Cli, ExperimentFileErrorsExitTwoNamingFileAndLine) {
  ScratchDir dir;
  const auto path = dir.write("bad.exp", "articles = 5\nsolver = greedy\npublished = 1, 2\n");
  const auto r = run_colorwalk(dir, "experiment '" + path + "'");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find(path + ":3: published needs 4 figures"), std::string::npos) << r.err;
  const auto none = dir.write("none.exp", "articles = 5\nsolver = nothing-yet\n");
  const auto n = run_colorwalk(dir, "experiment '" + none + "'");
  EXPECT_EQ(n.exit_code, 2);
  EXPECT_NE(n.err.find("none of its solvers is registered"), std::string::npos) << n.err;
}
