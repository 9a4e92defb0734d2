// Engine benchmarks on the articles' board shape (30x20, 5 colours):
// cluster-graph construction, move application on the marker state, and a
// whole greedy solve. Run: build/bench/bench_engine
#include <benchmark/benchmark.h>

#include <array>

#include "game/cluster_graph.hpp"
#include "registry/registry.hpp"
#include "game/sources.hpp"

using namespace colorwalk;

namespace {

constexpr std::size_t kBoards = 64;

std::vector<Board> boards(Rules rules) {
  const RandomSource source(kBoards, 1, 30, 20, 5);
  std::vector<Board> out;
  for (std::size_t i = 0; i < kBoards; ++i) {
    Board b = source.board(i);
    b.set_rules(rules, CellPos{0, 0});
    out.push_back(std::move(b));
  }
  return out;
}

void BM_ClusterGraphBuild(benchmark::State& state) {
  const auto all = boards(Rules::kColorWalk);
  std::size_t i = 0;
  for (auto _ : state) {
    ClusterGraph g(all[i++ % kBoards]);
    benchmark::DoNotOptimize(g.cluster_count());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ClusterGraphBuild);

// Plays whole games by cycling colours, copying the state before every move
// as a search would; items are moves applied.
void BM_ApplyMoveWithCopy(benchmark::State& state) {
  const auto all = boards(Rules::kColorWalk);
  std::vector<ClusterGraph> graphs(all.begin(), all.end());
  std::vector<MarkerState> initial;
  for (const auto& g : graphs)
    initial.push_back(g.initial_state());
  MarkerState current = initial[0];
  MarkerState child = initial[0];
  std::int64_t moves = 0;
  std::size_t board = 0;
  Color color = 0;
  for (auto _ : state) {
    const ClusterGraph& g = graphs[board];
    child = current;
    const MoveEffect e = g.apply(child, color);
    benchmark::DoNotOptimize(e);
    ++moves;
    color = static_cast<Color>((color + 1) % 5);
    if (!e.wasted()) current = child;
    if (g.is_cleared(current)) {
      board = (board + 1) % kBoards;
      current = initial[board];
    }
  }
  state.SetItemsProcessed(moves);
}
BENCHMARK(BM_ApplyMoveWithCopy);

void BM_MoveGains(benchmark::State& state) {
  const auto all = boards(Rules::kColorWalk);
  const ClusterGraph g(all[0]);
  MarkerState s = g.initial_state();
  for (int c : {1, 2, 3, 4, 0, 1, 2})
    g.apply(s, static_cast<Color>(c));
  std::array<std::uint32_t, 5> gains{};
  for (auto _ : state) {
    g.move_gains(s, gains);
    benchmark::DoNotOptimize(gains);
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_MoveGains);

void BM_GreedySolve(benchmark::State& state) {
  const auto all = boards(Rules::kColorWalk);
  std::vector<ClusterGraph> graphs(all.begin(), all.end());
  auto solver = builtin_solvers().parse("greedy").make();
  std::size_t i = 0;
  for (auto _ : state) {
    const Solution s = solver->solve(graphs[i++ % kBoards], SolveContext{});
    benchmark::DoNotOptimize(s.moves.data());
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_GreedySolve);

}  // namespace

BENCHMARK_MAIN();
