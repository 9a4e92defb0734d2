// astar's parallel search against its sequential one on single hard boards:
// the five slowest of the 99 problems at one worker, each solved at 1, 2,
// 4, 8 and 16 workers (one board at a time, in an arena of that many
// threads), one timed solve each. Counters: expansions, the search
// overhead (expansions over the one-worker search's, minus 1), the time
// workers waited at the ends of phases (seconds, summed over workers), the
// phases.
// Speed-ups are the ratios of the real times of one run (docs/parallel.md
// has the figures; --benchmark_filter picks worker counts, e.g. '/[12]/').
// astar_one_thread/BOARD/W runs the W workers one after another on one
// thread (an arena of one), each step's nodes in equal shares fixed in
// advance (balance=0; on one thread the first worker would otherwise take
// every chunk), and reports `bound`: the one-worker time over this run's
// time with each parallel part counted at its longest task (the serial
// rest plus critical_s), what W cores could give were each as fast as one
// alone and the shares fixed; the machine's shared caches, memory and
// clocks take their share off that on a real W-core run.
// Needs the datasets (COLORWALK_DATASETS, default ../shared/datasets).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <string>
#include <string_view>

#include <benchmark/benchmark.h>
#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/task_arena.h>

#include "game/board_io.hpp"
#include "game/cluster_graph.hpp"
#include "game/replay.hpp"
#include "game/sources.hpp"
#include "registry/registry.hpp"

using namespace colorwalk;

namespace {

std::filesystem::path datasets() {
  if (const char* env = std::getenv("COLORWALK_DATASETS")) return env;
  return COLORWALK_DATASETS_DIR;
}

// The five slowest boards at one worker (docs/measurements.md), and a
// small one for the test suite's smoke run.
constexpr const char* kBoards[] = {"20_20_08_006", "16_16_10_030", "20_20_08_003",
                                   "18_18_08_014", "16_16_10_001", "12_12_06_001"};
constexpr int kWorkers[] = {1, 2, 4, 8, 16};

std::map<std::string, std::uint64_t>& one_worker_expansions() {
  static std::map<std::string, std::uint64_t> expanded;
  return expanded;
}

// The real time of each board's one-worker solve.
std::map<std::string, double>& one_worker_seconds() {
  static std::map<std::string, double> seconds;
  return seconds;
}

void solve_board(benchmark::State& state, const std::string& name, int workers, bool one_thread) {
  const auto path = datasets() / "99problems" / name;
  const auto source = load_file_source({path.string()}, BoardFormat::kFloodItBoards);
  Board board = source->board(0);
  board.set_rules(Rules::kFloodIt, CellPos{0, 0});
  const ClusterGraph graph(board);
  const auto solver = builtin_solvers()
                          .parse("astar:memory=16384,seconds=0,threads=" + std::to_string(workers) +
                                 (one_thread ? ",balance=0" : ""))
                          .make();
  const int threads = one_thread ? 1 : workers;
  const oneapi::tbb::global_control allow(oneapi::tbb::global_control::max_allowed_parallelism,
                                          static_cast<std::size_t>(threads));
  oneapi::tbb::task_arena arena(threads);
  Solution solution;
  double seconds = 0;
  for (auto _ : state) {
    const auto begin = std::chrono::steady_clock::now();
    arena.execute([&] { solution = solver->solve(graph, SolveContext{}); });
    seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
  }
  if (!solution.proven_optimal || !replay(graph, solution.moves).ok()) {
    state.SkipWithError("not proven, or its solution does not replay");
    return;
  }
  if (workers == 1) {
    one_worker_expansions()[name] = solution.expanded;
    one_worker_seconds()[name] = seconds;
  }
  if (one_thread) {
    state.counters["parallel_s"] = solution.parallel_seconds;
    state.counters["critical_s"] = solution.critical_seconds;
    const double span = seconds - solution.parallel_seconds + solution.critical_seconds;
    if (const auto it = one_worker_seconds().find(name); it != one_worker_seconds().end())
      state.counters["bound"] = it->second / span;
  }
  state.counters["moves"] = static_cast<double>(solution.moves.size());
  state.counters["expanded"] = static_cast<double>(solution.expanded);
  state.counters["wait_s"] = solution.wait_seconds;
  state.counters["phases"] = static_cast<double>(solution.phases);
  if (const auto it = one_worker_expansions().find(name); it != one_worker_expansions().end())
    state.counters["overhead"] =
        static_cast<double>(solution.expanded) / static_cast<double>(it->second) - 1;
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  if (!std::filesystem::exists(datasets() / "99problems")) {
    // 77: CTest's skip, unless the run demands the datasets (as CI does).
    const char* require = std::getenv("COLORWALK_REQUIRE_DATASETS");
    std::fprintf(stderr, "bench_parallel_astar: %s is missing (set COLORWALK_DATASETS)\n",
                 (datasets() / "99problems").c_str());
    return require != nullptr && std::string_view(require) == "1" ? 1 : 77;
  }
  for (const bool one_thread : {false, true})
    for (const char* name : kBoards)
      for (const int workers : kWorkers) {
        if (one_thread && workers == 1) continue;
        benchmark::RegisterBenchmark(
            (std::string(one_thread ? "astar_one_thread/" : "astar/") + name + "/" +
             std::to_string(workers))
                .c_str(),
            [name, workers, one_thread](benchmark::State& s) {
              solve_board(s, name, workers, one_thread);
            })
            ->Iterations(1)
            ->UseRealTime()
            ->Unit(benchmark::kSecond);
      }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
