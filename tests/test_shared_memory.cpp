// The process-wide memory limit: search::SharedMemory, budgets and
// workspaces drawing from it, searches on several threads under one limit,
// and the searching solvers reporting a refusal.
#include "search/shared_memory.hpp"

#include <gtest/gtest.h>

#include <random>
#include <thread>
#include <vector>

#include "registry/board_memory.hpp"
#include "exact/color_walk_domain.hpp"
#include "registry/registry.hpp"
#include "game/sources.hpp"
#include "search/best_first.hpp"
#include "search/workspace.hpp"

using namespace colorwalk;

TEST(SharedMemory, TakesWhatFitsAndCountsRefusals) {
  search::SharedMemory shared(1000);
  EXPECT_TRUE(shared.take(600));
  EXPECT_FALSE(shared.take(401));
  EXPECT_TRUE(shared.take(400));
  EXPECT_FALSE(shared.take(1));
  EXPECT_FALSE(shared.take(SIZE_MAX));
  EXPECT_EQ(shared.used(), 1000u);
  EXPECT_EQ(shared.refusals(), 3u);
  shared.give_back(1000);
  EXPECT_EQ(shared.used(), 0u);
  EXPECT_EQ(shared.peak(), 1000u);
}

TEST(SharedMemory, BudgetsDrawFromTheirParentAndGiveBackWhenDestroyed) {
  search::SharedMemory shared(1000);
  {
    search::MemoryBudget a;
    search::MemoryBudget b;
    a.set_parent(&shared);
    b.set_parent(&shared);
    b.set_limit(300);
    EXPECT_TRUE(a.take(500));
    EXPECT_FALSE(b.take(301));  // its own limit: not the parent's refusal
    EXPECT_EQ(b.parent_refusals(), 0u);
    EXPECT_TRUE(b.take(300));
    EXPECT_FALSE(a.take(201));  // the parent's limit
    EXPECT_EQ(a.parent_refusals(), 1u);
    EXPECT_EQ(a.used(), 500u);
    EXPECT_EQ(shared.used(), 800u);
    b.give_back(100);
    EXPECT_EQ(shared.used(), 700u);
    search::MemoryBudget moved(std::move(b));  // the memory moves with it
    EXPECT_EQ(moved.used(), 200u);
    EXPECT_EQ(shared.used(), 700u);
  }
  EXPECT_EQ(shared.used(), 0u);
}

TEST(SharedMemory, WorkspacesShareAndTrim) {
  const Board board = ArticlesSource(1).board(0);
  const ClusterGraph g(board);
  const ColorWalkDomain domain(g);
  search::Workspace ws;
  search::Limits limits;
  limits.max_expansions = 20000;
  const auto alone = search::dijkstra(domain, g.initial_state(), ws, limits);
  const std::size_t held = ws.budget.used();
  ASSERT_GT(held, 0u);
  search::SharedMemory shared(std::size_t{1} << 30);
  ws.share(&shared);  // what it held alone is released, not charged
  EXPECT_EQ(ws.budget.used(), 0u);
  EXPECT_EQ(shared.used(), 0u);
  const auto together = search::dijkstra(domain, g.initial_state(), ws, limits);
  EXPECT_EQ(together.status, alone.status);
  EXPECT_EQ(together.stats.expanded, alone.stats.expanded);
  EXPECT_EQ(shared.used(), ws.budget.used());
  ws.trim(ws.budget.used());  // keeps what is within the bound
  EXPECT_EQ(shared.used(), held);
  ws.trim(held - 1);
  EXPECT_EQ(ws.budget.used(), 0u);
  EXPECT_EQ(shared.used(), 0u);
  ws.share(nullptr);
  EXPECT_EQ(ws.budget.parent(), nullptr);
}

