// Runs libsearch's kernels on a grid map, 4- and 8-connected, prints each
// answer and draws the cheapest path.
//
//   grid_path [--check] [MAP]
//
// MAP is a text map (grid_map.hpp: '.' free, 'S' start, 'G' goal, anything
// else a wall); without one, the map below. --check prints less and exits
// 1 unless every kernel keeps its promise: Dijkstra, A* and IDA* the same
// cost, weighted A* within its weight of it with a bound never above it,
// anytime weighted A* ending at it.
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "grid_map.hpp"
#include "search/best_first.hpp"
#include "search/idastar.hpp"
#include "search/weighted_astar.hpp"

namespace {

const std::vector<std::string> kDefaultMap = {
    "S.........#.........", ".######...#...####..", "......#...#......#..", "..#...#.......#..#..",
    "..#...#####...#..#..", "..#.......#...#.....", "..#####...#...#####.", "......#.......#.....",
    "..#...#...#####..##.", "..#.......#.......#G",
};

using Result = search::SearchResult<examples::GridMap::Move>;

void draw(const examples::GridMap& map, const std::vector<std::string>& rows, const Result& r) {
  std::vector<std::string> picture = rows;
  auto s = map.start();
  for (const auto m : r.path) {
    map.apply(s, m);
    char& cell = picture[static_cast<std::size_t>(s.cell) / static_cast<std::size_t>(map.width())]
                        [static_cast<std::size_t>(s.cell) % static_cast<std::size_t>(map.width())];
    if (cell == '.') cell = '*';
  }
  for (const std::string& row : picture)
    std::printf("  %s\n", row.c_str());
}

// Runs every kernel on one map; false when one breaks its promise.
bool run(const std::vector<std::string>& rows, examples::GridMap::Connectivity connectivity,
         bool quiet) {
  const examples::GridMap map(rows, connectivity);
  search::Workspace ws;
  const search::Limits limits;
  struct Row {
    const char* name;
    double weight;
    Result result;
  };
  std::vector<Row> table;
  table.push_back({"dijkstra", 1, search::dijkstra(map, map.start(), ws, limits)});
  table.push_back({"astar", 1, search::astar(map, map.start(), ws, limits)});
  table.push_back({"idastar+tt", 1,
                   search::ida_star(map, map.start(), ws, limits, {.transposition_table = true})});
  for (const double w : {1.5, 3.0})
    table.push_back(
        {"wastar", w, search::weighted_astar(map, map.start(), ws, limits, {.weight = w})});
  table.push_back(
      {"anytime", 3.0,
       search::weighted_astar(map, map.start(), ws, limits, {.weight = 3.0, .anytime = true})});
  const Result& reference = table[0].result;
  bool ok = reference.status == search::Status::kSolved;
  const char* kind = connectivity == examples::GridMap::Connectivity::kFour ? "4" : "8";
  if (!quiet) std::printf("%s-connected, %dx%d:\n", kind, map.width(), map.height());
  for (const Row& row : table) {
    const Result& r = row.result;
    const std::uint64_t optimum = reference.cost;
    bool kept = r.status == search::Status::kSolved && r.bound <= optimum &&
                static_cast<double>(r.cost) <= row.weight * static_cast<double>(optimum);
    // Dijkstra, A*, IDA* and the anytime search prove their answer optimal.
    if (row.weight == 1 || std::string(row.name) == "anytime") kept = kept && r.cost == optimum;
    ok = ok && kept;
    if (!quiet || !kept)
      std::printf("  %-10s w=%-4g cost %5llu  bound %5llu  expanded %6llu%s\n", row.name,
                  row.weight, static_cast<unsigned long long>(r.cost),
                  static_cast<unsigned long long>(r.bound),
                  static_cast<unsigned long long>(r.stats.expanded), kept ? "" : "  WRONG");
  }
  if (!quiet) draw(map, rows, table[1].result);
  return ok;
}

}  // namespace

int main(int argc, char** argv) {
  bool quiet = false;
  std::vector<std::string> rows = kDefaultMap;
  for (int a = 1; a < argc; ++a) {
    const std::string arg = argv[a];
    if (arg == "--check") {
      quiet = true;
      continue;
    }
    std::ifstream in(arg);
    if (!in) {
      std::fprintf(stderr, "grid_path: cannot read %s\n", arg.c_str());
      return 2;
    }
    rows.clear();
    for (std::string line; std::getline(in, line);)
      if (!line.empty()) rows.push_back(line);
  }
  bool ok = true;
  try {
    for (const auto c :
         {examples::GridMap::Connectivity::kFour, examples::GridMap::Connectivity::kEight})
      ok = run(rows, c, quiet) && ok;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "grid_path: %s\n", e.what());
    return 2;
  }
  std::printf("grid_path: %s\n", ok ? "every kernel kept its promise" : "FAILED");
  return ok ? 0 : 1;
}
