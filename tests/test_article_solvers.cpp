// The articles' non-search solvers: round-robin-skip, random, random-skip,
// and the greedy / look-ahead family under the area, perimeter and
// perimeter/area metrics. The look-ahead is checked against an oracle
// written here from the articles' JavaScript, cell by cell, knowing nothing
// of clusters, bitsets or edge counts.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <map>
#include <random>
#include <set>

#include "articles/look_ahead.hpp"
#include "game/greedy_move.hpp"
#include "game/replay.hpp"
#include "game/sources.hpp"
#include "registry/registry.hpp"

#include <gtest/gtest.h>

using namespace colorwalk;

namespace {

Solution solve_with(const std::string& spec, const ClusterGraph& g, std::uint64_t seed = 0) {
  return builtin_solvers().parse(spec).make()->solve(g, SolveContext{seed, nullptr});
}

std::string solve_string(const std::string& spec, const Board& b, std::uint64_t seed = 0) {
  return moves_to_string(b, solve_with(spec, ClusterGraph(b), seed).moves);
}

Board random_board(std::mt19937_64& rng, Rules rules, std::uint32_t max_side = 8,
                   std::uint32_t max_colors = 6) {
  const auto w = static_cast<std::uint32_t>(rng() % max_side + 1);
  const auto h = static_cast<std::uint32_t>(rng() % max_side + 1);
  const auto k = static_cast<std::uint32_t>(rng() % (max_colors - 1) + 2);
  std::vector<Color> cells(std::size_t{w} * h);
  for (Color& c : cells)
    c = static_cast<Color>(rng() % k);
  const CellPos start{static_cast<std::uint32_t>(rng() % h), static_cast<std::uint32_t>(rng() % w)};
  return Board::make(w, h, std::move(cells), std::string(kSymbols.substr(0, k)), rules, start);
}

// ---------------------------------------------------------------------------
// The oracle: the articles' look-ahead on cells. A cell is free, in the
// region ("dead"), or marked by the look-ahead; the metrics count marked
// cells and the edges from marked cells to free ones (perimeterCount).

enum : std::uint8_t { kFree = 0, kDead = 1, kMarked = 2 };

class Oracle {
 public:
  Oracle(const Board& b, Metric early, std::uint32_t early_moves, Metric late, unsigned depth,
         bool legacy)
      : b_(b),
        early_(early),
        early_moves_(early_moves),
        late_(late),
        depth_(depth),
        legacy_(legacy) {}

  std::vector<Color> play() const {
    std::vector<std::uint8_t> st(b_.cell_count(), kFree);
    st[b_.start_index()] = kDead;
    if (b_.rules() == Rules::kFloodIt) add(st, b_.cells()[b_.start_index()], kDead);
    std::vector<Color> moves;
    while (std::count(st.begin(), st.end(), kFree) > 0) {
      const Metric m = moves.size() < early_moves_ ? early_ : late_;
      const Color c = choose(st, m);
      if (add(st, c, kDead) == 0) ADD_FAILURE() << "oracle chose a wasted move";
      moves.push_back(c);
    }
    return moves;
  }

 private:
  // Marks every free cell of colour c connected to a non-free cell through
  // colour-c cells; returns how many.
  std::uint32_t add(std::vector<std::uint8_t>& st, Color c, std::uint8_t mark) const {
    std::vector<std::uint32_t> stack;
    for (std::uint32_t i = 0; i < b_.cell_count(); ++i)
      if (st[i] == kFree && b_.cells()[i] == c && touches_taken(st, i)) stack.push_back(i);
    std::uint32_t added = 0;
    while (!stack.empty()) {
      const std::uint32_t i = stack.back();
      stack.pop_back();
      if (st[i] != kFree) continue;
      st[i] = mark;
      ++added;
      for_neighbors(i, [&](std::uint32_t j) {
        if (st[j] == kFree && b_.cells()[j] == c) stack.push_back(j);
      });
    }
    return added;
  }

  template <class F>
  void for_neighbors(std::uint32_t i, F&& f) const {
    const std::uint32_t w = b_.width();
    if (i % w > 0) f(i - 1);
    if (i % w + 1 < w) f(i + 1);
    if (i >= w) f(i - w);
    if (i + w < b_.cell_count()) f(i + w);
  }

