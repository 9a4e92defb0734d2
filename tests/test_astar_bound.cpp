// The lower bound a search stopped by a limit proves, in the CSV's
// lower_bound column, as a user runs colorwalk solve: astar (sequential
// and parallel) stopped by its expansion or memory limit on a hard board
// reports the smallest f of its open nodes, above 0 and at most the
// board's stated optimum and its own answer; idastar and wastar their own.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "datasets.hpp"
#include "test_support.hpp"

using colorwalk::testing::datasets_dir;
using colorwalk::testing::read_file;
using colorwalk::testing::run_colorwalk;
using colorwalk::testing::ScratchDir;

namespace {

struct Row {
  std::string solver;
  int moves = -1;
  int proven_optimal = -1;
  std::string lower_bound;  // empty where none
};

// The CSV's rows (a quoted field may hold commas: a spec's, the run's).
std::vector<Row> rows_of(const std::string& csv) {
  std::vector<Row> rows;
  std::istringstream in(csv);
  std::string line;
  std::getline(in, line);  // the header
  while (std::getline(in, line)) {
    std::vector<std::string> f(1);
    bool quoted = false;
    for (const char c : line) {
      if (c == '"')
        quoted = !quoted;
      else if (c == ',' && !quoted)
        f.emplace_back();
      else
        f.back() += c;
    }
    EXPECT_EQ(f.size(), 14u) << line;
    if (f.size() != 14) continue;
    rows.push_back({f[1], std::stoi(f[2]), std::stoi(f[4]), f[13]});
  }
  return rows;
}

// Each row: not proven optimal, and a lower bound above 0, at most the
// optimum and at most its own answer.
void expect_bounds(const std::vector<Row>& rows, int optimum) {
  for (const Row& row : rows) {
    SCOPED_TRACE(row.solver);
    EXPECT_EQ(row.proven_optimal, 0);
    ASSERT_FALSE(row.lower_bound.empty());
    const int bound = std::stoi(row.lower_bound);
    EXPECT_GT(bound, 0);
    EXPECT_LE(bound, optimum);
    EXPECT_LE(bound, row.moves);
  }
}

TEST(AStarBound, LimitedSearchesReportTheirProvenLowerBound) {
  // Its file states the optimum under --rules flood-it: 33 moves.
  const auto problem = datasets_dir() / "99problems" / "16_16_10_001";
  COLORWALK_NEED_DATASET_FILES(problem);
  constexpr int kOptimum = 33;
  ScratchDir dir;
  const std::string csv = dir.file("out.csv");
  const auto r = run_colorwalk(
      dir, "solve --boards '" + problem.string() +
               "' --rules flood-it --threads 2 --quiet --csv '" + csv +
               "' --solver astar:nodes=20000 --solver astar:memory=16 "
               "--solver idastar:nodes=20000 --solver wastar:nodes=2000");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::vector<Row> rows = rows_of(read_file(csv));
  ASSERT_EQ(rows.size(), 4u) << read_file(csv);
  expect_bounds(rows, kOptimum);
}

// The parallel search stopped by its expansion limit, in mid-layer: the
// bound still counts the nodes whose children were not yet stored.
TEST(AStarBound, ParallelSearchStoppedByALimitReportsItsBound) {
  const auto problem = datasets_dir() / "99problems" / "16_16_10_001";
  COLORWALK_NEED_DATASET_FILES(problem);
  constexpr int kOptimum = 33;
  ScratchDir dir;
  const std::string csv = dir.file("out.csv");
  std::string solvers;
  for (const char* nodes : {"3000", "20000", "50000"})
    solvers += std::string(" --solver astar:threads=2,nodes=") + nodes;
  const auto r = run_colorwalk(dir, "solve --boards '" + problem.string() +
                                        "' --rules flood-it --threads 2 --quiet --csv '" + csv +
                                        "'" + solvers);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::vector<Row> rows = rows_of(read_file(csv));
  ASSERT_EQ(rows.size(), 3u) << read_file(csv);
  expect_bounds(rows, kOptimum);
}

}  // namespace
