#include "articles/look_ahead.hpp"

#include <algorithm>
#include <cassert>
#include <chrono>
#include <stdexcept>

#include "game/greedy_move.hpp"

namespace colorwalk {

double metric_value(Metric metric, std::uint32_t area, std::uint32_t perimeter) noexcept {
  // perimeterCount(): `if (count === 0) return areaCount();`
  const std::uint32_t boundary = perimeter == 0 ? area : perimeter;
  switch (metric) {
    case Metric::kArea:
      return area;
    case Metric::kPerimeter:
      return boundary;
    case Metric::kPathRatio:
      // ratioCalc(): `if (area === 0) return area; return perimeterCount() / area;`
      return area == 0 ? 0.0 : static_cast<double>(boundary) / static_cast<double>(area);
  }
  return 0;
}

// What each colour would add to the sequence at `level`, in one pass over
// the frontier. A frontier cluster x of colour c joins M; each edge from x to
// an uncleared cluster becomes perimeter, and each edge from x to a cluster
// already in M stops being perimeter (it is inside the cleared set now).
// Clusters of c are never adjacent to each other, so x's neighbours are
// unaffected by the rest of the move.
void LookAhead::gains(std::size_t level, Gains& out) const noexcept {
  const ClusterGraph& g = *graph_;
  const MarkerState& s = states_[level];
  const std::uint32_t colors = g.colors();
  std::fill(out.cells.begin(), out.cells.begin() + colors, 0u);
  std::fill(out.perimeter.begin(), out.perimeter.begin() + colors, 0);
  const bool perimeter = metric_ != Metric::kArea;
  const auto absorbed = s.absorbed();
  const std::span<const MarkerState::Word> root(root_absorbed_);
  search::bits::for_each_set(s.frontier(), [&](std::size_t i) {
    const auto x = static_cast<ClusterId>(i);
    const Color c = g.color(x);
    out.cells[c] += g.size(x);
    if (!perimeter) return;
    const auto neighbors = g.neighbors(x);
    const auto edges = g.neighbor_edges(x);
    std::int32_t delta = 0;
    for (std::size_t k = 0; k < neighbors.size(); ++k) {
      const ClusterId y = neighbors[k];
      const auto w = static_cast<std::int32_t>(edges[k]);
      if (!search::bits::test(absorbed, y))
        delta += w;
      else if (!search::bits::test(root, y))
        delta -= w;
    }
    out.perimeter[c] += delta;
  });
}

// The articles' greedyLookAheadN(move, prev_control, prev_matches), fixed
// as in part 7: the best metric over the continuations of the sequence held
// at `level` (level >= 1 moves made, the last one `previous`).
//
// Before the fix every colour was tried and a move that cleared nothing did
// not end the branch: the sequence went on from the same state, a pass.
// Passes commute with moves, so that search is worth the best metric over
// every state within reach in at most `depth` moves; here that is the
// repeated colour (always a pass) being worth the metric of the sequence so
// far, `here`, and nothing else changes.
double LookAhead::value(std::size_t level, Color previous) {
  Gains g;
  gains(level, g);
  const double here = metric_value(metric_, area_[level], perimeter_[level]);
  const bool last = level + 1 == depth_;
  // `if (control === prev_control) return 0;` after the fix.
  double best = legacy_ ? here : 0;
  for (Color c = 0; c < graph_->colors(); ++c) {
    if (c == previous) continue;
    double v;
    if (g.cells[c] == 0) {
      v = here;  // clears nothing new: the branch ends with what it has
    } else {
      const std::uint32_t area = area_[level] + g.cells[c];
      const auto perimeter =
          static_cast<std::uint32_t>(static_cast<std::int64_t>(perimeter_[level]) + g.perimeter[c]);
      if (last) {
        v = metric_value(metric_, area, perimeter);
      } else {
        if (expand_one()) return best;  // abandoned: the caller plays the greedy move
        states_[level + 1] = states_[level];
        graph_->apply(states_[level + 1], c);
        area_[level + 1] = area;
        perimeter_[level + 1] = perimeter;
        v = value(level + 1, c);
      }
    }
    if (v > best) best = v;
  }
  return best;
}

bool LookAhead::expand_one() {
  if (stopped_) return true;
  if (limited_ && --countdown_ == 0) {
    countdown_ = limits_.poll_interval;
    if (limits_tripped()) return true;
  }
  ++expanded_;
  return false;
}

bool LookAhead::limits_tripped() {
  if ((limits_.cancel != nullptr && limits_.cancel->load(std::memory_order_relaxed)) ||
      (limits_.deadline && std::chrono::steady_clock::now() >= *limits_.deadline))
    stopped_ = true;
  return stopped_;
}

void LookAhead::set_limits(const search::Limits& limits) {
  limits_ = limits;
  limits_.poll_interval = std::max<std::uint32_t>(limits.poll_interval, 1);
  limited_ = limits_.deadline.has_value() || limits_.cancel != nullptr;
  countdown_ = 1;  // look at once: a limit may have passed before the first choice
  stopped_ = false;
}

void LookAhead::clear_limits() noexcept {
  limits_ = search::Limits{};
  limited_ = false;
  stopped_ = false;
}

// The first move of the best sequence of `depth` moves; with the limits
// tripped during the search, the greedy move.
Color LookAhead::best_first_move(const Gains& g, const MarkerState& state, unsigned depth) {
  Color best = 0;
  double best_value = -1;
  for (Color c = 0; c < graph_->colors(); ++c) {
    double v = 0;  // `if (matches === 0) return 0;`
    if (g.cells[c] != 0) {
      const std::uint32_t area = g.cells[c];
      const auto perimeter = static_cast<std::uint32_t>(g.perimeter[c]);
      if (depth == 1) {
        v = metric_value(metric_, area, perimeter);
      } else {
        if (expand_one()) return greedy_move(*graph_, state);
        states_[1] = state;
        graph_->apply(states_[1], c);
        area_[1] = area;
        perimeter_[1] = perimeter;
        v = value(1, c);
        if (stopped_) return greedy_move(*graph_, state);
      }
    }
    if (v > best_value) {  // strict: ties keep the lowest colour
      best_value = v;
      best = c;
    }
  }
  return best;
}

Color LookAhead::choose(const ClusterGraph& graph, const MarkerState& state, Metric metric,
                        unsigned depth, bool legacy) {
  assert(depth >= 1 && !graph.is_cleared(state));
  // Once per choice, whatever the depth: the limits end a game of
  // depth-1 choices under a slow metric too (deep-path on a large board).
  // Before the state is copied below: once stopped, a move costs what
  // greedy's does, the copies on a large board being a large share of it.
  if (stopped_ || (limited_ && limits_tripped())) return greedy_move(graph, state);
  graph_ = &graph;
  metric_ = metric;
  depth_ = depth;
  legacy_ = legacy;
  if (states_.size() < depth) {
    states_.resize(depth);
    area_.resize(depth);
    perimeter_.resize(depth);
  }
  states_[0] = state;
  area_[0] = 0;
  perimeter_[0] = 0;
  const auto absorbed = state.absorbed();
  root_absorbed_.assign(absorbed.begin(), absorbed.end());

  Gains g;
  gains(0, g);
  return best_first_move(g, state, depth);
}

std::vector<Color> play_look_ahead(const ClusterGraph& graph, LookAhead& look_ahead,
                                   const MetricSchedule& schedule, unsigned depth, bool legacy) {
  std::vector<Color> moves;
  MarkerState state = graph.initial_state();
  while (!graph.is_cleared(state) && !look_ahead.cancelled()) {
    const Color c = look_ahead.choose(graph, state, schedule.at(moves.size()), depth, legacy);
    // Every move that clears something is worth more than 0, so the choice
    // is never wasted; the check guards the loop against a broken metric.
    if (graph.apply(state, c).wasted()) throw std::logic_error("look-ahead chose a wasted move");
    moves.push_back(c);
  }
  return moves;
}

}  // namespace colorwalk
