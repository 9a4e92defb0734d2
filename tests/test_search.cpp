// libsearch kernels on two domains: the 8-puzzle (generic in fact, not in
// name) and Color Walk, against independent exhaustive searches.
#include <pthread.h>

#include <atomic>
#include <bit>
#include <deque>
#include <map>
#include <random>
#include <unordered_map>

#include <gtest/gtest.h>

#include "game/replay.hpp"
#include "exact/color_walk_domain.hpp"
#include "registry/registry.hpp"
#include "game/sources.hpp"
#include "random_boards.hpp"
#include "search/best_first.hpp"
#include "search/bfs.hpp"
#include "search/dfs.hpp"
#include "test_domains.hpp"

using namespace colorwalk;
using testdomains::Chain;
using testdomains::EightPuzzle;

namespace {

enum class Kernel { kBfs, kDfs, kDijkstra, kAStar };

std::string kernel_name(Kernel k) {
  switch (k) {
    case Kernel::kBfs:
      return "Bfs";
    case Kernel::kDfs:
      return "Dfs";
    case Kernel::kDijkstra:
      return "Dijkstra";
    case Kernel::kAStar:
      return "AStar";
  }
  return "?";
}

// Runs an optimal-cost configuration of `kernel`; `upper` is a known
// solution cost (the DFS searches below it + 1).
template <search::Domain D>
search::SearchResult<typename D::Move> run_kernel(Kernel kernel, const D& domain,
                                                  const typename D::State& start,
                                                  search::Workspace& ws, std::uint32_t upper) {
  const search::Limits limits;
  switch (kernel) {
    case Kernel::kBfs:
      return search::bounded_bfs(domain, start, ws, limits, {.detect_duplicates = true});
    case Kernel::kDfs:
      return search::depth_first(
          domain, start, ws, limits,
          {.max_depth = upper, .bound = upper + 1, .detect_duplicates = true});
    case Kernel::kDijkstra:
      return search::dijkstra(domain, start, ws, limits);
    case Kernel::kAStar:
      return search::astar(domain, start, ws, limits);
  }
  return {};
}

// Independent 8-puzzle distances: a plain BFS from the goal over all 181440 states.
const std::unordered_map<std::uint64_t, int>& puzzle_distances() {
  static const auto table = [] {
    std::unordered_map<std::uint64_t, int> d;
    const EightPuzzle p;
    std::deque<EightPuzzle::State> queue{EightPuzzle::goal()};
    d[EightPuzzle::goal().cells] = 0;
    while (!queue.empty()) {
      const auto s = queue.front();
      queue.pop_front();
      search::MoveList<std::uint8_t, 4> moves;
      p.moves(s, moves);
      for (auto m : moves) {
        auto t = s;
        p.apply(t, m);
        if (d.emplace(t.cells, d[s.cells] + 1).second) queue.push_back(t);
      }
    }
    return d;
  }();
  return table;
}

std::vector<EightPuzzle::State> puzzle_instances() {
  std::vector<EightPuzzle::State> out = {
      EightPuzzle::make({8, 6, 7, 2, 5, 4, 3, 0, 1}),  // one of the two 31-move positions
      EightPuzzle::make({6, 4, 7, 8, 5, 0, 3, 2, 1}),  // the other
      EightPuzzle::goal(),
  };
  std::mt19937 rng(7);
  const EightPuzzle p;
  for (int i = 0; i < 12; ++i) {
    auto s = EightPuzzle::goal();
    for (int k = 0; k < 10 + 5 * i; ++k) {
      search::MoveList<std::uint8_t, 4> moves;
      p.moves(s, moves);
      p.apply(s, moves[rng() % moves.size()]);
    }
    out.push_back(s);
  }
  return out;
}

class KernelTest : public ::testing::TestWithParam<Kernel> {};

}  // namespace

TEST_P(KernelTest, EightPuzzleOptimalCosts) {
  const EightPuzzle p;
  search::Workspace ws;
  const auto& distances = puzzle_distances();
  ASSERT_EQ(distances.size(), 181440u);
  for (const auto& start : puzzle_instances()) {
    const int expected = distances.at(start.cells);
    const auto r = run_kernel(GetParam(), p, start, ws, static_cast<std::uint32_t>(expected));
    ASSERT_EQ(r.status, search::Status::kSolved);
    ASSERT_TRUE(r.found);
    EXPECT_EQ(r.cost, static_cast<std::uint64_t>(expected));
    ASSERT_EQ(r.path.size(), static_cast<std::size_t>(expected));
    auto s = start;
    for (auto m : r.path)
      p.apply(s, m);
    EXPECT_TRUE(p.is_goal(s));
  }
  EXPECT_EQ(distances.at(puzzle_instances()[0].cells), 31);
}

TEST_P(KernelTest, ColorWalkOptimalCostsAgreeWithExhaustiveSearch) {
  std::mt19937_64 rng(1234);
  search::Workspace ws;
  auto greedy = builtin_solvers().parse("greedy").make();
  int boards = 0;
  for (Rules rules : {Rules::kColorWalk, Rules::kFloodIt}) {
    for (int i = 0; i < 200; ++i) {
      const Board board = colorwalk::testing::random_board(rng, 6, 6, 4, 4, rules);
      const ClusterGraph g(board);
      const ColorWalkDomain domain(g);
      const std::uint32_t optimum = colorwalk::testing::exhaustive_optimum(g, g.initial_state());
      const auto upper = static_cast<std::uint32_t>(greedy->solve(g, {}).moves.size());
      ASSERT_LE(optimum, upper);
      const auto r = run_kernel(GetParam(), domain, g.initial_state(), ws, upper);
      ASSERT_EQ(r.status, search::Status::kSolved) << "board " << i;
      EXPECT_EQ(r.cost, optimum) << "board " << i << " " << to_string(rules);
      EXPECT_EQ(r.path.size(), optimum);
      EXPECT_TRUE(replay(g, r.path).ok()) << "board " << i;
      ++boards;
    }
  }
  EXPECT_EQ(boards, 400);
}

