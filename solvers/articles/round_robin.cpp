// round-robin: the articles' first algorithm. Cycles through the colours
// 0, 1, ..., K-1, 0, ... regardless of whether a colour clears anything;
// every colour played counts as a move. Each board starts at colour 0.
//
// round-robin-skip (the articles' part 3): the same cycle, passing over the
// colours that would clear nothing. A wasted move leaves the state as it
// was, so its moves are exactly round-robin's with the wasted ones removed.
#include "registry/registry.hpp"

namespace colorwalk {

namespace {

class RoundRobin final : public Solver {
 public:
  Solution solve(const ClusterGraph& graph, const SolveContext& context) override {
    Solution solution;
    MarkerState state = graph.initial_state();
    // Every cycle of K colours absorbs at least one frontier cluster, so this
    // ends; a cancelled board stops at once (it is dropped).
    for (Color next = 0; !graph.is_cleared(state) && !cancelled(context);
         next = static_cast<Color>((next + 1) % graph.colors())) {
      graph.apply(state, next);
      solution.moves.push_back(next);
    }
    return solution;
  }
};

class RoundRobinSkip final : public Solver {
 public:
  Solution solve(const ClusterGraph& graph, const SolveContext& context) override {
    Solution solution;
    MarkerState state = graph.initial_state();
    Color next = 0;
    while (!graph.is_cleared(state) && !cancelled(context)) {
      // A board that is not cleared has a frontier, so some colour is useful.
      const std::uint64_t useful = graph.useful_moves(state);
      while (((useful >> next) & 1u) == 0)
        next = static_cast<Color>((next + 1) % graph.colors());
      graph.apply(state, next);
      solution.moves.push_back(next);
      next = static_cast<Color>((next + 1) % graph.colors());
    }
    return solution;
  }
};

struct RoundRobinParams {};

const SolverRegistration kRoundRobin{SolverDescription<RoundRobinParams>{
    .name = "round-robin",
    .summary = "cycles through the colors 0,1,...,K-1 regardless of use",
    .family = SolverFamily::kArticles,
    .wasted_moves = true,
    .make = [](const RoundRobinParams&) { return std::make_unique<RoundRobin>(); }}};

const SolverRegistration kRoundRobinSkip{SolverDescription<RoundRobinParams>{
    .name = "round-robin-skip",
    .summary = "cycles through the colors 0,1,...,K-1, skipping those that clear nothing",
    .family = SolverFamily::kArticles,
    .make = [](const RoundRobinParams&) { return std::make_unique<RoundRobinSkip>(); }}};

}  // namespace

}  // namespace colorwalk
