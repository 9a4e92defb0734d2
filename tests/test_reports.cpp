// Reports: aggregates, CSV and JSON rows, the summary table, the SVG chart,
// progress text, and merging results CSVs.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <memory>
#include <optional>
#include <sstream>

#include "engine/run_summary.hpp"
#include "game/board_io.hpp"
#include "game/sources.hpp"
#include "reports/board_groups.hpp"
#include "reports/progress.hpp"
#include "reports/summary_table.hpp"
#include "reports/svg_chart.hpp"
#include "results/csv_reader.hpp"
#include "results/merge_shards.hpp"
#include "results/provenance.hpp"
#include "results/rows.hpp"
#include "test_support.hpp"

using namespace colorwalk;
using colorwalk::testing::read_file;
using colorwalk::testing::ScratchDir;

namespace {

BoardResult result(std::size_t board, std::size_t solver, std::size_t moves, bool optimal = false,
                   bool verified = true) {
  BoardResult r;
  r.board = board;
  r.solver = solver;
  r.moves = moves;
  r.solution = std::string(moves, '0');
  r.proven_optimal = optimal;
  r.verified = verified;
  r.seconds = 0.5;
  r.expanded = 10;
  if (!verified) r.error = "broken";
  return r;
}

// Checks that every element opened is closed, in order, and that the text
// outside tags holds no raw '<' or '&' that is not an entity.
::testing::AssertionResult well_formed_xml(const std::string& text) {
  std::vector<std::string> open;
  std::size_t i = 0;
  while (i < text.size()) {
    if (text[i] == '&') {
      const auto semi = text.find(';', i);
      const std::string entity = text.substr(i, semi == std::string::npos ? 8 : semi - i + 1);
      if (entity != "&amp;" && entity != "&lt;" && entity != "&gt;" && entity != "&quot;")
        return ::testing::AssertionFailure() << "bad entity at " << i << ": " << entity;
    }
    if (text[i] != '<') {
      ++i;
      continue;
    }
    const auto end = text.find('>', i);
    if (end == std::string::npos) return ::testing::AssertionFailure() << "unclosed tag at " << i;
    std::string tag = text.substr(i + 1, end - i - 1);
    i = end + 1;
    if (tag.find('<') != std::string::npos)
      return ::testing::AssertionFailure() << "'<' inside a tag: " << tag;
    if (tag.back() == '/') continue;
    if (tag.front() == '/') {
      const std::string name = tag.substr(1);
      if (open.empty() || open.back() != name)
        return ::testing::AssertionFailure()
               << "</" << name << "> closes " << (open.empty() ? "nothing" : open.back());
      open.pop_back();
      continue;
    }
    open.push_back(tag.substr(0, tag.find_first_of(" \n")));
  }
  if (!open.empty()) return ::testing::AssertionFailure() << "<" << open.back() << "> left open";
  return ::testing::AssertionSuccess();
}

}  // namespace

TEST(Summary, AggregatesHistogramsAndQuantiles) {
  RunSummary summary(2);
  const std::size_t moves[] = {10, 12, 12, 14, 20};
  for (std::size_t b = 0; b < 5; ++b) {
    const std::vector<BoardResult> board = {result(b, 0, moves[b]),
                                            result(b, 1, 30, false, b != 3)};
    summary.add_board(board);
  }
  const SolverSummary& s = summary.solvers()[0];
  EXPECT_EQ(summary.boards(), 5u);
  EXPECT_EQ(s.boards, 5u);
  EXPECT_EQ(s.min, 10u);
  EXPECT_EQ(s.max, 20u);
  EXPECT_EQ(s.sum, 68u);
  EXPECT_DOUBLE_EQ(s.mean, 13.6);
  EXPECT_NEAR(s.stdev, 3.4409, 1e-4);
  EXPECT_EQ(s.moves_histogram.at(12), 2u);
  EXPECT_EQ(histogram_quantile(s.moves_histogram, 0.25), 12u);
  EXPECT_EQ(histogram_quantile(s.moves_histogram, 0.5), 12u);
  EXPECT_EQ(histogram_quantile(s.moves_histogram, 0.75), 14u);
  EXPECT_EQ(histogram_quantile(s.moves_histogram, 1.0), 20u);
  EXPECT_DOUBLE_EQ(s.seconds, 2.5);
  EXPECT_EQ(s.expanded, 50u);
  EXPECT_EQ(summary.solvers()[1].failed, 1u);
  EXPECT_EQ(summary.solvers()[1].boards, 4u);
  EXPECT_EQ(summary.boards_with_optimum(), 0u);
  EXPECT_TRUE(s.excess_histogram.empty());
}

TEST(Summary, ExcessOverTheProvenOptimum) {
  RunSummary summary(3);
  // Board 0: solver 2 proves 10; board 1: no optimum known; board 2: 7.
  summary.add_board(
      std::vector<BoardResult>{result(0, 0, 12), result(0, 1, 10), result(0, 2, 10, true)});
  summary.add_board(std::vector<BoardResult>{result(1, 0, 9), result(1, 1, 9), result(1, 2, 9)});
  summary.add_board(
      std::vector<BoardResult>{result(2, 0, 7), result(2, 1, 8), result(2, 2, 7, true)});
  EXPECT_EQ(summary.boards_with_optimum(), 2u);
  const auto& greedy = summary.solvers()[0];
  EXPECT_EQ(greedy.excess_histogram, (std::map<std::int64_t, std::uint64_t>{{0, 1}, {2, 1}}));
  EXPECT_EQ(greedy.excess_boards(), 2u);
  EXPECT_EQ(summary.solvers()[2].excess_histogram, (std::map<std::int64_t, std::uint64_t>{{0, 2}}));
  EXPECT_EQ(summary.solvers()[2].proven_optimal, 2u);
}