  bool touches_taken(const std::vector<std::uint8_t>& st, std::uint32_t i) const {
    bool t = false;
    for_neighbors(i, [&](std::uint32_t j) { t = t || st[j] != kFree; });
    return t;
  }

  double metric(const std::vector<std::uint8_t>& st, Metric m) const {
    double area = 0;
    double perimeter = 0;
    for (std::uint32_t i = 0; i < b_.cell_count(); ++i) {
      if (st[i] != kMarked) continue;
      ++area;
      for_neighbors(i, [&](std::uint32_t j) { perimeter += st[j] == kFree ? 1 : 0; });
    }
    if (perimeter == 0) perimeter = area;  // perimeterCount falls back to areaCount
    if (m == Metric::kArea) return area;
    if (m == Metric::kPerimeter) return perimeter;
    return area == 0 ? 0 : perimeter / area;
  }

  // greedyLookAhead(): the first move of the best sequence, ties low.
  Color choose(const std::vector<std::uint8_t>& st, Metric m) const {
    Color best = 0;
    double best_value = -1;
    for (Color c = 0; c < b_.colors(); ++c) {
      auto next = st;
      double v = 0;
      if (add(next, c, kMarked) > 0) v = depth_ == 1 ? metric(next, m) : deeper(next, 2, c, m);
      if (v > best_value) {
        best_value = v;
        best = c;
      }
    }
    return best;
  }

  // greedyLookAheadN(move, prev_control, prev_matches).
  double deeper(const std::vector<std::uint8_t>& st, unsigned move, Color prev, Metric m) const {
    double best = 0;
    for (Color c = 0; c < b_.colors(); ++c) {
      if (c == prev && !legacy_) continue;
      auto next = st;
      const bool cleared = add(next, c, kMarked) > 0;
      double v;
      if (move >= depth_)
        v = metric(next, m);
      else if (!cleared && !legacy_)
        v = metric(st, m);
      else
        v = deeper(next, move + 1, c, m);
      best = std::max(best, v);
    }
    return best;
  }

  const Board& b_;
  Metric early_;
  std::uint32_t early_moves_;
  Metric late_;
  unsigned depth_;
  bool legacy_;
};

// A metric solver, its oracle configuration and a spec prefix.
struct Family {
  std::string name;  // without "-look-ahead"
  Metric early;
  std::uint32_t early_moves;  // default switch
  Metric late;
};

const std::vector<Family>& families() {
  static const std::vector<Family> f = {
      {"greedy", Metric::kArea, 0, Metric::kArea},
      {"max-perimeter", Metric::kPerimeter, 0, Metric::kPerimeter},
      {"perimeter-area", Metric::kPerimeter, 20, Metric::kArea},
      {"deep-path", Metric::kPathRatio, 0, Metric::kPathRatio},
      {"path-area", Metric::kPathRatio, 12, Metric::kArea},
  };
  return f;
}

// The spec of a family at a depth; `early` overrides the switch point of a hybrid.
std::string spec_for(const Family& f, unsigned depth, bool legacy, std::uint32_t early) {
  std::string spec = depth == 1           ? f.name
                     : f.name == "greedy" ? std::string("greedy-look-ahead")
                                          : f.name + "-look-ahead";
  std::vector<std::string> params;
  if (depth > 1) params.push_back("depth=" + std::to_string(depth));
  if (legacy) params.push_back("legacy=1");
  if (f.early_moves > 0) params.push_back("switch=" + std::to_string(early));
  for (std::size_t i = 0; i < params.size(); ++i)
    spec += (i == 0 ? ":" : ",") + params[i];
  return spec;
}

}  // namespace

// ---------------------------------------------------------------------------
// The cluster graph's edge counts, which the perimeter metric stands on.

