// StateTable: the duplicate table of the pooled searches, an
// open-addressing set of node ids keyed by their states' hashes.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "search/memory_budget.hpp"
#include "search/node_pool.hpp"

namespace search {

// Open-addressing (linear probing) set of node ids, keyed by the state words
// the caller compares. Slots from earlier searches are invalidated by an
// epoch counter, so clear() is O(1). A cleared table probes only the first
// kInitialSlots slots of what it holds and doubles that active part in place
// as it fills: a small search that follows a large one touches a few cache
// lines, not the large search's whole table.
class StateTable {
 public:
  struct Slot {
    std::uint64_t hash;
    NodeId id;
    std::uint32_t epoch;
  };

  std::size_t size() const noexcept { return size_; }
  std::size_t bytes() const noexcept { return slots_.capacity() * sizeof(Slot); }

  // Finds the id whose key equals the probe (`same(id)` decides), or kNoNode.
  template <class Same>
  NodeId find(std::uint64_t hash, Same&& same) const {
    if (slots_.empty()) return kNoNode;
    for (std::size_t i = hash & mask_;; i = (i + 1) & mask_) {
      const Slot& s = slots_[i];
      if (s.epoch != epoch_) return kNoNode;
      if (s.hash == hash && same(s.id)) return s.id;
    }
  }

  static constexpr std::size_t kInitialSlots = 1024;

  // Starts loading the slot where a probe for `hash` begins (a hint only).
  void prefetch(std::uint64_t hash) const noexcept {
    if (!slots_.empty()) __builtin_prefetch(&slots_[hash & mask_]);
  }

  // Makes room for one more entry; false if the budget refuses to grow.
  bool reserve_one(MemoryBudget& budget) {
    const std::size_t active = slots_.empty() ? 0 : mask_ + 1;
    if ((size_ + 1) * 2 <= active) return true;
    if (active != 0 && 2 * active <= slots_.size() && epoch_ + 1 != 0) {
      grow_in_place();
      return true;
    }
    const std::size_t capacity = std::max<std::size_t>(kInitialSlots, active * 2);
    const std::size_t bytes = capacity * sizeof(Slot);
    if (!budget.take(bytes)) return false;
    std::vector<Slot> old;
    old.swap(slots_);
    slots_.assign(capacity, Slot{0, kNoNode, 0});
    mask_ = capacity - 1;
    const std::uint32_t old_epoch = epoch_;
    epoch_ = 1;
    size_ = 0;
    for (const Slot& s : old)
      if (s.epoch == old_epoch && old_epoch != 0) insert_unchecked(s.hash, s.id);
    budget.give_back(old.capacity() * sizeof(Slot));
    return true;
  }

  // Calls f(hash) for every entry.
  template <class F>
  void for_each_hash(F&& f) const {
    if (slots_.empty()) return;
    for (std::size_t i = 0; i <= mask_; ++i)
      if (slots_[i].epoch == epoch_) f(slots_[i].hash);
  }

  // Inserts an id known to be absent; reserve_one() must have succeeded.
  void insert_unchecked(std::uint64_t hash, NodeId id) noexcept {
    std::size_t i = hash & mask_;
    while (slots_[i].epoch == epoch_)
      i = (i + 1) & mask_;
    slots_[i] = Slot{hash, id, epoch_};
    ++size_;
  }

  void clear() noexcept {
    size_ = 0;
    if (++epoch_ == 0) {  // wrapped: wipe for real once every 2^32 clears
      std::fill(slots_.begin(), slots_.end(), Slot{0, kNoNode, 0});
      epoch_ = 1;
    }
    if (!slots_.empty()) mask_ = std::min(slots_.size(), kInitialSlots) - 1;
  }
  void release(MemoryBudget& budget) noexcept {
    budget.give_back(bytes());
    slots_ = std::vector<Slot>();
    size_ = 0;
    mask_ = 0;
    epoch_ = 1;
  }

 private:
  // Doubles the active part within the slots held: every entry (all in the
  // active part, under the current epoch) is moved to its place in the
  // doubled part under the next epoch. An entry of the old epoch met on the
  // way has not been moved yet: it is swapped out and placed in turn.
  void grow_in_place() noexcept {
    const std::size_t old_active = mask_ + 1;
    const std::uint32_t old_epoch = epoch_;
    ++epoch_;  // reserve_one() made sure this does not wrap
    mask_ = 2 * old_active - 1;
    for (std::size_t i = 0; i < old_active; ++i) {
      if (slots_[i].epoch != old_epoch) continue;
      Slot moving = slots_[i];
      slots_[i].epoch = 0;  // free (no epoch is ever 0)
      while (true) {
        std::size_t j = moving.hash & mask_;
        while (slots_[j].epoch == epoch_)
          j = (j + 1) & mask_;
        const Slot displaced = slots_[j];
        slots_[j] = Slot{moving.hash, moving.id, epoch_};
        if (displaced.epoch != old_epoch) break;
        moving = displaced;
      }
    }
  }

  std::vector<Slot> slots_;
  std::size_t mask_ = 0;
  std::size_t size_ = 0;
  std::uint32_t epoch_ = 1;
};

}  // namespace search
