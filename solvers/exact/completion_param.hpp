// The `completion` parameter of the exact solvers: the completion bound's
// largest rise (ExactBound's max_rise), declared once for every solver that
// takes it.
#pragma once

#include <string>

#include "exact/bounds.hpp"
#include "registry/registry.hpp"

namespace colorwalk {

// P::completion: the completion bound's largest rise, 0 to kMaxRise.
template <class P>
Param<P> completion_param(
    std::string help = "the completion bound's largest rise (0: the elimination bound alone)") {
  return {&P::completion, "completion", 0, kMaxRise, std::move(help)};
}

}  // namespace colorwalk
