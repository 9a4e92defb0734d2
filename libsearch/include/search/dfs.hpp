// Iterative explicit-stack depth-first branch-and-bound.
//
// No recursion: the stack is a vector of frames (state, fixed-capacity move
// list, next move), grown only when the search goes deeper than ever, so a
// depth of 100,000 costs heap, not call stack, and a reused
// DepthFirstSearch allocates nothing once warm.
//
// It looks for the cheapest goal path under `bound`, tightening the bound
// at every goal found and pruning a child when g + lower_bound >= bound.
// Moves can be reordered per state by an ordering hook
// `order(const State&, std::uint32_t depth, MoveList&)`.
// Optional duplicate pruning keeps, per state, the smallest g seen, in a
// TranspositionTable on the Workspace; when the byte budget refuses to grow
// it, the search goes on without remembering more (it prunes less, never
// wrongly).
// It needs a StorableDomain; for a domain without pack/unpack the option
// is ignored and the workspace stays unused.
// It assumes g grows with depth (unit move costs, as every domain here has):
// with other costs and a max_depth, a state seen cheap but deep could hide
// a shallower, dearer path that max_depth would have let through.
//
// Status: kSolved when a goal was found: the path is optimal within
// max_depth when the tree was searched to the end, i.e. unless
// first_solution or an on_goal kStop ended the search at that goal;
// kExhausted when the tree was searched and holds no goal under the bound;
// kLimitReached or kCancelled otherwise, with `found` telling whether `path`
// holds the best so far.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

#include "search/domain.hpp"
#include "search/limits.hpp"
#include "search/result.hpp"
#include "search/transposition_table.hpp"
#include "search/visit.hpp"
#include "search/workspace.hpp"

namespace search {

struct DfsOptions {
  std::uint32_t max_depth = 1000;  // no path longer than this many moves is explored
  std::uint32_t bound = std::numeric_limits<std::uint32_t>::max();  // want cost < bound
  bool detect_duplicates = false;  // StorableDomain only (see above)
  bool first_solution = false;     // stop at the first goal found
};

// The default ordering hook: keep the domain's order.
struct KeepOrder {};

template <Domain D>
class DepthFirstSearch {
 public:
  using State = typename D::State;
  using Move = typename D::Move;

  DepthFirstSearch(const D& domain, Workspace& workspace) : domain_(domain), tt_(workspace) {}

  template <class Order = KeepOrder, class Visitor = NullVisitor>
  SearchResult<Move> search(const State& start, const Limits& limits, const DfsOptions& options,
                            Order&& order = {}, Visitor&& visitor = {}) {
    SearchResult<Move> result;
    search_into(start, limits, options, order, visitor, result);
    return result;
  }

