// Exact solving: the lower bounds and pruning rules against exhaustive
// search, `astar` against exhaustive search and against the public datasets'
// optimal solutions.
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <random>

#include <gtest/gtest.h>

#include "colorwalk/board_io.hpp"
#include "colorwalk/bounds.hpp"
#include "colorwalk/replay.hpp"
#include "colorwalk/solver.hpp"
#include "colorwalk/sources.hpp"
#include "random_boards.hpp"

using namespace colorwalk;

namespace {

std::filesystem::path datasets_dir() {
  if (const char* env = std::getenv("COLORWALK_DATASETS")) return env;
  return COLORWALK_DATASETS_DIR;
}

// Commutation at `s`, reached from `parent` by `last` (`fold`: of the
// clusters it took): every move it skips reaches a subset of what playing
// it before `last` reaches, and a proper subset unless it comes first in
// colour order. Knowing the fold skips at least what not knowing it skips.
// Returns the number of moves skipped.
int check_commuted(const ClusterGraph& g, const MarkerState& parent, const MarkerState& s,
                   Color last, std::uint32_t fold) {
  const std::uint64_t skip = commuted_moves(g, s, last, g.useful_moves(s), fold);
  const std::uint64_t blind = commuted_moves(g, s, last, g.useful_moves(s));
  EXPECT_EQ(blind & ~skip, 0u) << "the fold skipped less";
  int skipped = 0;
  for (Color c = 0; c < g.colors(); ++c) {
    if (((skip >> c) & 1) == 0) continue;
    MarkerState late = s;
    EXPECT_FALSE(g.apply(late, c).wasted());
    MarkerState early = parent;
    EXPECT_FALSE(g.apply(early, c).wasted()) << "colour " << int{c};
    g.apply(early, last);
    bool subset = true;
    for (std::size_t w = 0; w < g.set_words(); ++w)
      subset &= (late.absorbed()[w] & ~early.absorbed()[w]) == 0;
    EXPECT_TRUE(subset) << "commuted move " << int{c} << " after " << int{last};
    EXPECT_TRUE(late != early || c < last) << "commuted move " << int{c} << " after " << int{last};
    ++skipped;
  }
  return skipped;
}

}  // namespace

// On boards of more than 32 clusters, where the fold of the clusters a move
// took also covers clusters it did not take.
TEST(Bounds, CommutationWithAFoldOfTheClustersTakenOnLargerBoards) {
  std::mt19937_64 rng(8128);
  int states = 0;
  int skipped = 0;
  int more = 0;  // states where the fold skipped more than no fold
  for (int trial = 0; trial < 200; ++trial) {
    const Board board =
        colorwalk::testing::random_board(rng, 8, 16, 3, 7, colorwalk::testing::random_rules(rng));
    const ClusterGraph g(board);
    MarkerState s = g.initial_state();
    while (!g.is_cleared(s)) {
      const std::uint64_t useful = g.useful_moves(s);
      std::vector<Color> options;
      for (Color c = 0; c < g.colors(); ++c)
        if ((useful >> c) & 1) options.push_back(c);
      const Color move = options[rng() % options.size()];
      const bool full = !dominant_move(g, s);
      const MarkerState parent = s;
      std::uint32_t fold = 0;
      g.apply(s, move, [&](ClusterId x) { fold |= fold_bit(x); });
      if (!full || g.is_cleared(s)) continue;
      int n = 0;
      ASSERT_NO_FATAL_FAILURE(n = check_commuted(g, parent, s, move, fold)) << "trial " << trial;
      ASSERT_FALSE(::testing::Test::HasFailure()) << "trial " << trial;
      skipped += n;
      more += commuted_moves(g, s, move, g.useful_moves(s), fold) !=
              commuted_moves(g, s, move, g.useful_moves(s));
      ++states;
    }
  }
  EXPECT_GT(states, 3000);
  EXPECT_GT(skipped, 1000);  // exercised, not vacuous
  EXPECT_GT(more, 100);
}

TEST(Bounds, AdmissibleAndPruningRulesKeepAnOptimalMove) {
  std::mt19937_64 rng(5150);
  int states = 0;
  int dominant = 0;
  int neutral = 0;
  int commuted = 0;
  int tight = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const Board board =
        colorwalk::testing::random_board(rng, 3, 6, 3, 5, colorwalk::testing::random_rules(rng));
    const ClusterGraph g(board);
    MarkerState s = g.initial_state();
    MarkerState parent;     // the state before the last move
    Color last = kNoColor;  // the last move, when `parent` had no dominant move
    std::uint32_t fold = kUnknownFold;  // of the clusters the last move took
    while (!g.is_cleared(s)) {
      const std::uint32_t exact = colorwalk::testing::exhaustive_optimum(g, s);
      if (last != kNoColor) {
        int skipped = 0;
        ASSERT_NO_FATAL_FAILURE(skipped = check_commuted(g, parent, s, last, fold));
        commuted += skipped;
      }
      ASSERT_LE(colors_left(g, s), exact) << "trial " << trial;
      ASSERT_LE(distance_bound(g, s), exact) << "trial " << trial;
      ASSERT_LE(elimination_bound(g, s), exact) << "trial " << trial;
      tight += elimination_bound(g, s) == exact ? 1 : 0;
      if (const auto d = dominant_move(g, s)) {
        MarkerState child = s;
        ASSERT_FALSE(g.apply(child, *d).wasted());
        ASSERT_EQ(1 + colorwalk::testing::exhaustive_optimum(g, child), exact)
            << "dominant move, trial " << trial;
        ++dominant;
      } else {
        const std::uint64_t skip = neutral_moves(g, s);
        for (Color c = 0; c < g.colors(); ++c) {
          if (((skip >> c) & 1) == 0) continue;
          MarkerState child = s;
          ASSERT_FALSE(g.apply(child, c).wasted());
          ASSERT_GT(1 + colorwalk::testing::exhaustive_optimum(g, child), exact)
              << "neutral move, trial " << trial;
          ++neutral;
        }
      }
      ++states;
      // Walk on along a random useful move.
      std::uint64_t useful = g.useful_moves(s);
      std::vector<Color> options;
      for (Color c = 0; c < g.colors(); ++c)
        if ((useful >> c) & 1) options.push_back(c);
      const Color move = options[rng() % options.size()];
      parent = s;
      last = dominant_move(g, s) ? kNoColor : move;
      fold = 0;
      g.apply(s, move, [&](ClusterId x) { fold |= fold_bit(x); });
    }
  }
  EXPECT_GT(states, 1500);
  EXPECT_GT(dominant, 300);  // the rules were exercised, not vacuous
  EXPECT_GT(neutral, 30);
  EXPECT_GT(commuted, 100);
  EXPECT_GT(tight, states / 3);
}

