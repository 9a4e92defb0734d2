// idastar: exact solving by IDA* (libsearch's ida_star) over ExactDomain
// states, with the completion bound (ExactBound, asked only whether a child
// fits under the threshold) and a transposition table on the absorbed set.
// A beam search gives an upper bound first, as for `astar`: IDA* then looks
// only for cheaper answers, and when no threshold below the beam's answer
// holds one, that answer is optimal. IDA*'s memory is its stack and the
// table, which a full budget stops growing without stopping the search. At
// a node or time limit it returns the beam's answer (greedy's with beam=0),
// with proven_optimal = 0; IDA* does not begin when the time is up first.
#include <algorithm>
#include <limits>

#include "exact/completion_param.hpp"
#include "exact/exact_beam.hpp"
#include "exact/exact_domain.hpp"
#include "game/greedy_move.hpp"
#include "registry/board_memory.hpp"
#include "registry/limit_params.hpp"
#include "registry/registry.hpp"
#include "search/idastar.hpp"

namespace colorwalk {

namespace {

struct IdaStarParams {
  std::int64_t memory = 256;  // MiB
  double seconds = 600;
  std::uint64_t nodes = 0;
  std::size_t beam = 16;
  std::uint32_t completion = 1;  // the completion bound's largest rise
  bool table = true;
};

class IdaStar final : public Solver {
 public:
  explicit IdaStar(const IdaStarParams& p) : p_(p) {}

  Solution solve(const ClusterGraph& graph, const SolveContext& context) override {
    const BoardMemory memory(context, {&workspace_});
    Solution solution = solve_within_limits(graph, context);
    solution.memory_refused = memory.refused();
    return solution;
  }

 private:
  Solution solve_within_limits(const ClusterGraph& graph, const SolveContext& context) {
    search::Limits limits = search_limits(graph, context, p_.memory, p_.seconds, p_.nodes);
    Solution known = p_.beam > 0 ? solve_with_beam(graph, workspace_, p_.beam, limits) : Solution{};
    // The beam's answer bounds the optimum, for a watcher (Limits::progress).
    if (limits.progress != nullptr && !known.moves.empty())
      limits.progress->lower_upper_bound(known.moves.size());
    // Out of time already: the beam's answer, as IDA* stopped would give.
    if (p_.beam > 0 && limits_passed(limits)) return known;
    // The node limit is for the board: IDA* gets what the beam left.
    if (p_.nodes > 0) limits.max_expansions = p_.nodes - std::min(p_.nodes, known.expanded);

    // Past the limits, the bounds of a large graph are cut short (the
    // search stops at its next look at the clock, not proven).
    const BoundCutoff cutoff(limits);
    const ExactDomain domain(graph, {}, &cutoff);
    const ExactBound bound(graph, p_.completion, {}, &cutoff);
    // IDA* asks whether g + h stays within the threshold, i.e. whether h
    // reaches cap: the capped bound decides exactly that, and stops early.
    auto heuristic = [&bound](const ExactDomain::State& s, std::uint32_t cap) {
      return bound.capped(s.marker, cap, 1);
    };
    search::IdaStar<ExactDomain, decltype(heuristic)> ida(domain, workspace_, heuristic);
    search::IdaStarOptions options;
    options.transposition_table = p_.table;
    if (p_.beam > 0) options.bound = known.moves.size();
    const auto r = ida.search(domain.initial_state(), limits, options);

    Solution solution;
    solution.expanded = known.expanded + r.stats.expanded;
    solution.generated = known.generated + r.stats.generated;
    solution.pruned = known.pruned + r.stats.pruned;
    // IDA*'s threshold bounds every solution, unless a limit cut a bound short.
    if (!cutoff.cut() && r.bound <= UINT32_MAX)
      solution.lower_bound = static_cast<std::uint32_t>(r.bound);
    // The beam and the transposition table share workspace_, whose budget
    // begins each search with its peak reset: the larger of the two peaks.
    solution.peak_bytes = std::max<std::uint64_t>(known.peak_bytes, r.stats.peak_bytes);
    switch (r.status) {
      case search::Status::kSolved:  // cheaper than the beam's, and optimal
        solution.moves = r.path;
        solution.proven_optimal = !cutoff.cut();
        return solution;
      case search::Status::kExhausted:  // nothing beats the beam's answer: it is optimal
        solution.moves = std::move(known.moves);
        solution.proven_optimal = p_.beam > 0 && !cutoff.cut();
        return solution;
      default:
        break;
    }
    // Stopped by a limit: the beam's answer, or greedy's without a beam.
    if (p_.beam > 0) {
      solution.moves = std::move(known.moves);
    } else {
      MarkerState state = graph.initial_state();
      play_greedy(graph, state, solution.moves);
    }
    return solution;
  }

  IdaStarParams p_;
  search::Workspace workspace_;  // the transposition table, kept across boards
};

using P = IdaStarParams;

const SolverRegistration kIdaStar{SolverDescription<P>{
    .name = "idastar",
    .summary = "exact: a beam search's answer is the bound to beat, then IDA* with the "
               "completion bound and a transposition table; optimal unless a limit stops "
               "it (then the beam's answer, not proven)",
    .family = SolverFamily::kExact,
    .params = {memory_param<P>("memory limit of the transposition table, MiB (when full, the "
                               "search goes on without it)"),
               seconds_param<P>(),
               nodes_param<P>(),
               {&P::beam, "beam", 0, 1 << 20,
                "width of the beam search run first for an upper bound (0: none)"},
               completion_param<P>(),
               {&P::table, "table", 0, 1,
                "1: a transposition table prunes states reached again at no smaller "
                "depth within an iteration (0: off)"}},
    .exact = true,
    .make = [](const P& p) { return std::make_unique<IdaStar>(p); }}};

}  // namespace

}  // namespace colorwalk
