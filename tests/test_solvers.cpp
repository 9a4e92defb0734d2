#include "colorwalk/replay.hpp"
#include "colorwalk/solver.hpp"
#include "colorwalk/sources.hpp"

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
  EXPECT_EQ(spec_error("nope").rfind("unknown solver 'nope' (known: ", 0), 0u);
  EXPECT_EQ(spec_error("greedy:depth=3"),
            "solver 'greedy' has no parameter 'depth' (it takes none)");
  EXPECT_EQ(spec_error("greedy:"), "solver spec 'greedy:' has an empty parameter list");
  EXPECT_EQ(spec_error("greedy:depth"),
            "solver spec 'greedy:depth': expected KEY=VALUE, got 'depth'");
}

TEST(Registry, ParsesTypedParametersWithRanges) {
  SolverRegistry r;
  r.add({.name = "probe",
         .summary = "test solver",
         .params = {{"depth", 3, 1, 8, true, "look-ahead"}, {"w", 1.5, 1, 10, false, "weight"}},
         .make = [](const ParamValues&) -> std::unique_ptr<Solver> { return nullptr; }});
  const SolverSpec d = r.parse("probe");
  EXPECT_EQ(d.values.get_int("depth"), 3);
  EXPECT_DOUBLE_EQ(d.values.get("w"), 1.5);
  const SolverSpec s = r.parse("probe:depth=5,w=2.25");
  EXPECT_EQ(s.values.get_int("depth"), 5);
  EXPECT_DOUBLE_EQ(s.values.get("w"), 2.25);
  EXPECT_THROW(r.parse("probe:depth=9"), SpecError);
  EXPECT_THROW(r.parse("probe:depth=2.5"), SpecError);
  EXPECT_THROW(r.parse("probe:depth=x"), SpecError);
  EXPECT_THROW(r.parse("probe:w=nan"), SpecError);
  SolverInfo again = *r.find("probe");
  EXPECT_THROW(r.add(std::move(again)), std::logic_error);
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
