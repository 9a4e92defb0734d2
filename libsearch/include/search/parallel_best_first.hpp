// Parallel best-first search (A*): states owned by the worker their key
// hashes to, expanded a layer of equal keys at a time, all workers in step.
//
// Method. Worker w owns the states whose key words hash to w (owner_of):
// it alone stores them (its own pool, duplicate table and open list, in a
// Workspace of ParallelWorkspace), so no structure is shared and no lock
// is taken. The search runs in phases. A phase takes K, the smallest key
// open on any worker, and
//   1. expand: each worker takes off its open list every node of key K;
//      laid end to end, worker 0's first, the nodes are cut into chunks,
//      large ones first, which the workers take in turn, whoever owns
//      their nodes, until none is left (so a slow node or a late core
//      holds no one up); a worker expands a chunk's nodes: costs each
//      child (kPruneKey drops it there) and writes the others as records
//      [parent|move][g][key][packed state] into its outbox for the child's
//      owner, noting where each chunk's records lie;
//   2. insert: each worker reads the records addressed to it, chunk by
//      chunk, each in the order written (the order of the nodes laid end
//      to end, so the same as if each owner had expanded its own nodes,
//      whichever worker took which chunk), and does with every child what
//      the sequential search (best_first.hpp) does: drops a duplicate,
//      updates a known node reached more cheaply and queues it again, or
//      stores and queues a new one.
// A child is costed before its owner looks it up (as the sequential
// search's cost_before_lookup): a cost that prunes most children, as A*
// with an answer to beat does, then sends, probes and stores none of them,
// and the owner never rebuilds a child's state from its record.
// With A*'s key f_key(g + h, g) a phase is one (f, g) layer: all its
// nodes are expanded together, where the sequential search expands them
// one by one, diving after each into the children that stay in the layer.
// A large layer takes several steps of at most step_expansions() nodes a
// worker, each step an expand and an insert: the layer's nodes come off
// the open list when it starts, and the steps take them in turn before any
// other key, so the layer is expanded as in one phase while its records
// are held a step at a time.
//
// Optimality. Nodes are expanded in non-decreasing key order, as in the
// sequential search, and a goal ends the search when it is taken off an
// open list in a phase, so its key was the smallest open anywhere: for an
// admissible h the answer is optimal (A*'s argument, reopening included).
// Below the optimum's f-layer both searches expand the same nodes; in that
// layer this one expands whole (f, g) layers on the way to the goal (its
// search overhead, counted in Stats::expanded against the sequential
// search's), and none when no goal is below a bound that the cost prunes
// at (an A* given an answer to beat: the exhausted search proves it).
//
// Determinism. For a given number of workers, everything (which nodes,
// their ids, the path found) follows from the phases alone, not from
// thread timing: the answer and its path are the same on every run,
// whatever executor runs the workers (a limit that stops a search midway
// is the exception: where it stops depends on timing). The cost of an
// optimal answer does not depend on the number of workers; the path may
// (another of the optimal paths), since the ids that break ties do.
//
// Limits: one byte budget for all workers (each worker's budget draws from
// the ParallelWorkspace's SharedMemory, limited to Limits::max_bytes, which
// may draw from a run-wide one in turn), the expansions of all workers
// together, the deadline and the cancellation flag, polled by every worker
// every poll_interval expansions; a worker that meets a limit raises a
// flag that the others poll as well, so all of them stop within
// poll_interval expansions.
//
// Memory: a node costs what it costs the sequential search; the outboxes
// hold one step's children at a time and the layer list a word per node of
// the layer in hand, their memory counted too, and keep it across phases
// and searches, so a warm search allocates nothing per node (a worker's
// outbox grows only when it takes more of a step's records than it has
// before).
//
// Distribution. The owner function, the phase and the record are those of
// a distributed run: on several machines a rank owns the states hashing to
// it, and the insert step's input is what an all-to-all exchange delivers
// (docs/parallel.md). The workers' steps, the records and the storing of
// received records live in detail/layered_search.hpp, which the MPI
// search (mpi/distributed_best_first.hpp) shares.
//
// The cost callable is called from several threads at once and must be
// safe to (A*'s g + h with a const domain is).
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <limits>
#include <memory>
#include <span>
#include <vector>

#include "search/best_first.hpp"
#include "search/detail/layered_search.hpp"
#include "search/domain.hpp"
#include "search/limits.hpp"
#include "search/progress.hpp"
#include "search/shared_memory.hpp"
#include "search/workspace.hpp"

