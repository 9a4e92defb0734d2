// astar: exact solving. A narrow beam search gives an upper bound (wider
// ones as A* outgrows them: the first always, the others where the bound
// is far above the lower bound), then A* on
// libsearch's pooled best-first search over ExactDomain states (the
// completion bound, told each node's last move so that its test plays only
// the moves the search would, or with completion=0 the elimination bound;
// the dominance, neutral-move and commutation rules, duplicate detection
// on the absorbed set, and (dominated=1, the default) no expansion of a node whose region
// plus one frontier cluster, or plus one colour's frontier clusters, is
// stored at no larger depth, or whose region a region stored recently at
// its depth strictly contains) keeps only nodes whose f can beat it. A*
// that grows large is paused for wider beams, which may lower the bound,
// and then tries the bound's rise 2 (run_astar). Optimal when it
// finishes (A*'s path, or the beam's if nothing beats it); at a node,
// memory or time limit it returns the better of the beam's answer and the
// best open node completed greedily, with proven_optimal = 0 and the
// smallest f of its open nodes as the lower bound it proved (the beam's
// answer alone, no bound, when the time is up before A* begins; none
// either where the bounds of a large graph were cut short past the limit,
// BoundCutoff).
//
// With several workers (threads=N, or by default the threads the batch
// engine leaves idle: SolveContext::workers) A* is libsearch's parallel
// best-first search, its workers oneTBB tasks (exact/tbb_executor.hpp):
// the same answers, optimal where the sequential search's are; with one,
// the sequential search. A program may install a runner instead
// (exact/astar_runner.hpp): colorwalk-mpi's spreads A* over MPI ranks.
#include <algorithm>
#include <limits>
#include <utility>

#include "exact/astar_runner.hpp"
#include "exact/bounds.hpp"
#include "exact/completion_param.hpp"
#include "exact/exact_beam.hpp"
#include "exact/exact_domain.hpp"
#include "exact/tbb_executor.hpp"
#include "game/greedy_move.hpp"
#include "registry/board_memory.hpp"
#include "registry/limit_params.hpp"
#include "registry/registry.hpp"
#include "search/best_first.hpp"
#include "search/parallel_best_first.hpp"
#include "search/progress.hpp"

namespace colorwalk {

namespace {

AStarRunner* astar_runner = nullptr;  // set_astar_runner

// An AStarRunner's outcome, read back as the in-process searches are.
class RunnerOutcome {
 public:
  explicit RunnerOutcome(AStarRun run) : run_(std::move(run)) {}
  search::Status status() const noexcept { return run_.status; }
  const search::Stats& stats() const noexcept { return run_.stats; }
  search::NodeId goal() const noexcept { return kGoal; }
  search::NodeId best_open() const noexcept { return run_.has_open ? kOpen : search::kNoNode; }
  void path_to(search::NodeId id, std::vector<Color>& out) const {
    out = id == kGoal ? run_.goal_path : run_.open_path;
  }
  void state_of(search::NodeId, ExactDomain::State& out) const { out = run_.open_state; }
  std::int64_t smallest_open_key() const noexcept { return run_.smallest_open_key; }

