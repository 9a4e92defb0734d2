// Helpers shared by the engine and search tests: random small boards and an
// exhaustive optimum that trusts nothing but ClusterGraph::apply (itself
// checked cell by cell against a flood fill in test_cluster_graph.cpp).
#pragma once

#include <bit>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "game/cluster_graph.hpp"

namespace colorwalk::testing {

// A board of min_side..max_side cells a side and min_colors..max_colors
// colours drawn uniformly, with a random start cell.
inline Board random_board(std::mt19937_64& rng, std::uint32_t min_side, std::uint32_t max_side,
                          std::uint32_t min_colors, std::uint32_t max_colors, Rules rules) {
  const auto pick = [&](std::uint32_t lo, std::uint32_t hi) {
    return static_cast<std::uint32_t>(lo + rng() % (hi - lo + 1));
  };
  const std::uint32_t w = pick(min_side, max_side);
  const std::uint32_t h = pick(min_side, max_side);
  const std::uint32_t k = pick(min_colors, max_colors);
  std::vector<Color> cells(std::size_t{w} * h);
  for (Color& c : cells)
    c = static_cast<Color>(rng() % k);
  const CellPos start{pick(0, h - 1), pick(0, w - 1)};
  return Board::make(w, h, std::move(cells), std::string(kSymbols.substr(0, k)), rules, start);
}

inline Rules random_rules(std::mt19937_64& rng) {
  return rng() % 2 == 0 ? Rules::kColorWalk : Rules::kFloodIt;
}

// One of the moves that absorb something at `s` (a board not cleared), drawn
// uniformly.
inline Color random_useful_move(std::mt19937_64& rng, const ClusterGraph& g, const MarkerState& s) {
  std::vector<Color> options;
  for (std::uint64_t useful = g.useful_moves(s); useful != 0; useful &= useful - 1)
    options.push_back(static_cast<Color>(std::countr_zero(useful)));
  return options[rng() % options.size()];
}

// True when some sequence of at most `depth` moves clears the board from `s`.
inline bool clears_within(const ClusterGraph& g, const MarkerState& s, std::uint32_t depth) {
  if (g.is_cleared(s)) return true;
  if (depth == 0) return false;
  for (Color c = 0; c < g.colors(); ++c) {
    MarkerState child = s;
    if (g.apply(child, c).wasted()) continue;
    if (clears_within(g, child, depth - 1)) return true;
  }
  return false;
}

// The fewest moves that clear the board from `s`, by iterative deepening over
// every colour at every step (no bound, no pruning, no duplicate detection).
inline std::uint32_t exhaustive_optimum(const ClusterGraph& g, const MarkerState& s) {
  for (std::uint32_t d = 0;; ++d)
    if (clears_within(g, s, d)) return d;
}

}  // namespace colorwalk::testing
