// Distributed best-first search (A*) over MPI: the parallel search of
// parallel_best_first.hpp with its workers spread over the ranks of a
// communicator, each rank running its share on its own threads.
//
// Workers. R ranks of T threads make W = R * T workers; rank r runs
// workers r*T .. r*T + T - 1 through its executor. A state is owned by the
// worker its key hashes to (owner_of(hash, W)), so a rank owns a hash
// range and stores only its states: R ranks hold about R times the nodes
// one process holds. A node's global id is its local id times W plus its
// worker, so an id names its rank.
//
// A phase (a step of a layer, as in the parallel search) is, on every rank:
//   1. MPI_Allreduce(MIN) of the smallest open key, the "layer cut short"
//      flag and any limit met since the last phase: K, or the stop;
//   2. expand: the rank's workers expand their nodes of key K into one
//      outbox per worker of the run (records as in the parallel search);
//   3. MPI_Alltoall of the outboxes' sizes, then an MPI_Allreduce of the
//      goal found (the smallest global id), the limits met, the expansions
//      and whether every rank has room to receive;
//   4. MPI_Alltoallv of the records; each worker inserts the records
//      addressed to it, sender by sender in global worker order, as the
//      parallel search's insert step does.
// A rank's records for itself never leave it. MPI is called only from the
// thread that calls run() (MPI_THREAD_FUNNELED is enough).
//
// Determinism. The phases, the owners, the ids and the insertion order are
// those of ParallelBestFirstSearch with W workers: R ranks of T threads
// expand the same nodes and return the same path as one process of R * T
// workers, on every run. The answer's cost is the sequential search's.
//
// Limits are per rank: Limits::max_bytes is each rank's byte budget (its
// nodes, tables, open lists, outboxes and exchange buffers, refused before
// taken). The expansion limit counts all ranks' expansions, summed at each
// phase's end (a phase may overshoot it by what the ranks expand in it).
// The deadline and the cancellation flag are each rank's own; a rank that
// meets a limit stops its workers, and the next reduction stops every rank
// with that status (the smallest status code of those met, if several).
//
// Not offered: skipping dominated nodes (the parallel search looks them up
// in other workers' tables, which here live on other machines).
//
// Collective calls: start, run, path_to, state_of, g, best_open, stats and
// result must be called by every rank of the communicator in the same
// order; status(), goal() and local_stats() are local (and status() and
// goal() equal on every rank).
#pragma once

#include <mpi.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <climits>
#include <cstdint>
#include <limits>
#include <memory>
#include <span>
#include <vector>

#include "search/parallel_best_first.hpp"

namespace search::mpi {

// What a distributed search keeps between searches on one rank: per local
// worker a Workspace, one outbox per worker of the run and its layer list;
// the rank's exchange buffers; and the rank's byte limit they draw from.
class DistributedWorkspace {
 public:
  using Worker = LayerWorker;

  DistributedWorkspace() = default;
  DistributedWorkspace(const DistributedWorkspace&) = delete;
  DistributedWorkspace& operator=(const DistributedWorkspace&) = delete;
  ~DistributedWorkspace() { release(); }

  void release() noexcept {
    for (auto& w : workers_)
      w->release();
    send.release(exchange);
    receive.release(exchange);
  }

  // Prepares `local` workers of a run of `global` workers, for nodes of
  // `words_per_node` words, under `max_bytes` for the rank.
  void begin(std::size_t local, std::size_t global, std::size_t words_per_node,
             std::size_t max_bytes) {
    if (local != workers_.size() || global != global_) {
      release();
      workers_.clear();
      for (std::size_t w = 0; w < local; ++w) {
        workers_.push_back(std::make_unique<Worker>());
        workers_.back()->ws.budget.set_parent(&memory_);
        workers_.back()->outbox.resize(global);
      }
      global_ = global;
      exchange.set_parent(&memory_);
    }
    if (memory_.used() > max_bytes) release();
    memory_.set_limit(max_bytes);
    exchange.set_limit(std::numeric_limits<std::size_t>::max());
    for (auto& w : workers_)
      w->begin(words_per_node);
    send.clear();
    receive.clear();
    memory_.reset_peak();
  }

