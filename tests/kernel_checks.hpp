// Shared by the tests of IDA*, weighted A* and the example domains: exact
// answers computed here without libsearch (the 8-puzzle's distances by a
// plain BFS over its 181,440 states, a grid map's by a plain Dijkstra),
// Korf's 100 instances, random grid maps, and an 8-puzzle that never undoes
// its last move.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <fstream>
#include <functional>
#include <limits>
#include <queue>
#include <random>
#include <sstream>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "grid_map.hpp"
#include "search/domain.hpp"
#include "test_domains.hpp"

namespace kernel_checks {

// How many 8-puzzle states the sweeps over all 181,440 step by: every
// state in a plain build; under the sanitizers, which look for memory
// errors and races that a sample finds as well, every 16th (the full
// sweeps take minutes there).
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
inline constexpr std::size_t kStateStride = 16;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
inline constexpr std::size_t kStateStride = 16;
#else
inline constexpr std::size_t kStateStride = 1;
#endif
#else
inline constexpr std::size_t kStateStride = 1;
#endif

using testdomains::EightPuzzle;

// The 8-puzzle with keep_move(): the blank never moves straight back
// (moves 0/1 and 2/3 undo each other).
class EightPuzzleNoUndo : public EightPuzzle {
 public:
  bool keep_move(const State&, Move last, Move m) const { return m != (last ^ 1); }
};
static_assert(search::HasMoveFilter<EightPuzzleNoUndo>);

// The same puzzle keeping its Manhattan distance up to date move by move,
// as a fast domain would (IDA* from every state generates some 600 million
// children, too slow with the distance summed afresh at each).
class FastEightPuzzle {
 public:
  struct State {
    EightPuzzle::State base;
    std::uint32_t h = 0;
  };
  using Move = EightPuzzle::Move;
  static constexpr std::size_t kMaxMoves = 4;

  State make(const EightPuzzle::State& base) const { return {base, p_.lower_bound(base)}; }
  void moves(const State& s, search::MoveList<Move, kMaxMoves>& out) const {
    p_.moves(s.base, out);
  }
  bool apply(State& s, Move m) const {
    static constexpr int kDelta[4] = {-3, 3, -1, 1};
    const int from = s.base.blank + kDelta[m];
    const int tile = EightPuzzle::tile(s.base, from);
    // The tile moves from `from` to the blank's cell.
    s.h = s.h + distance(tile, s.base.blank) - distance(tile, from);
    return p_.apply(s.base, m);
  }
  bool keep_move(const State&, Move last, Move m) const { return m != (last ^ 1); }
  bool is_goal(const State& s) const { return s.h == 0; }  // no tile away from its cell
  std::uint32_t lower_bound(const State& s) const { return s.h; }

 private:
  static std::uint32_t distance(int tile, int cell) { return kDistance[tile][cell]; }
  // kDistance[t][c]: rows plus columns between cell c and tile t's goal cell t - 1.
  static constexpr auto kDistance = [] {
    std::array<std::array<std::uint32_t, 9>, 9> d{};
    for (int t = 1; t < 9; ++t)
      for (int c = 0; c < 9; ++c)
        d[t][c] = static_cast<std::uint32_t>(
            (c / 3 > (t - 1) / 3 ? c / 3 - (t - 1) / 3 : (t - 1) / 3 - c / 3) +
            (c % 3 > (t - 1) % 3 ? c % 3 - (t - 1) % 3 : (t - 1) % 3 - c % 3));
    return d;
  }();
  EightPuzzle p_;
};

// Every state's distance to the goal, by BFS from the goal (moves are
// reversible, so distances to and from the goal agree).
inline const std::unordered_map<std::uint64_t, std::uint32_t>& eight_puzzle_distances() {
  static const auto table = [] {
    std::unordered_map<std::uint64_t, std::uint32_t> d;
    const EightPuzzle p;
    std::deque<EightPuzzle::State> queue{EightPuzzle::goal()};
    d[EightPuzzle::goal().cells] = 0;
    while (!queue.empty()) {
      const auto s = queue.front();
      queue.pop_front();
      search::MoveList<std::uint8_t, 4> moves;
      p.moves(s, moves);
      for (const auto m : moves) {
        auto t = s;
        p.apply(t, m);
        if (d.emplace(t.cells, d[s.cells] + 1).second) queue.push_back(t);
      }
    }
    return d;
  }();
  return table;
}

// Every 8-puzzle state reachable from the goal, in a fixed order.
inline std::vector<EightPuzzle::State> eight_puzzle_states() {
  std::vector<std::uint64_t> cells;
  for (const auto& [c, d] : eight_puzzle_distances())
    cells.push_back(c);
  std::sort(cells.begin(), cells.end());
  std::vector<EightPuzzle::State> out;
  const EightPuzzle p;
  for (const std::uint64_t c : cells) {
    EightPuzzle::State s;
    p.unpack(std::span<const search::Word>(&c, 1), s);
    out.push_back(s);
  }
  return out;
}

// Plays `path` from `start`; true when it ends at a goal. `cost` gets the
// sum of the edge costs.
template <class D>
bool replays_to_goal(const D& domain, typename D::State s,
                     const std::vector<typename D::Move>& path, std::uint64_t* cost = nullptr) {
  std::uint64_t sum = 0;
  for (const auto m : path) {
    search::MoveListOf<D> legal;
    domain.moves(s, legal);
    if (std::find(legal.begin(), legal.end(), m) == legal.end()) return false;
    sum += search::edge_cost_of(domain, s, m);
    if (!domain.apply(s, m)) return false;
  }
  if (cost != nullptr) *cost = sum;
  return domain.is_goal(s);
}

// One of Korf's 100 instances (korf100.txt's columns).
struct KorfInstance {
  int number = 0;
  int manhattan = 0;
  int optimal = 0;
  std::uint64_t korf_generated = 0;
  std::array<int, 16> tiles{};
};

inline std::vector<KorfInstance> read_korf100(const std::filesystem::path& path) {
  std::vector<KorfInstance> out;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    KorfInstance k;
    fields >> k.number >> k.manhattan >> k.optimal >> k.korf_generated;
    for (int& t : k.tiles)
      fields >> t;
    if (fields) out.push_back(k);
  }
  return out;
}

