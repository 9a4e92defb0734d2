// colorwalk-mpi under the MPI launcher (mpiexec, on this machine's
// loopback): its answers against the sequential astar's on 100 random
// boards and three of the 99 problems, at 2 and 4 ranks, one search spread
// over the ranks and the boards shared out; a rank's memory limit, a
// killed rank and SIGINT each end every rank with a message; its CSV is the
// results CSV `colorwalk merge` reads, and existing results are kept unless
// --overwrite.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "game/board_io.hpp"
#include "game/cluster_graph.hpp"
#include "random_boards.hpp"
#include "registry/registry.hpp"

using namespace colorwalk;

namespace {

// Root (CI's containers) needs OpenMPI's consent; the shared-memory and
// self transports keep the runs off the network; 4 ranks may share 2 cores.
const bool kMpiEnvironment = [] {
  setenv("OMPI_ALLOW_RUN_AS_ROOT", "1", 0);
  setenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", 0);
  setenv("OMPI_MCA_btl", "self,vader", 0);
  setenv("OMPI_MCA_rmaps_base_oversubscribe", "1", 0);
  return true;
}();

std::filesystem::path datasets() {
  if (const char* env = std::getenv("COLORWALK_DATASETS")) return env;
  return COLORWALK_DATASETS_DIR;
}

class Scratch {
 public:
  Scratch() {
    std::random_device rd;
    path_ = std::filesystem::temp_directory_path() /
            ("colorwalk-mpi-test-" + std::to_string(rd()) + std::to_string(rd()));
    std::filesystem::create_directories(path_);
  }
  ~Scratch() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  std::string file(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

struct MpiRun {
  int exit_code = -1;
  std::string out;
  std::string err;
  double seconds = 0;
};

// `mpiexec -n RANKS colorwalk-mpi ARGS` (ARGS shell-quoted already), under
// timeout(1): a run that hangs ends with exit code 124.
MpiRun run_mpi(const Scratch& dir, int ranks, const std::string& args, int timeout_seconds = 240) {
  const std::string out = dir.file("stdout.txt");
  const std::string err = dir.file("stderr.txt");
  const std::string command = "timeout -k 5 " + std::to_string(timeout_seconds) + " '" + MPIEXEC +
                              "' -n " + std::to_string(ranks) + " '" + COLORWALK_MPI_EXE + "' " +
                              args + " >'" + out + "' 2>'" + err + "' </dev/null";
  const auto begin = std::chrono::steady_clock::now();
  const int status = std::system(command.c_str());
  MpiRun r;
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = read_text(out);
  r.err = read_text(err);
  return r;
}

// The fields of one CSV line (RFC 4180 quotes, as the results CSV writes them).
std::vector<std::string> csv_fields(const std::string& line) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
      fields.back() += '"';
      ++i;
    } else if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      fields.emplace_back();
    } else {
      fields.back() += c;
    }
  }
  return fields;
}

// The rows of a results CSV (board, solver, moves, solution, proven_optimal, ...).
std::vector<std::vector<std::string>> csv_rows(const std::string& csv) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(csv);
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line))
    rows.push_back(csv_fields(line));
  return rows;
}

// The results CSV's rows: board number (from 1) -> (moves, proven_optimal).
std::map<int, std::pair<int, int>> answers(const std::string& csv) {
  std::map<int, std::pair<int, int>> out;
  for (const auto& f : csv_rows(csv)) {
    if (f.size() < 5) continue;
    out[std::stoi(f[0]) + 1] = {std::stoi(f[2]), std::stoi(f[4])};
  }
  return out;
}

// `colorwalk ARGS` (ARGS shell-quoted already): exit code, stdout, stderr.
MpiRun run_colorwalk(const Scratch& dir, const std::string& args) {
  const std::string out = dir.file("tool-stdout.txt");
  const std::string err = dir.file("tool-stderr.txt");
  const std::string command = "timeout -k 5 240 '" + std::string(COLORWALK_EXE) + "' " + args +
                              " >'" + out + "' 2>'" + err + "' </dev/null";
  const int status = std::system(command.c_str());
  MpiRun r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = read_text(out);
  r.err = read_text(err);
  return r;
}