  std::size_t workers() const noexcept { return workers_.size(); }
  Worker& worker(std::size_t w) noexcept { return *workers_[w]; }
  const Worker& worker(std::size_t w) const noexcept { return *workers_[w]; }
  std::size_t used() const noexcept { return memory_.used(); }
  std::size_t peak() const noexcept { return memory_.peak(); }
  std::size_t limit() const noexcept { return memory_.limit(); }
  // Takes the rank's byte limit refused, over the workspace's life.
  std::uint64_t refusals() const noexcept { return memory_.refusals(); }

  MemoryBudget exchange;  // the exchange buffers' share of the rank's limit
  RecordBuffer send;      // records for the other ranks, rank by rank
  RecordBuffer receive;   // records from the other ranks, rank by rank

 private:
  SharedMemory memory_;
  std::vector<std::unique_ptr<Worker>> workers_;
  std::size_t global_ = 0;
};

// What the ranks exchanged: counted on each rank for what it sent.
struct ExchangeStats {
  std::uint64_t bytes_sent = 0;     // record bytes sent to other ranks
  std::uint64_t messages_sent = 0;  // non-empty record messages sent to other ranks
  std::uint64_t collectives = 0;    // collective calls made (every rank makes the same)
  double exchange_seconds = 0;      // time spent inside MPI calls of the phases
};

template <StorableDomain D, class Cost, class Executor>
class DistributedBestFirstSearch : private detail::LayeredSearchCore<D, Cost, false> {
  using Core = detail::LayeredSearchCore<D, Cost, false>;
  using Core::domain_, Core::goal_, Core::key_, Core::layer_key_, Core::limits_, Core::packed_,
      Core::phases_, Core::record_, Core::status_, Core::step_expansions_, Core::stop_,
      Core::wait_seconds_, Core::workers_;
  using Core::drop_stale, Core::halt, Core::hash_of, Core::put_back, Core::to_record;

 public:
  using State = typename D::State;
  using Move = typename D::Move;
  using Core::kHeaderWords;

  // `threads` >= 1 workers on this rank, run by `executor`; every rank of
  // `comm` must pass the same number.
  DistributedBestFirstSearch(const D& domain, DistributedWorkspace& workspace, Cost& cost,
                             Executor& executor, std::size_t threads, MPI_Comm comm)
      : Core(domain, cost, comm_size(comm) * std::max<std::size_t>(1, threads)),
        dws_(workspace),
        executor_(executor),
        comm_(comm),
        threads_(std::max<std::size_t>(1, threads)),
        local_(threads_) {
    int rank = 0;
    MPI_Comm_rank(comm_, &rank);
    rank_ = static_cast<std::size_t>(rank);
    ranks_ = comm_size(comm_);
    MPI_Op_create(&reduce_phase, 1, &phase_op_);
  }
  DistributedBestFirstSearch(const DistributedBestFirstSearch&) = delete;
  DistributedBestFirstSearch& operator=(const DistributedBestFirstSearch&) = delete;
  ~DistributedBestFirstSearch() { MPI_Op_free(&phase_op_); }

  // As ParallelBestFirstSearch::set_step_expansions (every rank the same).
  using Core::set_step_expansions;

  // Collective.
  void start(const State& initial, const Limits& limits) {
    this->begin_core(limits);
    dws_.begin(threads_, workers_, kHeaderWords + packed_, limits.max_bytes);
    phase_expanded_.store(0, std::memory_order_relaxed);
    expanded_before_ = 0;
    status_ = Status::kRunning;
    layer_key_ = kPruneKey;
    goal_ = kNoNode;
    phases_ = 0;
    wait_seconds_ = 0;
    exchange_ = ExchangeStats{};
    counts_.assign(ranks_ * threads_ * threads_, 0);
    received_.assign(ranks_ * threads_ * threads_, 0);
    for (Local& l : local_)
      l.reset(initial, record_);
    // The root: stored by its owner (every rank computes the same record).
    Local& any = local_[0];
    const std::int64_t key = this->cost_(initial, 0);
    if (key == kPruneKey) {
      if (rank_ == 0) ++any.stats.pruned;
      status_ = Status::kExhausted;
      return;
    }
    to_record(initial, kNoNode, 0, 0, key, any.scratch.data());
    const std::uint64_t hash = hash_of(any.scratch.data());
    const std::size_t owner = owner_of(hash, workers_);
    bool stored = true;
    if (owner / threads_ == rank_) {
      const std::size_t w = owner % threads_;
      stored = this->insert(local_[w], dws_.worker(w).ws, any.scratch.data(), hash, kNoExtra);
    }
    std::int64_t ok = stored ? 1 : 0;
    collective([&] { MPI_Allreduce(MPI_IN_PLACE, &ok, 1, MPI_INT64_T, MPI_MIN, comm_); });
    if (ok == 0) status_ = Status::kLimitReached;
  }

