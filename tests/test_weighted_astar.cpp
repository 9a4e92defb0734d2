// Weighted A* and anytime weighted A* (search/weighted_astar.hpp), and the
// `wastar` solver: every answer within its weight of the optimum, every
// reported bound at or below the optimum (also when a node, memory or
// visitor stop cuts the search short), the anytime search ending at the
// optimum and reporting each improvement. Optima come from a plain BFS
// (8-puzzle), A* (Color Walk), a plain Dijkstra (grid maps) and Korf's
// published lengths (15-puzzle).
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "datasets.hpp"
#include "exact/color_walk_domain.hpp"
#include "fifteen_puzzle.hpp"
#include "game/replay.hpp"
#include "grid_map.hpp"
#include "kernel_checks.hpp"
#include "random_boards.hpp"
#include "registry/registry.hpp"
#include "search/best_first.hpp"
#include "search/weighted_astar.hpp"

using kernel_checks::EightPuzzle;
using kernel_checks::EightPuzzleNoUndo;

namespace {

const std::vector<double> kWeights = {1.0, 1.25, 1.5, 2.0, 3.0, 5.0};

// Records every improvement of an anytime search.
template <class Move>
struct ImprovementLog {
  std::vector<std::uint64_t> costs;
  std::vector<std::uint64_t> bounds;
  std::size_t stop_after = ~std::size_t{0};
  search::Action on_improvement(const search::Improvement<Move>& i) {
    costs.push_back(i.cost);
    bounds.push_back(i.bound);
    EXPECT_EQ(i.path.size(), i.cost);  // unit costs in the domains logged here
    EXPECT_EQ(i.stats.improvements, costs.size());
    return costs.size() == stop_after ? search::Action::kStop : search::Action::kContinue;
  }
};

// What weighted A* promises for a result on an instance whose optimum is `optimum`.
template <class R>
void expect_within_weight(const R& r, double w, std::uint64_t optimum, const std::string& what) {
  ASSERT_EQ(r.status, search::Status::kSolved) << what;
  ASSERT_TRUE(r.found) << what;
  EXPECT_LE(static_cast<double>(r.cost), w * static_cast<double>(optimum)) << what;
  EXPECT_GE(r.cost, optimum) << what;
  EXPECT_LE(r.bound, optimum) << what;
  EXPECT_LE(r.bound, r.cost) << what;
  EXPECT_LE(static_cast<double>(r.cost), w * static_cast<double>(r.bound) + 1e-9) << what;
  if (w == 1.0) {
    EXPECT_EQ(r.cost, optimum) << what;
    EXPECT_EQ(r.bound, r.cost) << what;
  }
}

}  // namespace

TEST(WeightedAStar, EightPuzzleWithinTheWeightBoundNeverAboveTheOptimum) {
  const auto& distances = kernel_checks::eight_puzzle_distances();
  const auto states = kernel_checks::eight_puzzle_states();
  const EightPuzzleNoUndo p;
  search::Workspace ws;
  int suboptimal = 0;
  for (std::size_t i = 0; i < states.size(); i += 149) {
    const auto& start = states[i];
    const std::uint32_t optimum = distances.at(start.cells);
    for (const double w : kWeights) {
      const auto r = search::weighted_astar(p, start, ws, {}, {.weight = w});
      const std::string what = "state " + std::to_string(i) + " w " + std::to_string(w);
      expect_within_weight(r, w, optimum, what);
      EXPECT_TRUE(kernel_checks::replays_to_goal(p, start, r.path)) << what;
      EXPECT_EQ(r.path.size(), r.cost) << what;
      if (r.cost > optimum) ++suboptimal;
    }
  }
  EXPECT_GT(suboptimal, 100);  // the weights do trade quality for speed
}

TEST(WeightedAStar, ColorWalkBoardsWithinTheWeight) {
  using namespace colorwalk;
  std::mt19937_64 rng(4242);
  search::Workspace ws;
  auto astar = builtin_solvers().parse("astar").make();
  for (int i = 0; i < 300; ++i) {
    const Rules rules = i % 2 == 0 ? Rules::kColorWalk : Rules::kFloodIt;
    const Board board = colorwalk::testing::random_board(rng, 3, 7, 2, 5, rules);
    const ClusterGraph g(board);
    const ColorWalkDomain domain(g);
    const Solution reference = astar->solve(g, {});
    ASSERT_TRUE(reference.proven_optimal);
    const std::uint64_t optimum = reference.moves.size();
    for (const double w : {1.0, 1.5, 2.0}) {
      const std::string what = "board " + std::to_string(i) + " w " + std::to_string(w);
      const auto r = search::weighted_astar(domain, g.initial_state(), ws, {}, {.weight = w});
      expect_within_weight(r, w, optimum, what);
      EXPECT_TRUE(replay(g, r.path).ok()) << what;
      // The solver, on the exact domain with its rules and the completion bound.
      for (const char* anytime : {"0", "1"}) {
        const std::string spec =
            "wastar:w=" + std::to_string(w) + ",anytime=" + std::string(anytime);
        const Solution s = builtin_solvers().parse(spec).make()->solve(g, {});
        EXPECT_TRUE(replay(g, s.moves).ok()) << what << " " << spec;
        EXPECT_LE(static_cast<double>(s.moves.size()), w * static_cast<double>(optimum))
            << what << " " << spec;
        if (s.proven_optimal || anytime[0] == '1' || w == 1.0) {
          EXPECT_TRUE(s.proven_optimal) << what << " " << spec;
          EXPECT_EQ(s.moves.size(), optimum) << what << " " << spec;
        }
      }
    }
  }
}

