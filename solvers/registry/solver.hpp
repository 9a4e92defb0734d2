// The Solver interface: what a solver is given for one board and what it
// answers.
//
// A solver instance serves one thread and may keep workspaces from board to
// board; solve() is the cold end, one virtual call per board. Solvers are
// made from specs through the registry (registry.hpp), where each solver
// adds itself from its own source file.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "game/cluster_graph.hpp"
#include "search/limits.hpp"

namespace search {
class SharedMemory;
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
};

struct Solution {
  std::vector<Color> moves;
  bool proven_optimal = false;
  std::uint64_t expanded = 0;  // search nodes expanded (0 for solvers that do not search)
  // SolveContext::memory refused a search memory on this board: the answer
  // depends on what other searches held at the time, so the batch reports
  // the board as stopped by the memory limit rather than as a result.
  bool memory_refused = false;
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

// A search's limits for one board: `memory_mib` MiB, `seconds` from now (0:
// none), `nodes` expansions (0: none), and the context's cancellation flag.
search::Limits search_limits(const SolveContext& context, std::int64_t memory_mib, double seconds,
                             std::uint64_t nodes = 0);

}  // namespace colorwalk