TEST(Summary, SummarizeGroupsBoardMajorResults) {
  const std::vector<BoardResult> results = {result(0, 0, 5), result(0, 1, 6), result(1, 0, 7),
                                            result(1, 1, 8)};
  const auto s = summarize(results, 2);
  ASSERT_EQ(s.size(), 2u);
  EXPECT_DOUBLE_EQ(s[0].mean, 6.0);
  EXPECT_DOUBLE_EQ(s[1].mean, 7.0);
}

TEST(Report, CsvRowsQuoteSpecsAndReadBack) {
  BoardResult r = result(7, 0, 3);
  r.solution = "012";
  r.seconds = 0.25;
  std::string text;
  append_csv_row(text, r, "greedy-look-ahead:depth=2,legacy=1");
  EXPECT_EQ(text, "7,\"greedy-look-ahead:depth=2,legacy=1\",3,012,0,10,0.250000,1,,,,,,\n");
  std::vector<std::string> fields;
  ASSERT_TRUE(split_csv_line(text.substr(0, text.size() - 1), fields));
  EXPECT_EQ(fields.size(), 14u);
  text.clear();
  append_csv_row(text, r, "greedy", "format=1;start=0,0");
  EXPECT_EQ(text, "7,greedy,3,012,0,10,0.250000,1,,\"format=1;start=0,0\",,,,\n");
  // The columns after `run`: the name (quoted when it holds a comma) and the counts.
  r.name = "a,b.txt:2";
  r.generated = 40;
  r.pruned = 5;
  r.lower_bound = 3;
  text.clear();
  append_csv_row(text, r, "astar");
  EXPECT_EQ(text, "7,astar,3,012,0,10,0.250000,1,,,\"a,b.txt:2\",40,5,3\n");
  // A file without them (the header before they were added) gets none.
  text.clear();
  append_csv_row(text, r, "astar", "", true, false);
  EXPECT_EQ(text, "7,astar,3,012,0,10,0.250000,1,,\n");
  text.clear();
  EXPECT_EQ(fields[1], "greedy-look-ahead:depth=2,legacy=1");
  EXPECT_TRUE(split_csv_line("a,\"b \"\"c\"\"\",", fields));
  EXPECT_EQ(fields, (std::vector<std::string>{"a", "b \"c\"", ""}));
  EXPECT_FALSE(split_csv_line("a,\"b", fields));
  EXPECT_FALSE(split_csv_line("a,\"b\"x", fields));
  EXPECT_EQ(csv_field("plain"), "plain");
}

TEST(Report, JsonRowsAndSummary) {
  EXPECT_EQ(json_string("a\"b\\c\n\x01"), "\"a\\\"b\\\\c\\n\\u0001\"");
  BoardResult r = result(2, 0, 2, false, false);
  r.solution = "01";
  std::string text;
  append_json_row(text, r, "x");
  EXPECT_EQ(text,
            "{\"type\":\"result\",\"board\":2,\"solver\":\"x\",\"moves\":2,\"solution\":\"01\","
            "\"proven_optimal\":false,\"expanded\":10,\"seconds\":0.500000,\"verified\":false,"
            "\"error\":\"broken\"}\n");
  RunSummary summary(1);
  summary.add_board(std::vector<BoardResult>{result(0, 0, 4, true)});
  text.clear();
  append_json_summary(text, {"astar"}, summary, {{"source", "articles 1"}});
  EXPECT_EQ(
      text,
      "{\"type\":\"summary\",\"source\":\"articles 1\",\"boards\":1,\"boards_with_optimum\":1,"
      "\"solvers\":[{\"solver\":\"astar\",\"boards\":1,\"failed\":0,\"min\":4,\"mean\":4,"
      "\"max\":4,\"stdev\":0,\"proven_optimal\":1,\"seconds\":0.500000,\"expanded\":10,"
      "\"boards_at_optimum\":1,\"mean_excess\":0}]}\n");
}

TEST(Report, SummaryTableTextAndMarkdown) {
  RunSummary summary(2);
  summary.add_board(std::vector<BoardResult>{result(0, 0, 4), result(0, 1, 5, false, false)});
  std::ostringstream text;
  write_summary_table(text, {"greedy", "round-robin"}, summary.solvers());
  EXPECT_EQ(text.str(),
            "solver       boards   min    mean   max  stdev optimal   seconds     expanded\n"
            "greedy            1     4    4.00     4   0.00       0     0.500           10\n"
            "round-robin       0     -       -     -      -       0     0.500           10\n"
            "  (1 board failed for round-robin)\n");
  std::ostringstream md;
  write_summary_table(md, {"greedy", "a|b"}, summary.solvers(), TableStyle::kMarkdown);
  EXPECT_NE(md.str().find("| solver | boards | min | mean |"), std::string::npos);
  EXPECT_NE(md.str().find("| `greedy` | 1 | 4 | 4.00 | 4 | 0.00 | 0 | 0.500 | 10 |"),
            std::string::npos)
      << md.str();
  EXPECT_NE(md.str().find("`a/b`"), std::string::npos);
  EXPECT_NE(md.str().find("| `a/b` | 0 | - | - | - | - | 0 | 0.500 | 10 |"), std::string::npos)
      << md.str();
  EXPECT_NE(md.str().find("1 board failed for `a|b`"), std::string::npos);
}