TEST(WeightedAStar, GridMapsWithinTheWeight) {
  std::mt19937_64 rng(99);
  search::Workspace ws;
  int solved = 0;
  for (int i = 0; i < 200; ++i) {
    const auto rows = kernel_checks::random_grid(rng, 5 + i % 23, 4 + i % 17, 0.3);
    for (const bool eight : {false, true}) {
      const examples::GridMap map(rows, eight ? examples::GridMap::Connectivity::kEight
                                              : examples::GridMap::Connectivity::kFour);
      const std::uint64_t optimum = kernel_checks::grid_optimum(rows, eight);
      for (const double w : {1.0, 1.5, 4.0}) {
        const std::string what =
            "map " + std::to_string(i) + (eight ? " 8" : " 4") + " w " + std::to_string(w);
        const auto r = search::weighted_astar(map, map.start(), ws, {}, {.weight = w});
        if (optimum == std::numeric_limits<std::uint64_t>::max()) {
          EXPECT_EQ(r.status, search::Status::kExhausted) << what;
          EXPECT_FALSE(r.found) << what;
          continue;
        }
        expect_within_weight(r, w, optimum, what);
        std::uint64_t replayed = 0;
        EXPECT_TRUE(kernel_checks::replays_to_goal(map, map.start(), r.path, &replayed)) << what;
        EXPECT_EQ(replayed, r.cost) << what;
        const auto any =
            search::weighted_astar(map, map.start(), ws, {}, {.weight = w, .anytime = true});
        EXPECT_EQ(any.status, search::Status::kSolved) << what;
        EXPECT_EQ(any.cost, optimum) << what;
        EXPECT_EQ(any.bound, optimum) << what;
        ++solved;
      }
    }
  }
  EXPECT_GT(solved, 600);
}

TEST(AnytimeWeightedAStar, EndsAtTheOptimumReportingEachImprovement) {
  const auto& distances = kernel_checks::eight_puzzle_distances();
  const auto states = kernel_checks::eight_puzzle_states();
  const EightPuzzleNoUndo p;
  search::Workspace ws;
  std::size_t improved_more_than_once = 0;
  for (std::size_t i = 0; i < states.size(); i += 401) {
    const std::uint32_t optimum = distances.at(states[i].cells);
    for (const double w : {1.0, 2.0, 5.0}) {
      ImprovementLog<EightPuzzle::Move> log;
      const auto r =
          search::weighted_astar(p, states[i], ws, {}, {.weight = w, .anytime = true}, log);
      const std::string what = "state " + std::to_string(i) + " w " + std::to_string(w);
      ASSERT_EQ(r.status, search::Status::kSolved) << what;
      EXPECT_EQ(r.cost, optimum) << what;
      EXPECT_EQ(r.bound, optimum) << what;
      EXPECT_TRUE(kernel_checks::replays_to_goal(p, states[i], r.path)) << what;
      if (optimum == 0) continue;
      ASSERT_FALSE(log.costs.empty()) << what;
      EXPECT_EQ(log.costs.size(), r.stats.improvements) << what;
      EXPECT_EQ(log.costs.back(), optimum) << what;
      EXPECT_LE(static_cast<double>(log.costs.front()), w * optimum) << what;
      for (std::size_t k = 1; k < log.costs.size(); ++k)
        EXPECT_LT(log.costs[k], log.costs[k - 1]) << what;
      for (std::size_t k = 0; k < log.bounds.size(); ++k) {
        EXPECT_LE(log.bounds[k], optimum) << what;
        EXPECT_LE(static_cast<double>(log.costs[k]), w * static_cast<double>(log.bounds[k]) + 1e-9)
            << what;
      }
      if (log.costs.size() > 1) ++improved_more_than_once;
    }
  }
  EXPECT_GT(improved_more_than_once, 20u);
}

