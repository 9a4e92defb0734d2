// The heuristic of the searches that take one (ida_star, weighted A*): the
// domain's own lower bound by default, or a callable the caller gives, with
// or without a cap:
//   h(const State&) -> uint32                 an admissible estimate
//   h(const State&, std::uint32_t cap) -> uint32
//                                             the same estimate when it is
//                                             below cap; otherwise any
//                                             admissible value >= cap (so a
//                                             costly bound can stop once it
//                                             knows the node is pruned)
// The searches ask for a cap exactly where only "below cap or not" matters.
#pragma once

#include <cstdint>
#include <type_traits>

#include "search/domain.hpp"

namespace search {

// The domain's lower_bound() (or 0/1 for goal/non-goal without one).
struct DomainLowerBound {};

namespace detail {

template <Domain D, class H>
std::uint32_t estimate(const D& domain, const H& h, const typename D::State& s, std::uint32_t cap) {
  if constexpr (std::is_same_v<H, DomainLowerBound>)
    return lower_bound_of(domain, s);
  else if constexpr (requires { h(s, cap); })
    return static_cast<std::uint32_t>(h(s, cap));
  else
    return static_cast<std::uint32_t>(h(s));
}

}  // namespace detail

}  // namespace search
