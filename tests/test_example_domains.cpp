// The example domains of examples/ (the 15-puzzle, grid maps) and what the
// domain concept asks and offers: the 15-puzzle's incremental Manhattan
// distance against a fresh one, grid maps against a plain Dijkstra with
// every kernel, and the keep_move() hook honoured by every kernel.
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "exact/exact_domain.hpp"
#include "exact/color_walk_domain.hpp"
#include "fifteen_puzzle.hpp"
#include "grid_map.hpp"
#include "kernel_checks.hpp"
#include "search/beam.hpp"
#include "search/best_first.hpp"
#include "search/bfs.hpp"
#include "search/dfs.hpp"
#include "search/idastar.hpp"
#include "search/weighted_astar.hpp"

using examples::FifteenPuzzle;
using examples::GridMap;
using kernel_checks::EightPuzzle;

static_assert(search::StorableDomain<colorwalk::ExactDomain>);
static_assert(search::StorableDomain<colorwalk::ColorWalkDomain>);
static_assert(!search::HasMoveFilter<colorwalk::ExactDomain>);
static_assert(!search::HasMoveFilter<EightPuzzle>);

namespace {

// The 8-puzzle whose state remembers the move that reached it (packed in a
// second word, outside the key), and counts the moves applied that undo
// it: with keep_move() there must be none.
class UndoCounter {
 public:
  struct State {
    EightPuzzle::State base;
    std::uint8_t last = kNone;
  };
  using Move = EightPuzzle::Move;
  static constexpr std::size_t kMaxMoves = 4;
  static constexpr std::uint8_t kNone = 4;

  explicit UndoCounter(bool filter) : filter_(filter) {}
  void moves(const State& s, search::MoveList<Move, kMaxMoves>& out) const {
    p_.moves(s.base, out);
  }
  bool apply(State& s, Move m) const {
    if (s.last != kNone && m == (s.last ^ 1)) ++undone;
    s.last = m;
    return p_.apply(s.base, m);
  }
  bool keep_move(const State&, Move last, Move m) const { return !filter_ || m != (last ^ 1); }
  bool is_goal(const State& s) const { return p_.is_goal(s.base); }
  std::uint32_t lower_bound(const State& s) const { return p_.lower_bound(s.base); }
  std::size_t packed_words() const { return 2; }
  std::size_t key_words() const { return 1; }
  void pack(const State& s, std::span<search::Word> out) const {
    out[0] = s.base.cells;
    out[1] = s.last;
  }
  void unpack(std::span<const search::Word> in, State& s) const {
    p_.unpack(in.first(1), s.base);
    s.last = static_cast<std::uint8_t>(in[1]);
  }

  mutable std::uint64_t undone = 0;

 private:
  EightPuzzle p_;
  bool filter_;
};

}  // namespace

TEST(FifteenPuzzle, IncrementalManhattanDistanceAndPacking) {
  const FifteenPuzzle p;
  std::mt19937_64 rng(15);
  auto s = FifteenPuzzle::goal();
  EXPECT_TRUE(p.is_goal(s));
  EXPECT_EQ(p.lower_bound(s), 0u);
  FifteenPuzzle::Move last = 0;
  for (int step = 0; step < 20000; ++step) {
    search::MoveList<FifteenPuzzle::Move, 4> moves;
    p.moves(s, moves);
    ASSERT_GE(moves.size(), 2u);
    ASSERT_LE(moves.size(), 4u);
    FifteenPuzzle::Move m = moves[rng() % moves.size()];
    if (step > 0 && !p.keep_move(s, last, m)) {
      EXPECT_EQ(m, 3 - last);  // only the undo is dropped
      continue;
    }
    p.apply(s, m);
    last = m;
    ASSERT_EQ(s.h, FifteenPuzzle::manhattan(s.cells)) << step;
    ASSERT_EQ(FifteenPuzzle::tile(s, s.blank), 0);
    search::Word packed = 0;
    p.pack(s, std::span<search::Word>(&packed, 1));
    FifteenPuzzle::State back;
    p.unpack(std::span<const search::Word>(&packed, 1), back);
    ASSERT_EQ(back, s);
  }
  // Korf's instance 1 starts at Manhattan distance 41.
  const std::array<int, 16> korf1 = {14, 13, 15, 7, 11, 12, 9, 5, 6, 0, 2, 1, 4, 8, 10, 3};
  EXPECT_EQ(FifteenPuzzle::make(korf1).h, 41);
}

