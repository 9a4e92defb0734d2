// NodePool: fixed-size records addressed by NodeId. Segment k holds
// (1 << (first_shift + k)) records: the pool allocates O(log n) times for n
// records, and ids map to (segment, offset) by bit arithmetic. Records
// never move, so pointers into one stay valid until clear().
//
// Segment 0 holds 1024 records, or fewer when they are large: at most
// kFirstSegmentBytes of them, and at least one. A search whose states are
// large (a cluster set of a huge board) then takes memory as it needs it,
// and one that may hold only a few records is not refused its first.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <span>
#include <vector>

#include "search/domain.hpp"
#include "search/memory_budget.hpp"

namespace search {

using NodeId = std::uint32_t;
inline constexpr NodeId kNoNode = std::numeric_limits<NodeId>::max();

// Fixed-size records of `words_per_node` words, addressed by NodeId.
class NodePool {
 public:
  static constexpr unsigned kFirstSegmentShift = 10;  // 1024 nodes in segment 0 at most
  static constexpr std::size_t kFirstSegmentBytes = std::size_t{1} << 20;

  // Sets the record size; drops the segments if it changes.
  void configure(std::size_t words_per_node, MemoryBudget& budget) {
    if (words_per_node == words_per_node_) return;
    release(budget);
    words_per_node_ = words_per_node;
    const std::size_t fit =
        kFirstSegmentBytes / std::max<std::size_t>(1, words_per_node * sizeof(Word));
    first_shift_ =
        fit == 0 ? 0 : std::min(kFirstSegmentShift, static_cast<unsigned>(std::bit_width(fit) - 1));
  }

  std::size_t words_per_node() const noexcept { return words_per_node_; }
  std::size_t size() const noexcept { return size_; }

  // Appends an uninitialised record; kNoNode when the budget refuses a segment
  // or the id space is exhausted.
  NodeId push(MemoryBudget& budget) {
    if (size_ == capacity_) {
      const std::size_t k = segments_.size();
      if (k >= 22) return kNoNode;  // 2^32 ids at most
      const std::size_t nodes = std::size_t{1} << (first_shift_ + k);
      const std::size_t bytes = nodes * words_per_node_ * sizeof(Word);
      if (!budget.take(bytes)) return kNoNode;
      if (segments_.size() == segments_.capacity()) segments_.reserve(24);
      segments_.push_back(std::make_unique_for_overwrite<Word[]>(nodes * words_per_node_));
      capacity_ += nodes;
      bytes_ += bytes;
    }
    return static_cast<NodeId>(size_++);
  }

  Word* operator[](NodeId id) noexcept {
    const std::size_t scaled = (std::size_t{id} >> first_shift_) + 1;
    const auto k = static_cast<std::size_t>(std::bit_width(scaled) - 1);
    const std::size_t offset = id - (((std::size_t{1} << k) - 1) << first_shift_);
    return segments_[k].get() + offset * words_per_node_;
  }
  const Word* operator[](NodeId id) const noexcept { return const_cast<NodePool&>(*this)[id]; }

  void clear() noexcept { size_ = 0; }
  void release(MemoryBudget& budget) noexcept {
    budget.give_back(bytes_);
    segments_.clear();
    segments_.shrink_to_fit();
    size_ = capacity_ = bytes_ = 0;
  }
  std::size_t bytes() const noexcept { return bytes_; }
  std::size_t segment_count() const noexcept { return segments_.size(); }

 private:
  std::vector<std::unique_ptr<Word[]>> segments_;
  std::size_t words_per_node_ = 0;
  unsigned first_shift_ = kFirstSegmentShift;  // segment 0 holds 1 << first_shift_ records
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
  std::size_t bytes_ = 0;
};

// True when the first `key` state words of pooled node `id` (after
// `header` words) equal `probe`.
inline bool key_equals(const NodePool& pool, NodeId id, std::size_t header,
                       std::span<const Word> probe, std::size_t key) noexcept {
  const Word* w = pool[id] + header;
  for (std::size_t i = 0; i < key; ++i)
    if (w[i] != probe[i]) return false;
  return true;
}

}  // namespace search
