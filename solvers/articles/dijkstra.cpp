// dijkstra (part 9) and the hybrids (part 10). A phase
// "runs dijkstra" by calling ArticleDijkstra::run until its end condition,
// as their solver loop called dijkstra() once per turn.
#include "articles/article_search.hpp"
#include "registry/board_memory.hpp"

namespace colorwalk {

namespace {

// The parameters of the whole family; each solver declares those it takes.
struct DijkstraFamilyParams {
  unsigned depth = 5;
  std::int64_t scale = 25;
  std::int64_t scale2 = 28;
  std::size_t prefix = 15;
  std::size_t queue = 250000;
  std::int64_t memory = 1024;
  double seconds = 600;
};

enum class Kind : std::uint8_t {
  kDijkstra,           // dijkstra to the end
  kLookAheadDijkstra,  // look-ahead for `prefix` moves, then dijkstra
  kDijkstraLookAhead,  // dijkstra to half the cells (first 5 moves), then look-ahead
  kDijkstraDijkstra,   // dijkstra to half the cells, then dijkstra at scale2
};

class Dijkstra final : public Solver {
 public:
  static constexpr std::size_t kFirstPhaseMoves = 5;

  Dijkstra(Kind kind, Metric metric, const DijkstraFamilyParams& p)
      : kind_(kind), metric_(metric), memory_mib_(p.memory), seconds_(p.seconds) {
    dijkstra_.scale = p.scale;
    dijkstra_.queue = p.queue;
    if (kind_ == Kind::kLookAheadDijkstra || kind_ == Kind::kDijkstraLookAhead) depth_ = p.depth;
    if (kind_ == Kind::kLookAheadDijkstra) prefix_ = p.prefix;
    if (kind_ == Kind::kDijkstraDijkstra) scale2_ = p.scale2;
  }

  Solution solve(const ClusterGraph& graph, const SolveContext& context) override {
    const BoardMemory memory(context, {&search_.workspace()});
    const std::uint64_t search_before = search_.expanded();
    const std::uint64_t look_before = look_ahead_.expanded();
    GameInProgress game(graph);
    // One deadline for the board, the look-ahead's too: past it (or once
    // cancelled) no search is started and greedy moves finish the game.
    const search::Limits limits = search_limits(graph, context, memory_mib_, seconds_);
    search_.set_limits(limits);
    look_ahead_.set_limits(limits);
    DijkstraParams half = dijkstra_;
    half.half = true;
    DijkstraParams second = dijkstra_;
    second.scale = scale2_;
    bool stopped = false;
    auto dijkstra_while = [&](const DijkstraParams& params, auto&& more) {
      while (!stopped && !game.over() && more()) {
        stopped = !search_.run(graph, game.state, game.moves, params, context.cancel) ||
                  limits_passed(limits);
      }
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
    // The look-ahead ends dijkstra-greedy, and any game a limit cut short.
    look_ahead_to_end(game, look_ahead_, metric_, depth_);
    look_ahead_.clear_limits();
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

using P = DijkstraFamilyParams;

void add_dijkstra(SolverRegistry& registry, const std::string& name, const std::string& summary,
                  Kind kind, Metric metric, std::vector<Param<P>> params) {
  registry.add(SolverDescription<P>{.name = name,
                                    .summary = summary,
                                    .family = SolverFamily::kArticles,
                                    .params = std::move(params),
                                    .make = [kind, metric](const P& p) -> std::unique_ptr<Solver> {
                                      return std::make_unique<Dijkstra>(kind, metric, p);
                                    }});
}

void add_dijkstra_family(SolverRegistry& registry) {
  const Param<P> scale{&P::scale, "scale", 1, 1000,
                       "weight of a move against a cleared cell in the vertex cost"};
  const Param<P> scale2{&P::scale2, "scale2", 1, 1000, "the scale of the second dijkstra"};
  const Param<P> queue{
      &P::queue, "queue", 1, 100000000,
      "commit to the best vertex and search again once the queue holds more vertices"};
  const Param<P> seconds =
      seconds_param<P>("time limit per board, s (0: none); past it greedy moves finish the game");
  const Param<P> depth = look_ahead_depth_param<P>();
  const Param<P> prefix = prefix_param<P>();
  const Param<P> memory = memory_param<P>();
  add_dijkstra(registry, "dijkstra",
               "best-first search over move sequences, cost scale*depth - cleared, "
               "committing and searching again when the queue outgrows `queue`",
               Kind::kDijkstra, Metric::kArea, {scale, queue, memory, seconds});
  add_dijkstra(registry, "greedy-dijkstra", "greedy look-ahead for `prefix` moves, then dijkstra",
               Kind::kLookAheadDijkstra, Metric::kArea,
               {depth, scale, prefix, queue, memory, seconds});
  add_dijkstra(registry, "dijkstra-greedy",
               "dijkstra to half the cells cleared (in the first 5 moves), then greedy look-ahead",
               Kind::kDijkstraLookAhead, Metric::kArea, {depth, scale, queue, memory, seconds});
  add_dijkstra(registry, "dijkstra-dijkstra",
               "dijkstra to half the cells cleared (in the first 5 moves), then dijkstra at "
               "scale `scale2`",
               Kind::kDijkstraDijkstra, Metric::kArea, {scale, scale2, queue, memory, seconds});
  add_dijkstra(registry, "max-perimeter-dijkstra",
               "max-perimeter look-ahead for `prefix` moves, then dijkstra",
               Kind::kLookAheadDijkstra, Metric::kPerimeter,
               {depth, scale, prefix, queue, memory, seconds});
}

const SolverRegistration kDijkstraFamily{add_dijkstra_family};

}  // namespace

}  // namespace colorwalk
