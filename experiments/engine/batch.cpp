#include "engine/batch.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <exception>
#include <limits>
#include <memory>
#include <mutex>

#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/info.h>
#include <oneapi/tbb/parallel_pipeline.h>
#include <oneapi/tbb/task_arena.h>

#include "engine/search_watch.hpp"
#include "game/replay.hpp"
#include "registry/happens_before.hpp"
#include "search/shared_memory.hpp"

namespace colorwalk {

std::optional<Shard> Shard::parse(std::string_view text) noexcept {
  const auto slash = text.find('/');
  if (slash == std::string_view::npos) return std::nullopt;
  Shard shard;
  const char* end = text.data() + text.size();
  const auto [p1, e1] = std::from_chars(text.data(), text.data() + slash, shard.index);
  const auto [p2, e2] = std::from_chars(text.data() + slash + 1, end, shard.count);
  if (e1 != std::errc{} || e2 != std::errc{} || p1 != text.data() + slash || p2 != end ||
      slash == 0 || slash + 1 == text.size())
    return std::nullopt;
  if (shard.count == 0 || shard.index >= shard.count) return std::nullopt;
  return shard;
}

std::string Shard::text() const {
  return std::to_string(index) + "/" + std::to_string(count);
}

std::string format_bytes(std::size_t bytes) {
  static constexpr const char* kUnits[] = {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  auto value = static_cast<double>(bytes);
  std::size_t unit = 0;
  while (value >= 1024 && unit + 1 < std::size(kUnits)) {
    value /= 1024;
    ++unit;
  }
  char text[48];
  if (unit == 0)
    std::snprintf(text, sizeof text, "%zu bytes", bytes);
  else if (value == std::floor(value))
    std::snprintf(text, sizeof text, "%.0f %s", value, kUnits[unit]);
  else
    std::snprintf(text, sizeof text, "%.1f %s", value, kUnits[unit]);
  return text;
}

std::optional<std::size_t> parse_bytes(std::string_view text) noexcept {
  std::size_t digits = 0;
  while (digits < text.size() &&
         ((text[digits] >= '0' && text[digits] <= '9') || text[digits] == '.'))
    ++digits;
  double value = 0;
  const auto [end, ec] =
      std::from_chars(text.data(), text.data() + digits, value, std::chars_format::fixed);
  if (digits == 0 || end != text.data() + digits) return std::nullopt;
  if (ec == std::errc::result_out_of_range) {
    // Too many digits for a double: too large, or a fraction too small to count.
    const std::string_view whole = text.substr(0, std::min(digits, text.find('.')));
    value = whole.find_first_not_of('0') == std::string_view::npos ? 0.0 : HUGE_VAL;
  } else if (ec != std::errc{}) {
    return std::nullopt;
  }
  std::string unit;
  for (const char c : text.substr(digits)) {
    if (c == ' ' && unit.empty()) continue;
    unit.push_back(static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c));
  }
  int shift = -1;
  if (unit.empty() || unit == "b" || unit == "bytes") shift = 0;
  for (const auto& [names, s] : {std::pair{"kkibkb", 10}, std::pair{"mmibmb", 20},
                                 std::pair{"ggibgb", 30}, std::pair{"ttibtb", 40}}) {
    const std::string_view n(names);
    if (unit == n.substr(0, 1) || unit == n.substr(1, 3) || unit == n.substr(4, 2)) shift = s;
  }
  if (shift < 0) return std::nullopt;
  if (shift == 0 && text.substr(0, digits).find('.') != std::string_view::npos)
    return std::nullopt;  // a fraction of a byte
  const double bytes = std::ldexp(value, shift);
  if (!(bytes < 0x1p63)) return std::numeric_limits<std::size_t>::max();
  return static_cast<std::size_t>(bytes);
}

std::uint64_t board_stream_seed(std::uint64_t base, std::size_t board) noexcept {
  std::uint64_t state = base ^ (0xD1B54A32D192ED03ull * (board + 1));
  return splitmix64_next(state);
}

Board prepare_board(Board board, const BatchOptions& options) {
  board.set_rules(options.rules, options.start);
  return board;
}

namespace {

bool is_set(const std::atomic<bool>* flag) noexcept {
  return flag != nullptr && flag->load(std::memory_order_relaxed);
}

// One board on its way through the pipeline.
struct Slot {
  std::size_t board = 0;
  std::size_t workers = 1;  // SolveContext::workers for its searches
  std::vector<BoardResult> results;
  bool dropped = false;  // not solved, or solved while the run was being cancelled
  // BatchOptions::watch: each solver's progress on the board, from its
  // first solve to its result (kept when solved again alone).
  std::vector<SearchWatch::Search*> watched;
};

using SolverSet = std::vector<std::unique_ptr<Solver>>;

// Memory taken from the run's shared limit for one board's graph, given
// back when the board is done.
class GraphMemory {
 public:
  GraphMemory(search::SharedMemory* shared, std::size_t bytes)
      : shared_(shared), bytes_(shared != nullptr && shared->take(bytes) ? bytes : 0) {}
  ~GraphMemory() {
    if (bytes_ > 0) shared_->give_back(bytes_);
  }
  GraphMemory(const GraphMemory&) = delete;
  GraphMemory& operator=(const GraphMemory&) = delete;
  bool refused() const noexcept { return shared_ != nullptr && bytes_ == 0; }

