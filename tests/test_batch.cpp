// The batch engine and its recorder: order, thread counts, shards, stopping
// and resuming.
#include "engine/batch.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <limits>
#include <set>
#include <sstream>

#include "engine/run_summary.hpp"
#include "game/board_io.hpp"
#include "game/replay.hpp"
#include "results/csv_reader.hpp"
#include "results/recorder.hpp"
#include "results/rows.hpp"
#include "test_support.hpp"

using namespace colorwalk;
using colorwalk::testing::read_file;
using colorwalk::testing::ScratchDir;

namespace {

BatchOptions options_for(std::initializer_list<const char*> specs, unsigned threads) {
  BatchOptions o;
  for (const char* s : specs)
    o.solvers.push_back(builtin_solvers().parse(s));
  o.threads = threads;
  return o;
}

// A results CSV (or JSON Lines) text with the timing column blanked out.
std::string without_seconds(const std::string& text) {
  std::istringstream in(text);
  std::string out;
  std::vector<std::string> fields;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("{", 0) == 0) {  // JSON Lines
      for (auto at = line.find("\"seconds\":"); at != std::string::npos;
           at = line.find("\"seconds\":", at + 1))
        line.erase(at, line.find_first_of(",}", at) - at);
      out += line + "\n";
      continue;
    }
    EXPECT_TRUE(split_csv_line(line, fields)) << line;
    if (fields.size() >= 9) fields[6] = "";  // with `peak_mib` or, in older files, without
    for (std::size_t i = 0; i < fields.size(); ++i)
      out += (i ? "," : "") + csv_field(fields[i]);
    out += "\n";
  }
  return out;
}

// Compares two texts line by line and names the first line that differs.
::testing::AssertionResult same_lines(const std::string& a, const std::string& b) {
  std::istringstream in_a(a);
  std::istringstream in_b(b);
  std::string la;
  std::string lb;
  for (int line = 1;; ++line) {
    const bool more_a = static_cast<bool>(std::getline(in_a, la));
    const bool more_b = static_cast<bool>(std::getline(in_b, lb));
    if (!more_a && !more_b) return ::testing::AssertionSuccess();
    if (more_a != more_b || la != lb)
      return ::testing::AssertionFailure() << "line " << line << ": '" << (more_a ? la : "<end>")
                                           << "' against '" << (more_b ? lb : "<end>") << "'";
  }
}

// Boards in the order they are reported; sets `stop` after `stop_after`.
class Recording final : public BatchObserver {
 public:
  explicit Recording(BatchObserver* next = nullptr, std::size_t stop_after = 0)
      : next_(next), stop_after_(stop_after) {}
  void on_board(std::span<const BoardResult> results) override {
    boards.push_back(results.front().board);
    for (std::size_t s = 0; s < results.size(); ++s)
      EXPECT_EQ(results[s].solver, s);
    if (next_ != nullptr) next_->on_board(results);
    if (stop_after_ != 0 && boards.size() == stop_after_) stop = true;
  }
  std::vector<std::size_t> boards;
  std::atomic<bool> stop{false};

 private:
  BatchObserver* next_;
  std::size_t stop_after_;
};

// Runs to completion into `csv` (and `json`), as `colorwalk solve` does.
void run_to_files(const BoardSource& source, BatchOptions options, const std::string& csv,
                  const std::string& json = "") {
  RunRecorder recorder(source, options, RecorderOptions{csv, json, false});
  const auto outcome = run_batch(source, options, recorder);
  EXPECT_FALSE(outcome.stopped());
  recorder.finish(true, {});
}

}  // namespace

TEST(Batch, ResultsDoNotDependOnTheThreadCount) {
  const RandomSource source(64, 7, 12, 9, 4);
  const auto specs = {"greedy", "round-robin", "random-skip"};
  const auto one = run_batch(source, options_for(specs, 1));
  const auto two = run_batch(source, options_for(specs, 2));
  ASSERT_EQ(one.size(), 192u);
  ASSERT_EQ(two.size(), 192u);
  for (std::size_t i = 0; i < one.size(); ++i) {
    EXPECT_EQ(one[i].board, i / 3);
    EXPECT_EQ(one[i].solver, i % 3);
    EXPECT_EQ(one[i].solution, two[i].solution);
    EXPECT_TRUE(one[i].verified) << one[i].error;
  }
}

