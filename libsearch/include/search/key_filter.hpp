// KeyFilter: a one-hash Bloom filter of the key hashes in a StateTable,
// which rules out most absent keys without a probe of the table.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "search/domain.hpp"
#include "search/memory_budget.hpp"
#include "search/state_table.hpp"

namespace search {

// A Bloom filter with one hash of the key hashes in a StateTable: one bit
// per key, at a position taken from the hash's top bits (the table's slot
// comes from its bottom ones), with at least 8 bits a key, its memory
// charged to a budget. A key that it rules out is not in the table; one it
// may hold needs a probe of the table. A dominance check (best_first.hpp)
// looks up keys that are almost all absent, and this array, a byte a key
// against the table's 32 or more, rules out most of them without a probe of
// the table, which on a large search misses the cache.
class KeyFilter {
 public:
  static constexpr std::size_t kInitialWords = 1024;  // 8 KiB

  bool empty() const noexcept { return words_.empty(); }
  std::size_t bytes() const noexcept { return words_.size() * sizeof(Word); }

  // Starts an empty filter; false (and no filter) when the budget refuses.
  bool start(MemoryBudget& budget) {
    release(budget);
    if (!budget.take(kInitialWords * sizeof(Word))) return false;
    words_.assign(kInitialWords, 0);
    shift_ = 64 - static_cast<unsigned>(std::countr_zero(kInitialWords * 64));
    return true;
  }
  // Starts a filter of the keys already in `table`; false (and no filter)
  // when the budget refuses.
  bool start_from(const StateTable& table, MemoryBudget& budget) {
    if (!start(budget)) return false;
    while (table.size() * 8 > words_.size() * 64)
      if (!grow(table, budget)) return false;
    table.for_each_hash([&](std::uint64_t h) { set(h); });
    return true;
  }
  void release(MemoryBudget& budget) noexcept {
    budget.give_back(bytes());
    words_ = std::vector<Word>();
  }

  // Starts loading the word that may_hold(hash) reads (a hint only).
  void prefetch(std::uint64_t hash) const noexcept {
    if (!words_.empty()) __builtin_prefetch(&words_[(hash >> shift_) >> 6]);
  }
  // False when no key of this hash is in the table (an empty filter holds
  // nothing).
  bool may_hold(std::uint64_t hash) const noexcept {
    if (words_.empty()) return false;
    const std::uint64_t b = hash >> shift_;
    return ((words_[b >> 6] >> (b & 63)) & 1) != 0;
  }
  // Called once `hash` is in `table`, whose size is the filter's key count.
  // When that passes a key per 8 bits, the filter doubles and is set again
  // from the table; when the budget refuses, it is dropped (it then holds
  // nothing).
  void add(std::uint64_t hash, const StateTable& table, MemoryBudget& budget) {
    if (words_.empty()) return;
    if (table.size() * 8 > words_.size() * 64 && !grow(table, budget)) return;
    set(hash);
  }

 private:
  void set(std::uint64_t hash) noexcept {
    const std::uint64_t b = hash >> shift_;
    words_[b >> 6] |= Word{1} << (b & 63);
  }
  bool grow(const StateTable& table, MemoryBudget& budget) {
    const std::size_t words = words_.size() * 2;
    if (!budget.take(words * sizeof(Word))) {
      release(budget);
      return false;
    }
    budget.give_back(bytes());
    words_.assign(words, 0);
    --shift_;
    table.for_each_hash([&](std::uint64_t h) { set(h); });
    return true;
  }

  std::vector<Word> words_;
  unsigned shift_ = 64;
};

}  // namespace search