 private:
  search::SharedMemory* shared_;
  std::size_t bytes_;
};

// Under a memory limit, the boards being solved share one budget, so a
// board's search could be refused memory that other boards held at the
// time, and what it found would depend on the thread count and timing.
// Instead a board that was refused memory while it shared the budget is
// solved again (the refused solvers, or all when its graph was refused)
// with the budget to itself: the gate lets boards share it (many at once)
// or have it alone (one, once those sharing have finished), and lets no new
// board in while one waits to be alone. Workspaces keep nothing between
// boards under a limit (run_batch), so a board alone has the whole limit
// but for its own graph, and a board's outcome is that of the board alone,
// whatever the threads.
class BoardGate {
 public:
  void share() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return !alone_ && waiting_alone_ == 0; });
    ++sharing_;
  }
  void stop_sharing() {
    const std::lock_guard lock(mutex_);
    --sharing_;
    changed_.notify_all();
  }
  void be_alone() {
    std::unique_lock lock(mutex_);
    ++waiting_alone_;
    changed_.wait(lock, [&] { return !alone_ && sharing_ == 0; });
    --waiting_alone_;
    alone_ = true;
  }
  void stop_being_alone() {
    const std::lock_guard lock(mutex_);
    alone_ = false;
    changed_.notify_all();
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::size_t sharing_ = 0;
  std::size_t waiting_alone_ = 0;
  bool alone_ = false;
};

