// The articles' search-based solvers: bfs, dfs, dijkstra and the four
// dijkstra hybrids. Every solution must replay; bfs and an unbounded dfs must
// be optimal where their search covers the whole tree (A* says what optimal
// is); dijkstra's commit-and-restart path must work; everything must be
// deterministic, also with a solver instance reused from board to board.
#include <algorithm>
#include <array>
#include <atomic>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "articles/article_search.hpp"
#include "game/replay.hpp"
#include "exact/color_walk_domain.hpp"
#include "registry/registry.hpp"
#include "game/sources.hpp"
#include "search/best_first.hpp"
#include "search/bfs.hpp"

#include <gtest/gtest.h>

using namespace colorwalk;

namespace {

const std::array<const char*, 7> kNames = {"bfs",
                                           "dfs",
                                           "dijkstra",
                                           "greedy-dijkstra",
                                           "dijkstra-greedy",
                                           "dijkstra-dijkstra",
                                           "max-perimeter-dijkstra"};

// Specs that run every solver with its defaults and with the search from
// the first move (the prefixes would finish small boards by look-ahead
// alone), with small bounds that force the bounded paths.
const std::vector<std::string>& specs() {
  static const std::vector<std::string> all = {
      "bfs",
      "bfs:prefix=0",
      "bfs:prefix=2,frontier=8",
      "dfs",
      "dfs:prefix=0",
      "dfs:prefix=0,nodes=20",
      "dfs:prefix=3,depth=2,nodes=500",
      "dijkstra",
      "dijkstra:queue=10",
      "dijkstra:scale=3",
      "greedy-dijkstra",
      "greedy-dijkstra:prefix=3,depth=2",
      "greedy-dijkstra:prefix=2,queue=5",
      "dijkstra-greedy",
      "dijkstra-greedy:queue=5,depth=1",
      "dijkstra-dijkstra",
      "dijkstra-dijkstra:queue=5,scale2=2",
      "max-perimeter-dijkstra",
      "max-perimeter-dijkstra:prefix=2,depth=3,queue=7",
  };
  return all;
}

Solution solve_with(Solver& solver, const ClusterGraph& g) {
  return solver.solve(g, SolveContext{0, nullptr});
}

Solution solve_with(const std::string& spec, const ClusterGraph& g) {
  auto solver = builtin_solvers().parse(spec).make();
  return solve_with(*solver, g);
}

// A random board of min_side..max_side cells a side and 2..max_colors
// colours, with a random start cell.
Board random_board(std::mt19937_64& rng, Rules rules, std::uint32_t max_side,
                   std::uint32_t max_colors, std::uint32_t min_side = 1) {
  const std::uint32_t sides = max_side - min_side + 1;
  const auto w = static_cast<std::uint32_t>(rng() % sides + min_side);
  const auto h = static_cast<std::uint32_t>(rng() % sides + min_side);
  const auto k = static_cast<std::uint32_t>(rng() % (max_colors - 1) + 2);
  std::vector<Color> cells(std::size_t{w} * h);
  for (Color& c : cells)
    c = static_cast<Color>(rng() % k);
  const CellPos start{static_cast<std::uint32_t>(rng() % h), static_cast<std::uint32_t>(rng() % w)};
  return Board::make(w, h, std::move(cells), std::string(kSymbols.substr(0, k)), rules, start);
}

std::uint32_t optimum(const ClusterGraph& g) {
  const ColorWalkDomain domain(g);
  search::Workspace ws;
  const auto r = search::astar(domain, g.initial_state(), ws, {});
  EXPECT_EQ(r.status, search::Status::kSolved);
  return static_cast<std::uint32_t>(r.cost);
}

void expect_replays(const ClusterGraph& g, const Solution& s, const std::string& what) {
  const ReplayResult r = replay(g, s.moves);
  EXPECT_TRUE(r.ok()) << what << ": " << s.moves.size() << " moves, problem "
                      << static_cast<int>(r.problem) << " at move " << r.bad_move << ", "
                      << r.cells_left << " cells left";
}

}  // namespace

