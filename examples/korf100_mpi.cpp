// Runs libsearch's distributed A* (search::mpi, over MPI) on the easiest
// of Korf's 100 15-puzzle instances and checks every answer against the
// published optimum: the 15-puzzle on the same distributed search as any
// other domain. Launched by an MPI launcher, every rank runs it:
//
//   mpirun -np 2 korf100_mpi [--easiest N] [--threads T] [--memory MiB] [FILE]
//
// --threads T: workers on each rank (its own cores); the ranks together
// own the states, each a hash range. --memory MiB: each rank's limit.
// Rank 0 prints a line per instance. The exit status is 0 when every
// answer is optimal, 1 when one is not or a limit stopped a search, 2 for
// a usage error.
#include <mpi.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "fifteen_puzzle.hpp"
#include "search/executor.hpp"
#include "search/mpi/distributed_best_first.hpp"

namespace {

struct Instance {
  int number = 0;
  int optimal = 0;
  std::uint64_t korf_nodes = 0;
  std::array<int, 16> tiles{};
};

// Reads korf100.txt (instance, Manhattan distance, optimal length, Korf's
// node count, the 16 tiles); an empty list when it cannot.
std::vector<Instance> read_instances(const std::string& path, std::string& error) {
  std::ifstream in(path);
  if (!in) {
    error = "cannot read " + path;
    return {};
  }
  std::vector<Instance> out;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    Instance i;
    int manhattan = 0;
    fields >> i.number >> manhattan >> i.optimal >> i.korf_nodes;
    for (int& t : i.tiles)
      fields >> t;
    if (!fields) {
      error = path + ":" + std::to_string(number) + ": malformed instance";
      return {};
    }
    out.push_back(i);
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int easiest = 5;
  std::size_t threads = 1;
  std::size_t memory_mib = 1024;
  std::string path = "../shared/datasets/korf100.txt";
  for (int a = 1; a < argc; ++a) {
    const std::string arg = argv[a];
    const bool has_value = a + 1 < argc;
    if (arg == "--easiest" && has_value) {
      easiest = std::atoi(argv[++a]);
    } else if (arg == "--threads" && has_value) {
      threads = static_cast<std::size_t>(std::max(1, std::atoi(argv[++a])));
    } else if (arg == "--memory" && has_value) {
      memory_mib = static_cast<std::size_t>(std::atoll(argv[++a]));
    } else if (!arg.empty() && arg[0] != '-') {
      path = arg;
    } else {
      if (rank == 0)
        std::fprintf(stderr,
                     "usage: korf100_mpi [--easiest N] [--threads T] [--memory MiB] [FILE]\n");
      MPI_Finalize();
      return 2;
    }
  }
  std::string error;
  std::vector<Instance> chosen = read_instances(path, error);
  if (!error.empty()) {
    if (rank == 0) std::fprintf(stderr, "korf100_mpi: %s\n", error.c_str());
    MPI_Finalize();
    return 2;
  }
  std::stable_sort(chosen.begin(), chosen.end(), [](const Instance& a, const Instance& b) {
    return a.korf_nodes < b.korf_nodes;
  });
  chosen.resize(std::min(chosen.size(), static_cast<std::size_t>(std::max(0, easiest))));

  const examples::FifteenPuzzle puzzle;
  search::mpi::DistributedWorkspace workspace;
  search::ThreadExecutor executor(threads);
  search::Limits limits;
  limits.max_bytes = memory_mib << 20;
  int wrong = 0;
  for (const Instance& instance : chosen) {
    const auto begin = std::chrono::steady_clock::now();
    const auto r =
        search::mpi::distributed_astar(puzzle, examples::FifteenPuzzle::make(instance.tiles),
                                       workspace, limits, executor, threads, MPI_COMM_WORLD);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    // Replay the path: it must reach the goal in the optimal number of moves.
    auto state = examples::FifteenPuzzle::make(instance.tiles);
    for (const auto m : r.path)
      puzzle.apply(state, m);
    const bool ok = r.status == search::Status::kSolved &&
                    r.cost == static_cast<std::uint64_t>(instance.optimal) &&
                    r.path.size() == r.cost && puzzle.is_goal(state);
    if (!ok) ++wrong;
    if (rank == 0)
      std::printf("instance %3d: optimal %2d, found %2llu, %llu expanded on %u workers, %.3f s%s\n",
                  instance.number, instance.optimal, static_cast<unsigned long long>(r.cost),
                  static_cast<unsigned long long>(r.stats.expanded), r.stats.workers, seconds,
                  ok ? "" : "  WRONG");
  }
  if (rank == 0 && wrong > 0) std::printf("%d answers are not optimal\n", wrong);
  MPI_Finalize();
  return wrong == 0 ? 0 : 1;
}
