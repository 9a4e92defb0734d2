// The bench signature: a fixed set of boards solved by a fixed set of
// solvers on one thread, and the nodes they expand in all. The count
// depends only on what the searches do, not on the machine or the time
// they take, so a change that alters a search shows as a different count,
// and a commit that should not alter any search can say "bench: N"
// unchanged (tests/test_bench.cpp pins it). `colorwalk bench` prints it
// with the time taken, a rough measure of speed.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace colorwalk {

// The articles' first kBenchBoards boards (30x20, 5 colours, colour-walk
// rules), each solved by every one of kBenchSolvers.
inline constexpr std::size_t kBenchBoards = 20;
inline constexpr std::string_view kBenchSolvers[] = {
    "astar", "beam", "greedy-look-ahead:depth=3", "dfs", "bfs", "dijkstra",
};

struct BenchSolver {
  std::string spec;
  std::uint64_t expanded = 0;  // nodes expanded on all the boards
  std::uint64_t moves = 0;     // moves of its solutions, all boards together
  double seconds = 0;          // its solving time, all boards together
};

struct BenchResult {
  std::size_t boards = 0;
  std::vector<BenchSolver> solvers;  // in kBenchSolvers order
  std::uint64_t nodes = 0;           // the signature: every solver's expanded nodes
  std::size_t failures = 0;          // results that did not verify (none when all is well)
  double wall = 0;                   // seconds, the whole run
};

// Solves the bench's boards with its solvers on one thread.
BenchResult run_bench();

}  // namespace colorwalk