namespace search {

// What a parallel search keeps between searches: per worker, a Workspace
// and one outbox per worker; and the byte limit they all draw from.
class ParallelWorkspace {
 public:
  using Worker = LayerWorker;

  ParallelWorkspace() = default;
  ParallelWorkspace(const ParallelWorkspace&) = delete;
  ParallelWorkspace& operator=(const ParallelWorkspace&) = delete;
  ~ParallelWorkspace() { release(); }

  // Draws the workspace's memory from `shared` as well (nullptr: the
  // search's limit alone); what it holds is released first.
  void share(SharedMemory* shared) noexcept {
    if (memory_.parent() == shared) return;
    release();
    memory_.set_parent(shared);
  }
  // Releases everything when the workspace holds more than `bytes`.
  void trim(std::size_t bytes) noexcept {
    if (memory_.used() > bytes) release();
  }
  void release() noexcept {
    for (auto& w : workers_)
      w->release();
  }

  std::size_t used() const noexcept { return memory_.used(); }
  // Takes that the memory `shared` with refused although this search's own
  // limit had room.
  std::uint64_t parent_refusals() const noexcept { return memory_.parent_refusals(); }

  // Prepares `workers` workers for records of `words_per_node` words under
  // `max_bytes` for all of them together. Memory kept from earlier searches
  // counts; if it alone is over the limit, it is released first.
  void begin(std::size_t workers, std::size_t words_per_node, std::size_t max_bytes) {
    if (workers != workers_.size()) {
      release();
      workers_.clear();
      for (std::size_t w = 0; w < workers; ++w) {
        workers_.push_back(std::make_unique<Worker>());
        workers_.back()->ws.budget.set_parent(&memory_);
        workers_.back()->outbox.resize(workers);
      }
    }
    if (memory_.used() > max_bytes) release();
    memory_.set_limit(max_bytes);
    for (auto& w : workers_)
      w->begin(words_per_node);
    memory_.reset_peak();
  }

  std::size_t workers() const noexcept { return workers_.size(); }
  Worker& worker(std::size_t w) noexcept { return *workers_[w]; }
  const Worker& worker(std::size_t w) const noexcept { return *workers_[w]; }
  std::size_t peak() const noexcept { return memory_.peak(); }

 private:
  SharedMemory memory_;
  std::vector<std::unique_ptr<Worker>> workers_;
};

template <StorableDomain D, class Cost, class Executor>
class ParallelBestFirstSearch : private detail::LayeredSearchCore<D, Cost, true> {
  using Core = detail::LayeredSearchCore<D, Cost, true>;
  using Core::cost_, Core::domain_, Core::goal_, Core::key_, Core::layer_key_, Core::limits_,
      Core::packed_, Core::phases_, Core::record_, Core::status_, Core::step_expansions_,
      Core::stop_, Core::wait_seconds_, Core::workers_;
  using Core::drop_stale, Core::halt, Core::hash_of, Core::put_back, Core::to_record;

 public:
  using State = typename D::State;
  using Move = typename D::Move;
  using Core::kDefaultStepExpansions, Core::kHeaderWords;

  // `workers` >= 1 workers, run by `executor`. Node ids (goal(), path_to(),
  // best_open()) are global: a worker's local id times `workers` plus the
  // worker.
  ParallelBestFirstSearch(const D& domain, ParallelWorkspace& workspace, Cost& cost,
                          Executor& executor, std::size_t workers)
      : Core(domain, cost, std::max<std::size_t>(1, workers)),
        pws_(workspace),
        executor_(executor),
        local_(workers_),
        portion_from_(workers_),
        portion_to_(workers_),
        portion_at_(workers_ + 1) {}
  ParallelBestFirstSearch(const ParallelBestFirstSearch&) = delete;
  ParallelBestFirstSearch& operator=(const ParallelBestFirstSearch&) = delete;
  ~ParallelBestFirstSearch() { release_filters(); }

