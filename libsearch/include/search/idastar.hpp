// IDA* (Korf 1985): iterative deepening on f = g + h. Each iteration is a
// depth-first search that prunes every child whose f exceeds the
// threshold; the next threshold is the smallest f pruned. With an
// admissible heuristic the first goal found is optimal, and memory is the
// stack alone: one frame (state, move list, next move) per depth, on the
// heap, grown only when the search goes deeper than ever. No recursion.
//
// Options:
// - bound: look only for goal paths cheaper than this (a known answer's
//   cost); the search ends kExhausted once the threshold reaches it.
// - transposition_table: remember within an iteration the smallest g at
//   which each state was reached (a TranspositionTable on the Workspace,
//   under limits.max_bytes) and prune a state reached again at no smaller g.
//   The table is emptied at each iteration (a larger threshold must search
//   below the same states again). When the byte budget refuses to grow it,
//   the iteration goes on without remembering more (it prunes less, never
//   wrongly). It needs a StorableDomain and is ignored otherwise.
// Edge costs must be positive (zero-cost cycles would loop without the
// table). The domain's keep_move() hook is asked with the move of each frame.
//
// Result: kSolved with the optimal path; kExhausted when no goal path is
// cheaper than `bound` (or none exists); kLimitReached or kCancelled (a
// visitor's kStop) otherwise. `bound` in the result is the threshold
// reached: no goal path costs less (equal to the cost once solved).
// Stats: expanded = frames opened (states whose moves were listed),
// generated = children made, pruned = children above the threshold,
// duplicates = children the table pruned, peak_frontier = deepest stack,
// iterations = iterations started; all summed over the iterations.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <utility>
#include <vector>

#include "search/domain.hpp"
#include "search/heuristic.hpp"
#include "search/limits.hpp"
#include "search/progress.hpp"
#include "search/result.hpp"
#include "search/transposition_table.hpp"
#include "search/visit.hpp"
#include "search/workspace.hpp"

namespace search {

struct IdaStarOptions {
  std::uint64_t bound = std::numeric_limits<std::uint64_t>::max();  // want cost < bound
  bool transposition_table = false;  // StorableDomain only (see above)
};

template <Domain D, class Heuristic = DomainLowerBound>
class IdaStar {
 public:
  using State = typename D::State;
  using Move = typename D::Move;

  IdaStar(const D& domain, Workspace& workspace, Heuristic heuristic = {})
      : domain_(domain), tt_(workspace), heuristic_(std::move(heuristic)) {}

  template <class Visitor = NullVisitor>
  SearchResult<Move> search(const State& start, const Limits& limits,
                            const IdaStarOptions& options = {}, Visitor&& visitor = {}) {
    SearchResult<Move> result;
    search_into(start, limits, options, visitor, result);
    return result;
  }

  // As search(), writing into `result` (its path keeps its capacity).
  template <class Visitor>
  void search_into(const State& start, const Limits& limits, const IdaStarOptions& options,
                   Visitor& visitor, SearchResult<Move>& result) {
    table_ = false;
    if constexpr (StorableDomain<D>) {
      if (options.transposition_table) {
        tt_.begin(domain_.packed_words(), key_words_of(domain_), limits.max_bytes);
        table_ = true;
      }
    }
    result.status = Status::kRunning;
    result.found = false;
    result.cost = 0;
    result.bound = 0;
    result.path.clear();
    Stats& stats = result.stats;
    stats = Stats{};
    stats.node_bytes = table_ ? tt_.record_bytes() : 0;
    const LimitClock clock(limits);
    max_expansions_ = limits.max_expansions;
    poll_interval_ = limits.poll_interval;
    publisher_.start(limits.progress);
    if (frames_.empty()) frames_.resize(64);
    frames_[0].state = start;
    frames_[0].g = 0;

    std::uint64_t threshold =
        detail::estimate(domain_, heuristic_, start, std::numeric_limits<std::uint32_t>::max());
    if (domain_.is_goal(start)) {
      result.found = options.bound > 0;
      result.status = result.found ? Status::kSolved : Status::kExhausted;
      return finish(result);
    }
    while (true) {
      result.bound = threshold;
      if (threshold >= options.bound) {
        result.status = Status::kExhausted;
        break;
      }
      // Every f below the threshold was searched: it is a proven bound.
      publish(stats);
      publisher_.raise_lower_bound(threshold);
      ++stats.iterations;
      if (detail::visit_iteration(visitor, threshold, stats) == Action::kStop) {
        result.status = Status::kCancelled;
        break;
      }
      if (table_) {
        tt_.clear();
        tt_.remember(true);
      }
      const std::uint64_t next = iterate(threshold, clock, visitor, result);
      if (result.status != Status::kRunning) break;
      if (next == kNone) {  // nothing was pruned: the whole space holds no goal
        result.status = Status::kExhausted;
        result.bound = kNone;
        break;
      }
      threshold = next;
    }
    finish(result);
    publish(stats);
  }