INSTANTIATE_TEST_SUITE_P(Kernels, KernelTest,
                         ::testing::Values(Kernel::kBfs, Kernel::kDfs, Kernel::kDijkstra,
                                           Kernel::kAStar),
                         [](const auto& param_info) { return kernel_name(param_info.param); });

TEST(Dfs, DepthOfOneHundredThousandWithoutStackGrowth) {
  // Run on a thread with a 256 KiB stack: a recursive DFS would need far more.
  struct Job {
    search::SearchResult<std::uint8_t> result;
  } job;
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, 256 * 1024);
  pthread_t thread;
  auto body = [](void* arg) -> void* {
    auto* j = static_cast<Job*>(arg);
    const Chain chain(100000);
    search::Workspace ws;
    j->result = search::depth_first(chain, 0u, ws, search::Limits{},
                                    search::DfsOptions{.max_depth = 100000});
    return nullptr;
  };
  ASSERT_EQ(pthread_create(&thread, &attr, body, &job), 0);
  pthread_join(thread, nullptr);
  pthread_attr_destroy(&attr);
  EXPECT_EQ(job.result.status, search::Status::kSolved);
  EXPECT_EQ(job.result.cost, 100000u);
  EXPECT_EQ(job.result.path.size(), 100000u);
  EXPECT_EQ(job.result.stats.peak_frontier, 99999u);
}

TEST(Dfs, DepthBoundAndBranchAndBound) {
  const Chain chain(50);
  search::Workspace ws;
  const auto shallow = search::depth_first(chain, 0u, ws, {}, {.max_depth = 49});
  EXPECT_EQ(shallow.status, search::Status::kExhausted);
  EXPECT_FALSE(shallow.found);
  const auto bounded = search::depth_first(chain, 0u, ws, {}, {.max_depth = 100, .bound = 50});
  EXPECT_EQ(bounded.status, search::Status::kExhausted);  // nothing cheaper than 50
  const auto ok = search::depth_first(chain, 0u, ws, {}, {.max_depth = 100, .bound = 51});
  EXPECT_EQ(ok.status, search::Status::kSolved);
}

TEST(Dfs, MoveOrderingHookSeesEveryState) {
  const EightPuzzle p;
  search::Workspace ws;
  int calls = 0;
  auto reverse = [&](const EightPuzzle::State&, std::uint32_t, auto& moves) {
    ++calls;
    std::reverse(moves.begin(), moves.end());
  };
  const auto start = puzzle_instances()[5];
  const auto r = search::depth_first(
      p, start, ws, {}, {.max_depth = 40, .bound = 41, .detect_duplicates = true}, reverse);
  EXPECT_EQ(r.status, search::Status::kSolved);
  EXPECT_EQ(static_cast<int>(r.cost), puzzle_distances().at(start.cells));
  EXPECT_EQ(static_cast<std::uint64_t>(calls), r.stats.expanded);
}

TEST(Bfs, FrontierBoundStopsAddingButStillFindsShallowGoals) {
  const EightPuzzle p;
  search::Workspace ws;
  const auto hard = puzzle_instances()[0];
  const auto bounded = search::bounded_bfs(p, hard, ws, {}, {.max_frontier = 100});
  EXPECT_EQ(bounded.status, search::Status::kLimitReached);
  EXPECT_FALSE(bounded.found);
  EXPECT_LE(bounded.stats.peak_frontier, 100u + EightPuzzle::kMaxMoves);
  EXPECT_LT(bounded.stats.expanded, 1000u);  // the queue runs down once adding stops
  // A goal two moves away is found even with a tiny frontier.
  auto near = EightPuzzle::goal();
  p.apply(near, 0);
  p.apply(near, 2);
  const auto r = search::bounded_bfs(p, near, ws, {}, {.max_frontier = 4});
  EXPECT_EQ(r.status, search::Status::kSolved);
  EXPECT_EQ(r.cost, 2u);
}

TEST(BestFirst, StepApiCommitsAndRestarts) {
  // The articles' rule: when the queue grows too big, commit to the best
  // open node and search again from it.
  const Board board = ArticlesSource(1).board(0);
  const ClusterGraph g(board);
  const ColorWalkDomain domain(g);
  search::Workspace ws;
  auto cost = [](const MarkerState& s, std::uint32_t depth) {
    return std::int64_t{25} * depth - s.cells_cleared();
  };
  search::NullVisitor visitor;
  search::BestFirstSearch<ColorWalkDomain, decltype(cost)> dijkstra(
      domain, ws, cost, visitor, {.detect_duplicates = true, .goal_on_generation = true});
  std::vector<Color> committed;
  std::vector<Color> tail;
  MarkerState from = g.initial_state();
  int restarts = 0;
  dijkstra.start(from, {});
  while (dijkstra.step() == search::Status::kRunning) {
    if (dijkstra.open_size() > 2000) {
      const search::NodeId best = dijkstra.best_open();
      ASSERT_NE(best, search::kNoNode);
      dijkstra.path_to(best, tail);
      ASSERT_FALSE(tail.empty());
      committed.insert(committed.end(), tail.begin(), tail.end());
      dijkstra.state_of(best, from);
      dijkstra.start(from, {});
      ++restarts;
    }
  }
  ASSERT_EQ(dijkstra.status(), search::Status::kSolved);
  dijkstra.path_to(dijkstra.goal(), tail);
  committed.insert(committed.end(), tail.begin(), tail.end());
  EXPECT_GT(restarts, 0);
  EXPECT_TRUE(replay(g, committed).ok());
  EXPECT_LT(committed.size(), 40u);  // better than greedy's 40 on this board
}

