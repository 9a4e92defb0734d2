// random and random-skip: the articles' part 3. `random` plays a uniformly
// random colour each move, whether or not it clears anything (such moves
// count); `random-skip` redraws colours that would clear nothing, which is a
// uniform choice among the colours that clear something, made here with one
// draw. Both draw only from the board's own stream (SolveContext::seed), so
// a board's result depends on nothing but its seed.
#include <bit>

#include "game/sources.hpp"
#include "registry/registry.hpp"

namespace colorwalk {

namespace {

// splitmix64 with an unbiased bounded draw (rejection of the 2^64 mod n
// lowest outputs), the same on every platform and standard library.
class Stream {
 public:
  explicit Stream(std::uint64_t seed) : state_(seed) {}
  std::uint32_t below(std::uint32_t n) {
    const std::uint64_t threshold = (0 - std::uint64_t{n}) % n;
    for (;;) {
      const std::uint64_t r = splitmix64_next(state_);
      if (r >= threshold) return static_cast<std::uint32_t>(r % n);
    }
  }

 private:
  std::uint64_t state_;
};

class Random final : public Solver {
 public:
  explicit Random(bool skip) : skip_(skip) {}

  Solution solve(const ClusterGraph& graph, const SolveContext& context) override {
    Solution solution;
    Stream stream(context.seed);
    MarkerState state = graph.initial_state();
    while (!graph.is_cleared(state) && !cancelled(context)) {  // a cancelled board is dropped
      Color c;
      if (skip_) {
        std::uint64_t useful = graph.useful_moves(state);
        // The k-th colour (from the lowest) of the useful ones.
        for (std::uint32_t k = stream.below(static_cast<std::uint32_t>(std::popcount(useful)));
             k > 0; --k)
          useful &= useful - 1;
        c = static_cast<Color>(std::countr_zero(useful));
      } else {
        c = static_cast<Color>(stream.below(graph.colors()));
      }
      graph.apply(state, c);
      solution.moves.push_back(c);
    }
    return solution;
  }

 private:
  bool skip_;
};

struct RandomParams {};

const SolverRegistration kRandom{SolverDescription<RandomParams>{
    .name = "random",
    .summary = "plays a uniformly random color each move, even one that clears nothing",
    .family = SolverFamily::kArticles,
    .randomised = true,
    .wasted_moves = true,
    .make = [](const RandomParams&) { return std::make_unique<Random>(false); }}};

const SolverRegistration kRandomSkip{SolverDescription<RandomParams>{
    .name = "random-skip",
    .summary = "plays a uniformly random color among those that clear something",
    .family = SolverFamily::kArticles,
    .randomised = true,
    .make = [](const RandomParams&) { return std::make_unique<Random>(true); }}};

}  // namespace

}  // namespace colorwalk
