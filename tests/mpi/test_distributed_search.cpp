// The distributed best-first search (search/mpi/distributed_best_first.hpp)
// on the ranks it is launched on (ctest runs it under mpiexec at 2 and 4
// ranks): the same nodes, ids and path as the parallel search of as many
// workers in one process, the sequential A*'s cost, on the 15-puzzle and on
// Color Walk boards at 1 and 2 threads a rank; limits met on one rank stop
// every rank; the nodes of a stopped search read back on every rank.
#include "search/mpi/distributed_best_first.hpp"

#include <mpi.h>

#include <array>
#include <atomic>
#include <random>

#include <gtest/gtest.h>

#include "exact/exact_domain.hpp"
#include "fifteen_puzzle.hpp"
#include "game/replay.hpp"
#include "random_boards.hpp"
#include "search/best_first.hpp"
#include "search/executor.hpp"

using namespace colorwalk;

namespace {

int rank_of_world() {
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  return rank;
}
int ranks_of_world() {
  int ranks = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  return ranks;
}

// A 15-puzzle start `moves` random moves from the goal (the same on every rank).
examples::FifteenPuzzle::State scramble(std::mt19937_64& rng, int moves) {
  const examples::FifteenPuzzle puzzle;
  auto s = examples::FifteenPuzzle::goal();
  for (int i = 0; i < moves; ++i) {
    search::MoveList<examples::FifteenPuzzle::Move, 4> list;
    puzzle.moves(s, list);
    puzzle.apply(s, list[static_cast<std::size_t>(rng() % list.size())]);
  }
  return s;
}

// Korf's instance 79 (optimum 42 moves; about 69,000 nodes for A*).
examples::FifteenPuzzle::State korf79() {
  constexpr std::array<int, 16> kTiles = {0, 1, 9, 7, 11, 13, 5, 3, 14, 12, 4, 2, 8, 6, 10, 15};
  return examples::FifteenPuzzle::make(kTiles);
}

// Checks the distributed search against the parallel one of R * T workers
// (serially, in one process) and the sequential A*: same status, cost,
// nodes expanded and path; and that every rank got that path.
template <class D, class Replay>
void expect_same_search(const D& domain, const typename D::State& start, std::size_t threads,
                        Replay&& replays, const std::string& what) {
  const std::size_t ranks = static_cast<std::size_t>(ranks_of_world());
  search::Workspace ws;
  const auto sequential = search::astar(domain, start, ws, {});
  ASSERT_EQ(sequential.status, search::Status::kSolved) << what;

  search::ParallelWorkspace pws;
  search::SerialExecutor serial;
  const auto parallel = search::parallel_astar(domain, start, pws, {}, serial, ranks * threads);

  search::mpi::DistributedWorkspace dws;
  search::ThreadExecutor executor(threads);
  const auto distributed =
      search::mpi::distributed_astar(domain, start, dws, {}, executor, threads, MPI_COMM_WORLD);
  ASSERT_EQ(distributed.status, search::Status::kSolved) << what;
  EXPECT_EQ(distributed.cost, sequential.cost) << what;
  EXPECT_EQ(distributed.stats.expanded, parallel.stats.expanded) << what;
  EXPECT_EQ(distributed.stats.generated, parallel.stats.generated) << what;
  EXPECT_EQ(distributed.stats.workers, ranks * threads) << what;
  EXPECT_EQ(distributed.path, parallel.path) << what;
  EXPECT_TRUE(replays(distributed.path)) << what;
  // Every rank holds the same path: rank 0's, broadcast, compared.
  std::vector<std::uint64_t> mine(distributed.path.begin(), distributed.path.end());
  std::vector<std::uint64_t> first = mine;
  MPI_Bcast(first.data(), static_cast<int>(first.size()), MPI_UINT64_T, 0, MPI_COMM_WORLD);
  EXPECT_EQ(mine, first) << what;
}

TEST(DistributedSearch, FifteenPuzzleAsTheParallelAndSequentialSearches) {
  const examples::FifteenPuzzle puzzle;
  std::mt19937_64 rng(43);
  for (int i = 0; i < 13; ++i) {
    // Random walks from the goal, then Korf's instance 79.
    const auto start = i < 12 ? scramble(rng, 30 + 3 * i) : korf79();
    for (const std::size_t threads : {std::size_t{1}, std::size_t{2}}) {
      expect_same_search(
          puzzle, start, threads,
          [&](const std::vector<examples::FifteenPuzzle::Move>& path) {
            auto s = start;
            for (const auto m : path)
              puzzle.apply(s, m);
            return puzzle.is_goal(s);
          },
          "scramble " + std::to_string(i) + ", " + std::to_string(threads) + " threads");
    }
  }
}

TEST(DistributedSearch, ColorWalkBoardsAsTheParallelAndSequentialSearches) {
  std::mt19937_64 rng(4343);
  for (int i = 0; i < 40; ++i) {
    const Board board = colorwalk::testing::random_board(rng, 6, 10, 3, 6, Rules::kFloodIt);
    const ClusterGraph g(board);
    const ExactDomain domain(g);
    for (const std::size_t threads : {std::size_t{1}, std::size_t{2}})
      expect_same_search(
          domain, domain.initial_state(), threads,
          [&](const std::vector<Color>& path) { return replay(g, path).ok(); },
          "board " + std::to_string(i) + ", " + std::to_string(threads) + " threads");
  }
}

// A byte limit too small on one rank (the last) stops every rank with
// kLimitReached; the open nodes then read back on every rank alike.
TEST(DistributedSearch, MemoryLimitOnOneRankStopsEveryRank) {
  const examples::FifteenPuzzle puzzle;
  const auto start = korf79();
  search::mpi::DistributedWorkspace dws;
  search::ThreadExecutor executor(2);
  search::AStarCost<examples::FifteenPuzzle> cost{puzzle};
  search::mpi::DistributedBestFirstSearch<examples::FifteenPuzzle, decltype(cost),
                                          search::ThreadExecutor>
      s(puzzle, dws, cost, executor, 2, MPI_COMM_WORLD);
  search::Limits limits;
  if (rank_of_world() == ranks_of_world() - 1) limits.max_bytes = 2 << 20;
  s.start(start, limits);
  EXPECT_EQ(s.run(), search::Status::kLimitReached);
  EXPECT_LE(dws.peak(), limits.max_bytes);
  const search::NodeId best = s.best_open();
  ASSERT_NE(best, search::kNoNode);
  std::vector<examples::FifteenPuzzle::Move> path;
  s.path_to(best, path);
  examples::FifteenPuzzle::State at{};
  s.state_of(best, at);
  auto replayed = start;
  for (const auto m : path)
    puzzle.apply(replayed, m);
  EXPECT_EQ(replayed.cells, at.cells);
  EXPECT_EQ(s.g(best), path.size());
}

// The cancellation flag raised on rank 0 alone stops every rank with
// kCancelled; an expansion limit counts all ranks' expansions.
TEST(DistributedSearch, CancellationAndExpansionLimitReachEveryRank) {
  const examples::FifteenPuzzle puzzle;
  const auto start = korf79();
  search::mpi::DistributedWorkspace dws;
  search::ThreadExecutor executor(2);
  std::atomic<bool> cancel{rank_of_world() == 0};
  search::Limits limits;
  limits.cancel = &cancel;
  auto r = search::mpi::distributed_astar(puzzle, start, dws, limits, executor, 2, MPI_COMM_WORLD);
  EXPECT_EQ(r.status, search::Status::kCancelled);
  EXPECT_FALSE(r.found);

  search::Limits nodes;
  nodes.max_expansions = 5000;
  r = search::mpi::distributed_astar(puzzle, start, dws, nodes, executor, 2, MPI_COMM_WORLD);
  EXPECT_EQ(r.status, search::Status::kLimitReached);
  EXPECT_GE(r.stats.expanded, 5000u);
  // A phase may overshoot by what the ranks expand in it, never by more
  // than a step of every worker.
  EXPECT_LE(r.stats.expanded, 5000u + 2 * 32768u * static_cast<unsigned>(ranks_of_world()));
}

// The ranks exchange records: with several ranks some bytes are sent, and
// a second search on the same workspace gives the same answer.
TEST(DistributedSearch, RanksExchangeRecordsAndRepeatTheirAnswer) {
  const examples::FifteenPuzzle puzzle;
  std::mt19937_64 rng(9);
  const auto start = scramble(rng, 50);
  search::mpi::DistributedWorkspace dws;
  search::ThreadExecutor executor(1);
  search::AStarCost<examples::FifteenPuzzle> cost{puzzle};
  using Search = search::mpi::DistributedBestFirstSearch<examples::FifteenPuzzle, decltype(cost),
                                                         search::ThreadExecutor>;
  std::vector<examples::FifteenPuzzle::Move> first;
  for (int run = 0; run < 2; ++run) {
    Search s(puzzle, dws, cost, executor, 1, MPI_COMM_WORLD);
    s.start(start, {});
    ASSERT_EQ(s.run(), search::Status::kSolved);
    std::vector<examples::FifteenPuzzle::Move> path;
    s.path_to(s.goal(), path);
    if (run == 0) first = path;
    EXPECT_EQ(path, first);
    if (ranks_of_world() > 1) {
      EXPECT_GT(s.exchange_stats().bytes_sent, 0u);
      EXPECT_GT(s.exchange_stats().messages_sent, 0u);
    } else {
      EXPECT_EQ(s.exchange_stats().bytes_sent, 0u);
    }
  }
}

}  // namespace

// MPI around GoogleTest: every rank runs every test (they are collective);
// rank 0 alone prints; the exit status is non-zero when any rank failed.
int main(int argc, char** argv) {
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  ::testing::InitGoogleTest(&argc, argv);
  if (rank_of_world() != 0) {
    auto& listeners = ::testing::UnitTest::GetInstance()->listeners();
    delete listeners.Release(listeners.default_result_printer());
  }
  int failed = RUN_ALL_TESTS() != 0 ? 1 : 0;
  MPI_Allreduce(MPI_IN_PLACE, &failed, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  MPI_Finalize();
  return failed;
}
