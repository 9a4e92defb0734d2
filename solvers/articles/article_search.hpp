// Building blocks of the articles' search-based algorithms (parts 7 to 10 of
// "Explore Simple Game Algorithms with Color Walk") on libsearch's kernels:
// the domain they searched, one call of their dijkstra(), the game the
// solvers play move by move, and the parameters bfs, dfs and the dijkstra
// family share (bfs.cpp, dfs.cpp, dijkstra.cpp).
//
// The articles' searches are tree searches over move sequences: no state is
// recognised when reached again by another sequence, and the only pruning is
// by move count (a move that clears nothing and a colour repeated at once are
// never played, which the domain already guarantees).
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "articles/look_ahead.hpp"
#include "game/cluster_graph.hpp"
#include "registry/limit_params.hpp"
#include "registry/registry.hpp"
#include "search/domain.hpp"
#include "search/limits.hpp"
#include "search/workspace.hpp"

namespace colorwalk {

// The Color Walk domain as the articles searched it: states are
// MarkerStates, moves the useful colours in increasing order (a move that
// absorbs nothing is never played), no lower bound (a search without one
// prunes only by the move count, as their min_moves did), and a goal of at
// least `goal_cells` cells cleared (the whole board unless a hybrid stops
// its search halfway). Packed state: the MarkerState's 2W+1 words; the key
// is the W words of the absorbed set (the rest follows from it).
class ArticleDomain {
 public:
  using State = MarkerState;
  using Move = Color;
  static constexpr std::size_t kMaxMoves = kMaxColors;

  explicit ArticleDomain(const ClusterGraph& graph) : ArticleDomain(graph, graph.cell_count()) {}
  ArticleDomain(const ClusterGraph& graph, std::uint32_t goal_cells)
      : graph_(graph), goal_cells_(goal_cells) {}

  const ClusterGraph& graph() const noexcept { return graph_; }

  void moves(const State& s, search::MoveList<Move, kMaxMoves>& out) const {
    for (std::uint64_t mask = graph_.useful_moves(s); mask != 0; mask &= mask - 1)
      out.push_back(static_cast<Color>(std::countr_zero(mask)));
  }
  bool apply(State& s, Move c) const { return !graph_.apply(s, c).wasted(); }
  bool is_goal(const State& s) const { return s.cells_cleared() >= goal_cells_; }
  std::size_t packed_words() const noexcept { return 2 * graph_.set_words() + 1; }
  std::size_t key_words() const noexcept { return graph_.set_words(); }
  void pack(const State& s, std::span<search::Word> out) const {
    std::copy(s.words().begin(), s.words().end(), out.begin());
  }
  void unpack(std::span<const search::Word> in, State& s) const { s.assign(in); }

 private:
  const ClusterGraph& graph_;
  std::uint32_t goal_cells_;
};

static_assert(search::Domain<ArticleDomain>);
static_assert(!search::HasLowerBound<ArticleDomain>);

// The articles' Dijkstra vertex cost (docs/algorithms.md), with `cleared` the
// cells cleared since the search root (their areaCount() counted the cells
// marked by the search, never the dead ones) and `depth` the moves since it:
//   cost = scale * depth - cleared,
//   minus (scale - 5) * depth once cleared > 590, or > 564 while the queue
//   holds over 4/5 of the commit bound (200000 of 250000).
// The 590 and 564 assume 600 cells; they scale with the board's cells
// (cleared / cells > 590 / 600 and 564 / 600), which keeps them exact on the
// articles' boards.
struct ArticleCost {
  std::int64_t scale = 25;
  std::uint32_t root_cleared = 0;  // cells cleared at the search root
  std::uint32_t cells = 600;       // the board's cells
  std::size_t crowded = 200000;    // queue size past which the 564 threshold applies