  // Skips dominated nodes, as BestFirstOptions::skip_dominated does (for a
  // domain with HasDominatingKeys; set before start()): before a worker
  // expands a node, it looks up the node's dominating keys in their
  // owners' tables, and skips the node (counted in Stats::dominated) when
  // one holds one of them at the same or a smaller g. The tables change
  // only in the insert steps, so during an expand step every worker reads
  // them as they were when it began: which nodes are skipped follows from
  // the phases, as everything else does. The checks start in the first
  // phase that begins with `from` nodes stored, on all workers together.
  // On a domain with HasSupersetDominance, `recent_keys` (0: none) is
  // BestFirstOptions::recent_keys: each worker keeps the keys it stored
  // last, that many over all workers (RecentKeys, written in the insert
  // steps), and a node is skipped too when one of them, at its g, strictly
  // contains its key.
  void set_skip_dominated(bool on, std::size_t from = 0, std::size_t recent_keys = 0) noexcept {
    skip_dominated_ = on;
    skip_dominated_from_ = from;
    recent_keys_ = recent_keys;
  }

  void start(const State& initial, const Limits& limits) {
    this->begin_core(limits);
    release_filters();  // before begin(), which may drop the budgets they draw on
    pws_.begin(workers_, kHeaderWords + packed_, limits.max_bytes);
    if constexpr (HasDominatingKeys<D>)
      if (skip_dominated_)
        for (std::size_t w = 0; w < workers_; ++w)
          local_[w].filter.start(pws_.worker(w).ws.budget);
    recent_union_ok_ = false;
    if constexpr (HasSupersetDominance<D>)
      if (skip_dominated_ && recent_keys_ > 0) {
        const std::size_t part = std::max<std::size_t>(1, recent_keys_ / workers_);
        for (std::size_t w = 0; w < workers_; ++w)
          local_[w].recent.start(key_, part, pws_.worker(w).ws.budget, workers_);
        if (workers_ > 1) {
          recent_union_.start_union(key_, workers_, part, pws_.worker(0).ws.budget);
          recent_union_ok_ = true;
        }
      }
    checking_dominance_ = false;
    expanded_.store(0, std::memory_order_relaxed);
    status_ = Status::kRunning;
    pending_key_ = kPruneKey;
    goal_ = kNoNode;
    phases_ = 0;
    wait_seconds_ = 0;
    publisher_.start(limits.progress);
    for (Local& l : local_) {
      l.publisher.start(limits.progress);
      l.reset(initial, record_);
    }
    // The root: stored by its owner as if it arrived in a record.
    Local& any = local_[0];
    const std::int64_t key = cost_(initial, 0);
    if (key == kPruneKey) {
      ++any.stats.pruned;
      status_ = Status::kExhausted;
      return;
    }
    to_record(initial, kNoNode, 0, 0, key, any.scratch.data());
    const std::uint64_t hash = hash_of(any.scratch.data());
    const std::size_t owner = owner_of(hash, workers_);
    if (!this->insert(local_[owner], pws_.worker(owner).ws, any.scratch.data(), hash, stored_by(owner)))
      status_ = Status::kLimitReached;
    assemble_recent();
  }

  Status run() {
    return run_until([](std::int64_t, std::size_t) { return false; });
  }

  // BestFirstSearch::spend_expansions: between runs only.
  void spend_expansions(std::uint64_t n) noexcept {
    limits_.max_expansions -= std::min(limits_.max_expansions, n);
  }

  // run(), asking pause(the next step's key, open nodes) before each step,
  // every worker idle: when it says true, returns kRunning with the search
  // as it stands, for the caller to look at, change its cost's bound, and
  // run on (BestFirstSearch::run_until).
  template <class Pause>
  Status run_until(Pause&& pause) {
    while (status_ == Status::kRunning) {
      if (limits_.cancel != nullptr && limits_.cancel->load(std::memory_order_relaxed)) {
        status_ = Status::kCancelled;
        break;
      }
      if (limits_.deadline && std::chrono::steady_clock::now() >= *limits_.deadline) {
        status_ = Status::kLimitReached;
        break;
      }
      // The layer a step cut short goes on first (its key is still open
      // somewhere: end_step left the rest of a worker's layer list).
      std::int64_t key = kPruneKey;
      bool cut = false;
      std::size_t open = 0;
      for (std::size_t w = 0; w < workers_; ++w) {
        const BinaryHeap& heap = pws_.worker(w).ws.heap;
        if (!heap.empty()) key = std::min(key, heap.top().key);
        open += heap.size();
        cut |= local_[w].cut;
      }
      if (cut) key = layer_key_;
      if (key == kPruneKey) {
        status_ = Status::kExhausted;
        break;
      }
      if (pause(key, open)) return status_;
      layer_key_ = key;
      publish(key);
      pending_key_ = key;  // until the layer's children are all stored
      if constexpr (HasDominatingKeys<D>)
        if (skip_dominated_ && !checking_dominance_) {
          std::size_t stored = 0;
          for (std::size_t w = 0; w < workers_; ++w)
            stored += pws_.worker(w).ws.table.size();
          checking_dominance_ = stored >= skip_dominated_from_;
        }
      if (!cut) {
        in_step([&](std::size_t w) { take_layer(w, key); });
        if (stopped()) break;
      }
      plan_step();
      in_step([&](std::size_t i) { expand_step(i, key); });
      ++phases_;
      end_step(key);
      goal_ = step_goal();
      if (goal_ != kNoNode) {
        status_ = Status::kSolved;
        break;
      }
      if (stopped()) break;
      in_step([&](std::size_t w) { insert_records(w); });
      if (stopped()) break;
      assemble_recent();
      pending_key_ = kPruneKey;
    }
    // Stopped inside a layer: its nodes not yet expanded are open nodes.
    if (status_ != Status::kSolved)
      for (std::size_t w = 0; w < workers_; ++w)
        put_back(local_[w], pws_.worker(w), layer_key_);
    publish(kPruneKey);
    return status_;
  }