TEST(ClusterGraphEdges, CountCellEdgesBetweenEachPairOfClusters) {
  std::mt19937_64 rng(41);
  for (int trial = 0; trial < 300; ++trial) {
    const Board b = random_board(rng, trial % 2 ? Rules::kFloodIt : Rules::kColorWalk, 12);
    const ClusterGraph g(b);
    std::map<std::pair<ClusterId, ClusterId>, std::uint32_t> naive;
    for (std::uint32_t i = 0; i < b.cell_count(); ++i) {
      auto edge = [&](std::uint32_t j) {
        const ClusterId a = g.cluster_of(i), c = g.cluster_of(j);
        if (a != c) ++naive[{std::min(a, c), std::max(a, c)}];
      };
      if (i % b.width() + 1 < b.width()) edge(i + 1);
      if (i + b.width() < b.cell_count()) edge(i + b.width());
    }
    std::size_t listed = 0;
    for (ClusterId c = 0; c < g.cluster_count(); ++c) {
      const auto n = g.neighbors(c);
      const auto e = g.neighbor_edges(c);
      ASSERT_EQ(n.size(), e.size());
      ASSERT_TRUE(std::is_sorted(n.begin(), n.end()));
      ASSERT_TRUE(std::adjacent_find(n.begin(), n.end()) == n.end());
      for (std::size_t k = 0; k < n.size(); ++k) {
        const auto it = naive.find({std::min(c, n[k]), std::max(c, n[k])});
        ASSERT_NE(it, naive.end()) << "trial " << trial;
        EXPECT_EQ(e[k], it->second) << "trial " << trial << ", clusters " << c << ", " << n[k];
      }
      listed += n.size();
    }
    EXPECT_EQ(listed, 2 * naive.size());
  }
}

TEST(Metrics, FollowTheArticlesFormulas) {
  EXPECT_EQ(metric_value(Metric::kArea, 7, 3), 7.0);
  EXPECT_EQ(metric_value(Metric::kPerimeter, 7, 3), 3.0);
  EXPECT_EQ(metric_value(Metric::kPerimeter, 7, 0), 7.0);  // falls back to the area
  EXPECT_EQ(metric_value(Metric::kPathRatio, 4, 10), 2.5);
  EXPECT_EQ(metric_value(Metric::kPathRatio, 4, 0), 1.0);
  EXPECT_EQ(metric_value(Metric::kPathRatio, 0, 0), 0.0);
  const MetricSchedule s{Metric::kPerimeter, 20, Metric::kArea};
  EXPECT_EQ(s.at(0), Metric::kPerimeter);
  EXPECT_EQ(s.at(19), Metric::kPerimeter);
  EXPECT_EQ(s.at(20), Metric::kArea);
}

// ---------------------------------------------------------------------------
// Registration.

// The default of a solver's parameter; -1 when it has no such parameter.
double default_of(const SolverInfo& info, const std::string& name) {
  for (const ParamSpec& p : info.params)
    if (p.name == name) return p.default_value;
  return -1;
}

TEST(ArticleSolvers, AreRegisteredWithTheirParameters) {
  const auto& r = builtin_solvers();
  for (const char* name : {"round-robin-skip", "random", "random-skip"}) {
    ASSERT_NE(r.find(name), nullptr) << name;
    EXPECT_TRUE(r.find(name)->params.empty()) << name;
  }
  EXPECT_TRUE(r.find("random")->randomised);
  EXPECT_TRUE(r.find("random")->wasted_moves);
  EXPECT_TRUE(r.find("random-skip")->randomised);
  EXPECT_FALSE(r.find("random-skip")->wasted_moves);
  EXPECT_FALSE(r.find("round-robin-skip")->randomised);
  EXPECT_FALSE(r.find("round-robin-skip")->wasted_moves);
  for (const Family& f : families()) {
    const std::string la = f.name + "-look-ahead";
    ASSERT_NE(r.find(f.name), nullptr) << f.name;
    ASSERT_NE(r.find(la), nullptr) << la;
    for (const SolverInfo* info : {r.find(f.name), r.find(la)}) {
      EXPECT_FALSE(info->randomised) << info->name;
      EXPECT_FALSE(info->wasted_moves) << info->name;
      EXPECT_FALSE(info->exact) << info->name;
    }
    const SolverInfo& deep = *r.find(la);
    EXPECT_EQ(default_of(deep, "depth"), 2) << la;  // the articles' default max_moves
    EXPECT_EQ(default_of(deep, "legacy"), 0) << la;
    EXPECT_NO_THROW(r.parse(la + ":depth=8"));
    EXPECT_THROW(r.parse(la + ":depth=0"), SpecError);
    EXPECT_THROW(r.parse(la + ":depth=9"), SpecError);
    if (f.early_moves > 0) {
      EXPECT_EQ(default_of(*r.find(f.name), "switch"), f.early_moves);
      EXPECT_EQ(default_of(deep, "switch"), f.early_moves);
    }
  }
}