TEST(Chart, IsWellFormedAndLabelsEverySolver) {
  RunSummary summary(3);
  for (std::size_t b = 0; b < 50; ++b) {
    summary.add_board(std::vector<BoardResult>{result(b, 0, 30 + b % 7), result(b, 1, 40 + b % 11),
                                               result(b, 2, 20 + b % 3, false, b != 4)});
  }
  std::ostringstream out;
  write_svg_chart(out, "random 50 <&> \"quoted\"", {"greedy", "round-robin", "x<y&z"}, summary);
  const std::string svg = out.str();
  EXPECT_EQ(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u);
  EXPECT_TRUE(well_formed_xml(svg));
  EXPECT_NE(svg.find(">greedy<"), std::string::npos);
  EXPECT_NE(svg.find(">round-robin<"), std::string::npos);
  EXPECT_NE(svg.find(">x&lt;y&amp;z<"), std::string::npos);
  EXPECT_NE(svg.find("random 50 &lt;&amp;&gt; &quot;quoted&quot;"), std::string::npos);
  EXPECT_NE(svg.find("Moves per board"), std::string::npos);
  EXPECT_NE(svg.find("moves to clear the board"), std::string::npos);
  EXPECT_NE(svg.find("failed 1"), std::string::npos);
  EXPECT_EQ(svg.find("above the proven optimum"), std::string::npos);
  // The same summary gives the same bytes.
  std::ostringstream again;
  write_svg_chart(again, "random 50 <&> \"quoted\"", {"greedy", "round-robin", "x<y&z"}, summary);
  EXPECT_EQ(again.str(), svg);
}

TEST(Chart, ShowsTheExcessWhenAnOptimumIsKnown) {
  RunSummary summary(2);
  for (std::size_t b = 0; b < 20; ++b)
    summary.add_board(std::vector<BoardResult>{result(b, 0, 25 + b % 4), result(b, 1, 24, b < 15)});
  std::ostringstream out;
  const std::string long_label(80, 'L');
  write_svg_chart(out, "t", {long_label, "astar"}, summary);
  const std::string svg = out.str();
  EXPECT_TRUE(well_formed_xml(svg));
  EXPECT_NE(svg.find("Moves above the proven optimum (15 of 20 boards have one)"),
            std::string::npos);
  EXPECT_NE(svg.find("optimal on 100.0%"), std::string::npos);
  EXPECT_NE(svg.find("<title>" + long_label + "</title>"), std::string::npos);  // a cut label
}

TEST(Chart, MarksPublishedMeans) {
  RunSummary summary(2);
  for (std::size_t b = 0; b < 10; ++b)
    summary.add_board(std::vector<BoardResult>{result(b, 0, 30 + b % 3), result(b, 1, 40)});
  std::ostringstream plain;
  write_svg_chart(plain, "t", {"a", "b"}, summary);
  EXPECT_EQ(plain.str().find("published mean"), std::string::npos);
  std::ostringstream marked;
  write_svg_chart(marked, "t", {"a", "b"}, summary, {std::nan(""), 44.5});
  const std::string svg = marked.str();
  EXPECT_TRUE(well_formed_xml(svg));
  EXPECT_NE(svg.find(">published mean<"), std::string::npos);
  // One mark in the legend and one on row b; the axis reaches 44.5 for it.
  std::size_t dashes = 0;
  for (auto at = svg.find("stroke-dasharray"); at != std::string::npos;
       at = svg.find("stroke-dasharray", at + 1))
    ++dashes;
  EXPECT_EQ(dashes, 2u);
  EXPECT_NE(svg.find(">44<"), std::string::npos);
  EXPECT_EQ(plain.str().find(">44<"), std::string::npos);
}

TEST(Chart, EmptyRunStillDraws) {
  RunSummary summary(1);
  std::ostringstream out;
  write_svg_chart(out, "nothing", {"greedy"}, summary);
  EXPECT_TRUE(well_formed_xml(out.str()));
  EXPECT_NE(out.str().find("no verified results"), std::string::npos);
}

TEST(Progress, Text) {
  EXPECT_EQ(format_duration(4.4), "4s");
  EXPECT_EQ(format_duration(65), "1m 05s");
  EXPECT_EQ(format_duration(3720), "1h 02m");
  EXPECT_EQ(format_duration(2 * 86400 + 3 * 3600), "2d 03h");
  EXPECT_EQ(format_count(0), "0");
  EXPECT_EQ(format_count(999), "999");
  EXPECT_EQ(format_count(1234567), "1,234,567");
  EXPECT_EQ(format_progress(50, 200, 10.0), "  50 / 200 boards  25.0%  10.0 boards/s  15s left");
  EXPECT_EQ(format_progress(5, 10000, 0), "  5 / 10,000 boards  0.1%");
  EXPECT_EQ(format_progress(1000, 2000, 250.4),
            "  1,000 / 2,000 boards  50.0%  250 boards/s  4s left");
  std::ostringstream out;
  {
    ProgressLine off(out, false, 0, 10);
    off.update(5);
  }
  EXPECT_EQ(out.str(), "");
  {
    ProgressLine on(out, true, 0, 10);
    on.update(10);
  }
  EXPECT_EQ(out.str().rfind("\r  10 / 10 boards  100.0%", 0), 0u) << out.str();
  EXPECT_EQ(out.str().substr(out.str().size() - 4), "\r\x1b[K");
}

