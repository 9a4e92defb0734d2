// The parallel best-first search (search/parallel_best_first.hpp) against
// the sequential A*: every 8-puzzle state and 500 small Color Walk boards
// at 1, 2, 4 and 8 workers, its limits across workers, its determinism,
// dominated nodes skipped, and the executors; and the astar solver on it
// (oneTBB tasks).
#include "search/parallel_best_first.hpp"

#include <atomic>
#include <chrono>
#include <memory>
#include <random>
#include <thread>

#include <gtest/gtest.h>
#include <oneapi/tbb/task_arena.h>

#include "exact/exact_domain.hpp"
#include "exact/color_walk_domain.hpp"
#include "game/replay.hpp"
#include "kernel_checks.hpp"
#include "random_boards.hpp"
#include "registry/registry.hpp"
#include "search/beam.hpp"
#include "search/best_first.hpp"
#include "search/executor.hpp"
#include "test_domains.hpp"

using namespace colorwalk;
using kernel_checks::EightPuzzle;

namespace {

using kernel_checks::kStateStride;  // every state, or every 16th under the sanitizers

constexpr std::size_t kWorkerCounts[] = {1, 2, 4, 8};

// The 8-puzzle keeping its Manhattan distance in the state (and in its
// packed form, after the key word), never undoing its last move: A* from
// every state at four worker counts takes seconds, not minutes.
class StorableFastPuzzle {
 public:
  using State = kernel_checks::FastEightPuzzle::State;
  using Move = EightPuzzle::Move;
  static constexpr std::size_t kMaxMoves = 4;

  State make(const EightPuzzle::State& s) const { return fast_.make(s); }
  void moves(const State& s, search::MoveList<Move, kMaxMoves>& out) const { fast_.moves(s, out); }
  bool apply(State& s, Move m) const { return fast_.apply(s, m); }
  bool keep_move(const State& s, Move last, Move m) const { return fast_.keep_move(s, last, m); }
  bool is_goal(const State& s) const { return fast_.is_goal(s); }
  std::uint32_t lower_bound(const State& s) const { return fast_.lower_bound(s); }
  std::size_t packed_words() const { return 2; }
  std::size_t key_words() const { return 1; }
  void pack(const State& s, std::span<search::Word> out) const {
    out[0] = s.base.cells;
    out[1] = s.base.blank | (search::Word{s.h} << 8);
  }
  void unpack(std::span<const search::Word> in, State& s) const {
    s.base.cells = in[0];
    s.base.blank = static_cast<std::uint8_t>(in[1] & 0xff);
    s.h = static_cast<std::uint32_t>(in[1] >> 8);
  }

 private:
  kernel_checks::FastEightPuzzle fast_;
};

}  // namespace

TEST(ParallelSearch, OwnersSpreadEvenlyAndStayInRange) {
  std::mt19937_64 rng(5);
  for (std::size_t workers : {1, 2, 3, 8, 16}) {
    std::vector<std::size_t> count(workers, 0);
    for (int i = 0; i < 80000; ++i) {
      const std::size_t w = search::owner_of(rng(), workers);
      ASSERT_LT(w, workers);
      ++count[w];
    }
    for (std::size_t c : count)
      EXPECT_NEAR(static_cast<double>(c), 80000.0 / static_cast<double>(workers),
                  0.05 * 80000.0 / static_cast<double>(workers));
  }
}

