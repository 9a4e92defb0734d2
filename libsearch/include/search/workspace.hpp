// Pooled memory for the searches: a byte budget, a segmented node pool
// addressed by ids, an open-addressing table of ids and a binary heap of ids.
//
// Invariants:
// - Every growth asks the MemoryBudget first; a refused growth leaves the
//   structure unchanged, so the byte limit holds before memory is taken.
// - Pool segment k holds (kFirstSegment << k) nodes: the pool allocates
//   O(log n) times for n nodes, and ids map to (segment, offset) by bit
//   arithmetic. Nodes never move, so pointers into a node stay valid until
//   clear().
// - clear() keeps every allocation, and resetting the table is O(1) (an
//   epoch counter), so a Workspace reused across searches allocates nothing
//   once it has grown to the size the searches need.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "search/bitset.hpp"
#include "search/domain.hpp"
#include "search/shared_memory.hpp"

namespace search {

using NodeId = std::uint32_t;
inline constexpr NodeId kNoNode = std::numeric_limits<NodeId>::max();

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

// Fixed-size records of `words_per_node` words, addressed by NodeId.
class NodePool {
 public:
  static constexpr unsigned kFirstSegmentShift = 10;  // 1024 nodes in segment 0

  // Sets the record size; drops the segments if it changes.
  void configure(std::size_t words_per_node, MemoryBudget& budget) {
    if (words_per_node == words_per_node_) return;
    release(budget);
    words_per_node_ = words_per_node;
  }

  std::size_t words_per_node() const noexcept { return words_per_node_; }
  std::size_t size() const noexcept { return size_; }

