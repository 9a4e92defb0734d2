// A search you can watch: the trace's records (--trace FILE), the lines of
// the searches in flight (--progress), and the watch itself with a watcher
// reading the searches' figures while they run (run under ThreadSanitizer).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "engine/batch.hpp"
#include "engine/search_watch.hpp"
#include "game/sources.hpp"
#include "reports/search_display.hpp"
#include "results/csv_reader.hpp"
#include "results/output_file.hpp"
#include "test_support.hpp"

using namespace colorwalk;
using colorwalk::testing::read_file;
using colorwalk::testing::run_colorwalk;
using colorwalk::testing::ScratchDir;

namespace {

// One trace record: a flat JSON object of numbers, strings, true, false
// and null, parsed strictly (anything else fails the test).
struct Record {
  std::map<std::string, std::string> fields;  // strings unquoted, null as "null"

  bool has(const std::string& key) const { return fields.count(key) > 0; }
  const std::string& text(const std::string& key) const { return fields.at(key); }
  double number(const std::string& key) const { return std::stod(fields.at(key)); }
  std::uint64_t count(const std::string& key) const { return std::stoull(fields.at(key)); }
};

std::optional<Record> parse_record(const std::string& line) {
  Record r;
  std::size_t i = 0;
  const auto skip = [&] {
    while (i < line.size() && line[i] == ' ')
      ++i;
  };
  const auto string_at = [&]() -> std::optional<std::string> {
    if (i >= line.size() || line[i] != '"') return std::nullopt;
    std::string s;
    for (++i; i < line.size() && line[i] != '"'; ++i) {
      if (line[i] == '\\') ++i;
      if (i < line.size()) s += line[i];
    }
    if (i >= line.size()) return std::nullopt;
    ++i;
    return s;
  };
  if (line.empty() || line[0] != '{') return std::nullopt;
  ++i;
  while (true) {
    skip();
    const auto key = string_at();
    if (!key || i >= line.size() || line[i] != ':') return std::nullopt;
    ++i;
    skip();
    std::string value;
    if (i < line.size() && line[i] == '"') {
      const auto s = string_at();
      if (!s) return std::nullopt;
      value = *s;
    } else {
      const std::size_t end = line.find_first_of(",}", i);
      if (end == std::string::npos) return std::nullopt;
      value = line.substr(i, end - i);
      i = end;
      const bool number = !value.empty() && value.find_first_not_of("0123456789.-") ==
                                                std::string::npos;
      if (!number && value != "true" && value != "false" && value != "null") return std::nullopt;
    }
    r.fields[*key] = value;
    skip();
    if (i < line.size() && line[i] == ',') {
      ++i;
      continue;
    }
    if (i + 1 == line.size() && line[i] == '}') return r;
    return std::nullopt;
  }
}

std::vector<Record> parse_trace(const std::string& text) {
  std::vector<Record> records;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    const auto r = parse_record(line);
    EXPECT_TRUE(r.has_value()) << "not a trace record: " << line;
    if (r) records.push_back(*r);
  }
  return records;
}

// Checks every record's fields, and for each (board, solver): the lower
// bound never falls, the upper bound never rises, neither crosses the
// other, the last record is its "done" one, whose upper bound is its
// answer (and its lower bound too when proven). Returns the records of
// each (board, solver), in order.
std::map<std::pair<std::string, std::string>, std::vector<Record>> check_trace(
    const std::vector<Record>& records) {
  std::map<std::pair<std::string, std::string>, std::vector<Record>> by_search;
  for (const Record& r : records) {
    for (const char* key : {"type", "board", "solver", "seconds", "expanded", "generated",
                            "pruned", "lower_bound", "upper_bound", "bytes"})
      EXPECT_TRUE(r.has(key)) << "a record without " << key;
    if (!r.has("type") || !r.has("board") || !r.has("solver")) continue;
    const std::string& type = r.text("type");
    EXPECT_TRUE(type == "tick" || type == "bound" || type == "done") << type;
    by_search[{r.text("board"), r.text("solver")}].push_back(r);
  }
  for (const auto& [key, list] : by_search) {
    SCOPED_TRACE("board " + key.first + ", solver " + key.second);
    std::uint64_t lower = 0;
    std::optional<std::uint64_t> upper;
    double seconds = 0;
    for (std::size_t k = 0; k < list.size(); ++k) {
      const Record& r = list[k];
      const std::uint64_t l = r.count("lower_bound");
      EXPECT_GE(l, lower) << "the lower bound fell at record " << k;
      lower = l;
      if (r.text("upper_bound") != "null") {
        const std::uint64_t u = r.count("upper_bound");
        if (upper) {
          EXPECT_LE(u, *upper) << "the upper bound rose at record " << k;
        }
        upper = u;
        EXPECT_LE(l, u) << "the bounds crossed at record " << k;
      } else {
        EXPECT_FALSE(upper) << "the upper bound was lost at record " << k;
      }
      EXPECT_GE(r.number("seconds"), seconds) << "time went back at record " << k;
      seconds = r.number("seconds");
      EXPECT_EQ(r.text("type") == "done", k + 1 == list.size())
          << "the done record is not the last, at record " << k;
    }
    const Record& done = list.back();
    if (done.text("type") != "done") continue;
    EXPECT_EQ(done.text("verified"), "true");
    EXPECT_EQ(done.text("upper_bound"), done.text("moves"));
    if (done.text("proven_optimal") == "true") {
      EXPECT_EQ(done.text("lower_bound"), done.text("moves"));
    }
  }
  return by_search;
}