// Every state, at 1, 2, 4 and 8 workers in turn (state k of the sweep at
// the (k mod 4)-th count), on the serial executor: the search is the same,
// phase for phase, whatever executor runs it. Which nodes a phase expands
// does not depend on the number of workers either (only which worker
// expands them), so every count expands as many nodes. Every 4096th state
// runs at all four counts on threads too, node for node the same as
// serially, and through the sequential A*.
TEST(ParallelSearch, EveryEightPuzzleStateAtTheSequentialCost) {
  const auto& distances = kernel_checks::eight_puzzle_distances();
  const auto states = kernel_checks::eight_puzzle_states();
  ASSERT_EQ(states.size(), 181440u);
  const StorableFastPuzzle p;
  const kernel_checks::EightPuzzleNoUndo plain;
  search::SerialExecutor serial;
  search::Workspace ws;
  search::AStarCost<StorableFastPuzzle> cost{p};
  using Serial =
      search::ParallelBestFirstSearch<StorableFastPuzzle, decltype(cost), search::SerialExecutor>;
  using Threaded =
      search::ParallelBestFirstSearch<StorableFastPuzzle, decltype(cost), search::ThreadExecutor>;
  std::vector<std::unique_ptr<search::ParallelWorkspace>> pws;
  std::vector<std::unique_ptr<search::ThreadExecutor>> threads;
  std::vector<std::unique_ptr<Serial>> in_order;
  std::vector<std::unique_ptr<Threaded>> on_threads;
  for (const std::size_t workers : kWorkerCounts) {
    pws.push_back(std::make_unique<search::ParallelWorkspace>());
    threads.push_back(std::make_unique<search::ThreadExecutor>(workers));
    in_order.push_back(std::make_unique<Serial>(p, *pws.back(), cost, serial, workers));
    on_threads.push_back(
        std::make_unique<Threaded>(p, *pws.back(), cost, *threads.back(), workers));
  }
  std::vector<EightPuzzle::Move> path;
  std::size_t checked[4] = {};
  std::size_t everywhere = 0;
  for (std::size_t i = 0, k = 0; i < states.size(); i += kStateStride, ++k) {
    const auto start = p.make(states[i]);
    const std::uint32_t expected = distances.at(states[i].cells);
    const bool all_counts = k % 4096 == 0;
    std::uint64_t expanded = 0;
    for (std::size_t c = 0; c < 4; ++c) {
      if (!all_counts && c != k % 4) continue;
      Serial& s = *in_order[c];
      s.start(start, {});
      ASSERT_EQ(s.run(), search::Status::kSolved) << i;
      ASSERT_EQ(s.g(s.goal()), expected) << "state " << i << ", " << kWorkerCounts[c];
      s.path_to(s.goal(), path);
      ASSERT_EQ(path.size(), expected);
      ASSERT_TRUE(kernel_checks::replays_to_goal(plain, states[i], path)) << i;
      ++checked[c];
      if (!all_counts) continue;
      if (c == 0) expanded = s.stats().expanded;
      EXPECT_EQ(s.stats().expanded, expanded) << i;
      const std::vector<EightPuzzle::Move> serial_path = path;
      Threaded& t = *on_threads[c];
      t.start(start, {});
      ASSERT_EQ(t.run(), search::Status::kSolved);
      t.path_to(t.goal(), path);
      ASSERT_EQ(path, serial_path) << i;
      ASSERT_EQ(t.stats().expanded, expanded);
    }
    if (all_counts) {
      ASSERT_EQ(search::astar(plain, states[i], ws, {}).cost, expected);
      ++everywhere;
    }
  }
  for (std::size_t c : checked)
    EXPECT_GE(c, 181440u / kStateStride / 4);
  EXPECT_GE(everywhere, 181440u / kStateStride / 4096);
}