namespace {

const std::string kHeader = std::string(kCsvHeader) + "\n";

// Rows of a run of greedy and round-robin-skip on the articles' first 3
// boards, written as solve writes them: the run's provenance in the first
// row, every solution the solver's own.
struct ArticlesRun {
  ArticlesSource source{3};
  BatchOptions options;
  RunProvenance provenance;

  ArticlesRun() {
    options.solvers = {builtin_solvers().parse("greedy"),
                       builtin_solvers().parse("round-robin-skip")};
    provenance = make_provenance(source, options, {"--articles", "3"});
  }
  std::string solution(std::size_t board, std::size_t solver) const {
    const Board b = source.board(board);
    const ClusterGraph g(b);
    return moves_to_string(b, options.solvers[solver].make()->solve(g, SolveContext{}).moves);
  }
  // Board `board`'s rows; `first`: the first rows of a file. `peak`: each
  // row's peak_bytes (none: not recorded); `peak_column` false: rows
  // without the `peak_mib` field, as before it was added.
  std::string rows(std::size_t board, bool first = false,
                   std::optional<std::uint64_t> peak = std::nullopt,
                   bool peak_column = true) const {
    std::string text;
    for (std::size_t s = 0; s < options.solvers.size(); ++s) {
      BoardResult r;
      r.board = board;
      r.solution = solution(board, s);
      r.moves = r.solution.size();
      r.seconds = 0.001;
      r.verified = true;
      r.peak_bytes = peak;
      append_csv_row(text, r, options.solvers[s].text,
                     first && s == 0 ? provenance.encode() : std::string(), peak_column);
    }
    return text;
  }
  MergeOptions merge(std::vector<std::string> inputs, std::string csv = "", std::string json = "",
                     std::optional<std::size_t> expect = {}) const {
    MergeOptions m{std::move(inputs), std::move(csv), std::move(json), expect,
                   [](const RunProvenance& p) -> std::unique_ptr<BoardSource> {
                     return std::make_unique<ArticlesSource>(p.boards);
                   }};
    return m;
  }
};

std::string merge_error(const MergeOptions& options) {
  try {
    merge_results(options);
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

// `text` with the first `what` replaced by `with`.
std::string replaced(std::string text, const std::string& what, const std::string& with) {
  const auto at = text.find(what);
  EXPECT_NE(at, std::string::npos) << what;
  if (at != std::string::npos) text.replace(at, what.size(), with);
  return text;
}

}  // namespace

TEST(Merge, InterleavedShardsInAnyOrder) {
  ScratchDir dir;
  const ArticlesRun run;
  const auto a = dir.write("a.csv", kHeader + run.rows(0, true) + run.rows(2));
  const auto b = dir.write("b.csv", kHeader + run.rows(1, true));
  const auto empty = dir.write("c.csv", kHeader);  // no rows, no record: refused
  EXPECT_NE(merge_error(run.merge({b, empty, a})).find("c.csv:1: holds only the header"),
            std::string::npos);
  const MergeResult m =
      merge_results(run.merge({b, a}, dir.file("m.csv"), dir.file("m.jsonl"), 3));
  EXPECT_EQ(m.solvers, (std::vector<std::string>{"greedy", "round-robin-skip"}));
  EXPECT_EQ(m.summary.boards(), 3u);
  RunProvenance merged = run.provenance;
  merged.shard = "0/1";
  EXPECT_EQ(read_file(dir.file("m.csv")),
            kHeader + replaced(run.rows(0, true), run.provenance.encode(), merged.encode()) +
                run.rows(1) + run.rows(2));
  const std::string json = read_file(dir.file("m.jsonl"));
  EXPECT_EQ(std::count(json.begin(), json.end(), '\n'), 8);  // run, 6 rows, summary
  EXPECT_EQ(json.rfind("{\"type\":\"run\",", 0), 0u) << json;
  EXPECT_NE(json.find("{\"type\":\"summary\",\"merged\":"), std::string::npos);
}

TEST(Merge, RefusesDuplicatesGapsAndMismatches) {
  ScratchDir dir;
  const ArticlesRun run;
  const auto a = dir.write("a.csv", kHeader + run.rows(0, true) + run.rows(2));
  const auto dup = dir.write("dup.csv", kHeader + run.rows(2, true));
  EXPECT_NE(merge_error(run.merge({a, dup})).find("dup.csv:2: board 2 is also in"),
            std::string::npos);
  EXPECT_NE(merge_error(run.merge({a})).find("a.csv:4: board 2, but no input has board 1"),
            std::string::npos);
  const auto b = dir.write("b.csv", kHeader + replaced(run.rows(1, true), "1,greedy,", "1,x,"));
  EXPECT_NE(
      merge_error(run.merge({a, b})).find("b.csv:2: solver 'x' where the inputs have 'greedy'"),
      std::string::npos)
      << merge_error(run.merge({a, b}));
  const std::string one_row = run.rows(1, true).substr(0, run.rows(1, true).find('\n') + 1);
  const auto c = dir.write("c.csv", kHeader + one_row);
  EXPECT_NE(merge_error(run.merge({a, c})).find("board 1 has 1 row, but the run has 2"),
            std::string::npos);
  const auto d = dir.write("d.csv", kHeader + run.rows(1, true));
  EXPECT_NE(merge_error(run.merge({a, d}, "", "", 4)).find("hold 3 boards, expected 4"),
            std::string::npos);
  const auto torn = dir.write("torn.csv", kHeader + run.rows(1, true) + "3,g,1");
  EXPECT_NE(merge_error(run.merge({a, torn})).find("torn.csv: ends in a partial line"),
            std::string::npos);
  const auto order = dir.write("order.csv", kHeader + run.rows(1, true) + run.rows(0));
  EXPECT_NE(merge_error(run.merge({a, order}))
                .find("order.csv:4: board 0 after board 1: boards must be in increasing order"),
            std::string::npos);
  const auto bad = dir.write("bad.csv", kHeader + "0,g,3,01,0,0,0.1,1,,,,,,\n");
  EXPECT_NE(
      merge_error(run.merge({bad})).find("bad.csv:2: moves is 3 but the solution has 2 moves"),
      std::string::npos);
  const auto foreign = dir.write("foreign.csv", "x,y\n");
  EXPECT_NE(merge_error(run.merge({foreign})).find("foreign.csv:1: not a colorwalk results CSV"),
            std::string::npos);
  const auto old = dir.write("old.csv", std::string(kCsvHeaderWithoutRun) + "\n");
  EXPECT_NE(merge_error(run.merge({old}))
                .find("old.csv:1: was written by a colorwalk that did not "
                      "record its run"),
            std::string::npos);
}

// What merge (and resume) refuse in rows that parse: values no run writes,
// solutions that do not clear their board, claims no solver makes, rows of
// another run.
TEST(Merge, RefusesRowsNoRunWrites) {
  ScratchDir dir;
  const ArticlesRun run;
  const std::string good = kHeader + run.rows(0, true) + run.rows(1);
  const std::string greedy0 = run.solution(0, 0);
  const std::string rr1 = run.solution(1, 1);
  const std::vector<std::pair<std::string, std::string>> cases = {
      {replaced(good, greedy0, std::string(greedy0.size(), '0')),
       ":2: board 0, solver greedy: the solution does not clear the board: move 1 ('0') is "
       "wasted"},
      {replaced(good, rr1 + ",0,0,0.001000,1,", rr1 + ",1,0,0.001000,1,"),
       ":5: board 1, solver round-robin-skip: proven_optimal is 1, but round-robin-skip never "
       "proves an answer optimal"},
      {replaced(good, "0.001000", "nan"), ":2: seconds is 'nan': no run takes that"},
      {replaced(good, "0.001000", "inf"), ":2: seconds is 'inf'"},
      {replaced(good, "0.001000", "-1"), ":2: seconds is '-1'"},
      {replaced(good, rr1 + ",0,0,0.001000,1,", rr1 + ",1,0,0.001000,0,"),
       ":5: proven_optimal is 1 on a row that did not verify"},
      {replaced(replaced(good, ",0,0,0.001000,1,,\"", ",0,18446744073709551615,0.001000,1,,\""),
                "1,greedy," + std::to_string(run.solution(1, 0).size()) + "," + run.solution(1, 0) +
                    ",0,0,",
                "1,greedy," + std::to_string(run.solution(1, 0).size()) + "," + run.solution(1, 0) +
                    ",0,1,"),
       ":4: board 1, solver greedy: its counters overflow"},
      {replaced(
           good,
           "1,round-robin-skip," + std::to_string(rr1.size()) + "," + rr1 + ",0,0,0.001000,1,,",
           "1,round-robin-skip," + std::to_string(rr1.size()) + "," + rr1 + ",0,0,0.001000,1,,x"),
       ":5: a `run` field past the first row"},
      {replaced(good, "solver_seed=0", "solver_seed=x"), ":2: malformed `run` field"},
      {replaced(good, "format=1", "format=9"), ":2: malformed `run` field: format 9"},
  };
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const std::string path = dir.write("case" + std::to_string(i) + ".csv", cases[i].first);
    EXPECT_NE(merge_error(run.merge({path})).find(path + cases[i].second), std::string::npos)
        << i << ": " << merge_error(run.merge({path}));
  }
  // Shards of different runs: another source, another solver seed.
  const auto a = dir.write("a.csv", kHeader + run.rows(0, true));
  ArticlesRun other_seed;
  other_seed.options.solver_seed = 7;
  other_seed.provenance =
      make_provenance(other_seed.source, other_seed.options, {"--articles", "3"});
  const auto b = dir.write("b.csv", kHeader + other_seed.rows(1, true));
  EXPECT_NE(merge_error(run.merge({a, b}))
                .find("b.csv:2: not a shard of the same run as " + a +
                      ": its solver seed (--solver-seed) is 7, " + a + "'s is 0"),
            std::string::npos)
      << merge_error(run.merge({a, b}));
  // Boards that are not the run's.
  MergeOptions wrong = run.merge({a});
  wrong.source = [](const RunProvenance&) -> std::unique_ptr<BoardSource> {
    return std::make_unique<ArticlesSource>(4);
  };
  EXPECT_NE(merge_error(wrong).find("the boards to replay its rows on are not its run's"),
            std::string::npos);
}

// `peak_mib`: a board's peak search memory, in MiB with one decimal, before
// `run`; empty where it was not recorded. Written, read back, and in the
// JSON rows where known.
TEST(ResultsCsv, PeakMibIsWrittenAndReadBack) {
  EXPECT_EQ(format_peak_mib(std::nullopt), "");
  EXPECT_EQ(format_peak_mib(0), "0.0");
  EXPECT_EQ(format_peak_mib(std::uint64_t{3} << 19), "1.5");
  EXPECT_EQ(format_peak_mib(12345678), "11.8");
  EXPECT_EQ(format_peak_mib(std::uint64_t{5} << 30), "5120.0");
  BoardResult r = result(4, 0, 2);
  r.solution = "01";
  r.peak_bytes = std::uint64_t{3} << 19;
  std::string text;
  append_csv_row(text, r, "astar");
  EXPECT_EQ(text, "4,astar,2,01,0,10,0.500000,1,1.5,,,,,\n");
  text.clear();
  append_csv_row(text, r, "astar", "", false);
  EXPECT_EQ(text, "4,astar,2,01,0,10,0.500000,1,\n");
  text.clear();
  append_json_row(text, r, "astar");
  EXPECT_EQ(text,
            "{\"type\":\"result\",\"board\":4,\"solver\":\"astar\",\"moves\":2,\"solution\":"
            "\"01\",\"proven_optimal\":false,\"expanded\":10,\"seconds\":0.500000,"
            "\"verified\":true,\"peak_mib\":1.5}\n");

  ScratchDir dir;
  const ArticlesRun run;
  const auto path =
      dir.write("peak.csv", kHeader + run.rows(0, true, std::uint64_t{3} << 19) +
                                run.rows(1, false, 12345678) + run.rows(2, false, std::nullopt));
  ResultsCsvReader reader(path);
  EXPECT_TRUE(reader.has_peak());
  std::vector<CsvRow> rows;
  ASSERT_TRUE(reader.next_board(rows));
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].result.peak_bytes, std::optional<std::uint64_t>(std::uint64_t{3} << 19));
  ASSERT_TRUE(reader.provenance().has_value());  // the `run` field, after `peak_mib`
  EXPECT_EQ(reader.provenance()->encode(), run.provenance.encode());
  ASSERT_TRUE(reader.next_board(rows));
  ASSERT_TRUE(rows[1].result.peak_bytes.has_value());
  EXPECT_EQ(format_peak_mib(rows[1].result.peak_bytes), "11.8");  // 11.8 MiB, to a byte
  EXPECT_EQ(*rows[1].result.peak_bytes, 12373197u);
  ASSERT_TRUE(reader.next_board(rows));
  EXPECT_EQ(rows[0].result.peak_bytes, std::nullopt);  // an empty field: not recorded
  EXPECT_FALSE(reader.next_board(rows));

  // Values no search holds are refused, naming the line.
  const std::string good = kHeader + run.rows(0, true, 1 << 20);
  for (const char* bad : {"-1.0", "x", "nan", "inf", "2000000000.0"}) {
    const auto bad_path =
        dir.write("bad.csv", replaced(good, ",1.0,", "," + std::string(bad) + ","));
    EXPECT_NE(
        merge_error(run.merge({bad_path}))
            .find(bad_path + ":2: peak_mib is '" + std::string(bad) + "': no search holds that"),
        std::string::npos)
        << bad << ": " << merge_error(run.merge({bad_path}));
  }
}

