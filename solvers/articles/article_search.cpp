#include "articles/article_search.hpp"

#include <algorithm>
#include <stdexcept>

#include "search/best_first.hpp"

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

}  // namespace colorwalk