TEST(ParallelSearch, ColorWalkBoardsAtTheSequentialCostBothRuleSets) {
  std::mt19937_64 rng(2026);
  search::Workspace ws;
  int boards = 0;
  for (Rules rules : {Rules::kColorWalk, Rules::kFloodIt}) {
    for (int i = 0; i < 250; ++i) {
      const Board board = colorwalk::testing::random_board(rng, 5, 8, 3, 5, rules);
      const ClusterGraph g(board);
      const ColorWalkDomain domain(g, {.bound = ColorWalkDomain::Bound::kStrongest});
      const auto sequential = search::astar(domain, g.initial_state(), ws, {});
      ASSERT_EQ(sequential.status, search::Status::kSolved);
      for (const std::size_t workers : kWorkerCounts) {
        search::ParallelWorkspace pws;
        search::ThreadExecutor threads(workers);
        const auto r = search::parallel_astar(domain, g.initial_state(), pws, {}, threads, workers);
        ASSERT_EQ(r.status, search::Status::kSolved) << "board " << i << ", " << workers;
        EXPECT_EQ(r.cost, sequential.cost) << "board " << i << ", " << workers;
        EXPECT_EQ(r.path.size(), sequential.cost);
        EXPECT_TRUE(replay(g, r.path).ok()) << "board " << i;
        EXPECT_EQ(r.stats.workers, workers);
      }
      ++boards;
    }
  }
  EXPECT_EQ(boards, 500);
}

TEST(ParallelSearch, SameWorkersSamePathAndNodesOnEveryRun) {
  std::mt19937_64 rng(17);
  const Board board = colorwalk::testing::random_board(rng, 14, 14, 6, 6, Rules::kFloodIt);
  const ClusterGraph g(board);
  const ColorWalkDomain domain(g, {.bound = ColorWalkDomain::Bound::kColorsLeft});
  search::ParallelWorkspace pws;
  search::ThreadExecutor threads(4);
  search::SerialExecutor serial;
  const auto first = search::parallel_astar(domain, g.initial_state(), pws, {}, threads, 4);
  ASSERT_EQ(first.status, search::Status::kSolved);
  ASSERT_GT(first.stats.expanded, 1000u);
  ASSERT_GT(first.stats.phases, 10u);
  for (int run = 0; run < 3; ++run) {
    const auto again = search::parallel_astar(domain, g.initial_state(), pws, {}, threads, 4);
    EXPECT_EQ(again.path, first.path);
    EXPECT_EQ(again.stats.expanded, first.stats.expanded);
    EXPECT_EQ(again.stats.generated, first.stats.generated);
    EXPECT_EQ(again.stats.phases, first.stats.phases);
  }
  const auto in_order = search::parallel_astar(domain, g.initial_state(), pws, {}, serial, 4);
  EXPECT_EQ(in_order.path, first.path);
  EXPECT_EQ(in_order.stats.expanded, first.stats.expanded);
}

