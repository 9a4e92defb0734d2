// The greedy move (most cells now, ties to the lowest colour), as a building
// block: the `greedy` solver, and completing a partial solution when a
// bounded search stops before it has one.
#pragma once

#include <vector>

#include "game/cluster_graph.hpp"

namespace colorwalk {

// The greedy move at `state` (a board not cleared).
Color greedy_move(const ClusterGraph& graph, const MarkerState& state);

// Plays greedy moves from `state` until the board is cleared, appending them.
void play_greedy(const ClusterGraph& graph, MarkerState& state, std::vector<Color>& moves);

}  // namespace colorwalk