TEST(BestFirst, ExpandingTheBestChildDirectlyKeepsTheOrderOfExpansions) {
  // The same expansions in the same order, the same answer, and at a limit
  // the same best open node, with and without the option: on the 8-puzzle
  // (A*) and on an articles board (the articles' Dijkstra key, many ties).
  struct Recorder {
    std::vector<std::uint32_t> gs;
    std::vector<std::uint64_t> keys;
    search::Action on_expand(const EightPuzzle::State& s, std::uint32_t g) {
      gs.push_back(g);
      keys.push_back(s.cells);
      return search::Action::kContinue;
    }
    search::Action on_expand(const MarkerState& s, std::uint32_t g) {
      gs.push_back(g);
      keys.push_back(s.absorbed()[0] ^ (std::uint64_t{s.cells_cleared()} << 40));
      return search::Action::kContinue;
    }
  };
  const auto compare = [](auto& domain, const auto& start, auto cost, search::Limits limits) {
    search::Workspace ws;
    Recorder plain;
    Recorder direct;
    search::NodeId best[2] = {search::kNoNode, search::kNoNode};
    std::size_t open[2] = {0, 0};
    search::SearchResult<typename std::remove_cvref_t<decltype(domain)>::Move> result[2];
    for (int mode = 0; mode < 2; ++mode) {
      Recorder& recorder = mode == 0 ? plain : direct;
      search::BestFirstSearch search(domain, ws, cost, recorder,
                                     {.detect_duplicates = true,
                                      .expand_best_child_directly = mode == 1});
      search.start(start, limits);
      search.run();
      result[mode] = search.result();
      open[mode] = search.open_size();
      best[mode] = search.best_open();
    }
    EXPECT_EQ(plain.gs, direct.gs);
    EXPECT_EQ(plain.keys, direct.keys);
    EXPECT_EQ(result[0].status, result[1].status);
    EXPECT_EQ(result[0].path, result[1].path);
    EXPECT_EQ(result[0].stats.expanded, result[1].stats.expanded);
    EXPECT_EQ(open[0], open[1]);
    EXPECT_EQ(best[0], best[1]);
    return plain.gs.size();
  };
  const EightPuzzle puzzle;
  search::AStarCost<EightPuzzle> puzzle_cost{puzzle};
  std::size_t expansions = 0;
  for (const auto& start : puzzle_instances()) expansions += compare(puzzle, start, puzzle_cost, {});
  EXPECT_GT(expansions, 1000u);
  search::Limits stop_early;
  stop_early.max_expansions = 500;
  EXPECT_EQ(compare(puzzle, puzzle_instances()[0], puzzle_cost, stop_early), 500u);  // 31 moves

  const Board board = ArticlesSource(1).board(0);
  const ClusterGraph g(board);
  const ColorWalkDomain domain(g);
  const auto articles_cost = [](const MarkerState& s, std::uint32_t depth) {
    return std::int64_t{25} * depth - s.cells_cleared();
  };
  search::Limits some = {};
  some.max_expansions = 3000;
  EXPECT_EQ(compare(domain, g.initial_state(), articles_cost, some), 3000u);
}

TEST(BestFirst, CostingChildrenBeforeTheLookupKeepsTheSearchAndSkipsNoCost) {
  // A* that prunes at a known bound (as colorwalk's astar does): with
  // cost_before_lookup the same expansions in the same order and the same
  // answer, on the 8-puzzle with the optimum as the bound (nothing beats
  // it: exhausted) and one above it (solved). Every child is costed with
  // the option; without it, a duplicate no cheaper than the known node is
  // not, so the option costs more children and prunes some duplicates.
  struct Recorder {
    std::vector<std::uint64_t> expanded;  // state * 64 + g
    search::Action on_expand(const EightPuzzle::State& s, std::uint32_t g) {
      expanded.push_back(s.cells * 64 + g);
      return search::Action::kContinue;
    }
  };
  const EightPuzzle puzzle;
  const auto& distances = puzzle_distances();
  std::uint64_t duplicates = 0;
  for (const auto& start : puzzle_instances()) {
    const auto optimum = static_cast<std::uint32_t>(distances.at(start.cells));
    for (const std::uint32_t bound : {optimum, optimum + 1}) {
      Recorder recorders[2];
      search::SearchResult<EightPuzzle::Move> results[2];
      std::uint64_t costed[2] = {0, 0};
      for (int mode = 0; mode < 2; ++mode) {
        auto cost = [&](const EightPuzzle::State& s, std::uint32_t g) -> std::int64_t {
          ++costed[mode];
          const std::uint32_t f = g + puzzle.lower_bound(s);
          return f >= bound ? search::kPruneKey : search::f_key(f, g);
        };
        search::Workspace ws;
        search::BestFirstSearch search(puzzle, ws, cost, recorders[mode],
                                       {.detect_duplicates = true,
                                        .expand_best_child_directly = true,
                                        .cost_before_lookup = mode == 1});
        search.start(start, {});
        search.run();
        results[mode] = search.result();
      }
      const auto& plain = results[0].stats;
      const auto& early = results[1].stats;
      EXPECT_EQ(results[0].status,
                bound == optimum ? search::Status::kExhausted : search::Status::kSolved);
      EXPECT_EQ(results[1].status, results[0].status);
      EXPECT_EQ(results[1].path, results[0].path);
      EXPECT_EQ(recorders[1].expanded, recorders[0].expanded);
      EXPECT_EQ(early.expanded, plain.expanded);
      EXPECT_EQ(early.generated, plain.generated);
      EXPECT_EQ(costed[1], early.generated + 1);  // every child, and the start
      EXPECT_EQ(costed[0], plain.generated + 1 - plain.duplicates);
      EXPECT_EQ(early.pruned + early.duplicates, plain.pruned + plain.duplicates);
      EXPECT_GE(early.pruned, plain.pruned);
      duplicates += plain.duplicates;
    }
  }
  EXPECT_GT(duplicates, 100u);  // the comparison of costed children says something
}