// Which worker takes which chunk of a step follows the threads' pace, yet
// the search does not: chunks taken in turn on threads, every chunk taken
// by one worker (serially), and equal shares fixed in advance give the
// same path, nodes and phases. Counted on a domain whose last layer holds
// goals only (what a step expands past a goal differs between chunks and
// shares); the path alone on the exact domain with dominated nodes
// skipped.
TEST(ParallelSearch, ChunksTakenInTurnSearchAsFixedShares) {
  std::mt19937_64 rng(23);
  search::ParallelWorkspace pws;
  search::SerialExecutor serial;
  for (int i = 0; i < 4; ++i) {
    const Board board = colorwalk::testing::random_board(rng, 8, 10, 4, 6, Rules::kFloodIt);
    const ClusterGraph g(board);
    const ColorWalkDomain walk(g, {.bound = ColorWalkDomain::Bound::kColorsLeft});
    const ExactDomain exact(g);
    search::AStarCost<ColorWalkDomain> walk_cost{walk};
    search::AStarCost<ExactDomain> exact_cost{exact};
    for (const std::size_t workers : {std::size_t{2}, std::size_t{3}, std::size_t{8}}) {
      SCOPED_TRACE(::testing::Message() << "board " << i << ", " << workers << " workers");
      search::ThreadExecutor threads(workers);
      const auto solve_walk = [&](auto& executor, bool fixed) {
        search::ParallelBestFirstSearch<ColorWalkDomain, decltype(walk_cost),
                                        std::remove_reference_t<decltype(executor)>>
            s(walk, pws, walk_cost, executor, workers);
        s.set_fixed_shares(fixed);
        s.start(g.initial_state(), {});
        EXPECT_EQ(s.run(), search::Status::kSolved);
        auto result = s.result();
        return result;
      };
      const auto solve_exact = [&](auto& executor, bool fixed) {
        search::ParallelBestFirstSearch<ExactDomain, decltype(exact_cost),
                                        std::remove_reference_t<decltype(executor)>>
            s(exact, pws, exact_cost, executor, workers);
        s.set_fixed_shares(fixed);
        s.set_skip_dominated(true, 0, 64);
        s.start(exact.initial_state(), {});
        EXPECT_EQ(s.run(), search::Status::kSolved);
        return s.result().path;
      };
      const auto fixed = solve_walk(threads, true);
      ASSERT_TRUE(fixed.found);
      ASSERT_TRUE(replay(g, fixed.path).ok());
      ASSERT_GT(fixed.stats.phases, 5u);
      for (const auto& chunked : {solve_walk(threads, false), solve_walk(serial, false)}) {
        EXPECT_EQ(chunked.path, fixed.path);
        EXPECT_EQ(chunked.stats.expanded, fixed.stats.expanded);
        EXPECT_EQ(chunked.stats.generated, fixed.stats.generated);
        EXPECT_EQ(chunked.stats.duplicates, fixed.stats.duplicates);
        EXPECT_EQ(chunked.stats.phases, fixed.stats.phases);
      }
      const auto exact_fixed = solve_exact(threads, true);
      EXPECT_EQ(exact_fixed.size(), fixed.path.size());
      EXPECT_EQ(solve_exact(threads, false), exact_fixed);
      EXPECT_EQ(solve_exact(serial, false), exact_fixed);
    }
  }
}

// A layer larger than a worker's share of a step takes several steps, the
// search keeping to its key until it is done: the same nodes expanded as
// with no cap (here: at one node a step, and at a few), at every worker
// count, and the same cost; on threads (so under TSan too) as serially.
TEST(ParallelSearch, LayersCutIntoStepsExpandTheSameNodes) {
  std::mt19937_64 rng(41);
  search::ParallelWorkspace pws;
  int layers_cut = 0;
  for (int i = 0; i < 12; ++i) {
    const Board board = colorwalk::testing::random_board(rng, 8, 11, 4, 6, Rules::kFloodIt);
    const ClusterGraph g(board);
    const ColorWalkDomain domain(g, {.bound = ColorWalkDomain::Bound::kColorsLeft});
    search::AStarCost<ColorWalkDomain> cost{domain};
    using Search =
        search::ParallelBestFirstSearch<ColorWalkDomain, decltype(cost), search::ThreadExecutor>;
    std::uint64_t expanded = 0;
    std::uint32_t length = 0;
    for (const std::size_t workers : kWorkerCounts) {
      search::ThreadExecutor threads(workers);
      std::uint64_t phases_uncut = 0;
      for (const std::size_t step : {std::size_t{1} << 30, std::size_t{1}, std::size_t{5}}) {
        Search s(domain, pws, cost, threads, workers);
        s.set_step_expansions(step);
        s.start(g.initial_state(), {});
        ASSERT_EQ(s.run(), search::Status::kSolved);
        std::vector<Color> path;
        s.path_to(s.goal(), path);
        ASSERT_TRUE(replay(g, path).ok()) << "board " << i;
        if (expanded == 0) {
          expanded = s.stats().expanded;
          length = s.g(s.goal());
        }
        EXPECT_EQ(s.stats().expanded, expanded) << "board " << i << ", " << workers << ", " << step;
        EXPECT_EQ(s.g(s.goal()), length);
        if (step == std::size_t{1} << 30) phases_uncut = s.stats().phases;
        if (s.stats().phases > phases_uncut) ++layers_cut;
      }
    }
  }
  EXPECT_GT(layers_cut, 12);  // the small steps did cut layers
}

