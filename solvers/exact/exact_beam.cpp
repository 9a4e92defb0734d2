#include "exact/exact_beam.hpp"

#include "exact/exact_domain.hpp"
#include "exact/tbb_executor.hpp"
#include "game/greedy_move.hpp"
#include "search/beam.hpp"

namespace colorwalk {

Solution solve_with_beam(const ClusterGraph& graph, search::Workspace& workspace, std::size_t width,
                         const search::Limits& limits, ExactRules rules, std::size_t lanes,
                         ExecutorTimes* times) {
  // Past the limits, the keys of the children in hand are cut short (the
  // beam stops at its next look at the clock; its answer is never proven).
  const BoundCutoff cutoff(limits);
  const ExactDomain domain(graph, rules, &cutoff);
  search::BeamSearch<ExactDomain> beam(domain, workspace);
  const auto key = [&](const ExactDomain::State& s, std::uint32_t g) {
    return domain.beam_key(s, g);
  };
  TbbExecutor executor(times);
  const auto result =
      beam.search(domain.initial_state(), limits, {.width = width}, key, executor, lanes);
  Solution solution;
  solution.expanded = result.stats.expanded;
  solution.generated = result.stats.generated;
  solution.pruned = result.stats.pruned;
  solution.peak_bytes = result.stats.peak_bytes;
  if (result.found) {
    solution.moves = result.path;
  } else {  // a limit stopped it: fall back on greedy
    MarkerState state = graph.initial_state();
    play_greedy(graph, state, solution.moves);
  }
  return solution;
}

}  // namespace colorwalk
