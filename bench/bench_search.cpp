// libsearch kernels on Color Walk boards of the articles' shape (30x20, 5
// colours, colour-walk rules). Items are node expansions, so
// items_per_second is expansions per second (BM_EliminationBound: bound
// evaluations). BM_ExactSolveArticles runs the exact solver on whole boards.
//
// Each search starts where the articles' hybrids start searching: after the
// first 18 greedy moves of the board.
//
// BM_BfsCopiedMarkers is the articles' design made measurable: the same
// bounded BFS, but every node owns a byte-per-cell `markers` copy and a copy
// of its move history, moves are applied by a cell-level flood fill, and the
// queue is a std::deque of such nodes. BM_BfsPooledBitsets runs the same
// search (same boards, same bound, same move order) on libsearch.
#include <benchmark/benchmark.h>

#include <array>
#include <deque>
#include <vector>

#include "exact/bounds.hpp"
#include "game/cluster_graph.hpp"
#include "game/greedy_move.hpp"
#include "exact/color_walk_domain.hpp"
#include "registry/registry.hpp"
#include "game/sources.hpp"
#include "search/best_first.hpp"
#include "search/bfs.hpp"
#include "search/dfs.hpp"

using namespace colorwalk;

namespace {

constexpr std::size_t kBoards = 16;
constexpr std::size_t kFrontier = 16384;

struct Problem {
  Board board;
  ClusterGraph graph;
  MarkerState start;  // after 18 greedy moves
  std::vector<Color> prefix;
};

std::vector<Problem> problems() {
  const RandomSource source(kBoards, 11, 30, 20, 5);
  std::vector<Problem> out;
  for (std::size_t i = 0; i < kBoards; ++i) {
    Board b = source.board(i);
    ClusterGraph g(b);
    MarkerState s = g.initial_state();
    std::vector<Color> prefix;
    for (int m = 0; m < 18 && !g.is_cleared(s); ++m) {
      const Color best = greedy_move(g, s);
      g.apply(s, best);
      prefix.push_back(best);
    }
    out.push_back(Problem{std::move(b), std::move(g), s, std::move(prefix)});
  }
  return out;
}

const std::vector<Problem>& shared_problems() {
  static const std::vector<Problem> p = problems();
  return p;
}

void report(benchmark::State& state, std::uint64_t expanded) {
  state.SetItemsProcessed(static_cast<std::int64_t>(expanded));
  state.counters["expanded/search"] =
      benchmark::Counter(static_cast<double>(expanded), benchmark::Counter::kAvgIterations);
}

void BM_BfsPooledBitsets(benchmark::State& state) {
  const auto& ps = shared_problems();
  search::Workspace ws;
  search::SearchResult<Color> result;
  search::NullVisitor visitor;
  std::uint64_t expanded = 0;
  std::size_t i = 0;
  for (auto _ : state) {
    const Problem& p = ps[i++ % ps.size()];
    const ColorWalkDomain domain(p.graph);
    search::BreadthFirstSearch<ColorWalkDomain> bfs(domain, ws);
    bfs.search_into(p.start, {}, {.max_frontier = kFrontier}, visitor, result);
    expanded += result.stats.expanded;
  }
  report(state, expanded);
}
BENCHMARK(BM_BfsPooledBitsets)->Unit(benchmark::kMillisecond);

// The articles' representation: per-node copies of a byte-per-cell markers
// array and of the move history; a move is a cell-level flood fill.
class CopiedMarkersBfs {
 public:
  explicit CopiedMarkersBfs(const Problem& p)
      : width_(p.board.width()),
        height_(p.board.height()),
        colors_(p.board.colors()),
        cells_(p.board.cells()) {
    start_.assign(cells_.size(), 0);
    for (std::uint32_t c = 0; c < cells_.size(); ++c)
      start_[c] = p.start.is_absorbed(p.graph.cluster_of(c)) ? 1 : 0;
  }