TEST(AnytimeWeightedAStar, KorfsEasiestAtTheirLengths) {
  const auto path = colorwalk::testing::datasets_dir() / "korf100.txt";
  COLORWALK_NEED_DATASET_FILES(path);
  auto instances = kernel_checks::read_korf100(path);
  std::stable_sort(instances.begin(), instances.end(), [](const auto& a, const auto& b) {
    return a.korf_generated < b.korf_generated;
  });
  const examples::FifteenPuzzle p;
  search::Workspace ws;
  for (int i = 0; i < 3; ++i) {
    const auto& k = instances[static_cast<std::size_t>(i)];
    const auto start = examples::FifteenPuzzle::make(k.tiles);
    const auto first = search::weighted_astar(p, start, ws, {}, {.weight = 2.0});
    expect_within_weight(first, 2.0, static_cast<std::uint64_t>(k.optimal),
                         "instance " + std::to_string(k.number));
    ImprovementLog<examples::FifteenPuzzle::Move> log;
    const auto r = search::weighted_astar(p, start, ws, {}, {.weight = 2.0, .anytime = true}, log);
    EXPECT_EQ(r.status, search::Status::kSolved) << k.number;
    EXPECT_EQ(r.cost, static_cast<std::uint64_t>(k.optimal)) << k.number;
    EXPECT_EQ(r.bound, r.cost) << k.number;
    ASSERT_FALSE(log.costs.empty());
    EXPECT_EQ(log.costs.front(), first.cost) << k.number;  // the same first answer
  }
}

TEST(WeightedAStar, StoppedEarlyTheBoundStillHolds) {
  // Node limits, memory limits (which cut an expansion short: its node
  // counts as open) and a visitor's stop, on the hardest 8-puzzle states
  // and a few others: the bound never passes the optimum, and an answer
  // found is a real one.
  const auto& distances = kernel_checks::eight_puzzle_distances();
  const auto states = kernel_checks::eight_puzzle_states();
  const EightPuzzleNoUndo p;
  search::Workspace ws;
  int stopped = 0;
  for (std::size_t i = 0; i < states.size(); i += 3001) {
    const std::uint32_t optimum = distances.at(states[i].cells);
    for (const double w : {1.0, 2.0}) {
      for (const bool anytime : {false, true}) {
        for (std::uint64_t nodes : {1u, 7u, 60u, 400u}) {
          search::Limits limits;
          limits.max_expansions = nodes;
          const auto r =
              search::weighted_astar(p, states[i], ws, limits, {.weight = w, .anytime = anytime});
          EXPECT_LE(r.bound, optimum);
          if (r.found) {
            EXPECT_GE(r.cost, optimum);
          }
          if (r.status == search::Status::kLimitReached) ++stopped;
        }
        for (std::size_t bytes : {std::size_t{30000}, std::size_t{70000}, std::size_t{200000}}) {
          search::Limits limits;
          limits.max_bytes = bytes;
          const auto r =
              search::weighted_astar(p, states[i], ws, limits, {.weight = w, .anytime = anytime});
          EXPECT_LE(r.bound, optimum);
          EXPECT_LE(r.stats.peak_bytes, bytes);
          if (r.found) {
            EXPECT_GE(r.cost, optimum);
          }
          if (r.status == search::Status::kLimitReached) ++stopped;
        }
      }
      ImprovementLog<EightPuzzle::Move> first_only;
      first_only.stop_after = 1;
      const auto r =
          search::weighted_astar(p, states[i], ws, {}, {.weight = w, .anytime = true}, first_only);
      if (optimum > 0) {
        EXPECT_EQ(r.status, search::Status::kCancelled);
        EXPECT_TRUE(r.found);
        EXPECT_EQ(r.cost, first_only.costs[0]);
      }
      EXPECT_LE(r.bound, optimum);
    }
  }
  EXPECT_GT(stopped, 100);
}

TEST(WeightedAStar, AKnownAnswerToBeat) {
  const EightPuzzleNoUndo p;
  search::Workspace ws;
  const auto hard = EightPuzzle::make({8, 6, 7, 2, 5, 4, 3, 0, 1});  // 31 moves
  const auto none = search::weighted_astar(p, hard, ws, {}, {.weight = 2.0, .bound = 31});
  EXPECT_EQ(none.status, search::Status::kExhausted);
  EXPECT_FALSE(none.found);
  EXPECT_EQ(none.bound, 31u);
  const auto some = search::weighted_astar(p, hard, ws, {}, {.weight = 2.0, .bound = 32});
  EXPECT_EQ(some.status, search::Status::kSolved);
  EXPECT_EQ(some.cost, 31u);
  EXPECT_EQ(search::weight_units(1.0), 256);
  EXPECT_EQ(search::weight_units(1.1), 281);  // rounded down: 1.09765625
  EXPECT_EQ(search::weight_units(0.5), 256);
}