// ---------------------------------------------------------------------------
// Hand-made boards where the right choice is evident.

TEST(GreedyLookAhead, SeesPastTheBiggerFirstMove) {
  // Colour-walk, blank start S:      S 0 0 0      Greedy takes the top row
  //                                  2 2 1 1      of 0s (3 cells beat the two
  //                                  1 0 0 0      2s), then must come back for
  // the 0s of the bottom row. Looking two moves ahead, 2 first opens both
  // groups of 0s at once: 2 then 0 clears 2 + 6 = 8 cells against 3 + 2 for
  // any sequence starting with 0, and 1 finishes: three moves. Depth 3 sees
  // 2 0 1 clear all 11 cells, where 0 first reaches 8 at most.
  const Board b = Board::make(4, 3, {0, 0, 0, 0, 2, 2, 1, 1, 1, 0, 0, 0}, "012");
  EXPECT_EQ(solve_string("greedy", b), "01021");
  EXPECT_EQ(solve_string("greedy-look-ahead:depth=1", b), "01021");
  EXPECT_EQ(solve_string("greedy-look-ahead:depth=2", b), "201");
  EXPECT_EQ(solve_string("greedy-look-ahead:depth=3", b), "201");
  // From depth 4, 0 first can clear the board within the horizon too
  // (0 2 1 0); the tie goes to the lower colour, and the game is longer.
  EXPECT_EQ(solve_string("greedy-look-ahead:depth=4", b), "01012");
  EXPECT_EQ(solve_string("greedy-look-ahead:depth=5", b), "01012");
}

TEST(GreedyLookAhead, FullClearsTieAndGoToTheLowestColor) {
  // Colour-walk:  S 2 0 2      Every cell is a cluster of its own. Depth 2:
  //               1 0 2 1      1 then anything adds 2 cells, 2 then 0 adds 3,
  // so 2 goes first and the board falls in four moves (2 0 2 1). At depth 5
  // both first moves can clear all 7 cells within the horizon, the tie goes
  // to the lower colour, 1, and the game takes six moves, as greedy's does.
  const Board b = Board::make(4, 2, {0, 2, 0, 2, 1, 0, 2, 1}, "012");
  EXPECT_EQ(solve_string("greedy", b), "102012");
  EXPECT_EQ(solve_string("greedy-look-ahead:depth=2", b), "2021");
  EXPECT_EQ(solve_string("greedy-look-ahead:depth=5", b), "102012");
}

TEST(MetricHeuristics, EachMetricPicksItsOwnFirstMove) {
  // Colour-walk, start S in the centre:   1 1 1 1 2
  //                                       0 2 S 0 2
  //                                       0 1 2 3 3
  // Colour 1 adds the top row: area 4, perimeter 4 (edges to the 0, 2, 0
  //   below and the 2 at the right; the edge to S is inside the region).
  // Colour 2 adds two single cells: area 2, perimeter 3 + 2 = 5.
  // Colour 0 adds one cell: area 1, perimeter 3, ratio 3 (2 gives 2.5).
  const Board b = Board::make(5, 3, {1, 1, 1, 1, 2, 0, 2, 0, 0, 2, 0, 1, 2, 3, 3}, "0123",
                              Rules::kColorWalk, {1, 2});
  const ClusterGraph g(b);
  EXPECT_EQ(solve_with("greedy", g).moves.front(), 1);
  EXPECT_EQ(solve_with("max-perimeter", g).moves.front(), 2);
  EXPECT_EQ(solve_with("deep-path", g).moves.front(), 0);
  EXPECT_EQ(solve_with("perimeter-area", g).moves.front(), 2);
  EXPECT_EQ(solve_with("perimeter-area:switch=0", g).moves.front(), 1);  // area from move 1
  EXPECT_EQ(solve_with("path-area", g).moves.front(), 0);
  EXPECT_EQ(solve_with("path-area:switch=0", g).moves.front(), 1);
  LookAhead la;
  EXPECT_EQ(la.choose(g, g.initial_state(), Metric::kArea, 1), 1);
  EXPECT_EQ(la.choose(g, g.initial_state(), Metric::kPerimeter, 1), 2);
  EXPECT_EQ(la.choose(g, g.initial_state(), Metric::kPathRatio, 1), 0);
  EXPECT_EQ(la.expanded(), 0u);  // depth 1 applies no move
}