// Solves `slot`'s board with the solvers marked in `run` (all, the first
// time). A solver refused memory by the shared limit is marked in `again`
// unless `alone` (then the refusal is the board's own, and reported).
void solve_board_with(const BoardSource& source, const BatchOptions& options, SolverSet& solvers,
                      search::SharedMemory* shared, Slot& slot, const std::vector<char>& run,
                      bool alone, std::vector<char>& again) {
  const std::size_t count = options.solvers.size();
  const std::size_t index = slot.board;
  try {
    const Board board = prepare_board(source.board(index), options);
    const std::size_t graph_bytes = std::size_t{board.cell_count()} * kGraphBytesPerCell;
    const GraphMemory graph_memory(shared, graph_bytes);
    if (graph_memory.refused()) {
      for (std::size_t s = 0; s < count; ++s) {
        if (!run[s]) continue;
        if (!alone) {
          again[s] = 1;
          continue;
        }
        slot.results[s].error = "memory limit: the board's cluster graph (about " +
                                format_bytes(graph_bytes) + ") needs more than the run's " +
                                format_bytes(shared->limit());
      }
      return;
    }
    const ClusterGraph graph(board);
    for (std::size_t s = 0; s < count; ++s) {
      if (!run[s]) continue;
      BoardResult& result = slot.results[s];
      result = BoardResult{};
      result.board = index;
      result.solver = s;
      result.peak_bytes = 0;
      result.name = source.name(index);
      result.generated = 0;
      result.pruned = 0;
      const SolverInfo& info = *options.solvers[s].info;
      if (!solvers[s]) solvers[s] = options.solvers[s].make();
      SolveContext context{board_stream_seed(options.solver_seed, index), options.cancel, shared,
                           slot.workers};
      if (options.watch != nullptr) {
        if (slot.watched[s] == nullptr) slot.watched[s] = options.watch->begin(index, s);
        context.progress = options.watch->progress(slot.watched[s]);
      }
      try {
        const auto start = std::chrono::steady_clock::now();
        Solution solution = solvers[s]->solve(graph, context);
        result.seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (is_set(options.cancel)) {
          slot.dropped = true;  // possibly cut short: never reported
          return;
        }
        result.peak_bytes = solution.peak_bytes;
        if (solution.memory_refused) {
          if (!alone) {
            again[s] = 1;  // others held the memory: solved again, alone
            continue;
          }
          result.error = "memory limit: its search needs more than the run's " +
                         format_bytes(shared->limit()) + ", which the board had to itself";
          continue;
        }
        result.moves = solution.moves.size();
        result.solution = moves_to_string(board, solution.moves);
        result.proven_optimal = solution.proven_optimal;
        result.expanded = solution.expanded;
        result.generated = solution.generated;
        result.pruned = solution.pruned;
        if (solution.proven_optimal)
          result.lower_bound = static_cast<std::uint32_t>(solution.moves.size());
        else if (solution.lower_bound > 0)
          result.lower_bound = solution.lower_bound;
        // Every solution is replayed before it is reported.
        const ReplayResult check = replay(
            graph, solution.moves, info.wasted_moves ? WastedMoves::kAllow : WastedMoves::kReject);
        result.verified = check.ok();
        if (!result.verified) {
          result.error = "solution failed replay: " + check.describe(board, solution.moves);
          result.proven_optimal = false;
          result.lower_bound.reset();
        }
      } catch (const std::exception& e) {
        result.error = std::string("solver failed: ") + e.what();
      }
    }
  } catch (const std::exception& e) {
    for (std::size_t s = 0; s < count; ++s)
      if (run[s]) slot.results[s].error = e.what();
  }
}

void solve_board_alone_if_refused(const BoardSource& source, const BatchOptions& options,
                                  SolverSet& solvers, search::SharedMemory* shared,
                                  BoardGate& gate, Slot& slot);

// Solves the slot's board (solve_board_alone_if_refused), telling the
// run's watch, if any, how each solve ended.
void solve_board(const BoardSource& source, const BatchOptions& options, SolverSet& solvers,
                 search::SharedMemory* shared, BoardGate& gate, Slot& slot) {
  slot.watched.assign(options.solvers.size(), nullptr);
  solve_board_alone_if_refused(source, options, solvers, shared, gate, slot);
  if (options.watch == nullptr) return;
  for (std::size_t s = 0; s < slot.watched.size(); ++s) {
    SearchWatch::Search*& watched = slot.watched[s];
    if (slot.dropped) {
      if (watched != nullptr) options.watch->drop(watched);
    } else {
      // A solver that never began (its board's graph refused memory) ends
      // too, with its failure.
      if (watched == nullptr) watched = options.watch->begin(slot.board, s);
      options.watch->end(watched, slot.results[s]);
    }
    watched = nullptr;
  }
}