  // Collective: runs phases until a goal, exhaustion or a limit.
  Status run() {
    while (status_ == Status::kRunning) {
      // 1. The phase's key, and the limits met since the last phase.
      Status local = Status::kRunning;
      for (const Local& l : local_)
        if (l.status != Status::kRunning && (local == Status::kRunning || l.status < local))
          local = l.status;
      if (local == Status::kRunning) {
        if (limits_.cancel != nullptr && limits_.cancel->load(std::memory_order_relaxed))
          local = Status::kCancelled;
        else if (limits_.deadline && std::chrono::steady_clock::now() >= *limits_.deadline)
          local = Status::kLimitReached;
      }
      std::int64_t start[3] = {kPruneKey, 0, status_code(local)};
      for (std::size_t w = 0; w < threads_; ++w) {
        const BinaryHeap& heap = dws_.worker(w).ws.heap;
        if (!heap.empty()) start[0] = std::min(start[0], heap.top().key);
        if (local_[w].cut) start[1] = -1;
      }
      collective([&] { MPI_Allreduce(MPI_IN_PLACE, start, 3, MPI_INT64_T, MPI_MIN, comm_); });
      if (start[2] != kRunningCode) {
        status_ = static_cast<Status>(start[2]);
        break;
      }
      std::int64_t key = start[0];
      const bool cut = start[1] != 0;
      if (cut) key = layer_key_;
      if (key == kPruneKey) {
        status_ = Status::kExhausted;
        break;
      }
      layer_key_ = key;

      // 2. Expand.
      in_step([&](std::size_t w) { expand_layer(w, key, cut); });
      ++phases_;

      // 3. Sizes, goal, limits, room to receive.
      const bool packed = pack_outboxes();
      collective([&] {
        MPI_Alltoall(counts_.data(), static_cast<int>(threads_ * threads_), MPI_UINT64_T,
                     received_.data(), static_cast<int>(threads_ * threads_), MPI_UINT64_T, comm_);
      });
      const bool room = packed && make_room();
      std::uint64_t phase[kPhaseFields] = {kNoNode, static_cast<std::uint64_t>(kRunningCode), 1, 0};
      for (std::size_t w = 0; w < threads_; ++w) {
        const Local& l = local_[w];
        if (l.goal != kNoNode) phase[0] = std::min<std::uint64_t>(phase[0], global(l.goal, w));
        if (l.status != Status::kRunning)
          phase[1] = std::min<std::uint64_t>(phase[1], static_cast<std::uint64_t>(l.status));
      }
      if (!room)
        phase[1] =
            std::min<std::uint64_t>(phase[1], static_cast<std::uint64_t>(Status::kLimitReached));
      phase[3] = phase_expanded_.exchange(0, std::memory_order_relaxed);
      collective([&] {
        MPI_Allreduce(MPI_IN_PLACE, phase, kPhaseFields, MPI_UINT64_T, phase_op_, comm_);
      });
      expanded_before_ += phase[3];
      if (phase[0] != kNoNode) {
        goal_ = static_cast<NodeId>(phase[0]);
        status_ = Status::kSolved;
        break;
      }
      if (phase[1] != static_cast<std::uint64_t>(kRunningCode)) {
        status_ = static_cast<Status>(phase[1]);
        break;
      }

      // 4. The records, then insert.
      exchange_records();
      in_step([&](std::size_t w) { insert_records(w); });
    }
    if (status_ != Status::kSolved)
      for (std::size_t w = 0; w < threads_; ++w)
        put_back(local_[w], dws_.worker(w), layer_key_);
    return status_;
  }

  using Core::goal, Core::status, Core::workers;
  std::size_t rank() const noexcept { return rank_; }
  std::size_t ranks() const noexcept { return ranks_; }
  const ExchangeStats& exchange_stats() const noexcept { return exchange_; }

  // This rank's statistics (its workers' sums; peak_bytes the rank's peak).
  Stats local_stats() const {
    return this->summed_stats(local_, dws_.peak());
  }