 private:
  static constexpr std::uint64_t kNone = std::numeric_limits<std::uint64_t>::max();

  static constexpr bool kLocalChild = std::is_trivially_copyable_v<State>;

  struct Frame {
    State state{};
    MoveListOf<D> moves;
    std::size_t next = 0;
    std::uint32_t g = 0;
    Move move_in{};
  };

  void finish(SearchResult<Move>& result) const {
    if (table_) result.stats.peak_bytes = tt_.peak_bytes();
  }

  // The counters of one iteration, kept in locals while it runs: stored
  // through a reference, they would be reloaded after every write to a
  // state (which may alias them), a measurable share of a fast domain's
  // time per node.
  struct Counters {
    std::uint64_t expanded;
    std::uint64_t generated = 0;
    std::uint64_t pruned = 0;
    std::uint64_t duplicates = 0;
    std::uint64_t deepest;
    std::uint64_t next = kNone;  // the smallest f above the threshold
    std::uint64_t check_at;      // the expansion count at which to consult the clock
  };

  // One depth-first iteration under `threshold`. Returns the smallest f
  // above it (kNone if none); sets result.status when a goal, a limit or a
  // visitor ends the search.
  template <class Visitor>
  std::uint64_t iterate(std::uint64_t threshold, const LimitClock& clock, Visitor& visitor,
                        SearchResult<Move>& result) {
    Counters c{.expanded = result.stats.expanded,
               .deepest = result.stats.peak_frontier,
               .check_at = result.stats.expanded};
    iterate_with(threshold, clock, visitor, result, c);
    Stats& stats = result.stats;
    stats.expanded = c.expanded;
    stats.generated += c.generated;
    stats.pruned += c.pruned;
    stats.duplicates += c.duplicates;
    stats.peak_frontier = c.deepest;
    return c.next;
  }

