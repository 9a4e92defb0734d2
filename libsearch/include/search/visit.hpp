// Calling visitor hooks that may be absent: a visitor defines only the hooks
// it needs, and a missing hook compiles to nothing (Action::kContinue).
//
// Hooks (all optional, all returning Action):
//   on_expand(const State& s, std::uint32_t g)             before s is expanded
//   on_generate(const State& child, Move m, std::uint32_t g)  for each new child;
//                                                          kPrune drops the child
//   on_goal(const State& s, std::uint32_t g)               when a goal is found;
//                                                          kStop ends the search,
//                                                          kContinue lets a DFS go on
//                                                          looking for a cheaper one
//   on_iteration(std::uint64_t threshold, const Stats& so_far)
//                                                          ida_star: before each
//                                                          iteration; kStop ends it
//   on_improvement(const Improvement<Move>& answer)        anytime weighted A*: each
//                                                          answer cheaper than the last,
//                                                          with the bound proven then;
//                                                          kStop ends the search
// Visitors are taken by reference and never copied.
#pragma once

#include <cstdint>
#include <span>

#include "search/limits.hpp"

namespace search {

// An anytime search's new answer, for on_improvement.
template <class Move>
struct Improvement {
  std::uint64_t cost;          // of `path`, cheaper than every earlier answer
  std::uint64_t bound;         // proven lower bound on the optimum now (<= cost)
  std::span<const Move> path;  // valid during the call
  const Stats& stats;          // the search's counters so far
};

}  // namespace search

namespace search::detail {

template <class V, class S>
Action visit_expand(V& v, const S& s, std::uint32_t g) {
  if constexpr (requires {
                  { v.on_expand(s, g) } -> std::same_as<Action>;
                })
    return v.on_expand(s, g);
  else
    return Action::kContinue;
}

template <class V, class S, class M>
Action visit_generate(V& v, const S& child, M m, std::uint32_t g) {
  if constexpr (requires {
                  { v.on_generate(child, m, g) } -> std::same_as<Action>;
                })
    return v.on_generate(child, m, g);
  else
    return Action::kContinue;
}

template <class V, class S>
Action visit_goal(V& v, const S& s, std::uint32_t g, Action absent) {
  if constexpr (requires {
                  { v.on_goal(s, g) } -> std::same_as<Action>;
                })
    return v.on_goal(s, g);
  else
    return absent;
}

template <class V>
Action visit_iteration(V& v, std::uint64_t threshold, const Stats& stats) {
  if constexpr (requires {
                  { v.on_iteration(threshold, stats) } -> std::same_as<Action>;
                })
    return v.on_iteration(threshold, stats);
  else
    return Action::kContinue;
}

template <class V, class Move>
constexpr bool wants_improvements() {
  return requires(V & v, const Improvement<Move>& i) {
    { v.on_improvement(i) } -> std::same_as<Action>;
  };
}

}  // namespace search::detail