TEST(Batch, ReportsBoardsInOrderThroughASmallReorderBuffer) {
  const RandomSource source(300, 3, 9, 9, 5);
  BatchOptions o = options_for({"greedy", "random"}, 4);
  o.max_in_flight = 3;
  Recording recording;
  const auto outcome = run_batch(source, o, recording);
  EXPECT_EQ(outcome.reported, 300u);
  EXPECT_EQ(outcome.remaining, 0u);
  ASSERT_EQ(recording.boards.size(), 300u);
  for (std::size_t i = 0; i < 300; ++i)
    ASSERT_EQ(recording.boards[i], i);
}

TEST(Batch, ShardsTakeInterleavedBoards) {
  EXPECT_EQ(Shard::parse("1/3")->index, 1u);
  EXPECT_EQ(Shard::parse("1/3")->count, 3u);
  EXPECT_EQ(Shard::parse("0/1")->text(), "0/1");
  for (const char* bad : {"3/3", "1/0", "1", "/3", "1/", "a/3", "1/3x", "-1/3", ""})
    EXPECT_FALSE(Shard::parse(bad)) << bad;
  const Shard shard{1, 3};
  EXPECT_EQ(shard.size(10), 3u);  // 1, 4, 7
  EXPECT_EQ(shard.size(1), 0u);
  EXPECT_EQ(Shard{}.size(10), 10u);
  EXPECT_EQ((Shard{2, 3}.size(9)), 3u);

  const RandomSource source(10, 5, 8, 8, 4);
  BatchOptions o = options_for({"greedy"}, 2);
  o.shard = shard;
  Recording recording;
  run_batch(source, o, recording);
  EXPECT_EQ(recording.boards, (std::vector<std::size_t>{1, 4, 7}));
  // A shard's board is the same result as in the whole run.
  const auto all = run_batch(source, options_for({"greedy"}, 1));
  const auto part = run_batch(source, o);
  ASSERT_EQ(part.size(), 3u);
  EXPECT_EQ(part[1].solution, all[4].solution);
}

TEST(Batch, StopReportsAPrefixAndCountsWhatIsLeft) {
  const RandomSource source(500, 9, 10, 10, 4);
  BatchOptions o = options_for({"greedy", "greedy-look-ahead:depth=2"}, 2);
  Recording recording(nullptr, 40);
  o.stop = &recording.stop;
  const auto outcome = run_batch(source, o, recording);
  ASSERT_TRUE(outcome.stopped());
  EXPECT_GE(outcome.reported, 40u);
  EXPECT_LT(outcome.reported, 500u);
  EXPECT_EQ(outcome.reported + outcome.remaining, 500u);
  for (std::size_t i = 0; i < recording.boards.size(); ++i)
    EXPECT_EQ(recording.boards[i], i);

  std::atomic<bool> cancel{true};
  o.stop = nullptr;
  o.cancel = &cancel;
  Recording none;
  const auto cancelled = run_batch(source, o, none);
  EXPECT_EQ(cancelled.reported, 0u);
  EXPECT_EQ(cancelled.remaining, 500u);
}

TEST(Batch, SkipStartsLaterInTheSelection) {
  const RandomSource source(20, 5, 8, 8, 4);
  BatchOptions o = options_for({"greedy"}, 2);
  o.shard = Shard{0, 2};
  o.skip = 7;
  Recording recording;
  const auto outcome = run_batch(source, o, recording);
  EXPECT_EQ(recording.boards, (std::vector<std::size_t>{14, 16, 18}));
  EXPECT_EQ(outcome.reported, 3u);
}

TEST(Batch, SummaryOfTheArticlesGreedyRow) {
  const ArticlesSource source(100);
  const auto results = run_batch(source, options_for({"greedy"}, 0));
  const auto summary = summarize(results, 1).front();
  EXPECT_EQ(summary.boards, 100u);
  EXPECT_EQ(summary.failed, 0u);
  EXPECT_EQ(summary.min, 31u);  // the articles' Greedy row: 31 / 39.8 / 48 / 3.5
  EXPECT_EQ(summary.max, 48u);
  EXPECT_NEAR(summary.mean, 39.8, 0.3);
  EXPECT_NEAR(summary.stdev, 3.5, 0.3);
}