TEST(GridMap, ReadsItsTextFormAndRefusesBadMaps) {
  const std::vector<std::string> rows = {"S.#", ".#.", "..G"};
  const GridMap four(rows, GridMap::Connectivity::kFour);
  EXPECT_EQ(four.width(), 3);
  EXPECT_EQ(four.height(), 3);
  EXPECT_FALSE(four.is_free(0, 2));
  EXPECT_TRUE(four.is_free(2, 2));
  EXPECT_FALSE(four.is_free(-1, 0));
  search::MoveList<GridMap::Move, 8> moves;
  four.moves(four.start(), moves);
  EXPECT_EQ(moves.size(), 2u);  // east and south
  const GridMap eight(rows, GridMap::Connectivity::kEight);
  moves.clear();
  GridMap::State middle_left{3};
  eight.moves(middle_left, moves);
  // From (1,0): north, south; east is a wall; the diagonals cut a wall's
  // corner ((0,1) and (2,1) are reached past (1,1)).
  EXPECT_EQ(moves.size(), 2u);
  using Rows = std::vector<std::string>;
  EXPECT_THROW(GridMap(Rows{"S..", "..G", "."}, GridMap::Connectivity::kFour),
               std::invalid_argument);
  EXPECT_THROW(GridMap(Rows{"...", "..G"}, GridMap::Connectivity::kFour), std::invalid_argument);
  EXPECT_THROW(GridMap(Rows{"S.S", "..G"}, GridMap::Connectivity::kFour), std::invalid_argument);
}

TEST(GridMap, EveryKernelFindsTheCheapestPath) {
  std::mt19937_64 rng(7);
  search::Workspace ws;
  int reachable = 0;
  for (int i = 0; i < 120; ++i) {
    const auto rows = kernel_checks::random_grid(rng, 4 + i % 13, 3 + i % 11, 0.25);
    for (const bool eight : {false, true}) {
      const GridMap map(rows, eight ? GridMap::Connectivity::kEight : GridMap::Connectivity::kFour);
      const std::uint64_t optimum = kernel_checks::grid_optimum(rows, eight);
      const std::string what = "map " + std::to_string(i) + (eight ? " (8)" : " (4)");
      const bool none = optimum == std::numeric_limits<std::uint64_t>::max();
      const auto check = [&](const auto& r, const char* kernel) {
        if (none) {
          EXPECT_FALSE(r.found) << what << " " << kernel;
          return;
        }
        ASSERT_EQ(r.status, search::Status::kSolved) << what << " " << kernel;
        EXPECT_EQ(r.cost, optimum) << what << " " << kernel;
        std::uint64_t replayed = 0;
        EXPECT_TRUE(kernel_checks::replays_to_goal(map, map.start(), r.path, &replayed))
            << what << " " << kernel;
        EXPECT_EQ(replayed, optimum) << what << " " << kernel;
      };
      check(search::astar(map, map.start(), ws, {}), "astar");
      check(search::dijkstra(map, map.start(), ws, {}), "dijkstra");
      check(search::weighted_astar(map, map.start(), ws, {}, {.weight = 3, .anytime = true}),
            "anytime");
      if (!none) {
        check(search::ida_star(map, map.start(), ws, {}, {.transposition_table = true}), "idastar");
        const auto cap = static_cast<std::uint32_t>(optimum / 10 + 1);
        check(search::depth_first(map, map.start(), ws, {},
                                  {.max_depth = cap * 2,
                                   .bound = static_cast<std::uint32_t>(optimum + 1),
                                   .detect_duplicates = true}),
              "dfs");
        ++reachable;
      }
      // 4-connected, every step costs the same: BFS's fewest steps (its cost
      // counts steps) make the cheapest path.
      if (!eight && !none) {
        const auto r = search::bounded_bfs(map, map.start(), ws, {}, {.detect_duplicates = true});
        EXPECT_EQ(r.cost * GridMap::kStraight, optimum) << what << " bfs";
        std::uint64_t replayed = 0;
        EXPECT_TRUE(kernel_checks::replays_to_goal(map, map.start(), r.path, &replayed)) << what;
        EXPECT_EQ(replayed, optimum) << what << " bfs";
      }
      // The bound is admissible from every free cell: no more than the
      // cheapest path from there (Dijkstra again, the start moved there).
      for (std::size_t r = 0; r < rows.size(); ++r)
        for (std::size_t c = 0; c < rows[r].size(); ++c) {
          if (rows[r][c] == '#' || rows[r][c] == 'G') continue;
          auto moved = rows;
          for (auto& row : moved)
            for (char& ch : row)
              if (ch == 'S') ch = '.';
          moved[r][c] = 'S';
          const GridMap::State cell{static_cast<std::uint32_t>(r * rows[r].size() + c)};
          EXPECT_LE(map.lower_bound(cell), kernel_checks::grid_optimum(moved, eight)) << what;
        }
    }
  }
  EXPECT_GT(reachable, 100);
}

