// The part of the layered parallel search (parallel_best_first.hpp) that
// its distributed form (mpi/distributed_best_first.hpp) shares: the owner
// of a state, the records and outboxes, a worker's expand step over its
// share of a layer, and the storing of received records with duplicate
// detection. The two searches differ only in how the records reach their
// owners (shared memory, or messages) and how limits are counted; those
// parts they pass in. Domain-agnostic and allocation-free per node; no MPI.
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "search/best_first.hpp"
#include "search/domain.hpp"
#include "search/limits.hpp"
#include "search/workspace.hpp"

namespace search {

// The worker (0 .. workers - 1) that owns states whose key hashes to `hash`.
// The high half of the hash decides it, the duplicate tables index by the
// low bits, so a worker's table still sees evenly spread hashes.
constexpr std::size_t owner_of(std::uint64_t hash, std::size_t workers) noexcept {
  return static_cast<std::size_t>(((hash >> 32) * workers) >> 32);
}

// A growable array of words whose growth is charged to a MemoryBudget.
class RecordBuffer {
 public:
  std::size_t size() const noexcept { return used_; }
  const Word* data() const noexcept { return words_.data(); }
  void clear() noexcept { used_ = 0; }

  // Room for `n` more words at the end (filled by the caller); nullptr when
  // the budget refuses to grow.
  Word* extend(std::size_t n, MemoryBudget& budget) {
    if (used_ + n > words_.size()) {
      const std::size_t capacity = std::max({std::size_t{4096}, 2 * words_.size(), used_ + n});
      if (!budget.take((capacity - words_.size()) * sizeof(Word))) return nullptr;
      words_.resize(capacity);
    }
    Word* out = words_.data() + used_;
    used_ += n;
    return out;
  }

  void release(MemoryBudget& budget) noexcept {
    budget.give_back(words_.size() * sizeof(Word));
    words_ = std::vector<Word>();
    used_ = 0;
  }

 private:
  std::vector<Word> words_;
  std::size_t used_ = 0;
};

// What one worker of a layered search keeps between searches: its
// Workspace, one outbox per worker of the run, and its layer list.
struct LayerWorker {
  Workspace ws;
  std::vector<RecordBuffer> outbox;  // outbox[o]: records for (global) worker o
  RecordBuffer layer;                // the open nodes of the layer in hand: id << 32 | g

  void release() noexcept {
    ws.release();
    for (RecordBuffer& b : outbox)
      b.release(ws.budget);
    layer.release(ws.budget);
  }
  void begin(std::size_t words_per_node) {
    ws.begin(words_per_node, std::numeric_limits<std::size_t>::max());
    for (RecordBuffer& b : outbox)
      b.clear();
    layer.clear();
  }
};

namespace detail {

// What a worker holds that the workspace does not: its statistics and
// states in hand. Padded so that workers do not share cache lines.
template <StorableDomain D>
struct alignas(64) LayerWorkerState {
  Stats stats;
  Status status = Status::kRunning;
  NodeId goal = kNoNode;  // local id of a goal taken off the open list
  bool cut = false;       // the last expand step left nodes of its layer to expand
  std::size_t next = 0;   // the layer's next node to expand (LayerWorker::layer)
  double busy = 0;
  typename D::State work{};
  typename D::State child{};
  MoveListOf<D> moves;
  std::vector<Word> scratch;  // one record

  void reset(const typename D::State& initial, std::size_t record_words) {
    stats = Stats{};
    status = Status::kRunning;
    goal = kNoNode;
    cut = false;
    next = 0;
    work = initial;
    child = initial;
    scratch.assign(record_words, 0);
  }
};

// The shared state and steps of a layered search of `workers` workers
// (all ranks' together). kSharedG: other workers read a node's g word
// while it is expanded (dominance checks), so its closed flag is set and
// cleared atomically.
template <StorableDomain D, class Cost, bool kSharedG>
class LayeredSearchCore {
 public:
  using State = typename D::State;
  using Move = typename D::Move;
  static constexpr std::size_t kHeaderWords = kNodeHeaderWords;
  // A record: [parent|move][g][key], then the child's packed state, the
  // layout of a stored node but for the key.
  static constexpr std::size_t kRecordHeaderWords = kHeaderWords + 1;
  // The default of set_step_expansions.
  static constexpr std::size_t kDefaultStepExpansions = 32768;

  LayeredSearchCore(const D& domain, Cost& cost, std::size_t workers)
      : domain_(domain), cost_(cost), workers_(workers) {}

  // The most nodes a worker expands in one step (at least 1; explained at
  // ParallelBestFirstSearch::set_step_expansions).
  void set_step_expansions(std::size_t n) noexcept {
    step_expansions_ = std::max<std::size_t>(1, n);
  }
  Status status() const noexcept { return status_; }
  NodeId goal() const noexcept { return goal_; }
  std::size_t workers() const noexcept { return workers_; }