TEST(Batch, AppliesRulesAndRecordsBadStarts) {
  BatchOptions o = options_for({"greedy"}, 1);
  o.rules = Rules::kFloodIt;
  o.start = StartSpec{StartSpec::Kind::kAt, {50, 50}};
  const RandomSource source(2, 1, 5, 5, 3);
  const auto results = run_batch(source, o);
  ASSERT_EQ(results.size(), 2u);
  EXPECT_FALSE(results[0].verified);
  EXPECT_NE(results[0].error.find("off the 5x5 board"), std::string::npos);
}

TEST(Batch, ByteCountsForTheMemoryLimit) {
  EXPECT_EQ(parse_bytes("1048576"), std::size_t{1} << 20);
  EXPECT_EQ(parse_bytes("512MiB"), std::size_t{512} << 20);
  EXPECT_EQ(parse_bytes("512 mib"), std::size_t{512} << 20);
  EXPECT_EQ(parse_bytes("2G"), std::size_t{2} << 30);
  EXPECT_EQ(parse_bytes("1.5GiB"), std::size_t{3} << 29);
  EXPECT_EQ(parse_bytes("64KB"), std::size_t{64} << 10);
  EXPECT_EQ(parse_bytes("1TiB"), std::size_t{1} << 40);
  for (const char* bad :
       {"", "MiB", "12 parsecs", "-1", "1e9", "0x10", "1.5", "1..5MiB", "1 MiB extra"})
    EXPECT_EQ(parse_bytes(bad), std::nullopt) << bad;
  // Too large is out of range, not malformed: the largest count.
  for (const std::string& big : {std::string("99999999999999999999"), std::string("9000000TiB"),
                                 std::string(400, '9'), std::string(400, '9') + ".5KiB"})
    EXPECT_EQ(parse_bytes(big), std::numeric_limits<std::size_t>::max()) << big;
  EXPECT_EQ(parse_bytes("0." + std::string(400, '0') + "1GiB"), 0u);
  EXPECT_EQ(format_bytes(100), "100 bytes");
  EXPECT_EQ(format_bytes(24576), "24 KiB");
  EXPECT_EQ(format_bytes(std::size_t{3} << 29), "1.5 GiB");
  EXPECT_EQ(format_bytes(std::size_t{512} << 20), "512 MiB");
}

TEST(Batch, StreamSeedsDifferPerBoardAndRunSeed) {
  std::set<std::uint64_t> seen;
  for (std::uint64_t base = 0; base < 4; ++base)
    for (std::size_t board = 0; board < 1000; ++board)
      seen.insert(board_stream_seed(base, board));
  EXPECT_EQ(seen.size(), 4000u);
}

// A board's stream is part of what makes a randomised run reproducible:
// CSVs written before a change must stay reproducible after it. These are
// splitmix64 of base ^ 0xD1B54A32D192ED03 * (board + 1), computed apart.
TEST(Batch, StreamSeedsArePinned) {
  EXPECT_EQ(board_stream_seed(0, 0), 0x2d0f28c7e7e786b2ull);
  EXPECT_EQ(board_stream_seed(3, 5), 0xc62b271233bab769ull);
}

TEST(Batch, MemoryLimitReportsTheBoardsThatHitItAndGoesOn) {
  const RandomSource source(12, 3, 16, 12, 5);
  const BatchOptions plain = options_for({"greedy", "dijkstra:queue=20000"}, 2);
  const auto expected = run_batch(source, plain);
  ASSERT_EQ(expected.size(), 24u);

  // Room to spare: the results of a run without a limit.
  BatchOptions generous = plain;
  generous.memory_limit = std::size_t{1} << 30;
  const auto same = run_batch(source, generous);
  ASSERT_EQ(same.size(), expected.size());
  for (std::size_t i = 0; i < same.size(); ++i) {
    EXPECT_TRUE(same[i].verified) << i << ": " << same[i].error;
    EXPECT_EQ(same[i].solution, expected[i].solution) << i;
  }

  // Room for the boards' graphs (30 KiB each at 160 bytes a cell) but not
  // for dijkstra's first pool segment: its rows fail naming the limit,
  // greedy's stand, and every board is reported.
  BatchOptions tight = plain;
  tight.memory_limit = 64 << 10;
  const auto limited = run_batch(source, tight);
  ASSERT_EQ(limited.size(), expected.size());
  for (std::size_t i = 0; i < limited.size(); ++i) {
    EXPECT_EQ(limited[i].board, i / 2);
    if (i % 2 == 0) {
      EXPECT_TRUE(limited[i].verified) << i << ": " << limited[i].error;
      EXPECT_EQ(limited[i].solution, expected[i].solution) << i;
    } else {
      EXPECT_FALSE(limited[i].verified) << i;
      EXPECT_EQ(limited[i].error,
                "memory limit: its search needs more than the run's 64 KiB, which the board had "
                "to itself")
          << i;
      EXPECT_EQ(limited[i].solution, "") << i;
    }
  }

  // Not even room for one board's graph: every row says so.
  tight.memory_limit = 1 << 10;
  for (const BoardResult& r : run_batch(source, tight)) {
    EXPECT_FALSE(r.verified);
    EXPECT_EQ(r.error,
              "memory limit: the board's cluster graph (about 30 KiB) needs more than the run's "
              "1 KiB");
  }
}

