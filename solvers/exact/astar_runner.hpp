// How the `astar` solver runs its A* once the beam's bound is known: in
// this process (the sequential search, or the parallel one on oneTBB), or,
// where a program installs an AStarRunner, through that runner:
// colorwalk-mpi's spreads the search over the ranks of an MPI run
// (experiments/mpi/). The runner gets what the in-process searches get (the
// domain, the cost under the bound, the limits) and returns what astar
// reads back from them.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "exact/bounds.hpp"
#include "exact/exact_domain.hpp"
#include "search/limits.hpp"

namespace colorwalk {

// A node's key for A* under an upper bound: f = g + h, ties to the deeper,
// or search::kPruneKey for a node that cannot beat the bound.
//
// A node's f decides two things: whether it can beat the bound (f <
// bound, else it is pruned) and whether it is in the last layer (f =
// bound - 1). A* expands every node below the last layer, whatever
// their order, and the whole last layer too when the bound is optimal;
// when it is not, it expands the last layer only until a goal appears.
// So the completion bound is decided at both thresholds: a node it lifts
// into the last layer is expanded after the ones below it, and on a
// board whose bound is not optimal often never. (With walk=N, rise 2
// decides only the first; RiseLimits.)
// The bound knows the move that reached the node where the search
// keeps the moves that commutation and the neutral-move rule keep
// (bounds.hpp, LastMove): it then bounds the solutions below the node
// that the search can reach.
//
// The bound's rises above 1 cost several times as much a node and pay only
// in large searches: `rise` is the largest tried, which astar raises when
// it pauses a large search. Before that, and after it, every f is a lower
// bound, so A* stays optimal.
struct AStarBoundedCost {
  const ExactBound& lower_bound;
  std::uint32_t bound;
  bool knows_last;
  std::uint32_t rise = kMaxRise;

  std::int64_t operator()(const ExactDomain::State& s, std::uint32_t g) const {
    if (g >= bound) return search::kPruneKey;
    const LastMove last = knows_last ? LastMove{s.last, s.last_fresh} : LastMove{};
    const std::uint32_t h = lower_bound.capped(s.marker, bound - g, 2, last, rise);
    if (std::uint64_t{g} + h >= bound) return search::kPruneKey;
    return search::f_key(std::int64_t{g} + h, g);  // ties to the deeper
  }
  // A key's f bounds every solution below its node (search::
  // KeyProvesBound): the searches publish the smallest open one.
  std::uint64_t bound_of_key(std::int64_t key) const noexcept {
    return static_cast<std::uint64_t>(std::max<std::int64_t>(0, search::f_of_key(key)));
  }
};

// What a runner's A* ended with.
struct AStarRun {
  search::Status status = search::Status::kExhausted;
  search::Stats stats;
  std::vector<Color> goal_path;  // kSolved: the moves to the goal
  // Stopped by a limit: the open node of smallest key, if any (its moves
  // and state), for astar to complete greedily.
  bool has_open = false;
  std::vector<Color> open_path;
  ExactDomain::State open_state;
  // Stopped by a limit: the smallest key of the open nodes, whose f bounds
  // every solution (search::kPruneKey: none known, so no bound reported).
  std::int64_t smallest_open_key = search::kPruneKey;
};

class AStarRunner {
 public:
  virtual ~AStarRunner() = default;
  // Called by astar after its beam, in every process of the runner, with
  // whether this one is ready to begin A* (no limit passed): whether every
  // one is. A* runs only where they all are, so all run it or none does.
  virtual bool begin(bool ready) = 0;
  virtual AStarRun run(const ExactDomain& domain, const AStarBoundedCost& cost,
                       const search::Limits& limits) = 0;
};

// Installs the runner every `astar` solver of the process uses from then on
// (nullptr: the in-process searches again). Set before solving, not while.
void set_astar_runner(AStarRunner* runner) noexcept;

}  // namespace colorwalk
