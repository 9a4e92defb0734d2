// Pooled binary-heap best-first search: Dijkstra with any caller-given cost
// of a node, A* with g + h, from the same code.
//
// Nodes live in the Workspace's segmented pool as [parent|move][g|closed]
// [packed state], addressed by NodeId; the heap holds (key, id, g) entries;
// duplicate detection is the workspace's open-addressing table of ids keyed
// by the state's key words. A node reached again with a smaller g is updated
// in place and pushed again (stale heap entries are skipped when popped), so
// inconsistent costs and bounds stay correct.
//
// The step API (start / step / best_open / path_to / state_of) lets a caller
// stop, commit to a node and restart from it (when the queue grows too
// large, for instance).
//
// Cost: a callable `cost(const State&, std::uint32_t g)` or
// `cost(const State&, std::uint32_t g, std::size_t open)` returning an
// std::int64_t key; smaller keys are expanded first, ties to the older node.
// A key of kPruneKey drops the node: it is neither stored nor queued (for
// instance, A* with a known solution drops nodes whose f cannot beat it).
//
// A goal taken off the queue ends the search (kSolved); resume() goes on
// from there, which is how the anytime weighted A* (weighted_astar.hpp)
// keeps improving its answer. A domain's keep_move() hook is asked with
// the move stored in the node, i.e. the last move of its cheapest known path.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include "search/domain.hpp"
#include "search/dominance.hpp"
#include "search/limits.hpp"
#include "search/progress.hpp"
#include "search/result.hpp"
#include "search/visit.hpp"
#include "search/workspace.hpp"

namespace search {

struct BestFirstOptions {
  bool detect_duplicates = true;
  // Test children for the goal when generated rather than when expanded
  // (which A*'s optimality needs).
  bool goal_on_generation = false;
  // Hold an expansion's first child in queue order out of the queue and
  // expand it next, from the state in hand, when no queued node comes
  // before it: the same order of expansions, without its heap push and pop
  // and without rebuilding its state from the packed form. (A cost that
  // reads the open count sees it one lower while the child is held, and a
  // memory limit may stop the search one node later, the heap being one
  // entry smaller.)
  bool expand_best_child_directly = false;
  // Compute the cost of a node again when it is taken off the queue, and
  // drop it (counted in `pruned`) when it is now kPruneKey: for a cost that
  // reads something the search changes, such as an anytime search's best
  // answer so far.
  bool reprice_on_expand = false;
  // Cost each child as it is made, before its duplicate check, so that a
  // child the cost prunes never touches the table: for a cost that prunes
  // most children (A* with a known solution to beat), whose table probes
  // would each miss the cache and the TLB. A child that turns out to be a
  // duplicate has then been costed for nothing; the nodes expanded, and
  // their order, are the same either way.
  bool cost_before_lookup = false;
  // Before expanding a node, look up the keys of the states that its domain
  // lists as dominating it (HasDominatingKeys), and skip the node, counted
  // in `dominated`, when the table holds one of them at the same or a
  // smaller g. That node reaches a goal at no more cost and stands for the
  // skipped one, as a duplicate's stored node does: it is expanded, or
  // skipped in turn for one that dominates it (the domain's dominance must
  // be strict, so that chains end). A domain without the hook skips
  // nothing. The checks start once the table holds skip_dominated_from
  // nodes, and with them the filter and rings they read: a small search
  // has few dominated nodes, and its checks can cost more than they save.
  bool skip_dominated = false;
  std::size_t skip_dominated_from = 0;
  // With skip_dominated, on a domain with HasSupersetDominance: a node is
  // skipped too when one of the keys stored most recently at its g has
  // every bit of its key and more; up to this many are kept per g and bit
  // count (RecentKeys; 0: none).
  std::size_t recent_keys = 0;
};

// A*'s key: f = g + h, ties broken towards the larger g (deeper nodes).
template <Domain D>
struct AStarCost {
  const D& domain;
  std::int64_t operator()(const typename D::State& s, std::uint32_t g) const {
    return f_key(std::int64_t{g} + lower_bound_of(domain, s), g);
  }
  // Its keys prove bounds (KeyProvesBound): the f of the key.
  std::uint64_t bound_of_key(std::int64_t key) const noexcept {
    return static_cast<std::uint64_t>(std::max<std::int64_t>(0, f_of_key(key)));
  }
};

// Dijkstra's key: the path cost g.
struct PathCost {
  template <class State>
  std::int64_t operator()(const State&, std::uint32_t g) const {
    return g;
  }
};

template <StorableDomain D, class Cost, class Visitor = NullVisitor>
class BestFirstSearch {
 public:
  using State = typename D::State;
  using Move = typename D::Move;
  static constexpr std::size_t kHeaderWords = kNodeHeaderWords;