// ---------------------------------------------------------------------------
// The articles' first board.

TEST(GreedyLookAhead, ArticlesFirstBoard) {
  const Board b = ArticlesSource(1).board(0);
  const ClusterGraph g(b);
  const std::map<int, std::size_t> expected = {{1, 40}, {2, 35}, {3, 36}, {4, 34}, {5, 34}};
  for (const auto& [depth, moves] : expected) {
    const Solution s = solve_with("greedy-look-ahead:depth=" + std::to_string(depth), g);
    EXPECT_EQ(s.moves.size(), moves) << "depth " << depth;
    EXPECT_TRUE(replay(g, s.moves).ok()) << "depth " << depth;
    EXPECT_EQ(s.moves, Oracle(b, Metric::kArea, 0, Metric::kArea, depth, false).play())
        << "depth " << depth;
    EXPECT_EQ(s.expanded > 0, depth > 1) << "depth " << depth;
  }
  EXPECT_EQ(solve_string("greedy", b), solve_string("greedy-look-ahead:depth=1", b));
  // The area look-ahead chooses the same with or without the part-7 fix.
  for (int depth = 2; depth <= 4; ++depth) {
    const std::string spec = "greedy-look-ahead:depth=" + std::to_string(depth);
    EXPECT_EQ(solve_string(spec, b), solve_string(spec + ",legacy=1", b)) << depth;
  }
}

TEST(MetricHeuristics, ArticlesFirstBoardMatchesTheOracle) {
  const Board b = ArticlesSource(1).board(0);
  const ClusterGraph g(b);
  for (const Family& f : families()) {
    for (unsigned depth : {1u, 2u, 3u}) {
      for (bool legacy : {false, true}) {
        if (depth == 1 && legacy) continue;
        const std::string spec = spec_for(f, depth, legacy, f.early_moves);
        const Solution s = solve_with(spec, g);
        EXPECT_TRUE(replay(g, s.moves).ok()) << spec;
        EXPECT_EQ(s.moves, Oracle(b, f.early, f.early_moves, f.late, depth, legacy).play()) << spec;
      }
    }
  }
}

// ---------------------------------------------------------------------------
// Every metric, depth and rule set against the oracle on small boards.

TEST(MetricHeuristics, MatchTheOracleOnRandomSmallBoards) {
  std::mt19937_64 rng(2024);
  for (int trial = 0; trial < 240; ++trial) {
    const Rules rules = trial % 2 ? Rules::kFloodIt : Rules::kColorWalk;
    const Board b = random_board(rng, rules, 7, 5);
    const ClusterGraph g(b);
    const Family& f = families()[static_cast<std::size_t>(trial) % families().size()];
    const unsigned depth = static_cast<unsigned>(rng() % 4 + 1);
    const bool legacy = depth > 1 && rng() % 2 == 1;
    // Short switch points so that both halves of the hybrids play.
    const std::uint32_t early = f.early_moves > 0 ? static_cast<std::uint32_t>(rng() % 4) : 0;
    const std::string spec = spec_for(f, depth, legacy, early);
    const Solution s = solve_with(spec, g);
    ASSERT_TRUE(replay(g, s.moves).ok()) << spec << ", trial " << trial;
    ASSERT_EQ(s.moves, Oracle(b, f.early, early, f.late, depth, legacy).play())
        << spec << ", trial " << trial;
  }
}

// ---------------------------------------------------------------------------
// Round-robin with skipping and the random solvers.