 protected:
  // The statistics of the workers `locals`, summed (peak_frontier: the sum
  // of their peaks), with `peak_bytes` and the run's figures.
  template <class Local>
  Stats summed_stats(const std::vector<Local>& locals, std::size_t peak_bytes) const {
    Stats s;
    for (const Local& l : locals) {
      s.expanded += l.stats.expanded;
      s.generated += l.stats.generated;
      s.duplicates += l.stats.duplicates;
      s.pruned += l.stats.pruned;
      s.dominated += l.stats.dominated;
      s.peak_frontier += l.stats.peak_frontier;
    }
    s.peak_bytes = peak_bytes;
    s.node_bytes = (kHeaderWords + packed_) * sizeof(Word);
    s.workers = static_cast<std::uint32_t>(workers_);
    s.phases = phases_;
    s.wait_seconds = wait_seconds_;
    return s;
  }

  // The sizes of a search's records and nodes, and its flags cleared.
  void begin_core(const Limits& limits) {
    limits_ = limits;
    packed_ = domain_.packed_words();
    key_ = key_words_of(domain_);
    record_ = kRecordHeaderWords + packed_;
    max_local_ = (std::size_t{kNoNode} - workers_) / workers_;
    stop_.store(false, std::memory_order_relaxed);
  }

  // Runs f(w) for workers 0 .. n - 1 through `executor`, timing each
  // worker and the step, so that the time workers waited at its end is
  // known (added to wait_seconds_).
  template <class Executor, class Local, class F>
  void in_step(Executor& executor, std::vector<Local>& locals, F&& f) {
    const auto begin = std::chrono::steady_clock::now();
    executor(locals.size(), [&](std::size_t w) {
      const auto t0 = std::chrono::steady_clock::now();
      f(w);
      locals[w].busy = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    });
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    for (const Local& l : locals)
      wait_seconds_ += std::max(0.0, wall - l.busy);
  }

  // Whether worker `l` polls its limits at this expansion (every
  // poll_interval), and, if so, false when the cancellation flag, the
  // deadline or another worker's stop ends its step.
  template <class Local>
  bool polls_now(const Local& l) const noexcept {
    const std::uint32_t every = std::max<std::uint32_t>(1, limits_.poll_interval);
    return l.stats.expanded % every == 0;
  }
  template <class Local>
  bool limits_allow(Local& l) {
    // Another worker met a limit: stop, and leave the status to that one.
    if (stop_.load(std::memory_order_relaxed)) return false;
    if (limits_.cancel != nullptr && limits_.cancel->load(std::memory_order_relaxed))
      return halt(l, Status::kCancelled);
    if (limits_.deadline && std::chrono::steady_clock::now() >= *limits_.deadline)
      return halt(l, Status::kLimitReached);
    return true;
  }
  template <class Local>
  bool halt(Local& l, Status why) {
    // Only a worker that met a limit itself records one (a worker stopped
    // by another's flag keeps kRunning), so the first status other than
    // kRunning is a limit that was met: a cancellation seen by one worker
    // is not reported as the others' stop.
    if (l.status == Status::kRunning) l.status = why;
    stop_.store(true, std::memory_order_relaxed);
    return false;
  }

  // Returns the layer's nodes not yet expanded (from l.next on) to the open
  // list, where best_open() looks (a search stopped by a limit). They came
  // off it, so the list has room for them.
  template <class Local>
  void put_back(Local& l, LayerWorker& me, std::int64_t key) {
    for (; l.next < me.layer.size(); ++l.next) {
      const Word entry = me.layer.data()[l.next];
      me.ws.heap.push({key, layer_id(entry), layer_g(entry)}, me.ws.budget);
    }
    me.layer.clear();
    l.next = 0;
    l.cut = false;
  }

  static void drop_stale(Workspace& ws) {
    while (!ws.heap.empty() && is_stale(ws.pool, ws.heap.top()))
      ws.heap.pop();
  }

  // A new layer: its nodes of key `key` come off the worker's open list at
  // once, into its layer list, for the steps to take in turn (children
  // pushed meanwhile, of smaller keys, would otherwise sit above the
  // layer's remaining nodes). False when the budget refuses the list room
  // (the worker halts).
  template <class Local>
  bool take_layer(Local& l, LayerWorker& me, std::int64_t key) {
    Workspace& ws = me.ws;
    me.layer.clear();
    l.next = 0;
    while (!ws.heap.empty() && ws.heap.top().key == key) {
      const BinaryHeap::Entry e = ws.heap.pop();
      if (is_stale(ws.pool, e)) continue;
      Word* slot = me.layer.extend(1, ws.budget);
      if (slot == nullptr) {
        ws.heap.push(e, ws.budget);  // fits: just popped
        put_back(l, me, key);
        halt(l, Status::kLimitReached);
        return false;
      }
      *slot = layer_entry(e.id, e.g);
    }
    return true;
  }

