// Beam search on ExactDomain, shared by the `beam` solver and by `astar`,
// which takes its answer as the upper bound to beat.
#pragma once

#include <cstddef>

#include "exact/exact_domain.hpp"
#include "registry/solver.hpp"
#include "search/limits.hpp"
#include "search/workspace.hpp"

namespace colorwalk {

struct ExecutorTimes;  // exact/tbb_executor.hpp

// A solution by beam search of the given width (greedy when a limit stops
// the beam first). Never marked optimal. With lanes > 1, each layer's
// children are costed on that many oneTBB tasks: the same answer, path
// and counts as on one (`times`, if any, gathers what those tasks took).
Solution solve_with_beam(const ClusterGraph& graph, search::Workspace& workspace, std::size_t width,
                         const search::Limits& limits, ExactRules rules = {},
                         std::size_t lanes = 1, ExecutorTimes* times = nullptr);

}  // namespace colorwalk
