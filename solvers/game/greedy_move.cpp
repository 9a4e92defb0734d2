#include "game/greedy_move.hpp"

#include <array>
#include <span>

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

}  // namespace colorwalk