  // Collective: the statistics of all ranks, summed (peak_bytes: the sum
  // of the ranks' peaks; wait_seconds: of all workers).
  Stats stats() {
    const Stats mine = local_stats();
    std::uint64_t v[7] = {mine.expanded,
                          mine.generated,
                          mine.duplicates,
                          mine.pruned,
                          mine.peak_frontier,
                          mine.peak_bytes,
                          0};
    double wait = mine.wait_seconds;
    collective([&] { MPI_Allreduce(MPI_IN_PLACE, v, 6, MPI_UINT64_T, MPI_SUM, comm_); });
    collective([&] { MPI_Allreduce(MPI_IN_PLACE, &wait, 1, MPI_DOUBLE, MPI_SUM, comm_); });
    Stats s = mine;
    s.expanded = v[0];
    s.generated = v[1];
    s.duplicates = v[2];
    s.pruned = v[3];
    s.peak_frontier = v[4];
    s.peak_bytes = v[5];
    s.wait_seconds = wait;
    return s;
  }

  // Collective, after run(): the smallest key of the open nodes on every
  // rank (kPruneKey when none is), counting the last layer's key: a limit
  // may have stopped that phase before its children were all stored (a
  // child lost costs no less than its parent's f, for an admissible h). As
  // ParallelBestFirstSearch::smallest_open_key: for a cost whose keys
  // prove bounds, bound_of_key of it is what the search proved; nodes the
  // cost pruned are not among them.
  std::int64_t smallest_open_key() {
    std::int64_t key = layer_key_;
    for (std::size_t w = 0; w < threads_; ++w) {
      const BinaryHeap& heap = dws_.worker(w).ws.heap;
      if (!heap.empty()) key = std::min(key, heap.top().key);
    }
    collective([&] { MPI_Allreduce(MPI_IN_PLACE, &key, 1, MPI_INT64_T, MPI_MIN, comm_); });
    return key;
  }

  // Collective: the open node of smallest key (kNoNode if none), ties to
  // the smallest global id.
  NodeId best_open() {
    std::int64_t best[2] = {kPruneKey, static_cast<std::int64_t>(kNoNode)};
    for (std::size_t w = 0; w < threads_; ++w) {
      Workspace& ws = dws_.worker(w).ws;
      drop_stale(ws);
      if (ws.heap.empty()) continue;
      const std::int64_t k = ws.heap.top().key;
      const auto id = static_cast<std::int64_t>(global(ws.heap.top().id, w));
      if (k < best[0] || (k == best[0] && id < best[1])) {
        best[0] = k;
        best[1] = id;
      }
    }
    std::int64_t key = best[0];
    collective([&] { MPI_Allreduce(MPI_IN_PLACE, &key, 1, MPI_INT64_T, MPI_MIN, comm_); });
    std::int64_t id = best[0] == key ? best[1] : static_cast<std::int64_t>(kNoNode);
    collective([&] { MPI_Allreduce(MPI_IN_PLACE, &id, 1, MPI_INT64_T, MPI_MIN, comm_); });
    return key == kPruneKey ? kNoNode : static_cast<NodeId>(id);
  }

  // Collective: the moves from the start to `id`, in order, on every rank.
  // Each step asks the rank that owns the node for its link (a broadcast
  // from that rank): as many broadcasts as the path has moves.
  void path_to(NodeId id, std::vector<Move>& out) {
    out.clear();
    for (NodeId n = id;;) {
      Word link = 0;
      const int owner = owner_rank(n);
      if (static_cast<std::size_t>(owner) == rank_) link = node(n)[0];
      collective([&] { MPI_Bcast(&link, 1, MPI_UINT64_T, owner, comm_); });
      const auto parent = static_cast<NodeId>(link >> 32);
      if (parent == kNoNode) break;
      out.push_back(move_from_bits<Move>(static_cast<std::uint32_t>(link)));
      n = parent;
    }
    std::reverse(out.begin(), out.end());
  }

  // Collective: node `id`'s state and g, on every rank.
  void state_of(NodeId id, State& out) {
    std::vector<Word> words(kHeaderWords + packed_);
    const int owner = owner_rank(id);
    if (static_cast<std::size_t>(owner) == rank_) std::copy_n(node(id), words.size(), words.data());
    collective([&] {
      MPI_Bcast(words.data(), static_cast<int>(words.size()), MPI_UINT64_T, owner, comm_);
    });
    domain_.unpack({words.data() + kHeaderWords, packed_}, out);
  }
  std::uint32_t g(NodeId id) {
    Word word = 0;
    const int owner = owner_rank(id);
    if (static_cast<std::size_t>(owner) == rank_) word = node(id)[1];
    collective([&] { MPI_Bcast(&word, 1, MPI_UINT64_T, owner, comm_); });
    return g_of_word(word);
  }

