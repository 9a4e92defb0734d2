// wastar: bounded-suboptimal solving by weighted A* (libsearch's
// WeightedAStar) over ExactDomain states with the completion bound
// (ExactBound): nodes are expanded by g + w·h, so the answer has at most w
// times the fewest moves, and the smallest g + h left open is a proven
// lower bound. With anytime=1 (anytime weighted A*) it goes on after its
// first answer, keeping only nodes that can beat the best so far, until
// nothing is left (the answer is then optimal) or a limit stops it.
// proven_optimal is set only when the proven bound meets the answer. At a
// limit before any answer it returns greedy's.
#include <algorithm>

#include "exact/completion_param.hpp"
#include "exact/exact_domain.hpp"
#include "game/greedy_move.hpp"
#include "registry/board_memory.hpp"
#include "registry/limit_params.hpp"
#include "registry/registry.hpp"
#include "search/progress.hpp"
#include "search/weighted_astar.hpp"

namespace colorwalk {

namespace {

struct WeightedAStarParams {
  double w = 1.5;
  bool anytime = false;
  std::int64_t memory = 1024;  // MiB
  double seconds = 600;
  std::uint64_t nodes = 0;
  std::uint32_t completion = 1;  // the completion bound's largest rise
};

// Tells a watcher each answer the anytime search finds: an upper bound.
struct PublishAnswers {
  search::SearchProgress* progress;
  search::Action on_improvement(const search::Improvement<Color>& answer) const {
    progress->lower_upper_bound(answer.cost);
    return search::Action::kContinue;
  }
};

class WeightedAStar final : public Solver {
 public:
  explicit WeightedAStar(const WeightedAStarParams& p) : p_(p) {}

  Solution solve(const ClusterGraph& graph, const SolveContext& context) override {
    const BoardMemory memory(context, {&workspace_});
    const search::Limits limits = search_limits(graph, context, p_.memory, p_.seconds, p_.nodes);
    // Past the limits, the bounds of a large graph are cut short (the
    // search stops at its next look at the clock, not proven).
    const BoundCutoff cutoff(limits);
    const ExactDomain domain(graph, {}, &cutoff);
    const ExactBound bound(graph, p_.completion, {}, &cutoff);
    // Uncapped (no answer yet) the bound is exact; with an answer to beat,
    // the search asks only whether g + h stays below it.
    auto heuristic = [&bound](const ExactDomain::State& s, std::uint32_t cap) {
      return bound.capped(s.marker, cap, 1);
    };
    search::WeightedAStar<ExactDomain, decltype(heuristic)> wastar(domain, workspace_, heuristic);
    const search::WeightedAStarOptions options{.weight = p_.w, .anytime = p_.anytime};
    // Watched (Limits::progress), each answer of the anytime search is told
    // as it is found; unwatched, no visitor, so the search does not compute
    // the bound an improvement carries.
    const auto r = limits.progress != nullptr
                       ? wastar.search(domain.initial_state(), limits, options,
                                       PublishAnswers{limits.progress})
                       : wastar.search(domain.initial_state(), limits, options);
    Solution solution;
    solution.expanded = r.stats.expanded;
    solution.generated = r.stats.generated;
    solution.pruned = r.stats.pruned;
    if (!cutoff.cut() && r.bound <= UINT32_MAX)
      solution.lower_bound = static_cast<std::uint32_t>(r.bound);
    solution.peak_bytes = r.stats.peak_bytes;
    if (r.found) {
      solution.moves = r.path;
      solution.proven_optimal =
          r.status == search::Status::kSolved && r.bound >= r.cost && !cutoff.cut();
    } else {
      MarkerState state = graph.initial_state();
      play_greedy(graph, state, solution.moves);
    }
    solution.memory_refused = memory.refused();
    return solution;
  }

 private:
  WeightedAStarParams p_;
  search::Workspace workspace_;  // kept across the boards this instance solves
};

using P = WeightedAStarParams;

const SolverRegistration kWeightedAStar{SolverDescription<P>{
    .name = "wastar",
    .summary = "bounded-suboptimal: weighted A* (g + w·h, the completion bound), at most w "
               "times the fewest moves; anytime=1 goes on improving until proven optimal "
               "or a limit stops it (proven only when its bound meets the answer)",
    .family = SolverFamily::kExact,
    .params = {{&P::w, "w", 1, 100,
                "the weight: the answer has at most w times the fewest moves (steps of "
                "1/256, rounded down)"},
               {&P::anytime, "anytime", 0, 1,
                "1: after the first answer, go on improving it until it is proven "
                "optimal or a limit stops the search"},
               memory_param<P>(),
               seconds_param<P>(),
               nodes_param<P>("expansion limit per board (0: none; every node is kept, so memory "
                              "bounds it)"),
               completion_param<P>()},
    .exact = true,
    .make = [](const P& p) { return std::make_unique<WeightedAStar>(p); }}};

}  // namespace

}  // namespace colorwalk