 private:
  static constexpr search::NodeId kGoal = 0;
  static constexpr search::NodeId kOpen = 1;
  AStarRun run_;
};

constexpr std::uint32_t kDefaultWalk = 9;
constexpr std::uint64_t kDefaultRise2From = 100000;

struct AStarParams {
  std::int64_t memory = 1024;  // MiB
  double seconds = 600;
  std::uint64_t nodes = 0;
  std::size_t beam = 4;
  // The wider beams at most: after a beam narrower than kFullBeam whatever
  // the gap, else while the gap stays wide (AStar::beam_due).
  std::uint32_t widenings = 3;
  std::uint32_t completion = 2;  // the completion bound's largest rise
  // With completion=2, the longest walk rise 2 may take, which it then
  // tries only to prune (0: no limit; RiseLimits, bounds.hpp).
  std::uint32_t walk = kDefaultWalk;
  // With completion=2, the nodes A* expands before it pauses for the late
  // wider beams and rise 2 (run_astar; fewer where many layers of f are
  // left): a small search spends more on rise 2's walks than they spare it.
  std::uint64_t rise2_from = kDefaultRise2From;
  bool dominance = true;
  bool neutral = true;
  bool commutation = true;
  // Nodes dominated by a known node are not expanded, once A* has stored
  // dominated_from nodes.
  bool dominated = true;
  std::uint64_t dominated_from = 1024;
  // With dominated=1, the regions stored last that a node's region is
  // checked against, per depth and region size (search::RecentKeys).
  std::uint64_t supersets = 256;
  std::size_t threads = 0;  // 0: SolveContext::workers
  // With several workers: chunks of a step taken in turn (1), or one equal
  // share a worker fixed in advance (0).
  bool balance = true;
};

class AStar final : public Solver {
 public:
  explicit AStar(const AStarParams& p)
      : memory_mib_(p.memory),
        seconds_(p.seconds),
        nodes_(p.nodes),
        beam_width_(p.beam),
        widenings_(p.widenings),
        completion_(p.completion),
        rise2_from_(p.rise2_from),
        rise_limits_(p.walk > 0 ? RiseLimits{.longest_walk = p.walk, .top_threshold_only = true}
                                : RiseLimits{}),
        rules_{.dominance = p.dominance, .neutral = p.neutral, .commutation = p.commutation},
        skip_dominated_(p.dominated),
        dominated_from_(p.dominated_from),
        supersets_(p.supersets),
        threads_(p.threads),
        balance_(p.balance) {}

  Solution solve(const ClusterGraph& graph, const SolveContext& context) override {
    const BoardMemory memory(context, {&workspace_, &late_workspace_}, &parallel_);
    Solution solution = solve_within_limits(graph, context);
    solution.memory_refused = memory.refused();
    return solution;
  }

 private:
  // The beams' answer, the bound A* has to beat, and the largest peak of
  // the workspace they ran on.
  struct UpperBound {
    Solution known;
    std::uint64_t beam_peak = 0;
    std::size_t width = 0;          // the widest beam run so far
    std::uint32_t widenings = 0;    // the wider beams run so far
    std::uint32_t start_bound = 0;  // the start's elimination bound
  };

  using BoundedCost = AStarBoundedCost;

