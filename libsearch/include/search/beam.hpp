// Beam search over pooled nodes: breadth-first by layers, keeping only the
// `width` best children of each layer by a caller-given key (smaller is
// better, ties to the older node), with duplicate detection within a layer.
//
// It is the anytime member of the family: not optimal in general, but its
// cost and memory grow only linearly with depth and width, and wider beams
// give better answers. Nodes are [parent|move][g][packed state] in the
// Workspace pool (every generated child is kept so that paths can be traced;
// the byte budget bounds them); a key of kPruneKey drops a child.
// Unit move costs: the first goal generated ends the search.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

#include "search/domain.hpp"
#include "search/limits.hpp"
#include "search/progress.hpp"
#include "search/result.hpp"
#include "search/visit.hpp"
#include "search/workspace.hpp"

namespace search {

struct BeamOptions {
  std::size_t width = 64;
  bool detect_duplicates = true;  // within a layer
};

template <StorableDomain D>
class BeamSearch {
 public:
  using State = typename D::State;
  using Move = typename D::Move;
  static constexpr std::size_t kHeaderWords = kNodeHeaderWords;

  BeamSearch(const D& domain, Workspace& workspace) : domain_(domain), ws_(workspace) {}

  // `cost(const State&, std::uint32_t g)` gives a child's key.
  template <class Cost>
  SearchResult<Move> search(const State& start, const Limits& limits, const BeamOptions& options,
                            Cost&& cost) {
    SearchResult<Move> result;
    packed_ = domain_.packed_words();
    key_ = key_words_of(domain_);
    ws_.begin(kHeaderWords + packed_, limits.max_bytes);
    ws_.scratch.resize(packed_);
    Stats& stats = result.stats;
    stats.node_bytes = (kHeaderWords + packed_) * sizeof(Word);
    const LimitClock clock(limits);
    publisher_.start(limits.progress);
    layer_.clear();
    next_.clear();
    if (domain_.is_goal(start)) {
      result.status = Status::kSolved;
      result.found = true;
      return result;
    }
    work_ = start;
    child_ = start;
    domain_.pack(start, ws_.scratch);
    const NodeId root = push_node(ws_, kNoNode, 0, 0);
    if (root == kNoNode) {
      result.status = Status::kLimitReached;
      return result;
    }
    layer_.push_back({0, root});
    for (std::uint32_t depth = 0; !layer_.empty(); ++depth) {
      next_.clear();
      if (options.detect_duplicates) ws_.table.clear();
      for (const Entry& e : layer_) {
        const Status limit = clock.tick(stats.expanded, [&] {
          if (publisher_) publisher_.publish(stats, ws_.budget.used());
        });
        if (limit != Status::kRunning) {
          result.status = limit;
          return finish(result);
        }
        const Word* node = ws_.pool[e.id];
        domain_.unpack({node + kHeaderWords, packed_}, work_);
        ++stats.expanded;
        moves_.clear();
        domain_.moves(work_, moves_);
        if constexpr (HasMoveFilter<D>)
          if (node_parent(node) != kNoNode)
            filter_moves(domain_, work_, node_move<Move>(node), moves_);
        for (const Move m : moves_) {
          child_ = work_;
          if (!domain_.apply(child_, m)) continue;
          ++stats.generated;
          if (domain_.is_goal(child_)) {
            trace_path(ws_.pool, e.id, result.path);
            result.path.push_back(m);
            result.found = true;
            result.cost = depth + 1;
            result.status = Status::kSolved;
            return finish(result);
          }
          const std::int64_t key = cost(child_, depth + 1);
          if (key == kPruneKey) {
            ++stats.pruned;
            continue;
          }
          domain_.pack(child_, ws_.scratch);
          std::uint64_t h = 0;
          if (options.detect_duplicates) {
            h = hash_words({ws_.scratch.data(), key_});
            if (ws_.table.find(h, [&](NodeId other) {
                  return key_equals(ws_.pool, other, kHeaderWords, ws_.scratch, key_);
                }) != kNoNode) {
              ++stats.duplicates;
              continue;
            }
            if (!ws_.table.reserve_one(ws_.budget)) {
              result.status = Status::kLimitReached;
              return finish(result);
            }
          }
          const NodeId id = push_node(ws_, e.id, move_bits(m), depth + 1);
          if (id == kNoNode) {
            result.status = Status::kLimitReached;
            return finish(result);
          }
          if (options.detect_duplicates) ws_.table.insert_unchecked(h, id);
          next_.push_back({key, id});
        }
      }
      if (next_.size() > options.width) {
        std::nth_element(next_.begin(), next_.begin() + static_cast<std::ptrdiff_t>(options.width),
                         next_.end());
        next_.resize(options.width);
      }
      std::sort(next_.begin(), next_.end());
      stats.peak_frontier = std::max<std::uint64_t>(stats.peak_frontier, next_.size());
      std::swap(layer_, next_);
    }
    result.status = Status::kExhausted;
    return finish(result);
  }

 private:
  struct Entry {
    std::int64_t key;
    NodeId id;
    friend bool operator<(const Entry& a, const Entry& b) {
      return a.key < b.key || (a.key == b.key && a.id < b.id);
    }
  };

  SearchResult<Move>& finish(SearchResult<Move>& result) {
    result.stats.peak_bytes = ws_.budget.peak();
    if (publisher_) publisher_.publish(result.stats, ws_.budget.used());
    return result;
  }

  const D& domain_;
  Workspace& ws_;
  std::size_t packed_ = 0;
  std::size_t key_ = 0;
  State work_{};
  State child_{};
  MoveListOf<D> moves_;
  std::vector<Entry> layer_;
  std::vector<Entry> next_;
  ProgressPublisher publisher_;  // Limits::progress
};

}  // namespace search