  template <class Order, class Visitor>
  void search_into(const State& start, const Limits& limits, const DfsOptions& options,
                   Order& order, Visitor& visitor, SearchResult<Move>& result) {
    tt_.remember(false);
    if constexpr (StorableDomain<D>) {
      tt_.begin(domain_.packed_words(), key_words_of(domain_), limits.max_bytes);
      tt_.remember(options.detect_duplicates);
    }
    result.status = Status::kRunning;
    result.found = false;
    result.cost = 0;
    result.bound = 0;
    result.path.clear();
    Stats& stats = result.stats;
    stats = Stats{};
    if constexpr (StorableDomain<D>) stats.node_bytes = tt_.record_bytes();
    const LimitClock clock(limits);
    std::uint32_t best = options.bound;

    if (frames_.empty()) frames_.resize(1);
    frames_[0].state = start;
    frames_[0].g = 0;
    if (domain_.is_goal(start)) {
      result.status = best > 0 ? Status::kSolved : Status::kExhausted;
      result.found = best > 0;
      return;
    }
    if (!open_frame(0, order, visitor, clock, stats, result)) return finish(result);
    std::size_t depth = 0;
    while (true) {
      Frame& f = frames_[depth];
      if (f.next == f.moves.size()) {
        if (depth == 0) break;
        --depth;
        continue;
      }
      const Move m = f.moves[f.next++];
      if (depth + 1 == frames_.size()) frames_.resize(frames_.size() * 2);
      Frame& parent = frames_[depth];  // resize may have moved the frames
      Frame& child = frames_[depth + 1];
      child.state = parent.state;
      if (!domain_.apply(child.state, m)) continue;
      ++stats.generated;
      const std::uint32_t g = parent.g + edge_cost_of(domain_, parent.state, m);
      child.g = g;
      child.move_in = m;
      const Action act = detail::visit_generate(visitor, child.state, m, g);
      if (act == Action::kPrune) continue;
      if (act == Action::kStop) {
        result.status = Status::kCancelled;
        break;
      }
      if (domain_.is_goal(child.state)) {
        if (g < best) {
          best = g;
          result.found = true;
          result.cost = g;
          result.path.clear();
          for (std::size_t d = 1; d <= depth + 1; ++d)
            result.path.push_back(frames_[d].move_in);
          const Action goal_act = detail::visit_goal(visitor, child.state, g, Action::kContinue);
          if (options.first_solution || goal_act == Action::kStop) {
            result.status = Status::kSolved;
            break;
          }
        }
        continue;
      }
      if (std::uint64_t{g} + lower_bound_of(domain_, child.state) >= best) continue;
      if (depth + 1 >= options.max_depth) continue;
      if constexpr (StorableDomain<D>)
        if (tt_.remembering() && tt_.seen_cheaper(domain_, child.state, g, stats.duplicates))
          continue;
      if (!open_frame(depth + 1, order, visitor, clock, stats, result)) break;
      ++depth;
      stats.peak_frontier = std::max<std::uint64_t>(stats.peak_frontier, depth);
    }
    if (result.status == Status::kRunning)
      result.status = result.found ? Status::kSolved : Status::kExhausted;
    finish(result);
  }

 private:
  struct Frame {
    State state{};
    MoveListOf<D> moves;
    std::size_t next = 0;
    std::uint32_t g = 0;
    Move move_in{};
  };

  void finish(SearchResult<Move>& result) const {
    if constexpr (StorableDomain<D>) result.stats.peak_bytes = tt_.peak_bytes();
  }

  // Expands the frame at `depth`: its moves, in the hook's order.
  template <class Order, class Visitor>
  bool open_frame(std::size_t depth, Order& order, Visitor& visitor, const LimitClock& clock,
                  Stats& stats, SearchResult<Move>& result) {
    Frame& f = frames_[depth];
    const Status limit = clock.tick(stats.expanded);
    if (limit != Status::kRunning) {
      result.status = limit;
      return false;
    }
    const Action act = detail::visit_expand(visitor, f.state, f.g);
    if (act == Action::kStop) {
      result.status = Status::kCancelled;
      return false;
    }
    ++stats.expanded;
    f.moves.clear();
    f.next = 0;
    if (act == Action::kPrune) return true;
    domain_.moves(f.state, f.moves);
    if (depth > 0) filter_moves(domain_, f.state, f.move_in, f.moves);
    if constexpr (requires { order(f.state, std::uint32_t{0}, f.moves); })
      order(f.state, static_cast<std::uint32_t>(depth), f.moves);
    return true;
  }

  const D& domain_;
  TranspositionTable tt_;  // detect_duplicates
  std::vector<Frame> frames_;
};

// One-call DFS.
template <Domain D, class Order = KeepOrder, class Visitor = NullVisitor>
SearchResult<typename D::Move> depth_first(const D& domain, const typename D::State& start,
                                           Workspace& workspace, const Limits& limits,
                                           const DfsOptions& options, Order&& order = {},
                                           Visitor&& visitor = {}) {
  DepthFirstSearch<D> dfs(domain, workspace);
  return dfs.search(start, limits, options, order, visitor);
}

}  // namespace search