// The gaps between a search's records, in seconds, from its start.
std::vector<double> gaps(const std::vector<Record>& list) {
  std::vector<double> out;
  double before = 0;
  for (const Record& r : list) {
    out.push_back(r.number("seconds") - before);
    before = r.number("seconds");
  }
  return out;
}

// The "moves" field of a results CSV's row for `board` (board,solver,moves,...).
std::string csv_moves(const std::string& csv, const std::string& board) {
  std::istringstream in(csv);
  std::vector<std::string> fields;
  for (std::string line; std::getline(in, line);)
    if (split_csv_line(line, fields) && fields.size() > 2 && fields[0] == board) return fields[2];
  return "";
}

// A board A* takes far longer than a few seconds to solve, so that the
// searches below run until their time limit.
const char* const kHardBoard = "solve --random 1 --seed 1 --size 24x24 --colors 8";

}  // namespace

// A search stopped by its time limit after 3 seconds, sequential and
// parallel: records that parse, bounds that only tighten, an answer that
// is the last upper bound, and a record at least every second (about every
// half second; the median gap is checked against a second, the largest
// against three, for a loaded machine).
TEST(Trace, LongSearchRecordsBoundsAndTicks) {
  for (const char* threads : {"1", "2"}) {
    SCOPED_TRACE(std::string("astar threads=") + threads);
    ScratchDir dir;
    const std::string trace = dir.file("trace.jsonl");
    const std::string csv = dir.file("results.csv");
    const auto r = run_colorwalk(dir,
                                 std::string(kHardBoard) + " --solver astar:seconds=3," +
                                     "threads=" + threads + " --threads 2 -q --trace " + trace +
                                     " --csv " + csv,
                                 120);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto by_search = check_trace(parse_trace(read_file(trace)));
    ASSERT_EQ(by_search.size(), 1u);
    const std::vector<Record>& list = by_search.begin()->second;
    ASSERT_FALSE(list.empty());
    EXPECT_EQ(list.back().text("type"), "done");
    EXPECT_EQ(list.back().text("moves"), csv_moves(read_file(csv), "0"));
    // Proven bounds on the way: the beam's answer, then A*'s lower bound.
    EXPECT_TRUE(std::any_of(list.begin(), list.end(), [](const Record& x) {
      return x.text("type") == "bound" && x.count("lower_bound") > 0;
    }));
    EXPECT_TRUE(std::any_of(list.begin(), list.end(), [](const Record& x) {
      return x.text("type") == "bound" && x.text("upper_bound") != "null";
    }));
    EXPECT_GE(list.back().number("seconds"), 2.5);
    EXPECT_GT(list.back().count("expanded"), 0u);
    EXPECT_GT(list.back().count("bytes"), 0u);
    std::vector<double> g = gaps(list);
    std::sort(g.begin(), g.end());
    EXPECT_LE(g[g.size() / 2], 1.0);
    EXPECT_LT(g.back(), 3.0);
    const auto ticks = std::count_if(list.begin(), list.end(),
                                     [](const Record& x) { return x.text("type") == "tick"; });
    EXPECT_GE(ticks, 3);
    // The counts grow as the search goes.
    const auto first_tick = std::find_if(list.begin(), list.end(),
                                         [](const Record& x) { return x.text("type") == "tick"; });
    EXPECT_LT(first_tick->count("expanded"), list.back().count("expanded"));
  }
}

