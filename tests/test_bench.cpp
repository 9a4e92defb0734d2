// The bench signature (`colorwalk bench`): the nodes its fixed solvers
// expand on its fixed boards. Only the count is checked, never the time.
#include "engine/bench_signature.hpp"

#include <gtest/gtest.h>

using namespace colorwalk;

// The count pinned here is the bench signature of the searches as they are.
// A change that alters a search on purpose (a new bound, another tie-break,
// a different expansion order) changes it: run `colorwalk bench`, check that
// the moves and the change in nodes are what the change meant to do, put
// the new count here and give it in the commit message ("bench: N"). A
// change that should not alter any search must leave it as it is.
constexpr std::uint64_t kBenchNodes = 3241738;

TEST(Bench, NodeCountIsTheSignature) {
  const BenchResult bench = run_bench();
  EXPECT_EQ(bench.boards, kBenchBoards);
  ASSERT_EQ(bench.solvers.size(), std::size(kBenchSolvers));
  std::uint64_t sum = 0;
  for (const BenchSolver& solver : bench.solvers) {
    EXPECT_GT(solver.expanded, 0u) << solver.spec;
    sum += solver.expanded;
  }
  EXPECT_EQ(bench.nodes, sum);
  EXPECT_EQ(bench.failures, 0u);
  EXPECT_EQ(bench.nodes, kBenchNodes) << "the bench signature changed: see the comment above";
}
