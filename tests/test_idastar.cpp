// IDA* (search/idastar.hpp) against answers known otherwise: every 8-puzzle
// state (a plain BFS's distances, and A* on a sample), 300 small Color Walk
// boards (A*, both as libsearch kernels and as the `idastar` and `astar`
// solvers), the ten easiest of Korf's 100 (their published lengths and node
// counts). Also its transposition table, limits, hooks, a domain that cannot
// be stored, and a depth of 100,000 on a small thread stack.
#include <pthread.h>

#include <atomic>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "datasets.hpp"
#include "exact/color_walk_domain.hpp"
#include "fifteen_puzzle.hpp"
#include "game/replay.hpp"
#include "game/sources.hpp"
#include "kernel_checks.hpp"
#include "random_boards.hpp"
#include "registry/registry.hpp"
#include "search/best_first.hpp"
#include "search/dfs.hpp"
#include "search/idastar.hpp"
#include "test_domains.hpp"

using kernel_checks::EightPuzzle;
using kernel_checks::EightPuzzleNoUndo;

namespace {

// Every state in the Release build (some 600 million children, seconds);
// under the sanitizers every 16th (kernel_checks::kStateStride).
using kernel_checks::kStateStride;

// The 8-puzzle without pack/unpack: only the searches that keep states on
// their stack can take it.
class UnstorablePuzzle {
 public:
  using State = EightPuzzle::State;
  using Move = EightPuzzle::Move;
  static constexpr std::size_t kMaxMoves = 4;
  void moves(const State& s, search::MoveList<Move, kMaxMoves>& out) const { p_.moves(s, out); }
  bool apply(State& s, Move m) const { return p_.apply(s, m); }
  bool is_goal(const State& s) const { return p_.is_goal(s); }
  std::uint32_t lower_bound(const State& s) const { return p_.lower_bound(s); }
  bool keep_move(const State&, Move last, Move m) const { return m != (last ^ 1); }

 private:
  EightPuzzle p_;
};
static_assert(search::Domain<UnstorablePuzzle> && !search::StorableDomain<UnstorablePuzzle>);

// A chain 0 -> 1 -> ... -> length with its exact distance as the bound: IDA*
// goes straight down in one iteration.
class BoundedChain : public testdomains::Chain {
 public:
  explicit BoundedChain(std::uint32_t length) : Chain(length), length_(length) {}
  std::uint32_t lower_bound(const State& s) const { return length_ - s; }

 private:
  std::uint32_t length_;
};

// Records the thresholds of on_iteration and can stop at one of them.
struct IterationLog {
  std::vector<std::uint64_t> thresholds;
  std::size_t stop_at = ~std::size_t{0};
  search::Action on_iteration(std::uint64_t threshold, const search::Stats&) {
    thresholds.push_back(threshold);
    return thresholds.size() == stop_at ? search::Action::kStop : search::Action::kContinue;
  }
};

}  // namespace

TEST(IdaStar, EveryEightPuzzleStateAtItsOptimalCost) {
  const auto& distances = kernel_checks::eight_puzzle_distances();
  const auto states = kernel_checks::eight_puzzle_states();
  ASSERT_EQ(states.size(), 181440u);
  const kernel_checks::FastEightPuzzle fast;
  const EightPuzzleNoUndo p;
  search::Workspace ws;
  search::IdaStar<kernel_checks::FastEightPuzzle> ida(fast, ws);
  search::SearchResult<EightPuzzle::Move> r;
  search::NullVisitor visitor;
  std::size_t compared_with_astar = 0;
  std::uint32_t longest = 0;
  for (std::size_t i = 0; i < states.size(); i += kStateStride) {
    const auto start = fast.make(states[i]);
    const std::uint32_t expected = distances.at(start.base.cells);
    ida.search_into(start, {}, {}, visitor, r);
    ASSERT_EQ(r.status, search::Status::kSolved) << i;
    ASSERT_EQ(r.cost, expected) << i;
    ASSERT_EQ(r.bound, r.cost);
    ASSERT_EQ(r.path.size(), expected);
    ASSERT_TRUE(kernel_checks::replays_to_goal(p, states[i], r.path)) << i;
    longest = std::max(longest, expected);
    // A* itself on a sample of the states (on all of them it would take
    // minutes; test_search.cpp checks its costs against the BFS too).
    if (i % 64 == 0) {
      const auto a = search::astar(p, states[i], ws, {});
      ASSERT_EQ(a.status, search::Status::kSolved);
      ASSERT_EQ(a.cost, r.cost) << i;
      ++compared_with_astar;
    }
  }
  if (kStateStride == 1) {
    EXPECT_EQ(longest, 31u);
  }
  EXPECT_GT(compared_with_astar, 2800u / kStateStride);
}

