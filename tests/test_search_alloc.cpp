// Counts heap allocations (global operator new is replaced in this binary)
// to show that a warm search allocates nothing per expansion, and that a
// cold one grows its pools in a logarithmic number of large steps.
#include <atomic>
#include <cstdlib>
#include <new>
#include <type_traits>
#include <utility>

#include <gtest/gtest.h>

#include "exact/color_walk_domain.hpp"
#include "game/sources.hpp"
#include "search/best_first.hpp"
#include "search/bfs.hpp"
#include "search/executor.hpp"
#include "search/parallel_best_first.hpp"
#include "test_domains.hpp"

namespace {
std::atomic<std::uint64_t> g_allocations{0};
}

// The replaced operators below pair malloc with free, as they must; g++ 12,
// seeing operator new's body inlined into a caller of delete[], takes the
// free for a mismatch with new (which inlining decisions elsewhere decide).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif

void* operator new(std::size_t n) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n) {
  return operator new(n);
}
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  return std::malloc(n == 0 ? 1 : n);
}
void* operator new[](std::size_t n, const std::nothrow_t& t) noexcept {
  return operator new(n, t);
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete[](void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}
void operator delete[](void* p, std::size_t) noexcept {
  std::free(p);
}

namespace {

std::uint64_t allocations() {
  return g_allocations.load(std::memory_order_relaxed);
}

using testdomains::EightPuzzle;
const EightPuzzle::State kHardest = EightPuzzle::make({8, 6, 7, 2, 5, 4, 3, 0, 1});

}  // namespace

TEST(Allocations, WarmBestFirstSearchAllocatesNothingPerExpansion) {
  const EightPuzzle p;
  search::Workspace ws;
  search::PathCost cost;
  search::NullVisitor visitor;
  search::BestFirstSearch<EightPuzzle, search::PathCost> dijkstra(p, ws, cost, visitor);

  const std::uint64_t before_cold = allocations();
  dijkstra.start(kHardest, {});
  dijkstra.run();
  const std::uint64_t cold = allocations() - before_cold;
  ASSERT_EQ(dijkstra.status(), search::Status::kSolved);
  ASSERT_GE(dijkstra.stats().expanded, 100000u);
  EXPECT_LE(cold, 64u) << "pool, heap and table growth must be logarithmic";
  EXPECT_LE(ws.pool.segment_count(), 9u);

  const std::uint64_t before_warm = allocations();
  dijkstra.start(kHardest, {});
  dijkstra.run();
  const std::uint64_t warm = allocations() - before_warm;
  ASSERT_EQ(dijkstra.status(), search::Status::kSolved);
  EXPECT_GE(dijkstra.stats().expanded, 100000u);
  EXPECT_EQ(warm, 0u);

  std::vector<std::uint8_t> path;
  path.reserve(64);
  const std::uint64_t before_path = allocations();
  dijkstra.path_to(dijkstra.goal(), path);
  EXPECT_EQ(allocations() - before_path, 0u);
  EXPECT_EQ(path.size(), 31u);
}

TEST(Allocations, WarmBfsAllocatesNothingPerExpansion) {
  const EightPuzzle p;
  search::Workspace ws;
  search::BreadthFirstSearch<EightPuzzle> bfs(p, ws);
  search::SearchResult<std::uint8_t> result;
  search::NullVisitor visitor;
  const search::BfsOptions options{.detect_duplicates = true};
  bfs.search_into(kHardest, {}, options, visitor, result);
  ASSERT_EQ(result.status, search::Status::kSolved);
  const std::uint64_t before = allocations();
  bfs.search_into(kHardest, {}, options, visitor, result);
  EXPECT_EQ(allocations() - before, 0u);
  EXPECT_EQ(result.cost, 31u);
  EXPECT_GE(result.stats.expanded, 100000u);
}

TEST(Allocations, ColorWalkBfsOnMarkerStatesAllocatesNothingWhenWarm) {
  const colorwalk::Board board = colorwalk::ArticlesSource(1).board(0);
  const colorwalk::ClusterGraph g(board);
  const colorwalk::ColorWalkDomain domain(g);
  search::Workspace ws;
  search::BreadthFirstSearch<colorwalk::ColorWalkDomain> bfs(domain, ws);
  search::SearchResult<colorwalk::Color> result;
  search::NullVisitor visitor;
  search::Limits limits;
  limits.max_expansions = 100000;
  const search::BfsOptions options{.detect_duplicates = true};
  const colorwalk::MarkerState start = g.initial_state();
  bfs.search_into(start, limits, options, visitor, result);
  const std::uint64_t before = allocations();
  bfs.search_into(start, limits, options, visitor, result);
  EXPECT_EQ(allocations() - before, 0u);
  EXPECT_EQ(result.stats.expanded, 100000u);
  EXPECT_EQ(result.status, search::Status::kLimitReached);
}

// On threads the workers take a step's chunks at their own pace, so a
// worker may take more of a step's records than it did before, and its
// outbox then grows (doubling): a few times over a workspace's life, never
// per expansion. Run serially, worker 0 takes every chunk each time, and a
// warm search allocates nothing at all.
TEST(Allocations, WarmParallelSearchAllocatesNothingPerExpansion) {
  const EightPuzzle p;
  search::PathCost cost;
  search::ThreadExecutor threads(4);
  search::SerialExecutor serial;
  const auto warm_allocations = [&](auto& executor) {
    search::ParallelWorkspace pws;
    search::ParallelBestFirstSearch<EightPuzzle, search::PathCost,
                                    std::remove_reference_t<decltype(executor)>>
        dijkstra(p, pws, cost, executor, 4);
    dijkstra.start(kHardest, {});
    EXPECT_EQ(dijkstra.run(), search::Status::kSolved);
    EXPECT_GE(dijkstra.stats().expanded, 100000u);

    const std::uint64_t before_warm = allocations();
    dijkstra.start(kHardest, {});
    dijkstra.run();
    const std::uint64_t warm = allocations() - before_warm;
    EXPECT_EQ(dijkstra.status(), search::Status::kSolved);
    EXPECT_GE(dijkstra.stats().expanded, 100000u);
    EXPECT_GE(dijkstra.stats().phases, 20u);
    return std::pair{warm, dijkstra.stats().expanded};
  };
  const auto [on_threads, expanded] = warm_allocations(threads);
  EXPECT_LE(on_threads * 1000, expanded);
  EXPECT_EQ(warm_allocations(serial).first, 0u);
}