  Solution solve_within_limits(const ClusterGraph& graph, const SolveContext& context) {
    search::Limits limits = search_limits(graph, context, memory_mib_, seconds_, nodes_);
    const std::size_t workers = threads_ != 0 ? threads_ : context.workers;
    // The beams cost their children on A*'s workers too (a runner's
    // processes each run the whole beams themselves).
    beam_lanes_ = astar_runner == nullptr ? std::max<std::size_t>(1, workers) : 1;
    times_ = {};
    UpperBound upper = beam_bound(graph, limits);
    // Out of time already: the beams' answer (greedy's, if they were
    // stopped) is the answer; A* would stop at once and complete its root
    // greedily, a greedy game's time again on a large board.
    bool stop = beam_width_ > 0 && limits_passed(limits);
    // A runner's processes begin A* together or not at all.
    if (astar_runner != nullptr) stop = !astar_runner->begin(!stop);
    if (stop) return stopped_before_astar(upper);
    const auto bound = beam_width_ > 0 ? static_cast<std::uint32_t>(upper.known.moves.size())
                                       : std::numeric_limits<std::uint32_t>::max();
    // The node limit is for the board: A* gets what the beam left.
    if (nodes_ > 0) limits.max_expansions = nodes_ - std::min(nodes_, upper.known.expanded);
    // Past the limits, the bounds of a large graph are cut short (the
    // search stops at its next look at the clock, not proven).
    const BoundCutoff cutoff(limits);
    const ExactDomain domain(graph, rules_, &cutoff);
    const ExactBound lower_bound(graph, completion_, rise_limits_, &cutoff);
    BoundedCost cost{.lower_bound = lower_bound,
                     .bound = bound,
                     .knows_last = rules_.commutation && rules_.neutral,
                     // Rise 2 from the start only with rise2_from=0: else
                     // once run_astar pauses a large search (a runner's A*
                     // is not paused, and keeps rise 1).
                     .rise = rise2_from_ == 0 ? kMaxRise : 1};
    if (astar_runner != nullptr) {
      RunnerOutcome astar(astar_runner->run(domain, cost, limits));
      return outcome(graph, domain, astar, astar.status(), cost, upper, cutoff.cut());
    }
    if (workers > 1) {
      TbbExecutor executor(&times_);
      search::ParallelBestFirstSearch<ExactDomain, BoundedCost, TbbExecutor> astar(
          domain, parallel_, cost, executor, workers);
      astar.set_skip_dominated(skip_dominated_, dominated_from_, supersets_);
      astar.set_fixed_shares(!balance_);
      astar.start(domain.initial_state(), limits);
      const search::Status status = run_astar(astar, cost, graph, limits, upper);
      return outcome(graph, domain, astar, status, cost, upper, cutoff.cut());
    }
    search::NullVisitor visitor;
    search::BestFirstSearch<ExactDomain, BoundedCost> astar(domain, workspace_, cost, visitor,
                                                            {.detect_duplicates = true,
                                                             .expand_best_child_directly = true,
                                                             .cost_before_lookup = true,
                                                             .skip_dominated = skip_dominated_,
                                                             .skip_dominated_from = dominated_from_,
                                                             .recent_keys = supersets_});
    astar.start(domain.initial_state(), limits);
    const search::Status status = run_astar(astar, cost, graph, limits, upper);
    return outcome(graph, domain, astar, status, cost, upper, cutoff.cut());
  }

  // An upper bound first: A* then keeps only nodes that can beat it, which
  // spares it most of its memory, and if none can, the bound is optimal.
  // The first beam is narrow: most boards are proven soon from its answer.
  // run_astar pauses A* for wider beams as it outgrows them (beam_due). A
  // runner's A* is not paused: its wider beams run here, before it
  // (docs/lab-notes.md).
  UpperBound beam_bound(const ClusterGraph& graph, const search::Limits& limits) {
    UpperBound upper;
    if (beam_width_ == 0) return upper;
    upper.known = solve_with_beam(graph, workspace_, beam_width_, limits, rules_, beam_lanes_,
                                  &times_);
    publish_answer(limits, upper.known);
    // The beams' peak memory (each runs on workspace_ from its own reset).
    upper.beam_peak = upper.known.peak_bytes;
    if (limits_passed(limits)) return upper;
    const BoundCutoff cutoff(limits);
    upper.start_bound = elimination_bound(graph, graph.initial_state(),
                                          std::numeric_limits<std::uint32_t>::max(), &cutoff);
    upper.width = beam_width_;
    if (astar_runner != nullptr)
      while (beam_due(upper) && !limits_passed(limits))
        widen_beam(graph, workspace_, limits, upper);
    return upper;
  }

  // Whether a wider beam is due: a beam run (not beam=0), widenings left,
  // and either the last beam was narrower than kFullBeam (a scout: cheap,
  // and often close enough to prove a small board with, but A* outgrowing
  // it is reason enough for a full one) or the answer is still kWideGap or
  // more above the start's lower bound (a board where A* may take far
  // longer than a beam).
  bool beam_due(const UpperBound& upper) const noexcept {
    return upper.width > 0 && upper.widenings < widenings_ &&
           (upper.width < kFullBeam || upper.known.moves.size() >= upper.start_bound + kWideGap);
  }

  // The expansions after which A* pauses for the next beam: as many as
  // that beam will expand (its width times the answer's moves), half as
  // many after a scout, whose answer is looser.
  std::uint64_t widen_after(const UpperBound& upper) const noexcept {
    const std::uint64_t nodes = upper.width * kWiderBeam * upper.known.moves.size();
    return upper.width < kFullBeam ? nodes / 2 : nodes;
  }