  BestFirstSearch(const D& domain, Workspace& workspace, Cost& cost, Visitor& visitor,
                  BestFirstOptions options = {})
      : domain_(domain), ws_(workspace), cost_(cost), visitor_(visitor), options_(options) {}
  BestFirstSearch(const BestFirstSearch&) = delete;
  BestFirstSearch& operator=(const BestFirstSearch&) = delete;
  ~BestFirstSearch() {
    key_filter_.release(ws_.budget);
    recent_keys_.release(ws_.budget);
  }

  // Starts a new search from `initial`, dropping any earlier one.
  void start(const State& initial, const Limits& limits) {
    limits_ = limits;
    packed_ = domain_.packed_words();
    key_ = key_words_of(domain_);
    ws_.begin(kHeaderWords + packed_, limits.max_bytes);
    ws_.scratch.resize(packed_);
    // skip_dominated's filter and rings start with its checks (step()).
    key_filter_.release(ws_.budget);
    recent_keys_.release(ws_.budget);
    checking_dominance_ = false;
    stats_ = Stats{};
    publisher_.start(limits.progress);
    stats_.node_bytes = (kHeaderWords + packed_) * sizeof(Word);
    status_ = Status::kRunning;
    goal_ = kNoNode;
    interrupted_ = kNoNode;
    held_.reset();
    next_.reset();
    work_ = initial;
    for (State& child : children_)
      child = initial;  // storage sized now, not during the search
    packed_children_.assign((D::kMaxMoves + 1) * packed_, 0);
    domain_.pack(initial, ws_.scratch);
    const std::int64_t key = key_of(initial, 0);
    if (key == kPruneKey) {
      ++stats_.pruned;
      status_ = Status::kExhausted;
      return;
    }
    const NodeId root = add_node(kNoNode, 0, 0, key);
    if (root == kNoNode) return;
    if (options_.goal_on_generation && domain_.is_goal(initial)) finish_goal(root, initial);
  }

