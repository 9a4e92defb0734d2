// The articles' search-based algorithms (parts 7 to 10), on libsearch's
// kernels: bfs (bounded_bfs after a look-ahead prefix), dfs (depth_first
// branch-and-bound after a look-ahead prefix), dijkstra (BestFirstSearch with
// the articles' cost, commit and restart) and its four hybrids.
//
// Every look-ahead phase is the articles' greedy look-ahead (look_ahead.hpp)
// as fixed in their part 7. Each solver instance keeps its workspaces (search
// pool, look-ahead states) from board to board.
#include <algorithm>
#include <optional>
#include <stdexcept>

#include "colorwalk/article_search.hpp"
#include "colorwalk/board_memory.hpp"
#include "colorwalk/look_ahead.hpp"
#include "colorwalk/solver.hpp"
#include "search/best_first.hpp"
#include "search/bfs.hpp"
#include "search/dfs.hpp"

namespace colorwalk {

bool ArticleDijkstra::run(const ClusterGraph& graph, MarkerState& state, std::vector<Color>& moves,
                          const DijkstraParams& params, const std::atomic<bool>* cancel) {
  const std::uint32_t cells = graph.cell_count();
  const std::uint32_t root = state.cells_cleared();
  const std::uint32_t goal = params.half ? std::min(cells, root + (cells + 1) / 2) : cells;
  const ArticleDomain domain(graph, goal);
  ArticleCost cost{
      .scale = params.scale, .root_cleared = root, .cells = cells, .crowded = params.queue / 5 * 4};
  search::NullVisitor visitor;
  search::BestFirstSearch<ArticleDomain, ArticleCost> search(
      domain, workspace_, cost, visitor, {.detect_duplicates = false, .goal_on_generation = true});
  search::Limits limits = limits_;
  limits.cancel = cancel;
  search.start(state, limits);
  search::NodeId chosen = search::kNoNode;
  while (search.status() == search::Status::kRunning) {
    // Their loop took the best vertex out and committed to it when more than
    // `queue` vertices were left behind.
    if (search.open_size() > params.queue + 1) {
      chosen = search.best_open();
      break;
    }
    search.step();
  }
  expanded_ += search.stats().expanded;
  switch (search.status()) {
    case search::Status::kSolved:
      chosen = search.goal();
      break;
    case search::Status::kCancelled:
      return false;
    case search::Status::kLimitReached:  // the memory budget: commit as to a full queue
      chosen = search.best_open();
      break;
    default:
      break;
  }
  path_.clear();
  if (chosen != search::kNoNode) search.path_to(chosen, path_);
  if (search.status() != search::Status::kSolved) ++commits_;
  if (path_.empty()) {
    // Only a search stopped before its root was expanded gets here (a tiny
    // memory budget): the greedy move keeps the game going.
    LookAhead greedy;
    path_.push_back(greedy.choose(graph, state, Metric::kArea, 1));
  }
  for (const Color c : path_) {
    if (graph.apply(state, c).wasted()) throw std::logic_error("dijkstra chose a wasted move");
    moves.push_back(c);
  }
  return true;
}

namespace {

// The moves of a game in progress.
struct Game {
  explicit Game(const ClusterGraph& g) : graph(g), state(g.initial_state()) {}

  bool over() const { return graph.is_cleared(state); }
  void play(Color c) {
    if (graph.apply(state, c).wasted()) throw std::logic_error("a solver chose a wasted move");
    moves.push_back(c);
  }
  void play(const std::vector<Color>& sequence) {
    for (const Color c : sequence)
      play(c);
  }

  const ClusterGraph& graph;
  MarkerState state;
  std::vector<Color> moves;
};

// Look-ahead moves until `count` moves have been played in all, or the end.
void look_ahead_until(Game& game, LookAhead& look_ahead, Metric metric, unsigned depth,
                      std::size_t count) {
  while (!game.over() && game.moves.size() < count)
    game.play(look_ahead.choose(game.graph, game.state, metric, depth));
}

void look_ahead_to_end(Game& game, LookAhead& look_ahead, Metric metric, unsigned depth) {
  while (!game.over())
    game.play(look_ahead.choose(game.graph, game.state, metric, depth));
}

bool cancelled(const SolveContext& context) {
  return context.cancel != nullptr && context.cancel->load(std::memory_order_relaxed);
}

// ---------------------------------------------------------------------------
// bfs (part 7): `if (moves < 18 || bfs() === false) this.greedyLookAhead();`

class Bfs final : public Solver {
 public:
  explicit Bfs(const ParamValues& p)
      : depth_(static_cast<unsigned>(p.get_int("depth"))),
        prefix_(static_cast<std::size_t>(p.get_int("prefix"))),
        frontier_(static_cast<std::size_t>(p.get_int("frontier"))),
        memory_mib_(p.get_int("memory")),
        seconds_(p.get("seconds")) {}

