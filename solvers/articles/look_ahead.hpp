// The articles' move metrics and their greedy look-ahead (parts 4 to 7 of
// "Explore Simple Game Algorithms with Color Walk"), shared by every greedy
// and look-ahead solver and by the hybrids that pre-run a look-ahead.
//
// A look-ahead from a state S scores a sequence of moves by a metric of the
// set M of clusters the sequence clears (everything absorbed since S):
//   area       the cells of M (the articles' areaCount);
//   perimeter  the cell edges between M and the clusters still uncleared
//              after the sequence, or the area when there are none
//              (perimeterCount, which falls back to areaCount at 0);
//   path ratio perimeter / area (ratioCalc, the deep-path metric).
// Edges between M and the region S started with are not perimeter: they lie
// inside the region once M is cleared.
//
// The search is the articles' greedyLookAhead as fixed in part 7: a sequence
// has `depth` moves, never the same colour twice in a row; a branch stops
// early where a move clears nothing new, and is then worth the metric of the
// sequence before that move (a repeated colour is worth 0). A first move
// that clears nothing is worth 0. The first move of the best sequence is
// played; ties go to the lowest colour (the articles' _.max keeps the first
// maximum). Depth 1 is the plain greedy choice under the metric.
//
// The legacy look-ahead is the articles' code before that fix, with which
// their look-ahead rows were measured: every colour was tried at every level
// after the first, and a move that cleared nothing did not end the branch,
// so repeated and wasted moves acted as passes. Its value is the best metric
// over every state within `depth` moves, stopping early included. For the
// area metric (which never shrinks) both choose the same moves; for the
// others the legacy search may prefer a sequence that stops early.
//
// Metric values are doubles, as in the articles' JavaScript, so the ratio
// and its ties come out the same.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "game/cluster_graph.hpp"
#include "search/limits.hpp"

namespace colorwalk {

enum class Metric : std::uint8_t { kArea, kPerimeter, kPathRatio };

// The value of a cleared set of `area` cells whose boundary with the
// uncleared cells has `perimeter` cell edges.
double metric_value(Metric metric, std::uint32_t area, std::uint32_t perimeter) noexcept;

// One metric for the first `early_moves` moves of a game, another after
// them (the articles' hybrids: moves >= 20 ? areaCount() : perimeterCount()).
struct MetricSchedule {
  Metric early = Metric::kArea;
  std::uint32_t early_moves = 0;
  Metric late = Metric::kArea;

  static MetricSchedule only(Metric m) noexcept { return {m, 0, m}; }
  Metric at(std::size_t moves_played) const noexcept {
    return moves_played < early_moves ? early : late;
  }
};

// A reusable look-ahead workspace: per-depth states are kept between calls,
// so choosing a move allocates nothing once the workspace has seen a board
// of the same size and the same depth.
//
// Limits (set_limits): a deadline and a cancellation flag, looked at once
// per choice and every `poll_interval` states expanded. Once either trips,
// the choice being made and every later one, until set_limits() is called
// again, is the greedy move (greedy_move.hpp: the area metric at depth 1,
// whatever the metric), which expands nothing and is the cheapest choice
// there is; stopped() then says so. A look-ahead whose limits do not trip
// chooses and expands exactly as it would without them.
class LookAhead {
 public:
  // `state` must not be cleared; depth >= 1.
  Color choose(const ClusterGraph& graph, const MarkerState& state, Metric metric, unsigned depth,
               bool legacy = false);

  // States expanded (moves applied) by all choose() calls so far.
  std::uint64_t expanded() const noexcept { return expanded_; }

  // The deadline, cancellation flag and poll interval of `limits` (its other
  // limits are not used) for the choices from now on; clears stopped().
  void set_limits(const search::Limits& limits);
  // No limits from now on; clears stopped().
  void clear_limits() noexcept;
  // A limit tripped: choices are greedy moves until the limits are set again.
  bool stopped() const noexcept { return stopped_; }
  // The cancellation flag of the limits is raised.
  bool cancelled() const noexcept {
    return limits_.cancel != nullptr && limits_.cancel->load(std::memory_order_relaxed);
  }

 private:
  struct Gains {
    std::array<std::uint32_t, kMaxColors> cells;
    std::array<std::int32_t, kMaxColors> perimeter;  // change of the perimeter
  };

  void gains(std::size_t level, Gains& out) const noexcept;
  double value(std::size_t level, Color previous);
  // Counts one state expanded; true when the limits have tripped (now or before).
  bool expand_one();
  // Looks at the limits now; true (and stopped_) when one has tripped.
  bool limits_tripped();
  Color best_first_move(const Gains& g, const MarkerState& state, unsigned depth);

  const ClusterGraph* graph_ = nullptr;
  Metric metric_ = Metric::kArea;
  unsigned depth_ = 1;
  bool legacy_ = false;
  std::vector<MarkerState::Word> root_absorbed_;
  std::vector<MarkerState> states_;       // states_[k]: after k moves of the sequence
  std::vector<std::uint32_t> area_;       // cells cleared by the first k moves
  std::vector<std::uint32_t> perimeter_;  // their perimeter
  std::uint64_t expanded_ = 0;
  search::Limits limits_;
  bool limited_ = false;         // limits_ has a deadline or a cancellation flag
  std::uint32_t countdown_ = 0;  // expansions until the next look at the limits
  bool stopped_ = false;
};

// Plays look-ahead choices from the initial state until the board is
// cleared (`depth` 1 with the area metric is the articles' greedy), or
// until the look-ahead's cancellation flag is raised (then the moves so
// far, which do not clear the board).
std::vector<Color> play_look_ahead(const ClusterGraph& graph, LookAhead& look_ahead,
                                   const MetricSchedule& schedule, unsigned depth,
                                   bool legacy = false);

}  // namespace colorwalk