// The sequential astar's answers (one thread, in this process).
std::map<int, std::pair<int, int>> sequential_answers(const std::vector<Board>& boards) {
  const auto solver = builtin_solvers().parse("astar:threads=1").make();
  std::map<int, std::pair<int, int>> out;
  for (std::size_t i = 0; i < boards.size(); ++i) {
    const ClusterGraph g(boards[i]);
    const Solution s = solver->solve(g, SolveContext{});
    out[static_cast<int>(i + 1)] = {static_cast<int>(s.moves.size()), s.proven_optimal ? 1 : 0};
  }
  return out;
}

TEST(ColorwalkMpi, HundredRandomBoardsAsTheSequentialSearch) {
  Scratch dir;
  std::mt19937_64 rng(4343);
  std::vector<Board> boards;
  for (int i = 0; i < 100; ++i) {
    boards.push_back(colorwalk::testing::random_board(rng, 5, 10, 3, 7, Rules::kColorWalk));
    boards.back().set_rules(Rules::kColorWalk, CellPos{0, 0});  // as colorwalk-mpi reads them
  }
  {
    std::ofstream f(dir.file("boards.txt"));
    write_board_header(f, BoardFormat::kGrid);
    write_grid(f, boards);
  }
  const auto expected = sequential_answers(boards);
  for (const int ranks : {2, 4})
    for (const std::string spread : {"search", "boards"}) {
      SCOPED_TRACE(std::to_string(ranks) + " ranks, --spread " + spread);
      const MpiRun r =
          run_mpi(dir, ranks,
                  "--boards '" + dir.file("boards.txt") + "' --spread " + spread + " --threads 2");
      ASSERT_EQ(r.exit_code, 0) << r.err;
      EXPECT_EQ(answers(r.out), expected);
    }
}

// Three of the 99 problems that take a few seconds each on one thread:
// proven at the optimum their files state, at 2 and 4 ranks.
TEST(ColorwalkMpi, ThreeHardBoardsAtTheirOptimum) {
  const std::vector<std::string> names = {"14_14_10_002", "14_14_10_050", "20_20_06_009"};
  std::string args = "--rules flood-it --seconds 0";
  std::vector<Board> boards;
  std::map<int, std::pair<int, int>> expected;
  for (const std::string& name : names) {
    const auto path = datasets() / "99problems" / name;
    if (!std::filesystem::exists(path)) GTEST_SKIP() << path << " is missing";
    args += " --boards '" + path.string() + "'";
    const BoardFile file = load_board_file(path.string(), BoardFormat::kFloodItBoards);
    ASSERT_TRUE(file.stated_optima.at(0).has_value());
    expected[static_cast<int>(expected.size() + 1)] = {static_cast<int>(*file.stated_optima[0]), 1};
  }
  Scratch dir;
  for (const int ranks : {2, 4}) {
    SCOPED_TRACE(std::to_string(ranks) + " ranks");
    const MpiRun r = run_mpi(dir, ranks, args);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(answers(r.out), expected);
  }
}

// A memory limit too small for the search stops every rank at once, names
// the board and the limit, writes the CSV (not proven) and exits 1.
TEST(ColorwalkMpi, MemoryLimitEndsEveryRankWithAMessage) {
  const auto path = datasets() / "99problems" / "20_20_08_006";
  if (!std::filesystem::exists(path)) GTEST_SKIP() << path << " is missing";
  Scratch dir;
  const MpiRun r = run_mpi(
      dir, 2, "--rules flood-it --seconds 0 --memory-limit 16MiB --boards '" + path.string() + "'",
      120);
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.err.find("board 0 ("), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("reached the memory limit (--memory-limit 16MiB a rank"), std::string::npos)
      << r.err;
  const auto rows = answers(r.out);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows.at(1).second, 0);
}

