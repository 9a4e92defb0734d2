// astar: exact solving. A* on libsearch's pooled best-first search over
// marker states, with the elimination bound (bounds.hpp), the dominance and
// neutral-move rules and duplicate detection on the absorbed set. Optimal when it finishes; at a
// node, memory or time limit it returns the path to the best open node
// completed greedily, with proven_optimal = 0.
#include <chrono>

#include "colorwalk/greedy.hpp"
#include "colorwalk/search_domain.hpp"
#include "colorwalk/solver.hpp"
#include "search/best_first.hpp"

namespace colorwalk {

namespace {

class AStar final : public Solver {
 public:
  explicit AStar(const ParamValues& p)
      : memory_mib_(p.get_int("memory")),
        seconds_(p.get("seconds")),
        nodes_(static_cast<std::uint64_t>(p.get_int("nodes"))) {}

  Solution solve(const ClusterGraph& graph, const SolveContext& context) override {
    const ColorWalkDomain domain(
        graph, {.bound = ColorWalkDomain::Bound::kElimination, .dominance = true});
    search::Limits limits;
    limits.max_bytes = static_cast<std::size_t>(memory_mib_) << 20;
    if (nodes_ > 0) limits.max_expansions = nodes_;
    if (seconds_ > 0)
      limits.deadline = std::chrono::steady_clock::now() +
                        std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                            std::chrono::duration<double>(seconds_));
    limits.cancel = context.cancel;
    search::AStarCost<ColorWalkDomain> cost{domain};
    search::NullVisitor visitor;
    search::BestFirstSearch<ColorWalkDomain, search::AStarCost<ColorWalkDomain>> astar(
        domain, workspace_, cost, visitor, {.detect_duplicates = true});
    astar.start(graph.initial_state(), limits);
    astar.run();

    Solution solution;
    solution.expanded = astar.stats().expanded;
    if (astar.status() == search::Status::kSolved) {
      astar.path_to(astar.goal(), solution.moves);
      solution.proven_optimal = true;
      return solution;
    }
    // Stopped by a limit: the most promising open node, completed greedily.
    MarkerState state = graph.initial_state();
    const search::NodeId best = astar.best_open();
    if (best != search::kNoNode) {
      astar.path_to(best, solution.moves);
      astar.state_of(best, state);
    }
    play_greedy(graph, state, solution.moves);
    return solution;
  }

 private:
  search::Workspace workspace_;  // kept across the boards this instance solves
  std::int64_t memory_mib_;
  double seconds_;
  std::uint64_t nodes_;
};

}  // namespace

void register_astar(SolverRegistry& registry) {
  registry.add({.name = "astar",
                .summary =
                    "exact: A* with the elimination bound and the dominance rule; optimal unless a "
                    "limit stops it (then the best open node completed greedily, not proven)",
                .params = {{"memory", 1024, 16, 1 << 20, true, "memory limit of one search, MiB"},
                           {"seconds", 600, 0, 1e9, false, "time limit per board, s (0: none)"},
                           {"nodes", 0, 0, 1e15, true, "expansion limit per board (0: none)"}},
                .randomised = false,
                .wasted_moves = false,
                .exact = true,
                .make = [](const ParamValues& p) { return std::make_unique<AStar>(p); }});
}

}  // namespace colorwalk