  // Expands one node. Returns kRunning while the search can go on.
  Status step() {
    if (status_ != Status::kRunning) return status_;
    const Status limit = LimitClock(limits_).tick(stats_.expanded, [this] { publish(true); });
    if (limit != Status::kRunning) return status_ = limit;
    BinaryHeap::Entry entry{};
    bool taken = false;
    bool in_hand = false;  // the state is children_[next_->child], not only packed
    if (next_ && is_stale(next_->entry)) next_.reset();
    if (next_) {
      if (ws_.heap.empty() || !before(ws_.heap.top(), next_->entry)) {
        entry = next_->entry;
        taken = true;
        in_hand = true;
      } else if (!push(next_->entry.key, next_->entry.id, next_->entry.g)) {
        return status_;
      }
    }
    if (!taken) taken = pop_fresh(entry);
    if (!taken) return status_ = Status::kExhausted;
    const NodeId id = entry.id;
    Word* node = ws_.pool[id];
    close_node(node);
    const std::uint32_t g = node_g(node);
    if (in_hand)
      work_ = children_[next_->child];
    else
      domain_.unpack({node + kHeaderWords, packed_}, work_);
    next_.reset();
    if (options_.reprice_on_expand && key_of(work_, g) == kPruneKey) {
      ++stats_.pruned;
      return status_;
    }
    if (!options_.goal_on_generation && domain_.is_goal(work_)) {
      finish_goal(id, work_);
      return status_;
    }
    if constexpr (HasDominatingKeys<D>) {
      if (options_.skip_dominated && !checking_dominance_ &&
          ws_.table.size() >= options_.skip_dominated_from)
        start_dominance_checks();
      if (checking_dominance_ && (holds_superset(g, node + kHeaderWords) || dominated(g))) {
        ++stats_.dominated;
        return status_;
      }
    }
    const Action act = detail::visit_expand(visitor_, work_, g);
    if (act == Action::kStop) return status_ = Status::kCancelled;
    ++stats_.expanded;
    if (act == Action::kPrune) return status_;
    moves_.clear();
    domain_.moves(work_, moves_);
    if constexpr (HasMoveFilter<D>)
      if (node_parent(node) != kNoNode) filter_moves(domain_, work_, node_move<Move>(node), moves_);
    // Two passes over the children: the first makes and packs them and
    // starts loading their table slots (a large table misses the cache on
    // every probe), the second probes, costs and stores them in order.
    std::size_t made = 0;
    bool stop = false;  // a visitor stopped the search at child `made`
    bool goal = false;  // child `made` is a goal (goal_on_generation)
    for (const Move m : moves_) {
      State& child = children_[made];
      child = work_;
      if (!domain_.apply(child, m)) continue;
      ++stats_.generated;
      const std::uint32_t child_g = g + edge_cost_of(domain_, work_, m);
      const Action child_act = detail::visit_generate(visitor_, child, m, child_g);
      if (child_act == Action::kPrune) continue;
      if (child_act == Action::kStop) {
        stop = true;
        break;
      }
      if (options_.cost_before_lookup) {
        child_key_[made] = key_of(child, child_g);
        if (child_key_[made] == kPruneKey) {
          ++stats_.pruned;
          continue;
        }
      }
      const std::span<Word> packed(packed_children_.data() + made * packed_, packed_);
      domain_.pack(child, packed);
      child_moves_[made] = m;
      child_g_[made] = child_g;
      if (options_.goal_on_generation && domain_.is_goal(child)) {
        goal = true;
        break;
      }
      if (options_.detect_duplicates) {
        child_hash_[made] = hash_words(packed.first(key_));
        ws_.table.prefetch(child_hash_[made]);
      }
      ++made;
    }
    interrupted_ = id;  // until every child is in
    interrupted_key_ = entry.key;
    for (std::size_t i = 0; i < made; ++i) {
      child_ = i;
      if (!add_child(id, i)) break;  // a limit
    }
    child_ = kNoChild;
    next_ = held_;
    held_.reset();
    if (status_ != Status::kRunning) return status_;
    if (stop) return status_ = Status::kCancelled;
    interrupted_ = kNoNode;
    if (goal) {
      std::copy_n(packed_children_.data() + made * packed_, packed_, ws_.scratch.begin());
      const NodeId goal_node = add_node(id, move_bits(child_moves_[made]), child_g_[made], 0,
                                        /*queue=*/false);
      if (goal_node != kNoNode) finish_goal(goal_node, children_[made]);
    }
    return status_;
  }

  Status run() {
    return run_until([](std::int64_t, std::size_t) { return false; });
  }

  // run(), asking pause(smallest open key, open nodes) after each step: when
  // it says true, returns kRunning with the search as it stands, for the
  // caller to look at, change its cost's bound, and run on.
  template <class Pause>
  Status run_until(Pause&& pause) {
    while (step() == Status::kRunning)
      if (pause(smallest_open_key(), open_size())) return status_;
    publish(false);
    return status_;
  }

  // Expansions made for this search elsewhere (a caller's other search,
  // run while this one was paused) count against its limit too:
  // Limits::max_expansions is lowered by n.
  void spend_expansions(std::uint64_t n) noexcept {
    limits_.max_expansions -= std::min(limits_.max_expansions, n);
  }

  // After a goal taken off the queue (kSolved, goal_on_generation off):
  // forgets it and lets step() go on with the nodes still open, the goal
  // itself not expanded. False (and nothing changed) in any other state.
  bool resume() {
    if (status_ != Status::kSolved || options_.goal_on_generation) return false;
    status_ = Status::kRunning;
    goal_ = kNoNode;
    return true;
  }

  Status status() const noexcept { return status_; }
  const Stats& stats() const noexcept { return stats_; }
  std::size_t open_size() const noexcept { return ws_.heap.size() + (next_ ? 1 : 0); }
  NodeId goal() const noexcept { return goal_; }

  // The best open node (kNoNode if none), for committing to it.
  NodeId best_open() {
    if (next_ && is_stale(next_->entry)) next_.reset();
    BinaryHeap::Entry entry{};
    if (!pop_fresh(entry)) return next_ ? next_->entry.id : kNoNode;
    ws_.heap.push(entry, ws_.budget);  // fits: the entry was just popped
    return next_ && before(next_->entry, entry) ? next_->entry.id : entry.id;
  }