// Memory scales with ranks: a board whose search one process cannot finish
// under a 24 MiB limit (it needs about 60) is proven by 4 ranks under the
// same limit each, as each holds about a quarter of the nodes.
TEST(ColorwalkMpi, FourRanksProveWhatOneCannotUnderTheSameLimit) {
  const auto path = datasets() / "99problems" / "20_20_06_009";
  if (!std::filesystem::exists(path)) GTEST_SKIP() << path << " is missing";
  const BoardFile file = load_board_file(path.string(), BoardFormat::kFloodItBoards);
  const int optimum = static_cast<int>(file.stated_optima.at(0).value());
  Scratch dir;
  const std::string args =
      "--rules flood-it --seconds 0 --memory-limit 24MiB --boards '" + path.string() + "'";
  const MpiRun one = run_mpi(dir, 1, args);
  EXPECT_EQ(one.exit_code, 1) << one.err;
  EXPECT_NE(one.err.find("1 of 1 rank reached the memory limit"), std::string::npos) << one.err;
  ASSERT_EQ(answers(one.out).size(), 1u);
  EXPECT_EQ(answers(one.out).at(1).second, 0);
  const MpiRun four = run_mpi(dir, 4, args);
  ASSERT_EQ(four.exit_code, 0) << four.err;
  EXPECT_EQ(answers(four.out).at(1), std::make_pair(optimum, 1));
}