  // The most nodes a worker expands in one step (at least 1). A larger
  // layer takes several steps, run() keeping to it until it is done, so
  // that the records of a step, which the outboxes hold until the next,
  // stay small rather than grow with a large layer (memory a search would
  // also have to fault in).
  // The layers, so the nodes expanded (where a domain's moves depend on
  // the state alone) and the answer's cost, are those of a search without
  // the cap; node ids, so which of several optimal paths, may differ.
  // (kDefaultStepExpansions by default.)
  using Core::set_step_expansions;

  // Cuts each step's nodes into one equal share a worker, fixed in
  // advance, instead of chunks taken in turn: the search is the same
  // either way (only who expands which node changes). For measuring on one
  // thread, where the workers run one after another and the first would
  // take every chunk: the longest share of each step is then what that
  // step would take on as many cores.
  void set_fixed_shares(bool fixed) noexcept { fixed_shares_ = fixed; }

  using Core::goal, Core::status;
  std::size_t workers() const noexcept { return workers_; }

  // After run(), the smallest key of the open nodes (kPruneKey when none
  // is): the workers' open lists (the nodes of a layer cut short put back
  // there), and when a limit stopped a phase before its children were all
  // stored, that layer's key, which its expanded nodes had (a child lost
  // costs no less than its parent's f, for an admissible h). For a cost
  // whose keys prove bounds (KeyProvesBound), bound_of_key of it is what a
  // search stopped early proves. A stale entry's key is no smaller than
  // its node's. Nodes the cost pruned are not among them: a caller whose
  // cost prunes at a threshold takes the smaller of the two.
  std::int64_t smallest_open_key() const noexcept {
    std::int64_t key = pending_key_;
    for (std::size_t w = 0; w < workers_; ++w) {
      const BinaryHeap& heap = pws_.worker(w).ws.heap;
      if (!heap.empty()) key = std::min(key, heap.top().key);
    }
    return key;
  }

  // The workers' statistics, summed; peak_bytes is the peak of the memory
  // they held together, peak_frontier the sum of their peaks.
  Stats stats() const {
    return this->summed_stats(local_, pws_.peak());
  }

  // The open node of smallest key (kNoNode if none), for committing to it.
  NodeId best_open() {
    NodeId best = kNoNode;
    std::int64_t best_key = kPruneKey;
    for (std::size_t w = 0; w < workers_; ++w) {
      Workspace& ws = pws_.worker(w).ws;
      drop_stale(ws);
      if (!ws.heap.empty() && ws.heap.top().key < best_key) {
        best_key = ws.heap.top().key;
        best = global(ws.heap.top().id, w);
      }
    }
    return best;
  }

  std::uint32_t g(NodeId id) const noexcept { return node_g(node(id)); }
  void state_of(NodeId id, State& out) const {
    domain_.unpack({node(id) + kHeaderWords, packed_}, out);
  }

  // The moves from the start to `id`, in order.
  void path_to(NodeId id, std::vector<Move>& out) const {
    trace_path_with([this](NodeId n) { return node(n); }, id, out);
  }

  SearchResult<Move> result() const {
    SearchResult<Move> r;
    r.status = status_;
    r.stats = stats();
    if (goal_ != kNoNode) {
      r.found = true;
      r.cost = g(goal_);
      r.bound = r.cost;
      path_to(goal_, r.path);
    }
    return r;
  }

