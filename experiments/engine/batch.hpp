// The batch engine: runs solver specs over the boards of a source in
// parallel (oneTBB), replays every solution on the engine before reporting
// it, and reports the boards in board order as soon as every board before
// them is done, so that the output does not depend on the thread count or
// the order boards finish in, and memory does not grow with the number of
// boards.
//
// Invariants: the boards a run covers are the source's indices i with
// i % shard.count == shard.index, in increasing order (the "selection");
// a run reports a prefix of the selection (after `skip` boards already
// done), never a board after one it has not reported. A randomised solver
// draws from a stream seeded by the board's source index alone, so thread
// count, shards and resuming do not change a result.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "game/board.hpp"
#include "game/sources.hpp"
#include "registry/registry.hpp"

namespace colorwalk {

class SearchWatch;

// The index-th of `count` interleaved parts of a source: the boards whose
// source index i has i % count == index.
struct Shard {
  std::size_t index = 0;
  std::size_t count = 1;

  // Parses "I/N" with 0 <= I < N; nullopt when malformed.
  static std::optional<Shard> parse(std::string_view text) noexcept;
  std::string text() const;  // "I/N"
  // How many boards of a source of `total` boards the shard holds.
  std::size_t size(std::size_t total) const noexcept {
    return total > index ? (total - index - 1) / count + 1 : 0;
  }
  // The source index of the shard's k-th board (from 0).
  std::size_t board(std::size_t k) const noexcept { return index + k * count; }
};

struct BatchOptions {
  std::vector<SolverSpec> solvers;
  Rules rules = Rules::kColorWalk;
  StartSpec start{};
  unsigned threads = 0;           // 0: every core
  std::uint64_t solver_seed = 0;  // base of the per-board streams of randomised solvers
  Shard shard{};
  std::size_t skip = 0;  // the first `skip` boards of the selection are done already (resume)
  // Set (by a signal handler, say) to start no more boards: the boards being
  // solved finish and are reported, later ones are not.
  const std::atomic<bool>* stop = nullptr;
  // Set to abandon the boards being solved as well: passed to solvers as
  // SolveContext::cancel, and a board solved while it is set is not reported.
  const std::atomic<bool>* cancel = nullptr;
  // Boards being solved or waiting for an earlier board at once (0: 16 per
  // thread); bounds the reorder buffer.
  std::size_t max_in_flight = 0;
  // Bytes that the boards being solved may hold at once, all threads
  // together (0: no limit beyond each search's own): each board's cluster
  // graph (an estimate, kGraphBytesPerCell a cell, taken before it is built)
  // and every search's workspace draw from it. A board refused memory while
  // other boards held some is solved again with the limit to itself (the
  // refused solvers, or all when its graph was refused), so a board's
  // outcome does not depend on the threads or on the other boards. A board
  // that does not fit alone is reported as a failure naming the limit, for
  // each solver refused (or for all, when its graph does not fit), and the
  // run goes on.
  std::size_t memory_limit = 0;
  // Where every solve publishes its live figures for a watcher on another
  // thread (engine/search_watch.hpp; nullptr: nowhere, at no cost).
  SearchWatch* watch = nullptr;
};

// "512 MiB", "1.5 GiB", "24 KiB", "100 bytes": a byte count for messages.
std::string format_bytes(std::size_t bytes);

// Parses a byte count: a whole number of bytes, or a number (a fraction
// allowed) followed by KiB, MiB, GiB or TiB (also K, M, G, T, KB, MB, GB,
// TB, all powers of 1024, any case); nullopt when malformed. A count of
// 8 EiB (2^63 bytes) or more is the largest std::size_t, out of any range.
std::optional<std::size_t> parse_bytes(std::string_view text) noexcept;

// What a board's cluster graph is taken to need per cell under
// BatchOptions::memory_limit: above what a graph with every cell its own
// cluster holds while it is built, so that every board's graph fits in it.
inline constexpr std::size_t kGraphBytesPerCell = 160;

// The thread count `threads` stands for (0: every core).
int resolve_threads(unsigned threads);

// The specs' texts, as given by the user.
std::vector<std::string> spec_texts(const std::vector<SolverSpec>& specs);

struct BoardResult {
  std::size_t board = 0;   // index in the source
  std::size_t solver = 0;  // index into BatchOptions::solvers
  std::string solution;    // move symbols
  std::size_t moves = 0;
  bool proven_optimal = false;
  std::uint64_t expanded = 0;
  double seconds = 0;
  bool verified = false;
  // The most bytes the board's searches held at once (Solution::
  // peak_bytes; 0 for a solver that does not search): set for every row a
  // run writes; none for a row read back without it (from a CSV written
  // before the `peak_mib` column, or an empty field).
  std::optional<std::uint64_t> peak_bytes;
  std::string error;  // why the result failed (empty when verified)
  // The board's name in its source (BoardSource::name; "" for generated
  // boards), and the search's counts (Solution::generated, pruned,
  // lower_bound): set for every row a run writes; none for a row read back
  // from a CSV written before those columns (or with an empty field).
  // lower_bound: a proven optimum's moves, else the bound the search
  // proved, none where it proved none.
  std::string name;
  std::optional<std::uint64_t> generated;
  std::optional<std::uint64_t> pruned;
  std::optional<std::uint32_t> lower_bound;
};

// Receives the boards of a run in board order, from one thread at a time.
class BatchObserver {
 public:
  virtual ~BatchObserver() = default;
  // One result per solver, in BatchOptions::solvers order. An exception
  // thrown here stops the run and propagates out of run_batch.
  virtual void on_board(std::span<const BoardResult> results) = 0;
};

struct BatchOutcome {
  std::size_t reported = 0;   // boards reported by this call (after options.skip)
  std::size_t remaining = 0;  // boards of the selection left undone (0 unless stopped)
  bool stopped() const noexcept { return remaining > 0; }
};

// The seed of board `board`'s own stream for a randomised solver.
std::uint64_t board_stream_seed(std::uint64_t base, std::size_t board) noexcept;

// Applies the run's rules and start to a board; throws BoardError if the start is off it.
Board prepare_board(Board board, const BatchOptions& options);

// Solves the selection's boards from options.skip on with every solver, in
// parallel on options.threads threads, and reports each board to `observer`
// in order. Never throws for a failing board: the failure is recorded in
// BoardResult::error. Memory is bounded by options.max_in_flight, not by the
// number of boards.
BatchOutcome run_batch(const BoardSource& source, const BatchOptions& options,
                       BatchObserver& observer);

// Convenience for small runs: every result of the selection from
// options.skip on, board-major: result[k * solvers + s].
std::vector<BoardResult> run_batch(const BoardSource& source, const BatchOptions& options);

}  // namespace colorwalk
