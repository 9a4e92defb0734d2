// BinaryHeap: the open list of the best-first searches, a binary min-heap
// of node ids with their keys inline, grown under a MemoryBudget.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "search/memory_budget.hpp"
#include "search/node_pool.hpp"

namespace search {

// A binary min-heap of node ids with their keys inline. Ties on the key go
// to the smaller id (the earlier node), so the order is deterministic.
class BinaryHeap {
 public:
  struct Entry {
    std::int64_t key;
    NodeId id;
    std::uint32_t g;  // the node's cost when pushed (stale entries are skipped)
  };

  bool empty() const noexcept { return entries_.empty(); }
  std::size_t size() const noexcept { return entries_.size(); }
  const Entry& top() const noexcept { return entries_.front(); }
  std::span<const Entry> entries() const noexcept { return entries_; }  // in heap order
  std::size_t bytes() const noexcept { return entries_.capacity() * sizeof(Entry); }

  // Pushes; false (and nothing pushed) when the budget refuses to grow.
  bool push(const Entry& e, MemoryBudget& budget) {
    if (entries_.size() == entries_.capacity()) {
      const std::size_t capacity = std::max<std::size_t>(1024, entries_.capacity() * 2);
      if (!budget.take((capacity - entries_.capacity()) * sizeof(Entry))) return false;
      entries_.reserve(capacity);
    }
    entries_.push_back(e);
    sift_up(entries_.size() - 1);
    return true;
  }

  Entry pop() noexcept {
    const Entry top_entry = entries_.front();
    entries_.front() = entries_.back();
    entries_.pop_back();
    if (!entries_.empty()) sift_down(0);
    return top_entry;
  }

  void clear() noexcept { entries_.clear(); }
  void release(MemoryBudget& budget) noexcept {
    budget.give_back(bytes());
    entries_ = std::vector<Entry>();
  }

 private:
  static bool before(const Entry& a, const Entry& b) noexcept {
    return a.key < b.key || (a.key == b.key && a.id < b.id);
  }
  void sift_up(std::size_t i) noexcept {
    const Entry e = entries_[i];
    while (i > 0) {
      const std::size_t parent = (i - 1) / 2;
      if (!before(e, entries_[parent])) break;
      entries_[i] = entries_[parent];
      i = parent;
    }
    entries_[i] = e;
  }
  void sift_down(std::size_t i) noexcept {
    const Entry e = entries_[i];
    const std::size_t n = entries_.size();
    for (;;) {
      std::size_t child = 2 * i + 1;
      if (child >= n) break;
      if (child + 1 < n && before(entries_[child + 1], entries_[child])) ++child;
      if (!before(entries_[child], e)) break;
      entries_[i] = entries_[child];
      i = child;
    }
    entries_[i] = e;
  }

  std::vector<Entry> entries_;
};

}  // namespace search
