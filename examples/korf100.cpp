// Runs one libsearch kernel on Korf's 100 random 15-puzzle instances (or
// some of them) and checks every answer against the published optimum.
//
//   korf100 [--kernel idastar|astar|wastar|anytime] [--weight W]
//           [--easiest N | --instances 1,5,70-79] [--memory MiB] [FILE]
//
// FILE is korf100.txt (default ../shared/datasets/korf100.txt): instance,
// Manhattan distance of the start, optimal length, nodes Korf's IDA*
// generated, then the 16 tiles. --easiest N takes the N instances Korf's
// IDA* generated the fewest nodes for. The exit status is 0 when every
// answer holds what its kernel promises (optimal: the published length;
// wastar and anytime: at most W times it, with a bound never above it),
// 1 when one does not, 2 for a usage error.
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
#include "search/best_first.hpp"
#include "search/idastar.hpp"
#include "search/weighted_astar.hpp"

namespace {

struct Instance {
  int number = 0;
  int manhattan = 0;
  int optimal = 0;
  std::uint64_t korf_nodes = 0;
  std::array<int, 16> tiles{};
};

std::vector<Instance> read_instances(const std::string& path) {
  std::ifstream in(path);
  if (!in) {
    std::fprintf(stderr, "korf100: cannot read %s\n", path.c_str());
    std::exit(2);
  }
  std::vector<Instance> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    Instance i;
    fields >> i.number >> i.manhattan >> i.optimal >> i.korf_nodes;
    for (int& t : i.tiles)
      fields >> t;
    if (!fields) {
      std::fprintf(stderr, "korf100: malformed line in %s: %s\n", path.c_str(), line.c_str());
      std::exit(2);
    }
    out.push_back(i);
  }
  return out;
}

// "1,5,70-79" -> the instance numbers it names.
std::vector<int> parse_numbers(const std::string& text) {
  std::vector<int> out;
  std::istringstream parts(text);
  std::string part;
  while (std::getline(parts, part, ',')) {
    const auto dash = part.find('-');
    const int from = std::atoi(part.substr(0, dash).c_str());
    const int to = dash == std::string::npos ? from : std::atoi(part.substr(dash + 1).c_str());
    for (int n = from; n <= to; ++n)
      out.push_back(n);
  }
  return out;
}

int usage() {
  std::fprintf(stderr,
               "usage: korf100 [--kernel idastar|astar|wastar|anytime] [--weight W] "
               "[--easiest N | --instances LIST] [--memory MiB] [FILE]\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::string kernel = "idastar";
  double weight = 2.0;
  int easiest = 0;
  std::string numbers;
  std::size_t memory_mib = 2048;
  std::string path = "../shared/datasets/korf100.txt";
  for (int a = 1; a < argc; ++a) {
    const std::string arg = argv[a];
    const bool has_value = a + 1 < argc;
    if (arg == "--kernel" && has_value)
      kernel = argv[++a];
    else if (arg == "--weight" && has_value)
      weight = std::atof(argv[++a]);
    else if (arg == "--easiest" && has_value)
      easiest = std::atoi(argv[++a]);
    else if (arg == "--instances" && has_value)
      numbers = argv[++a];
    else if (arg == "--memory" && has_value)
      memory_mib = static_cast<std::size_t>(std::atoll(argv[++a]));
    else if (!arg.empty() && arg[0] != '-')
      path = arg;
    else
      return usage();
  }
  if (kernel != "idastar" && kernel != "astar" && kernel != "wastar" && kernel != "anytime")
    return usage();
  if (kernel == "idastar" || kernel == "astar") weight = 1.0;

  std::vector<Instance> all = read_instances(path);
  std::vector<Instance> chosen;
  if (easiest > 0) {
    chosen = all;
    std::stable_sort(chosen.begin(), chosen.end(), [](const Instance& a, const Instance& b) {
      return a.korf_nodes < b.korf_nodes;
    });
    chosen.resize(std::min(chosen.size(), static_cast<std::size_t>(easiest)));
  } else if (!numbers.empty()) {
    for (const int n : parse_numbers(numbers))
      for (const Instance& i : all)
        if (i.number == n) chosen.push_back(i);
  } else {
    chosen = all;
  }

  const examples::FifteenPuzzle puzzle;
  search::Workspace workspace;
  search::Limits limits;
  limits.max_bytes = memory_mib << 20;
  std::printf("%-8s %8s %7s %6s %6s %14s %14s %9s\n", "instance", "optimal", "length", "bound",
              "status", "generated", "expanded", "seconds");
  int wrong = 0;
  int solved = 0;
  std::uint64_t total_length = 0;
  std::uint64_t total_generated = 0;
  double total_seconds = 0;
  for (const Instance& instance : chosen) {
    const auto start = examples::FifteenPuzzle::make(instance.tiles);
    const auto begin = std::chrono::steady_clock::now();
    search::SearchResult<examples::FifteenPuzzle::Move> r;
    if (kernel == "idastar")
      r = search::ida_star(puzzle, start, workspace, limits);
    else if (kernel == "astar")
      r = search::astar(puzzle, start, workspace, limits);
    else
      r = search::weighted_astar(puzzle, start, workspace, limits,
                                 {.weight = weight, .anytime = kernel == "anytime"});
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    const auto optimal = static_cast<std::uint64_t>(instance.optimal);
    // What the kernel promises: within the weight of the optimum, and a
    // proven bound never above it; a limit may stop it without an answer.
    bool ok = r.bound <= optimal;
    if (r.found) {
      ok = ok && r.path.size() == r.cost &&
           static_cast<double>(r.cost) <= weight * static_cast<double>(optimal);
      if (r.status == search::Status::kSolved && r.bound == r.cost) ok = ok && r.cost == optimal;
      ++solved;
      total_length += r.cost;
    }
    if (!ok) ++wrong;
    total_generated += r.stats.generated;
    total_seconds += seconds;
    std::printf("%-8d %8d %7llu %6llu %6s %14llu %14llu %9.3f%s\n", instance.number,
                instance.optimal, static_cast<unsigned long long>(r.cost),
                static_cast<unsigned long long>(r.bound),
                r.status == search::Status::kSolved ? "solved" : "limit",
                static_cast<unsigned long long>(r.stats.generated),
                static_cast<unsigned long long>(r.stats.expanded), seconds, ok ? "" : "  WRONG");
  }
  std::printf("%s: %d of %zu solved, total length %llu, %llu generated, %.2f s (%.1f M/s)\n",
              kernel.c_str(), solved, chosen.size(), static_cast<unsigned long long>(total_length),
              static_cast<unsigned long long>(total_generated), total_seconds,
              total_seconds > 0 ? static_cast<double>(total_generated) / total_seconds / 1e6 : 0.0);
  if (wrong > 0) std::printf("%d answers break their kernel's promise\n", wrong);
  return wrong == 0 ? 0 : 1;
}