  // Runs a beam kWiderBeam times as wide as the last, on `ws`, and keeps
  // its answer when it is shorter. (`spent`: the expansions of an A*
  // paused for it, which the node limit counts too.)
  void widen_beam(const ClusterGraph& graph, search::Workspace& ws, const search::Limits& limits,
                  UpperBound& upper, std::uint64_t spent = 0) {
    Solution& known = upper.known;
    upper.width *= kWiderBeam;
    ++upper.widenings;
    search::Limits rest = limits;
    if (nodes_ > 0) rest.max_expansions = nodes_ - std::min(nodes_, known.expanded + spent);
    Solution wider = solve_with_beam(graph, ws, upper.width, rest, rules_, beam_lanes_, &times_);
    upper.beam_peak = std::max(upper.beam_peak, wider.peak_bytes);
    const std::uint64_t expanded = known.expanded + wider.expanded;
    const std::uint64_t generated = known.generated + wider.generated;
    const std::uint64_t pruned = known.pruned + wider.pruned;
    if (wider.moves.size() < known.moves.size()) known = std::move(wider);
    known.expanded = expanded;
    known.generated = generated;
    known.pruned = pruned;
    publish_answer(limits, known);
  }

  // Runs A* to its end, pausing it for wider beams and rise 2.
  //
  // While a wider beam is due (beam_due), A* pauses for a beam kWiderBeam
  // times as wide as the last once it has expanded as many nodes as that
  // beam will (its width times the answer's moves; half that after a
  // scout, widen_after): a search that outgrows the beam is worth a
  // tighter bound, and one that ends sooner never pays for it.
  // Only while more than kNearLayers layers of f lie between A*'s smallest
  // open f and the bound: nearer, a shorter answer spares A* little of a
  // search already heading for a goal (ties go to the deeper node), and
  // the beam rarely pays for itself.
  //
  // It pauses once more when it has expanded rise2_from_ nodes, or a
  // quarter as many for each layer of f beyond two between the smallest
  // open f and the bound (each layer multiplies the nodes still to
  // expand): a search that large will take far longer than wide beams, so
  // the wider beams still due and up to kLateWidenings more, each
  // kWiderBeam times as wide as the last, run then, and from then on the
  // bound's rise 2 (AStarBoundedCost) prunes the nodes of A*'s last layer.
  //
  // The beams run on late_workspace_, while A* keeps workspace_. A lower
  // bound leaves nodes on the open list whose f reaches it: A* ends,
  // exhausted, when the smallest open f does. Returns the search's status,
  // kExhausted for that end too.
  template <class Search>
  search::Status run_astar(Search& astar, BoundedCost& cost, const ClusterGraph& graph,
                           const search::Limits& limits, UpperBound& upper) {
    // No rise-2 pause with nothing to widen, without rise 2, or with rise 2
    // from the start (the pauses for wider beams come all the same).
    bool grown = beam_width_ == 0 || completion_ < 2 || rise2_from_ == 0;
    bool below = false;  // every open f reaches the bound
    bool widen = false;  // a wider beam is due
    const auto pause = [&](std::int64_t key, std::size_t) {
      if (key == search::kPruneKey) return false;  // nothing open: the search ends
      const std::uint64_t f = cost.bound_of_key(key);
      if (f >= cost.bound) return below = true;
      if (beam_due(upper) && cost.bound - f > kNearLayers &&
          astar.stats().expanded >= widen_after(upper))
        return widen = true;
      if (grown) return false;
      // Each layer of f still below the bound multiplies what A* has left
      // to expand: with more than two layers to go, pause sooner (not
      // while wider beams, which may take layers off, are still due).
      const std::uint64_t layers =
          beam_due(upper) ? 0 : std::min<std::uint64_t>(cost.bound - f, kFarLayers);
      const std::uint64_t from = rise2_from_ >> (2 * (std::max<std::uint64_t>(layers, 2) - 2));
      if (astar.stats().expanded < from) return false;
      return grown = true;
    };
    while (true) {
      const search::Status status = astar.run_until(pause);
      if (status != search::Status::kRunning) return status;
      if (below) return search::Status::kExhausted;
      // The beams get what A*, sequential or parallel, has left of the
      // limit: the parallel one holds its own workspace beside workspace_.
      const std::size_t held =
          astar.stats().peak_bytes + (astar.stats().workers > 1 ? workspace_.budget.used() : 0);
      search::Limits late = limits;
      if (limits.max_bytes > 0)
        late.max_bytes = limits.max_bytes - std::min<std::size_t>(limits.max_bytes, held);
      const std::uint64_t before = upper.beam_peak;
      const std::uint64_t beams_expanded = upper.known.expanded;
      upper.beam_peak = 0;
      if (widen) {
        widen = false;
        if (limits_passed(limits))
          upper.widenings = widenings_;  // no time for it: A* stops at its next step
        else
          widen_beam(graph, late_workspace_, late, upper, astar.stats().expanded);
      } else {
        // Nothing open: the search ends at its next step, and no beam helps.
        const std::int64_t open_key = astar.smallest_open_key();
        const std::uint64_t proven =
            open_key == search::kPruneKey ? cost.bound : cost.bound_of_key(open_key);
        // The wider beams still due first, then the late ones.
        while (beam_due(upper) && !limits_passed(limits))
          widen_beam(graph, late_workspace_, late, upper, astar.stats().expanded);
        upper.widenings = widenings_;
        for (std::uint32_t widening = 0;
             widening < kLateWidenings && upper.known.moves.size() > proven &&
             !limits_passed(limits);
             ++widening)
          widen_beam(graph, late_workspace_, late, upper, astar.stats().expanded);
        cost.rise = kMaxRise;  // rise 2 from now on
      }
      // Those beams' memory was held beside A*'s.
      upper.beam_peak = std::max(before, upper.beam_peak + held);
      late_workspace_.trim(0);
      // The node limit is the board's: A* has what those beams left of it.
      if (nodes_ > 0) astar.spend_expansions(upper.known.expanded - beams_expanded);
      cost.bound = std::min(cost.bound, static_cast<std::uint32_t>(upper.known.moves.size()));
    }
  }