// Boards that A* solves at once: each proven optimal, its lower bound
// raised to its answer; every solver's answer the last upper bound, the
// heuristic ones' too (they report only their answer).
TEST(Trace, ProvenBoardsCloseTheirBounds) {
  ScratchDir dir;
  const std::string trace = dir.file("trace.jsonl");
  const auto r = run_colorwalk(dir,
                               "solve --random 6 --size 8x8 --colors 4 --solver astar --solver "
                               "idastar --solver greedy --threads 2 -q --trace " +
                                   trace,
                               120);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto by_search = check_trace(parse_trace(read_file(trace)));
  EXPECT_EQ(by_search.size(), 18u);
  for (const auto& [key, list] : by_search) {
    const Record& done = list.back();
    ASSERT_EQ(done.text("type"), "done");
    if (key.second != "greedy") {
      EXPECT_EQ(done.text("proven_optimal"), "true");
      EXPECT_EQ(done.text("lower_bound"), done.text("moves"));
    }
  }
}

// A* without a beam, sequential and parallel: its lower bounds, read off
// its open nodes as it goes, climb to the optimum and never past it (a
// bound one too high in the last layer crosses the answer).
TEST(Trace, AStarLowerBoundsClimbToTheOptimum) {
  ScratchDir dir;
  const std::string trace = dir.file("trace.jsonl");
  const auto r = run_colorwalk(dir,
                               "solve --random 8 --size 14x14 --colors 6 --solver "
                               "astar:beam=0,threads=1 --solver astar:beam=0,threads=2 "
                               "--threads 2 -q --trace " +
                                   trace,
                               120);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto by_search = check_trace(parse_trace(read_file(trace)));
  EXPECT_EQ(by_search.size(), 16u);
  std::size_t climbing = 0;  // searches whose lower bound rose before their answer
  for (const auto& [key, list] : by_search) {
    ASSERT_EQ(list.back().text("type"), "done");
    EXPECT_EQ(list.back().text("proven_optimal"), "true");
    if (list.size() > 2 && list[list.size() - 2].count("lower_bound") > 0) ++climbing;
  }
  EXPECT_GE(climbing, 8u);
}

// IDA* publishes each iteration's threshold as its lower bound.
TEST(Trace, IdaStarThresholdsAreLowerBounds) {
  ScratchDir dir;
  const std::string trace = dir.file("trace.jsonl");
  const auto r = run_colorwalk(
      dir, std::string(kHardBoard) + " --solver idastar:seconds=2 -q --trace " + trace, 120);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto by_search = check_trace(parse_trace(read_file(trace)));
  ASSERT_EQ(by_search.size(), 1u);
  const auto& list = by_search.begin()->second;
  EXPECT_TRUE(std::any_of(list.begin(), list.end(), [](const Record& x) {
    return x.text("type") == "bound" && x.count("lower_bound") > 0;
  }));
}

// The anytime weighted A* publishes each answer it finds as it finds it.
TEST(Trace, AnytimeWastarPublishesItsAnswers) {
  ScratchDir dir;
  const std::string trace = dir.file("trace.jsonl");
  const auto r = run_colorwalk(
      dir, std::string(kHardBoard) + " --solver wastar:anytime=1,seconds=2 -q --trace " + trace,
      120);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto by_search = check_trace(parse_trace(read_file(trace)));
  ASSERT_EQ(by_search.size(), 1u);
  const auto& list = by_search.begin()->second;
  EXPECT_TRUE(std::any_of(list.begin(), list.end(), [](const Record& x) {
    return x.text("type") == "bound" && x.text("upper_bound") != "null";
  }));
}

