// The engine against an independent oracle: a naive cell-by-cell flood fill
// written here, knowing nothing of clusters or bitsets.
#include "exact/cluster_balls.hpp"
#include "game/cluster_graph.hpp"

#include "random_boards.hpp"

#include <deque>
#include <random>

#include <gtest/gtest.h>

using namespace colorwalk;

namespace {

// The oracle: the region as one flag per cell, grown to a fixpoint.
class FloodFillOracle {
 public:
  explicit FloodFillOracle(const Board& b)
      : w_(b.width()), h_(b.height()), cells_(b.cells()), in_(b.cell_count(), false) {
    const std::uint32_t start = b.start_index();
    in_[start] = true;
    if (b.rules() == Rules::kFloodIt) grow(cells_[start]);
  }

  // Adds every cell of colour c connected to the region through colour-c
  // cells; returns how many were added.
  std::uint32_t play(Color c) { return grow(c); }

  bool in(std::uint32_t cell) const { return in_[cell]; }
  std::uint32_t count() const {
    return static_cast<std::uint32_t>(std::count(in_.begin(), in_.end(), true));
  }

 private:
  std::uint32_t grow(Color c) {
    std::uint32_t added = 0;
    bool changed = true;
    while (changed) {
      changed = false;
      for (std::uint32_t r = 0; r < h_; ++r) {
        for (std::uint32_t col = 0; col < w_; ++col) {
          const std::uint32_t i = r * w_ + col;
          if (in_[i] || cells_[i] != c) continue;
          const bool touches = (col > 0 && in_[i - 1]) || (col + 1 < w_ && in_[i + 1]) ||
                               (r > 0 && in_[i - w_]) || (r + 1 < h_ && in_[i + w_]);
          if (touches) {
            in_[i] = true;
            ++added;
            changed = true;
          }
        }
      }
    }
    return added;
  }

  std::uint32_t w_;
  std::uint32_t h_;
  std::vector<Color> cells_;
  std::vector<bool> in_;
};

void expect_same_region(const ClusterGraph& g, const MarkerState& s, const FloodFillOracle& o,
                        const std::string& where) {
  std::uint32_t in_region = 0;
  for (std::uint32_t cell = 0; cell < g.cell_count(); ++cell) {
    const bool engine = s.is_absorbed(g.cluster_of(cell));
    in_region += engine ? 1 : 0;
    ASSERT_EQ(engine, o.in(cell)) << where << ", cell " << cell;
  }
  ASSERT_EQ(s.cells_cleared(), in_region) << where;
  ASSERT_EQ(g.is_cleared(s), in_region == g.cell_count()) << where;
}

}  // namespace

TEST(ClusterGraph, AgreesWithANaiveFloodFillOnRandomBoards) {
  std::mt19937_64 rng(20261121);
  int boards = 0;
  int moves = 0;
  int wasted = 0;
  for (int trial = 0; trial < 2500; ++trial) {
    for (Rules rules : {Rules::kColorWalk, Rules::kFloodIt}) {
      const Board board = colorwalk::testing::random_board(rng, 1, 9, 2, 6, rules);
      const ClusterGraph g(board);
      FloodFillOracle oracle(board);
      MarkerState s = g.initial_state();
      const std::string where =
          "trial " + std::to_string(trial) + " " + std::string(to_string(rules));
      expect_same_region(g, s, oracle, where + " start");
      for (int m = 0; m < 60 && !g.is_cleared(s); ++m) {
        const std::uint64_t useful = g.useful_moves(s);
        const auto c = static_cast<Color>(rng() % board.colors());
        const std::uint32_t expected = oracle.play(c);
        ASSERT_EQ(((useful >> c) & 1) != 0, expected > 0) << where << " move " << m;
        std::uint32_t absorbed_cells = 0;
        const MoveEffect e = g.apply(s, c, [&](ClusterId x) { absorbed_cells += g.size(x); });
        ASSERT_EQ(e.cells, expected) << where << " move " << m;
        ASSERT_EQ(e.wasted(), expected == 0) << where << " move " << m;
        ASSERT_EQ(absorbed_cells, expected) << where << " move " << m;
        expect_same_region(g, s, oracle, where + " move " + std::to_string(m));
        ++moves;
        wasted += e.wasted() ? 1 : 0;
      }
      ++boards;
    }
  }
  EXPECT_EQ(boards, 5000);
  EXPECT_GT(moves, 50000);
  EXPECT_GT(wasted, 1000);  // the sequences exercise wasted moves too
}