// Under a memory limit a board's outcome is the board's alone: one that was
// refused memory while other boards held it is solved again with the limit
// to itself, so every thread count gives the same rows.
TEST(Batch, MemoryLimitOutcomesDoNotDependOnThreads) {
  const ArticlesSource source(16);
  // astar's sequential search on every board: by default the last boards of
  // a run with several threads get its parallel search (next test), whose
  // memory is laid out otherwise.
  BatchOptions one = options_for({"greedy", "astar:threads=1"}, 1);
  one.memory_limit = std::size_t{2} << 20;
  const auto expected = run_batch(source, one);
  std::size_t solved = 0;
  for (const BoardResult& r : expected)
    solved += r.verified && r.solver == 1 ? 1 : 0;
  // Some boards fit in 2 MiB and some do not: the limit decides boards.
  EXPECT_GT(solved, 3u);
  EXPECT_LT(solved, 16u);
  for (const unsigned threads : {2u, 4u}) {
    BatchOptions many = one;
    many.threads = threads;
    const auto got = run_batch(source, many);
    ASSERT_EQ(got.size(), expected.size());
    for (std::size_t i = 0; i < got.size(); ++i) {
      EXPECT_EQ(got[i].verified, expected[i].verified) << threads << " threads, row " << i;
      EXPECT_EQ(got[i].solution, expected[i].solution) << threads << " threads, row " << i;
      EXPECT_EQ(got[i].expanded, expected[i].expanded) << threads << " threads, row " << i;
      EXPECT_EQ(got[i].error, expected[i].error) << threads << " threads, row " << i;
      // Workspaces keep nothing between boards under a limit: the peak is
      // the board's own too.
      EXPECT_EQ(got[i].peak_bytes, expected[i].peak_bytes) << threads << " threads, row " << i;
    }
  }
}

// Every row a run writes has the most memory the board's searches held: 0
// for a solver that does not search, more for astar, whose beams and A*
// share one workspace under its `memory` (its parallel search holds a
// workspace of its own beside the beams'), and for the other searching
// solvers (solvers 4 to 6: a beam, IDA* with its beam and table, weighted
// A*), whose workspaces hold a pool segment at least.
TEST(Batch, SearchingSolversReportTheirPeakMemory) {
  const ArticlesSource source(4);
  const auto results =
      run_batch(source, options_for({"greedy", "astar", "astar:memory=16", "astar:threads=2",
                                     "beam", "idastar", "wastar"},
                                    1));
  ASSERT_EQ(results.size(), 28u);
  for (const BoardResult& r : results) {
    const std::string what =
        "board " + std::to_string(r.board) + ", solver " + std::to_string(r.solver);
    EXPECT_TRUE(r.verified) << what << ": " << r.error;
    ASSERT_TRUE(r.peak_bytes.has_value()) << what;
    if (r.solver == 0) {
      EXPECT_EQ(*r.peak_bytes, 0u) << what;
      continue;
    }
    EXPECT_GT(*r.peak_bytes, std::uint64_t{64} << 10) << what;  // a pool segment at least
    if (r.solver == 2) {
      EXPECT_LE(*r.peak_bytes, std::uint64_t{16} << 20) << what;
    }
  }
  // The run's first board is its solver's first, as for a solver made for
  // that board alone: the same peak.
  const ClusterGraph graph(source.board(0));
  const Solution alone = builtin_solvers().parse("astar").make()->solve(graph, SolveContext{});
  EXPECT_EQ(results[1].peak_bytes, std::optional<std::uint64_t>(alone.peak_bytes));
}