  std::uint64_t run() {
    struct Node {
      std::vector<std::uint8_t> markers;
      std::vector<Color> moves;
    };
    std::deque<Node> queue;
    queue.push_back(Node{start_, {}});
    bool adding = true;
    std::uint64_t expanded = 0;
    while (!queue.empty()) {
      Node node = std::move(queue.front());
      queue.pop_front();
      ++expanded;
      for (Color c = 0; c < colors_; ++c) {
        std::vector<std::uint8_t> child = node.markers;  // the per-node copy
        const std::uint32_t added = flood(child, c);
        if (added == 0) continue;
        if (cleared(child)) return expanded;
        if (!adding) continue;
        std::vector<Color> moves = node.moves;
        moves.push_back(c);
        queue.push_back(Node{std::move(child), std::move(moves)});
      }
      if (queue.size() >= kFrontier) adding = false;
    }
    return expanded;
  }

 private:
  // Marks every cell of colour c connected to the marked region; returns how many.
  std::uint32_t flood(std::vector<std::uint8_t>& m, Color c) {
    stack_.clear();
    for (std::uint32_t i = 0; i < m.size(); ++i)
      if (m[i] == 0 && cells_[i] == c && touches(m, i)) {
        m[i] = 1;
        stack_.push_back(i);
      }
    std::uint32_t added = static_cast<std::uint32_t>(stack_.size());
    while (!stack_.empty()) {
      const std::uint32_t i = stack_.back();
      stack_.pop_back();
      const std::uint32_t r = i / width_;
      const std::uint32_t col = i % width_;
      auto visit = [&](std::uint32_t n) {
        if (m[n] == 0 && cells_[n] == c) {
          m[n] = 1;
          stack_.push_back(n);
          ++added;
        }
      };
      if (col > 0) visit(i - 1);
      if (col + 1 < width_) visit(i + 1);
      if (r > 0) visit(i - width_);
      if (r + 1 < height_) visit(i + width_);
    }
    return added;
  }
  bool touches(const std::vector<std::uint8_t>& m, std::uint32_t i) const {
    const std::uint32_t r = i / width_;
    const std::uint32_t col = i % width_;
    return (col > 0 && m[i - 1]) || (col + 1 < width_ && m[i + 1]) || (r > 0 && m[i - width_]) ||
           (r + 1 < height_ && m[i + width_]);
  }
  static bool cleared(const std::vector<std::uint8_t>& m) {
    for (std::uint8_t v : m)
      if (v == 0) return false;
    return true;
  }

