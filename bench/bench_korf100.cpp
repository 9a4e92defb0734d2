// Korf's 100 random 15-puzzle instances, the field's outside yardstick:
// IDA* with the Manhattan distance must solve all 100 at their optimal
// lengths (total 5305). Two programs run them, one benchmark per instance
// each, alternating so that the machine's ups and downs hit both alike:
//
//   korf100/NNN/generic  libsearch's ida_star on examples/fifteen_puzzle.hpp
//   korf100/NNN/hand     IDA* written for the 15-puzzle alone (below): what a
//                        specialist writes, recursive, moving tiles in place
//                        and back, with the distance updated per move
//
// Both list the blank's moves in Korf's order (up, left, right, down) and
// drop the undoing move, so both generate exactly the nodes of Korf's IDA*
// (his published count includes the root). Each instance runs once
// (Iterations(1)); items are generated nodes, so items_per_second is nodes
// per CPU second. After the runs a summary gives, per program, the
// instances solved at their optimal length, the nodes, the CPU time, the
// nodes per second, and the generic program's speed relative to the
// hand-written one's (docs/measurements.md has the figures).
//
//   bench_korf100                                    all 100, minutes
//   bench_korf100 --benchmark_filter='korf100/0(79|12)/'   two easy ones
#include <benchmark/benchmark.h>
#include <time.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "fifteen_puzzle.hpp"
#include "search/idastar.hpp"

namespace {

struct Instance {
  int number = 0;
  int optimal = 0;
  std::uint64_t korf_generated = 0;
  std::array<int, 16> tiles{};
};

// IDA* for the 15-puzzle and nothing else, as a specialist writes it.
class HandWrittenIdaStar {
 public:
  struct Outcome {
    int length = 0;
    std::uint64_t generated = 0;
  };

  Outcome solve(const std::array<int, 16>& tiles) {
    int h = 0;
    for (int i = 0; i < 16; ++i) {
      tiles_[i] = static_cast<std::uint8_t>(tiles[static_cast<std::size_t>(i)]);
      if (tiles_[i] == 0) blank_ = i;
      h += kDistance[tiles_[i]][i];
    }
    generated_ = 0;
    if (h == 0) return {0, 0};
    for (threshold_ = h;; threshold_ = next_) {
      next_ = kInfinity;
      if (search(0, h, -1)) return {length_, generated_};
    }
  }

 private:
  static constexpr int kInfinity = 1 << 30;

  // Depth-first below the blank's current cell; true once a goal is found.
  bool search(int g, int h, int last) {
    const int row = blank_ >> 2;
    const int col = blank_ & 3;
    for (int m = 0; m < 4; ++m) {
      if (m == 3 - last) continue;  // undoing the last move
      if ((m == 0 && row == 0) || (m == 1 && col == 0) || (m == 2 && col == 3) ||
          (m == 3 && row == 3))
        continue;
      const int from = blank_;
      const int to = blank_ + kDelta[m];
      const int tile = tiles_[to];
      ++generated_;
      const int child_h = h + kDistance[tile][from] - kDistance[tile][to];
      const int f = g + 1 + child_h;
      if (f > threshold_) {
        next_ = std::min(next_, f);
        continue;
      }
      if (child_h == 0) {
        length_ = g + 1;
        return true;
      }
      tiles_[from] = static_cast<std::uint8_t>(tile);
      tiles_[to] = 0;
      blank_ = to;
      const bool found = search(g + 1, child_h, m);
      tiles_[to] = static_cast<std::uint8_t>(tile);
      tiles_[from] = 0;
      blank_ = from;
      if (found) return true;
    }
    return false;
  }

  static constexpr std::array<int, 4> kDelta = {-4, -1, 1, 4};
  // (std::abs is not constexpr in every standard library clang builds with.)
  static constexpr auto kDistance = [] {
    const auto gap = [](int a, int b) { return a > b ? a - b : b - a; };
    std::array<std::array<int, 16>, 16> d{};
    for (int t = 1; t < 16; ++t)
      for (int c = 0; c < 16; ++c)
        d[t][c] = gap(t / 4, c / 4) + gap(t % 4, c % 4);
    return d;
  }();