  std::int64_t operator()(const MarkerState& s, std::uint32_t depth, std::size_t open) const {
    const std::int64_t cleared = std::int64_t{s.cells_cleared()} - root_cleared;
    const std::int64_t d = depth;
    std::int64_t cost = scale * d - cleared;
    const std::int64_t n = cells;
    if (cleared * 600 > 590 * n || (open > crowded && cleared * 600 > 564 * n))
      cost -= (scale - 5) * d;
    return cost;
  }
};

struct DijkstraParams {
  std::int64_t scale = 25;
  // Commit and restart once the queue holds more than this many vertices
  // after a vertex was taken out (the articles' 250000).
  std::size_t queue = 250000;
  // Stop at the first vertex that has cleared half of the board's cells since
  // the root (300 on the articles' boards) instead of the whole board.
  bool half = false;
};

// One call of the articles' dijkstra(): a best-first search over move
// sequences from `state` on libsearch's BestFirstSearch (no duplicate
// detection, goal tested when a vertex is generated), that plays
//   - the moves of the first vertex that reaches the goal, or
//   - when the queue outgrows `params.queue`, the moves of the vertex just
//     taken out (the best open one), after which the caller calls again from
//     there: depth and cleared cells then count from the new root.
// The moves are applied to `state` and appended to `moves`. Returns false
// (and plays nothing) when `cancel` was raised. The workspace is kept from
// call to call, so a warm instance allocates nothing per vertex.
class ArticleDijkstra {
 public:
  bool run(const ClusterGraph& graph, MarkerState& state, std::vector<Color>& moves,
           const DijkstraParams& params, const std::atomic<bool>* cancel = nullptr);

  // Vertices expanded by every call so far.
  std::uint64_t expanded() const noexcept { return expanded_; }
  // Calls that ended by committing to a vertex short of the goal.
  std::uint64_t commits() const noexcept { return commits_; }
  // The search's workspace, kept from call to call (for BoardMemory).
  search::Workspace& workspace() noexcept { return workspace_; }
  // The memory limit of each call's search and a deadline (their cancel flag
  // is run()'s): a call stopped by either commits as to a full queue, and
  // past the deadline every call plays one greedy move. Default: 1 GiB, none.
  void set_limits(const search::Limits& limits) { limits_ = limits; }

 private:
  search::Workspace workspace_;
  search::Limits limits_;
  std::vector<Color> path_;
  std::uint64_t expanded_ = 0;
  std::uint64_t commits_ = 0;
};

// The moves of a game in progress.
struct GameInProgress {
  explicit GameInProgress(const ClusterGraph& g) : graph(g), state(g.initial_state()) {}

  bool over() const { return graph.is_cleared(state); }
  void play(Color c) {
    if (graph.apply(state, c).wasted()) throw std::logic_error("a solver chose a wasted move");
    moves.push_back(c);
  }
  void play(const std::vector<Color>& sequence) {
    for (const Color c : sequence)
      play(c);
  }

  const ClusterGraph& graph;
  MarkerState state;
  std::vector<Color> moves;
};

// Look-ahead moves until `count` moves have been played in all, or the end.
inline void look_ahead_until(GameInProgress& game, LookAhead& look_ahead, Metric metric,
                             unsigned depth, std::size_t count) {
  while (!game.over() && game.moves.size() < count)
    game.play(look_ahead.choose(game.graph, game.state, metric, depth));
}

// Look-ahead moves until the board is cleared.
inline void look_ahead_to_end(GameInProgress& game, LookAhead& look_ahead, Metric metric,
                              unsigned depth) {
  while (!game.over())
    game.play(look_ahead.choose(game.graph, game.state, metric, depth));
}

// The parameters the look-ahead phases and searches of bfs, dfs and the
// dijkstra family share, for a parameter struct P with these fields.
template <class P>
Param<P> look_ahead_depth_param() {
  return {&P::depth, "depth", 1, 8, "moves per look-ahead sequence (the articles' max_moves)"};
}

template <class P>
Param<P> prefix_param() {
  return {&P::prefix, "prefix", 0, 1000, "look-ahead moves played before the search takes over"};
}

}  // namespace colorwalk
