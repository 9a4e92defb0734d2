// dfs (part 8): the look-ahead for the first 18 moves, then one depth-first
// branch-and-bound for the shortest clearing sequence of fewer than
// min_moves = 30 moves. Their dfsNext() tried the colours in the order
// controls[(i + move) % 5], `move` being the move number within the search
// (2 for the children of the first move; the first move itself took the
// colours in order). They stopped it after 60 s of wall time and played the
// best sequence found; here a node budget and a time limit for the board
// stop it. If it found none, the look-ahead finishes the game.
#include <algorithm>

#include "articles/article_search.hpp"
#include "registry/board_memory.hpp"
#include "search/dfs.hpp"

namespace colorwalk {

namespace {

struct DfsParams {
  unsigned depth = 5;
  std::size_t prefix = 18;
  std::uint64_t nodes = 10000;
  double seconds = 600;
};

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

  explicit Dfs(const DfsParams& p) : p_(p) {}

  Solution solve(const ClusterGraph& graph, const SolveContext& context) override {
    const BoardMemory memory(context, {&workspace_});
    const std::uint64_t look_before = look_ahead_.expanded();
    // One deadline for the board, the look-ahead's too: past it (or once
    // cancelled) greedy moves finish the game.
    const search::Limits limits = search_limits(graph, context, 1024, p_.seconds, p_.nodes);
    look_ahead_.set_limits(limits);
    Solution solution;
    GameInProgress game(graph);
    look_ahead_until(game, look_ahead_, Metric::kArea, p_.depth, p_.prefix);
    if (!game.over() && !look_ahead_.stopped() && !limits_passed(limits)) {
      const ArticleDomain domain(graph);
      search::DepthFirstSearch<ArticleDomain> dfs(domain, workspace_);
      RotateColors order{graph.colors()};
      search::NullVisitor visitor;
      dfs.search_into(game.state, limits, {.max_depth = kMinMoves, .bound = kMinMoves}, order,
                      visitor, result_);
      solution.expanded += result_.stats.expanded;
      solution.generated += result_.stats.generated;
      solution.pruned += result_.stats.pruned;
      if (result_.found) game.play(result_.path);
    }
    look_ahead_to_end(game, look_ahead_, Metric::kArea, p_.depth);
    look_ahead_.clear_limits();
    solution.moves = std::move(game.moves);
    solution.expanded += look_ahead_.expanded() - look_before;
    solution.memory_refused = memory.refused();
    return solution;
  }

 private:
  DfsParams p_;
  LookAhead look_ahead_;
  search::Workspace workspace_;
  search::SearchResult<Color> result_;
};

const SolverRegistration kDfs{SolverDescription<DfsParams>{
    .name = "dfs",
    .summary = "greedy look-ahead for `prefix` moves, then a depth-first branch-and-bound for the "
               "shortest clearing sequence of under 30 moves, within a node budget",
    .family = SolverFamily::kArticles,
    .params = {look_ahead_depth_param<DfsParams>(),
               prefix_param<DfsParams>(),
               {&DfsParams::nodes, "nodes", 0, 1e12,
                "node budget of the depth-first search (expansions; 0: none)"},
               seconds_param<DfsParams>(
                   "time limit per board, s (0: none; the articles gave their search 60); past "
                   "it greedy moves finish the board")},
    .make = [](const DfsParams& p) { return std::make_unique<Dfs>(p); }}};

}  // namespace

}  // namespace colorwalk