TEST(RoundRobinSkip, IsRoundRobinWithoutItsWastedMoves) {
  std::mt19937_64 rng(5);
  for (int trial = 0; trial < 200; ++trial) {
    const Board b = random_board(rng, trial % 2 ? Rules::kFloodIt : Rules::kColorWalk);
    const ClusterGraph g(b);
    const std::vector<Color> rr = solve_with("round-robin", g).moves;
    std::vector<Color> useful;
    MarkerState s = g.initial_state();
    for (Color c : rr)
      if (!g.apply(s, c).wasted()) useful.push_back(c);
    EXPECT_EQ(solve_with("round-robin-skip", g).moves, useful) << "trial " << trial;
  }
  // Colour-walk S 2 1 0 2: 0 and 1 clear nothing at first, 2 does; the
  // cycle goes on with 0 (nothing), 1 (clears), 2 (nothing), 0 (clears),
  // 1 (nothing), 2 (clears).
  const Board b = Board::make(5, 1, {0, 2, 1, 0, 2}, "012");
  EXPECT_EQ(solve_string("round-robin", b), "012012012");
  EXPECT_EQ(solve_string("round-robin-skip", b), "2102");
}

TEST(RandomSolvers, DependOnlyOnTheSeed) {
  const Board b = ArticlesSource(1).board(0);
  const ClusterGraph g(b);
  for (const char* name : {"random", "random-skip"}) {
    const auto solver = builtin_solvers().parse(name).make();
    std::set<std::string> seen;  // (strings: GCC 12 misreads vector<uint8_t> comparisons)
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
      const Solution a = solver->solve(g, SolveContext{seed, nullptr});
      // The same seed again, with the same instance and with a fresh one.
      EXPECT_EQ(solver->solve(g, SolveContext{seed, nullptr}).moves, a.moves) << name;
      EXPECT_EQ(solve_with(name, g, seed).moves, a.moves) << name;
      seen.insert(moves_to_string(b, a.moves));
    }
    EXPECT_EQ(seen.size(), 6u) << name << ": six seeds should give six different games";
  }
}

TEST(RandomSolvers, StayWithinTheObviousBounds) {
  std::mt19937_64 rng(9);
  for (int trial = 0; trial < 300; ++trial) {
    const Board b = random_board(rng, trial % 2 ? Rules::kFloodIt : Rules::kColorWalk);
    const ClusterGraph g(b);
    const MarkerState start = g.initial_state();
    // Every useful move absorbs at least one cluster.
    const std::size_t clusters_left = g.cluster_count() - start.clusters_absorbed();
    for (const char* name : {"random", "random-skip", "round-robin-skip"}) {
      const Solution s = solve_with(name, g, rng());
      MarkerState st = start;
      std::size_t useful = 0;
      for (std::size_t i = 0; i < s.moves.size(); ++i) {
        ASSERT_LT(s.moves[i], g.colors()) << name;
        ASSERT_FALSE(g.is_cleared(st)) << name << ": move " << i << " after the board is clear";
        useful += g.apply(st, s.moves[i]).wasted() ? 0 : 1;
      }
      EXPECT_TRUE(g.is_cleared(st)) << name;
      EXPECT_LE(useful, clusters_left) << name;
      // The skipping variants play only useful moves, so at most one per cluster.
      if (std::string(name) != "random") {
        EXPECT_EQ(useful, s.moves.size()) << name;
      }
    }
  }
  // On the articles' first board random plays many wasted moves, random-skip none.
  const ClusterGraph g(ArticlesSource(1).board(0));
  const Solution r = solve_with("random", g, 3);
  EXPECT_FALSE(replay(g, r.moves).ok());
  EXPECT_TRUE(replay(g, r.moves, WastedMoves::kAllow).ok());
  EXPECT_GT(r.moves.size(), solve_with("greedy", g).moves.size());
}

// ---------------------------------------------------------------------------
// Every registered solver, default parameters, replays on small boards.