namespace {

// Node 0 -> node 1 by move 0 (cost 5) or move 1 (cost 3); node 0 -> node
// 2 by move 2 (cost 4). The state's tag (not part of the key) is the move.
struct Fork {
  struct State {
    std::uint64_t node = 0;
    std::uint64_t tag = 9;
  };
  using Move = std::uint8_t;
  static constexpr std::size_t kMaxMoves = 3;
  void moves(const State& s, search::MoveList<Move, 3>& out) const {
    if (s.node != 0) return;
    for (Move m = 0; m < 3; ++m) out.push_back(m);
  }
  bool apply(State& s, Move m) const {
    s.node = m == 2 ? 2 : 1;
    s.tag = m;
    return true;
  }
  bool is_goal(const State&) const { return false; }
  std::size_t packed_words() const { return 2; }
  std::size_t key_words() const { return 1; }
  void pack(const State& s, std::span<search::Word> out) const {
    out[0] = s.node;
    out[1] = s.tag;
  }
  void unpack(std::span<const search::Word> in, State& s) const {
    s.node = in[0];
    s.tag = in[1];
  }
  std::uint32_t edge_cost(const State&, Move m) const { return m == 0 ? 5 : m == 1 ? 3 : 4; }
};

}  // namespace

// Two children of one expansion reach the same node, the cheaper path with
// the larger key (a key that favours depth): the node's entry from the
// dearer path is stale and must not be expanded, held or not.
TEST(BestFirst, ExpandingTheBestChildDirectlySkipsAChildReachedAgainMoreCheaply) {
  struct Recorder {
    std::vector<std::uint64_t> seen;  // node * 100 + g * 10 + tag
    search::Action on_expand(const Fork::State& s, std::uint32_t g) {
      seen.push_back(s.node * 100 + g * 10 + s.tag);
      return search::Action::kContinue;
    }
  };
  const Fork fork;
  std::vector<std::uint64_t> orders[2];
  for (int mode = 0; mode < 2; ++mode) {
    search::Workspace ws;
    Recorder recorder;
    auto deeper_first = [](const Fork::State&, std::uint32_t g) { return std::int64_t{100} - g; };
    search::BestFirstSearch search(fork, ws, deeper_first, recorder,
                                   {.detect_duplicates = true,
                                    .expand_best_child_directly = mode == 1});
    search.start(Fork::State{}, {});
    EXPECT_EQ(search.run(), search::Status::kExhausted);
    orders[mode] = recorder.seen;
  }
  // Node 0, then node 2 (g 4), then node 1 by move 1 (g 3).
  EXPECT_EQ(orders[0], (std::vector<std::uint64_t>{9, 242, 131}));
  EXPECT_EQ(orders[1], orders[0]);
}

TEST(BestFirst, MemoryLimitIsHonouredBeforeMemoryIsTaken) {
  // Uniform-cost search on an articles board needs far more than 64 MiB.
  const Board board = ArticlesSource(1).board(0);
  const ClusterGraph g(board);
  const ColorWalkDomain domain(g);
  search::Workspace ws;
  search::Limits limits;
  limits.max_bytes = std::size_t{64} << 20;
  const auto r = search::dijkstra(domain, g.initial_state(), ws, limits);
  EXPECT_EQ(r.status, search::Status::kLimitReached);
  EXPECT_FALSE(r.found);
  EXPECT_GT(r.stats.peak_bytes, std::size_t{32} << 20);
  EXPECT_LE(r.stats.peak_bytes, limits.max_bytes);
  EXPECT_LE(ws.budget.used(), limits.max_bytes);
  // The same workspace serves a small search afterwards.
  const auto again = search::astar(EightPuzzle(), puzzle_instances()[3], ws, {});
  EXPECT_EQ(again.status, search::Status::kSolved);
  // BFS under the same limit stops adding nodes and says so.
  const auto bfs =
      search::bounded_bfs(domain, g.initial_state(), ws, limits, {.detect_duplicates = true});
  EXPECT_EQ(bfs.status, search::Status::kLimitReached);
  EXPECT_LE(bfs.stats.peak_bytes, limits.max_bytes);
}

TEST(Limits, ExpansionsDeadlineAndCancellation) {
  const EightPuzzle p;
  search::Workspace ws;
  const auto hard = puzzle_instances()[0];
  search::Limits few;
  few.max_expansions = 10;
  const auto r1 = search::dijkstra(p, hard, ws, few);
  EXPECT_EQ(r1.status, search::Status::kLimitReached);
  EXPECT_EQ(r1.stats.expanded, 10u);
  search::Limits late;
  late.deadline = std::chrono::steady_clock::now();
  EXPECT_EQ(search::bounded_bfs(p, hard, ws, late).status, search::Status::kLimitReached);
  std::atomic<bool> cancel{true};
  search::Limits cancelled;
  cancelled.cancel = &cancel;
  EXPECT_EQ(search::astar(p, hard, ws, cancelled).status, search::Status::kCancelled);
  EXPECT_EQ(search::depth_first(p, hard, ws, cancelled, {}).status, search::Status::kCancelled);
}

