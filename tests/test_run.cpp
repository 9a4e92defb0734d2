// The runs behind `colorwalk solve` and `colorwalk experiment`, called in
// process: a run's outcome, its log lines, a stop from outside, and an
// experiment file and a suite run into their results folders. And the one
// UserError base of the errors the tool maps to exit status 2.
#include "runs/run.hpp"

#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>
#include <sstream>

#include "game/board_io.hpp"
#include "registry/registry.hpp"
#include "results/csv_reader.hpp"
#include "results/rows.hpp"
#include "runs/experiment_runner.hpp"
#include "test_support.hpp"

using namespace colorwalk;
using colorwalk::testing::read_file;
using colorwalk::testing::ScratchDir;

namespace {

std::size_t count_lines(const std::string& text) {
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

RunRequest greedy_request(const BoardSource& source) {
  RunRequest request;
  request.source = &source;
  request.options.solvers.push_back(builtin_solvers().parse("greedy"));
  request.options.solvers.push_back(builtin_solvers().parse("greedy-look-ahead:depth=2"));
  request.options.threads = 2;
  return request;
}

// Asks the run to stop as soon as it listens, as a first SIGINT would.
class StopAtOnce final : public StopListener {
 public:
  StopFlags& flags() override { return flags_; }
  void listen() override {
    ++listened;
    flags_.signal = SIGINT;
    flags_.stop = true;
  }
  void stop_listening() override { ++stopped_listening; }
  int listened = 0;
  int stopped_listening = 0;

 private:
  StopFlags flags_;
};

}  // namespace

TEST(Run, SolvesEveryBoardWithEverySolverAndRecordsThem) {
  ScratchDir dir;
  const ArticlesSource source(10);
  RunRequest request = greedy_request(source);
  request.outputs.csv = dir.file("run.csv");
  std::ostringstream log;
  const RunOutcome outcome = execute(request, log);
  EXPECT_EQ(outcome.status, kExitOk);
  EXPECT_EQ(outcome.total, 10u);
  EXPECT_EQ(outcome.batch.reported, 10u);
  EXPECT_FALSE(outcome.batch.stopped());
  const auto& summaries = outcome.recorder->summary().solvers();
  ASSERT_EQ(summaries.size(), 2u);
  for (const SolverSummary& s : summaries) {
    EXPECT_EQ(s.boards, 10u);
    EXPECT_EQ(s.failed, 0u);
  }
  // Looking ahead two moves never needs more moves in all than greedy here.
  EXPECT_LE(summaries[1].sum, summaries[0].sum);
  EXPECT_EQ(count_lines(read_file(dir.file("run.csv"))), 1u + 10u * 2u);
  EXPECT_NE(log.str().find("solved 10 boards x 2 solvers in "), std::string::npos) << log.str();
  EXPECT_NE(log.str().find("2 threads)"), std::string::npos) << log.str();

  // Resuming the finished run solves nothing more and says so.
  RunRequest again = greedy_request(source);
  again.outputs.csv = dir.file("run.csv");
  again.outputs.resume = true;
  std::ostringstream resumed_log;
  const RunOutcome resumed = execute(again, resumed_log);
  EXPECT_EQ(resumed.status, kExitOk);
  EXPECT_EQ(resumed.batch.reported, 0u);
  EXPECT_EQ(resumed.recorder->boards(), 10u);
  EXPECT_NE(resumed_log.str().find(": 10 of 10 boards done"), std::string::npos)
      << resumed_log.str();
}

TEST(Run, QuietRunLogsNothing) {
  const ArticlesSource source(3);
  RunRequest request = greedy_request(source);
  request.quiet = true;
  std::ostringstream log;
  EXPECT_EQ(execute(request, log).status, kExitOk);
  EXPECT_EQ(log.str(), "");
}

TEST(Run, StoppedRunSaysHowToResumeAndReturnsTheSignalStatus) {
  ScratchDir dir;
  const ArticlesSource source(50);
  RunRequest request = greedy_request(source);
  request.options.threads = 1;
  request.outputs.csv = dir.file("stopped.csv");
  request.resume_command = resume_command({"colorwalk", "solve", "--articles", "50"}, {});
  StopAtOnce stop;
  request.stop = &stop;
  std::ostringstream log;
  const RunOutcome outcome = execute(request, log);
  EXPECT_EQ(stop.listened, 1);
  EXPECT_EQ(stop.stopped_listening, 1);
  EXPECT_TRUE(outcome.batch.stopped());
  EXPECT_EQ(outcome.status, 128 + SIGINT);
  EXPECT_NE(log.str().find("colorwalk: stopped by SIGINT after "), std::string::npos) << log.str();
  EXPECT_NE(log.str().find("resume with: colorwalk solve --articles 50 --resume\n"),
            std::string::npos)
      << log.str();
}

TEST(Run, ResumeCommandAddsWhatItLacks) {
  EXPECT_EQ(resume_command({"colorwalk", "experiment", "x"}, {"--output-dir", "out dir"}),
            (std::vector<std::string>{"colorwalk", "experiment", "x", "--output-dir", "out dir",
                                      "--resume"}));
  EXPECT_EQ(
      resume_command({"colorwalk", "solve", "--output-dir=a", "--resume"}, {"--output-dir", "b"}),
      (std::vector<std::string>{"colorwalk", "solve", "--output-dir=a", "--resume"}));
}

TEST(Run, SettingsOutOfRangeAreUsageErrors) {
  BatchOptions options;
  RunSettings settings;
  settings.threads = 5000;
  EXPECT_THROW(apply_run_settings(settings, options), UsageError);
  settings.threads = 3;
  settings.memory_limit = "12";
  EXPECT_THROW(apply_run_settings(settings, options), UsageError);
  settings.memory_limit = "2MiB";
  settings.solver_seed = 7;
  apply_run_settings(settings, options);
  EXPECT_EQ(options.threads, 3u);
  EXPECT_EQ(options.solver_seed, 7u);
  EXPECT_EQ(options.memory_limit, std::size_t{2} << 20);
}

TEST(ExperimentRunner, RunsAnExperimentFileIntoItsResultsFolder) {
  ScratchDir dir;
  const std::string path =
      dir.write("tiny.exp",
                "description = a tiny experiment\nrandom = 6\nsize = 8x6\ncolors = 3\n"
                "solver = greedy\nlabel = Greedy\npublished = -, 9.5, -, -\n"
                "solver = round-robin-skip\n"
                "solver = no-such-solver\nlabel = Later\n");
  const Experiment experiment = load_experiment(path);
  ExperimentRequest request;
  request.settings.threads = 2;
  request.limit = 4;
  request.output_dir = dir.file("out");
  EXPECT_EQ(results_dir_for(request, "tiny"), dir.file("out"));
  std::ostringstream out;
  std::ostringstream log;
  const ExperimentRun run = run_experiment(experiment, request, dir.file("out"), out, log);
  EXPECT_EQ(run.status, kExitOk);
  EXPECT_EQ(run.boards, 4u);
  EXPECT_EQ(run.solvers, (std::vector<std::string>{"greedy", "round-robin-skip"}));
  ASSERT_EQ(run.summaries.size(), 2u);
  EXPECT_EQ(run.summaries[0].boards, 4u);
  EXPECT_EQ(run.summaries[1].boards, 4u);
  EXPECT_FALSE(run.reference);
  EXPECT_NE(out.str().find("Experiment tiny: a tiny experiment"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("Later (no-such-solver)"), std::string::npos) << out.str();
  EXPECT_NE(log.str().find("solved 4 boards x 2 solvers"), std::string::npos) << log.str();
  for (const char* suffix : {".csv", ".jsonl", ".txt", ".md", ".svg", ".exp"})
    EXPECT_TRUE(std::filesystem::exists(dir.file(std::string("out/tiny") + suffix))) << suffix;
  EXPECT_EQ(read_file(dir.file("out/tiny.txt")), out.str());
  EXPECT_EQ(count_lines(read_file(dir.file("out/tiny.csv"))), 1u + 4u * 2u);
}

// `group = size`: the report gives each group's largest board peak, the
// most search memory one of its boards held, as the run's CSV records it.
TEST(ExperimentRunner, GroupedReportGivesEachGroupsLargestBoardPeak) {
  ScratchDir dir;
  std::filesystem::create_directories(dir.file("exps/boards"));
  // Flood-it-boards files: three 10x10 boards of 6 colours, two 12x12.
  const RandomSource small(3, 1, 10, 10, 6);
  const RandomSource large(2, 2, 12, 12, 6);
  std::size_t file = 0;
  for (const RandomSource* source : {&small, &large}) {
    for (std::size_t i = 0; i < source->size(); ++i) {
      const Board b = source->board(i);
      std::string text = std::to_string(b.height()) + " " + std::to_string(b.width()) + " 6\n";
      for (const Color c : b.cells())
        text += std::to_string(c + 1) + " ";
      dir.write("exps/boards/b" + std::to_string(file++), text + "\n0\n");
    }
  }
  const std::string path = dir.write("exps/grouped.exp",
                                     "description = grouped\nboards = boards\n"
                                     "format = flood-it-boards\nrules = flood-it\n"
                                     "group = size\nsolver = astar\n");
  ExperimentRequest request;
  request.settings.threads = 1;
  request.settings.quiet = true;
  std::ostringstream out;
  std::ostringstream log;
  const ExperimentRun run =
      run_experiment(load_experiment(path), request, dir.file("out"), out, log);
  EXPECT_EQ(run.status, kExitOk) << log.str();
  ASSERT_EQ(run.boards, 5u);
  // Each group's largest peak_mib in the CSV.
  std::vector<std::string> largest(2);
  std::vector<double> most(2, -1);
  ResultsCsvReader reader(dir.file("out/grouped.csv"));
  ASSERT_TRUE(reader.has_peak());
  std::vector<CsvRow> rows;
  while (reader.next_board(rows)) {
    ASSERT_TRUE(rows[0].result.peak_bytes.has_value());
    const std::size_t group = rows[0].result.board < 3 ? 0 : 1;
    const double mib = static_cast<double>(*rows[0].result.peak_bytes);
    EXPECT_GT(mib, 0.0);
    if (mib > most[group]) {
      most[group] = mib;
      largest[group] = format_peak_mib(rows[0].result.peak_bytes);
    }
  }
  const std::string report = read_file(dir.file("out/grouped.txt"));
  EXPECT_NE(report.find("expanded  peak MiB\n"), std::string::npos) << report;
  const auto row_of = [&](const std::string& group) {
    const auto at = report.find("\n" + group);
    return at == std::string::npos ? std::string()
                                   : report.substr(at + 1, report.find('\n', at + 1) - at - 1);
  };
  const std::string small_row = row_of("10x10, 6 colors");
  const std::string large_row = row_of("12x12, 6 colors");
  ASSERT_FALSE(small_row.empty()) << report;
  ASSERT_FALSE(large_row.empty()) << report;
  EXPECT_EQ(small_row.substr(small_row.find_last_of(' ') + 1), largest[0]) << report;
  EXPECT_EQ(large_row.substr(large_row.find_last_of(' ') + 1), largest[1]) << report;
  EXPECT_NE(report.find(" MiB peak\n"), std::string::npos) << report;
  const std::string md = read_file(dir.file("out/grouped.md"));
  EXPECT_NE(md.find("| 12x12, 6 colors | `astar` | 2 | "), std::string::npos) << md;
  EXPECT_NE(md.find(" | " + largest[1] + " |\n"), std::string::npos) << md;
}

TEST(ExperimentRunner, SuiteRunsEachPartInItsOwnFolder) {
  ScratchDir dir;
  std::filesystem::create_directories(dir.file("exps"));
  dir.write("exps/a.exp", "description = part a\nrandom = 3\nsize = 6x5\nsolver = greedy\n");
  dir.write("exps/b.exp", "description = part b\narticles = 2\nsolver = greedy\n");
  const std::string suite_path =
      dir.write("exps/both.exp", "description = both parts\npart = a\npart = b\n");
  ExperimentRequest request;
  request.settings.quiet = true;
  request.experiments_dir = dir.file("exps");
  request.results_dir = dir.file("results");
  std::ostringstream out;
  std::ostringstream log;
  EXPECT_EQ(run_suite(load_experiment(suite_path), request, out, log), kExitOk);
  EXPECT_EQ(out.str(), "");  // quiet
  EXPECT_EQ(log.str(), "");
  std::vector<std::filesystem::path> made;
  for (const auto& entry : std::filesystem::directory_iterator(dir.file("results")))
    made.push_back(entry.path());
  ASSERT_EQ(made.size(), 1u);
  EXPECT_EQ(made[0].filename().string().rfind("both-", 0), 0u) << made[0];
  EXPECT_EQ(count_lines(read_file((made[0] / "a" / "a.csv").string())), 1u + 3u);
  EXPECT_EQ(count_lines(read_file((made[0] / "b" / "b.csv").string())), 1u + 2u);
  EXPECT_NE(read_file((made[0] / "both.txt").string()).find("Suite both: both parts"),
            std::string::npos);
}

TEST(ExperimentRunner, ExperimentPathsAndResultsFolders) {
  ScratchDir dir;
  const std::string exps = dir.file("exps");
  std::filesystem::create_directories(exps);
  dir.write("exps/x.exp", "description = x\narticles = 1\nsolver = greedy\n");
  EXPECT_EQ(experiment_path("x", exps), dir.file("exps/x.exp"));
  EXPECT_EQ(experiment_path(dir.file("exps/x.exp"), "elsewhere"), dir.file("exps/x.exp"));
  EXPECT_THROW(experiment_path("y", exps), UsageError);
  EXPECT_THROW(experiment_path(dir.file("exps/y.exp"), exps), UsageError);
  const std::string first = fresh_results_dir(exps, "x", "1999-01-02", "abc");
  EXPECT_EQ(first, dir.file("exps/x-1999-01-02-abc"));
  std::filesystem::create_directories(first);
  EXPECT_EQ(fresh_results_dir(exps, "x", "1999-01-02", "abc"), first + "-2");
}

// Every error that is the user's to put right is a UserError, so that the
// tool maps them all to exit status 2 with one catch.
TEST(UserErrors, ShareOneBase) {
  EXPECT_THROW(throw UsageError("u"), UserError);
  EXPECT_THROW(load_boards("/no/such/board/file", BoardFormat::kGrid), UserError);
  EXPECT_THROW(Board::check_size(0, 5), UserError);
  EXPECT_THROW(builtin_solvers().parse("no-such-solver"), UserError);
  ScratchDir dir;
  EXPECT_THROW(load_experiment(dir.write("bad.exp", "description = x\n")), UserError);
}
