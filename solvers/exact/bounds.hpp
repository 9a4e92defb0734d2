// Admissible lower bounds on the moves still needed to clear a board and
// the rules that prune moves, for exact and bounded solvers; ExactBound,
// at the end, is the strongest of the bounds as one object.
//
// colors_left: every move removes at most one colour from the clusters
//   outside the region, so the number of colours left is a lower bound.
// distance_bound: with d(x) the distance of a remaining cluster x from the
//   region in the cluster graph, clusters at distance >= d are untouched by
//   the first d-1 moves (a move absorbs only clusters adjacent to the
//   region), and afterwards every colour among them still needs a move of
//   its own. So max over d >= 1 of (d - 1 + colours among clusters at
//   distance >= d) is a lower bound; d = 1 gives colors_left, the largest d
//   gives the eccentricity.
// elimination_bound: a relaxed game played out. When some colours have all
//   their remaining clusters within the region or its frontier, each is
//   eliminated by one move, which is optimal (dominance): count them, absorb
//   their frontier clusters and open those clusters' neighbours. Otherwise
//   every real move absorbs part of the frontier, and since a larger region
//   never needs more moves, a colour-blind move that absorbs the whole
//   frontier is at least as good: count one and absorb it. The count when at
//   most one colour is left (plus one if one is) is a lower bound. (The idea
//   of the floodit program by Aaron and Simon Puchert.)
// completion_bound: the elimination bound, raised when the relaxed game
//   starts too early. Every remaining colour's last move takes all its
//   remaining clusters, so before it they all lie in the region or on its
//   frontier ("complete"). With e the fewest moves after which some colour
//   is complete, the first e moves are not the last of their colour, so
//   the relaxed game above may begin with e colour-blind rounds, which can
//   only raise its count. The relaxed game itself begins with k rounds,
//   k + 1 the distance within which some colour first lies wholly, so
//   e >= k. Rise r (1 <= r <= max_rise) tests e >= k + r: whether some
//   colour (one within distance k + r) can be complete after k + r - 1
//   moves, by a walk over the real move sequences that keeps every one of
//   its clusters within reach of the region in time (a cluster at distance
//   d has d - 1 steps to make, and each move makes at most one; distances
//   between clusters from ClusterBalls), and checks completeness on the
//   real sets; exact, see CompletionTest in bounds.cpp. Where it cannot,
//   the relaxed game starts with k + r colour-blind rounds. Graphs of more
//   than 1024 clusters, or an empty ClusterBalls, get the elimination
//   bound. (Its effect on A*: docs/lab-notes.md.)
// dominant_move: a colour all of whose remaining clusters touch the region.
//   Playing it now is part of some optimal continuation (it must be played
//   at some point, clears the colour for good, and only enlarges the region
//   for every later move), so a search may take it as the only child.
// neutral_moves: colours whose move adds no new cluster to the frontier
//   (everything it absorbs touches only the region and the frontier). If
//   such a colour also has remaining clusters away from the frontier, the
//   move starts no optimal continuation: some later move must play the
//   colour again, and it would absorb the same clusters (they stay on the
//   frontier), while dropping the early move changes no move in between
//   (absorbing them opened nothing). So a search may skip it; when it has no
//   clusters away from the frontier it is dominant instead. (ExactDomain
//   finds it after playing it: it added nothing to the frontier.)
// commutation_skips: after a move p from a state P that had no dominant
//   move, a move c none of whose frontier clusters is fresh from p (added
//   to the frontier by p) takes the same clusters it would have taken at P.
//   Then P,p,c reaches a subset of what P,c,p reaches (c first can only let
//   p take more), so P,p,c may be skipped when P,c,p is strictly better
//   (c's own fresh clusters include a p-coloured one, which p would then
//   take too) or, if both reach the same state, when c < p (one order is
//   kept). The fresh clusters are the child's frontier minus the parent's,
//   known once the move is applied; a state keeps the colours of the last
//   move's fresh clusters. (The idea of the floodit program by Aaron and
//   Simon Puchert, as in ColorFill, which decide "fresh" by the region
//   before p; the fresh sets make it exact without storing that region.)
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>

#include "exact/cluster_balls.hpp"
#include "game/cluster_graph.hpp"
#include "search/limits.hpp"