TEST(Visitor, HooksCountPruneAndStop) {
  const EightPuzzle p;
  search::Workspace ws;
  const auto start = puzzle_instances()[4];
  struct Counter {
    std::uint64_t expanded = 0;
    std::uint64_t generated = 0;
    search::Action on_expand(const EightPuzzle::State&, std::uint32_t) {
      ++expanded;
      return search::Action::kContinue;
    }
    search::Action on_generate(const EightPuzzle::State&, std::uint8_t, std::uint32_t) {
      ++generated;
      return search::Action::kContinue;
    }
  } counter;
  const auto r = search::astar(p, start, ws, {}, counter);
  EXPECT_EQ(r.status, search::Status::kSolved);
  EXPECT_EQ(counter.expanded, r.stats.expanded);
  EXPECT_EQ(counter.generated, r.stats.generated);

  struct PruneAll {
    search::Action on_generate(const EightPuzzle::State&, std::uint8_t, std::uint32_t) {
      return search::Action::kPrune;
    }
  } prune;
  EXPECT_EQ(search::bounded_bfs(p, start, ws, {}, {}, prune).status, search::Status::kExhausted);

  struct StopAtOnce {
    search::Action on_expand(const EightPuzzle::State&, std::uint32_t) {
      return search::Action::kStop;
    }
  } stop;
  EXPECT_EQ(search::astar(p, start, ws, {}, stop).status, search::Status::kCancelled);
}

TEST(Dfs, FirstSolutionAndGoalHook) {
  const EightPuzzle p;
  search::Workspace ws;
  const auto start = puzzle_instances()[6];
  const auto first = search::depth_first(
      p, start, ws, {}, {.max_depth = 60, .detect_duplicates = true, .first_solution = true});
  EXPECT_EQ(first.status, search::Status::kSolved);
  EXPECT_GE(static_cast<int>(first.cost), puzzle_distances().at(start.cells));
  struct Goals {
    int seen = 0;
    search::Action on_goal(const EightPuzzle::State&, std::uint32_t) {
      ++seen;
      return search::Action::kContinue;
    }
  } goals;
  const auto best = search::depth_first(
      p, start, ws, {}, {.max_depth = 60, .detect_duplicates = true}, search::KeepOrder{}, goals);
  EXPECT_EQ(static_cast<int>(best.cost), puzzle_distances().at(start.cells));
  EXPECT_GE(goals.seen, 1);
}

// The table of a workspace reused after a large search: a cleared table
// starts small inside the slots it holds and doubles in place; every entry
// must stay findable through those doublings, also when many hashes collide,
// and nothing of the earlier search may be found.
// The dominance check hashes keys that differ from one another in a bit or
// two, each from the one before by the words that changed: the hashes must
// be hash_words()'s, whatever the order and the lengths.
TEST(ChangeHasher, EqualsHashWordsForEveryKey) {
  std::mt19937_64 rng(5);
  search::ChangeHasher hasher;
  for (std::size_t words : {1u, 2u, 5u, 16u}) {
    std::vector<search::Word> key(words);
    for (auto& w : key)
      w = rng();
    for (int i = 0; i < 2000; ++i) {
      if (i % 500 == 0) hasher.reset();
      const std::size_t w = rng() % words;
      const search::Word bit = search::Word{1} << (rng() % 64);
      key[w] ^= bit;
      ASSERT_EQ(hasher(key), search::hash_words(key)) << words << " words, key " << i;
      if (i % 3 == 0) key[w] ^= bit;  // and back, now and then
    }
  }
}

// The dominance check's KeyFilter: every key added may be held, through
// the filter's doublings (rebuilt from the table), with few false hits at
// its 8 bits a key; its memory is charged to the budget, and a budget that
// refuses a doubling drops it, after which it holds nothing.
TEST(KeyFilter, HoldsEveryKeyAddedThroughGrowthAndIsDroppedWhenRefused) {
  search::MemoryBudget budget;
  budget.set_limit(std::size_t{1} << 30);
  search::StateTable table;
  search::KeyFilter filter;
  ASSERT_TRUE(filter.start(budget));
  EXPECT_EQ(budget.used(), filter.bytes());
  // Keys of random words (consecutive integers would hash to evenly spread
  // bits, which a multiplicative hash does, and hide the false hits).
  std::mt19937_64 rng(11);
  std::vector<search::Word> words(400000);
  for (auto& w : words)
    w = rng();
  const auto hash_of = [&](std::uint32_t i) {
    const search::Word key[2] = {words[i], i};
    return search::hash_words(key);
  };
  constexpr std::uint32_t kKeys = 200000;
  for (std::uint32_t i = 0; i < kKeys; ++i) {
    ASSERT_TRUE(table.reserve_one(budget));
    table.insert_unchecked(hash_of(i), i);
    filter.add(hash_of(i), table, budget);
  }
  EXPECT_GE(filter.bytes() * 8, kKeys * 8);  // at least 8 bits a key
  EXPECT_EQ(budget.used(), filter.bytes() + table.bytes());
  for (std::uint32_t i = 0; i < kKeys; ++i)
    ASSERT_TRUE(filter.may_hold(hash_of(i))) << i;
  std::uint32_t false_hits = 0;
  for (std::uint32_t i = kKeys; i < 2 * kKeys; ++i)
    false_hits += filter.may_hold(hash_of(i)) ? 1 : 0;
  EXPECT_LT(false_hits, kKeys / 5);  // about one in eight or fewer
  EXPECT_GT(false_hits, 0u);         // a filter, not a set

  // A budget with no room for the next doubling drops the filter.
  search::MemoryBudget tight;
  tight.set_limit(search::KeyFilter::kInitialWords * sizeof(search::Word) + 100000);
  search::StateTable small_table;
  search::KeyFilter dropped;
  ASSERT_TRUE(dropped.start(tight));
  search::MemoryBudget table_budget;  // the table's own, so that only the filter is refused
  table_budget.set_limit(std::size_t{1} << 30);
  for (std::uint32_t i = 0; i < kKeys && !dropped.empty(); ++i) {
    ASSERT_TRUE(small_table.reserve_one(table_budget));
    small_table.insert_unchecked(hash_of(i), i);
    dropped.add(hash_of(i), small_table, tight);
  }
  EXPECT_TRUE(dropped.empty());
  EXPECT_EQ(tight.used(), 0u);
  EXPECT_FALSE(dropped.may_hold(hash_of(0)));
  search::MemoryBudget none;
  none.set_limit(0);
  search::KeyFilter refused;
  EXPECT_FALSE(refused.start(none));
  EXPECT_FALSE(refused.may_hold(hash_of(0)));
}