void solve_board_alone_if_refused(const BoardSource& source, const BatchOptions& options,
                                  SolverSet& solvers, search::SharedMemory* shared,
                                  BoardGate& gate, Slot& slot) {
  const std::size_t count = options.solvers.size();
  slot.results.assign(count, BoardResult{});
  slot.dropped = false;
  for (std::size_t s = 0; s < count; ++s) {
    slot.results[s].board = slot.board;
    slot.results[s].solver = s;
    slot.results[s].peak_bytes = 0;
    slot.results[s].name = source.name(slot.board);
    slot.results[s].generated = 0;
    slot.results[s].pruned = 0;
  }
  std::vector<char> run(count, 1);
  std::vector<char> again(count, 0);
  if (shared == nullptr) {
    solve_board_with(source, options, solvers, shared, slot, run, true, again);
    return;
  }
  gate.share();
  solve_board_with(source, options, solvers, shared, slot, run, false, again);
  gate.stop_sharing();
  if (slot.dropped || std::find(again.begin(), again.end(), 1) == again.end()) return;
  gate.be_alone();
  std::vector<char> none(count, 0);
  solve_board_with(source, options, solvers, shared, slot, again, true, none);
  gate.stop_being_alone();
}

// One run of the batch as a oneTBB pipeline of three stages: feed() hands
// out the selection's boards in order, solve() solves them in parallel,
// report() reports them in order. Items finish the last (serial, in-order)
// stage in order and at most `tokens` are alive, so item k can reuse slot
// k % tokens: when it starts, item k - tokens has left the pipeline.
class BatchPipeline {
 public:
  BatchPipeline(const BoardSource& source, const BatchOptions& options, BatchObserver& observer)
      : source_(source),
        options_(options),
        observer_(observer),
        end_(options.shard.size(source.size())),
        first_(std::min(options.skip, end_)),
        threads_(resolve_threads(options.threads)),
        tokens_(options.max_in_flight != 0 ? options.max_in_flight
                                           : std::size_t{16} * static_cast<std::size_t>(threads_)),
        slots_(tokens_),
        workers_([count = options.solvers.size()] { return SolverSet(count); }),
        next_(first_) {
    // The run's memory limit, shared by every thread's searches. Workspaces
    // keep nothing between boards under it, so that a board solved alone
    // (BoardGate) has the whole limit, whatever the threads.
    if (options.memory_limit > 0) {
      shared_.emplace(options.memory_limit);
      shared_->set_keep_bytes(0);
    }
  }

  BatchOutcome run();

 private:
  Slot* feed(oneapi::tbb::flow_control& control);
  Slot* solve(Slot* slot);
  void report(Slot* slot);

  const BoardSource& source_;
  const BatchOptions& options_;
  BatchObserver& observer_;
  const std::size_t end_;    // the selection's size
  const std::size_t first_;  // the first board to solve (after options.skip)
  const int threads_;
  const std::size_t tokens_;  // boards in flight at once
  std::vector<Slot> slots_;
  std::optional<search::SharedMemory> shared_;
  BoardGate gate_;
  oneapi::tbb::enumerable_thread_specific<SolverSet> workers_;
  std::size_t next_;  // the next board of the selection to hand out
  std::size_t reported_ = 0;
  bool halted_ = false;  // a board was not reported: none after it is
  // For ThreadSanitizer (registry/happens_before.hpp): the edges oneTBB makes
  // inside libtbb.so, from the set-up to every stage, from each serial stage to
  // its next run, along each slot's way through the stages and back to the
  // input, and from every stage to the end of the run.
  const int setup_ = 0;
  const int finish_ = 0;
};

// The first stage (serial, in order): the next board of the selection in
// its slot, or the end of the input when the selection is done or a stop
// was asked for.
Slot* BatchPipeline::feed(oneapi::tbb::flow_control& control) {
  namespace hb = happens_before;
  hb::acquire(&setup_);
  hb::acquire(&next_);
  Slot* slot = nullptr;
  if (next_ >= end_ || is_set(options_.stop) || is_set(options_.cancel)) {
    control.stop();
  } else {
    slot = &slots_[(next_ - first_) % tokens_];
    hb::acquire(slot);
    slot->board = options_.shard.board(next_);
    // Fewer boards left to start than threads: some threads will idle, so
    // this board's search may use them all (they join its phases when free).
    slot->workers =
        end_ - next_ < static_cast<std::size_t>(threads_) ? static_cast<std::size_t>(threads_) : 1;
    ++next_;
    hb::release(slot);
  }
  hb::release(&next_);
  hb::release(&finish_);
  return slot;
}