  std::array<std::uint8_t, 16> tiles_{};
  int blank_ = 0;
  int threshold_ = 0;
  int next_ = 0;
  int length_ = 0;
  std::uint64_t generated_ = 0;
};

double thread_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

// One program's totals over the instances it ran.
struct Totals {
  int runs = 0;
  int optimal = 0;      // at the published optimal length
  int korf_counts = 0;  // generated + 1 (the root) == Korf's published count
  std::uint64_t length = 0;
  std::uint64_t generated = 0;
  double cpu_seconds = 0;
};
Totals generic_totals;
Totals hand_totals;

void record(benchmark::State& state, Totals& totals, const Instance& instance, int length,
            std::uint64_t generated, double cpu_seconds) {
  ++totals.runs;
  totals.length += static_cast<std::uint64_t>(length);
  totals.generated += generated;
  totals.cpu_seconds += cpu_seconds;
  if (length == instance.optimal) ++totals.optimal;
  if (generated + 1 == instance.korf_generated) ++totals.korf_counts;
  state.SetItemsProcessed(static_cast<std::int64_t>(generated));
  state.counters["length"] = length;
  state.counters["generated"] = static_cast<double>(generated);
  if (length != instance.optimal) state.SkipWithError("not at the optimal length");
}

void run_generic(benchmark::State& state, const Instance& instance) {
  const examples::FifteenPuzzle puzzle;
  search::Workspace workspace;
  const auto start = examples::FifteenPuzzle::make(instance.tiles);
  for (auto _ : state) {
    const double begin = thread_cpu_seconds();
    const auto r = search::ida_star(puzzle, start, workspace, search::Limits{});
    const double cpu = thread_cpu_seconds() - begin;
    record(state, generic_totals, instance, r.found ? static_cast<int>(r.cost) : -1,
           r.stats.generated, cpu);
  }
}

void run_hand(benchmark::State& state, const Instance& instance) {
  HandWrittenIdaStar solver;
  for (auto _ : state) {
    const double begin = thread_cpu_seconds();
    const auto r = solver.solve(instance.tiles);
    const double cpu = thread_cpu_seconds() - begin;
    record(state, hand_totals, instance, r.length, r.generated, cpu);
  }
}

std::filesystem::path korf100_path() {
  if (const char* env = std::getenv("COLORWALK_DATASETS"))
    return std::filesystem::path(env) / "korf100.txt";
  return std::filesystem::path(COLORWALK_DATASETS_DIR) / "korf100.txt";
}

std::vector<Instance> read_instances(const std::filesystem::path& path) {
  std::vector<Instance> out;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    Instance i;
    int manhattan = 0;
    fields >> i.number >> manhattan >> i.optimal >> i.korf_generated;
    for (int& t : i.tiles)
      fields >> t;
    if (fields) out.push_back(i);
  }
  return out;
}

void print_totals(const char* name, const Totals& t) {
  std::printf(
      "%-12s %3d run, %3d at the optimal length (total %llu), %3d at Korf's node count; "
      "%llu nodes in %.2f CPU s: %.2f M nodes/s\n",
      name, t.runs, t.optimal, static_cast<unsigned long long>(t.length), t.korf_counts,
      static_cast<unsigned long long>(t.generated), t.cpu_seconds,
      t.cpu_seconds > 0 ? static_cast<double>(t.generated) / t.cpu_seconds / 1e6 : 0.0);
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  const auto path = korf100_path();
  static const std::vector<Instance> instances = read_instances(path);
  if (instances.size() != 100) {
    // 77: CTest's skip, unless the run demands the datasets (as CI does).
    const char* require = std::getenv("COLORWALK_REQUIRE_DATASETS");
    std::fprintf(stderr, "bench_korf100: %s does not hold Korf's 100 instances\n",
                 path.string().c_str());
    return require != nullptr && std::string_view(require) == "1" ? 1 : 77;
  }
  for (const Instance& instance : instances) {
    char name[32];
    std::snprintf(name, sizeof name, "korf100/%03d/", instance.number);
    benchmark::RegisterBenchmark((std::string(name) + "generic").c_str(),
                                 [&instance](benchmark::State& s) { run_generic(s, instance); })
        ->Iterations(1)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark((std::string(name) + "hand").c_str(),
                                 [&instance](benchmark::State& s) { run_hand(s, instance); })
        ->Iterations(1)
        ->Unit(benchmark::kMillisecond);
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  std::printf("\nKorf's 100 (%s), IDA* with the Manhattan distance:\n", path.string().c_str());
  print_totals("generic", generic_totals);
  print_totals("hand-written", hand_totals);
  if (generic_totals.cpu_seconds > 0 && hand_totals.cpu_seconds > 0 &&
      generic_totals.generated > 0) {
    const double generic_rate =
        static_cast<double>(generic_totals.generated) / generic_totals.cpu_seconds;
    const double hand_rate = static_cast<double>(hand_totals.generated) / hand_totals.cpu_seconds;
    std::printf("hand-written / generic nodes per second: %.3f\n", hand_rate / generic_rate);
  }
  const bool all_optimal =
      generic_totals.optimal == generic_totals.runs && hand_totals.optimal == hand_totals.runs;
  return all_optimal ? 0 : 1;
}