namespace colorwalk {

std::uint32_t colors_left(const ClusterGraph& graph, const MarkerState& s) noexcept;

std::uint32_t distance_bound(const ClusterGraph& graph, const MarkerState& s);

// A search's deadline and cancellation flag, for the bounds of a large
// graph, whose relaxed game can take as long as a whole greedy game: past
// the deadline (or with the flag raised) the game stops where it is and
// the bound is the moves it counted so far, a weaker lower bound, still
// admissible. Only graphs of kWords set words or more look at it, once a
// round (where a round costs far more than a look at the clock). cut()
// then tells the search that a bound was cut short: the search has lost
// its guarantee (a capped bound no longer decides its thresholds), so its
// answer is not proven. Read-only but for that flag, which threads may
// share.
class BoundCutoff {
 public:
  static constexpr std::size_t kWords = 1024;  // 65,536 clusters

  BoundCutoff() = default;  // never cuts
  explicit BoundCutoff(const search::Limits& limits) noexcept
      : deadline_(limits.deadline), cancel_(limits.cancel) {}
  BoundCutoff(const BoundCutoff&) = delete;
  BoundCutoff& operator=(const BoundCutoff&) = delete;

  // Whether the game should stop now (and then cut() from now on).
  bool stop_now() const noexcept {
    if (cut_.load(std::memory_order_relaxed)) return true;
    if ((cancel_ != nullptr && cancel_->load(std::memory_order_relaxed)) ||
        (deadline_ && std::chrono::steady_clock::now() >= *deadline_)) {
      cut_.store(true, std::memory_order_relaxed);
      return true;
    }
    return false;
  }
  // A bound was cut short.
  bool cut() const noexcept { return cut_.load(std::memory_order_relaxed); }

