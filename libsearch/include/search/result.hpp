// The result every search returns: a status, the best goal path it knows,
// its cost and the statistics.
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
  std::vector<Move> path;
  Stats stats;
};

}  // namespace search