// Starts `mpiexec -n 2 colorwalk-mpi` on a board that takes minutes, waits
// until both ranks run, then does `act` to the launcher (pid) and returns
// the run's exit status, output and time to end after `act`.
template <class Act>
MpiRun start_and(const Scratch& dir, Act&& act) {
  const auto path = datasets() / "99problems" / "20_20_08_006";
  const std::string out = dir.file("stdout.txt");
  const std::string err = dir.file("stderr.txt");
  const std::string pids = dir.file("pids.txt");
  // The shell starts the launcher, records its pid and the ranks' (its
  // children), then waits for it.
  const std::string script =
      "'" + std::string(MPIEXEC) + "' -n 2 '" + COLORWALK_MPI_EXE +
      "' --rules flood-it --seconds 0 --boards '" + path.string() + "' >'" + out + "' 2>'" + err +
      "' </dev/null & launcher=$!; echo $launcher > '" + pids + "'; wait $launcher";
  const pid_t shell = fork();
  if (shell == 0) {
    execl("/bin/sh", "sh", "-c", script.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  MpiRun r;
  pid_t launcher = 0;
  std::vector<pid_t> ranks;
  for (int i = 0; i < 300 && ranks.size() < 2; ++i) {  // up to 30 s to start
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    std::istringstream p(read_text(pids));
    if (!(p >> launcher)) continue;
    ranks.clear();
    std::istringstream children(read_text("/proc/" + std::to_string(launcher) + "/task/" +
                                          std::to_string(launcher) + "/children"));
    for (pid_t c = 0; children >> c;)
      ranks.push_back(c);
  }
  std::this_thread::sleep_for(std::chrono::seconds(2));  // into the search
  EXPECT_EQ(ranks.size(), 2u) << "the launcher's children: the ranks";
  act(launcher, ranks);
  const auto begin = std::chrono::steady_clock::now();
  int status = 0;
  for (;;) {  // at most 60 s, then the test fails and ends the run itself
    const pid_t done = waitpid(shell, &status, WNOHANG);
    if (done == shell) break;
    if (std::chrono::steady_clock::now() - begin > std::chrono::seconds(60)) {
      ADD_FAILURE() << "the run did not end within 60 s";
      kill(launcher, SIGKILL);
      for (const pid_t rank : ranks)
        kill(rank, SIGKILL);
      waitpid(shell, &status, 0);
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = read_text(out);
  r.err = read_text(err);
  return r;
}

// A rank killed in the middle of a search ends the whole run (the launcher
// ends the other rank and says which one died): no hang, a non-zero exit.
TEST(ColorwalkMpi, KilledRankEndsTheRunWithAMessage) {
  if (!std::filesystem::exists(datasets() / "99problems" / "20_20_08_006")) GTEST_SKIP();
  Scratch dir;
  const MpiRun r = start_and(dir, [](pid_t, const std::vector<pid_t>& ranks) {
    if (!ranks.empty()) kill(ranks.back(), SIGKILL);
  });
  EXPECT_NE(r.exit_code, 0);
  EXPECT_LT(r.seconds, 60);
  EXPECT_NE(r.err.find("signal 9"), std::string::npos) << r.err;
}

// SIGINT to the launcher (Ctrl-C): every rank stops its search, rank 0
// writes the CSV of the boards done (none here) and says so; no hang.
TEST(ColorwalkMpi, InterruptStopsEveryRankCleanly) {
  if (!std::filesystem::exists(datasets() / "99problems" / "20_20_08_006")) GTEST_SKIP();
  Scratch dir;
  const MpiRun r =
      start_and(dir, [](pid_t launcher, const std::vector<pid_t>&) { kill(launcher, SIGINT); });
  EXPECT_NE(r.exit_code, 0);
  EXPECT_LT(r.seconds, 60);
  EXPECT_NE(r.err.find("colorwalk-mpi: stopped by SIG"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("0 of 1 boards done and written"), std::string::npos) << r.err;
  EXPECT_EQ(r.out.substr(0, 6), "board,");
}

TEST(ColorwalkMpi, UsageErrorsExitTwoWithOneMessage) {
  Scratch dir;
  MpiRun r = run_mpi(dir, 2, "--boards '" + dir.file("missing.txt") + "'", 60);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("missing.txt"), std::string::npos) << r.err;
  r = run_mpi(dir, 2, "--spread everywhere --boards x", 60);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--spread must be search or boards"), std::string::npos) << r.err;
  r = run_mpi(dir, 2, "--memory-limit 8MiB --boards x", 60);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--memory-limit must be at least 16MiB"), std::string::npos) << r.err;
}

// The CSV is the results CSV of `colorwalk solve`: the same header, the
// run's record in its first row, so `colorwalk merge` reads it (exit 0);
// its moves are those `colorwalk solve --solver astar` writes, board by
// board, with either spread. --mpi-stats has a row per board.
TEST(ColorwalkMpi, ResultsCsvIsReadByMergeWithTheMovesOfSolve) {
  Scratch dir;
  std::mt19937_64 rng(4344);
  std::vector<Board> boards;
  for (int i = 0; i < 12; ++i)
    boards.push_back(colorwalk::testing::random_board(rng, 5, 9, 3, 6, Rules::kColorWalk));
  {
    std::ofstream f(dir.file("boards.txt"));
    write_board_header(f, BoardFormat::kGrid);
    write_grid(f, boards);
  }
  const std::string board_file = "--boards '" + dir.file("boards.txt") + "'";
  const MpiRun solve = run_colorwalk(dir, "solve " + board_file + " --solver astar --quiet --csv '" +
                                              dir.file("solve.csv") + "'");
  ASSERT_EQ(solve.exit_code, 0) << solve.err;
  const std::string solve_csv = read_text(dir.file("solve.csv"));
  const auto expected = csv_rows(solve_csv);
  ASSERT_EQ(expected.size(), boards.size());
  for (const std::string spread : {"search", "boards"}) {
    SCOPED_TRACE("--spread " + spread);
    const std::string out = dir.file("mpi-" + spread + ".csv");
    const std::string stats = dir.file("stats-" + spread + ".csv");
    const MpiRun r = run_mpi(dir, 2,
                             board_file + " --spread " + spread + " --out '" + out +
                                 "' --mpi-stats '" + stats + "'");
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const std::string csv = read_text(out);
    EXPECT_EQ(csv.substr(0, csv.find('\n')), solve_csv.substr(0, solve_csv.find('\n')));
    const auto rows = csv_rows(csv);
    ASSERT_EQ(rows.size(), expected.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
      SCOPED_TRACE("board " + std::to_string(i));
      ASSERT_GE(rows[i].size(), 10u);
      EXPECT_EQ(rows[i][0], std::to_string(i));
      EXPECT_EQ(rows[i][1].substr(0, 6), "astar:");
      EXPECT_EQ(rows[i][2], expected[i][2]);  // moves
      EXPECT_EQ(rows[i][3], expected[i][3]);  // solution
      EXPECT_EQ(rows[i][4], expected[i][4]);  // proven_optimal
      EXPECT_EQ(rows[i][7], "1");             // verified
      EXPECT_EQ(rows[i][9].empty(), i != 0);  // the run's record, in the first row only
    }
    EXPECT_NE(rows[0][9].find("source_args=--boards"), std::string::npos) << rows[0][9];
    const MpiRun merge =
        run_colorwalk(dir, "merge '" + out + "' --quiet --csv '" + dir.file("merged.csv") + "'");
    EXPECT_EQ(merge.exit_code, 0) << merge.err;
    EXPECT_EQ(answers(read_text(dir.file("merged.csv"))), answers(csv));
    const std::string stats_text = read_text(stats);
    EXPECT_EQ(stats_text.substr(0, stats_text.find('\n')),
              "board,ranks,threads,spread,seconds,rank_peak_mib,bytes_sent,messages_sent,phases");
    const auto stats_rows = csv_rows(stats_text);
    ASSERT_EQ(stats_rows.size(), boards.size());
    EXPECT_EQ(stats_rows[0][3], spread);
    std::filesystem::remove(dir.file("merged.csv"));
  }
}

// A non-empty --out (or --mpi-stats) is refused with exit 2, as colorwalk
// refuses to replace results, and kept; --overwrite replaces it.
TEST(ColorwalkMpi, ExistingOutputIsKeptUnlessOverwrite) {
  Scratch dir;
  std::mt19937_64 rng(4345);
  {
    std::ofstream f(dir.file("boards.txt"));
    write_board_header(f, BoardFormat::kGrid);
    write_grid(f, {colorwalk::testing::random_board(rng, 4, 6, 3, 4, Rules::kColorWalk)});
  }
  const std::string out = dir.file("out.csv");
  const std::string stats = dir.file("stats.csv");
  const std::string board_file = "--boards '" + dir.file("boards.txt") + "'";
  for (const std::string& file : {out, stats}) {
    std::ofstream(file) << "results of another run\n";
  }
  MpiRun r = run_mpi(dir, 2, board_file + " --out '" + out + "'", 60);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("colorwalk-mpi: --out " + out + ": '" + out +
                       "' exists and is not empty (23 bytes); pass --overwrite to replace it"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(read_text(out), "results of another run\n");
  r = run_mpi(dir, 2, board_file + " --mpi-stats '" + stats + "'", 60);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--mpi-stats " + stats + ": '" + stats + "' exists and is not empty"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(read_text(stats), "results of another run\n");
  r = run_mpi(dir, 2, board_file + " --out '" + out + "' --force", 60);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("unknown argument '--force'"), std::string::npos) << r.err;
  r = run_mpi(dir, 2,
              board_file + " --out '" + out + "' --mpi-stats '" + stats + "' --overwrite", 60);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(answers(read_text(out)).size(), 1u);
  EXPECT_EQ(csv_rows(read_text(stats)).size(), 1u);
  // An empty file is no results: written without --overwrite.
  std::ofstream(out, std::ios::trunc).close();
  r = run_mpi(dir, 2, board_file + " --out '" + out + "'", 60);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(answers(read_text(out)).size(), 1u);
}

}  // namespace