// A solver that plays greedy and reports, as its node count, the workers
// the batch engine offered its search (SolveContext::workers).
class WorkersSeen final : public Solver {
 public:
  Solution solve(const ClusterGraph& graph, const SolveContext& context) override {
    Solution s = greedy_->solve(graph, context);
    s.expanded = context.workers;
    return s;
  }

 private:
  std::unique_ptr<Solver> greedy_ = builtin_solvers().parse("greedy").make();
};

// The engine offers a board's search every thread once fewer boards are
// left to start than the run has threads (their threads would idle), and
// one before that.
TEST(Batch, TheLastBoardsAreOfferedEveryThread) {
  const ArticlesSource source(10);
  for (const unsigned threads : {1u, 2u, 4u}) {
    BatchOptions o;
    SolverSpec spec = builtin_solvers().parse("greedy");
    spec.factory = [] { return std::make_unique<WorkersSeen>(); };
    o.solvers.push_back(spec);
    o.threads = threads;
    const auto results = run_batch(source, o);
    ASSERT_EQ(results.size(), 10u);
    for (std::size_t i = 0; i < results.size(); ++i)
      EXPECT_EQ(results[i].expanded, i + threads > 10 ? threads : 1u)
          << threads << " threads, board " << i;
  }
}

// astar takes the offer: its last boards of a run run its parallel search,
// with the same moves and proofs as at one thread (at times another
// optimal solution, and that search's node counts); the boards before them
// are solved as at one thread.
TEST(Batch, AStarsLastBoardsOnIdleThreadsHaveTheSameMovesAndProofs) {
  const ArticlesSource source(12);
  const auto one = run_batch(source, options_for({"astar"}, 1));
  for (const unsigned threads : {2u, 4u}) {
    const auto many = run_batch(source, options_for({"astar"}, threads));
    ASSERT_EQ(many.size(), one.size());
    for (std::size_t i = 0; i < many.size(); ++i) {
      EXPECT_TRUE(many[i].verified) << i;
      EXPECT_TRUE(many[i].proven_optimal) << i;
      EXPECT_EQ(many[i].moves, one[i].moves) << threads << " threads, board " << i;
      if (i + threads <= many.size()) {  // offered one worker
        EXPECT_EQ(many[i].solution, one[i].solution) << i;
        EXPECT_EQ(many[i].expanded, one[i].expanded) << i;
      }
    }
  }
}

TEST(Resume, StoppedAndResumedEqualsUninterrupted) {
  ScratchDir dir;
  const RandomSource source(120, 3, 10, 8, 4);
  const auto specs = {"greedy", "random-skip", "greedy-look-ahead:depth=2"};
  run_to_files(source, options_for(specs, 2), dir.file("full.csv"), dir.file("full.jsonl"));

  // Stopped after some boards, as on SIGINT.
  BatchOptions o = options_for(specs, 2);
  std::size_t first_part = 0;
  {
    RunRecorder recorder(source, o, RecorderOptions{dir.file("run.csv"), dir.file("run.jsonl")});
    Recording stopper(&recorder, 37);
    o.stop = &stopper.stop;
    const auto outcome = run_batch(source, o, stopper);
    ASSERT_TRUE(outcome.stopped());
    first_part = outcome.reported;
    recorder.finish(false, {});
  }
  // Every finished board is in the CSV, whole.
  const std::string partial = read_file(dir.file("run.csv"));
  EXPECT_EQ(std::count(partial.begin(), partial.end(), '\n'), 1 + 3 * first_part);
  EXPECT_EQ(partial.back(), '\n');

  // Resumed with another thread count.
  BatchOptions again = options_for(specs, 1);
  RunRecorder recorder(source, again,
                       RecorderOptions{dir.file("run.csv"), dir.file("run.jsonl"), true});
  EXPECT_EQ(recorder.resumed(), first_part);
  EXPECT_EQ(recorder.cut_bytes(), 0u);
  again.skip = recorder.resumed();
  const auto outcome = run_batch(source, again, recorder);
  EXPECT_EQ(outcome.reported, 120 - first_part);
  recorder.finish(true, {});

  EXPECT_TRUE(same_lines(without_seconds(read_file(dir.file("run.csv"))),
                         without_seconds(read_file(dir.file("full.csv")))));
  EXPECT_TRUE(same_lines(without_seconds(read_file(dir.file("run.jsonl"))),
                         without_seconds(read_file(dir.file("full.jsonl")))));
  RunRecorder check(source, options_for(specs, 1), RecorderOptions{dir.file("full.csv"), "", true});
  for (std::size_t s = 0; s < 3; ++s) {
    const auto& a = recorder.summary().solvers()[s];
    const auto& b = check.summary().solvers()[s];
    EXPECT_EQ(a.boards, b.boards);
    EXPECT_EQ(a.sum, b.sum);
    EXPECT_EQ(a.sum_squares, b.sum_squares);
    EXPECT_EQ(a.moves_histogram, b.moves_histogram);
  }
}

