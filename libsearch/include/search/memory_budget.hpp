// MemoryBudget: the byte budget every pooled structure grows under. Each
// growth asks it first; a refused growth leaves the structure unchanged, so
// the byte limit holds before memory is taken.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <utility>

#include "search/shared_memory.hpp"

namespace search {

// A byte budget: a limit of its own and, optionally, a parent SharedMemory
// that every take is drawn from as well (the process-wide limit of a run
// whose searches run on many threads). What the budget holds is given back
// to the parent when it is given back here, or when the budget is destroyed.
class MemoryBudget {
 public:
  MemoryBudget() = default;
  MemoryBudget(const MemoryBudget&) = delete;  // a copy would give the parent back twice
  MemoryBudget& operator=(const MemoryBudget&) = delete;
  MemoryBudget(MemoryBudget&& other) noexcept
      : limit_(other.limit_),
        used_(std::exchange(other.used_, 0)),
        peak_(other.peak_),
        parent_(other.parent_),
        parent_refusals_(other.parent_refusals_) {}
  MemoryBudget& operator=(MemoryBudget&&) = delete;
  ~MemoryBudget() {
    if (parent_ != nullptr) parent_->give_back(used_);
  }

  void set_limit(std::size_t limit) noexcept { limit_ = limit; }
  std::size_t limit() const noexcept { return limit_; }
  // The most it can ever hold: its limit, or a parent's if smaller.
  std::size_t reach() const noexcept {
    return parent_ != nullptr ? std::min(limit_, parent_->reach()) : limit_;
  }
  std::size_t used() const noexcept { return used_; }
  std::size_t peak() const noexcept { return peak_; }
  void reset_peak() noexcept { peak_ = used_; }

  // Draws every later take from `parent` too (nullptr: none). What the budget
  // holds already moves from the old parent to the new one, counted even
  // past the new one's limit; Workspace::share releases it first instead.
  void set_parent(SharedMemory* parent) noexcept {
    if (parent == parent_) return;
    if (parent_ != nullptr) parent_->give_back(used_);
    parent_ = parent;
    if (parent_ != nullptr) parent_->charge(used_);
  }
  SharedMemory* parent() const noexcept { return parent_; }
  // Takes refused by the parent although this budget's own limit had room.
  std::uint64_t parent_refusals() const noexcept { return parent_refusals_; }

  // Takes `bytes` if they fit under the limit (and the parent's); false (and
  // nothing taken) if not.
  bool take(std::size_t bytes) noexcept {
    if (bytes > limit_ || used_ > limit_ - bytes) return false;
    if (parent_ != nullptr && !parent_->take(bytes)) {
      ++parent_refusals_;
      return false;
    }
    used_ += bytes;
    peak_ = std::max(peak_, used_);
    return true;
  }
  void give_back(std::size_t bytes) noexcept {
    const std::size_t returned = std::min(bytes, used_);
    used_ -= returned;
    if (parent_ != nullptr) parent_->give_back(returned);
  }

 private:
  std::size_t limit_ = std::numeric_limits<std::size_t>::max();
  std::size_t used_ = 0;
  std::size_t peak_ = 0;
  SharedMemory* parent_ = nullptr;
  std::uint64_t parent_refusals_ = 0;
};

}  // namespace search
