// The parameters that bound a solver's work on one board, declared once for
// every solver that takes them: the field of the solver's parameter struct
// P (named as the parameter), the name, the range and the usual help. A
// solver whose limit means something more passes its own help.
#pragma once

#include <string>

#include "registry/registry.hpp"

namespace colorwalk {

// P::memory, MiB: the memory of one search (search_limits' memory_mib).
template <class P>
Param<P> memory_param(std::string help = "memory limit of one search, MiB") {
  return {&P::memory, "memory", 16, 1 << 20, std::move(help)};
}

// P::seconds: the time one board may take (search_limits' seconds; 0: none).
template <class P>
Param<P> seconds_param(std::string help = "time limit per board, s (0: none)") {
  return {&P::seconds, "seconds", 0, 1e9, std::move(help)};
}

// P::nodes: the expansions one board may take (search_limits' nodes; 0: none).
template <class P>
Param<P> nodes_param(std::string help = "expansion limit per board (0: none)") {
  return {&P::nodes, "nodes", 0, 1e15, std::move(help)};
}

}  // namespace colorwalk