// A CSV written before `peak_mib` (its header ends `verified,run`) is read
// as it is, its rows without a peak; merged alone it stays in its format,
// merged with a CSV that has the column it gets the column, empty in its
// rows.
TEST(ResultsCsv, ACsvWithoutPeakIsReadAndMerged) {
  ScratchDir dir;
  const ArticlesRun run;
  const std::string old_header = std::string(kCsvHeaderWithoutPeak) + "\n";
  const auto old = dir.write("old.csv", old_header + run.rows(0, true, 1 << 20, false) +
                                            run.rows(2, false, 1 << 20, false));
  EXPECT_EQ(read_file(old).find(",1.0"), std::string::npos);
  {
    ResultsCsvReader reader(old);
    EXPECT_FALSE(reader.has_peak());
    std::vector<CsvRow> rows;
    ASSERT_TRUE(reader.next_board(rows));
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(rows[0].result.peak_bytes, std::nullopt);
    EXPECT_EQ(rows[0].result.moves, rows[0].result.solution.size());
    EXPECT_TRUE(rows[0].result.verified);
    ASSERT_TRUE(reader.provenance().has_value());
    EXPECT_EQ(reader.provenance()->encode(), run.provenance.encode());
  }
  // A row of the other format is refused, naming the header it lacks.
  const auto mixed = dir.write("mixed.csv", old_header + run.rows(0, true, 1 << 20, true));
  EXPECT_NE(merge_error(run.merge({mixed}))
                .find(mixed + ":2: expected 9 fields (" + std::string(kCsvHeaderWithoutPeak) +
                      "), found 14"),
            std::string::npos)
      << merge_error(run.merge({mixed}));

  RunProvenance merged = run.provenance;
  merged.shard = "0/1";
  const auto lone = dir.write("lone.csv", old_header + run.rows(1, true, 1 << 20, false));
  merge_results(run.merge({old, lone}, dir.file("m.csv"), "", 3));
  EXPECT_EQ(
      read_file(dir.file("m.csv")),
      old_header +
          replaced(run.rows(0, true, 1 << 20, false), run.provenance.encode(), merged.encode()) +
          run.rows(1, false, 1 << 20, false) + run.rows(2, false, 1 << 20, false));

  const auto recent = dir.write("recent.csv", kHeader + run.rows(1, true, std::uint64_t{5} << 20));
  merge_results(run.merge({old, recent}, dir.file("n.csv"), dir.file("n.jsonl"), 3));
  EXPECT_EQ(read_file(dir.file("n.csv")),
            kHeader + replaced(run.rows(0, true), run.provenance.encode(), merged.encode()) +
                run.rows(1, false, std::uint64_t{5} << 20) + run.rows(2));
  const std::string json = read_file(dir.file("n.jsonl"));
  EXPECT_EQ(std::count(json.begin(), json.end(), '\n'), 8);
  std::size_t with_peak = 0;
  for (auto at = json.find("\"peak_mib\":5.0}"); at != std::string::npos;
       at = json.find("\"peak_mib\":5.0}", at + 1))
    ++with_peak;
  EXPECT_EQ(with_peak, 2u);  // board 1's rows
  std::size_t peaks = 0;
  for (auto at = json.find("\"peak_mib\":"); at != std::string::npos;
       at = json.find("\"peak_mib\":", at + 1))
    ++peaks;
  EXPECT_EQ(peaks, 2u);  // and none in the old file's rows
}