  std::uint32_t width_;
  std::uint32_t height_;
  std::uint32_t colors_;
  std::vector<Color> cells_;
  std::vector<std::uint8_t> start_;
  std::vector<std::uint32_t> stack_;
};

void BM_BfsCopiedMarkers(benchmark::State& state) {
  const auto& ps = shared_problems();
  std::uint64_t expanded = 0;
  std::size_t i = 0;
  for (auto _ : state) {
    CopiedMarkersBfs bfs(ps[i++ % ps.size()]);
    expanded += bfs.run();
  }
  report(state, expanded);
}
BENCHMARK(BM_BfsCopiedMarkers)->Unit(benchmark::kMillisecond);

void BM_DfsBranchAndBound(benchmark::State& state) {
  const auto& ps = shared_problems();
  search::Workspace ws;
  search::Limits limits;
  limits.max_expansions = 200000;
  std::uint64_t expanded = 0;
  std::size_t i = 0;
  for (auto _ : state) {
    const Problem& p = ps[i++ % ps.size()];
    const ColorWalkDomain domain(p.graph);
    const auto r = search::depth_first(domain, p.start, ws, limits, {.max_depth = 30});
    expanded += r.stats.expanded;
  }
  report(state, expanded);
}
BENCHMARK(BM_DfsBranchAndBound)->Unit(benchmark::kMillisecond);

void BM_DijkstraArticlesCost(benchmark::State& state) {
  const auto& ps = shared_problems();
  search::Workspace ws;
  search::Limits limits;
  limits.max_expansions = 100000;
  std::uint64_t expanded = 0;
  std::size_t i = 0;
  auto cost = [](const MarkerState& s, std::uint32_t depth) {
    return std::int64_t{25} * depth - s.cells_cleared();
  };
  for (auto _ : state) {
    const Problem& p = ps[i++ % ps.size()];
    const ColorWalkDomain domain(p.graph);
    const auto r = search::dijkstra(domain, p.start, ws, limits, cost, search::NullVisitor{},
                                    {.detect_duplicates = true, .goal_on_generation = true});
    expanded += r.stats.expanded;
  }
  report(state, expanded);
}
BENCHMARK(BM_DijkstraArticlesCost)->Unit(benchmark::kMillisecond);

void BM_AStarColorBound(benchmark::State& state) {
  const auto& ps = shared_problems();
  search::Workspace ws;
  search::Limits limits;
  limits.max_expansions = 100000;
  std::uint64_t expanded = 0;
  std::size_t i = 0;
  for (auto _ : state) {
    const Problem& p = ps[i++ % ps.size()];
    const ColorWalkDomain domain(p.graph);
    const auto r = search::astar(domain, p.start, ws, limits);
    expanded += r.stats.expanded;
  }
  report(state, expanded);
}
BENCHMARK(BM_AStarColorBound)->Unit(benchmark::kMillisecond);

// The exact solver's lower bound alone, on each problem's state and the
// states along its next 10 greedy moves. Items are evaluations.
void BM_EliminationBound(benchmark::State& state) {
  std::vector<std::pair<const ClusterGraph*, MarkerState>> states;
  for (const Problem& p : shared_problems()) {
    MarkerState s = p.start;
    for (int m = 0; m < 10 && !p.graph.is_cleared(s); ++m) {
      states.emplace_back(&p.graph, s);
      p.graph.apply(s, greedy_move(p.graph, s));
    }
  }
  std::uint64_t sum = 0;
  std::size_t i = 0;
  for (auto _ : state) {
    const auto& [graph, s] = states[i++ % states.size()];
    sum += elimination_bound(*graph, s);
  }
  benchmark::DoNotOptimize(sum);
  state.SetItemsProcessed(static_cast<std::int64_t>(i));
}
BENCHMARK(BM_EliminationBound);

// The exact solver on the articles' first 8 boards, one board per
// iteration in turn (whole boards: the workload of the exact-solving
// targets). Items are expansions, A*'s and its beams'.
void exact_solve_articles(benchmark::State& state, const char* spec) {
  const ArticlesSource source(8);
  std::vector<ClusterGraph> graphs;
  for (std::size_t b = 0; b < source.size(); ++b)
    graphs.emplace_back(source.board(b));
  const auto solver = builtin_solvers().parse(spec).make();
  std::uint64_t expanded = 0;
  std::size_t i = 0;
  for (auto _ : state) {
    const Solution solution = solver->solve(graphs[i++ % graphs.size()], SolveContext{});
    if (!solution.proven_optimal) state.SkipWithError("a board was not proven optimal");
    expanded += solution.expanded;
  }
  report(state, expanded);
}

// `astar` at its defaults (the completion bound, rise 1).
void BM_ExactSolveArticles(benchmark::State& state) {
  exact_solve_articles(state, "astar");
}
BENCHMARK(BM_ExactSolveArticles)->Unit(benchmark::kMillisecond);

// The same with the elimination bound alone: more expansions, less time
// each.
void BM_ExactSolveArticlesElimination(benchmark::State& state) {
  exact_solve_articles(state, "astar:completion=0");
}
BENCHMARK(BM_ExactSolveArticlesElimination)->Unit(benchmark::kMillisecond);

// Rises up to 2: fewer expansions still, more time each.
void BM_ExactSolveArticlesRiseTwo(benchmark::State& state) {
  exact_solve_articles(state, "astar:rise2_from=0");
}
BENCHMARK(BM_ExactSolveArticlesRiseTwo)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