TEST(IdaStar, WithoutTheMoveFilterAndWithTheTableTheCostsAgree) {
  const auto& distances = kernel_checks::eight_puzzle_distances();
  const auto states = kernel_checks::eight_puzzle_states();
  const EightPuzzle plain;
  const EightPuzzleNoUndo no_undo;
  search::Workspace ws;
  for (std::size_t i = 0; i < states.size(); i += 997) {
    const auto& start = states[i];
    const std::uint32_t expected = distances.at(start.cells);
    if (expected > 24) continue;  // without the filter, deeper ones take seconds each
    const auto a = search::ida_star(plain, start, ws, {});
    const auto b = search::ida_star(no_undo, start, ws, {});
    const auto c = search::ida_star(no_undo, start, ws, {}, {.transposition_table = true});
    ASSERT_EQ(a.cost, expected);
    ASSERT_EQ(b.cost, expected);
    ASSERT_EQ(c.cost, expected);
    EXPECT_TRUE(kernel_checks::replays_to_goal(plain, start, c.path));
    // The filter only removes two-move cycles, the table only repeated states.
    EXPECT_LE(b.stats.generated, a.stats.generated);
    EXPECT_LE(c.stats.expanded, b.stats.expanded);
    EXPECT_EQ(b.stats.iterations, a.stats.iterations);
    EXPECT_EQ(a.stats.duplicates, 0u);
    if (expected >= 20) {
      EXPECT_LT(b.stats.generated, a.stats.generated);
      EXPECT_GT(c.stats.duplicates, 0u);
      EXPECT_GT(c.stats.peak_bytes, 0u);
    }
  }
}

TEST(IdaStar, ATableTooSmallStillGivesTheOptimum) {
  const auto& distances = kernel_checks::eight_puzzle_distances();
  const EightPuzzleNoUndo p;
  search::Workspace ws;
  const auto hard = EightPuzzle::make({8, 6, 7, 2, 5, 4, 3, 0, 1});  // 31 moves
  search::Limits tiny;
  tiny.max_bytes = 20000;  // a few hundred records at most
  const auto r = search::ida_star(p, hard, ws, tiny, {.transposition_table = true});
  EXPECT_EQ(r.status, search::Status::kSolved);
  EXPECT_EQ(r.cost, distances.at(hard.cells));
  EXPECT_LE(r.stats.peak_bytes, tiny.max_bytes);
}

TEST(IdaStar, ColorWalkBoardsAgreeWithAStar) {
  using namespace colorwalk;
  std::mt19937_64 rng(2121);
  search::Workspace ws;
  auto idastar = builtin_solvers().parse("idastar").make();
  auto idastar_plain = builtin_solvers().parse("idastar:beam=0,table=0,completion=0").make();
  auto astar = builtin_solvers().parse("astar").make();
  for (int i = 0; i < 300; ++i) {
    const Rules rules = i % 2 == 0 ? Rules::kColorWalk : Rules::kFloodIt;
    const Board board = colorwalk::testing::random_board(rng, 6, 6, 4, 4, rules);
    const ClusterGraph g(board);
    const ColorWalkDomain domain(g);
    const auto a = search::astar(domain, g.initial_state(), ws, {});
    ASSERT_EQ(a.status, search::Status::kSolved);
    const auto r = search::ida_star(domain, g.initial_state(), ws, {});
    ASSERT_EQ(r.status, search::Status::kSolved) << "board " << i;
    EXPECT_EQ(r.cost, a.cost) << "board " << i;
    EXPECT_EQ(r.bound, r.cost);
    EXPECT_TRUE(replay(g, r.path).ok()) << "board " << i;
    // The solvers, on the exact domain with its pruning rules and bounds.
    const Solution s = idastar->solve(g, {});
    const Solution plain = idastar_plain->solve(g, {});
    const Solution reference = astar->solve(g, {});
    ASSERT_TRUE(reference.proven_optimal);
    EXPECT_TRUE(s.proven_optimal) << "board " << i;
    EXPECT_TRUE(plain.proven_optimal) << "board " << i;
    EXPECT_EQ(s.moves.size(), reference.moves.size()) << "board " << i;
    EXPECT_EQ(plain.moves.size(), reference.moves.size()) << "board " << i;
    EXPECT_EQ(reference.moves.size(), a.cost) << "board " << i;
    EXPECT_TRUE(replay(g, s.moves).ok()) << "board " << i;
    EXPECT_TRUE(replay(g, plain.moves).ok()) << "board " << i;
  }
}