namespace {

// Boards of two sizes (2x2 with 2 colours, 3x3 with 3), one a file in the
// flood-it-boards format, each stating its optimum.
std::unique_ptr<FileSource> two_sizes(const ScratchDir& dir) {
  std::filesystem::create_directories(dir.file("boards"));
  dir.write("boards/a", "2 2 2\n1 2 2 1\n2\n");
  dir.write("boards/b", "2 2 2\n2 1 1 2\n2\n");
  dir.write("boards/c", "3 3 3\n1 2 3 2 3 1 3 1 2\n4\n");
  dir.write("boards/d", "2 2 2\n1 1 2 2\n1\n");
  return load_file_source({dir.file("boards")}, std::nullopt);
}

// A results CSV of one solver on `source`'s boards: board i with
// `moves[i]` moves in `seconds[i]`, its peak `peaks[i]`.
std::string group_csv(const BoardSource& source, const std::vector<std::size_t>& moves,
                      const std::vector<double>& seconds,
                      const std::vector<std::optional<std::uint64_t>>& peaks, bool peak_column) {
  BatchOptions options;
  options.solvers = {builtin_solvers().parse("astar")};
  const RunProvenance provenance = make_provenance(source, options, {"--boards", "boards"});
  std::string text = std::string(peak_column ? kCsvHeader : kCsvHeaderWithoutPeak) + "\n";
  for (std::size_t i = 0; i < moves.size(); ++i) {
    BoardResult r;
    r.board = i;
    r.moves = moves[i];
    r.solution = std::string(moves[i], '1');
    r.proven_optimal = true;
    r.verified = true;
    r.seconds = seconds[i];
    r.expanded = 100 * (i + 1);
    r.peak_bytes = peaks[i];
    append_csv_row(text, r, "astar", i == 0 ? provenance.encode() : std::string(), peak_column);
  }
  return text;
}

}  // namespace