 private:
  std::optional<std::chrono::steady_clock::time_point> deadline_;
  const std::atomic<bool>* cancel_ = nullptr;
  mutable std::atomic<bool> cut_{false};
};

// With a cap, the work stops once the bound is known to reach it: the result
// is the bound when it is below `cap`, and some value >= cap otherwise.
// With a cutoff, past it the work stops too, with a smaller bound
// (BoundCutoff).
std::uint32_t elimination_bound(const ClusterGraph& graph, const MarkerState& s,
                                std::uint32_t cap = std::numeric_limits<std::uint32_t>::max(),
                                const BoundCutoff* cutoff = nullptr);

// The completion bound with rises up to max_rise (at most kMaxRise; 0: the
// elimination bound). Uncapped, it is the largest relaxed game among the
// rises up to the largest proven one (a proof at a rise holds at every
// smaller one), at least the elimination bound. With a cap, the result
// reaches each of the `levels` thresholds cap, cap - 1, ..., cap - levels
// + 1 exactly when that bound does; below the lowest, it may be lower (the
// elimination bound, or a smaller rise): only the rises that can reach a
// threshold are tested. (levels 0 counts as 1.)
//
// RiseLimits narrow the rises above 1, whose walks grow fast with their
// moves: such a rise whose walk would take more than `longest_walk` moves
// (k + r - 1 at rise r) counts as not proven, and with
// `top_threshold_only` (capped calls only) such a rise decides only the
// threshold cap, the thresholds below it being decided as for max_rise 1.
// The bound stays admissible; the contract above then holds for the
// bound with those rises left out.
//
// LastMove: the move that reached s and the colours of the clusters it
// made fresh, as ExactDomain's state keeps them (color kNoColor: none;
// fresh kEveryColor: skip nothing, as after a dominant move). With
// one, the test's first move obeys commutation after it (commutation_skips
// below), as a search under ExactDomain's rules does from s, and the bound
// is then a bound on the solutions from s that those rules keep (every
// move neither neutral nor commuted away, a dominant move where there is
// one), not on every solution from s: the cheapest may begin with a move
// commutation leaves to s's sibling, whose subtree has the same solution
// with the two moves swapped, at no more moves. A search under those
// rules, which never plays such a move from s, loses nothing by it
// (docs/algorithms.md, "The move that reached the node"). The test takes
// every sequence those rules keep: it never skips a dominant move, nor
// anything after one. A shorter test may then succeed where a longer one
// fails, so each rise counts by its own test: uncapped, the bound is the
// largest relaxed game among the proven rises.
inline constexpr std::uint32_t kMaxRise = 2;
struct RiseLimits {
  std::uint32_t longest_walk = std::numeric_limits<std::uint32_t>::max();
  bool top_threshold_only = false;
};
inline constexpr std::uint64_t kEveryColor = ~std::uint64_t{0};
struct LastMove {
  Color color = kNoColor;
  std::uint64_t fresh = kEveryColor;
};
// (The cutoff: for the elimination bound of graphs of more than 1024
// clusters, as above.)
std::uint32_t completion_bound(const ClusterGraph& graph, const ClusterBalls& balls,
                               const MarkerState& s,
                               std::uint32_t cap = std::numeric_limits<std::uint32_t>::max(),
                               std::uint32_t max_rise = 1, std::uint32_t levels = 1,
                               RiseLimits limits = {}, LastMove last = {},
                               const BoundCutoff* cutoff = nullptr);

std::optional<Color> dominant_move(const ClusterGraph& graph, const MarkerState& s) noexcept;

// Bit c set when colour c is useful and neutral (see above).
std::uint64_t neutral_moves(const ClusterGraph& graph, const MarkerState& s);

// For commutation (see above): the colours of the clusters in `set`, and
// whether move c, whose fresh clusters are `fresh`, is skipped at a state
// reached by move `last` whose fresh clusters had the colours `last_fresh`
// (kEveryColor, or last = kNoColor, when the state before `last` had a
// dominant move: nothing is skipped).
std::uint64_t colors_of(const ClusterGraph& graph, std::span<const ClusterGraph::Word> set);
bool commutation_skips(const ClusterGraph& graph, Color c, Color last, std::uint64_t last_fresh,
                       std::span<const ClusterGraph::Word> fresh);

// The strongest admissible lower bound of the exact domain, as one object:
// the completion bound (above) with its cluster distances, or with
// max_rise 0 the elimination bound alone.
//
// Guarantees, for a marker state s whose true distance (fewest moves that
// clear the board from s) is d:
//   - uncapped, bound(s) <= d: admissible, so A* with it is optimal;
//   - capped, bound.capped(s, cap, levels) decides the `levels` thresholds
//     cap, cap - 1, ..., cap - levels + 1 exactly: it reaches each of them
//     exactly when the uncapped bound does. Above cap it returns some value
//     >= cap (the work stops once the cap is reached); below the lowest
//     threshold it may be less than the uncapped bound (a weaker rise, or
//     the elimination bound), never more than d. So a search that prunes
//     at g + h >= bound and ranks its last layer by f = bound - 1 loses
//     nothing by capping: every value it compares is decided exactly.
//     With RiseLimits the thresholds are decided for the bound without the
//     rises they leave out (with top_threshold_only, those below cap for
//     max_rise 1): still admissible, and the same for every call.
//   - with a LastMove (above), both hold for the solutions from s
//     that ExactDomain's rules keep after that move, in place of every
//     solution from s: for a search under those rules.
// The bound keeps a reference to the graph, which must outlive it; it is
// built once per board (the cluster balls cost one breadth-first search per
// cluster) and is read-only afterwards, so threads may share it.
class ExactBound {
 public:
  // max_rise: the completion bound's largest rise (at most kMaxRise); 0
  // gives the elimination bound and builds no cluster balls. limits: those
  // on the rises above 1 (RiseLimits). cutoff: a search's deadline for the
  // bounds of a large graph (BoundCutoff; it must outlive the bound), past
  // which they are weaker and the guarantees below no longer hold.
  explicit ExactBound(const ClusterGraph& graph, std::uint32_t max_rise = 1, RiseLimits limits = {},
                      const BoundCutoff* cutoff = nullptr)
      : graph_(graph),
        balls_(max_rise > 0 ? ClusterBalls(graph) : ClusterBalls()),
        max_rise_(max_rise),
        limits_(limits),
        cutoff_(cutoff) {}

  std::uint32_t max_rise() const noexcept { return max_rise_; }

  // The bound, uncapped: never above the true distance.
  std::uint32_t operator()(const MarkerState& s) const {
    return capped(s, std::numeric_limits<std::uint32_t>::max(), 1);
  }

  // The bound deciding the thresholds cap, cap - 1, ..., cap - levels + 1
  // exactly (see above).
  // (With `last`, for a search under ExactDomain's rules; see above.)
  // (`rise`: at most this rise, for a search that tries the larger ones
  // only once it has grown; at least 1.)
  std::uint32_t capped(const MarkerState& s, std::uint32_t cap, std::uint32_t levels,
                       LastMove last = {}, std::uint32_t rise = kMaxRise) const {
    return max_rise_ > 0 ? completion_bound(graph_, balls_, s, cap, std::min(max_rise_, rise),
                                            levels, limits_, last, cutoff_)
                         : elimination_bound(graph_, s, cap, cutoff_);
  }

 private:
  const ClusterGraph& graph_;
  ClusterBalls balls_;
  std::uint32_t max_rise_;
  RiseLimits limits_;
  const BoundCutoff* cutoff_;
};

}  // namespace colorwalk