  // A beam's answer is an upper bound on the board's optimum, for a
  // watcher of the search (Limits::progress).
  static void publish_answer(const search::Limits& limits, const Solution& answer) {
    if (limits.progress != nullptr && answer.moves.size() > 0)
      limits.progress->lower_upper_bound(answer.moves.size());
  }

  // The beams' answer when a limit passed before A* began: not proven.
  static Solution stopped_before_astar(UpperBound& upper) {
    Solution solution;
    solution.moves = std::move(upper.known.moves);
    solution.expanded = upper.known.expanded;
    solution.generated = upper.known.generated;
    solution.pruned = upper.known.pruned;
    solution.peak_bytes = upper.beam_peak;
    return solution;
  }

  // The search's outcome, sequential or parallel (the same interface).
  // bounds_cut: a limit cut a bound short (BoundCutoff), so neither a goal
  // nor an exhausted search proves anything.
  template <class Search>
  Solution outcome(const ClusterGraph& graph, const ExactDomain& domain, Search& astar,
                   search::Status status, const BoundedCost& cost, UpperBound& upper,
                   bool bounds_cut) {
    Solution solution;
    const search::Stats& stats = astar.stats();
    solution.expanded = upper.known.expanded + stats.expanded;
    solution.generated = upper.known.generated + stats.generated;
    solution.pruned = upper.known.pruned + stats.pruned;
    solution.workers = stats.workers;
    solution.wait_seconds = stats.wait_seconds;
    solution.parallel_seconds = times_.wall_seconds;
    solution.critical_seconds = times_.critical_seconds;
    solution.phases = stats.phases;
    // The sequential A* reuses workspace_, so its peak covers what the
    // beams left there; the parallel one holds its own workspace while
    // workspace_ keeps what the beams grew.
    const bool parallel = stats.workers > 1;
    solution.peak_bytes =
        std::max(upper.beam_peak, stats.peak_bytes + (parallel ? workspace_.budget.used() : 0));
    switch (status) {
      case search::Status::kSolved:  // cheaper than the bound, and optimal
        astar.path_to(astar.goal(), solution.moves);
        solution.proven_optimal = !bounds_cut;
        return solution;
      case search::Status::kExhausted:  // nothing beats the bound: it is optimal
        solution.moves = std::move(upper.known.moves);
        solution.proven_optimal = beam_width_ > 0 && !bounds_cut;
        return solution;
      default:
        break;
    }
    // Stopped by a limit: no solution costs less than the smallest f of
    // the open nodes (those a limit cut short included), nor than the
    // bound where the cost pruned the others (for an admissible h: not
    // where a bound was cut short, nor where nothing was left open).
    const std::int64_t open_key = astar.smallest_open_key();
    if (!bounds_cut && open_key != search::kPruneKey)
      solution.lower_bound = static_cast<std::uint32_t>(
          std::min<std::uint64_t>(cost.bound_of_key(open_key), cost.bound));
    // Stopped by a limit: the better of the bound and the most promising
    // open node completed greedily.
    ExactDomain::State state = domain.initial_state();
    const search::NodeId best = astar.best_open();
    if (best != search::kNoNode) {
      astar.path_to(best, solution.moves);
      astar.state_of(best, state);
    }
    play_greedy(graph, state.marker, solution.moves);
    if (beam_width_ > 0 && upper.known.moves.size() <= solution.moves.size())
      solution.moves = std::move(upper.known.moves);
    return solution;
  }