 private:
  // A goal found in an expand step: its position in the step and its
  // global id.
  struct StepGoal {
    std::size_t at = std::numeric_limits<std::size_t>::max();
    NodeId id = kNoNode;
  };

  // A chunk of a step: positions [from, to) of its nodes laid end to end,
  // those before `done` looked at (`to` once it is done; a limit may stop
  // it short), and the worker that took it (workers_: none).
  struct Chunk {
    std::size_t from = 0;
    std::size_t to = 0;
    std::size_t done = 0;
    std::size_t taker = 0;
  };

  // A worker's statistics and states in hand (LayerWorkerState), and:
  struct alignas(64) Local : detail::LayerWorkerState<D> {
    // The goals it found in the step in hand: goals[o], the first of owner
    // o's nodes in the chunks it took (id kNoNode: none). It takes chunks
    // in order, so the first found is the first.
    std::vector<StepGoal> goals;
    // The insert step's input: the records for this worker, a span a chunk.
    std::vector<std::span<const Word>> inbox;
    // set_skip_dominated: the worker's lookup, and the filter of its
    // table's keys (charged to its workspace's budget).
    DominanceCheck dominance;
    KeyFilter filter;
    RecentKeys recent;  // the keys this worker stored last (recent_keys)
    ProgressPublisher publisher;  // its counts, to Limits::progress
  };

  void release_filters() noexcept {
    if (pws_.workers() != workers_) return;  // never started: no filter
    for (std::size_t w = 0; w < workers_; ++w) {
      local_[w].filter.release(pws_.worker(w).ws.budget);
      local_[w].recent.release(pws_.worker(w).ws.budget);
    }
    recent_union_.release(pws_.worker(0).ws.budget);
  }

  // Brings the keys the workers' insert steps stored into the union of
  // their recent keys, which the expand steps then ask instead of every
  // worker's (with the same answers); the workers share the copying, a
  // share of the rings each. If the budget refuses the union its room, the
  // expand steps ask every worker's.
  void assemble_recent() {
    if (!recent_union_ok_) return;
    const auto part = [&](std::size_t w) -> RecentKeys& { return local_[w].recent; };
    recent_union_ok_ = recent_union_.gather(workers_, part, pws_.worker(0).ws.budget);
    if (!recent_union_ok_) return;
    const std::size_t rings = recent_union_.pending();
    if (rings > 0)
      executor_(std::min(workers_, rings), [&](std::size_t w) {
        const std::size_t shares = std::min(workers_, rings);
        recent_union_.bring_in(rings * w / shares, rings * (w + 1) / shares, workers_, part);
      });
    recent_union_.gathered();
  }

  // Whether the node a worker holds in l.work, at cost g, its packed state
  // `packed`, is dominated: some worker's table holds one of its dominating keys at g
  // or less, or some worker's recent keys at g a strict superset of its key.
  // Run in an expand step, when no table, filter, stored key or recent key
  // changes; the g word of a stored node is read atomically, as its owner
  // may be setting its closed flag.
  bool dominated(Local& l, std::uint32_t g, const Word* packed) {
    if constexpr (HasSupersetDominance<D>) {
      if (recent_union_ok_) {
        if (recent_union_.holds_superset(g, packed)) return true;
      } else {
        for (const Local& other : local_)
          if (other.recent.holds_superset(g, packed)) return true;
      }
    }
    const auto owner = [&](std::uint64_t h) { return owner_of(h, workers_); };
    return l.dominance.any_held(
        domain_, l.work,
        [&](std::uint64_t h) -> const KeyFilter& { return local_[owner(h)].filter; },
        [&](std::uint64_t h) -> const StateTable& { return pws_.worker(owner(h)).ws.table; },
        [&](const StateTable& table, std::uint64_t h, std::span<const Word> key) {
          const NodePool& pool = pws_.worker(owner(h)).ws.pool;
          const NodeId other = table.find(
              h, [&](NodeId id) { return key_equals(pool, id, kHeaderWords, key, key_); });
          if (other == kNoNode) return false;
          Word& word = node_g_word(const_cast<Word*>(pool[other]));
          return g_of_word(std::atomic_ref<Word>(word).load(std::memory_order_relaxed)) <= g;
        });
  }

  NodeId global(NodeId local, std::size_t w) const noexcept {
    return static_cast<NodeId>(local * workers_ + w);
  }
  const Word* node(NodeId id) const noexcept {
    return pws_.worker(id % workers_).ws.pool[static_cast<NodeId>(id / workers_)];
  }

