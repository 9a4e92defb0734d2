// colorwalk bench: the bench signature (engine/bench_signature.hpp) and the time it took.
#include <cstdio>
#include <iostream>

#include "engine/bench_signature.hpp"
#include "game/wording.hpp"
#include "tool/commands.hpp"
#include "tool/options.hpp"

namespace colorwalk::cli {

int cmd_bench(int argc, char** argv) {
  po::options_description desc("Options");
  po::variables_map vm;
  if (!parse(argc, argv, desc, vm,
             "usage: colorwalk bench\n\n"
             "Solves a fixed set of boards (the articles' first 20) with fixed solvers (astar,\n"
             "beam, greedy-look-ahead:depth=3, dfs, bfs, dijkstra) on one thread and prints the\n"
             "nodes each expanded, then the total and the time: the last line reads\n"
             "\"nodes N  time T s  nodes/s R\". The node count depends on what the searches do,\n"
             "not on the machine: a change that alters a search shows as a different count,\n"
             "and a commit that should not alter any search can say \"bench: N\" with N\n"
             "unchanged (tests/test_bench.cpp pins it). The time is a rough measure of speed;\n"
             "compare it only on the same machine and build. Exit 1 if a solution did not\n"
             "verify.\n"))
    return kExitOk;
  const BenchResult bench = run_bench();
  std::cout << "bench: " << plural(bench.boards, "board") << " x "
            << plural(bench.solvers.size(), "solver") << ", 1 thread\n";
  char line[256];
  for (const BenchSolver& solver : bench.solvers) {
    std::snprintf(line, sizeof line, "%-28s expanded %10llu  moves %6llu  seconds %7.3f\n",
                  solver.spec.c_str(), static_cast<unsigned long long>(solver.expanded),
                  static_cast<unsigned long long>(solver.moves), solver.seconds);
    std::cout << line;
  }
  const double rate = bench.wall > 0 ? static_cast<double>(bench.nodes) / bench.wall : 0;
  std::snprintf(line, sizeof line, "nodes %llu  time %.2f s  nodes/s %.0f\n",
                static_cast<unsigned long long>(bench.nodes), bench.wall, rate);
  std::cout << line;
  if (bench.failures > 0) {
    std::cerr << "colorwalk bench: " << plural(bench.failures, "solution") << " did not verify\n";
    return kExitFailure;
  }
  return kExitOk;
}

}  // namespace colorwalk::cli
