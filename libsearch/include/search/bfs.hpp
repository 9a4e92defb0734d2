// Bounded breadth-first search over pooled nodes.
//
// Nodes are appended to the Workspace pool in FIFO order as
// [parent|move][depth][packed state], so the queue is the id range
// [head, size): no separate queue and no per-node copy of a move history.
// Once the queue holds `max_frontier` nodes after an expansion, or the pool
// `max_nodes`, or the byte budget refuses to grow, the search stops adding
// nodes for good and runs the queue down: children are still generated and
// tested for the goal but no longer stored. Children are tested when
// generated, so the first goal found is a shortest goal path among the
// states reached (unit move costs assumed).
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

#include "search/domain.hpp"
#include "search/limits.hpp"
#include "search/result.hpp"
#include "search/visit.hpp"
#include "search/workspace.hpp"

namespace search {

struct BfsOptions {
  std::size_t max_frontier = std::numeric_limits<std::size_t>::max();
  std::size_t max_nodes = std::numeric_limits<std::size_t>::max();
  bool detect_duplicates = false;
};

template <StorableDomain D>
class BreadthFirstSearch {
 public:
  using State = typename D::State;
  using Move = typename D::Move;
  static constexpr std::size_t kHeaderWords = kNodeHeaderWords;

  BreadthFirstSearch(const D& domain, Workspace& workspace) : domain_(domain), ws_(workspace) {}

  template <class Visitor = NullVisitor>
  SearchResult<Move> search(const State& start, const Limits& limits, const BfsOptions& options,
                            Visitor&& visitor = {}) {
    SearchResult<Move> result;
    search_into(start, limits, options, visitor, result);
    return result;
  }

  // As search(), writing into `result` (its path keeps its capacity).
  template <class Visitor>
  void search_into(const State& start, const Limits& limits, const BfsOptions& options,
                   Visitor& visitor, SearchResult<Move>& result) {
    packed_ = domain_.packed_words();
    key_ = key_words_of(domain_);
    ws_.begin(kHeaderWords + packed_, limits.max_bytes);
    ws_.scratch.resize(packed_);
    result.status = Status::kExhausted;
    result.found = false;
    result.cost = 0;
    result.path.clear();
    Stats& stats = result.stats;
    stats = Stats{};
    stats.node_bytes = (kHeaderWords + packed_) * sizeof(Word);
    const LimitClock clock(limits);
    bool adding = true;

    if (domain_.is_goal(start)) {
      result.status = Status::kSolved;
      result.found = true;
      return;
    }
    work_ = start;
    child_ = start;
    domain_.pack(start, ws_.scratch);
    if (store(kNoNode, 0, 0, options) == kNoNode) {
      result.status = Status::kLimitReached;
      return;
    }
    for (NodeId head = 0; head < ws_.pool.size(); ++head) {
      const Status limit = clock.tick(stats.expanded);
      if (limit != Status::kRunning) {
        result.status = limit;
        break;
      }
      const Word* node = ws_.pool[head];
      const std::uint32_t depth = node_g(node);
      domain_.unpack({node + kHeaderWords, packed_}, work_);
      const Action act = detail::visit_expand(visitor, work_, depth);
      if (act == Action::kStop) {
        result.status = Status::kCancelled;
        break;
      }
      ++stats.expanded;
      if (act == Action::kPrune) continue;
      moves_.clear();
      domain_.moves(work_, moves_);
      if constexpr (HasMoveFilter<D>)
        if (node_parent(node) != kNoNode)
          filter_moves(domain_, work_, node_move<Move>(node), moves_);
      for (const Move m : moves_) {
        child_ = work_;
        if (!domain_.apply(child_, m)) continue;
        ++stats.generated;
        const Action child_act = detail::visit_generate(visitor, child_, m, depth + 1);
        if (child_act == Action::kPrune) continue;
        if (child_act == Action::kStop) {
          result.status = Status::kCancelled;
          finish(result);
          return;
        }
        if (domain_.is_goal(child_)) {
          trace_path(ws_.pool, head, result.path);
          result.path.push_back(m);
          result.found = true;
          result.cost = depth + 1;
          result.status = Status::kSolved;
          detail::visit_goal(visitor, child_, depth + 1, Action::kStop);
          finish(result);
          return;
        }
        if (!adding) continue;
        domain_.pack(child_, ws_.scratch);
        if (options.detect_duplicates &&
            ws_.table.find(hash_words({ws_.scratch.data(), key_}), [&](NodeId other) {
              return key_equals(ws_.pool, other, kHeaderWords, ws_.scratch, key_);
            }) != kNoNode) {
          ++stats.duplicates;
          continue;
        }
        if (store(head, move_bits(m), depth + 1, options) == kNoNode) adding = false;
      }
      const std::size_t queued = ws_.pool.size() - head - 1;
      stats.peak_frontier = std::max<std::uint64_t>(stats.peak_frontier, queued);
      if (queued >= options.max_frontier || ws_.pool.size() >= options.max_nodes) adding = false;
    }
    if (result.status == Status::kExhausted && !adding) result.status = Status::kLimitReached;
    finish(result);
  }

 private:
  void finish(SearchResult<Move>& result) const { result.stats.peak_bytes = ws_.budget.peak(); }

  // Appends the state in ws_.scratch; kNoNode when the budget refuses.
  NodeId store(NodeId parent, std::uint32_t move, std::uint32_t depth, const BfsOptions& options) {
    if (options.detect_duplicates && !ws_.table.reserve_one(ws_.budget)) return kNoNode;
    const NodeId id = push_node(ws_, parent, move, depth);
    if (id == kNoNode) return kNoNode;
    if (options.detect_duplicates)
      ws_.table.insert_unchecked(hash_words({ws_.scratch.data(), key_}), id);
    return id;
  }

  const D& domain_;
  Workspace& ws_;
  std::size_t packed_ = 0;
  std::size_t key_ = 0;
  State work_{};
  State child_{};
  MoveListOf<D> moves_;
};

// One-call bounded BFS.
template <StorableDomain D, class Visitor = NullVisitor>
SearchResult<typename D::Move> bounded_bfs(const D& domain, const typename D::State& start,
                                           Workspace& workspace, const Limits& limits,
                                           const BfsOptions& options = {}, Visitor&& visitor = {}) {
  BreadthFirstSearch<D> bfs(domain, workspace);
  return bfs.search(start, limits, options, visitor);
}

}  // namespace search