  Solution solve(const ClusterGraph& graph, const SolveContext& context) override {
    const BoardMemory memory(context, {&workspace_});
    const std::uint64_t look_before = look_ahead_.expanded();
    const ArticleDomain domain(graph);
    search::BreadthFirstSearch<ArticleDomain> bfs(domain, workspace_);
    // One deadline for the board: past it each BFS stops at once and the
    // look-ahead plays on.
    const search::Limits limits = search_limits(context, memory_mib_, seconds_);
    search::NullVisitor visitor;
    Solution solution;
    Game game(graph);
    look_ahead_until(game, look_ahead_, Metric::kArea, depth_, prefix_);
    while (!game.over()) {
      if (!cancelled(context)) {
        bfs.search_into(game.state, limits, {.max_frontier = frontier_}, visitor, result_);
        solution.expanded += result_.stats.expanded;
        if (result_.found) {
          game.play(result_.path);
          break;
        }
      }
      game.play(look_ahead_.choose(graph, game.state, Metric::kArea, depth_));
    }
    solution.moves = std::move(game.moves);
    solution.expanded += look_ahead_.expanded() - look_before;
    solution.memory_refused = memory.refused();
    return solution;
  }

 private:
  unsigned depth_;
  std::size_t prefix_;
  std::size_t frontier_;
  std::int64_t memory_mib_;
  double seconds_;
  LookAhead look_ahead_;
  search::Workspace workspace_;
  search::SearchResult<Color> result_;
};

// ---------------------------------------------------------------------------
// dfs (part 8): the look-ahead for the first 18 moves, then one depth-first
// branch-and-bound for the shortest clearing sequence of fewer than
// min_moves = 30 moves. Their dfsNext() tried the colours in the order
// controls[(i + move) % 5], `move` being the move number within the search
// (2 for the children of the first move; the first move itself took the
// colours in order). They stopped it after 60 s of wall time and played the
// best sequence found; here a node budget (and optionally a time limit)
// stops it. If it found none, the look-ahead finishes the game.

// The ordering hook: the children of a frame at depth d are move d + 1.
struct RotateColors {
  std::uint32_t colors = 5;

  template <class List>
  void operator()(const MarkerState&, std::uint32_t depth, List& moves) const {
    if (depth == 0) return;
    const std::uint32_t first = (depth + 1) % colors;
    std::sort(moves.begin(), moves.end(), [&](Color a, Color b) {
      return (a + colors - first) % colors < (b + colors - first) % colors;
    });
  }
};

class Dfs final : public Solver {
 public:
  static constexpr std::uint32_t kMinMoves = 30;  // the articles' initial min_moves

  explicit Dfs(const ParamValues& p)
      : depth_(static_cast<unsigned>(p.get_int("depth"))),
        prefix_(static_cast<std::size_t>(p.get_int("prefix"))),
        nodes_(static_cast<std::uint64_t>(p.get_int("nodes"))),
        seconds_(p.get("seconds")) {}

  Solution solve(const ClusterGraph& graph, const SolveContext& context) override {
    const BoardMemory memory(context, {&workspace_});
    const std::uint64_t look_before = look_ahead_.expanded();
    Solution solution;
    Game game(graph);
    look_ahead_until(game, look_ahead_, Metric::kArea, depth_, prefix_);
    if (!game.over() && !cancelled(context)) {
      const ArticleDomain domain(graph);
      search::DepthFirstSearch<ArticleDomain> dfs(domain, workspace_);
      const search::Limits limits = search_limits(context, 1024, seconds_, nodes_);
      RotateColors order{graph.colors()};
      search::NullVisitor visitor;
      dfs.search_into(game.state, limits, {.max_depth = kMinMoves, .bound = kMinMoves}, order,
                      visitor, result_);
      solution.expanded += result_.stats.expanded;
      if (result_.found) game.play(result_.path);
    }
    look_ahead_to_end(game, look_ahead_, Metric::kArea, depth_);
    solution.moves = std::move(game.moves);
    solution.expanded += look_ahead_.expanded() - look_before;
    solution.memory_refused = memory.refused();
    return solution;
  }