TEST(MoveFilter, EveryKernelSkipsTheMovesTheDomainDrops) {
  const auto& distances = kernel_checks::eight_puzzle_distances();
  const auto start_base = EightPuzzle::make({8, 6, 7, 2, 5, 4, 3, 0, 1});  // 31 moves
  EightPuzzle::State mid_base;  // the first state 14 moves from the goal
  for (const auto& s : kernel_checks::eight_puzzle_states())
    if (distances.at(s.cells) == 14) {
      mid_base = s;
      break;
    }
  search::Workspace ws;
  for (const bool filter : {true, false}) {
    const UndoCounter d(filter);
    std::uint64_t undone_total = 0;
    auto run = [&](const char* kernel, auto&& search_fn, const EightPuzzle::State& base) {
      d.undone = 0;
      const auto r = search_fn(UndoCounter::State{base, UndoCounter::kNone});
      if (filter) {
        EXPECT_EQ(d.undone, 0u) << kernel;
      }
      undone_total += d.undone;
      EXPECT_TRUE(r.found) << kernel;
      return r;
    };
    const auto a = run(
        "astar", [&](auto s) { return search::astar(d, s, ws, {}); }, start_base);
    EXPECT_EQ(a.cost, 31u);
    const auto i = run(
        "idastar", [&](auto s) { return search::ida_star(d, s, ws, {}); }, start_base);
    EXPECT_EQ(i.cost, 31u);
    const auto w = run(
        "anytime",
        [&](auto s) {
          return search::weighted_astar(d, s, ws, {}, {.weight = 2, .anytime = true});
        },
        start_base);
    EXPECT_EQ(w.cost, 31u);
    const auto b = run(
        "bfs", [&](auto s) { return search::bounded_bfs(d, s, ws, {}); }, mid_base);
    EXPECT_EQ(b.cost, distances.at(mid_base.cells));
    const auto f = run(
        "dfs",
        [&](auto s) { return search::depth_first(d, s, ws, {}, {.max_depth = 14, .bound = 15}); },
        mid_base);
    EXPECT_EQ(f.cost, distances.at(mid_base.cells));
    search::BeamSearch<UndoCounter> beam(d, ws);
    const auto m = run(
        "beam",
        [&](auto s) {
          return beam.search(s, {}, {.width = 64, .detect_duplicates = false},
                             [&](const UndoCounter::State& c, std::uint32_t g) {
                               return search::f_key(std::int64_t{g} + d.lower_bound(c), g);
                             });
        },
        mid_base);
    EXPECT_GE(m.cost, 14u);
    // Without the hook the same searches do undo moves: the count sees them.
    if (!filter) {
      EXPECT_GT(undone_total, 0u);
    }
  }
}