TEST(IdaStar, SolverLimitsGiveAnAnswerNotProven) {
  using namespace colorwalk;
  const ClusterGraph g(ArticlesSource(1).board(0));
  for (const char* spec : {"idastar:nodes=50", "idastar:nodes=50,beam=0"}) {
    const Solution s = builtin_solvers().parse(spec).make()->solve(g, {});
    EXPECT_FALSE(s.proven_optimal) << spec;
    EXPECT_TRUE(replay(g, s.moves).ok()) << spec;
  }
}

TEST(IdaStar, KorfsTenEasiestAtTheirLengthsAndNodeCounts) {
  const auto path = colorwalk::testing::datasets_dir() / "korf100.txt";
  COLORWALK_NEED_DATASET_FILES(path);
  auto instances = kernel_checks::read_korf100(path);
  ASSERT_EQ(instances.size(), 100u);
  std::stable_sort(instances.begin(), instances.end(), [](const auto& a, const auto& b) {
    return a.korf_generated < b.korf_generated;
  });
  const examples::FifteenPuzzle p;
  search::Workspace ws;
  for (int i = 0; i < 10; ++i) {
    const auto& k = instances[static_cast<std::size_t>(i)];
    const auto start = examples::FifteenPuzzle::make(k.tiles);
    EXPECT_EQ(start.h, k.manhattan) << k.number;
    const auto r = search::ida_star(p, start, ws, {});
    ASSERT_EQ(r.status, search::Status::kSolved) << k.number;
    EXPECT_EQ(r.cost, static_cast<std::uint64_t>(k.optimal)) << k.number;
    EXPECT_TRUE(kernel_checks::replays_to_goal(p, start, r.path)) << k.number;
    // The domain lists the blank's moves in Korf's order (up, left, right,
    // down), so the search generates exactly his nodes, but for the root,
    // which his count includes.
    EXPECT_EQ(r.stats.generated + 1, k.korf_generated) << k.number;
  }
}