  // Calls f(id) for every open node, in no order: every node queued at its
  // current cost, and the node whose expansion a limit or a visitor cut
  // short (some of its children were never stored, so it counts as open).
  // A search stopped early proves, for an admissible h, that no goal path
  // costs less than the smallest g + h of these nodes.
  template <class F>
  void for_each_open(F&& f) const {
    for (const BinaryHeap::Entry& e : ws_.heap.entries())
      if (!is_stale(e)) f(e.id);
    if (next_ && !is_stale(next_->entry)) f(next_->entry.id);
    if (interrupted_ != kNoNode) f(interrupted_);
  }

  // The smallest key of the open nodes of for_each_open (kPruneKey when
  // none is open): for a cost whose keys prove bounds (KeyProvesBound),
  // bound_of_key of it is what a search stopped early proves. Any heap
  // entry's key will do: a stale one is no smaller than its node's fresh
  // key. Nodes the cost pruned are not among them: a caller whose cost
  // prunes at a threshold takes the smaller of the two.
  std::int64_t smallest_open_key() const noexcept {
    std::int64_t key = kPruneKey;
    if (!ws_.heap.empty()) key = ws_.heap.top().key;
    if (next_) key = std::min(key, next_->entry.key);
    if (interrupted_ != kNoNode) key = std::min(key, interrupted_key_);
    return key;
  }

  std::uint32_t g(NodeId id) const noexcept { return node_g(ws_.pool[id]); }

  void state_of(NodeId id, State& out) const {
    domain_.unpack({ws_.pool[id] + kHeaderWords, packed_}, out);
  }

  // The moves from the start to `id`, in order.
  void path_to(NodeId id, std::vector<Move>& out) const { trace_path(ws_.pool, id, out); }

  // Packs the outcome into a SearchResult (path to the goal when solved).
  SearchResult<Move> result() const {
    SearchResult<Move> r;
    r.status = status_;
    r.stats = stats_;
    if (goal_ != kNoNode) {
      r.found = true;
      r.cost = g(goal_);
      path_to(goal_, r.path);
    }
    return r;
  }

 private:
  // skip_dominated's checks begin: the filter of the keys stored so far,
  // and the rings of the keys stored from now on (a small search, which
  // never gets here, spends nothing on either).
  void start_dominance_checks() {
    checking_dominance_ = true;
    key_filter_.start_from(ws_.table, ws_.budget);
    if constexpr (HasSupersetDominance<D>)
      recent_keys_.start(key_, options_.recent_keys, ws_.budget);
  }

  // Whether the table holds, at g or less, a state the domain lists as
  // dominating work_.
  bool dominated(std::uint32_t g) {
    if (key_filter_.empty()) return false;  // the budget refused it
    return dominance_.any_held(
        domain_, work_, [&](std::uint64_t) -> const KeyFilter& { return key_filter_; },
        [&](std::uint64_t) -> const StateTable& { return ws_.table; },
        [&](const StateTable& table, std::uint64_t h, std::span<const Word> key) {
          const NodeId other = table.find(
              h, [&](NodeId id) { return key_equals(ws_.pool, id, kHeaderWords, key, key_); });
          return other != kNoNode && node_g(ws_.pool[other]) <= g;
        });
  }

  // Second pass of step() for child i of node `parent`: the duplicate check,
  // the cost, and storing it. False when the search must stop (a limit).
  bool add_child(NodeId parent, std::size_t i) {
    const State& child = children_[i];
    const Move m = child_moves_[i];
    const std::uint32_t child_g = child_g_[i];
    std::copy_n(packed_children_.data() + i * packed_, packed_, ws_.scratch.begin());
    // The child's key: computed in the first pass with cost_before_lookup,
    // else only now that it is needed.
    const auto key_of_child = [&] {
      return options_.cost_before_lookup ? child_key_[i] : key_of(child, child_g);
    };
    if (options_.detect_duplicates) {
      const NodeId known = ws_.table.find(child_hash_[i], [&](NodeId other) {
        return key_equals(ws_.pool, other, kHeaderWords, ws_.scratch, key_);
      });
      if (known != kNoNode) {
        Word* k = ws_.pool[known];
        if (child_g < node_g(k)) {
          const std::int64_t key = key_of_child();
          if (key == kPruneKey) {
            ++stats_.pruned;
            return true;
          }
          // Reopened on a cheaper path: take that path's parent, move and
          // packed state (key words equal; the rest may differ).
          set_node_header(k, parent, move_bits(m), child_g);
          std::copy(ws_.scratch.begin(), ws_.scratch.end(), k + kHeaderWords);
          remember(child_g);
          return push(key, known, child_g);
        }
        ++stats_.duplicates;
        return true;
      }
    }
    const std::int64_t key = key_of_child();
    if (key == kPruneKey) {
      ++stats_.pruned;
      return true;
    }
    if (add_node(parent, move_bits(m), child_g, key) == kNoNode) return false;
    remember(child_g);
    return true;
  }