// The rings take at most an eighth of what their budget can hold (here the
// limit of its parent's parent, as a parallel worker's budget draws on the
// search's memory, which draws on the run's), so that under a small limit
// they leave the search its room: past it, keys still go in (the oldest of
// a full ring give way) and lookups stay exact for the keys kept. Rings
// started as one of several parts take their part of the eighth.
TEST(RecentKeys, TakeAtMostAnEighthOfTheBudget) {
  search::SharedMemory run(std::size_t{1} << 20);
  search::SharedMemory shared;  // no limit of its own
  shared.set_parent(&run);
  search::MemoryBudget budget;
  budget.set_parent(&shared);
  EXPECT_EQ(budget.reach(), std::size_t{1} << 20);
  {
    search::RecentKeys half;
    half.start(4, 256, budget, 2);
    std::mt19937_64 rng(3);
    std::vector<search::Word> key(4);
    for (int i = 0; i < 20000; ++i) {
      for (search::Word& w : key)
        w = rng();
      half.add(static_cast<std::uint32_t>(i % 30), key.data(), budget);
    }
    EXPECT_GT(budget.used(), (std::size_t{1} << 20) / 32);
    EXPECT_LE(budget.used(), (std::size_t{1} << 20) / 16);
    half.release(budget);
  }
  search::RecentKeys recent;
  recent.start(4, 256, budget);
  std::mt19937_64 rng(5);
  std::vector<search::Word> key(4);
  std::vector<search::Word> first;
  for (int i = 0; i < 20000; ++i) {
    for (search::Word& w : key)
      w = rng();
    if (i == 0) first = key;
    recent.add(static_cast<std::uint32_t>(i % 30), key.data(), budget);
  }
  EXPECT_GT(budget.used(), (std::size_t{1} << 20) / 16);  // it grew to its share
  EXPECT_LE(budget.used(), (std::size_t{1} << 20) / 8);   // and no further
  EXPECT_EQ(budget.parent_refusals(), 0u);                // never asked past it
  // The first key's ring got its room: that key added again is kept, and
  // held as a superset of itself less one bit.
  recent.add(0, first.data(), budget);
  std::vector<search::Word> less = first;
  less[0] &= less[0] - 1;
  EXPECT_TRUE(recent.holds_superset(0, less.data()));
  less[0] = ~first[0];  // bits it lacks
  EXPECT_FALSE(recent.holds_superset(0, less.data()));
  recent.release(budget);
  EXPECT_EQ(budget.used(), 0u);
}

// Keys for the RecentKeys tests: `n` dense random keys of `words` words,
// and a key with `drop` random bits cleared.
std::vector<std::vector<search::Word>> dense_keys(std::mt19937_64& rng, std::size_t n,
                                                  std::size_t words) {
  std::vector<std::vector<search::Word>> keys(n, std::vector<search::Word>(words));
  for (auto& k : keys)
    for (search::Word& w : k)
      w = rng() | rng();
  return keys;
}
std::vector<search::Word> thinned_key(std::mt19937_64& rng, std::vector<search::Word> key,
                                      int drop) {
  for (int i = 0; i < drop; ++i) {
    const std::size_t bit = rng() % (64 * key.size());
    key[bit / 64] &= ~(search::Word{1} << (bit % 64));
  }
  return key;
}