// Dominated nodes skipped (set_skip_dominated) on the exact domain, from
// the first phase, by their keys alone and with the recent keys' superset
// check too: the sequential optimum at every worker count, on threads (so
// under TSan too), the same nodes expanded and skipped on a second run,
// and nodes skipped.
TEST(ParallelSearch, SkippingDominatedNodesKeepsTheOptimumOnEveryRun) {
  for (const std::size_t recent_keys : {std::size_t{0}, std::size_t{64}}) {
    SCOPED_TRACE(recent_keys);
    std::mt19937_64 rng(404);
    search::Workspace ws;
    search::ParallelWorkspace pws;
    std::uint64_t dominated = 0;
    std::uint64_t expanded = 0;
    std::uint64_t expanded_keeping = 0;
    for (int i = 0; i < 30; ++i) {
      const Board board = colorwalk::testing::random_board(rng, 7, 10, 4, 6, Rules::kFloodIt);
      const ClusterGraph g(board);
      const ExactDomain domain(g);
      const auto sequential = search::astar(domain, domain.initial_state(), ws, {});
      ASSERT_EQ(sequential.status, search::Status::kSolved);
      search::AStarCost<ExactDomain> cost{domain};
      using Search =
          search::ParallelBestFirstSearch<ExactDomain, decltype(cost), search::ThreadExecutor>;
      for (const std::size_t workers : kWorkerCounts) {
        search::ThreadExecutor threads(workers);
        std::uint64_t first_expanded = 0;
        std::uint64_t first_dominated = 0;
        for (int run = 0; run < 2; ++run) {
          Search s(domain, pws, cost, threads, workers);
          s.set_skip_dominated(true, 0, recent_keys);
          s.start(domain.initial_state(), {});
          ASSERT_EQ(s.run(), search::Status::kSolved) << "board " << i << ", " << workers;
          std::vector<Color> path;
          s.path_to(s.goal(), path);
          EXPECT_EQ(path.size(), sequential.cost) << "board " << i << ", " << workers;
          EXPECT_TRUE(replay(g, path).ok()) << "board " << i << ", " << workers;
          if (run == 0) {
            first_expanded = s.stats().expanded;
            first_dominated = s.stats().dominated;
            dominated += first_dominated;
            expanded += first_expanded;
          } else {
            EXPECT_EQ(s.stats().expanded, first_expanded) << "board " << i << ", " << workers;
            EXPECT_EQ(s.stats().dominated, first_dominated) << "board " << i << ", " << workers;
          }
        }
        Search keeping(domain, pws, cost, threads, workers);
        keeping.start(domain.initial_state(), {});
        ASSERT_EQ(keeping.run(), search::Status::kSolved);
        EXPECT_EQ(keeping.stats().dominated, 0u);
        expanded_keeping += keeping.stats().expanded;
      }
    }
    EXPECT_GT(dominated, 100u);  // exercised, not vacuous
    EXPECT_LT(expanded, expanded_keeping);
  }
}

TEST(ParallelSearch, OneMemoryLimitForAllWorkers) {
  // Dijkstra (h = 0 through a cost that ignores it) on the hardest 8-puzzle
  // state stores some 180,000 nodes: far more than 2 MiB holds.
  const EightPuzzle p;
  const auto hardest = EightPuzzle::make({8, 6, 7, 2, 5, 4, 3, 0, 1});
  search::PathCost cost;
  for (const std::size_t workers : {2, 4, 8}) {
    search::ParallelWorkspace pws;
    search::ThreadExecutor threads(workers);
    search::ParallelBestFirstSearch<EightPuzzle, search::PathCost, search::ThreadExecutor> s(
        p, pws, cost, threads, workers);
    search::Limits limits;
    limits.max_bytes = std::size_t{2} << 20;
    s.start(hardest, limits);
    EXPECT_EQ(s.run(), search::Status::kLimitReached) << workers;
    EXPECT_LE(s.stats().peak_bytes, limits.max_bytes);
    EXPECT_GT(s.stats().peak_bytes, limits.max_bytes / 2);
    EXPECT_LE(pws.used(), limits.max_bytes);
    // With room, the same search finds the optimum.
    limits.max_bytes = std::size_t{256} << 20;
    s.start(hardest, limits);
    ASSERT_EQ(s.run(), search::Status::kSolved);
    EXPECT_EQ(s.g(s.goal()), 31u);
  }
}

