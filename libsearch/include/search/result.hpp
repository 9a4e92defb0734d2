// The result every search returns: a status, the best goal path it knows,
// its cost, a proven lower bound on the optimum and the statistics.
#pragma once

#include <cstdint>
#include <vector>

#include "search/limits.hpp"

namespace search {

template <class Move>
struct SearchResult {
  Status status = Status::kExhausted;
  bool found = false;      // `path` leads to a goal (with a limit status: the best so far)
  std::uint64_t cost = 0;  // cost of `path` when found
  // A proven lower bound on the cost of every goal path (0 where the
  // search proves none): ida_star's threshold, weighted A*'s smallest f on
  // its open list, A*'s cost once solved. found and bound == cost: optimal.
  std::uint64_t bound = 0;
  std::vector<Move> path;
  Stats stats;
};

}  // namespace search