  // Publishes to Limits::progress between steps (no worker running): the
  // workers' counts, which they publish at their polls too, and the lower
  // bound that `key`, the smallest key open, proves for a cost whose keys
  // prove one (kPruneKey: none; the limits were looked at just before).
  void publish(std::int64_t key) {
    if (!publisher_) return;
    for (Local& l : local_)
      l.publisher.publish(l.stats, pws_.used());
    if constexpr (KeyProvesBound<Cost>)
      if (key != kPruneKey) publisher_.raise_lower_bound(cost_.bound_of_key(key));
  }

  bool stopped() {
    for (const Local& l : local_)
      if (l.status != Status::kRunning) {
        status_ = l.status;
        return true;
      }
    return false;
  }

  template <class F>
  void in_step(F&& f) {
    Core::in_step(executor_, local_, f);
  }

  // Counts worker l's expansion against the limits: false when w must stop.
  bool poll(Local& l) {
    if (limits_.max_expansions != std::numeric_limits<std::uint64_t>::max() &&
        expanded_.fetch_add(1, std::memory_order_relaxed) >= limits_.max_expansions)
      return halt(l, Status::kLimitReached);
    if (!this->polls_now(l)) return true;
    if (!this->limits_allow(l)) return false;
    if (l.publisher) l.publisher.publish(l.stats, pws_.used());
    return true;
  }

  // Step 1, the expand step, in three parts. take_layer: a new layer's
  // nodes come off worker w's open list into its layer list
  // (LayeredSearchCore::take_layer).
  void take_layer(std::size_t w, std::int64_t key) {
    local_[w].cut = false;
    Core::take_layer(local_[w], pws_.worker(w), key);
  }

  // plan_step: the step takes the next step_expansions_ nodes (at most) of
  // each worker's layer list; laid end to end, worker 0's first, they are
  // cut into chunks for the workers to take in turn, each chunk a share of
  // the nodes left (1 / (2 workers)), so large ones first and single nodes
  // last; with fixed shares, into workers_ equal ones, worker i taking
  // chunk i. Reading the records chunk by chunk then gives them in the
  // order the owners' own expansions would write them, so the search is
  // the same whoever expands a node: only the load is spread, by the
  // workers' pace rather than the owners' counts.
  void plan_step() {
    std::size_t at = 0;
    for (std::size_t w = 0; w < workers_; ++w) {
      const std::size_t size = pws_.worker(w).layer.size();
      portion_from_[w] = local_[w].next;
      portion_to_[w] = std::min(size, local_[w].next + step_expansions_);
      portion_at_[w] = at;
      at += portion_to_[w] - portion_from_[w];
    }
    portion_at_[workers_] = at;
    chunks_.clear();
    const auto add_chunk = [&](std::size_t from, std::size_t to) {
      chunks_.push_back({from, to, from, workers_});
    };
    if (fixed_shares_) {
      for (std::size_t i = 0; i < workers_; ++i)
        add_chunk(at * i / workers_, at * (i + 1) / workers_);
    } else {
      for (std::size_t from = 0; from < at;) {
        const std::size_t size = std::max<std::size_t>(1, (at - from) / (2 * workers_));
        add_chunk(from, from + size);
        from += size;
      }
    }
    spans_.resize(chunks_.size() * workers_);
    next_chunk_.store(0, std::memory_order_relaxed);
    for (Local& l : local_)
      l.goals.assign(workers_, StepGoal{});
  }

  // expand_step: worker i takes chunks until none is left (with fixed
  // shares, chunk i alone) and expands them into its outboxes. It takes no
  // more once some worker has met a limit.
  void expand_step(std::size_t i, std::int64_t key) {
    LayerWorker& me = pws_.worker(i);
    for (RecordBuffer& b : me.outbox)
      b.clear();
    if (fixed_shares_) {
      expand_chunk(i, i, key);
      return;
    }
    while (!stop_.load(std::memory_order_relaxed)) {
      const std::size_t c = next_chunk_.fetch_add(1, std::memory_order_relaxed);
      if (c >= chunks_.size() || !expand_chunk(i, c, key)) return;
    }
  }