TEST(ParallelSearch, ARunWideLimitAboveTheSearchsOwn) {
  const EightPuzzle p;
  const auto hardest = EightPuzzle::make({8, 6, 7, 2, 5, 4, 3, 0, 1});
  search::SharedMemory run(std::size_t{1} << 20);
  search::ParallelWorkspace pws;
  pws.share(&run);
  search::ThreadExecutor threads(2);
  search::PathCost cost;
  search::ParallelBestFirstSearch<EightPuzzle, search::PathCost, search::ThreadExecutor> s(
      p, pws, cost, threads, 2);
  s.start(hardest, {});  // its own limit 1 GiB, the run's 1 MiB
  EXPECT_EQ(s.run(), search::Status::kLimitReached);
  EXPECT_LE(run.peak(), std::size_t{1} << 20);
  EXPECT_GT(pws.parent_refusals(), 0u);
  pws.share(nullptr);
  EXPECT_EQ(run.used(), 0u);
}

TEST(ParallelSearch, ExpansionLimitCountsAllWorkers) {
  const EightPuzzle p;
  const auto hardest = EightPuzzle::make({8, 6, 7, 2, 5, 4, 3, 0, 1});
  search::PathCost cost;
  search::ParallelWorkspace pws;
  search::ThreadExecutor threads(4);
  search::ParallelBestFirstSearch<EightPuzzle, search::PathCost, search::ThreadExecutor> s(
      p, pws, cost, threads, 4);
  search::Limits limits;
  limits.max_expansions = 5000;
  s.start(hardest, limits);
  EXPECT_EQ(s.run(), search::Status::kLimitReached);
  EXPECT_EQ(s.stats().expanded, 5000u);
  EXPECT_NE(s.best_open(), search::kNoNode);
}

// A cost that raises the cancellation flag at its n-th call: the workers
// must all stop within a poll interval of expansions each.
struct CancellingCost {
  std::atomic<bool>* flag;
  std::atomic<std::uint64_t>* calls;
  std::uint64_t at;
  std::int64_t operator()(const EightPuzzle::State&, std::uint32_t g) const {
    if (calls->fetch_add(1) + 1 == at) flag->store(true);
    return g;
  }
};

TEST(ParallelSearch, CancellationStopsEveryWorkerPromptly) {
  const EightPuzzle p;
  const auto hardest = EightPuzzle::make({8, 6, 7, 2, 5, 4, 3, 0, 1});
  // Several rounds: the flag rises inside a step while the other workers
  // run, and the search must report the cancellation, not the stop that
  // the worker which saw it raised for the others.
  for (int round = 0; round < 5; ++round) {
    for (const std::size_t workers : {2, 4, 8}) {
      std::atomic<bool> cancel{false};
      std::atomic<std::uint64_t> calls{0};
      CancellingCost cost{&cancel, &calls, 20000};
      search::ParallelWorkspace pws;
      search::ThreadExecutor threads(workers);
      search::ParallelBestFirstSearch<EightPuzzle, CancellingCost, search::ThreadExecutor> s(
          p, pws, cost, threads, workers);
      search::Limits limits;
      limits.cancel = &cancel;
      limits.poll_interval = 64;
      s.start(hardest, limits);
      EXPECT_EQ(s.run(), search::Status::kCancelled) << workers;
      // When the flag rose, at most 20000 children had been costed, so at
      // most as many nodes stored and expanded; then each worker polls
      // within 64 expansions.
      EXPECT_LE(s.stats().expanded, 20000u + workers * 64) << workers;
    }
  }
}