TEST(SearchSolvers, RegisteredWithTheirParameters) {
  const auto& registry = builtin_solvers();
  for (const char* name : kNames) {
    const SolverInfo* info = registry.find(name);
    ASSERT_NE(info, nullptr) << name;
    EXPECT_FALSE(info->summary.empty()) << name;
    EXPECT_FALSE(info->randomised) << name;
    EXPECT_FALSE(info->wasted_moves) << name;
  }
  auto has = [&](const char* name, const char* param, double value) {
    const SolverInfo* info = registry.find(name);
    for (const ParamSpec& p : info->params)
      if (p.name == param) return p.default_value == value;
    return false;
  };
  EXPECT_TRUE(has("bfs", "depth", 5));
  EXPECT_TRUE(has("bfs", "prefix", 18));
  EXPECT_TRUE(has("bfs", "frontier", 16384));
  EXPECT_TRUE(has("dfs", "depth", 5));
  EXPECT_TRUE(has("dfs", "prefix", 18));
  EXPECT_TRUE(has("dfs", "nodes", 10000));
  EXPECT_TRUE(has("dfs", "seconds", 600));
  EXPECT_TRUE(has("dijkstra", "scale", 25));
  EXPECT_TRUE(has("dijkstra", "queue", 250000));
  EXPECT_TRUE(has("greedy-dijkstra", "depth", 5));
  EXPECT_TRUE(has("greedy-dijkstra", "scale", 25));
  EXPECT_TRUE(has("greedy-dijkstra", "prefix", 15));
  EXPECT_TRUE(has("dijkstra-greedy", "depth", 5));
  EXPECT_TRUE(has("dijkstra-greedy", "scale", 25));
  EXPECT_TRUE(has("dijkstra-dijkstra", "scale", 25));
  EXPECT_TRUE(has("dijkstra-dijkstra", "scale2", 28));
  EXPECT_TRUE(has("max-perimeter-dijkstra", "depth", 5));
  EXPECT_TRUE(has("max-perimeter-dijkstra", "prefix", 15));
}

// The articles name 21 algorithms (docs/algorithms.md); every one of them is registered.
TEST(SearchSolvers, EveryAlgorithmOfTheArticlesIsRegistered) {
  const std::array<const char*, 21> names = {"round-robin",
                                             "round-robin-skip",
                                             "random",
                                             "random-skip",
                                             "greedy",
                                             "greedy-look-ahead",
                                             "max-perimeter",
                                             "max-perimeter-look-ahead",
                                             "perimeter-area",
                                             "perimeter-area-look-ahead",
                                             "deep-path",
                                             "deep-path-look-ahead",
                                             "path-area",
                                             "path-area-look-ahead",
                                             "bfs",
                                             "dfs",
                                             "dijkstra",
                                             "greedy-dijkstra",
                                             "dijkstra-greedy",
                                             "dijkstra-dijkstra",
                                             "max-perimeter-dijkstra"};
  for (const char* name : names)
    EXPECT_NE(builtin_solvers().find(name), nullptr) << name;
}

// A few hundred random small boards of both rule sets, random start cells:
// every solver's solution replays strictly (no wasted move) and clears.
TEST(SearchSolvers, SolutionsReplayOnRandomBoards) {
  std::mt19937_64 rng(20261121);
  std::vector<std::unique_ptr<Solver>> solvers;
  for (const std::string& spec : specs())
    solvers.push_back(builtin_solvers().parse(spec).make());
  for (int i = 0; i < 300; ++i) {
    const Rules rules = i % 2 == 0 ? Rules::kColorWalk : Rules::kFloodIt;
    const Board b = random_board(rng, rules, i < 240 ? 8 : 14, 6);
    const ClusterGraph g(b);
    for (std::size_t k = 0; k < solvers.size(); ++k) {
      const Solution s = solve_with(*solvers[k], g);
      expect_replays(g, s, specs()[k] + " on board " + std::to_string(i));
      EXPECT_FALSE(s.proven_optimal);
    }
  }
}

// Where the BFS queue bound (16384) covers the whole move tree (the same
// search from the first move never reaches it), a BFS from the first move
// finds an optimal solution.
TEST(SearchSolvers, BfsIsOptimalWhereItsBoundCoversTheTree) {
  std::mt19937_64 rng(7);
  auto bfs = builtin_solvers().parse("bfs:prefix=0").make();
  search::Workspace ws;
  int covered = 0;
  std::uint32_t longest = 0;
  for (int i = 0; i < 300; ++i) {
    const Rules rules = i % 2 == 0 ? Rules::kColorWalk : Rules::kFloodIt;
    const Board b = random_board(rng, rules, 6, 4, 4);
    const ClusterGraph g(b);
    const ArticleDomain domain(g);
    const auto whole = search::bounded_bfs(domain, g.initial_state(), ws, {},
                                           {.max_frontier = 16384, .max_nodes = SIZE_MAX});
    if (whole.stats.peak_frontier >= 16384) continue;
    ++covered;
    const Solution s = solve_with(*bfs, g);
    expect_replays(g, s, "bfs on board " + std::to_string(i));
    const std::uint32_t best = optimum(g);
    EXPECT_EQ(s.moves.size(), best) << "board " << i;
    longest = std::max(longest, best);
  }
  EXPECT_GT(covered, 250);
  EXPECT_GE(longest, 8u);  // not only trivial boards
}