// A random `height` x `width` map with walls at density `walls`, and a
// start and a goal on free cells.
inline std::vector<std::string> random_grid(std::mt19937_64& rng, int width, int height,
                                            double walls) {
  std::vector<std::string> rows(static_cast<std::size_t>(height),
                                std::string(static_cast<std::size_t>(width), '.'));
  std::uniform_real_distribution<double> u(0, 1);
  for (auto& row : rows)
    for (char& c : row)
      if (u(rng) < walls) c = '#';
  auto place = [&](char mark) {
    while (true) {
      auto& c = rows[rng() % rows.size()][rng() % static_cast<std::size_t>(width)];
      if (c == '.') {
        c = mark;
        return;
      }
    }
  };
  place('S');
  place('G');
  return rows;
}

// The cheapest cost from the map's start to its goal by a plain Dijkstra on
// the cells (max when unreachable), from the map's rules written afresh:
// straight steps 10, diagonal 14, no corner cutting.
inline std::uint64_t grid_optimum(const std::vector<std::string>& rows, bool eight) {
  const int h = static_cast<int>(rows.size());
  const int w = static_cast<int>(rows[0].size());
  auto is_free = [&](int r, int c) {
    return r >= 0 && r < h && c >= 0 && c < w &&
           rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] != '#';
  };
  constexpr std::uint64_t kInf = std::numeric_limits<std::uint64_t>::max();
  std::vector<std::uint64_t> dist(static_cast<std::size_t>(w * h), kInf);
  using Entry = std::pair<std::uint64_t, int>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> queue;
  int goal = -1;
  for (int r = 0; r < h; ++r)
    for (int c = 0; c < w; ++c) {
      const char ch = rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
      if (ch == 'S') {
        dist[static_cast<std::size_t>(r * w + c)] = 0;
        queue.push({0, r * w + c});
      }
      if (ch == 'G') goal = r * w + c;
    }
  while (!queue.empty()) {
    const auto [d, cell] = queue.top();
    queue.pop();
    if (d != dist[static_cast<std::size_t>(cell)]) continue;
    if (cell == goal) return d;
    const int r = cell / w;
    const int c = cell % w;
    for (int dr = -1; dr <= 1; ++dr)
      for (int dc = -1; dc <= 1; ++dc) {
        if ((dr == 0 && dc == 0) || !is_free(r + dr, c + dc)) continue;
        const bool diagonal = dr != 0 && dc != 0;
        if (diagonal && (!eight || !is_free(r + dr, c) || !is_free(r, c + dc))) continue;
        const std::uint64_t nd = d + (diagonal ? 14 : 10);
        auto& slot = dist[static_cast<std::size_t>((r + dr) * w + c + dc)];
        if (nd < slot) {
          slot = nd;
          queue.push({nd, (r + dr) * w + c + dc});
        }
      }
  }
  return kInf;
}

}  // namespace kernel_checks