// The superset check's RecentKeys against a plain model of its rings (per
// g and bit count, the last `capacity` keys added): a key is held as a
// superset exactly when some kept key at its g has its bits and more, for
// keys of 3, 8 and 20 words, in rings of 6 keys (one row word) and of 300
// (five row words: two blocks of four, the second partly used); its
// memory is charged to the budget and given back, and a released one
// keeps nothing.
TEST(RecentKeys, HoldsExactlyTheStrictSupersetsAmongTheLastKeysOfEachSize) {
  for (const auto& size :
       {std::pair<std::size_t, std::size_t>{3, 6}, {8, 6}, {20, 6}, {3, 300}, {8, 300}}) {
    // (Plain variables: the lambdas below capture them.)
    const std::size_t words = size.first;
    const std::size_t kCapacity = size.second;
    SCOPED_TRACE(::testing::Message() << words << " words, rings of " << kCapacity);
    std::mt19937_64 rng(words + kCapacity);
    search::MemoryBudget budget;
    budget.set_limit(std::size_t{1} << 30);
    search::RecentKeys recent;
    recent.start(words, kCapacity, budget);
    EXPECT_FALSE(recent.empty());
    using Key = std::vector<search::Word>;
    const auto bits_of = [](const Key& k) {
      std::size_t b = 0;
      for (const search::Word w : k)
        b += static_cast<std::size_t>(std::popcount(w));
      return b;
    };
    std::map<std::pair<std::uint32_t, std::size_t>, std::deque<Key>> model;
    std::vector<Key> added;
    // Keys from a few dense bases, so that subsets and supersets are common.
    const std::vector<Key> bases = dense_keys(rng, 4, words);
    const auto thinned = [&](const Key& k, int drop) { return thinned_key(rng, k, drop); };
    std::size_t held = 0;
    std::size_t checked = 0;
    for (int step = 0; step < 6000; ++step) {
      const auto g = static_cast<std::uint32_t>(rng() % 3);
      if (rng() % 2 == 0) {
        const Key k = thinned(bases[rng() % bases.size()], static_cast<int>(rng() % 6));
        recent.add(g, k.data(), budget);
        auto& ring = model[{g, bits_of(k)}];
        ring.push_back(k);
        if (ring.size() > kCapacity) ring.pop_front();
        added.push_back(k);
        continue;
      }
      // A query: a thinned key added before, or one of a base, or random.
      Key q(words);
      const auto pick = rng() % 3;
      if (pick == 0 && !added.empty())
        q = thinned(added[rng() % added.size()], static_cast<int>(rng() % 4));
      else if (pick == 1)
        q = thinned(bases[rng() % bases.size()], static_cast<int>(rng() % 8));
      else
        for (search::Word& w : q)
          w = rng();
      bool expected = false;
      for (const auto& [where, ring] : model) {
        if (where.first != g || where.second <= bits_of(q)) continue;
        for (const Key& k : ring) {
          bool all = true;
          for (std::size_t w = 0; w < words; ++w)
            all &= (q[w] & ~k[w]) == 0;
          expected |= all;
        }
      }
      ASSERT_EQ(recent.holds_superset(g, q.data()), expected) << "step " << step;
      held += expected ? 1 : 0;
      ++checked;
    }
    EXPECT_GT(held, checked / 10);  // both answers exercised
    EXPECT_LT(held, checked * 9 / 10);
    EXPECT_GT(budget.used(), 0u);
    recent.release(budget);
    EXPECT_EQ(budget.used(), 0u);
  }
  // One ring of 300 filled and wrapped around (rows of five words, read
  // four and one at a time; on its way there rows of one, two and four),
  // and one of 150 (rows of three words): keys of 12 bits out of 20, so
  // that the 11-bit queries' supersets lie in every part of it, and only
  // the last 300 (150) keys count.
  for (const std::size_t kCapacity : {std::size_t{300}, std::size_t{150}}) {
    SCOPED_TRACE(::testing::Message() << "one ring of " << kCapacity);
    search::MemoryBudget budget;
    budget.set_limit(std::size_t{1} << 30);
    search::RecentKeys recent;
    recent.start(1, kCapacity, budget);
    std::mt19937_64 rng(7);
    const auto with_bits = [&](int count) {
      search::Word k = 0;
      while (std::popcount(k) < count)
        k |= search::Word{1} << (rng() % 20);
      return k;
    };
    std::deque<search::Word> ring;
    std::size_t held = 0;
    for (int step = 0; step < 1500; ++step) {
      const search::Word k = with_bits(12);
      recent.add(0, &k, budget);
      ring.push_back(k);
      if (ring.size() > kCapacity) ring.pop_front();
      // A subset of one key of the ring, of any age, and a random key.
      search::Word q = ring[rng() % ring.size()];
      q &= ~(search::Word{1} << std::countr_zero(q));
      for (const search::Word query : {q, with_bits(11)}) {
        bool expected = false;
        for (const search::Word other : ring)
          expected |= (query & ~other) == 0;
        ASSERT_EQ(recent.holds_superset(0, &query), expected) << "step " << step;
        held += expected ? 1 : 0;
      }
    }
    EXPECT_GT(held, 1500u);  // every subset query, and some random ones
    EXPECT_LT(held, 3000u);
  }
  // Capacity 0 keeps nothing; a budget that refuses every ring keeps
  // nothing either, and charges nothing.
  search::MemoryBudget budget;
  budget.set_limit(std::size_t{1} << 20);
  const search::Word small[2] = {1, 0};
  const search::Word large[2] = {3, 0};
  search::RecentKeys none;
  none.start(2, 0, budget);
  EXPECT_TRUE(none.empty());
  none.add(0, large, budget);
  EXPECT_FALSE(none.holds_superset(0, small));
  search::MemoryBudget refusing;
  refusing.set_limit(0);
  search::RecentKeys refused;
  refused.start(2, 8, refusing);
  refused.add(0, large, refusing);
  EXPECT_FALSE(refused.holds_superset(0, small));
  EXPECT_EQ(refusing.used(), 0u);
  // A key is not its own strict superset, and other g are apart.
  search::RecentKeys one;
  one.start(2, 8, budget);
  one.add(1, large, budget);
  EXPECT_TRUE(one.holds_superset(1, small));
  EXPECT_FALSE(one.holds_superset(1, large));
  EXPECT_FALSE(one.holds_superset(0, small));
  EXPECT_FALSE(one.holds_superset(2, small));
  one.release(budget);
  EXPECT_EQ(budget.used(), 0u);
  // Released, it keeps nothing until started again.
  EXPECT_TRUE(one.empty());
  one.add(1, large, budget);
  EXPECT_FALSE(one.holds_superset(1, small));
  EXPECT_EQ(budget.used(), 0u);
}

