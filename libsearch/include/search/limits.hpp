// Limits, status, statistics and visitor actions shared by every search.
//
// Every search is bounded: by expansions, by bytes of memory (honoured
// before memory is taken, never after), by a deadline and by a cancellation
// flag that is polled every `poll_interval` expansions.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string_view>

namespace search {

class SearchProgress;

struct Limits {
  std::uint64_t max_expansions = std::numeric_limits<std::uint64_t>::max();
  std::size_t max_bytes = std::size_t{1} << 30;  // 1 GiB
  std::optional<std::chrono::steady_clock::time_point> deadline;
  const std::atomic<bool>* cancel = nullptr;
  std::uint32_t poll_interval = 256;
  // Where the search publishes its counts, bytes and, for a cost that
  // proves bounds, its lower bound at each poll (progress.hpp; nullptr:
  // nowhere). Its bounds are of the problem from the search's start.
  SearchProgress* progress = nullptr;
};

enum class Status : std::uint8_t {
  kRunning,       // step API only: the search can go on
  kSolved,        // a goal was found (optimal when the algorithm guarantees it)
  kExhausted,     // the (bounded) space was searched and holds no goal
  kLimitReached,  // an expansion, memory or time limit stopped the search
  kCancelled,     // the cancellation flag was raised
};

constexpr std::string_view to_string(Status s) noexcept {
  switch (s) {
    case Status::kRunning:
      return "running";
    case Status::kSolved:
      return "solved";
    case Status::kExhausted:
      return "exhausted";
    case Status::kLimitReached:
      return "limit reached";
    case Status::kCancelled:
      return "cancelled";
  }
  return "unknown";
}

struct Stats {
  std::uint64_t expanded = 0;
  std::uint64_t generated = 0;   // children produced by a move that changed something
  std::uint64_t duplicates = 0;  // children dropped as already known
  std::uint64_t pruned = 0;      // children dropped by the cost (best-first's kPruneKey)
  std::uint64_t dominated = 0;   // best-first's skip_dominated: nodes not expanded
  std::uint64_t peak_frontier = 0;
  std::size_t peak_bytes = 0;
  std::size_t node_bytes = 0;      // bytes of one stored node (pooled searches)
  std::uint64_t iterations = 0;    // ida_star: depth-first iterations started
  std::uint64_t improvements = 0;  // anytime weighted A*: answers found, each cheaper
  // Parallel best-first search (parallel_best_first.hpp): its workers, the
  // steps they ran together (a layer's phase, or each step of a large
  // layer), and the time they spent waiting for one another at the ends of
  // steps, summed over workers.
  std::uint32_t workers = 1;
  std::uint64_t phases = 0;
  double wait_seconds = 0;
};

// A node key that tells a keyed search (best-first, beam) to drop the node.
inline constexpr std::int64_t kPruneKey = std::numeric_limits<std::int64_t>::max();

// The key of a node whose f is `f`, ties broken towards the larger `tie`
// (0 <= tie < 2^32): f * 2^32 - tie. A*'s key is f_key(g + h, g): among
// equal f, the deeper node first.
constexpr std::int64_t f_key(std::int64_t f, std::int64_t tie) noexcept {
  return f * (std::int64_t{1} << 32) - tie;
}

// The f of a key f_key(f, tie): the smallest f whose keys reach it.
constexpr std::int64_t f_of_key(std::int64_t key) noexcept {
  return (key + ((std::int64_t{1} << 32) - 1)) >> 32;
}

// What a visitor hook tells the search.
enum class Action : std::uint8_t { kContinue, kPrune, kStop };

// A visitor that does nothing; hooks a visitor lacks are not called.
struct NullVisitor {};

// Expansion budget and polling of the deadline and the cancellation flag.
class LimitClock {
 public:
  explicit LimitClock(const Limits& limits)
      : limits_(limits),
        poll_mask_(limits.poll_interval != 0 &&
                           (limits.poll_interval & (limits.poll_interval - 1)) == 0
                       ? limits.poll_interval - 1
                       : 0) {}

  // Called once per expansion; returns kRunning or the status that stops.
  // At a poll that finds no limit passed, calls on_poll() (a search
  // publishing its progress, progress.hpp).
  template <class OnPoll>
  Status tick(std::uint64_t expanded, OnPoll&& on_poll) const {
    if (expanded >= limits_.max_expansions) return Status::kLimitReached;
    // A power of two (the default 256) is tested with a mask: a division per
    // expansion is a measurable share of a fast domain's expansion.
    if (!polls(expanded)) return Status::kRunning;
    if (limits_.cancel != nullptr && limits_.cancel->load(std::memory_order_relaxed))
      return Status::kCancelled;
    if (limits_.deadline && std::chrono::steady_clock::now() >= *limits_.deadline)
      return Status::kLimitReached;
    on_poll();
    return Status::kRunning;
  }
  Status tick(std::uint64_t expanded) const {
    return tick(expanded, [] {});
  }

  // Whether tick(expanded) looks at the clock and the flag.
  bool polls(std::uint64_t expanded) const noexcept {
    return poll_mask_ != 0 ? (expanded & poll_mask_) == 0
                           : limits_.poll_interval != 0 && expanded % limits_.poll_interval == 0;
  }

 private:
  const Limits& limits_;
  std::uint64_t poll_mask_;  // poll_interval - 1 for a power of two above 1, else 0
};

}  // namespace search
