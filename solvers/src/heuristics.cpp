// The articles' greedy look-ahead and metric heuristics (parts 5 and 6):
// greedy-look-ahead, max-perimeter, perimeter-area, deep-path, path-area and
// their look-ahead versions. All are one loop (play_look_ahead) over one
// look-ahead (look_ahead.hpp) with a metric schedule and a depth; `greedy`
// itself keeps its own, simpler loop (greedy.cpp) and equals depth 1 with
// the area metric.
#include "colorwalk/look_ahead.hpp"
#include "colorwalk/solver.hpp"

namespace colorwalk {

namespace {

class Heuristic final : public Solver {
 public:
  Heuristic(MetricSchedule schedule, unsigned depth, bool legacy = false)
      : schedule_(schedule), depth_(depth), legacy_(legacy) {}

  Solution solve(const ClusterGraph& graph, const SolveContext&) override {
    const std::uint64_t before = look_ahead_.expanded();
    Solution solution;
    solution.moves = play_look_ahead(graph, look_ahead_, schedule_, depth_, legacy_);
    solution.expanded = look_ahead_.expanded() - before;
    return solution;
  }

 private:
  MetricSchedule schedule_;
  unsigned depth_;
  bool legacy_;
  LookAhead look_ahead_;  // workspace kept between boards
};

ParamSpec depth_param() {
  return {"depth",
          2,
          1,
          8,
          true,
          "moves per look-ahead sequence (the articles' max_moves); 1 is the plain greedy choice"};
}

ParamSpec switch_param(std::uint32_t moves, const char* metric) {
  return {
      "switch",
      static_cast<double>(moves),
      0,
      1000,
      true,
      std::string("moves played with the ") + metric + " metric before the area metric takes over"};
}

ParamSpec legacy_param() {
  return {"legacy",
          0,
          0,
          1,
          true,
          "1: the look-ahead as the articles measured it before their part-7 fix "
          "(repeated and wasted moves act as passes)"};
}

unsigned depth_of(const ParamValues& v) {
  return static_cast<unsigned>(v.get_int("depth"));
}
bool legacy_of(const ParamValues& v) {
  return v.get_int("legacy") != 0;
}
std::uint32_t switch_of(const ParamValues& v) {
  return static_cast<std::uint32_t>(v.get_int("switch"));
}

// A fixed-depth solver (depth 1) and its look-ahead version.
void add_pair(SolverRegistry& registry, const std::string& name, const std::string& what,
              Metric early, std::uint32_t early_moves, const char* early_name) {
  const bool hybrid = early_moves > 0;
  auto schedule_of = [=](const ParamValues& v) {
    return hybrid ? MetricSchedule{early, switch_of(v), Metric::kArea}
                  : MetricSchedule::only(early);
  };
  std::vector<ParamSpec> plain;
  if (hybrid) plain.push_back(switch_param(early_moves, early_name));
  std::vector<ParamSpec> deep{depth_param()};
  if (hybrid) deep.push_back(switch_param(early_moves, early_name));
  deep.push_back(legacy_param());
  registry.add({.name = name,
                .summary = "plays the color with the best " + what,
                .params = plain,
                .randomised = false,
                .wasted_moves = false,
                .exact = false,
                .make = [=](const ParamValues& v) -> std::unique_ptr<Solver> {
                  return std::make_unique<Heuristic>(schedule_of(v), 1);
                }});
  registry.add({.name = name + "-look-ahead",
                .summary = "first move of the move sequence with the best " + what,
                .params = deep,
                .randomised = false,
                .wasted_moves = false,
                .exact = false,
                .make = [=](const ParamValues& v) -> std::unique_ptr<Solver> {
                  return std::make_unique<Heuristic>(schedule_of(v), depth_of(v), legacy_of(v));
                }});
}

}  // namespace

void register_heuristics(SolverRegistry& registry) {
  registry.add({.name = "greedy-look-ahead",
                .summary = "first move of the move sequence that clears the most cells",
                .params = {depth_param(), legacy_param()},
                .randomised = false,
                .wasted_moves = false,
                .exact = false,
                .make = [](const ParamValues& v) -> std::unique_ptr<Solver> {
                  return std::make_unique<Heuristic>(MetricSchedule::only(Metric::kArea),
                                                     depth_of(v), legacy_of(v));
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

}  // namespace colorwalk
