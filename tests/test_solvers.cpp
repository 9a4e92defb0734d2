#include "game/replay.hpp"
#include "game/sources.hpp"
#include "registry/registry.hpp"

#include <gtest/gtest.h>

using namespace colorwalk;

namespace {

Solution solve_with(const std::string& spec, const Board& board) {
  const ClusterGraph g(board);
  return builtin_solvers().parse(spec).make()->solve(g, SolveContext{});
}

std::string spec_error(const std::string& spec) {
  try {
    builtin_solvers().parse(spec);
  } catch (const SpecError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST(Registry, KnowsTheFoundationSolvers) {
  ASSERT_NE(builtin_solvers().find("greedy"), nullptr);
  ASSERT_NE(builtin_solvers().find("round-robin"), nullptr);
  EXPECT_TRUE(builtin_solvers().find("round-robin")->wasted_moves);
  EXPECT_FALSE(builtin_solvers().find("greedy")->wasted_moves);
  EXPECT_EQ(builtin_solvers().find("nope"), nullptr);
}

TEST(Registry, SpecErrorsNameTheProblem) {
  EXPECT_EQ(spec_error("nope"), "unknown solver 'nope' (`colorwalk list` shows every solver)");
  EXPECT_EQ(spec_error("gredy"),
            "unknown solver 'gredy'; did you mean 'greedy'? (`colorwalk list` shows every solver)");
  EXPECT_EQ(spec_error("greedy:depth=3"),
            "solver 'greedy' has no parameter 'depth' (it takes none)");
  EXPECT_EQ(spec_error("greedy:"), "solver spec 'greedy:' has an empty parameter list");
  EXPECT_EQ(spec_error("greedy:depth"),
            "solver spec 'greedy:depth': expected KEY=VALUE, got 'depth'");
}

// A solver description's parameters: fields of a struct, by name.
struct ProbeParams {
  unsigned depth = 3;
  double w = 1.5;
  bool flag = false;
};

// The parameters the probe's factory was last given.
ProbeParams last_probe;

SolverDescription<ProbeParams> probe(std::string name, ProbeParams defaults = {}) {
  return {.name = std::move(name),
          .summary = "test solver",
          .params = {{&ProbeParams::depth, "depth", 1, 8, "look-ahead"},
                     {&ProbeParams::w, "w", 1, 10, "weight"},
                     {&ProbeParams::flag, "flag", 0, 1, "a switch"}},
          .defaults = defaults,
          .make = [](const ProbeParams& p) -> std::unique_ptr<Solver> {
            last_probe = p;
            return nullptr;
          }};
}

TEST(Registry, ParsesSpecsOnceIntoTheTypedParameters) {
  SolverRegistry r;
  r.add(probe("probe"));
  const SolverInfo& info = *r.find("probe");
  ASSERT_EQ(info.params.size(), 3u);
  EXPECT_EQ(info.params[0].name, "depth");
  EXPECT_TRUE(info.params[0].integer);
  EXPECT_DOUBLE_EQ(info.params[0].default_value, 3);
  EXPECT_FALSE(info.params[1].integer);
  EXPECT_DOUBLE_EQ(info.params[1].default_value, 1.5);
  EXPECT_TRUE(info.params[2].integer);

  r.parse("probe").make();
  EXPECT_EQ(last_probe.depth, 3u);
  EXPECT_DOUBLE_EQ(last_probe.w, 1.5);
  EXPECT_FALSE(last_probe.flag);
  const SolverSpec s = r.parse("probe:depth=5,w=2.25,flag=1");
  last_probe = {};
  s.make();  // each instance gets the values parsed once
  EXPECT_EQ(last_probe.depth, 5u);
  EXPECT_DOUBLE_EQ(last_probe.w, 2.25);
  EXPECT_TRUE(last_probe.flag);
  EXPECT_THROW(r.parse("probe:depth=9"), SpecError);
  EXPECT_THROW(r.parse("probe:depth=2.5"), SpecError);
  EXPECT_THROW(r.parse("probe:depth=x"), SpecError);
  EXPECT_THROW(r.parse("probe:w=nan"), SpecError);
  EXPECT_THROW(r.parse("probe:flag=2"), SpecError);
  EXPECT_THROW(r.add(probe("probe")), std::logic_error);
}

TEST(Registry, RefusesTheCombinationsASolverNames) {
  SolverRegistry r;
  SolverDescription<ProbeParams> d = probe("probe");
  d.refuse = [](const ProbeParams& p) -> std::string {
    return p.flag && p.depth > 4 ? "flag=1 needs depth=4 or less" : "";
  };
  r.add(d);
  SolverDescription<ProbeParams> flagged = probe("flagged", {.depth = 6, .flag = true});
  flagged.refuse = d.refuse;
  r.add(flagged);
  const auto error = [&](const std::string& spec) -> std::string {
    try {
      r.parse(spec);
    } catch (const SpecError& e) {
      return e.what();
    }
    return "no error";
  };
  EXPECT_EQ(error("probe:flag=1,depth=5"),
            "solver spec 'probe:flag=1,depth=5': flag=1 needs depth=4 or less");
  EXPECT_EQ(error("probe:depth=5,flag=1"),
            "solver spec 'probe:depth=5,flag=1': flag=1 needs depth=4 or less");
  // The defaults count as given: a spec that leaves them is refused too.
  EXPECT_EQ(error("flagged"), "solver spec 'flagged': flag=1 needs depth=4 or less");
  EXPECT_EQ(error("flagged:w=2"), "solver spec 'flagged:w=2': flag=1 needs depth=4 or less");
  last_probe = {};
  r.parse("flagged:depth=4").make();
  EXPECT_EQ(last_probe.depth, 4u);
  EXPECT_TRUE(last_probe.flag);
  r.parse("probe:depth=5").make();
  EXPECT_EQ(last_probe.depth, 5u);
  EXPECT_FALSE(last_probe.flag);
  EXPECT_FALSE(r.find("probe")->refuse == nullptr);
}

// walk and rise2_from shape rise 2: set to anything but their defaults
// where the bound has no rise 2, they are refused.
TEST(Registry, AStarRefusesRiseTwoSettingsWithoutRiseTwo) {
  EXPECT_EQ(spec_error("astar:completion=1,walk=7"),
            "solver spec 'astar:completion=1,walk=7': walk=7 shapes the completion bound's "
            "rise 2, so it needs completion=2 (here completion=1)");
  EXPECT_EQ(spec_error("astar:completion=0,walk=3"),
            "solver spec 'astar:completion=0,walk=3': walk=3 shapes the completion bound's "
            "rise 2, so it needs completion=2 (here completion=0)");
  EXPECT_EQ(spec_error("astar:completion=1,rise2_from=0"),
            "solver spec 'astar:completion=1,rise2_from=0': rise2_from=0 shapes the "
            "completion bound's rise 2, so it needs completion=2 (here completion=1)");
  EXPECT_EQ(spec_error("astar:completion=1"), "no error");
  EXPECT_EQ(spec_error("astar:walk=7"), "no error");
  EXPECT_EQ(spec_error("astar:completion=2,walk=0,rise2_from=0"), "no error");
  EXPECT_EQ(spec_error("astar"), "no error");
}

TEST(Registry, DefaultsComeFromTheDescription) {
  SolverRegistry r;
  r.add(probe("deep", {.depth = 7}));
  EXPECT_DOUBLE_EQ(r.find("deep")->params[0].default_value, 7);
  r.parse("deep").make();
  EXPECT_EQ(last_probe.depth, 7u);
}

TEST(Registry, OrdersSolversByFamilyThenName) {
  SolverRegistry r;
  auto exact = probe("a-exact");
  exact.family = SolverFamily::kExact;
  r.add(std::move(exact));
  r.add(probe("zz"));
  r.add(probe("b"));
  ASSERT_EQ(r.all().size(), 3u);
  EXPECT_EQ(r.all()[0].name, "b");
  EXPECT_EQ(r.all()[1].name, "zz");
  EXPECT_EQ(r.all()[2].name, "a-exact");
}

TEST(Greedy, TakesTheLargestGainAndBreaksTiesLow) {
  // Flood-it from the top-left 0, whose cluster is that cell alone:
  //   0 1 1      colour 1 would add the two 1s of the top row,
  //   2 0 0      colour 2 the three 2s of the left column.
  //   2 2 1
  const Board b = Board::make(3, 3, {0, 1, 1, 2, 0, 0, 2, 2, 1}, "012", Rules::kFloodIt);
  const Solution s = solve_with("greedy", b);
  ASSERT_FALSE(s.moves.empty());
  EXPECT_EQ(s.moves.front(), 2);
  EXPECT_TRUE(replay(ClusterGraph(b), s.moves).ok());
  // A tie (one cell each) goes to the lowest colour.
  const Board tie = Board::make(3, 1, {2, 1, 0}, "012", Rules::kColorWalk, {0, 1});
  EXPECT_EQ(solve_with("greedy", tie).moves, (std::vector<Color>{0, 2}));
}

TEST(Greedy, ArticlesFirstBoardTakesFortyMoves) {
  const Board b = ArticlesSource(1).board(0);
  const Solution s = solve_with("greedy", b);
  EXPECT_EQ(s.moves.size(), 40u);
  EXPECT_EQ(moves_to_string(b, s.moves).substr(0, 6), "340214");
  EXPECT_TRUE(replay(ClusterGraph(b), s.moves).ok());
  EXPECT_FALSE(s.proven_optimal);
}

TEST(RoundRobin, CyclesFromColorZeroAndCountsWastedMoves) {
  const Board b = Board::make(4, 1, {0, 2, 1, 2}, "012", Rules::kColorWalk);
  const Solution s = solve_with("round-robin", b);
  // 0 wasted, 1 wasted, 2 clears (0,1), 0 wasted, 1 clears (0,2), 2 clears (0,3).
  EXPECT_EQ(s.moves, (std::vector<Color>{0, 1, 2, 0, 1, 2}));
  EXPECT_FALSE(replay(ClusterGraph(b), s.moves).ok());
  EXPECT_TRUE(replay(ClusterGraph(b), s.moves, WastedMoves::kAllow).ok());
}
