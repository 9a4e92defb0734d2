// A search's live figures, for another thread to watch while it runs (a
// progress display, a trace): its counts, the bytes it holds, a proven
// lower bound and the cost of the best goal path known (an upper bound).
//
// Writers are the searches given it through Limits::progress (and the
// caller that runs them, which knows bounds a search does not): they
// publish at their polls of the limits, every poll_interval expansions, so
// the cost per expansion is nil. Readers take snapshot() from any thread;
// every field is a relaxed atomic, so a snapshot's fields may be from
// slightly different moments, each of them true when written.
//
// Bounds only tighten: raise_lower_bound() keeps the larger, lower_upper_bound()
// the smaller, and each change calls bounds_changed() on the thread that made
// it, a hook for a subclass that records every bound (once per new value, so
// rarely).
#pragma once

#include <atomic>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <limits>

#include "search/limits.hpp"

namespace search {

class SearchProgress {
 public:
  static constexpr std::uint64_t kNoUpperBound = std::numeric_limits<std::uint64_t>::max();

  struct Snapshot {
    std::uint64_t expanded = 0;
    std::uint64_t generated = 0;
    std::uint64_t pruned = 0;
    std::size_t bytes = 0;            // bytes the search holds now
    std::uint64_t lower_bound = 0;    // no goal path costs less (0: nothing proven)
    std::uint64_t upper_bound = kNoUpperBound;  // a goal path of this cost is known
  };

  SearchProgress() = default;
  SearchProgress(const SearchProgress&) = delete;
  SearchProgress& operator=(const SearchProgress&) = delete;
  virtual ~SearchProgress() = default;

  // Adds counts (a search adds what it counted since it last published).
  void add(std::uint64_t expanded, std::uint64_t generated, std::uint64_t pruned) noexcept {
    expanded_.fetch_add(expanded, std::memory_order_relaxed);
    generated_.fetch_add(generated, std::memory_order_relaxed);
    pruned_.fetch_add(pruned, std::memory_order_relaxed);
  }
  void set_bytes(std::size_t bytes) noexcept { bytes_.store(bytes, std::memory_order_relaxed); }

  void raise_lower_bound(std::uint64_t bound) noexcept {
    std::uint64_t now = lower_.load(std::memory_order_relaxed);
    while (bound > now)
      if (lower_.compare_exchange_weak(now, bound, std::memory_order_relaxed)) {
        bounds_changed();
        return;
      }
  }
  void lower_upper_bound(std::uint64_t bound) noexcept {
    std::uint64_t now = upper_.load(std::memory_order_relaxed);
    while (bound < now)
      if (upper_.compare_exchange_weak(now, bound, std::memory_order_relaxed)) {
        bounds_changed();
        return;
      }
  }

  Snapshot snapshot() const noexcept {
    return {expanded_.load(std::memory_order_relaxed), generated_.load(std::memory_order_relaxed),
            pruned_.load(std::memory_order_relaxed),   bytes_.load(std::memory_order_relaxed),
            lower_.load(std::memory_order_relaxed),    upper_.load(std::memory_order_relaxed)};
  }

 protected:
  // A bound moved (called by the thread that moved it).
  virtual void bounds_changed() noexcept {}

 private:
  std::atomic<std::uint64_t> expanded_{0};
  std::atomic<std::uint64_t> generated_{0};
  std::atomic<std::uint64_t> pruned_{0};
  std::atomic<std::size_t> bytes_{0};
  std::atomic<std::uint64_t> lower_{0};
  std::atomic<std::uint64_t> upper_{kNoUpperBound};
};

// What one search has published to a SearchProgress, so that it adds only
// what it counted since (a search restarted from zero starts a new one).
class ProgressPublisher {
 public:
  void start(SearchProgress* sink) noexcept {
    sink_ = sink;
    sent_ = Stats{};
  }
  explicit operator bool() const noexcept { return sink_ != nullptr; }

  // The search's counts so far, and the bytes it holds.
  void publish(const Stats& stats, std::size_t bytes) noexcept {
    if (sink_ == nullptr) return;
    sink_->add(stats.expanded - sent_.expanded, stats.generated - sent_.generated,
               stats.pruned - sent_.pruned);
    sent_ = stats;
    sink_->set_bytes(bytes);
  }
  void raise_lower_bound(std::uint64_t bound) noexcept {
    if (sink_ != nullptr) sink_->raise_lower_bound(bound);
  }

 private:
  SearchProgress* sink_ = nullptr;
  Stats sent_{};
};

// A cost whose keys prove bounds (A*'s f_key(g + h, g) with an admissible
// h): bound_of_key(k) is a lower bound on every goal path through a node of
// key k, so the smallest open key proves one for the whole search.
template <class Cost>
concept KeyProvesBound = requires(const Cost& c, std::int64_t key) {
  { c.bound_of_key(key) } -> std::convertible_to<std::uint64_t>;
};

}  // namespace search