TEST(ParallelSearch, ThreadExecutorRunsEveryCallOnceAcrossBatches) {
  search::ThreadExecutor threads(4);
  std::vector<int> hits(37, 0);
  for (int batch = 0; batch < 200; ++batch)
    threads(hits.size(), [&](std::size_t i) { ++hits[i]; });
  for (int h : hits)
    EXPECT_EQ(h, 200);
  EXPECT_EQ(threads.threads(), 4u);
}

// The astar solver with its search on 2, 4 and 8 workers (oneTBB tasks,
// in an arena of 4 threads) against its sequential search, on the exact
// domain with every pruning rule.
TEST(ParallelAStar, WorkersGiveTheSequentialMovesAndProofs) {
  std::mt19937_64 rng(99);
  const auto sequential = builtin_solvers().parse("astar:threads=1").make();
  std::vector<std::unique_ptr<Solver>> parallel;
  for (const char* spec :
       {"astar:threads=2", "astar:threads=4", "astar:threads=8", "astar:threads=4,balance=0"})
    parallel.push_back(builtin_solvers().parse(spec).make());
  oneapi::tbb::task_arena arena(4);
  int boards = 0;
  for (Rules rules : {Rules::kColorWalk, Rules::kFloodIt}) {
    for (int i = 0; i < 40; ++i) {
      const Board board = colorwalk::testing::random_board(rng, 10, 14, 5, 8, rules);
      const ClusterGraph g(board);
      const Solution expected = sequential->solve(g, {});
      ASSERT_TRUE(expected.proven_optimal);
      for (const auto& solver : parallel) {
        Solution got;
        arena.execute([&] { got = solver->solve(g, {}); });
        EXPECT_TRUE(got.proven_optimal) << "board " << i;
        EXPECT_EQ(got.moves.size(), expected.moves.size()) << "board " << i;
        EXPECT_TRUE(replay(g, got.moves).ok()) << "board " << i;
      }
      ++boards;
    }
  }
  EXPECT_EQ(boards, 80);
}

// The offer of idle threads (SolveContext::workers) is taken by default,
// and a pinned threads=1 keeps the sequential search.
TEST(ParallelAStar, TakesTheWorkersOfferedUnlessPinned) {
  std::mt19937_64 rng(3);
  const Board board = colorwalk::testing::random_board(rng, 16, 16, 8, 8, Rules::kFloodIt);
  const ClusterGraph g(board);
  SolveContext offered;
  offered.workers = 4;
  oneapi::tbb::task_arena arena(4);
  Solution by_default;
  Solution pinned;
  arena.execute([&] {
    by_default = builtin_solvers().parse("astar").make()->solve(g, offered);
    pinned = builtin_solvers().parse("astar:threads=1").make()->solve(g, offered);
  });
  EXPECT_EQ(by_default.workers, 4u);
  EXPECT_EQ(pinned.workers, 1u);
  EXPECT_EQ(by_default.moves.size(), pinned.moves.size());
  EXPECT_TRUE(by_default.proven_optimal && pinned.proven_optimal);
  // What the parallel parts took: the workers' search's steps (and beams)
  // ran as parallel calls, each at most as long as all its tasks; the
  // pinned solve ran none.
  EXPECT_GT(by_default.parallel_seconds, 0.0);
  EXPECT_GT(by_default.critical_seconds, 0.0);
  EXPECT_LE(by_default.critical_seconds, by_default.parallel_seconds);
  EXPECT_EQ(pinned.parallel_seconds, 0.0);
  EXPECT_EQ(pinned.critical_seconds, 0.0);
}