  // Collective.
  SearchResult<Move> result() {
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
  using Local = detail::LayerWorkerState<D>;
  // Nothing to add for a stored node (no dominance checks).
  static constexpr auto kNoExtra = [](bool, std::uint64_t, std::uint32_t, const Word*) {};

  static std::size_t comm_size(MPI_Comm comm) {
    int ranks = 1;
    MPI_Comm_size(comm, &ranks);
    return static_cast<std::size_t>(ranks);
  }

  static constexpr std::int64_t kRunningCode = 255;  // "no limit met" in the reductions
  static std::int64_t status_code(Status s) noexcept {
    return s == Status::kRunning ? kRunningCode : static_cast<std::int64_t>(s);
  }

  // The phase's second reduction: [goal: min][status: min][room: min][expanded: sum].
  static constexpr int kPhaseFields = 4;
  static void reduce_phase(void* in, void* inout, int* len, MPI_Datatype*) {
    const auto* a = static_cast<const std::uint64_t*>(in);
    auto* b = static_cast<std::uint64_t*>(inout);
    for (int i = 0; i + kPhaseFields <= *len; i += kPhaseFields) {
      b[i] = std::min(a[i], b[i]);
      b[i + 1] = std::min(a[i + 1], b[i + 1]);
      b[i + 2] = std::min(a[i + 2], b[i + 2]);
      b[i + 3] = a[i + 3] + b[i + 3];
    }
  }

  template <class F>
  void collective(F&& f) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    ++exchange_.collectives;
    exchange_.exchange_seconds +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }

  NodeId global(NodeId local, std::size_t w) const noexcept {
    return static_cast<NodeId>(local * workers_ + rank_ * threads_ + w);
  }
  int owner_rank(NodeId id) const noexcept { return static_cast<int>((id % workers_) / threads_); }
  // A node of this rank, by global id.
  const Word* node(NodeId id) const noexcept {
    return dws_.worker((id % workers_) % threads_).ws.pool[static_cast<NodeId>(id / workers_)];
  }

  template <class F>
  void in_step(F&& f) {
    Core::in_step(executor_, local_, f);
  }

  // Counts the expansion against the limits: false when the worker must stop.
  bool poll(Local& l) {
    if (limits_.max_expansions != std::numeric_limits<std::uint64_t>::max() &&
        expanded_before_ + phase_expanded_.load(std::memory_order_relaxed) >=
            limits_.max_expansions)
      return halt(l, Status::kLimitReached);
    phase_expanded_.fetch_add(1, std::memory_order_relaxed);
    return !this->polls_now(l) || this->limits_allow(l);
  }

  // The expand step of local worker w (LayeredSearchCore::expand_layer,
  // without the dominance checks).
  void expand_layer(std::size_t w, std::int64_t key, bool continuing) {
    Core::expand_layer(
        local_[w], dws_.worker(w), key, continuing, [&](NodeId id) { return global(id, w); },
        [&](Local& l) { return poll(l); },
        [](Local&, std::uint32_t, const Word*) { return false; });
  }

  // Fills counts_ (words from local worker t to worker u of rank q, at
  // q*T*T + t*T + u) and the send buffer (the other ranks' records, rank
  // by rank, then sender, then receiver). False when the budget refuses it.
  bool pack_outboxes() {
    std::size_t total = 0;
    for (std::size_t q = 0; q < ranks_; ++q)
      for (std::size_t t = 0; t < threads_; ++t)
        for (std::size_t u = 0; u < threads_; ++u) {
          const std::size_t words = dws_.worker(t).outbox[q * threads_ + u].size();
          counts_[(q * threads_ + t) * threads_ + u] = words;
          if (q != rank_) total += words;
        }
    send_counts_.assign(ranks_, 0);
    send_displs_.assign(ranks_, 0);
    dws_.send.clear();
    Word* out = total > 0 ? dws_.send.extend(total, dws_.exchange) : nullptr;
    if (total > 0 && out == nullptr) {
      std::fill(counts_.begin(), counts_.end(), 0);
      return false;
    }
    std::size_t at = 0;
    for (std::size_t q = 0; q < ranks_; ++q) {
      send_displs_[q] = static_cast<int>(at);
      if (q == rank_) continue;
      for (std::size_t t = 0; t < threads_; ++t)
        for (std::size_t u = 0; u < threads_; ++u) {
          const RecordBuffer& b = dws_.worker(t).outbox[q * threads_ + u];
          std::copy_n(b.data(), b.size(), out + at);
          at += b.size();
        }
      send_counts_[q] = static_cast<int>(at) - send_displs_[q];
      if (send_counts_[q] > 0) ++exchange_.messages_sent;
    }
    exchange_.bytes_sent += total * sizeof(Word);
    return at <= static_cast<std::size_t>(INT_MAX);
  }