TEST(ClusterGraph, AgreesWithANaiveFloodFillOnBoardsOverTheSmallGraphLimit) {
  // More than ClusterGraph::kSmallSetWords * 64 clusters: apply() and
  // useful_moves() take their per-cluster paths instead of the word-parallel ones.
  std::mt19937_64 rng(99);
  for (int trial = 0; trial < 30; ++trial) {
    const Rules rules = trial % 2 == 0 ? Rules::kColorWalk : Rules::kFloodIt;
    std::vector<Color> cells(48 * 48);
    for (Color& c : cells)
      c = static_cast<Color>(rng() % 6);
    const CellPos start{static_cast<std::uint32_t>(rng() % 48),
                        static_cast<std::uint32_t>(rng() % 48)};
    const Board board = Board::make(48, 48, std::move(cells), "012345", rules, start);
    const ClusterGraph g(board);
    ASSERT_GT(g.set_words(), ClusterGraph::kSmallSetWords);
    FloodFillOracle oracle(board);
    MarkerState s = g.initial_state();
    for (int m = 0; m < 150 && !g.is_cleared(s); ++m) {
      const std::uint64_t useful = g.useful_moves(s);
      const auto c = static_cast<Color>(rng() % board.colors());
      const std::uint32_t expected = oracle.play(c);
      ASSERT_EQ(((useful >> c) & 1) != 0, expected > 0) << "trial " << trial << " move " << m;
      ASSERT_EQ(g.apply(s, c).cells, expected) << "trial " << trial << " move " << m;
      expect_same_region(g, s, oracle, "large trial " + std::to_string(trial));
    }
  }
}

// Cluster ids follow the distance from the start (in moves: cluster
// steps), which a region's low ids and the superset check rely on for
// speed: the distance of each cluster, found here by a 0-1 walk over the
// cells (a step within a cluster is free, one into another costs a move),
// never falls as the ids grow.
TEST(ClusterGraph, IdsGrowWithTheDistanceFromTheStart) {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 300; ++trial) {
    const Rules rules = trial % 2 == 0 ? Rules::kColorWalk : Rules::kFloodIt;
    const Board board = colorwalk::testing::random_board(rng, 1, 16, 2, 6, rules);
    const ClusterGraph g(board);
    const std::uint32_t w = board.width();
    const std::uint32_t h = board.height();
    std::vector<std::uint32_t> dist(board.cell_count(), ~0u);
    std::deque<std::uint32_t> queue{board.start_index()};
    dist[board.start_index()] = 0;
    while (!queue.empty()) {
      const std::uint32_t cell = queue.front();
      queue.pop_front();
      const std::uint32_t r = cell / w;
      const std::uint32_t c = cell % w;
      for (const std::uint32_t next : {c > 0 ? cell - 1 : cell, c + 1 < w ? cell + 1 : cell,
                                       r > 0 ? cell - w : cell, r + 1 < h ? cell + w : cell}) {
        const std::uint32_t step = g.cluster_of(next) == g.cluster_of(cell) ? 0 : 1;
        if (dist[cell] + step >= dist[next]) continue;
        dist[next] = dist[cell] + step;
        if (step == 0)
          queue.push_front(next);
        else
          queue.push_back(next);
      }
    }
    std::vector<std::uint32_t> of_cluster(g.cluster_count(), ~0u);
    for (std::uint32_t cell = 0; cell < board.cell_count(); ++cell)
      of_cluster[g.cluster_of(cell)] = dist[cell];
    ASSERT_EQ(of_cluster[g.start_cluster()], 0u) << "trial " << trial;
    for (ClusterId x = 1; x < g.cluster_count(); ++x)
      ASSERT_LE(of_cluster[x - 1], of_cluster[x]) << "trial " << trial << ", cluster " << x;
  }
}

TEST(ClusterGraph, ClustersOfAHandBoard) {
  // 0 0 1
  // 2 0 1
  // 2 2 0
  const Board b = Board::make(3, 3, {0, 0, 1, 2, 0, 1, 2, 2, 0}, "012", Rules::kFloodIt);
  const ClusterGraph g(b);
  EXPECT_EQ(g.cluster_count(), 4u);  // {0,0,0}, {1,1}, {2,2,2}, {0}
  EXPECT_EQ(g.start_cluster(), g.cluster_of(0));
  EXPECT_EQ(g.size(g.cluster_of(0)), 3u);
  EXPECT_EQ(g.color(g.cluster_of(8)), 0);
  EXPECT_NE(g.cluster_of(8), g.cluster_of(0));
  EXPECT_EQ(g.neighbors(g.cluster_of(0)).size(), 2u);
  const MarkerState s = g.initial_state();
  EXPECT_EQ(s.cells_cleared(), 3u);
  EXPECT_EQ(g.useful_moves(s), 0b110u);
  std::array<std::uint32_t, 3> gains{};
  g.move_gains(s, gains);
  EXPECT_EQ(gains, (std::array<std::uint32_t, 3>{0, 2, 3}));
}