// --progress shows the searches in flight on a stderr that is not a
// terminal, as plain lines; without it such a stderr gets none of them.
TEST(Trace, ProgressLinesOnlyWhenAsked) {
  ScratchDir dir;
  const std::string args = std::string(kHardBoard) + " --solver astar:seconds=2";
  const auto asked = run_colorwalk(dir, args + " --progress", 120);
  ASSERT_EQ(asked.exit_code, 0) << asked.err;
  EXPECT_NE(asked.err.find("  board 0  astar:seconds=2  "), std::string::npos)
      << asked.err;
  EXPECT_NE(asked.err.find(" nodes  "), std::string::npos) << asked.err;
  EXPECT_NE(asked.err.find("  lower "), std::string::npos) << asked.err;
  EXPECT_NE(asked.err.find("  best "), std::string::npos) << asked.err;
  EXPECT_NE(asked.err.find("0 / 1 board "), std::string::npos) << asked.err;
  EXPECT_EQ(asked.err.find('\r'), std::string::npos) << "plain lines, not redrawn ones";
  EXPECT_EQ(asked.err.find('\x1b'), std::string::npos) << "no terminal codes";

  const auto quiet_stderr = run_colorwalk(dir, args, 120);
  ASSERT_EQ(quiet_stderr.exit_code, 0) << quiet_stderr.err;
  EXPECT_EQ(quiet_stderr.err.find(" nodes  "), std::string::npos) << quiet_stderr.err;
  EXPECT_EQ(quiet_stderr.err.find("boards  "), std::string::npos) << quiet_stderr.err;

  // --quiet wins over --progress.
  const auto quiet = run_colorwalk(
      dir, std::string(kHardBoard) + " --solver astar:seconds=1 --progress -q", 120);
  ASSERT_EQ(quiet.exit_code, 0) << quiet.err;
  EXPECT_EQ(quiet.err, "");
}

// A trace that cannot be written is refused before the run, with exit 2
// naming the option.
TEST(Trace, UnwritableTraceIsRefused) {
  ScratchDir dir;
  const auto r = run_colorwalk(
      dir, "solve --random 1 --solver greedy -q --trace " + dir.file("no-such-dir/trace.jsonl"), 60);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--trace"), std::string::npos) << r.err;
}

// The watch read by its display's thread while sequential and parallel
// searches publish to it (in-process, so that ThreadSanitizer sees both
// sides), and its trace as the tool's: bounds that only tighten, answers
// that end them, and the same answers as a run without a watch.
TEST(SearchWatch, WatcherReadsSearchesWhileTheyRun) {
  ScratchDir dir;
  const RandomSource source(4, 3, 16, 16, 6);
  BatchOptions options;
  options.solvers.push_back(builtin_solvers().parse("astar:threads=2"));
  options.solvers.push_back(builtin_solvers().parse("astar:threads=1"));
  options.solvers.push_back(builtin_solvers().parse("idastar"));
  options.threads = 2;
  const std::vector<BoardResult> unwatched = run_batch(source, options);

  SearchWatch watch;
  LineFile trace = LineFile::create(dir.file("trace.jsonl"));
  std::ostringstream screen;
  options.watch = &watch;
  std::vector<BoardResult> watched;
  {
    SearchDisplay display(watch, SearchDisplayOptions{.screen = &screen,
                                                      .terminal = true,
                                                      .trace = &trace,
                                                      .solvers = spec_texts(options.solvers),
                                                      .done = 0,
                                                      .total = source.size()});
    watched = run_batch(source, options);
    display.stop();
  }
  trace.close();
  ASSERT_EQ(watched.size(), unwatched.size());
  for (std::size_t i = 0; i < watched.size(); ++i) {
    EXPECT_EQ(watched[i].moves, unwatched[i].moves) << i;
    EXPECT_EQ(watched[i].proven_optimal, unwatched[i].proven_optimal) << i;
  }
  const auto by_search = check_trace(parse_trace(read_file(dir.file("trace.jsonl"))));
  EXPECT_EQ(by_search.size(), watched.size());
  for (const BoardResult& result : watched) {
    const auto it = by_search.find(
        {std::to_string(result.board), options.solvers[result.solver].text});
    ASSERT_NE(it, by_search.end()) << result.board;
    EXPECT_EQ(it->second.back().count("moves"), result.moves);
  }
}

// A search line says what the issue asks for, in a line short enough for
// a terminal.
TEST(SearchWatch, SearchLineNamesEveryFigure) {
  SearchWatch::Sample sample;
  sample.board = 12;
  sample.seconds = 75;
  sample.figures.expanded = 3456789;
  sample.figures.lower_bound = 19;
  sample.figures.upper_bound = 23;
  sample.figures.bytes = std::size_t{512} << 20;
  EXPECT_EQ(search_line(sample, "astar", 812345.4),
            "  board 12  astar  1m 15s  3,456,789 nodes  812,345/s  lower 19  best 23  512 MiB");
  sample.figures.upper_bound = search::SearchProgress::kNoUpperBound;
  EXPECT_NE(search_line(sample, "a-solver-spec-far-too-long-for-a-line", 0).find("best -"),
            std::string::npos);
  EXPECT_LT(search_line(sample, "a-solver-spec-far-too-long-for-a-line", 0).size(), 90u);
}