  // Sizes the receive buffer for what the other ranks send (received_:
  // words from their worker t to this rank's worker u at p*T*T + t*T + u).
  bool make_room() {
    recv_counts_.assign(ranks_, 0);
    recv_displs_.assign(ranks_, 0);
    std::size_t total = 0;
    for (std::size_t p = 0; p < ranks_; ++p) {
      recv_displs_[p] = static_cast<int>(total);
      if (p != rank_)
        for (std::size_t i = 0; i < threads_ * threads_; ++i)
          total += received_[p * threads_ * threads_ + i];
      recv_counts_[p] = static_cast<int>(total) - recv_displs_[p];
    }
    dws_.receive.clear();
    if (total > static_cast<std::size_t>(INT_MAX)) return false;
    return total == 0 || dws_.receive.extend(total, dws_.exchange) != nullptr;
  }

  void exchange_records() {
    collective([&] {
      MPI_Alltoallv(dws_.send.data(), send_counts_.data(), send_displs_.data(), MPI_UINT64_T,
                    const_cast<Word*>(dws_.receive.data()), recv_counts_.data(),
                    recv_displs_.data(), MPI_UINT64_T, comm_);
    });
  }

  // The records for local worker u from global sender s (rank p, thread t).
  std::span<const Word> records_for(std::size_t u, std::size_t p, std::size_t t) const {
    if (p == rank_) {
      const RecordBuffer& b = dws_.worker(t).outbox[rank_ * threads_ + u];
      return {b.data(), b.size()};
    }
    std::size_t at = static_cast<std::size_t>(recv_displs_[p]);
    const std::size_t base = p * threads_ * threads_;
    for (std::size_t i = 0; i < t * threads_ + u; ++i)
      at += received_[base + i];
    return {dws_.receive.data() + at, received_[base + t * threads_ + u]};
  }

  // Local worker u takes the records addressed to it, sender by sender in
  // global worker order.
  void insert_records(std::size_t u) {
    Workspace& ws = dws_.worker(u).ws;
    for (std::size_t p = 0; p < ranks_; ++p)
      for (std::size_t t = 0; t < threads_; ++t)
        if (!this->insert_all(local_[u], ws, records_for(u, p, t), kNoExtra)) return;
    drop_stale(ws);
  }

  DistributedWorkspace& dws_;
  Executor& executor_;
  MPI_Comm comm_;
  std::size_t threads_;
  std::size_t rank_ = 0;
  std::size_t ranks_ = 1;
  std::vector<Local> local_;
  MPI_Op phase_op_ = MPI_OP_NULL;
  std::atomic<std::uint64_t> phase_expanded_{0};  // this rank's expansions in the phase
  std::uint64_t expanded_before_ = 0;             // all ranks' expansions before it
  ExchangeStats exchange_;
  std::vector<std::uint64_t> counts_;    // sent sizes, Alltoall's input
  std::vector<std::uint64_t> received_;  // received sizes, its output
  std::vector<int> send_counts_, send_displs_, recv_counts_, recv_displs_;
};

// One-call distributed A*: collective over `comm`; every rank gets the
// result (the path included).
template <StorableDomain D, class Executor>
SearchResult<typename D::Move> distributed_astar(const D& domain, const typename D::State& start,
                                                 DistributedWorkspace& workspace,
                                                 const Limits& limits, Executor& executor,
                                                 std::size_t threads, MPI_Comm comm) {
  AStarCost<D> cost{domain};
  DistributedBestFirstSearch<D, AStarCost<D>, Executor> search(domain, workspace, cost, executor,
                                                               threads, comm);
  search.start(start, limits);
  search.run();
  return search.result();
}

}  // namespace search::mpi