// The second stage (parallel): solves the slot's board with this thread's
// solvers, unless a stop came before it started.
Slot* BatchPipeline::solve(Slot* slot) {
  namespace hb = happens_before;
  hb::acquire(&setup_);
  hb::acquire(slot);
  if (is_set(options_.stop) || is_set(options_.cancel)) {
    slot->dropped = true;  // not started before the stop: left for a resume
  } else {
    solve_board(source_, options_, workers_.local(), shared_ ? &*shared_ : nullptr, gate_, *slot);
  }
  hb::release(slot);
  hb::release(&finish_);
  return slot;
}

// The third stage (serial, in order): reports the slot's board, so that
// boards are reported in order; a prefix only: nothing after a board that
// is not reported.
void BatchPipeline::report(Slot* slot) {
  namespace hb = happens_before;
  hb::acquire(&setup_);
  hb::acquire(&reported_);
  hb::acquire(slot);
  if (halted_ || slot->dropped) {
    halted_ = true;
  } else {
    observer_.on_board(slot->results);
    ++reported_;
  }
  hb::release(slot);
  hb::release(&reported_);
  hb::release(&finish_);
}

BatchOutcome BatchPipeline::run() {
  namespace hb = happens_before;
  // More threads than cores asked for: let oneTBB have them (it keeps to
  // the cores otherwise, and warns).
  std::optional<oneapi::tbb::global_control> allow;
  if (threads_ > oneapi::tbb::info::default_concurrency())
    allow.emplace(oneapi::tbb::global_control::max_allowed_parallelism,
                  static_cast<std::size_t>(threads_));
  oneapi::tbb::task_arena arena(threads_);
  hb::release(&setup_);
  arena.execute([&] {
    using oneapi::tbb::filter_mode;
    using oneapi::tbb::make_filter;
    oneapi::tbb::parallel_pipeline(
        tokens_, make_filter<void, Slot*>(
                     filter_mode::serial_in_order,
                     [this](oneapi::tbb::flow_control& control) { return feed(control); }) &
                     make_filter<Slot*, Slot*>(filter_mode::parallel,
                                               [this](Slot* slot) { return solve(slot); }) &
                     make_filter<Slot*, void>(filter_mode::serial_in_order,
                                              [this](Slot* slot) { report(slot); }));
  });
  hb::acquire(&finish_);
  return BatchOutcome{reported_, end_ - first_ - reported_};
}

}  // namespace

int resolve_threads(unsigned threads) {
  return threads == 0 ? oneapi::tbb::info::default_concurrency() : static_cast<int>(threads);
}

std::vector<std::string> spec_texts(const std::vector<SolverSpec>& specs) {
  std::vector<std::string> texts;
  texts.reserve(specs.size());
  for (const auto& s : specs)
    texts.push_back(s.text);
  return texts;
}

BatchOutcome run_batch(const BoardSource& source, const BatchOptions& options,
                       BatchObserver& observer) {
  BatchPipeline pipeline(source, options, observer);
  return pipeline.run();
}

namespace {

class Collector final : public BatchObserver {
 public:
  explicit Collector(std::vector<BoardResult>& out) : out_(out) {}
  void on_board(std::span<const BoardResult> results) override {
    out_.insert(out_.end(), results.begin(), results.end());
  }

 private:
  std::vector<BoardResult>& out_;
};

}  // namespace

std::vector<BoardResult> run_batch(const BoardSource& source, const BatchOptions& options) {
  std::vector<BoardResult> results;
  Collector collector(results);
  run_batch(source, options, collector);
  return results;
}

}  // namespace colorwalk
