// Weighted A* (Pohl 1970) and its anytime form (Hansen and Zhou 2007), on
// the pooled best-first search of best_first.hpp.
//
// Nodes are expanded by g + w·h (w >= 1, ties to the deeper node). With an
// admissible h, and closed nodes reopened when reached more cheaply (as
// BestFirstSearch does), the first goal expanded costs at most w times the
// optimum. The search also proves a lower bound: the smallest f = g + h
// among the nodes still open, because some open node lies on an optimal
// path at its optimal g. `bound` in the result is the smaller of that and
// the answer's cost; answer cost <= w · bound, and bound == cost proves the
// answer optimal.
//
// Anytime (options.anytime): a goal does not end the search. It becomes the
// incumbent, is reported through the visitor's on_improvement hook (and
// on_goal), and the search goes on, dropping every node whose g + h cannot
// beat the incumbent, when it is generated and again when it is taken off
// the queue. It ends when nothing is left open, which proves the incumbent
// optimal (kSolved, bound == cost), or when a limit stops it (kLimitReached,
// found with the best answer so far and the bound proven then). With w = 1
// the first answer is already optimal.
//
// The weight is used in steps of 1/256, rounded down (so the factor
// guaranteed is never more than the one asked): the key is
// f_key(256·g + W·h, g) with W = floor(256·w), and must stay below 2^31,
// which holds while g + w·h < 8 million. A weight below 1 counts as 1.
//
// Stats: as best-first's (expanded, generated, duplicates, pruned: nodes
// dropped as unable to beat the incumbent or options.bound, peak_frontier,
// peak_bytes, node_bytes), improvements = answers found.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <limits>
#include <span>
#include <utility>
#include <vector>

#include "search/best_first.hpp"
#include "search/domain.hpp"
#include "search/heuristic.hpp"
#include "search/limits.hpp"
#include "search/result.hpp"
#include "search/visit.hpp"
#include "search/workspace.hpp"

namespace search {

struct WeightedAStarOptions {
  double weight = 1.0;   // w: the answer costs at most w times the optimum
  bool anytime = false;  // go on improving the answer until proven optimal or stopped
  std::uint64_t bound = std::numeric_limits<std::uint64_t>::max();  // want cost < bound
  // BestFirstOptions::expand_best_child_directly: the same expansions, faster.
  bool expand_best_child_directly = true;
};

// The weight as used, in 1/256ths (see above).
inline std::int64_t weight_units(double weight) noexcept {
  if (!(weight >= 1.0)) return 256;
  if (weight >= 65536.0) return std::int64_t{1} << 24;
  return static_cast<std::int64_t>(std::floor(weight * 256.0));
}

template <StorableDomain D, class Heuristic = DomainLowerBound>
class WeightedAStar {
 public:
  using State = typename D::State;
  using Move = typename D::Move;

  WeightedAStar(const D& domain, Workspace& workspace, Heuristic heuristic = {})
      : domain_(domain), ws_(workspace), heuristic_(std::move(heuristic)) {}

  template <class Visitor = NullVisitor>
  SearchResult<Move> search(const State& start, const Limits& limits,
                            const WeightedAStarOptions& options = {}, Visitor&& visitor = {}) {
    using V = std::remove_reference_t<Visitor>;
    weight_ = weight_units(options.weight);
    upper_ = options.bound;
    Cost cost{this};
    BestFirstSearch<D, Cost, V> search(
        domain_, ws_, cost, visitor,
        {.detect_duplicates = true,
         .goal_on_generation = false,
         .expand_best_child_directly = options.expand_best_child_directly,
         .reprice_on_expand = options.anytime});
    SearchResult<Move> result;
    std::uint64_t improvements = 0;
    search.start(start, limits);
    if (search.status() == Status::kLimitReached) {  // no room for the start itself
      result.status = Status::kLimitReached;
      result.stats = search.stats();
      const std::uint32_t h = detail::estimate(domain_, heuristic_, start, cap_of(upper_));
      result.bound = std::min<std::uint64_t>(upper_, h);
      return result;
    }
    Status status = search.run();
    while (status == Status::kSolved) {
      result.found = true;
      search.path_to(search.goal(), result.path);
      result.cost = path_cost(start, result.path);
      if (!options.anytime) break;
      ++improvements;
      upper_ = result.cost;  // from now on only cheaper answers count
      if constexpr (detail::wants_improvements<V, Move>()) {
        Stats so_far = search.stats();
        so_far.improvements = improvements;
        const Improvement<Move> answer{result.cost, open_bound(search, upper_, limits),
                                       std::span<const Move>(result.path), so_far};
        if (visitor.on_improvement(answer) == Action::kStop) {
          status = Status::kCancelled;
          break;
        }
      }
      search.resume();
      status = search.run();
    }
    result.stats = search.stats();
    result.stats.improvements = improvements;
    switch (status) {
      case Status::kSolved:  // weighted A*'s answer
        result.status = Status::kSolved;
        result.bound = open_bound(search, result.cost, limits);
        break;
      case Status::kExhausted:  // nothing left that could beat upper_
        result.status = result.found ? Status::kSolved : Status::kExhausted;
        result.bound = upper_;
        break;
      default:  // a limit, or a visitor's kStop
        result.status = status;
        result.bound = open_bound(search, upper_, limits);
        break;
    }
    return result;
  }