TEST(Resume, CutsATornLineAndAnUnfinishedBoard) {
  ScratchDir dir;
  const RandomSource source(40, 11, 9, 7, 5);
  const auto specs = {"greedy", "round-robin"};
  run_to_files(source, options_for(specs, 2), dir.file("full.csv"));
  const std::string full = read_file(dir.file("full.csv"));
  // Header, boards 0..9, board 10's first row, half of its second.
  const auto end_of_line = [&](int lines) {
    std::size_t at = 0;
    for (int line = 0; line < lines; ++line)
      at = full.find('\n', at) + 1;
    return at;
  };
  const std::size_t kept = end_of_line(1 + 2 * 10);
  const std::string cut = full.substr(0, end_of_line(1 + 2 * 10 + 1) + 7);
  dir.write("run.csv", cut);

  BatchOptions o = options_for(specs, 2);
  RunRecorder recorder(source, o, RecorderOptions{dir.file("run.csv"), "", true});
  EXPECT_EQ(recorder.resumed(), 10u);
  EXPECT_EQ(recorder.cut_bytes(), cut.size() - kept);
  o.skip = recorder.resumed();
  run_batch(source, o, recorder);
  recorder.finish(true, {});
  EXPECT_TRUE(same_lines(without_seconds(read_file(dir.file("run.csv"))), without_seconds(full)));
}

TEST(Resume, MissingOrHeaderlessCsvStartsTheRun) {
  ScratchDir dir;
  const RandomSource source(5, 1, 6, 6, 3);
  const BatchOptions o = options_for({"greedy"}, 1);
  RunRecorder fresh(source, o, RecorderOptions{dir.file("none.csv"), "", true});
  EXPECT_EQ(fresh.resumed(), 0u);
  dir.write("torn.csv", "board,sol");
  RunRecorder torn(source, o, RecorderOptions{dir.file("torn.csv"), "", true});
  EXPECT_EQ(torn.resumed(), 0u);
  EXPECT_EQ(torn.cut_bytes(), 9u);
  torn.finish(true, {});
  EXPECT_EQ(read_file(dir.file("torn.csv")), std::string(kCsvHeader) + "\n");
}

// A CSV written before the `peak_mib` column (9 fields, `run` last) is
// resumed as it is: the rows the run adds have no `peak_mib` either, so the
// file keeps one format (scripts read its fields by position).
TEST(Resume, ACsvWithoutPeakKeepsItsFormat) {
  ScratchDir dir;
  const RandomSource source(12, 5, 12, 12, 5);  // astar's peaks show in MiB: 0.1 or more
  const auto specs = {"greedy", "astar"};
  run_to_files(source, options_for(specs, 1), dir.file("full.csv"));
  // The same rows as a colorwalk without `peak_mib` wrote them.
  std::istringstream in(read_file(dir.file("full.csv")));
  std::string old_full;
  std::string cut;
  std::vector<std::string> fields;
  std::size_t line = 0;
  for (std::string text; std::getline(in, text); ++line) {
    ASSERT_TRUE(split_csv_line(text, fields)) << text;
    ASSERT_EQ(fields.size(), 14u) << text;
    fields.resize(10);  // without the columns after `run`, which came later still
    if (line > 0 && fields[1] == "greedy") {
      EXPECT_EQ(fields[8], "0.0") << text;
    } else if (line > 0) {
      EXPECT_GT(std::stod(fields[8]), 0.0) << text;  // astar's
    }
    fields.erase(fields.begin() + 8);
    std::string row;
    for (std::size_t i = 0; i < fields.size(); ++i)
      row += (i ? "," : "") + csv_field(fields[i]);
    old_full += row + "\n";
    if (line <= 2 * 5) cut += row + "\n";  // the header and 5 boards
  }
  EXPECT_EQ(old_full.substr(0, old_full.find('\n')), kCsvHeaderWithoutPeak);
  dir.write("old.csv", cut);
  {
    ResultsCsvReader reader(dir.file("old.csv"));
    EXPECT_FALSE(reader.has_peak());
    std::vector<CsvRow> rows;
    ASSERT_TRUE(reader.next_board(rows));
    EXPECT_TRUE(reader.provenance().has_value());
    EXPECT_EQ(rows[1].result.peak_bytes, std::nullopt);
  }
  BatchOptions o = options_for(specs, 1);
  RunRecorder recorder(source, o, RecorderOptions{dir.file("old.csv"), "", true});
  EXPECT_EQ(recorder.resumed(), 5u);
  o.skip = recorder.resumed();
  EXPECT_EQ(run_batch(source, o, recorder).reported, 7u);
  recorder.finish(true, {});
  EXPECT_TRUE(
      same_lines(without_seconds(read_file(dir.file("old.csv"))), without_seconds(old_full)));
}

