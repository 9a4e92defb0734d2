#include "engine/batch.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <exception>
#include <memory>
#include <mutex>

#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/info.h>
#include <oneapi/tbb/parallel_pipeline.h>
#include <oneapi/tbb/task_arena.h>

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
  if (digits == 0 || ec != std::errc{} || end != text.data() + digits) return std::nullopt;
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
  if (!(bytes < 0x1p63)) return std::nullopt;
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
      const SolverInfo& info = *options.solvers[s].info;
      if (!solvers[s]) solvers[s] = options.solvers[s].make();
      const SolveContext context{board_stream_seed(options.solver_seed, index), options.cancel,
                                 shared, slot.workers};
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
        // Every solution is replayed before it is reported.
        const ReplayResult check = replay(
            graph, solution.moves, info.wasted_moves ? WastedMoves::kAllow : WastedMoves::kReject);
        result.verified = check.ok();
        if (!result.verified) {
          result.error = "solution failed replay: " + check.describe(board, solution.moves);
          result.proven_optimal = false;
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

void solve_board(const BoardSource& source, const BatchOptions& options, SolverSet& solvers,
                 search::SharedMemory* shared, BoardGate& gate, Slot& slot) {
  const std::size_t count = options.solvers.size();
  slot.results.assign(count, BoardResult{});
  slot.dropped = false;
  for (std::size_t s = 0; s < count; ++s) {
    slot.results[s].board = slot.board;
    slot.results[s].solver = s;
    slot.results[s].peak_bytes = 0;
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
  const std::size_t end = options.shard.size(source.size());
  const std::size_t first = std::min(options.skip, end);
  const int threads = resolve_threads(options.threads);
  const std::size_t tokens = options.max_in_flight != 0
                                 ? options.max_in_flight
                                 : std::size_t{16} * static_cast<std::size_t>(threads);
  const std::size_t count = options.solvers.size();

  // Items finish the last (serial, in-order) stage in order and at most
  // `tokens` are alive, so item k can reuse slot k % tokens: when it starts,
  // item k - tokens has left the pipeline.
  std::vector<Slot> slots(tokens);
  // The run's memory limit, shared by every thread's searches. Workspaces
  // keep nothing between boards under it, so that a board solved alone
  // (BoardGate) has the whole limit, whatever the threads.
  std::optional<search::SharedMemory> shared;
  if (options.memory_limit > 0) {
    shared.emplace(options.memory_limit);
    shared->set_keep_bytes(0);
  }
  BoardGate gate;
  search::SharedMemory* const shared_memory = shared ? &*shared : nullptr;
  oneapi::tbb::enumerable_thread_specific<SolverSet> workers([count] { return SolverSet(count); });
  std::size_t next = first;
  std::size_t reported = 0;
  bool halted = false;

  // More threads than cores asked for: let oneTBB have them (it keeps to
  // the cores otherwise, and warns).
  std::optional<oneapi::tbb::global_control> allow;
  if (threads > oneapi::tbb::info::default_concurrency())
    allow.emplace(oneapi::tbb::global_control::max_allowed_parallelism,
                  static_cast<std::size_t>(threads));
  oneapi::tbb::task_arena arena(threads);
  // For ThreadSanitizer (happens_before.hpp): the edges oneTBB makes inside
  // libtbb.so, from the set-up to every stage, from each serial stage to its
  // next run, along each slot's way through the stages and back to the
  // input, and from every stage to the end of the run.
  namespace hb = happens_before;
  const int setup = 0;
  const int finish = 0;
  hb::release(&setup);
  arena.execute([&] {
    oneapi::tbb::parallel_pipeline(
        tokens, oneapi::tbb::make_filter<void, Slot*>(
                    oneapi::tbb::filter_mode::serial_in_order,
                    [&](oneapi::tbb::flow_control& control) -> Slot* {
                      hb::acquire(&setup);
                      hb::acquire(&next);
                      Slot* slot = nullptr;
                      if (next >= end || is_set(options.stop) || is_set(options.cancel)) {
                        control.stop();
                      } else {
                        slot = &slots[(next - first) % tokens];
                        hb::acquire(slot);
                        slot->board = options.shard.board(next);
                        // Fewer boards left to start than threads: some
                        // threads will idle, so this board's search may
                        // use them all (they join its phases when free).
                        slot->workers = end - next < static_cast<std::size_t>(threads)
                                            ? static_cast<std::size_t>(threads)
                                            : 1;
                        ++next;
                        hb::release(slot);
                      }
                      hb::release(&next);
                      hb::release(&finish);
                      return slot;
                    }) &
                    oneapi::tbb::make_filter<Slot*, Slot*>(
                        oneapi::tbb::filter_mode::parallel,
                        [&](Slot* slot) {
                          hb::acquire(&setup);
                          hb::acquire(slot);
                          if (is_set(options.stop) || is_set(options.cancel)) {
                            slot->dropped = true;  // not started before the stop: left for a resume
                          } else {
                            solve_board(source, options, workers.local(), shared_memory, gate,
                                        *slot);
                          }
                          hb::release(slot);
                          hb::release(&finish);
                          return slot;
                        }) &
                    oneapi::tbb::make_filter<Slot*, void>(oneapi::tbb::filter_mode::serial_in_order,
                                                          [&](Slot* slot) {
                                                            hb::acquire(&setup);
                                                            hb::acquire(&reported);
                                                            hb::acquire(slot);
                                                            // Report a prefix only: nothing after a
                                                            // board that is not reported.
                                                            if (halted || slot->dropped) {
                                                              halted = true;
                                                            } else {
                                                              observer.on_board(slot->results);
                                                              ++reported;
                                                            }
                                                            hb::release(slot);
                                                            hb::release(&reported);
                                                            hb::release(&finish);
                                                          }));
  });
  hb::acquire(&finish);
  return BatchOutcome{reported, end - first - reported};
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