 private:
  // The key of a node: f_key(256·g + W·h, g), or kPruneKey when g + h
  // cannot beat upper_ (the incumbent, or options.bound).
  struct Cost {
    WeightedAStar* self;
    std::int64_t operator()(const State& s, std::uint32_t g) const {
      if (g >= self->upper_) return kPruneKey;
      const std::uint64_t room = self->upper_ - g;  // h must stay below this
      const std::uint32_t h = detail::estimate(self->domain_, self->heuristic_, s, cap_of(room));
      if (h >= room) return kPruneKey;
      const std::int64_t weighted = 256 * std::int64_t{g} + self->weight_ * std::int64_t{h};
      return f_key(std::min(weighted, kMaxWeighted), g);
    }
  };
  static constexpr std::int64_t kMaxWeighted = (std::int64_t{1} << 31) - 1;

  static std::uint32_t cap_of(std::uint64_t room) {
    return static_cast<std::uint32_t>(std::min<std::uint64_t>(room, ~std::uint32_t{0}));
  }

  // The cost of `path` from `start`. The goal's g can be above it: a node
  // reopened on a cheaper path passes its new parents on to the nodes below
  // it, whose g were not lowered.
  std::uint64_t path_cost(const State& start, std::span<const Move> path) {
    probe_ = start;
    std::uint64_t cost = 0;
    for (const Move m : path) {
      cost += edge_cost_of(domain_, probe_, m);
      domain_.apply(probe_, m);
    }
    return cost;
  }

  // The smallest g + h over the open nodes, or `upper` if none is smaller.
  // Past the deadline, or once cancelled, the nodes not scored yet count by
  // their g alone (h >= 0, so still a lower bound, if a weaker one): a
  // search stopped by its time limit does not overrun it by scoring a large
  // open list.
  template <class Search>
  std::uint64_t open_bound(const Search& search, std::uint64_t upper, const Limits& limits) {
    std::uint64_t best = upper;
    std::uint32_t countdown = 0;
    bool out_of_time = false;
    search.for_each_open([&](NodeId id) {
      const std::uint64_t g = search.g(id);
      if (g >= best) return;
      if (!out_of_time && countdown-- == 0) {
        countdown = limits.poll_interval;
        out_of_time = (limits.deadline && std::chrono::steady_clock::now() >= *limits.deadline) ||
                      (limits.cancel != nullptr && limits.cancel->load(std::memory_order_relaxed));
      }
      if (out_of_time) {
        best = g;
        return;
      }
      search.state_of(id, probe_);
      best = std::min(best, g + detail::estimate(domain_, heuristic_, probe_, cap_of(best - g)));
    });
    return best;
  }

  const D& domain_;
  Workspace& ws_;
  Heuristic heuristic_;
  std::int64_t weight_ = 256;
  std::uint64_t upper_ = std::numeric_limits<std::uint64_t>::max();
  State probe_{};
};

// One-call weighted A* (options.anytime: anytime weighted A*) with the
// domain's lower bound.
template <StorableDomain D, class Visitor = NullVisitor>
SearchResult<typename D::Move> weighted_astar(const D& domain, const typename D::State& start,
                                              Workspace& workspace, const Limits& limits,
                                              const WeightedAStarOptions& options = {},
                                              Visitor&& visitor = {}) {
  WeightedAStar<D> search(domain, workspace);
  return search.search(start, limits, options, visitor);
}

}  // namespace search