 private:
  unsigned depth_;
  std::size_t prefix_;
  std::uint64_t nodes_;
  double seconds_;
  LookAhead look_ahead_;
  search::Workspace workspace_;
  search::SearchResult<Color> result_;
};

// ---------------------------------------------------------------------------
// dijkstra (part 9) and the hybrids (part 10, SPEC section 4). A phase
// "runs dijkstra" by calling ArticleDijkstra::run until its end condition,
// as their solver loop called dijkstra() once per turn.

enum class Kind : std::uint8_t {
  kDijkstra,           // dijkstra to the end
  kLookAheadDijkstra,  // look-ahead for `prefix` moves, then dijkstra
  kDijkstraLookAhead,  // dijkstra to half the cells (first 5 moves), then look-ahead
  kDijkstraDijkstra,   // dijkstra to half the cells, then dijkstra at scale2
};

class Dijkstra final : public Solver {
 public:
  static constexpr std::size_t kFirstPhaseMoves = 5;

  Dijkstra(Kind kind, Metric metric, const ParamValues& p)
      : kind_(kind), metric_(metric), memory_mib_(p.get_int("memory")), seconds_(p.get("seconds")) {
    dijkstra_.scale = p.get_int("scale");
    dijkstra_.queue = static_cast<std::size_t>(p.get_int("queue"));
    if (kind_ == Kind::kLookAheadDijkstra || kind_ == Kind::kDijkstraLookAhead)
      depth_ = static_cast<unsigned>(p.get_int("depth"));
    if (kind_ == Kind::kLookAheadDijkstra) prefix_ = static_cast<std::size_t>(p.get_int("prefix"));
    if (kind_ == Kind::kDijkstraDijkstra) scale2_ = p.get_int("scale2");
  }

  Solution solve(const ClusterGraph& graph, const SolveContext& context) override {
    const BoardMemory memory(context, {&search_.workspace()});
    const std::uint64_t search_before = search_.expanded();
    const std::uint64_t look_before = look_ahead_.expanded();
    Game game(graph);
    search_.set_limits(search_limits(context, memory_mib_, seconds_));  // one deadline a board
    DijkstraParams half = dijkstra_;
    half.half = true;
    DijkstraParams second = dijkstra_;
    second.scale = scale2_;
    bool stopped = false;
    auto dijkstra_while = [&](const DijkstraParams& params, auto&& more) {
      while (!stopped && !game.over() && more())
        stopped = !search_.run(graph, game.state, game.moves, params, context.cancel);
    };
    auto always = [] { return true; };
    auto first_moves = [&] { return game.moves.size() < kFirstPhaseMoves; };
    switch (kind_) {
      case Kind::kDijkstra:
        dijkstra_while(dijkstra_, always);
        break;
      case Kind::kLookAheadDijkstra:
        look_ahead_until(game, look_ahead_, metric_, depth_, prefix_);
        dijkstra_while(dijkstra_, always);
        break;
      case Kind::kDijkstraLookAhead:
        dijkstra_while(half, first_moves);
        break;
      case Kind::kDijkstraDijkstra:
        dijkstra_while(half, first_moves);
        dijkstra_while(second, always);
        break;
    }
    // The look-ahead ends dijkstra-greedy, and any game a cancellation cut short.
    look_ahead_to_end(game, look_ahead_, metric_, depth_);
    Solution solution;
    solution.moves = std::move(game.moves);
    solution.expanded =
        (search_.expanded() - search_before) + (look_ahead_.expanded() - look_before);
    solution.memory_refused = memory.refused();
    return solution;
  }

