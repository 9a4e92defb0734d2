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
    Stats& stats = result.stats;
    const LimitClock clock(limits);
    if (!begin(start, limits, result)) return result;
    work_ = start;
    child_ = start;
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
          if (!keep_child(e.id, move_bits(m), depth, key, options, stats)) {
            result.status = Status::kLimitReached;
            return finish(result);
          }
        }
      }
      select(options);
      stats.peak_frontier = std::max<std::uint64_t>(stats.peak_frontier, next_.size());
      std::swap(layer_, next_);
    }
    result.status = Status::kExhausted;
    return finish(result);
  }

  // search(), with the children of each layer made by `lanes` workers at
  // once, run by `executor` (executor(n, f) calls f(0) .. f(n - 1) and
  // returns when all have returned, as the parallel searches' executors
  // do): each worker applies the moves of a contiguous share of the
  // layer's nodes and asks `cost` for its children's keys, which is where
  // a beam spends its time; then the children are kept, counted and
  // checked against the limits in the layer's order, as search() does. So
  // the answer, its path and the statistics are search()'s, whatever the
  // number of lanes. `cost` is called from several threads at once and
  // must be safe to.
  template <class Cost, class Executor>
  SearchResult<Move> search(const State& start, const Limits& limits, const BeamOptions& options,
                            Cost&& cost, Executor& executor, std::size_t lanes) {
    if (lanes <= 1) return search(start, limits, options, cost);
    SearchResult<Move> result;
    Stats& stats = result.stats;
    const LimitClock clock(limits);
    if (!begin(start, limits, result)) return result;
    if (lanes_.size() < lanes) lanes_.resize(lanes);
    for (std::uint32_t depth = 0; !layer_.empty(); ++depth) {
      next_.clear();
      if (options.detect_duplicates) ws_.table.clear();
      const std::size_t n = layer_.size();
      const std::size_t parts = std::min(lanes, n);
      executor(parts, [&](std::size_t k) { make_children(k, parts, depth, cost); });
      for (std::size_t k = 0; k < parts; ++k) {
        const std::vector<Word>& out = lanes_[k].out;
        std::size_t r = 0;
        for (std::size_t i = share_begin(k, parts, n); i < share_begin(k + 1, parts, n); ++i) {
          const Status limit = clock.tick(stats.expanded, [&] {
            if (publisher_) publisher_.publish(stats, ws_.budget.used());
          });
          if (limit != Status::kRunning) {
            result.status = limit;
            return finish(result);
          }
          ++stats.expanded;
          const Entry& e = layer_[i];
          for (; r < out.size() && (out[r] >> 32) == i; r += record_words(out[r])) {
            ++stats.generated;
            const Word head = out[r];
            const auto move = static_cast<std::uint32_t>(out[r + 1]);
            if ((head & 0xff) == kGoalChild) {
              trace_path(ws_.pool, e.id, result.path);
              result.path.push_back(move_from_bits<Move>(move));
              result.found = true;
              result.cost = depth + 1;
              result.status = Status::kSolved;
              return finish(result);
            }
            if ((head & 0xff) == kPrunedChild) {
              ++stats.pruned;
              continue;
            }
            std::copy_n(out.data() + r + 3, packed_, ws_.scratch.data());
            const auto key = static_cast<std::int64_t>(out[r + 2]);
            if (!keep_child(e.id, move, depth, key, options, stats)) {
              result.status = Status::kLimitReached;
              return finish(result);
            }
          }
        }
      }
      select(options);
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

  // Starts a search from `start`: the workspace, and the root as the first
  // layer. False when it has ended already (`result` says how: the start
  // is a goal, or the budget refuses the root).
  bool begin(const State& start, const Limits& limits, SearchResult<Move>& result) {
    packed_ = domain_.packed_words();
    key_ = key_words_of(domain_);
    ws_.begin(kHeaderWords + packed_, limits.max_bytes);
    ws_.scratch.resize(packed_);
    result.stats.node_bytes = (kHeaderWords + packed_) * sizeof(Word);
    publisher_.start(limits.progress);
    layer_.clear();
    next_.clear();
    if (domain_.is_goal(start)) {
      result.status = Status::kSolved;
      result.found = true;
      return false;
    }
    domain_.pack(start, ws_.scratch);
    const NodeId root = push_node(ws_, kNoNode, 0, 0);
    if (root == kNoNode) {
      result.status = Status::kLimitReached;
      return false;
    }
    layer_.push_back({0, root});
    return true;
  }

  // Keeps the child packed in ws_.scratch, reached from `parent` by the
  // move of bits `move` at depth + 1, of key `key`, unless it is a
  // duplicate of the layer's: false when the budget refuses it room.
  bool keep_child(NodeId parent, std::uint32_t move, std::uint32_t depth, std::int64_t key,
                  const BeamOptions& options, Stats& stats) {
    std::uint64_t h = 0;
    if (options.detect_duplicates) {
      h = hash_words({ws_.scratch.data(), key_});
      if (ws_.table.find(h, [&](NodeId other) {
            return key_equals(ws_.pool, other, kHeaderWords, ws_.scratch, key_);
          }) != kNoNode) {
        ++stats.duplicates;
        return true;
      }
      if (!ws_.table.reserve_one(ws_.budget)) return false;
    }
    const NodeId id = push_node(ws_, parent, move, depth + 1);
    if (id == kNoNode) return false;
    if (options.detect_duplicates) ws_.table.insert_unchecked(h, id);
    next_.push_back({key, id});
    return true;
  }

  // The next layer: the `width` children of smallest key (ties to the
  // older node), in key order.
  void select(const BeamOptions& options) {
    if (next_.size() > options.width) {
      std::nth_element(next_.begin(), next_.begin() + static_cast<std::ptrdiff_t>(options.width),
                       next_.end());
      next_.resize(options.width);
    }
    std::sort(next_.begin(), next_.end());
  }

  // A worker of the parallel search(): its states in hand, and the
  // children it made of its share of a layer, each a record [the layer
  // index of its parent << 32 | its kind][its move's bits][key][packed
  // state], the last two for a child to keep only.
  struct Lane {
    State work{};
    State child{};
    MoveListOf<D> moves;
    std::vector<Word> out;
  };
  static constexpr Word kChild = 0, kPrunedChild = 1, kGoalChild = 2;
  std::size_t record_words(Word head) const noexcept {
    return (head & 0xff) == kChild ? 3 + packed_ : 2;
  }
  // The first node of share k of `parts` of a layer of n nodes.
  static std::size_t share_begin(std::size_t k, std::size_t parts, std::size_t n) noexcept {
    return n * k / parts;
  }
  // Worker k's children of its share of the layer (the pool and the layer
  // are only read meanwhile).
  template <class Cost>
  void make_children(std::size_t k, std::size_t parts, std::uint32_t depth, Cost& cost) {
    Lane& lane = lanes_[k];
    lane.out.clear();
    const std::size_t n = layer_.size();
    for (std::size_t i = share_begin(k, parts, n); i < share_begin(k + 1, parts, n); ++i) {
      const Word* node = ws_.pool[layer_[i].id];
      domain_.unpack({node + kHeaderWords, packed_}, lane.work);
      lane.moves.clear();
      domain_.moves(lane.work, lane.moves);
      if constexpr (HasMoveFilter<D>)
        if (node_parent(node) != kNoNode)
          filter_moves(domain_, lane.work, node_move<Move>(node), lane.moves);
      for (const Move m : lane.moves) {
        lane.child = lane.work;
        if (!domain_.apply(lane.child, m)) continue;
        const Word head = Word{i} << 32;
        const Word move = move_bits(m);
        if (domain_.is_goal(lane.child)) {
          lane.out.insert(lane.out.end(), {head | kGoalChild, move});
          break;  // the layer's first goal ends the search before its next child
        }
        const std::int64_t key = cost(lane.child, depth + 1);
        if (key == kPruneKey) {
          lane.out.insert(lane.out.end(), {head | kPrunedChild, move});
          continue;
        }
        const std::size_t at = lane.out.size();
        lane.out.resize(at + 3 + packed_);
        lane.out[at] = head | kChild;
        lane.out[at + 1] = move;
        lane.out[at + 2] = static_cast<Word>(key);
        domain_.pack(lane.child, {lane.out.data() + at + 3, packed_});
      }
    }
  }

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
  std::vector<Lane> lanes_;      // the parallel search()'s workers
  ProgressPublisher publisher_;  // Limits::progress
};

}  // namespace search
