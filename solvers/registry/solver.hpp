// The Solver interface: what a solver is given for one board and what it
// answers.
//
// A solver instance serves one thread and may keep workspaces from board to
// board; solve() is the cold end, one virtual call per board. Solvers are
// made from specs through the registry (registry.hpp), where each solver
// adds itself from its own source file.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "game/cluster_graph.hpp"
#include "search/limits.hpp"

namespace search {
class SharedMemory;
class SearchProgress;
}

namespace colorwalk {

struct SolveContext {
  // Seed of this board's own random stream (randomised solvers draw only from it).
  std::uint64_t seed = 0;
  // Polled by long-running solvers; a cancelled solver returns what it has.
  const std::atomic<bool>* cancel = nullptr;
  // The run's memory limit, shared by every search on every thread (nullptr:
  // each search is bounded by its own limit alone). Searching solvers draw
  // their workspaces from it (BoardMemory, board_memory.hpp) and keep them
  // attached between boards, so it must outlive the solvers that used it.
  search::SharedMemory* memory = nullptr;
  // The threads one search on this board may use (1: the solver's
  // sequential search). The batch engine gives a board every thread of the
  // run when fewer boards are left to start than the run has threads, so
  // that the last boards of a run, or a board alone, do not leave cores
  // idle; a solver that runs a parallel search by default (astar) takes it.
  std::size_t workers = 1;
  // Where the board's searches publish their live figures (search/
  // progress.hpp; nullptr: nowhere): search_limits() passes it on. An exact
  // solver publishes the bounds it proves for the board and its answers;
  // its bounds concern the board's own start only.
  search::SearchProgress* progress = nullptr;
};

struct Solution {
  std::vector<Color> moves;
  bool proven_optimal = false;
  std::uint64_t expanded = 0;  // search nodes expanded (0 for solvers that do not search)
  // The children its searches generated and those they pruned by cost
  // (search::Stats; 0 for solvers that do not search or do not count them).
  std::uint64_t generated = 0;
  std::uint64_t pruned = 0;
  // A lower bound on every solution's moves that the search proved
  // (search::SearchResult::bound; IDA*'s last threshold, weighted A*'s and,
  // stopped by a limit, A*'s smallest open f); 0 where it proved none. A
  // proven optimum is its own.
  std::uint32_t lower_bound = 0;
  // The most bytes this board's searches held at once: their workspaces at
  // their peak, as their memory budgets count it (search::Stats::
  // peak_bytes). That includes what a workspace kept from the solver's
  // earlier boards: without a run memory limit workspaces keep what they
  // grew to, so it can be an earlier, larger board's; under one they keep
  // nothing, and it is the board's own. 0 for solvers that do not search.
  // The results CSV's `peak_mib`, for reports that size the machine a set
  // of boards needs.
  std::uint64_t peak_bytes = 0;
  // SolveContext::memory refused a search memory on this board: the answer
  // depends on what other searches held at the time, so the batch reports
  // the board as stopped by the memory limit rather than as a result.
  bool memory_refused = false;
  // A parallel search's workers (1: a sequential one), its phases and the
  // time its workers spent waiting for one another
  // (search/parallel_best_first.hpp).
  std::uint32_t workers = 1;
  std::uint64_t phases = 0;
  double wait_seconds = 0;
  // Its parallel parts (TbbExecutor calls, ExecutorTimes): their wall time,
  // and per call the longest of its tasks, summed.
  double parallel_seconds = 0;
  double critical_seconds = 0;
};

class Solver {
 public:
  virtual ~Solver() = default;
  virtual Solution solve(const ClusterGraph& graph, const SolveContext& context) = 0;
};

// Whether the run asked the solver to stop (a long-running solver polls this).
inline bool cancelled(const SolveContext& context) {
  return context.cancel != nullptr && context.cancel->load(std::memory_order_relaxed);
}

// Whether the cancellation flag of `limits` is raised or its deadline has
// passed: a solver that loops over searches stops starting them.
inline bool limits_passed(const search::Limits& limits) {
  return (limits.cancel != nullptr && limits.cancel->load(std::memory_order_relaxed)) ||
         (limits.deadline && std::chrono::steady_clock::now() >= *limits.deadline);
}

// Expansions between two looks at the clock and the cancellation flag for a
// search on `graph`: 256 up to 1024 clusters, fewer as the states grow,
// down to every expansion from 4096 set words (262,144 clusters) on. One
// expansion copies and scores a state of 2 * set_words() + 1 words for each
// child, so on a large board (500 x 500 with 36 colours: 3,700 words a set)
// 256 of them take long, and a limit must be looked at after each; a look
// at the clock costs far less than any expansion it follows.
std::uint32_t poll_interval(const ClusterGraph& graph) noexcept;

// A search's limits for one board of `graph`: `memory_mib` MiB, `seconds`
// from now (0: none), `nodes` expansions (0: none), the context's
// cancellation flag, and the graph's poll_interval().
search::Limits search_limits(const ClusterGraph& graph, const SolveContext& context,
                             std::int64_t memory_mib, double seconds, std::uint64_t nodes = 0);
// The same with search::Limits' own poll interval (256 expansions), which
// is too coarse on large boards: prefer the overload with the graph.
search::Limits search_limits(const SolveContext& context, std::int64_t memory_mib, double seconds,
                             std::uint64_t nodes = 0);

}  // namespace colorwalk