// The report of an experiment's `group = size`: per group, the largest
// peak of one of its boards (what the machine must hold to solve the
// group), and each slow board's own peak.
TEST(BoardGroups, EachGroupReportsItsLargestBoardPeak) {
  ScratchDir dir;
  const auto source = two_sizes(dir);
  ASSERT_EQ(source->size(), 4u);
  const std::uint64_t mib = 1 << 20;
  const auto csv = dir.write("run.csv", group_csv(*source, {2, 2, 4, 1}, {0.5, 0.25, 2.0, 0.125},
                                                  {3 * mib / 2, 3 * mib, mib / 2, 2 * mib}, true));
  const BoardGroups groups = group_boards(csv, *source, {"astar"}, 2);
  ASSERT_EQ(groups.rows.size(), 2u);
  EXPECT_EQ(groups.rows[0].group, "2x2, 2 colors");
  EXPECT_EQ(groups.rows[0].boards, 3u);
  EXPECT_EQ(groups.rows[0].peak_bytes, 3 * mib);  // boards a, b, d: the largest, b's
  EXPECT_EQ(groups.rows[0].peak_known, 3u);
  EXPECT_EQ(groups.rows[0].stated, 5u);
  EXPECT_EQ(groups.rows[1].group, "3x3, 3 colors");
  EXPECT_EQ(groups.rows[1].peak_bytes, mib / 2);
  ASSERT_EQ(groups.slowest.size(), 2u);
  EXPECT_EQ(groups.slowest[0].name, "c");
  EXPECT_EQ(groups.slowest[0].peak_bytes, std::optional<std::uint64_t>(mib / 2));
  EXPECT_EQ(groups.slowest[1].name, "a");
  EXPECT_EQ(groups.slowest[1].peak_bytes, std::optional<std::uint64_t>(3 * mib / 2));

  std::ostringstream text;
  write_board_groups(text, groups, TableStyle::kText);
  EXPECT_EQ(
      text.str(),
      "size and colors solver boards   moves  stated proven   seconds     expanded  peak MiB\n"
      "2x2, 2 colors   astar       3       5       5      3      0.88          700       3.0\n"
      "3x3, 3 colors   astar       1       4       4      1      2.00          300       0.5\n"
      "peak MiB: the most search memory one board held (its solver's workspaces at their "
      "peak, with what they kept from earlier boards unless the run has a --memory-limit); "
      "a group's is its largest board's; -: not recorded.\n"
      "\nSlowest boards:\n"
      "  astar  c                   4 moves      2.00 s          300 expanded       0.5 MiB "
      "peak\n"
      "  astar  a                   2 moves      0.50 s          100 expanded       1.5 MiB "
      "peak\n");
  std::ostringstream md;
  write_board_groups(md, groups, TableStyle::kMarkdown);
  EXPECT_NE(
      md.str().find("| expanded | peak MiB |\n|---|---|---:|---:|---:|---:|---:|---:|---:|\n"),
      std::string::npos)
      << md.str();
  EXPECT_NE(md.str().find("| 2x2, 2 colors | `astar` | 3 | 5 | 5 | 3 | 0.88 | 700 | 3.0 |\n"),
            std::string::npos)
      << md.str();
  EXPECT_NE(md.str().find("| `astar` | c | 4 | 2.00 | 300 | 0.5 |\n"), std::string::npos)
      << md.str();
}