  // Worker i expands chunk c, with the dominance checks, noting where in
  // its outboxes the chunk's records lie: false when a limit stopped it.
  bool expand_chunk(std::size_t i, std::size_t c, std::int64_t key) {
    Local& l = local_[i];
    LayerWorker& me = pws_.worker(i);
    Chunk& chunk = chunks_[c];
    chunk.taker = i;
    const auto spans = std::span(spans_).subspan(c * workers_, workers_);
    for (std::size_t o = 0; o < workers_; ++o)
      spans[o].first = me.outbox[o].size();
    const bool done = expand_nodes(l, me, chunk, key);
    for (std::size_t o = 0; o < workers_; ++o)
      spans[o].second = me.outbox[o].size();
    return done;
  }

  // The nodes of `chunk`, in order, up to its first goal: false when a
  // limit stopped them (chunk.done: the first not expanded).
  bool expand_nodes(Local& l, LayerWorker& me, Chunk& chunk, std::int64_t key) {
    std::size_t w = 0;  // the owner of the node at position p
    for (std::size_t p = chunk.from; p < chunk.to; ++p) {
      const Word entry = step_entry(p, w);
      const LayerWorker& owner = pws_.worker(w);
      const BinaryHeap::Entry e{key, Core::layer_id(entry), Core::layer_g(entry)};
      // The next node's record is loaded while this one is expanded.
      if (p + 1 < chunk.to) {
        std::size_t next_owner = w;
        const Word next = step_entry(p + 1, next_owner);
        __builtin_prefetch(pws_.worker(next_owner).ws.pool[Core::layer_id(next)]);
      }
      if (is_stale(owner.ws.pool, e)) continue;
      Word* n = const_cast<Word*>(owner.ws.pool[e.id]);
      std::atomic_ref<Word>(node_g_word(n)).fetch_or(kClosedFlag, std::memory_order_relaxed);
      domain_.unpack({n + kHeaderWords, packed_}, l.work);
      if (domain_.is_goal(l.work)) {
        find_goals(l, key, chunk, p, w, e.id);
        break;
      }
      if constexpr (HasDominatingKeys<D>)
        if (checking_dominance_ && dominated(l, e.g, n + kHeaderWords)) {
          ++l.stats.dominated;
          continue;
        }
      if (!poll(l)) {
        // Not expanded after all: still open, as are the rest of the chunk.
        std::atomic_ref<Word>(node_g_word(n)).fetch_and(~kClosedFlag, std::memory_order_relaxed);
        chunk.done = p;
        return false;
      }
      if (!this->expand_node(l, me, n, global(e.id, w))) {
        chunk.done = p;
        return false;
      }
    }
    chunk.done = chunk.to;
    return true;
  }
  // After a goal at position p of owner w's portion: the search ends with
  // this step, so the rest of the chunk is only looked through for the
  // first goal of each other owner's portion in it. run() then takes each
  // owner's first goal, and of those the smallest global id, as it would
  // had each owner expanded its own portion. (Other chunks are expanded
  // to their own first goal still, so that what a step expands does not
  // depend on the workers' pace.)
  void find_goals(Local& l, std::int64_t key, const Chunk& chunk, std::size_t p, std::size_t w,
                  NodeId id) {
    if (l.goals[w].id == kNoNode) l.goals[w] = {p, global(id, w)};
    for (std::size_t q = p + 1; q < chunk.to; ++q) {
      const Word entry = step_entry(q, w);
      if (l.goals[w].id != kNoNode) continue;
      const LayerWorker& owner = pws_.worker(w);
      const BinaryHeap::Entry e{key, Core::layer_id(entry), Core::layer_g(entry)};
      if (is_stale(owner.ws.pool, e)) continue;
      domain_.unpack({owner.ws.pool[e.id] + kHeaderWords, packed_}, l.work);
      if (domain_.is_goal(l.work)) l.goals[w] = {q, global(e.id, w)};
    }
  }
  // The goal the step found, if any (kNoNode): of each owner's first goal
  // in its portion's order, the smallest id.
  NodeId step_goal() const {
    NodeId first = kNoNode;
    for (std::size_t o = 0; o < workers_; ++o) {
      StepGoal owners_first;
      for (const Local& l : local_)
        if (l.goals[o].at < owners_first.at) owners_first = l.goals[o];
      first = std::min(first, owners_first.id);
    }
    return first;
  }

  // The layer entry at position p of the step; w: the owner of an earlier
  // position (0 at first), moved on to p's owner.
  Word step_entry(std::size_t p, std::size_t& w) const noexcept {
    while (p >= portion_at_[w + 1]) ++w;
    return pws_.worker(w).layer.data()[portion_from_[w] + p - portion_at_[w]];
  }

