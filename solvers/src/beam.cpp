// beam: the anytime solver. Beam search (libsearch's BeamSearch) over
// ExactDomain states, ranking each layer by depth + the elimination bound,
// then by cells cleared, and keeping the `width` best. Wider beams cost
// linearly more and answer closer to the optimum; never proven optimal.
#include "colorwalk/beam.hpp"
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
      : width_(static_cast<std::size_t>(p.get_int("width"))), memory_mib_(p.get_int("memory")) {}

  Solution solve(const ClusterGraph& graph, const SolveContext& context) override {
    search::Limits limits;
    limits.max_bytes = static_cast<std::size_t>(memory_mib_) << 20;
    limits.cancel = context.cancel;
    return solve_with_beam(graph, workspace_, width_, limits);
  }

 private:
  search::Workspace workspace_;
  std::size_t width_;
  std::int64_t memory_mib_;
};

}  // namespace

void register_beam(SolverRegistry& registry) {
  registry.add({.name = "beam",
                .summary = "anytime: beam search ranked by depth + the elimination bound; wider "
                           "is slower and closer to optimal (not proven)",
                .params = {{"width", 64, 1, 1 << 20, true, "states kept per depth (the budget)"},
                           {"memory", 1024, 16, 1 << 20, true, "memory limit, MiB"}},
                .randomised = false,
                .wasted_moves = false,
                .exact = false,
                .make = [](const ParamValues& p) { return std::make_unique<Beam>(p); }});
}

}  // namespace colorwalk
