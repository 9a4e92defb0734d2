// A byte budget shared by many searches at once, on any number of threads:
// the process-wide memory limit that the per-search MemoryBudgets of a run
// draw from (MemoryBudget::set_parent, Workspace::share).
//
// Invariants: take() never lets used() pass limit(), and either takes all
// the bytes asked for or none (only charge(), for memory already held, can); it is lock-free (one
// compare-and-swap loop on an atomic counter), so searches on many threads can ask at every growth.
//
// A SharedMemory may itself draw from a parent (set_parent): the byte limit
// of one parallel search, whose workers' budgets draw from it, inside the
// run's limit. A take then succeeds only where both have room.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <limits>

namespace search {

class SharedMemory {
 public:
  explicit SharedMemory(std::size_t limit = std::numeric_limits<std::size_t>::max()) noexcept
      : limit_(limit) {}
  SharedMemory(const SharedMemory&) = delete;
  SharedMemory& operator=(const SharedMemory&) = delete;

  std::size_t limit() const noexcept { return limit_; }
  // The most it can ever hold: its limit, or a parent's if smaller.
  std::size_t reach() const noexcept {
    return parent_ != nullptr ? std::min(limit_, parent_->reach()) : limit_;
  }
  // Changes the limit; only while no other thread takes or gives back.
  void set_limit(std::size_t limit) noexcept { limit_ = limit; }

  // Draws every later take from `parent` too (nullptr: none); only while
  // nothing is held (used() == 0) and no other thread takes or gives back.
  void set_parent(SharedMemory* parent) noexcept { parent_ = parent; }
  SharedMemory* parent() const noexcept { return parent_; }
  // Takes refused by the parent although this limit had room.
  std::uint64_t parent_refusals() const noexcept {
    return parent_refusals_.load(std::memory_order_relaxed);
  }
  void reset_peak() noexcept { peak_.store(used(), std::memory_order_relaxed); }
  std::size_t used() const noexcept { return used_.load(std::memory_order_relaxed); }
  std::size_t peak() const noexcept { return peak_.load(std::memory_order_relaxed); }
  // How many takes were refused so far.
  std::uint64_t refusals() const noexcept { return refusals_.load(std::memory_order_relaxed); }

  // What one workspace may keep between searches (Workspace::trim); the
  // rest goes back to the budget for the searches running elsewhere.
  std::size_t keep_bytes() const noexcept { return keep_bytes_; }
  void set_keep_bytes(std::size_t bytes) noexcept { keep_bytes_ = bytes; }

  // Takes `bytes` if they fit under the limit; false (and nothing taken) if not.
  bool take(std::size_t bytes) noexcept {
    std::size_t used = used_.load(std::memory_order_relaxed);
    do {
      if (bytes > limit_ || used > limit_ - bytes) {
        refusals_.fetch_add(1, std::memory_order_relaxed);
        return false;
      }
    } while (!used_.compare_exchange_weak(used, used + bytes, std::memory_order_relaxed));
    if (parent_ != nullptr && !parent_->take(bytes)) {
      used_.fetch_sub(bytes, std::memory_order_relaxed);
      parent_refusals_.fetch_add(1, std::memory_order_relaxed);
      return false;
    }
    const std::size_t now = used + bytes;
    std::size_t peak = peak_.load(std::memory_order_relaxed);
    while (now > peak && !peak_.compare_exchange_weak(peak, now, std::memory_order_relaxed)) {
    }
    return true;
  }

  // Counts bytes that are held already, limit or not (a budget that joins
  // while holding memory: MemoryBudget::set_parent).
  void charge(std::size_t bytes) noexcept {
    if (parent_ != nullptr) parent_->charge(bytes);
    const std::size_t now = used_.fetch_add(bytes, std::memory_order_relaxed) + bytes;
    std::size_t peak = peak_.load(std::memory_order_relaxed);
    while (now > peak && !peak_.compare_exchange_weak(peak, now, std::memory_order_relaxed)) {
    }
  }

  // Returns bytes taken (or charged) before.
  void give_back(std::size_t bytes) noexcept {
    used_.fetch_sub(bytes, std::memory_order_relaxed);
    if (parent_ != nullptr) parent_->give_back(bytes);
  }

 private:
  std::size_t limit_;
  SharedMemory* parent_ = nullptr;
  std::atomic<std::uint64_t> parent_refusals_{0};
  std::size_t keep_bytes_ = std::numeric_limits<std::size_t>::max();
  std::atomic<std::size_t> used_{0};
  std::atomic<std::size_t> peak_{0};
  std::atomic<std::uint64_t> refusals_{0};
};

}  // namespace search