 private:
  Kind kind_;
  Metric metric_;
  std::int64_t memory_mib_;
  double seconds_;
  DijkstraParams dijkstra_;
  std::int64_t scale2_ = 28;
  unsigned depth_ = 1;
  std::size_t prefix_ = 0;
  ArticleDijkstra search_;
  LookAhead look_ahead_;
};

// ---------------------------------------------------------------------------
// Registration.

ParamSpec depth_param() {
  return {"depth", 5, 1, 8, true, "moves per look-ahead sequence (the articles' max_moves)"};
}
ParamSpec prefix_param(std::uint32_t moves) {
  return {"prefix", static_cast<double>(moves),
          0,        1000,
          true,     "look-ahead moves played before the search takes over"};
}
ParamSpec scale_param(const char* name, double value, const char* what) {
  return {name, value, 1, 1000, true, what};
}
ParamSpec memory_param() {
  return {"memory", 1024, 16, 1 << 20, true, "memory limit of one search, MiB"};
}
ParamSpec seconds_param(double value, const char* what) {
  return {"seconds", value, 0, 1e9, false, what};
}
ParamSpec dijkstra_seconds_param() {
  return seconds_param(600,
                       "time limit per board, s (0: none); past it greedy moves finish the game");
}
ParamSpec queue_param() {
  return {"queue", 250000,
          1,       100000000,
          true,    "commit to the best vertex and search again once the queue holds more vertices"};
}

SolverInfo info(std::string name, std::string summary, std::vector<ParamSpec> params,
                std::function<std::unique_ptr<Solver>(const ParamValues&)> make) {
  return {.name = std::move(name),
          .summary = std::move(summary),
          .params = std::move(params),
          .randomised = false,
          .wasted_moves = false,
          .exact = false,
          .make = std::move(make)};
}

void add_dijkstra(SolverRegistry& registry, const std::string& name, const std::string& summary,
                  Kind kind, Metric metric, std::vector<ParamSpec> params) {
  registry.add(info(name, summary, std::move(params),
                    [kind, metric](const ParamValues& v) -> std::unique_ptr<Solver> {
                      return std::make_unique<Dijkstra>(kind, metric, v);
                    }));
}

}  // namespace

void register_search(SolverRegistry& registry) {
  registry.add(info(
      "bfs",
      "greedy look-ahead for `prefix` moves, then before each move a breadth-first search "
      "for a clearing sequence (queue bounded by `frontier`)",
      {depth_param(),
       prefix_param(18),
       {"frontier", 16384, 1, 100000000, true,
        "stop adding nodes once the BFS queue holds this many (the articles' 16384)"},
       memory_param(),
       seconds_param(600, "time limit per board, s (0: none); past it the look-ahead plays on")},
      [](const ParamValues& v) -> std::unique_ptr<Solver> { return std::make_unique<Bfs>(v); }));
  registry.add(info(
      "dfs",
      "greedy look-ahead for `prefix` moves, then a depth-first branch-and-bound for the "
      "shortest clearing sequence of under 30 moves, within a node budget",
      {depth_param(),
       prefix_param(18),
       {"nodes", 10000, 0, 1e12, true,
        "node budget of the depth-first search (expansions; 0: none)"},
       {"seconds", 0, 0, 1e6, false,
        "wall-time limit of the depth-first search (0: none; the articles used 60)"}},
      [](const ParamValues& v) -> std::unique_ptr<Solver> { return std::make_unique<Dfs>(v); }));
  const ParamSpec scale =
      scale_param("scale", 25, "weight of a move against a cleared cell in the vertex cost");
  add_dijkstra(registry, "dijkstra",
               "best-first search over move sequences, cost scale*depth - cleared, "
               "committing and searching again when the queue outgrows `queue`",
               Kind::kDijkstra, Metric::kArea,
               {scale, queue_param(), memory_param(), dijkstra_seconds_param()});
  add_dijkstra(registry, "greedy-dijkstra", "greedy look-ahead for `prefix` moves, then dijkstra",
               Kind::kLookAheadDijkstra, Metric::kArea,
               {depth_param(), scale, prefix_param(15), queue_param(), memory_param(),
                dijkstra_seconds_param()});
  add_dijkstra(registry, "dijkstra-greedy",
               "dijkstra to half the cells cleared (in the first 5 moves), then greedy look-ahead",
               Kind::kDijkstraLookAhead, Metric::kArea,
               {depth_param(), scale, queue_param(), memory_param(), dijkstra_seconds_param()});
  add_dijkstra(registry, "dijkstra-dijkstra",
               "dijkstra to half the cells cleared (in the first 5 moves), then dijkstra at "
               "scale `scale2`",
               Kind::kDijkstraDijkstra, Metric::kArea,
               {scale, scale_param("scale2", 28, "the scale of the second dijkstra"), queue_param(),
                memory_param(), dijkstra_seconds_param()});
  add_dijkstra(registry, "max-perimeter-dijkstra",
               "max-perimeter look-ahead for `prefix` moves, then dijkstra",
               Kind::kLookAheadDijkstra, Metric::kPerimeter,
               {depth_param(), scale, prefix_param(15), queue_param(), memory_param(),
                dijkstra_seconds_param()});
}

}  // namespace colorwalk