  std::int64_t key_of(const State& s, std::uint32_t g) {
    if constexpr (requires { cost_(s, g, std::size_t{0}); })
      return cost_(s, g, ws_.heap.size());
    else
      return cost_(s, g);
  }

  // The heap's order: smaller key first, ties to the older node.
  static bool before(const BinaryHeap::Entry& a, const BinaryHeap::Entry& b) noexcept {
    return a.key < b.key || (a.key == b.key && a.id < b.id);
  }

  // Queues a node; while step() adds an expansion's children (child_ is
  // the one being added) with expand_best_child_directly, the first in
  // queue order so far is held back instead.
  bool push(std::int64_t key, NodeId id, std::uint32_t g) {
    if (options_.expand_best_child_directly && child_ != kNoChild) {
      const BinaryHeap::Entry e{key, id, g};
      // The same node again (reached by two children at different costs):
      // this entry is its current one, the held one is stale.
      if (!held_ || held_->entry.id == id) {
        held_ = Held{e, child_};
        return true;
      }
      if (!before(e, held_->entry)) return push_to_heap(key, id, g);
      // The new child comes first: the held one goes to the heap (if the
      // heap cannot grow, the new child is the one left out, as without
      // the option).
      if (!push_to_heap(held_->entry.key, held_->entry.id, held_->entry.g)) return false;
      held_ = Held{e, child_};
      return true;
    }
    return push_to_heap(key, id, g);
  }

  bool push_to_heap(std::int64_t key, NodeId id, std::uint32_t g) {
    if (!ws_.heap.push({key, id, g}, ws_.budget)) {
      status_ = Status::kLimitReached;
      return false;
    }
    stats_.peak_frontier = std::max<std::uint64_t>(stats_.peak_frontier, ws_.heap.size());
    stats_.peak_bytes = std::max(stats_.peak_bytes, ws_.budget.peak());
    return true;
  }

  // Stores the state in ws_.scratch as a new node (and queues it with `key`).
  NodeId add_node(NodeId parent, std::uint32_t move, std::uint32_t g, std::int64_t key,
                  bool queue = true) {
    const bool index = queue && options_.detect_duplicates;
    if (index && !ws_.table.reserve_one(ws_.budget)) {
      status_ = Status::kLimitReached;
      return kNoNode;
    }
    const NodeId id = push_node(ws_, parent, move, g);
    if (id == kNoNode) {
      status_ = Status::kLimitReached;
      return kNoNode;
    }
    if (index) {
      const std::uint64_t h = hash_words({ws_.scratch.data(), key_});
      ws_.table.insert_unchecked(h, id);
      if constexpr (HasDominatingKeys<D>) key_filter_.add(h, ws_.table, ws_.budget);
    }
    if (queue && !push(key, id, g)) return kNoNode;
    stats_.peak_bytes = std::max(stats_.peak_bytes, ws_.budget.peak());
    return id;
  }

  // The superset check of skip_dominated: whether one of the keys stored
  // most recently at g strictly contains `key`.
  bool holds_superset(std::uint32_t g, const Word* key) const noexcept {
    if constexpr (HasSupersetDominance<D>)
      return recent_keys_.holds_superset(g, key);
    else
      return false;
  }
  // Keeps the key of the child just stored or reopened, at cost g (in
  // ws_.scratch), for that check.
  void remember(std::uint32_t g) {
    if constexpr (HasSupersetDominance<D>) recent_keys_.add(g, ws_.scratch.data(), ws_.budget);
  }

  // An entry of a node closed since, or reached since at a smaller cost.
  bool is_stale(const BinaryHeap::Entry& e) const noexcept { return search::is_stale(ws_.pool, e); }

  // Pops the best entry that is not stale into `out`; false if none is left.
  bool pop_fresh(BinaryHeap::Entry& out) {
    while (!ws_.heap.empty()) {
      const BinaryHeap::Entry e = ws_.heap.pop();
      if (is_stale(e)) continue;
      out = e;
      return true;
    }
    return false;
  }