// A CSV without peaks (written before `peak_mib`, or with rows adopted
// from one) reports `-` where a group's largest peak is not known.
TEST(BoardGroups, AGroupWithoutEveryPeakShowsADash) {
  ScratchDir dir;
  const auto source = two_sizes(dir);
  const std::uint64_t mib = 1 << 20;
  const auto old = dir.write("old.csv", group_csv(*source, {2, 2, 4, 1}, {0.5, 0.25, 2.0, 0.125},
                                                  {mib, mib, mib, mib}, false));
  const BoardGroups groups = group_boards(old, *source, {"astar"}, 1);
  ASSERT_EQ(groups.rows.size(), 2u);
  EXPECT_EQ(groups.rows[0].peak_known, 0u);
  std::ostringstream text;
  write_board_groups(text, groups, TableStyle::kText);
  EXPECT_NE(text.str().find("      3      0.88          700         -\n"), std::string::npos)
      << text.str();
  EXPECT_NE(text.str().find("300 expanded         - MiB peak\n"), std::string::npos) << text.str();

  // One board of the 2x2 group without a peak: that group's is not known,
  // the 3x3 group's is.
  const auto part = dir.write("part.csv", group_csv(*source, {2, 2, 4, 1}, {0.5, 0.25, 2.0, 0.125},
                                                    {mib, std::nullopt, 2 * mib, mib}, true));
  const BoardGroups some = group_boards(part, *source, {"astar"}, 1);
  EXPECT_EQ(some.rows[0].peak_known, 2u);
  std::ostringstream md;
  write_board_groups(md, some, TableStyle::kMarkdown);
  EXPECT_NE(md.str().find("| 2x2, 2 colors | `astar` | 3 | 5 | 5 | 3 | 0.88 | 700 | - |\n"),
            std::string::npos)
      << md.str();
  EXPECT_NE(md.str().find("| 3x3, 3 colors | `astar` | 1 | 4 | 4 | 1 | 2.00 | 300 | 2.0 |\n"),
            std::string::npos)
      << md.str();
}

// The committed results CSVs (experiments/optima/: the b24c6n1000 proofs)
// were written before `peak_mib` and are read as they are: every row, with
// no peak, the run's provenance from the first. One written since would
// have a peak in every row.
TEST(ResultsCsv, TheCommittedOptimaCsvsAreRead) {
  const auto optima =
      std::filesystem::path(__FILE__).parent_path().parent_path() / "experiments/optima";
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(optima)) {
    if (entry.path().extension() != ".csv") continue;
    const std::string path = entry.path().string();
    ++files;
    ResultsCsvReader reader(path);
    EXPECT_TRUE(reader.has_header()) << path;
    std::vector<CsvRow> rows;
    std::size_t boards = 0;
    while (reader.next_board(rows)) {
      ++boards;
      for (const CsvRow& row : rows)
        EXPECT_EQ(row.result.peak_bytes.has_value(), reader.has_peak()) << path << ":" << row.line;
    }
    EXPECT_GT(boards, 0u) << path;
    EXPECT_TRUE(reader.provenance().has_value()) << path;
    EXPECT_EQ(reader.torn_bytes(), 0u) << path;
    if (entry.path().filename() == "b24c6n1000.csv") {
      EXPECT_FALSE(reader.has_peak());
      EXPECT_EQ(boards, 1000u);
    }
  }
  EXPECT_GE(files, 4u);
}

TEST(Provenance, EncodesAndComparesRuns) {
  const ArticlesRun run;
  RunProvenance p = run.provenance;
  p.source_args = {"--boards", "a b;c=%.txt", ""};
  const RunProvenance back = RunProvenance::decode(p.encode());
  EXPECT_EQ(back.encode(), p.encode());
  EXPECT_EQ(back.source_args, p.source_args);
  EXPECT_EQ(back.solvers, (std::vector<std::string>{"greedy", "round-robin-skip"}));
  EXPECT_EQ(p.mismatch(back, true), "");
  RunProvenance other = p;
  other.shard = "1/2";
  EXPECT_EQ(p.mismatch(other, false), "");
  EXPECT_EQ(p.mismatch(other, true), "its shard is 1/2, this run's is 0/1");
  other = p;
  other.memory_limit = 1 << 20;
  EXPECT_EQ(p.mismatch(other, true), "its --memory-limit is 1 MiB, this run's is none");
  other = p;
  other.version = "0.0.1";
  EXPECT_NE(p.mismatch(other, true).find("its colorwalk version is 0.0.1"), std::string::npos);
  other = p;
  other.commit = "elsewhere";
  EXPECT_EQ(p.mismatch(other, true), "");  // the commit is information only
  EXPECT_THROW(RunProvenance::decode("format=1;version=x"), std::invalid_argument);
  EXPECT_EQ(canonical_start(*StartSpec::parse("top-left")), "0,0");
  EXPECT_EQ(canonical_start(*StartSpec::parse("centre")), "center");
  EXPECT_EQ(canonical_start(*StartSpec::parse("3,4")), "3,4");
}
