// The strongest admissible lower bound of the exact domain, as one object:
// the completion bound (bounds.hpp) with its cluster distances, or with
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
//   - with a LastMove (bounds.hpp), both hold for the solutions from s
//     that ExactDomain's rules keep after that move, in place of every
//     solution from s: for a search under those rules.
// The bound keeps a reference to the graph, which must outlive it; it is
// built once per board (the cluster balls cost one breadth-first search per
// cluster) and is read-only afterwards, so threads may share it.
#pragma once

#include <cstdint>
#include <limits>

#include "exact/bounds.hpp"
#include "exact/cluster_balls.hpp"
#include "game/cluster_graph.hpp"

namespace colorwalk {

class ExactBound {
 public:
  // max_rise: the completion bound's largest rise (at most kMaxRise); 0
  // gives the elimination bound and builds no cluster balls. limits: those
  // on the rises above 1 (bounds.hpp).
  explicit ExactBound(const ClusterGraph& graph, std::uint32_t max_rise = 1,
                      RiseLimits limits = {})
      : graph_(graph),
        balls_(max_rise > 0 ? ClusterBalls(graph) : ClusterBalls()),
        max_rise_(max_rise),
        limits_(limits) {}

  std::uint32_t max_rise() const noexcept { return max_rise_; }

  // The bound, uncapped: never above the true distance.
  std::uint32_t operator()(const MarkerState& s) const {
    return capped(s, std::numeric_limits<std::uint32_t>::max(), 1);
  }

  // The bound deciding the thresholds cap, cap - 1, ..., cap - levels + 1
  // exactly (see above).
  // (With `last`, for a search under ExactDomain's rules; see above.)
  std::uint32_t capped(const MarkerState& s, std::uint32_t cap, std::uint32_t levels,
                       LastMove last = {}) const {
    return max_rise_ > 0
               ? completion_bound(graph_, balls_, s, cap, max_rise_, levels, limits_, last)
               : elimination_bound(graph_, s, cap);
  }

 private:
  const ClusterGraph& graph_;
  ClusterBalls balls_;
  std::uint32_t max_rise_;
  RiseLimits limits_;
};

}  // namespace colorwalk
