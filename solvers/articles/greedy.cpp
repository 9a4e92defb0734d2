// greedy: the articles' area metric. Plays the colour that clears the most
// cells now; ties go to the lowest colour index (the articles' _.max keeps
// the first maximum).
#include "game/greedy_move.hpp"
#include "registry/registry.hpp"

namespace colorwalk {

namespace {

class Greedy final : public Solver {
 public:
  // Polls the cancellation flag before each move (a cancelled board is
  // dropped, so what it has so far is enough); no time limit: one pass over
  // the frontier per move is what every other solver falls back on.
  Solution solve(const ClusterGraph& graph, const SolveContext& context) override {
    Solution solution;
    MarkerState state = graph.initial_state();
    while (!graph.is_cleared(state) && !cancelled(context)) {
      const Color best = greedy_move(graph, state);
      graph.apply(state, best);
      solution.moves.push_back(best);
    }
    return solution;
  }
};

struct GreedyParams {};

const SolverRegistration kGreedy{SolverDescription<GreedyParams>{
    .name = "greedy",
    .summary = "plays the color that clears the most cells now (area metric)",
    .family = SolverFamily::kArticles,
    .make = [](const GreedyParams&) { return std::make_unique<Greedy>(); }}};

}  // namespace

}  // namespace colorwalk