// Limits: untripped, the same choices and expansions as without them;
// tripped (a deadline passed, the flag raised), the greedy move at once,
// expanding nothing, until the limits are set again.
TEST(LookAheadLimits, TrippedLimitsGiveTheGreedyMove) {
  const Board b = RandomSource(1, 5, 40, 40, 8).board(0);
  const ClusterGraph g(b);
  MarkerState start = g.initial_state();
  for (int i = 0; i < 10; ++i)  // a wide frontier
    g.apply(start, greedy_move(g, start));
  LookAhead plain;
  const Color deep = plain.choose(g, start, Metric::kPerimeter, 4);
  const std::uint64_t deep_expanded = plain.expanded();
  const Color shallow = greedy_move(g, start);
  ASSERT_GT(deep_expanded, 100u);

  search::Limits far;
  far.deadline = std::chrono::steady_clock::now() + std::chrono::hours(1);
  far.poll_interval = 1;
  LookAhead limited;
  limited.set_limits(far);
  EXPECT_EQ(limited.choose(g, start, Metric::kPerimeter, 4), deep);
  EXPECT_EQ(limited.expanded(), deep_expanded);
  EXPECT_FALSE(limited.stopped());

  search::Limits past;
  past.deadline = std::chrono::steady_clock::now() - std::chrono::seconds(1);
  LookAhead late;
  late.set_limits(past);
  EXPECT_EQ(late.choose(g, start, Metric::kPerimeter, 4), shallow);
  EXPECT_TRUE(late.stopped());
  EXPECT_EQ(late.expanded(), 0u);
  late.clear_limits();
  EXPECT_FALSE(late.stopped());
  EXPECT_EQ(late.choose(g, start, Metric::kPerimeter, 4), deep);

  std::atomic<bool> cancel{true};
  search::Limits cancelled;
  cancelled.cancel = &cancel;
  LookAhead stopped;
  stopped.set_limits(cancelled);
  EXPECT_EQ(stopped.choose(g, start, Metric::kPerimeter, 4), shallow);
  EXPECT_TRUE(stopped.stopped());
  // A cancelled game ends at once: the moves so far.
  EXPECT_TRUE(play_look_ahead(g, stopped, MetricSchedule::only(Metric::kArea), 3).empty());
}

// A limit that trips in the middle of a deep choice, or a game of slow
// depth-1 choices: the solver finishes the board with greedy moves (a
// valid solution), well before the unlimited one would.
TEST(LookAheadLimits, SolversFinishPastTheirTimeLimit) {
  const Board b = RandomSource(1, 3, 60, 60, 20).board(0);
  const ClusterGraph g(b);
  for (const char* spec :
       {"greedy-look-ahead:depth=8,seconds=0.2", "max-perimeter-look-ahead:depth=8,seconds=0.2",
        "deep-path:seconds=0.01", "bfs:depth=8,seconds=0.2", "dfs:depth=8,seconds=0.2",
        "greedy-dijkstra:depth=8,seconds=0.2"}) {
    const auto start = std::chrono::steady_clock::now();
    const Solution s = solve_with(spec, g);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    EXPECT_LT(seconds, 10.0) << spec;
    EXPECT_TRUE(replay(g, s.moves, WastedMoves::kReject).ok()) << spec;
  }
}

TEST(ArticleSolvers, EverySolverReplaysOnRandomSmallBoards) {
  std::mt19937_64 rng(77);
  std::vector<std::pair<std::string, std::unique_ptr<Solver>>> solvers;
  for (const SolverInfo& info : builtin_solvers().all()) {
    if (info.exact) continue;  // exact solvers have their own tests and budgets
    solvers.emplace_back(info.name, builtin_solvers().parse(info.name).make());
  }
  ASSERT_GE(solvers.size(), 14u);
  for (int trial = 0; trial < 300; ++trial) {
    const Board b = random_board(rng, trial % 2 ? Rules::kFloodIt : Rules::kColorWalk, 9);
    const ClusterGraph g(b);
    for (auto& [name, solver] : solvers) {
      const SolverInfo& info = *builtin_solvers().find(name);
      const Solution s = solver->solve(g, SolveContext{rng(), nullptr});
      const ReplayResult r =
          replay(g, s.moves, info.wasted_moves ? WastedMoves::kAllow : WastedMoves::kReject);
      ASSERT_TRUE(r.ok()) << name << ", trial " << trial << ": " << r.describe(b, s.moves);
    }
  }
}
