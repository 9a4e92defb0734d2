#include "engine/bench_signature.hpp"

#include <chrono>

#include "engine/batch.hpp"

namespace colorwalk {

BenchResult run_bench() {
  const ArticlesSource source(kBenchBoards);
  BatchOptions options;
  for (const std::string_view spec : kBenchSolvers)
    options.solvers.push_back(builtin_solvers().parse(std::string(spec)));
  options.threads = 1;
  options.solver_seed = 0;

  BenchResult bench;
  bench.boards = source.size();
  for (const SolverSpec& spec : options.solvers)
    bench.solvers.push_back(BenchSolver{spec.text});
  const auto start = std::chrono::steady_clock::now();
  const std::vector<BoardResult> results = run_batch(source, options);
  bench.wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  for (const BoardResult& result : results) {
    BenchSolver& solver = bench.solvers[result.solver];
    solver.expanded += result.expanded;
    solver.moves += result.moves;
    solver.seconds += result.seconds;
    bench.nodes += result.expanded;
    if (!result.verified) ++bench.failures;
  }
  return bench;
}

}  // namespace colorwalk
