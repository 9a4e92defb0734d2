// greedy: the articles' area metric. Plays the colour that clears the most
// cells now; ties go to the lowest colour index (the articles' _.max keeps
// the first maximum).
#include <array>

#include "colorwalk/greedy.hpp"
#include "colorwalk/solver.hpp"

namespace colorwalk {

Color greedy_move(const ClusterGraph& graph, const MarkerState& state) {
  std::array<std::uint32_t, kMaxColors> gains{};
  graph.move_gains(state, std::span<std::uint32_t>(gains.data(), graph.colors()));
  Color best = 0;
  for (Color c = 1; c < graph.colors(); ++c)
    if (gains[c] > gains[best]) best = c;
  // A board that is not cleared has a frontier, so the best gain is positive.
  return best;
}

void play_greedy(const ClusterGraph& graph, MarkerState& state, std::vector<Color>& moves) {
  while (!graph.is_cleared(state)) {
    const Color best = greedy_move(graph, state);
    graph.apply(state, best);
    moves.push_back(best);
  }
}

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

}  // namespace

void register_greedy(SolverRegistry& registry) {
  registry.add({.name = "greedy",
                .summary = "plays the color that clears the most cells now (area metric)",
                .params = {},
                .randomised = false,
                .wasted_moves = false,
                .exact = false,
                .make = [](const ParamValues&) { return std::make_unique<Greedy>(); }});
}

}  // namespace colorwalk