  template <class Visitor>
  void iterate_with(std::uint64_t threshold, const LimitClock& clock, Visitor& visitor,
                    SearchResult<Move>& result, Counters& c) {
    if (!open_frame(0, clock, visitor, result, c)) return;
    // Frames by pointer, taken again when open_frame grows the stack: read
    // through the vector, it would be reloaded after every write to a state.
    Frame* frames = frames_.data();
    [[maybe_unused]] State local{};
    std::size_t depth = 0;
    while (true) {
      Frame& parent = frames[depth];
      if (parent.next == parent.moves.size()) {
        if (depth == 0) return;
        --depth;
        continue;
      }
      Frame& child = frames[depth + 1];  // open_frame made sure it exists
      const Move m = parent.moves[parent.next++];
      if constexpr (HasMoveFilter<D>)
        if (depth > 0 && !domain_.keep_move(parent.state, parent.move_in, m)) continue;
      // The child is made in a local when its state is trivially copyable
      // (the compiler keeps it in registers, and stores it in the frame only
      // if it is within the threshold), otherwise in the frame itself (a
      // state that owns memory is copied into storage it already has).
      State* made;
      if constexpr (kLocalChild) {
        local = parent.state;
        made = &local;
      } else {
        child.state = parent.state;
        made = &child.state;
      }
      if (!domain_.apply(*made, m)) continue;
      ++c.generated;
      const std::uint64_t g = std::uint64_t{parent.g} + edge_cost_of(domain_, parent.state, m);
      const Action act = detail::visit_generate(visitor, *made, m, static_cast<std::uint32_t>(g));
      if (act == Action::kPrune) continue;
      if (act == Action::kStop) {
        result.status = Status::kCancelled;
        return;
      }
      const std::uint32_t cap = g > threshold ? 1 : capped(threshold - g + 1);
      const std::uint64_t f = g + detail::estimate(domain_, heuristic_, *made, cap);
      if (f > threshold) {
        ++c.pruned;
        c.next = std::min(c.next, f);
        continue;
      }
      if constexpr (kLocalChild) child.state = local;
      child.g = static_cast<std::uint32_t>(g);
      child.move_in = m;
      if (domain_.is_goal(child.state)) {
        result.found = true;
        result.cost = g;
        result.bound = g;
        result.status = Status::kSolved;
        result.path.clear();
        for (std::size_t d = 1; d <= depth + 1; ++d)
          result.path.push_back(frames_[d].move_in);
        detail::visit_goal(visitor, child.state, child.g, Action::kStop);
        return;
      }
      if constexpr (StorableDomain<D>)
        if (tt_.remembering() && tt_.seen_cheaper(domain_, child.state, child.g, c.duplicates))
          continue;
      if (!open_frame(depth + 1, clock, visitor, result, c)) return;
      frames = frames_.data();
      ++depth;
      c.deepest = std::max<std::uint64_t>(c.deepest, depth);
    }
  }

  static std::uint32_t capped(std::uint64_t cap) {
    return static_cast<std::uint32_t>(std::min<std::uint64_t>(cap, ~std::uint32_t{0}));
  }

  // Lists the moves of the frame at `depth` and makes sure the frame below
  // it exists; false when a limit or the visitor stops the search
  // (result.status says which).
  template <class Visitor>
  bool open_frame(std::size_t depth, const LimitClock& clock, Visitor& visitor,
                  SearchResult<Move>& result, Counters& c) {
    // The clock says nothing new between its polls and the expansion limit.
    if (c.expanded >= c.check_at) {
      const Status limit = clock.tick(c.expanded, [&] {
        Stats now = result.stats;
        now.expanded = c.expanded;
        now.generated += c.generated;
        now.pruned += c.pruned;
        publish(now);
      });
      if (limit != Status::kRunning) {
        result.status = limit;
        return false;
      }
      c.check_at = max_expansions_;
      if (poll_interval_ != 0)
        c.check_at = std::min(c.check_at, (c.expanded / poll_interval_ + 1) * poll_interval_);
    }
    if (depth + 1 == frames_.size()) frames_.resize(frames_.size() * 2);
    Frame& f = frames_[depth];
    const Action act = detail::visit_expand(visitor, f.state, f.g);
    if (act == Action::kStop) {
      result.status = Status::kCancelled;
      return false;
    }
    ++c.expanded;
    f.moves.clear();
    f.next = 0;
    if (act == Action::kPrune) return true;
    domain_.moves(f.state, f.moves);
    return true;
  }

  const D& domain_;
  TranspositionTable tt_;  // remembering while it still grows in this iteration
  Heuristic heuristic_;
  std::vector<Frame> frames_;
  std::uint64_t max_expansions_ = 0;  // of the search's limits
  std::uint64_t poll_interval_ = 0;
  ProgressPublisher publisher_;  // Limits::progress

  // Publishes counts (and the table's bytes) to Limits::progress.
  void publish(const Stats& stats) {
    if (publisher_) publisher_.publish(stats, table_ ? tt_.peak_bytes() : 0);
  }
  bool table_ = false;  // the transposition table is on for this search
};

// One-call IDA* with the domain's lower bound.
template <Domain D, class Visitor = NullVisitor>
SearchResult<typename D::Move> ida_star(const D& domain, const typename D::State& start,
                                        Workspace& workspace, const Limits& limits,
                                        const IdaStarOptions& options = {},
                                        Visitor&& visitor = {}) {
  IdaStar<D> search(domain, workspace);
  return search.search(start, limits, options, visitor);
}

}  // namespace search