  // The expand step of worker `l`: expands its next share (at most
  // step_expansions_) of its open nodes of key `key` into me.outbox, one
  // per worker of the run; `continuing`: the layer of the step before,
  // which some worker cut short. self(id): a local id's global id;
  // poll(l): false when a limit stops the worker (it counts the
  // expansion); skip(l, g, packed): whether the node is dominated (checked
  // after the goal test, before the poll).
  template <class Local, class Self, class Poll, class Skip>
  void expand_layer(Local& l, LayerWorker& me, std::int64_t key, bool continuing, Self&& self,
                    Poll&& poll, Skip&& skip) {
    for (RecordBuffer& b : me.outbox)
      b.clear();
    Workspace& ws = me.ws;
    RecordBuffer& layer = me.layer;
    if (!continuing) {
      if (!take_layer(l, me, key)) return;
    } else if (!l.cut) {
      return;  // its share of the layer is done
    }
    l.cut = false;
    const std::size_t end = std::min(layer.size(), l.next + step_expansions_);
    for (; l.next < layer.size(); ++l.next) {
      if (l.next == end) {
        l.cut = true;
        return;
      }
      const Word entry = layer.data()[l.next];
      const BinaryHeap::Entry e{key, layer_id(entry), layer_g(entry)};
      // The next node's record is loaded while this one is expanded.
      if (l.next + 1 < layer.size())
        __builtin_prefetch(ws.pool[layer_id(layer.data()[l.next + 1])]);
      if (is_stale(ws.pool, e)) continue;
      Word* n = ws.pool[e.id];
      if constexpr (kSharedG)
        std::atomic_ref<Word>(node_g_word(n)).fetch_or(kClosedFlag, std::memory_order_relaxed);
      else
        close_node(n);
      domain_.unpack({n + kHeaderWords, packed_}, l.work);
      if (domain_.is_goal(l.work)) {
        l.goal = e.id;
        return;
      }
      if (skip(l, e.g, n + kHeaderWords)) {
        ++l.stats.dominated;
        continue;
      }
      if (!poll(l)) {
        // Not expanded after all: still open.
        if constexpr (kSharedG)
          std::atomic_ref<Word>(node_g_word(n)).fetch_and(~kClosedFlag, std::memory_order_relaxed);
        else
          node_g_word(n) &= ~kClosedFlag;
        put_back(l, me, key);
        return;
      }
      if (!expand_node(l, me, n, self(e.id))) return;
    }
  }

  // Expands stored node n, its state unpacked in l.work and `parent` its
  // global id: costs each child and writes those the cost keeps into
  // me.outbox for their owners. False when the budget refuses an outbox
  // room (the worker halts).
  template <class Local>
  bool expand_node(Local& l, LayerWorker& me, const Word* n, NodeId parent) {
    ++l.stats.expanded;
    l.moves.clear();
    domain_.moves(l.work, l.moves);
    if constexpr (HasMoveFilter<D>)
      if (node_parent(n) != kNoNode) filter_moves(domain_, l.work, node_move<Move>(n), l.moves);
    for (const Move m : l.moves) {
      l.child = l.work;
      if (!domain_.apply(l.child, m)) continue;
      ++l.stats.generated;
      const std::uint64_t child_g = node_g(n) + edge_cost_of(domain_, l.work, m);
      const std::int64_t child_key = cost_(l.child, static_cast<std::uint32_t>(child_g));
      if (child_key == kPruneKey) {
        ++l.stats.pruned;
        continue;
      }
      to_record(l.child, parent, move_bits(m), child_g, child_key, l.scratch.data());
      const std::uint64_t hash = hash_of(l.scratch.data());
      Word* out = me.outbox[owner_of(hash, workers_)].extend(record_, me.ws.budget);
      if (out == nullptr) {
        halt(l, Status::kLimitReached);
        return false;
      }
      std::copy(l.scratch.begin(), l.scratch.end(), out);
    }
    return true;
  }