// The union of several parts' recent keys (a parallel search's workers')
// answers every lookup as asking each part does, while keys go on being
// added to random parts and the union is brought up to date between adds
// (all at once, or in two shares of the rings, as the workers of a
// parallel search bring them in): 3 parts of 6 slots (one row word for
// all), of 40 (a part's slots across a word boundary) and of 100 (parts
// of two row words, a union of five), on keys of 3 and 8 words, their
// rings filled and wrapped around.
// A union the budget refuses holds nothing, says so, and charges nothing.
TEST(RecentKeys, AUnionOfPartsAnswersAsThePartsDo) {
  for (const auto& size :
       {std::pair<std::size_t, std::size_t>{3, 6}, {3, 40}, {8, 40}, {3, 100}, {8, 100}}) {
    const std::size_t words = size.first;
    const std::size_t capacity = size.second;
    SCOPED_TRACE(::testing::Message() << words << " words, parts of " << capacity);
    constexpr std::size_t kParts = 3;
    std::mt19937_64 rng(words * 1000 + capacity);
    search::MemoryBudget budget;
    budget.set_limit(std::size_t{1} << 30);
    std::vector<search::RecentKeys> parts(kParts);
    for (search::RecentKeys& part : parts)
      part.start(words, capacity, budget, kParts);
    search::RecentKeys all;
    all.start_union(words, kParts, capacity, budget);
    const auto part = [&](std::size_t i) -> search::RecentKeys& { return parts[i]; };
    using Key = std::vector<search::Word>;
    const std::vector<Key> bases = dense_keys(rng, 4, words);
    const auto thinned = [&](const Key& k, int drop) { return thinned_key(rng, k, drop); };
    std::size_t held = 0;
    std::size_t checked = 0;
    for (int round = 0; round < 300; ++round) {
      // A step's adds, then the union brought up to date, then lookups:
      // keys near a base (many supersets) and random ones (one at most:
      // a subset of a key just added finds that key, wherever it lies).
      std::vector<std::pair<std::uint32_t, Key>> added;
      for (std::size_t n = rng() % 40; n > 0; --n) {
        Key k = thinned(bases[rng() % bases.size()], static_cast<int>(rng() % 5));
        if (rng() % 2 == 0)
          for (search::Word& w : k)
            w = rng();
        const auto g = static_cast<std::uint32_t>(rng() % 2);
        parts[rng() % kParts].add(g, k.data(), budget);
        added.emplace_back(g, k);
      }
      if (round % 2 == 0) {
        ASSERT_TRUE(all.assemble(kParts, part, budget)) << "round " << round;
      } else {  // in parts, as workers would share it
        ASSERT_TRUE(all.gather(kParts, part, budget)) << "round " << round;
        const std::size_t rings = all.pending();
        all.bring_in(rings / 3, rings, kParts, part);
        all.bring_in(0, rings / 3, kParts, part);
        all.gathered();
      }
      for (int q = 0; q < 20; ++q) {
        Key query = thinned(bases[rng() % bases.size()], static_cast<int>(rng() % 9));
        auto g = static_cast<std::uint32_t>(rng() % 3);
        if (q % 2 == 0 && !added.empty()) {
          const auto& [at, key] = added[rng() % added.size()];
          g = at;
          query = thinned(key, 1);
        }
        bool expected = false;
        for (const search::RecentKeys& p : parts)
          expected |= p.holds_superset(g, query.data());
        ASSERT_EQ(all.holds_superset(g, query.data()), expected) << "round " << round;
        held += expected ? 1 : 0;
        ++checked;
      }
    }
    EXPECT_GT(held, checked / 10);  // both answers exercised
    EXPECT_LT(held, checked * 9 / 10);
    all.release(budget);
    for (search::RecentKeys& p : parts)
      p.release(budget);
    EXPECT_EQ(budget.used(), 0u);
  }
  // A budget with room for the parts' rings but not for the union's.
  search::MemoryBudget budget;
  budget.set_limit(std::size_t{1} << 20);
  std::vector<search::RecentKeys> parts(2);
  for (search::RecentKeys& part : parts)
    part.start(2, 8, budget, 2);
  const search::Word small[2] = {1, 0};
  const search::Word large[2] = {3, 0};
  parts[1].add(0, large, budget);
  const std::size_t before = budget.used();
  search::MemoryBudget refusing;
  refusing.set_limit(0);
  search::RecentKeys all;
  all.start_union(2, 2, 8, refusing);
  EXPECT_FALSE(all.assemble(2, [&](std::size_t i) -> search::RecentKeys& { return parts[i]; },
                            refusing));
  EXPECT_FALSE(all.holds_superset(0, small));
  EXPECT_TRUE(parts[1].holds_superset(0, small));  // the parts still answer
  EXPECT_EQ(refusing.used(), 0u);
  EXPECT_EQ(budget.used(), before);
}

TEST(StateTable, KeepsEveryEntryThroughInPlaceGrowthAfterALargeSearch) {
  search::MemoryBudget budget;
  budget.set_limit(std::size_t{1} << 30);
  search::StateTable table;
  const auto insert_all = [&](std::uint32_t count, auto hash_of) {
    for (std::uint32_t i = 0; i < count; ++i) {
      ASSERT_TRUE(table.reserve_one(budget));
      table.insert_unchecked(hash_of(i), i);
    }
  };
  const auto find = [&](std::uint64_t hash, std::uint32_t id) {
    return table.find(hash, [&](search::NodeId other) { return other == id; });
  };
  const auto spread = [](std::uint32_t i) {
    const search::Word key[1] = {i};
    return search::hash_words(key);
  };
  // One in five entries gets a hash whose home is slot 1023 in every table
  // of at least 1024 slots: their run wraps around the end of the first
  // active part, so doubling it must move entries past others not yet moved.
  const auto clustered = [&](std::uint32_t i) {
    return i % 5 == 0 ? (std::uint64_t{i % 97} << 32) | 0x3ff : spread(i + 1000000);
  };

  insert_all(100000, spread);
  for (std::uint32_t i = 0; i < 100000; ++i)
    ASSERT_EQ(find(spread(i), i), i) << i;
  const std::size_t bytes = table.bytes();

  for (int round = 0; round < 3; ++round) {
    table.clear();
    EXPECT_EQ(find(spread(7), 7), search::kNoNode);  // the earlier search's
    insert_all(20000, clustered);
    EXPECT_EQ(table.size(), 20000u);
    EXPECT_EQ(table.bytes(), bytes);  // grown within the slots held
    for (std::uint32_t i = 0; i < 20000; ++i)
      ASSERT_EQ(find(clustered(i), i), i) << "round " << round << ", id " << i;
    EXPECT_EQ(find(clustered(20000), 20000), search::kNoNode);
  }
}