// Without a node budget, the depth-first branch-and-bound from the first
// move is optimal whenever the optimum is under 30 moves.
TEST(SearchSolvers, UnboundedDfsIsOptimal) {
  std::mt19937_64 rng(11);
  auto dfs = builtin_solvers().parse("dfs:prefix=0,nodes=0").make();
  std::uint32_t longest = 0;
  for (int i = 0; i < 200; ++i) {
    const Rules rules = i % 2 == 0 ? Rules::kColorWalk : Rules::kFloodIt;
    const Board b = random_board(rng, rules, 7, 5, 6);
    const ClusterGraph g(b);
    const Solution s = solve_with(*dfs, g);
    expect_replays(g, s, "dfs on board " + std::to_string(i));
    const std::uint32_t best = optimum(g);
    EXPECT_EQ(s.moves.size(), best) << "board " << i;
    longest = std::max(longest, best);
  }
  EXPECT_GE(longest, 10u);  // not only trivial boards
}

// The articles' vertex cost at the edges of its thresholds: 600 cells as
// theirs, and a 2-cell board where they scale.
TEST(SearchSolvers, DijkstraCostFollowsTheArticles) {
  // A 1x2 board under flood-it rules: the start cell is the region, one
  // cell is left. Thresholds at 2 cells: 590/600 of 2 = 1.97, 564/600 = 1.88.
  const Board b = Board::make(2, 1, {0, 1}, "01", Rules::kFloodIt, {0, 0});
  const ClusterGraph g(b);
  MarkerState s = g.initial_state();
  g.apply(s, 1);
  ASSERT_EQ(s.cells_cleared(), 2u);
  ArticleCost c{.scale = 25, .root_cleared = 0, .cells = 2, .crowded = 200000};
  EXPECT_EQ(c(s, 1, 0), 25 - 2 - 20);  // 2 > 1.97: the drop applies
  c.root_cleared = 1;                  // 1 cleared since the root: below both
  EXPECT_EQ(c(s, 1, 300000), 25 - 1);
  // 600 cells: 591 is over 590, 590 is not; 565 needs a crowded queue. The
  // cleared count is cells_cleared() - root_cleared, so a cleared board and a
  // root offset give any count.
  struct Counted {
    std::uint32_t cleared;
    std::size_t open;
    bool drop;
  };
  const ClusterGraph big(ArticlesSource(1).board(0));
  MarkerState full = big.initial_state();
  while (!big.is_cleared(full)) {
    for (Color k = 0; k < big.colors(); ++k)
      if (!big.apply(full, k).wasted()) break;  // a wasted move changes nothing
  }
  ASSERT_EQ(full.cells_cleared(), 600u);
  for (const Counted t :
       {Counted{591, 0, true}, Counted{590, 0, false}, Counted{565, 200001, true},
        Counted{565, 200000, false}, Counted{564, 300000, false}, Counted{0, 0, false}}) {
    const ArticleCost at{
        .scale = 25, .root_cleared = 600 - t.cleared, .cells = 600, .crowded = 200000};
    const std::int64_t plain = 25 * 4 - std::int64_t{t.cleared};
    EXPECT_EQ(at(full, 4, t.open), t.drop ? plain - 20 * 4 : plain)
        << t.cleared << " cleared, queue " << t.open;
  }
}

// A small queue bound forces commit-and-restart; the game still ends, every
// move is useful, and the restarts are counted.
TEST(SearchSolvers, DijkstraCommitsAndRestarts) {
  std::mt19937_64 rng(3);
  ArticleDijkstra dijkstra;
  std::uint64_t boards_with_commits = 0;
  for (int i = 0; i < 60; ++i) {
    const Rules rules = i % 2 == 0 ? Rules::kColorWalk : Rules::kFloodIt;
    const Board b = random_board(rng, rules, 12, 6);
    const ClusterGraph g(b);
    MarkerState state = g.initial_state();
    std::vector<Color> moves;
    const std::uint64_t before = dijkstra.commits();
    int calls = 0;
    while (!g.is_cleared(state)) {
      ASSERT_TRUE(dijkstra.run(g, state, moves, {.scale = 25, .queue = 20, .half = false}));
      ASSERT_LT(++calls, 10000);
    }
    if (dijkstra.commits() > before) ++boards_with_commits;
    if (calls > 0) {
      EXPECT_EQ(static_cast<std::uint64_t>(calls), dijkstra.commits() - before + 1)
          << "every call but the last commits short of the goal";
    }
    const ReplayResult r = replay(g, moves);
    EXPECT_TRUE(r.ok()) << "board " << i;
  }
  EXPECT_GT(boards_with_commits, 30u);

  // The default bound never commits on the articles' first board.
  const ClusterGraph g(ArticlesSource(1).board(0));
  MarkerState state = g.initial_state();
  std::vector<Color> moves;
  const std::uint64_t before = dijkstra.commits();
  ASSERT_TRUE(dijkstra.run(g, state, moves, {}));
  EXPECT_TRUE(g.is_cleared(state));
  EXPECT_EQ(dijkstra.commits(), before);
}