  static constexpr std::uint32_t kWideGap = 5;
  static constexpr std::size_t kFullBeam = 16;  // narrower beams are scouts (beam_due)
  static constexpr std::size_t kWiderBeam = 4;
  static constexpr std::uint32_t kLateWidenings = 2;
  static constexpr std::uint64_t kNearLayers = 2;  // run_astar: no wider beam this near the end
  static constexpr std::uint64_t kFarLayers = 4;  // run_astar's pause: 16 times sooner at most

  search::Workspace workspace_;         // kept across the boards this instance solves
  search::Workspace late_workspace_;    // run_astar's beams, while A* holds workspace_
  search::ParallelWorkspace parallel_;  // the same, for the parallel search
  std::int64_t memory_mib_;
  double seconds_;
  std::uint64_t nodes_;
  std::size_t beam_width_;
  std::uint32_t widenings_;
  std::uint32_t completion_;  // completion_bound's max_rise; 0: elimination_bound
  std::size_t rise2_from_;    // run_astar's pause
  RiseLimits rise_limits_;
  ExactRules rules_;
  bool skip_dominated_;  // BestFirstOptions::skip_dominated, or the parallel search's
  std::size_t dominated_from_;
  std::size_t supersets_;       // BestFirstOptions::recent_keys
  std::size_t beam_lanes_ = 1;  // the beams' workers: A*'s
  ExecutorTimes times_;         // what the parallel parts of a solve took
  std::size_t threads_;         // 0: SolveContext::workers
  bool balance_;
};

using P = AStarParams;

const SolverRegistration kAStar{SolverDescription<P>{
    .name = "astar",
    .summary = "exact: a beam search's answer is the bound to beat, then A* with the "
               "completion bound, dominance, neutral and commutation pruning and "
               "dominated nodes skipped, widening its beam and raising its bound once "
               "it grows large; optimal unless a limit stops it (then the better answer "
               "found, not proven)",
    .family = SolverFamily::kExact,
    .params = {memory_param<P>(),
               seconds_param<P>(),
               nodes_param<P>("expansion limit per board (0: none; every node is kept, so memory "
                              "bounds it)"),
               {&P::beam, "beam", 0, 1 << 20,
                "width of the beam search run first for an upper bound (0: none); "
                "then wider beams (widenings), and twice more when A* has expanded "
                "rise2_from nodes"},
               {&P::widenings, "widenings", 0, 8,
                "the wider beams run at most, each 4 times as wide as the last: after "
                "a beam narrower than 16 whatever its answer, else while the answer "
                "stays 5 or more above the start's lower bound; A* pauses for each once "
                "it has expanded as many nodes as that beam will (half as many after "
                "one narrower than 16), while more than two layers of f lie between its "
                "smallest open f and the answer"},
               completion_param<P>(
                   "the completion bound's largest rise: the elimination bound, raised "
                   "by up to this where no colour can be complete as early as it "
                   "assumes (0: the elimination bound alone; 1: rise 1 throughout; 2: "
                   "rise 2 too, as walk and rise2_from say)"),
               {&P::walk, "walk", 0, 1000,
                "with completion=2: rise 2 is tried only where its test walks at most "
                "this many moves, and only to prune (0: everywhere)"},
               {&P::rise2_from, "rise2_from", 0, 1e15,
                "with completion=2: once A* has expanded this many nodes (4 times fewer "
                "for each layer of f beyond two still below the bound, 16 at most, once "
                "the wider beams due have run) it pauses for the wider beams still due "
                "and two more, then tries rise 2 (0: rise 2 from the start, and no such "
                "pause); a small search spends more on rise 2's walks than they spare it"},
               {&P::dominance, "dominance", 0, 1,
                "1: a state with a dominant move offers it alone (0: off, for ablation)"},
               {&P::neutral, "neutral", 0, 1, "1: neutral moves are dropped (0: off)"},
               {&P::commutation, "commutation", 0, 1,
                "1: moves commuted for their order alone are dropped (0: off)"},
               {&P::dominated, "dominated", 0, 1,
                "1: a node is not expanded when a node reached in as few moves whose "
                "region is its region plus one frontier cluster, or plus one colour's "
                "frontier clusters, or, among those stored last, any strict superset of "
                "its region is known: fewer nodes, each dearer (0: off)"},
               {&P::dominated_from, "dominated_from", 0, 1e15,
                "with dominated=1, the nodes A* stores before it looks for dominated "
                "ones (small searches gain little from the check)"},
               {&P::supersets, "supersets", 0, 1 << 20,
                "with dominated=1, the regions stored last, per depth and region "
                "size, that a node's region is checked against for a strict superset "
                "(0: none; larger rings find more but cost more a lookup)"},
               {&P::threads, "threads", 0, 1024,
                "workers of the A* search (0: every thread of the run when fewer "
                "boards are left to start than the run has threads, else 1; 1: the "
                "sequential search); more than --threads share its threads"},
               {&P::balance, "balance", 0, 1,
                "with several workers: 1: each takes the next chunk of a step's nodes "
                "when done with its last, so a slow node or core holds no one up; 0: "
                "each expands one equal share fixed in advance (the same search; for "
                "measuring on one thread what each step's longest share takes)"}},
    .exact = true,
    // walk and rise2_from shape rise 2, which completion below 2 never
    // tries: a value other than their default is refused there rather than
    // silently doing nothing.
    .refuse = [](const P& p) -> std::string {
      const auto needs_rise2 = [&](const std::string& setting) {
        return setting + " shapes the completion bound's rise 2, so it needs completion=2 (here "
                         "completion=" +
               format_param(p.completion) + ")";
      };
      if (p.completion >= 2) return {};
      if (p.walk != kDefaultWalk) return needs_rise2("walk=" + format_param(p.walk));
      if (p.rise2_from != kDefaultRise2From)
        return needs_rise2("rise2_from=" + std::to_string(p.rise2_from));
      return {};
    },
    .make = [](const P& p) { return std::make_unique<AStar>(p); }}};

}  // namespace

void set_astar_runner(AStarRunner* runner) noexcept {
  astar_runner = runner;
}

}  // namespace colorwalk