TEST(Resume, RefusesACsvOfAnotherRun) {
  ScratchDir dir;
  const RandomSource source(30, 2, 8, 8, 4);
  run_to_files(source, options_for({"greedy", "round-robin"}, 2), dir.file("run.csv"));
  const std::string text = read_file(dir.file("run.csv"));
  const auto expect_error = [&](const std::string& csv, BatchOptions o, const std::string& what) {
    try {
      RunRecorder recorder(source, o, RecorderOptions{csv, "", true});
      ADD_FAILURE() << "no error; expected " << what;
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find(what), std::string::npos) << e.what();
    }
  };
  expect_error(dir.write("header.csv", "a,b,c\n1,2,3\n"), options_for({"greedy"}, 1),
               "header.csv:1: not a colorwalk results CSV");
  // A file of one line without a line break that is not a torn header is
  // refused, not cut (found in review: it was overwritten).
  expect_error(dir.write("notes.csv", "important data without newline"), options_for({"greedy"}, 1),
               "notes.csv:1: is not a results CSV");
  EXPECT_EQ(read_file(dir.file("notes.csv")), "important data without newline");
  // The refused run's JSON file is left as it was.
  dir.write("kept.jsonl", "{}\n");
  try {
    RunRecorder recorder(source, options_for({"greedy"}, 1),
                         RecorderOptions{dir.file("run.csv"), dir.file("kept.jsonl"), true});
    ADD_FAILURE() << "no error";
  } catch (const InputError&) {
  }
  EXPECT_EQ(read_file(dir.file("kept.jsonl")), "{}\n");
  EXPECT_FALSE(std::filesystem::exists(dir.file("kept.jsonl.partial")));
  expect_error(
      dir.file("run.csv"), options_for({"greedy", "greedy-look-ahead:depth=2"}, 1),
      "run.csv:3: solver 'round-robin' where this run expects 'greedy-look-ahead:depth=2'");
  expect_error(dir.file("run.csv"), options_for({"greedy"}, 1),
               "run.csv:3: board 0 has more rows than this run has solvers");
  BatchOptions sharded = options_for({"greedy", "round-robin"}, 1);
  sharded.shard = Shard{1, 2};
  expect_error(dir.file("run.csv"), sharded, "run.csv:2: board 0 where this run's next board is 1");
  // A solution edited so that it no longer clears its board.
  std::string edited = text;
  const auto row = edited.find("\n3,greedy,");
  const auto end = edited.find(",0,0,", row);
  const auto solution_start = edited.rfind(',', end - 1) + 1;
  const auto moves_start = edited.find("greedy,", row) + 7;
  const auto moves = std::stoul(edited.substr(moves_start));
  edited.replace(solution_start, end - solution_start, std::string(moves, edited[solution_start]));
  expect_error(dir.write("edited.csv", edited), options_for({"greedy", "round-robin"}, 1),
               "edited.csv:8: board 3, solver greedy: ");
  // Rows past the end of a smaller run.
  const RandomSource smaller(10, 2, 8, 8, 4);
  try {
    RunRecorder recorder(smaller, options_for({"greedy", "round-robin"}, 1),
                         RecorderOptions{dir.file("run.csv"), "", true});
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("run.csv:22: board 10 is past the end of this run"),
              std::string::npos)
        << e.what();
  }
}