TEST(SharedMemory, SearchesOnSeveralThreadsStayUnderOneLimit) {
  // Each search alone would take its own 64 MiB; together they get 48 MiB.
  search::SharedMemory shared(std::size_t{48} << 20);
  const Board board = ArticlesSource(2).board(1);
  const ClusterGraph g(board);
  const ColorWalkDomain domain(g);
  std::vector<search::SearchResult<Color>> results(3);
  std::vector<std::uint64_t> refusals(3);
  {
    std::vector<std::thread> threads;
    for (std::size_t t = 0; t < results.size(); ++t) {
      threads.emplace_back([&, t] {
        search::Workspace ws;
        ws.share(&shared);
        search::Limits limits;
        limits.max_bytes = std::size_t{64} << 20;
        results[t] = search::dijkstra(domain, g.initial_state(), ws, limits);
        refusals[t] = ws.budget.parent_refusals();
        EXPECT_LE(ws.budget.used(), shared.used());
      });
    }
    for (auto& t : threads)
      t.join();
  }
  EXPECT_LE(shared.peak(), shared.limit());
  EXPECT_GT(shared.peak(), std::size_t{24} << 20);
  EXPECT_EQ(shared.used(), 0u);  // every workspace gave its memory back
  for (std::size_t t = 0; t < results.size(); ++t) {
    EXPECT_EQ(results[t].status, search::Status::kLimitReached) << t;
    EXPECT_LE(results[t].stats.peak_bytes, shared.limit()) << t;
  }
  EXPECT_GT(refusals[0] + refusals[1] + refusals[2], 0u);
}

TEST(SharedMemory, ConcurrentTakesNeverPassTheLimit) {
  search::SharedMemory shared(300000);  // three takes of up to 100000 may not fit
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      std::mt19937 rng(t);
      std::vector<std::size_t> held;
      for (int i = 0; i < 20000; ++i) {
        const std::size_t bytes = rng() % 100000;
        if (shared.take(bytes)) held.push_back(bytes);
        EXPECT_LE(shared.used(), shared.limit());
        if (held.size() > 8 || (rng() & 1)) {
          if (!held.empty()) {
            shared.give_back(held.back());
            held.pop_back();
          }
        }
      }
      for (const std::size_t bytes : held)
        shared.give_back(bytes);
    });
  }
  for (auto& t : threads)
    t.join();
  EXPECT_EQ(shared.used(), 0u);
  EXPECT_LE(shared.peak(), shared.limit());
  EXPECT_GT(shared.refusals(), 0u);
}

TEST(SharedMemory, SearchingSolversSayWhenTheSharedLimitRefusedThem) {
  const Board board = RandomSource(1, 5, 16, 12, 5).board(0);
  const ClusterGraph g(board);
  for (const char* spec :
       {"astar", "beam:width=1024", "bfs:prefix=10", "dijkstra:queue=20000", "greedy-dijkstra",
        "dijkstra-greedy", "dijkstra-dijkstra:queue=20000", "max-perimeter-dijkstra"}) {
    // The limits outlive the solver, whose workspaces stay attached to the
    // last one between boards (SolveContext::memory).
    search::SharedMemory plenty(std::size_t{4} << 30);
    plenty.set_keep_bytes(0);
    search::SharedMemory tight(4096);
    auto solver = builtin_solvers().parse(spec).make();
    const Solution plain = solver->solve(g, SolveContext{});
    EXPECT_FALSE(plain.memory_refused) << spec;
    // Plenty: the same answer, and all memory back between boards but what
    // a workspace may keep.
    SolveContext context;
    context.memory = &plenty;
    const Solution shared = solver->solve(g, context);
    EXPECT_FALSE(shared.memory_refused) << spec;
    EXPECT_EQ(shared.moves, plain.moves) << spec;
    EXPECT_GT(plenty.peak(), 0u) << spec;
    EXPECT_EQ(plenty.used(), 0u) << spec;
    // Too little: refused, and said so.
    context.memory = &tight;
    const Solution refused = solver->solve(g, context);
    EXPECT_TRUE(refused.memory_refused) << spec;
    EXPECT_LE(tight.peak(), tight.limit()) << spec;
  }
}
