// The articles' greedy look-ahead and metric heuristics (parts 5 and 6):
// greedy-look-ahead, max-perimeter, perimeter-area, deep-path, path-area and
// their look-ahead versions. All are one loop (play_look_ahead) over one
// look-ahead (look_ahead.hpp) with a metric schedule and a depth; `greedy`
// itself keeps its own, simpler loop (greedy.cpp) and equals depth 1 with
// the area metric.
#include "articles/look_ahead.hpp"
#include "registry/limit_params.hpp"
#include "registry/registry.hpp"

namespace colorwalk {

namespace {

// Past its time limit (or once cancelled) a look-ahead or metric solver
// plays greedy moves (the area metric) for the rest of the board: the
// depth-1 choice of a slow metric can take long on a large board too
// (deep-path plays very many moves on a large board).
class Heuristic final : public Solver {
 public:
  Heuristic(MetricSchedule schedule, unsigned depth, bool legacy = false, double seconds = 0)
      : schedule_(schedule), depth_(depth), legacy_(legacy), seconds_(seconds) {}

  Solution solve(const ClusterGraph& graph, const SolveContext& context) override {
    const std::uint64_t before = look_ahead_.expanded();
    look_ahead_.set_limits(search_limits(graph, context, 0, seconds_));
    Solution solution;
    solution.moves = play_look_ahead(graph, look_ahead_, schedule_, depth_, legacy_);
    solution.expanded = look_ahead_.expanded() - before;
    look_ahead_.clear_limits();
    return solution;
  }

 private:
  MetricSchedule schedule_;
  unsigned depth_;
  bool legacy_;
  double seconds_;        // 0: none
  LookAhead look_ahead_;  // workspace kept between boards
};

// The parameters of every look-ahead solver; each declares those it takes.
struct LookAheadParams {
  unsigned depth = 2;
  std::uint32_t switch_at = 0;  // moves with the early metric (hybrids)
  bool legacy = false;
  double seconds = 600;
};

Param<LookAheadParams> depth_param() {
  return {&LookAheadParams::depth, "depth", 1, 8,
          "moves per look-ahead sequence (the articles' max_moves); 1 is the plain greedy choice"};
}

Param<LookAheadParams> switch_param(const char* metric) {
  return {
      &LookAheadParams::switch_at, "switch", 0, 1000,
      std::string("moves played with the ") + metric + " metric before the area metric takes over"};
}

// The help of their `seconds` (seconds_param, limit_params.hpp).
constexpr const char* kSecondsHelp =
    "time limit per board, s (0: none); past it greedy moves finish the board";

Param<LookAheadParams> legacy_param() {
  return {&LookAheadParams::legacy, "legacy", 0, 1,
          "1: the look-ahead as the articles measured it before their part-7 fix "
          "(repeated and wasted moves act as passes)"};
}

// A fixed-depth solver (depth 1) and its look-ahead version; a hybrid plays
// `early` for its first `switch` moves (default `early_moves`), then area.
void add_pair(SolverRegistry& registry, const std::string& name, const std::string& what,
              Metric early, std::uint32_t early_moves, const char* early_name) {
  const bool hybrid = early_moves > 0;
  auto schedule_of = [=](const LookAheadParams& p) {
    return hybrid ? MetricSchedule{early, p.switch_at, Metric::kArea} : MetricSchedule::only(early);
  };
  std::vector<Param<LookAheadParams>> plain;
  if (hybrid) plain.push_back(switch_param(early_name));
  plain.push_back(seconds_param<LookAheadParams>(kSecondsHelp));
  std::vector<Param<LookAheadParams>> deep{depth_param()};
  if (hybrid) deep.push_back(switch_param(early_name));
  deep.push_back(legacy_param());
  deep.push_back(seconds_param<LookAheadParams>(kSecondsHelp));
  const LookAheadParams defaults{.switch_at = early_moves};
  registry.add(SolverDescription<LookAheadParams>{
      .name = name,
      .summary = "plays the color with the best " + what,
      .family = SolverFamily::kArticles,
      .params = plain,
      .defaults = defaults,
      .make = [=](const LookAheadParams& p) -> std::unique_ptr<Solver> {
        return std::make_unique<Heuristic>(schedule_of(p), 1, false, p.seconds);
      }});
  registry.add(SolverDescription<LookAheadParams>{
      .name = name + "-look-ahead",
      .summary = "first move of the move sequence with the best " + what,
      .family = SolverFamily::kArticles,
      .params = deep,
      .defaults = defaults,
      .make = [=](const LookAheadParams& p) -> std::unique_ptr<Solver> {
        return std::make_unique<Heuristic>(schedule_of(p), p.depth, p.legacy, p.seconds);
      }});
}

void add_look_ahead_solvers(SolverRegistry& registry) {
  registry.add(SolverDescription<LookAheadParams>{
      .name = "greedy-look-ahead",
      .summary = "first move of the move sequence that clears the most cells",
      .family = SolverFamily::kArticles,
      .params = {depth_param(), legacy_param(), seconds_param<LookAheadParams>(kSecondsHelp)},
      .make = [](const LookAheadParams& p) -> std::unique_ptr<Solver> {
        return std::make_unique<Heuristic>(MetricSchedule::only(Metric::kArea), p.depth, p.legacy,
                                           p.seconds);
      }});
  add_pair(registry, "max-perimeter",
           "perimeter (cell edges between newly cleared and uncleared cells; area when 0)",
           Metric::kPerimeter, 0, "perimeter");
  add_pair(registry, "perimeter-area", "perimeter for the first `switch` moves, then area",
           Metric::kPerimeter, 20, "perimeter");
  add_pair(registry, "deep-path", "perimeter/area ratio (long, narrow paths)", Metric::kPathRatio,
           0, "perimeter/area");
  add_pair(registry, "path-area", "perimeter/area ratio for the first `switch` moves, then area",
           Metric::kPathRatio, 12, "perimeter/area");
}

const SolverRegistration kLookAheadSolvers{add_look_ahead_solvers};

}  // namespace

}  // namespace colorwalk
