// greedy: the articles' area metric. Plays the colour that clears the most
// cells now; ties go to the lowest colour index (the articles' _.max keeps
// the first maximum).
#include "game/greedy_move.hpp"
#include "registry/registry.hpp"

namespace colorwalk {

namespace {

class Greedy final : public Solver {
 public:
  Solution solve(const ClusterGraph& graph, const SolveContext&) override {
    Solution solution;
    MarkerState state = graph.initial_state();
    play_greedy(graph, state, solution.moves);
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