TEST(AStar, AgreesWithExhaustiveSearchOnSmallBoards) {
  std::mt19937_64 rng(77);
  auto astar = builtin_solvers().parse("astar").make();
  int boards = 0;
  for (int trial = 0; trial < 500; ++trial) {
    const Board board =
        colorwalk::testing::random_board(rng, 3, 7, 3, 5, colorwalk::testing::random_rules(rng));
    const ClusterGraph g(board);
    const Solution s = astar->solve(g, SolveContext{});
    ASSERT_TRUE(s.proven_optimal) << "trial " << trial;
    ASSERT_EQ(s.moves.size(), colorwalk::testing::exhaustive_optimum(g, g.initial_state()))
        << "trial " << trial;
    ASSERT_TRUE(replay(g, s.moves).ok()) << "trial " << trial;
    ++boards;
  }
  EXPECT_EQ(boards, 500);
}

TEST(AStar, AtALimitReturnsAValidUnprovenSolution) {
  // The articles' board 1 (optimum 30) needs about 100 MiB and 370,000
  // expansions to be proven.
  const Board board = ArticlesSource(2).board(1);
  const ClusterGraph g(board);
  for (const char* spec : {"astar:nodes=50", "astar:memory=16"}) {
    const Solution s = builtin_solvers().parse(spec).make()->solve(g, SolveContext{});
    EXPECT_FALSE(s.proven_optimal) << spec;
    EXPECT_TRUE(replay(g, s.moves).ok()) << spec;
    EXPECT_GE(s.moves.size(), 30u) << spec;
  }
  std::atomic<bool> cancel{true};
  const Solution c = builtin_solvers().parse("astar").make()->solve(g, SolveContext{0, 0, &cancel});
  EXPECT_FALSE(c.proven_optimal);
  EXPECT_TRUE(replay(g, c.moves).ok());
}

struct DatasetCase {
  const char* name;
  BoardFormat format;
  StartSpec::Kind start;
};

class AStarDatasets : public ::testing::TestWithParam<DatasetCase> {};

TEST_P(AStarDatasets, MatchesTheOptimalFilesOnTheFirstFiftyBoards) {
  const DatasetCase& d = GetParam();
  const auto boards_path = (datasets_dir() / (std::string(d.name) + ".txt")).string();
  const auto optimal_path = (datasets_dir() / (std::string(d.name) + ".optimal.txt")).string();
  if (!std::filesystem::exists(boards_path) || !std::filesystem::exists(optimal_path))
    GTEST_SKIP() << "dataset " << d.name << " not found in " << datasets_dir()
                 << " (set COLORWALK_DATASETS to the folder holding it)";
  const auto boards = load_boards(boards_path, d.format);
  const auto optimal = load_solution_lines(optimal_path);
  auto astar = builtin_solvers().parse("astar").make();
  for (std::size_t i = 0; i < 50; ++i) {
    Board board = boards[i];
    board.set_rules(Rules::kFloodIt, StartSpec{d.start, {}});
    const ClusterGraph g(board);
    const Solution s = astar->solve(g, SolveContext{i, 0, nullptr});
    ASSERT_TRUE(s.proven_optimal) << d.name << " board " << i;
    EXPECT_EQ(s.moves.size(), optimal[i].symbols.size()) << d.name << " board " << i;
    EXPECT_TRUE(replay(g, s.moves).ok()) << d.name << " board " << i;
  }
}

INSTANTIATE_TEST_SUITE_P(
    Public, AStarDatasets,
    ::testing::Values(DatasetCase{"pc19-tiles", BoardFormat::kLine, StartSpec::Kind::kTopLeft},
                      DatasetCase{"b10c15n1000", BoardFormat::kLine, StartSpec::Kind::kTopLeft},
                      DatasetCase{"floodtest-1000", BoardFormat::kGrid, StartSpec::Kind::kCenter}),
    [](const auto& param_info) {
      std::string n = param_info.param.name;
      for (char& c : n)
        if (c == '-') c = '_';
      return n;
    });