// `half` stops at the first vertex that has cleared half the cells since the root.
TEST(SearchSolvers, DijkstraHalfStopsAtHalfTheCells) {
  const ClusterGraph g(ArticlesSource(3).board(2));
  MarkerState state = g.initial_state();
  std::vector<Color> moves;
  ArticleDijkstra dijkstra;
  ASSERT_TRUE(dijkstra.run(g, state, moves, {.scale = 25, .queue = 250000, .half = true}));
  EXPECT_GE(state.cells_cleared() - 1, 300u);
  EXPECT_FALSE(g.is_cleared(state));
  // One move fewer had not reached it: the search stops at the first vertex.
  MarkerState before = g.initial_state();
  for (std::size_t i = 0; i + 1 < moves.size(); ++i)
    g.apply(before, moves[i]);
  EXPECT_LT(before.cells_cleared() - 1, 300u);
}

// A raised cancellation flag: the solvers still return a complete solution.
TEST(SearchSolvers, CancelledSolversStillFinishTheGame) {
  std::atomic<bool> cancel{true};
  const ClusterGraph g(ArticlesSource(1).board(0));
  for (const char* name : kNames) {
    auto solver = builtin_solvers().parse(name).make();
    const Solution s = solver->solve(g, SolveContext{0, &cancel});
    expect_replays(g, s, name);
  }
}

TEST(SearchSolvers, DfsTimeLimitStillGivesASolution) {
  const ClusterGraph g(ArticlesSource(1).board(0));
  auto dfs = builtin_solvers().parse("dfs:nodes=0,seconds=0.01").make();
  expect_replays(g, solve_with(*dfs, g), "dfs with 10 ms");
}

// Same result twice from fresh instances, and from one instance reused
// across boards (its workspaces warm) as from a fresh one per board.
TEST(SearchSolvers, Deterministic) {
  std::vector<Board> boards;
  std::mt19937_64 rng(99);
  for (int i = 0; i < 20; ++i)
    boards.push_back(random_board(rng, i % 2 == 0 ? Rules::kColorWalk : Rules::kFloodIt, 12, 6));
  const ArticlesSource articles(4);
  for (std::size_t i = 0; i < articles.size(); ++i)
    boards.push_back(articles.board(i));
  for (const std::string& spec : specs()) {
    auto reused = builtin_solvers().parse(spec).make();
    for (std::size_t i = 0; i < boards.size(); ++i) {
      const ClusterGraph g(boards[i]);
      const Solution first = solve_with(spec, g);
      const Solution second = solve_with(spec, g);
      const Solution warm = solve_with(*reused, g);
      EXPECT_EQ(first.moves, second.moves) << spec << " board " << i;
      EXPECT_EQ(first.moves, warm.moves) << spec << " board " << i;
      EXPECT_EQ(first.expanded, second.expanded) << spec << " board " << i;
      EXPECT_EQ(first.expanded, warm.expanded) << spec << " board " << i;
      if (i >= 20) {
        EXPECT_GT(first.expanded, 0u) << spec << " board " << i;
      }
    }
  }
}

// The articles' rows (their published table, docs/articles.md): the mean on their 100 boards within
// one move of the published mean.
namespace {

struct Row {
  const char* spec;
  double mean;
};

class ArticlesRow : public ::testing::TestWithParam<Row> {};

TEST_P(ArticlesRow, MeanWithinOneMoveOfThePublishedRow) {
  const Row row = GetParam();
  auto solver = builtin_solvers().parse(row.spec).make();
  const ArticlesSource articles(100);
  double total = 0;
  for (std::size_t i = 0; i < articles.size(); ++i) {
    const ClusterGraph g(articles.board(i));
    const Solution s = solve_with(*solver, g);
    expect_replays(g, s, std::string(row.spec) + " on board " + std::to_string(i));
    total += static_cast<double>(s.moves.size());
  }
  EXPECT_NEAR(total / 100, row.mean, 1.0) << row.spec;
}

INSTANTIATE_TEST_SUITE_P(Published, ArticlesRow,
                         ::testing::Values(Row{"bfs:depth=5", 32.7}, Row{"dfs:depth=5", 34.8},
                                           Row{"dijkstra:scale=25", 33.1},
                                           Row{"greedy-dijkstra:depth=5", 32.7}),
                         [](const ::testing::TestParamInfo<Row>& param) {
                           std::string name = param.param.spec;
                           for (char& c : name)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return name;
                         });

}  // namespace