  // end_step: each worker's layer list goes on after the step's portion;
  // if a limit stopped the step, the nodes of its chunks not expanded go
  // back on their owners' open lists (run() puts back the rest of the
  // layer).
  void end_step(std::int64_t key) {
    for (std::size_t w = 0; w < workers_; ++w) {
      local_[w].next = portion_to_[w];
      local_[w].cut = portion_to_[w] < pws_.worker(w).layer.size();
    }
    std::size_t w = 0;
    for (const Chunk& chunk : chunks_)
      for (std::size_t p = chunk.done; p < chunk.to; ++p) {
        const Word entry = step_entry(p, w);
        LayerWorker& owner = pws_.worker(w);
        owner.ws.heap.push({key, Core::layer_id(entry), Core::layer_g(entry)}, owner.ws.budget);
      }
  }

  // Step 2 for worker w: takes in the records the workers wrote for it,
  // chunk by chunk.
  void insert_records(std::size_t w) {
    Local& l = local_[w];
    Workspace& ws = pws_.worker(w).ws;
    l.inbox.clear();
    for (std::size_t c = 0; c < chunks_.size(); ++c) {
      const Chunk& chunk = chunks_[c];
      if (chunk.taker == workers_) continue;  // not taken: the step was stopped
      const auto [from, to] = spans_[c * workers_ + w];
      if (to > from)
        l.inbox.push_back({pws_.worker(chunk.taker).outbox[w].data() + from, to - from});
    }
    if (!this->insert_all(l, ws, std::span<const std::span<const Word>>(l.inbox), stored_by(w)))
      return;
    drop_stale(ws);
  }

  // What worker w adds for a node it stores: its key to the dominance
  // filter (a new node) and to its recent keys.
  auto stored_by(std::size_t w) {
    return [this, w](bool is_new, std::uint64_t hash, std::uint32_t g, const Word* packed) {
      Workspace& ws = pws_.worker(w).ws;
      if constexpr (HasDominatingKeys<D>)
        if (is_new) local_[w].filter.add(hash, ws.table, ws.budget);
      if constexpr (HasSupersetDominance<D>) local_[w].recent.add(g, packed, ws.budget);
      (void)is_new, (void)hash, (void)g, (void)packed, (void)ws;
    };
  }

  ParallelWorkspace& pws_;
  Executor& executor_;
  std::vector<Local> local_;
  std::atomic<std::uint64_t> expanded_{0};
  std::int64_t pending_key_ = kPruneKey;  // run(): the layer whose children are not all stored
  ProgressPublisher publisher_;  // Limits::progress: the lower bound
  bool skip_dominated_ = false;
  std::size_t skip_dominated_from_ = 0;
  std::size_t recent_keys_ = 0;      // set_skip_dominated
  // The step in hand (plan_step): worker w's portion of it, its layer list
  // from portion_from_[w] to portion_to_[w], at positions portion_at_[w] on.
  std::vector<std::size_t> portion_from_;
  std::vector<std::size_t> portion_to_;
  std::vector<std::size_t> portion_at_;
  // Its chunks (plan_step), and where each chunk's records lie: spans_[c *
  // workers_ + o], words [first, second) of chunk c's taker's outbox[o].
  std::vector<Chunk> chunks_;
  std::vector<std::pair<std::size_t, std::size_t>> spans_;
  bool fixed_shares_ = false;        // set_fixed_shares
  RecentKeys recent_union_;          // the workers' recent keys as one (assemble_recent)
  bool recent_union_ok_ = false;     // whether it holds them
  bool checking_dominance_ = false;  // set_skip_dominated, from its phase on
  // The next chunk to take: on a line of its own, as every worker writes it.
  alignas(64) std::atomic<std::size_t> next_chunk_{0};
};

// One-call parallel A* with `workers` workers run by `executor`: optimal
// when the domain's lower bound is admissible, as search::astar.
template <StorableDomain D, class Executor>
SearchResult<typename D::Move> parallel_astar(const D& domain, const typename D::State& start,
                                              ParallelWorkspace& workspace, const Limits& limits,
                                              Executor& executor, std::size_t workers) {
  AStarCost<D> cost{domain};
  ParallelBestFirstSearch<D, AStarCost<D>, Executor> search(domain, workspace, cost, executor,
                                                            workers);
  search.start(start, limits);
  search.run();
  return search.result();
}

}  // namespace search