// Cancellation through the solver: a board far too hard to finish, the
// flag raised from another thread; every worker stops and the answer (not
// proven) still replays.
TEST(ParallelAStar, CancelledMidSearchStillAnswers) {
  std::mt19937_64 rng(8);
  const Board board = colorwalk::testing::random_board(rng, 40, 40, 10, 10, Rules::kFloodIt);
  const ClusterGraph g(board);
  std::atomic<bool> cancel{false};
  SolveContext context;
  context.cancel = &cancel;
  oneapi::tbb::task_arena arena(4);
  Solution got;
  std::thread raiser([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    cancel.store(true);
  });
  arena.execute(
      [&] { got = builtin_solvers().parse("astar:threads=4,beam=0").make()->solve(g, context); });
  raiser.join();
  EXPECT_FALSE(got.proven_optimal);
  EXPECT_TRUE(replay(g, got.moves).ok());
  EXPECT_EQ(got.workers, 4u);
}

// A beam whose children are costed on several lanes (BeamSearch::search
// with an executor) is the beam on one: the same status, answer, path and
// counts, on random boards at widths 4, 16 and 64, on 2, 3, 5 and 8
// threads (so under TSan too), with a key that prunes some children, and
// under an expansion limit that stops it midway at the same node.
TEST(ParallelSearch, ABeamOnSeveralLanesIsTheBeamOnOne) {
  std::mt19937_64 rng(515);
  search::Workspace one_ws;
  search::Workspace lanes_ws;
  std::size_t solved = 0;
  std::size_t pruned = 0;
  std::size_t stopped = 0;
  for (int i = 0; i < 12; ++i) {
    const Board board = colorwalk::testing::random_board(rng, 8, 14, 3, 7, Rules::kFloodIt);
    const ClusterGraph g(board);
    const ExactDomain domain(g);
    const auto key = [&](const ExactDomain::State& s, std::uint32_t depth) {
      if (s.marker.cells_cleared() % 11 == 0) return search::kPruneKey;
      return domain.beam_key(s, depth);
    };
    for (const std::size_t width : {std::size_t{4}, std::size_t{16}, std::size_t{64}}) {
      search::BeamSearch<ExactDomain> one(domain, one_ws);
      const auto want = one.search(domain.initial_state(), {}, {.width = width}, key);
      search::Limits half;
      half.max_expansions = std::max<std::uint64_t>(1, want.stats.expanded / 2);
      const auto want_half = one.search(domain.initial_state(), half, {.width = width}, key);
      solved += want.found ? 1 : 0;
      pruned += want.stats.pruned;
      stopped += want_half.status == search::Status::kLimitReached ? 1 : 0;
      for (const std::size_t lanes : {std::size_t{2}, std::size_t{3}, std::size_t{5}, std::size_t{8}}) {
        SCOPED_TRACE(::testing::Message() << "board " << i << ", width " << width << ", "
                                          << lanes << " lanes");
        search::ThreadExecutor threads(lanes);
        search::BeamSearch<ExactDomain> several(domain, lanes_ws);
        for (const auto& [limits, expected] :
             {std::pair{search::Limits{}, &want}, std::pair{half, &want_half}}) {
          const auto got =
              several.search(domain.initial_state(), limits, {.width = width}, key, threads, lanes);
          EXPECT_EQ(got.status, expected->status);
          EXPECT_EQ(got.found, expected->found);
          EXPECT_EQ(got.cost, expected->cost);
          EXPECT_EQ(got.path, expected->path);
          EXPECT_EQ(got.stats.expanded, expected->stats.expanded);
          EXPECT_EQ(got.stats.generated, expected->stats.generated);
          EXPECT_EQ(got.stats.pruned, expected->stats.pruned);
          EXPECT_EQ(got.stats.duplicates, expected->stats.duplicates);
          EXPECT_EQ(got.stats.peak_frontier, expected->stats.peak_frontier);
          if (got.found) {
            EXPECT_TRUE(replay(g, got.path).ok());
          }
        }
      }
    }
  }
  EXPECT_GT(solved, 10u);  // answers, pruned children and stops all exercised
  EXPECT_GT(pruned, 100u);
  EXPECT_GT(stopped, 10u);
}