TEST(IdaStar, LimitsHooksAndBounds) {
  const EightPuzzleNoUndo p;
  search::Workspace ws;
  const auto hard = EightPuzzle::make({8, 6, 7, 2, 5, 4, 3, 0, 1});  // 31 moves
  const auto full = search::ida_star(p, hard, ws, {});
  ASSERT_EQ(full.cost, 31u);
  EXPECT_GT(full.stats.iterations, 1u);
  EXPECT_EQ(full.stats.peak_frontier, 30u);  // the goal is tested as a child

  IterationLog log;
  const auto logged = search::ida_star(p, hard, ws, {}, {}, log);
  ASSERT_EQ(log.thresholds.size(), full.stats.iterations);
  EXPECT_EQ(log.thresholds.front(), p.lower_bound(hard));
  EXPECT_EQ(log.thresholds.back(), 31u);
  EXPECT_TRUE(std::is_sorted(log.thresholds.begin(), log.thresholds.end()));
  EXPECT_EQ(logged.stats.generated, full.stats.generated);

  IterationLog stopper;
  stopper.stop_at = 2;
  const auto stopped = search::ida_star(p, hard, ws, {}, {}, stopper);
  EXPECT_EQ(stopped.status, search::Status::kCancelled);
  EXPECT_FALSE(stopped.found);
  EXPECT_EQ(stopped.bound, stopper.thresholds[1]);

  search::Limits few;
  few.max_expansions = full.stats.expanded / 2;
  const auto limited = search::ida_star(p, hard, ws, few);
  EXPECT_EQ(limited.status, search::Status::kLimitReached);
  EXPECT_FALSE(limited.found);
  EXPECT_EQ(limited.stats.expanded, few.max_expansions);
  EXPECT_LE(limited.bound, 31u);
  EXPECT_GT(limited.bound, p.lower_bound(hard));

  std::atomic<bool> cancel{true};
  search::Limits cancelled;
  cancelled.cancel = &cancel;
  EXPECT_EQ(search::ida_star(p, hard, ws, cancelled).status, search::Status::kCancelled);

  // A known answer to beat: nothing is cheaper than 31, something is than 32.
  const auto at_optimum = search::ida_star(p, hard, ws, {}, {.bound = 31});
  EXPECT_EQ(at_optimum.status, search::Status::kExhausted);
  EXPECT_FALSE(at_optimum.found);
  EXPECT_GE(at_optimum.bound, 31u);
  EXPECT_EQ(search::ida_star(p, hard, ws, {}, {.bound = 32}).cost, 31u);

  const auto at_goal = search::ida_star(p, EightPuzzle::goal(), ws, {});
  EXPECT_EQ(at_goal.status, search::Status::kSolved);
  EXPECT_EQ(at_goal.cost, 0u);
  EXPECT_TRUE(at_goal.path.empty());
}

TEST(IdaStar, UnreachableGoalIsExhausted) {
  // Swapping two tiles makes the goal unreachable. IDA* would raise its
  // threshold for ever; the bound ends it, and the table keeps each
  // iteration within the reachable half of the states.
  const EightPuzzleNoUndo p;
  search::Workspace ws;
  const auto odd = EightPuzzle::make({2, 1, 3, 4, 5, 6, 7, 8, 0});
  search::Limits limits;
  limits.max_expansions = 50'000'000;
  const auto r = search::ida_star(p, odd, ws, limits, {.bound = 40, .transposition_table = true});
  EXPECT_EQ(r.status, search::Status::kExhausted);
  EXPECT_FALSE(r.found);
  EXPECT_GE(r.bound, 40u);
}

TEST(IdaStar, DomainWithoutPackUnpack) {
  const UnstorablePuzzle p;
  search::Workspace ws;
  const auto start = EightPuzzle::make({8, 6, 7, 2, 5, 4, 3, 0, 1});
  const auto r = search::ida_star(p, start, ws, {}, {.transposition_table = true});  // ignored
  EXPECT_EQ(r.status, search::Status::kSolved);
  EXPECT_EQ(r.cost, 31u);
  EXPECT_EQ(r.stats.duplicates, 0u);
  EXPECT_EQ(r.stats.peak_bytes, 0u);
  const auto d = search::depth_first(p, start, ws, {}, {.max_depth = 31, .bound = 32});
  EXPECT_EQ(d.status, search::Status::kSolved);
  EXPECT_EQ(d.cost, 31u);
}

TEST(IdaStar, DepthOfOneHundredThousandWithoutStackGrowth) {
  // Run on a thread with a 256 KiB stack: a recursive IDA* would need far more.
  struct Job {
    search::SearchResult<std::uint8_t> result;
  } job;
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, 256 * 1024);
  pthread_t thread;
  auto body = [](void* arg) -> void* {
    auto* j = static_cast<Job*>(arg);
    const BoundedChain chain(100000);
    search::Workspace ws;
    j->result = search::ida_star(chain, 0u, ws, search::Limits{});
    return nullptr;
  };
  ASSERT_EQ(pthread_create(&thread, &attr, body, &job), 0);
  pthread_join(thread, nullptr);
  pthread_attr_destroy(&attr);
  EXPECT_EQ(job.result.status, search::Status::kSolved);
  EXPECT_EQ(job.result.cost, 100000u);
  EXPECT_EQ(job.result.path.size(), 100000u);
  EXPECT_EQ(job.result.stats.iterations, 1u);
  EXPECT_EQ(job.result.stats.peak_frontier, 99999u);
}