  // Worker `l` takes the records of `in`, in order: false when a limit
  // stops it.
  template <class Local, class Stored>
  bool insert_all(Local& l, Workspace& ws, std::span<const Word> in, Stored&& stored) {
    return insert_all(l, ws, std::span<const std::span<const Word>>(&in, 1), stored);
  }
  // The records of `ins`, span by span, each in order. A large table
  // misses the cache on every probe, so each record's slot is loaded
  // kAhead records before it is probed.
  template <class Local, class Stored>
  bool insert_all(Local& l, Workspace& ws, std::span<const std::span<const Word>> ins,
                  Stored&& stored) {
    static constexpr std::size_t kAhead = 8;
    std::array<const Word*, kAhead> records{};
    std::array<std::uint64_t, kAhead> hashes{};
    std::size_t span = 0;
    std::size_t at = 0;  // the next record to load: ins[span] from word `at`
    const auto load = [&](std::size_t slot) {
      while (span < ins.size() && at + record_ > ins[span].size()) {
        ++span;
        at = 0;
      }
      if (span == ins.size()) return false;
      records[slot] = ins[span].data() + at;
      at += record_;
      hashes[slot] = hash_of(records[slot]);
      ws.table.prefetch(hashes[slot]);
      return true;
    };
    std::size_t queued = 0;
    while (queued < kAhead && load(queued))
      ++queued;
    for (std::size_t i = 0; queued > 0; ++i) {
      const std::size_t slot = i % kAhead;
      const Word* r = records[slot];
      const std::uint64_t hash = hashes[slot];
      if (!load(slot)) --queued;
      if (!insert(l, ws, r, hash, stored)) return false;
    }
    return true;
  }

  // Worker `l` takes record r, its key's hash `hash`, as the sequential
  // search does (best_first.hpp): drops a duplicate, updates a known node
  // reached more cheaply and queues it again, or stores and queues a new
  // one. stored(is_new, hash, g, packed) is called for a node stored or
  // updated, before it is queued. False when a limit stops it.
  template <class Local, class Stored>
  bool insert(Local& l, Workspace& ws, const Word* r, std::uint64_t hash, Stored&& stored) {
    const Word* packed = r + kRecordHeaderWords;
    const std::span<const Word> probe(packed, key_);
    const std::uint32_t g = node_g(r);
    const NodeId known = ws.table.find(
        hash, [&](NodeId other) { return key_equals(ws.pool, other, kHeaderWords, probe, key_); });
    if (known != kNoNode && g >= node_g(ws.pool[known])) {
      ++l.stats.duplicates;
      return true;
    }
    NodeId id = known;
    if (id == kNoNode) {
      if (ws.pool.size() >= max_local_ || !ws.table.reserve_one(ws.budget) ||
          (id = ws.pool.push(ws.budget)) == kNoNode)
        return halt(l, Status::kLimitReached);
      ws.table.insert_unchecked(hash, id);
    }
    // New, or reopened on a cheaper path: that path's parent, move and
    // packed state (key words equal; the rest may differ).
    Word* n = ws.pool[id];
    n[0] = r[0];
    n[1] = r[1];
    std::copy_n(packed, packed_, n + kHeaderWords);
    stored(known == kNoNode, hash, g, packed);
    const auto key = static_cast<std::int64_t>(r[2]);
    if (!ws.heap.push({key, id, g}, ws.budget)) return halt(l, Status::kLimitReached);
    l.stats.peak_frontier = std::max<std::uint64_t>(l.stats.peak_frontier, ws.heap.size());
    return true;
  }

  // An entry of a worker's layer list: a node's id and its g when queued.
  static Word layer_entry(NodeId id, std::uint32_t g) noexcept { return (Word{id} << 32) | g; }
  static NodeId layer_id(Word entry) noexcept { return static_cast<NodeId>(entry >> 32); }
  static std::uint32_t layer_g(Word entry) noexcept { return static_cast<std::uint32_t>(entry); }

  void to_record(const State& s, NodeId parent, std::uint32_t move, std::uint64_t g,
                 std::int64_t key, Word* record) const {
    record[0] = node_link(parent, move);
    record[1] = g;
    record[2] = static_cast<Word>(key);
    domain_.pack(s, {record + kRecordHeaderWords, packed_});
  }
  // The hash of a record's key words, which decides its owner.
  std::uint64_t hash_of(const Word* record) const noexcept {
    return hash_words({record + kRecordHeaderWords, key_});
  }

  const D& domain_;
  Cost& cost_;
  std::size_t workers_;  // of the whole run
  Limits limits_;
  std::size_t packed_ = 0;
  std::size_t key_ = 0;
  std::size_t record_ = 0;
  std::size_t max_local_ = 0;
  std::atomic<bool> stop_{false};
  Status status_ = Status::kExhausted;
  NodeId goal_ = kNoNode;
  std::uint64_t phases_ = 0;
  double wait_seconds_ = 0;
  std::int64_t layer_key_ = kPruneKey;  // the key of the last expand step
  std::size_t step_expansions_ = kDefaultStepExpansions;
};

}  // namespace detail
}  // namespace search
