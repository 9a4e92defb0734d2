// bfs (part 7): the greedy look-ahead for `prefix` moves, then before each
// move a breadth-first search for a clearing sequence, its queue bounded by
// `frontier` (the articles' 16384); where none is found the look-ahead
// plays one move and the search is tried again.
#include "search/bfs.hpp"
#include "articles/article_search.hpp"
#include "registry/board_memory.hpp"

namespace colorwalk {

namespace {

struct BfsParams {
  unsigned depth = 5;
  std::size_t prefix = 18;
  std::size_t frontier = 16384;
  std::int64_t memory = 1024;
  double seconds = 600;
};

class Bfs final : public Solver {
 public:
  explicit Bfs(const BfsParams& p) : p_(p) {}

  Solution solve(const ClusterGraph& graph, const SolveContext& context) override {
    const BoardMemory memory(context, {&workspace_});
    const std::uint64_t look_before = look_ahead_.expanded();
    const ArticleDomain domain(graph);
    search::BreadthFirstSearch<ArticleDomain> bfs(domain, workspace_);
    // One deadline for the board, the look-ahead's too: past it (or once
    // cancelled) no BFS is started and greedy moves finish the game.
    const search::Limits limits = search_limits(graph, context, p_.memory, p_.seconds);
    look_ahead_.set_limits(limits);
    search::NullVisitor visitor;
    Solution solution;
    GameInProgress game(graph);
    look_ahead_until(game, look_ahead_, Metric::kArea, p_.depth, p_.prefix);
    bool searching = true;
    while (!game.over()) {
      searching = searching && !look_ahead_.stopped() && !limits_passed(limits);
      if (searching) {
        bfs.search_into(game.state, limits, {.max_frontier = p_.frontier}, visitor, result_);
        solution.expanded += result_.stats.expanded;
        solution.generated += result_.stats.generated;
        solution.pruned += result_.stats.pruned;
        if (result_.found) {
          game.play(result_.path);
          break;
        }
      }
      game.play(look_ahead_.choose(graph, game.state, Metric::kArea, p_.depth));
    }
    look_ahead_.clear_limits();
    solution.moves = std::move(game.moves);
    solution.expanded += look_ahead_.expanded() - look_before;
    solution.memory_refused = memory.refused();
    return solution;
  }

 private:
  BfsParams p_;
  LookAhead look_ahead_;
  search::Workspace workspace_;
  search::SearchResult<Color> result_;
};

const SolverRegistration kBfs{SolverDescription<BfsParams>{
    .name = "bfs",
    .summary = "greedy look-ahead for `prefix` moves, then before each move a breadth-first "
               "search for a clearing sequence (queue bounded by `frontier`)",
    .family = SolverFamily::kArticles,
    .params = {look_ahead_depth_param<BfsParams>(),
               prefix_param<BfsParams>(),
               {&BfsParams::frontier, "frontier", 1, 100000000,
                "stop adding nodes once the BFS queue holds this many (the articles' 16384)"},
               memory_param<BfsParams>(),
               seconds_param<BfsParams>(
                   "time limit per board, s (0: none); past it greedy moves finish the board")},
    .make = [](const BfsParams& p) { return std::make_unique<Bfs>(p); }}};

}  // namespace

}  // namespace colorwalk