  // Appends an uninitialised record; kNoNode when the budget refuses a segment
  // or the id space is exhausted.
  NodeId push(MemoryBudget& budget) {
    if (size_ == capacity_) {
      const std::size_t k = segments_.size();
      if (k >= 22) return kNoNode;  // 2^32 ids
      const std::size_t nodes = std::size_t{1} << (kFirstSegmentShift + k);
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
    const std::size_t scaled = (std::size_t{id} >> kFirstSegmentShift) + 1;
    const auto k = static_cast<std::size_t>(std::bit_width(scaled) - 1);
    const std::size_t offset = id - (((std::size_t{1} << k) - 1) << kFirstSegmentShift);
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
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
  std::size_t bytes_ = 0;
};

// Hash of a span of words (a 64-bit multiply-xorshift mix per word).
namespace detail {
inline std::uint64_t hash_seed(std::size_t words) noexcept {
  return 0x9E3779B97F4A7C15ull ^ words;
}
inline std::uint64_t hash_mix(std::uint64_t h, Word w) noexcept {
  h ^= w + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
  h *= 0xBF58476D1CE4E5B9ull;
  return h ^ (h >> 31);
}
}  // namespace detail

inline std::uint64_t hash_words(std::span<const Word> words) noexcept {
  std::uint64_t h = detail::hash_seed(words.size());
  for (Word w : words)
    h = detail::hash_mix(h, w);
  return h;
}

// hash_words() of a series of keys that share prefixes (keys that differ
// from one state in a bit or two): each key's hash resumes from the longest
// prefix it shares with the key before it, and equals hash_words(key).
class PrefixHasher {
 public:
  // Forgets the key before (the next one is hashed in full).
  void reset() noexcept { shared_ = 0; }
  std::uint64_t operator()(std::span<const Word> key) {
    if (last_.size() != key.size()) {
      last_.assign(key.size(), 0);
      states_.assign(key.size() + 1, detail::hash_seed(key.size()));
      shared_ = 0;
    }
    std::size_t i = 0;
    while (i < shared_ && key[i] == last_[i])
      ++i;
    for (; i < key.size(); ++i) {
      last_[i] = key[i];
      states_[i + 1] = detail::hash_mix(states_[i], key[i]);
    }
    shared_ = key.size();
    return states_.back();
  }

 private:
  std::vector<Word> last_;             // the key before
  std::vector<std::uint64_t> states_;  // states_[i]: the hash after its first i words
  std::size_t shared_ = 0;             // words of last_ that are valid
};

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

// The keys a search stored most recently, kept for the superset check of
// skip_dominated (HasSupersetDominance, domain.hpp): per cost g and per
// bit count, a ring of the last `capacity` keys stored. A strict superset
// of a key has more bits, so a lookup reads only the rings of larger bit
// counts. The dominating nodes that a key's plain lookups miss (two or
// more clusters larger, on the exact domain) were nearly all stored at the
// same g and recently, so a few hundred keys per ring find most of those
// the whole table would (docs/measurements.md).
//
// A ring holds its keys bit-sliced: for each bit position b of a key, one
// row with a bit per slot, set when that slot's key has b. The slots whose
// keys have every bit of a looked-up key are then the AND of the rows of
// its bits, one row (a word per 64 slots) per bit, stopped as soon as it
// is empty; and only the bits that not every key of the ring has (outside
// the ring's core) need a row. So a lookup costs a few row words per bit
// of the key rather than a read of every key, and it is exact. Each slot
// keeps its key as well, so that a new key flips only the row bits where
// it differs from the one it replaces. The rings
// are charged to a budget; when it refuses one more room, that ring keeps
// what it has and its oldest keys give way.
class RecentKeys {
 public:
  // Starts empty for keys of `key_words` words; capacity 0 keeps nothing.
  void start(std::size_t key_words, std::size_t capacity, MemoryBudget& budget) {
    release(budget);
    words_ = key_words;
    capacity_ = capacity;
  }
  // Gives the rings' memory back; it then keeps nothing until started again.
  void release(MemoryBudget& budget) noexcept {
    budget.give_back(bytes_);
    bytes_ = 0;
    capacity_ = 0;
    rings_ = {};
  }
  bool empty() const noexcept { return capacity_ == 0; }

  // Whether a key stored at cost g has every bit of `key` (key_words
  // words) and more.
  bool holds_superset(std::uint32_t g, const Word* key) const noexcept {
    if (g >= rings_.size()) return false;
    const std::vector<Ring>& by_bits = rings_[g];
    const std::size_t bits = bits::count({key, words_});
    for (std::size_t b = bits + 1; b < by_bits.size(); ++b) {
      const Ring& ring = by_bits[b];
      if (ring.count == 0) continue;
      if (holds_in(ring, key)) return true;
    }
    return false;
  }

  // Remembers `key` (key_words words), stored at cost g.
  void add(std::uint32_t g, const Word* key, MemoryBudget& budget) {
    if (capacity_ == 0) return;
    if (rings_.size() <= g) rings_.resize(std::size_t{g} + 1);
    std::vector<Ring>& by_bits = rings_[g];
    const std::size_t bits = bits::count({key, words_});
    if (by_bits.size() <= bits) by_bits.resize(bits + 1);
    Ring& ring = by_bits[bits];
    if (ring.count < capacity_ && ring.count == ring.room) grow(ring, budget);
    std::size_t slot = 0;
    if (ring.count < ring.room) {
      slot = ring.count++;
      ring.next = ring.count;
    } else {
      if (ring.count == 0) return;  // the budget refused a first room
      // Full, or refused more room: the oldest key gives way.
      if (ring.next >= ring.count) ring.next = 0;
      slot = ring.next++;
    }
    // Column `slot` flipped in the rows where the key differs from the one
    // the slot held (a new slot held none: all zero).
    Word* held = ring.keys.data() + slot * words_;
    Word* column = ring.rows.data() + slot / bits::kWordBits;
    const Word bit = Word{1} << (slot % bits::kWordBits);
    const std::size_t stride = row_words(ring.room);
    for (std::size_t w = 0; w < words_; ++w) {
      for (Word flip = held[w] ^ key[w]; flip != 0; flip &= flip - 1) {
        const std::size_t p =
            w * bits::kWordBits + static_cast<std::size_t>(std::countr_zero(flip));
        column[p * stride] ^= bit;
      }
      held[w] = key[w];
      ring.core[w] &= key[w];
    }
  }

 private:
  struct Ring {
    // Row of bit position p (bit b of word w: p = 64 w + b) at p *
    // row_words(room): bit i of it set when the key in slot i has that bit.
    std::vector<Word> rows;
    std::vector<Word> keys;  // the key in slot i at i * words_ (zero if none)
    std::vector<Word> core;  // the bits of every key taken (words_ words)
    std::size_t room = 0;    // keys it has room for
    std::size_t count = 0;   // keys held
    std::size_t next = 0;    // one past the newest key (the oldest's slot when full)
  };

  // Words of a row of a ring with room for `room` keys: one per 64 slots.
  static std::size_t row_words(std::size_t room) noexcept {
    return (room + bits::kWordBits - 1) / bits::kWordBits;
  }

  // Whether one of the ring's keys has every bit of `key`: the AND of the
  // rows of its bits outside the core, 4 row words (256 slots) at a time,
  // each stopped as soon as it is empty. Slots that hold no key have no
  // bit in any row; with no bit outside the core (the AND still full),
  // every key the ring holds, at least one, has them all. The bits are
  // taken from the highest down: where high positions are the rarest
  // members (the exact domain numbers clusters in reading order, so from a
  // corner start the high ones lie far away) that empties the AND soonest.
  bool holds_in(const Ring& ring, const Word* key) const noexcept {
    const std::size_t stride = row_words(ring.room);
    for (std::size_t from = 0; from < stride; from += 4) {
      const std::size_t n = std::min<std::size_t>(4, stride - from);
      Word acc[4] = {~Word{0}, ~Word{0}, ~Word{0}, ~Word{0}};
      bool alive = true;
      for (std::size_t w = words_; w-- > 0 && alive;) {
        for (Word rest = key[w] & ~ring.core[w]; rest != 0 && alive;) {
          const std::size_t top =
              bits::kWordBits - 1 - static_cast<std::size_t>(std::countl_zero(rest));
          rest &= ~(Word{1} << top);
          const std::size_t p = w * bits::kWordBits + top;
          const Word* row = ring.rows.data() + p * stride + from;
          Word any = 0;
          for (std::size_t i = 0; i < n; ++i) {
            acc[i] &= row[i];
            any |= acc[i];
          }
          alive = any != 0;
        }
      }
      if (alive) return true;
    }
    return false;
  }

  // Doubles a ring's room (8 at first, at most capacity_), charged to the
  // budget; leaves it as it is when the budget refuses. The rows widen
  // when the room passes a multiple of 64 slots.
  void grow(Ring& ring, MemoryBudget& budget) {
    const std::size_t room = std::min(capacity_, std::max<std::size_t>(8, 2 * ring.room));
    const std::size_t old_words = row_words(ring.room);
    const std::size_t new_words = row_words(room);
    const std::size_t positions = words_ * bits::kWordBits;
    const std::size_t more = (new_words - old_words) * positions * sizeof(Word) +
                             (room - ring.room) * words_ * sizeof(Word) +
                             (ring.room == 0 ? words_ * sizeof(Word) : 0);
    if (!budget.take(more)) return;
    bytes_ += more;
    if (new_words != old_words) {
      std::vector<Word> rows(positions * new_words, 0);
      for (std::size_t p = 0; p < positions && old_words != 0; ++p)
        std::copy_n(ring.rows.data() + p * old_words, old_words, rows.data() + p * new_words);
      ring.rows = std::move(rows);
    }
    if (ring.room == 0) ring.core.assign(words_, ~Word{0});  // no key taken yet
    ring.keys.resize(room * words_, 0);
    ring.room = room;
  }

  std::vector<std::vector<Ring>> rings_;  // [g][bit count]
  std::size_t words_ = 0;
  std::size_t capacity_ = 0;
  std::size_t bytes_ = 0;  // charged to the budget
};

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

// True when the first `key` state words of pooled node `id` (after
// `header` words) equal `probe`.
inline bool key_equals(const NodePool& pool, NodeId id, std::size_t header,
                       std::span<const Word> probe, std::size_t key) noexcept {
  const Word* w = pool[id] + header;
  for (std::size_t i = 0; i < key; ++i)
    if (w[i] != probe[i]) return false;
  return true;
}

// The pooled searches (BFS, best-first, beam) store a node as two header
// words, (parent << 32 | move bits) and the path cost g (best-first keeps a
// flag in its upper half), followed by the packed state.
inline constexpr std::size_t kNodeHeaderWords = 2;

// The best-first searches' flag in a node's g word: expanded (closed).
inline constexpr Word kClosedFlag = Word{1} << 32;

// A heap entry of a node closed since, or reached since at a smaller cost
// (the best-first searches skip it when popped).
inline bool is_stale(const NodePool& pool, const BinaryHeap::Entry& e) noexcept {
  const Word* node = pool[e.id];
  return (node[1] & kClosedFlag) != 0 || static_cast<std::uint32_t>(node[1]) != e.g;
}

// The moves from the root to node `id`, in order, written into `out`;
// node_of(id) gives a node's words (its header first).
template <class Move, class NodeOf>
void trace_path_with(NodeOf&& node_of, NodeId id, std::vector<Move>& out) {
  const auto parent = [&](NodeId n) { return static_cast<NodeId>(node_of(n)[0] >> 32); };
  std::size_t length = 0;
  for (NodeId n = id; parent(n) != kNoNode; n = parent(n))
    ++length;
  out.resize(length);  // one allocation at most
  for (NodeId n = id; length > 0; n = parent(n))
    out[--length] = move_from_bits<Move>(static_cast<std::uint32_t>(node_of(n)[0]));
}

// The moves from the root to pooled node `id`, in order, written into `out`.
template <class Move>
void trace_path(const NodePool& pool, NodeId id, std::vector<Move>& out) {
  trace_path_with([&](NodeId n) { return pool[n]; }, id, out);
}

// Everything the pooled searches (BFS, best-first, beam) and DFS's
// duplicate store need, reused across searches with a cheap reset.
class Workspace {
 public:
  // Prepares for a search with records of `words_per_node` words under
  // `max_bytes`. Memory kept from earlier searches counts against the limit;
  // if it alone exceeds the limit, it is released first.
  void begin(std::size_t words_per_node, std::size_t max_bytes) {
    budget.set_limit(max_bytes);
    pool.configure(words_per_node, budget);
    pool.clear();
    heap.clear();
    table.clear();
    if (budget.used() > max_bytes) release();
    budget.reset_peak();
  }

  void release() noexcept {
    pool.release(budget);
    heap.release(budget);
    table.release(budget);
  }

  // Draws the workspace's memory from `shared` as well as from each
  // search's own limit (nullptr: the search's limit alone). Memory held is
  // released first when the parent changes, so a shared budget counts
  // exactly what the workspace holds.
  void share(SharedMemory* shared) noexcept {
    if (budget.parent() == shared) return;
    release();
    budget.set_parent(shared);
  }

  // Releases everything when the workspace holds more than `bytes`: keeps a
  // workspace that waits between searches from holding on to memory that
  // searches elsewhere could use.
  void trim(std::size_t bytes) noexcept {
    if (budget.used() > bytes) release();
  }

  MemoryBudget budget;
  NodePool pool;
  StateTable table;
  BinaryHeap heap;
  std::vector<Word> scratch;  // one packed state, for probing the table
};

// Appends a node [parent|move][g][the packed state in ws.scratch] to the
// pool; kNoNode when the byte budget refuses.
inline NodeId push_node(Workspace& ws, NodeId parent, std::uint32_t move, std::uint32_t g) {
  const NodeId id = ws.pool.push(ws.budget);
  if (id == kNoNode) return kNoNode;
  Word* node = ws.pool[id];
  node[0] = (Word{parent} << 32) | move;
  node[1] = g;
  std::copy(ws.scratch.begin(), ws.scratch.end(), node + kNodeHeaderWords);
  return id;
}

}  // namespace search