TEST(ClusterGraph, ColorWalkStartIsBlank) {
  // Under colour-walk rules the start cell joins no cluster: its own symbol
  // is ignored and its same-coloured neighbours are not in the region.
  const Board b = Board::make(3, 1, {1, 1, 0}, "01", Rules::kColorWalk);
  const ClusterGraph g(b);
  EXPECT_EQ(g.color(g.start_cluster()), kNoColor);
  MarkerState s = g.initial_state();
  EXPECT_EQ(s.cells_cleared(), 1u);
  EXPECT_TRUE(g.apply(s, 0).wasted());
  const MoveEffect e = g.apply(s, 1);
  EXPECT_EQ(e.cells, 1u);
  EXPECT_EQ(g.apply(s, 0).cells, 1u);
  EXPECT_TRUE(g.is_cleared(s));
}

TEST(ClusterGraph, RepeatingAColorOrAnUnknownColorIsWasted) {
  const Board b = Board::make(4, 1, {0, 1, 2, 1}, "012", Rules::kFloodIt);
  const ClusterGraph g(b);
  MarkerState s = g.initial_state();
  EXPECT_EQ(g.apply(s, 1).cells, 1u);
  EXPECT_TRUE(g.apply(s, 1).wasted());
  EXPECT_TRUE(g.apply(s, 7).wasted());
  EXPECT_EQ(s.clusters_absorbed(), 2u);
}

TEST(ClusterGraph, StateCopiesAreWordCopies) {
  const Board b = Board::make(4, 1, {0, 1, 2, 1}, "012", Rules::kFloodIt);
  const ClusterGraph g(b);
  MarkerState a = g.initial_state();
  EXPECT_EQ(a.words().size(), 2 * g.set_words() + 1);
  MarkerState c = a;
  g.apply(c, 1);
  EXPECT_NE(a, c);
  MarkerState d;
  d.assign(c.words());
  EXPECT_EQ(d, c);
  EXPECT_EQ(d.cells_cleared(), 2u);
}

TEST(ClusterGraph, LargeBoardWithManyClusters) {
  // A 1000 x 1000 checkerboard: a million single-cell clusters.
  std::vector<Color> cells(1000 * 1000);
  for (std::uint32_t r = 0; r < 1000; ++r)
    for (std::uint32_t c = 0; c < 1000; ++c)
      cells[r * 1000 + c] = (r + c) % 2;
  const ClusterGraph g(Board::make(1000, 1000, std::move(cells), "01", Rules::kFloodIt));
  EXPECT_EQ(g.cluster_count(), 1000000u);
  MarkerState s = g.initial_state();
  int moves = 0;
  while (!g.is_cleared(s) && moves < 3000) {
    ASSERT_FALSE(g.apply(s, static_cast<Color>((moves + 1) % 2)).wasted());
    ++moves;
  }
  EXPECT_EQ(moves, 1998);  // the farthest corner is 1998 steps away
}

// ClusterBalls against breadth-first search on the adjacency lists: every
// ball of every cluster, radius 0 to beyond the farthest cluster, on boards
// of 2x2 to 31x31; and no balls above the small-graph limit.
TEST(ClusterBalls, EveryBallIsTheClustersWithinItsRadius) {
  std::mt19937_64 rng(4242);
  int balls = 0;
  for (int trial = 0; trial < 40; ++trial) {
    const std::uint32_t side = trial < 30 ? 2 + static_cast<std::uint32_t>(rng() % 12)
                                          : 20 + static_cast<std::uint32_t>(rng() % 12);
    const Board board = colorwalk::testing::random_board(rng, side, side, 3, 6,
                                                         colorwalk::testing::random_rules(rng));
    const ClusterGraph g(board);
    const ClusterBalls table(g);
    ASSERT_FALSE(table.empty());
    const std::uint32_t n = g.cluster_count();
    for (ClusterId u = 0; u < n; ++u) {
      std::vector<std::uint32_t> dist(n, ~0u);
      std::vector<ClusterId> queue{u};
      dist[u] = 0;
      for (std::size_t i = 0; i < queue.size(); ++i)
        for (ClusterId y : g.neighbors(queue[i]))
          if (dist[y] == ~0u) {
            dist[y] = dist[queue[i]] + 1;
            queue.push_back(y);
          }
      const std::uint32_t farthest = dist[queue.back()];
      for (std::uint32_t r = 0; r <= farthest + 1; ++r) {
        const std::span<const ClusterGraph::Word> ball(table.ball(u, r), g.set_words());
        for (ClusterId x = 0; x < n; ++x)
          ASSERT_EQ(search::bits::test(ball, x), dist[x] <= r)
              << "trial " << trial << " u " << u << " r " << r << " x " << x;
        ++balls;
      }
    }
  }
  EXPECT_GT(balls, 10000);
  std::vector<Color> cells(48 * 48);
  for (Color& c : cells)
    c = static_cast<Color>(rng() % 6);
  const ClusterGraph large(Board::make(48, 48, std::move(cells), "012345", Rules::kFloodIt));
  ASSERT_GT(large.set_words(), ClusterGraph::kSmallSetWords);
  EXPECT_TRUE(ClusterBalls(large).empty());
}