  // Publishes the counts and bytes to Limits::progress, and with `bound`
  // (at a poll that found no limit passed) the lower bound the smallest
  // open key proves, for a cost whose keys prove one. Any entry's key will
  // do: a stale one is no smaller than its node's fresh key.
  void publish(bool bound) {
    if (!publisher_) return;
    publisher_.publish(stats_, ws_.budget.used());
    if constexpr (KeyProvesBound<Cost>) {
      if (!bound) return;
      std::int64_t key = kPruneKey;
      if (!ws_.heap.empty()) key = ws_.heap.top().key;
      if (next_) key = std::min(key, next_->entry.key);
      if (key != kPruneKey) publisher_.raise_lower_bound(cost_.bound_of_key(key));
    }
  }

  // A goal ends a best-first search (its on_goal hook is told, and what it
  // returns does not matter: the first goal found is the answer).
  void finish_goal(NodeId id, const State& goal_state) {
    goal_ = id;
    status_ = Status::kSolved;
    detail::visit_goal(visitor_, goal_state, g(id), Action::kStop);
  }

  const D& domain_;
  Workspace& ws_;
  Cost& cost_;
  Visitor& visitor_;
  BestFirstOptions options_;
  Limits limits_;
  std::size_t packed_ = 0;
  std::size_t key_ = 0;
  Stats stats_;
  ProgressPublisher publisher_;  // Limits::progress
  Status status_ = Status::kExhausted;
  NodeId goal_ = kNoNode;
  NodeId interrupted_ = kNoNode;  // expanded, but not all of its children stored
  std::int64_t interrupted_key_ = kPruneKey;  // the key it was expanded at
  State work_{};
  MoveListOf<D> moves_;
  // expand_best_child_directly: the child held back while an expansion's
  // children are added, and the one to expand next.
  struct Held {
    BinaryHeap::Entry entry;
    std::size_t child;  // index in children_
  };
  static constexpr std::size_t kNoChild = ~std::size_t{0};
  std::size_t child_ = kNoChild;
  std::optional<Held> held_;
  std::optional<Held> next_;
  // One expansion's children between the two passes of step().
  std::vector<State> children_ = std::vector<State>(D::kMaxMoves);
  std::vector<Word> packed_children_;
  std::array<Move, D::kMaxMoves> child_moves_{};
  std::array<std::uint32_t, D::kMaxMoves> child_g_{};
  std::array<std::uint64_t, D::kMaxMoves> child_hash_{};
  std::array<std::int64_t, D::kMaxMoves> child_key_{};  // cost_before_lookup
  // skip_dominated: the lookup, and the filter of the table's keys.
  DominanceCheck dominance_;
  KeyFilter key_filter_;
  RecentKeys recent_keys_;  // and its superset check (recent_keys)
  bool checking_dominance_ = false;  // skip_dominated's checks have begun
};

// One-call A*: optimal when the domain's lower bound is admissible (the
// result's bound is then its cost).
template <StorableDomain D, class Visitor = NullVisitor>
SearchResult<typename D::Move> astar(const D& domain, const typename D::State& start,
                                     Workspace& workspace, const Limits& limits,
                                     Visitor&& visitor = {}, BestFirstOptions options = {}) {
  AStarCost<D> cost{domain};
  options.goal_on_generation = false;
  BestFirstSearch<D, AStarCost<D>, std::remove_reference_t<Visitor>> search(domain, workspace, cost,
                                                                            visitor, options);
  search.start(start, limits);
  search.run();
  SearchResult<typename D::Move> r = search.result();
  if (r.status == Status::kSolved) r.bound = r.cost;
  return r;
}

// One-call Dijkstra with a caller-given cost (PathCost: uniform-cost search).
template <StorableDomain D, class Cost = PathCost, class Visitor = NullVisitor>
SearchResult<typename D::Move> dijkstra(const D& domain, const typename D::State& start,
                                        Workspace& workspace, const Limits& limits,
                                        Cost&& cost = {}, Visitor&& visitor = {},
                                        BestFirstOptions options = {}) {
  BestFirstSearch<D, std::remove_reference_t<Cost>, std::remove_reference_t<Visitor>> search(
      domain, workspace, cost, visitor, options);
  search.start(start, limits);
  search.run();
  return search.result();
}

}  // namespace search
