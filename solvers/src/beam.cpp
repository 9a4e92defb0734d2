// beam: the anytime solver. Beam search (libsearch's BeamSearch) over
// ExactDomain states, ranking each layer by depth + the elimination bound,
// then by cells cleared, and keeping the `width` best. Wider beams cost
// linearly more and answer closer to the optimum; never proven optimal.
#include "colorwalk/beam.hpp"

#include "colorwalk/board_memory.hpp"
#include "colorwalk/exact_domain.hpp"
#include "colorwalk/greedy.hpp"
#include "colorwalk/solver.hpp"
#include "search/beam.hpp"

namespace colorwalk {

Solution solve_with_beam(const ClusterGraph& graph, search::Workspace& workspace, std::size_t width,
                         const search::Limits& limits) {
  const ExactDomain domain(graph);
  search::BeamSearch<ExactDomain> beam(domain, workspace);
  const auto result = beam.search(
      domain.initial_state(), limits, {.width = width},
      [&](const ExactDomain::State& s, std::uint32_t g) { return domain.beam_key(s, g); });
  Solution solution;
  solution.expanded = result.stats.expanded;
  if (result.found) {
    solution.moves = result.path;
  } else {  // a limit stopped it: fall back on greedy
    MarkerState state = graph.initial_state();
    play_greedy(graph, state, solution.moves);
  }
  return solution;
}

namespace {

class Beam final : public Solver {
 public:
  explicit Beam(const ParamValues& p)
      : width_(static_cast<std::size_t>(p.get_int("width"))),
        memory_mib_(p.get_int("memory")),
        seconds_(p.get("seconds")),
        nodes_(static_cast<std::uint64_t>(p.get_int("nodes"))) {}

  Solution solve(const ClusterGraph& graph, const SolveContext& context) override {
    const BoardMemory memory(context, {&workspace_});
    const search::Limits limits = search_limits(context, memory_mib_, seconds_, nodes_);
    Solution solution = solve_with_beam(graph, workspace_, width_, limits);
    solution.memory_refused = memory.refused();
    return solution;
  }

 private:
  search::Workspace workspace_;
  std::size_t width_;
  std::int64_t memory_mib_;
  double seconds_;
  std::uint64_t nodes_;
};

}  // namespace

void register_beam(SolverRegistry& registry) {
  registry.add({.name = "beam",
                .summary = "anytime: beam search ranked by depth + the elimination bound; wider "
                           "is slower and closer to optimal (not proven)",
                .params = {{"width", 64, 1, 1 << 20, true, "states kept per depth (the budget)"},
                           {"memory", 1024, 16, 1 << 20, true, "memory limit, MiB"},
                           {"seconds", 600, 0, 1e9, false,
                            "time limit per board, s (0: none); past it the answer is greedy's"},
                           {"nodes", 0, 0, 1e15, true,
                            "expansion limit per board (0: none; every node is kept, so memory "
                            "bounds it); past it the answer is greedy's"}},
                .randomised = false,
                .wasted_moves = false,
                .exact = false,
                .make = [](const ParamValues& p) { return std::make_unique<Beam>(p); }});
}

}  // namespace colorwalk
