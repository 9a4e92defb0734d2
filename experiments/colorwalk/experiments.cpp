#include "experiments.hpp"

namespace colorwalk {

const std::vector<PublishedRow>& articles_table() {
  static const std::vector<PublishedRow> rows = {
      {"Round Robin", "round-robin", 37, 48.3, 62, 4.5},
      {"RR with Skipping", "round-robin-skip", 37, 46.9, 59, 4.1},
      {"Random Choice", "random", 60, 80.2, 115, 10.5},
      {"Random with Skipping", "random-skip", 43, 53.1, 64, 4.5},
      {"Greedy", "greedy", 31, 39.8, 48, 3.5},
      {"Greedy Look-Ahead-2", "greedy-look-ahead:depth=2", 28, 37.0, 45, 3.1},
      {"Greedy Look-Ahead-3", "greedy-look-ahead:depth=3", 25, 34.2, 40, 2.7},
      {"Greedy Look-Ahead-4", "greedy-look-ahead:depth=4", 25, 33.3, 39, 2.6},
      {"Greedy Look-Ahead-5", "greedy-look-ahead:depth=5", 25, 33.1, 41, 2.8},
      {"Max Perimeter", "max-perimeter", 29, 37.4, 44, 3.2},
      {"Max Perimeter Look-Ahead-2", "max-perimeter-look-ahead:depth=2", 27, 35.0, 44, 2.8},
      {"Perimeter-Area Hybrid", "perimeter-area", 31, 39.0, 49, 3.8},
      {"Perim-Area Hybrid Look-Ahead-3", "perimeter-area-look-ahead:depth=3", 27, 33.5, 41, 2.7},
      {"Deep-Path", "deep-path", 51, 74.8, 104, 9.4},
      {"Path-Area Hybrid", "path-area", 35, 44.2, 54, 3.5},
      {"Path-Area Hybrid Look-Ahead-4", "path-area-look-ahead:depth=4", 32, 38.7, 45, 2.7},
      {"BFS with Greedy Look-Ahead-5", "bfs:depth=5", 26, 32.7, 40, 2.8},
      {"DFS with Greedy Look-Ahead-5", "dfs:depth=5", 25, 34.8, 43, 3.9},
      {"Dijkstra's Algorithm (scale 25)", "dijkstra:scale=25", 29, 33.1, 40, 1.9},
  };
  return rows;
}

}  // namespace colorwalk
