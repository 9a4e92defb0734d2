// RecentKeys: the keys a search stored last, per cost and bit count, with
// a bit-sliced lookup of a strict superset of a key.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "search/bitset.hpp"
#include "search/domain.hpp"
#include "search/memory_budget.hpp"

namespace search {

// The keys a search stored most recently, kept for the superset check of
// skip_dominated (HasSupersetDominance, domain.hpp): per cost g and per
// bit count, a ring of the last `capacity` keys stored. A strict superset
// of a key has more bits, so a lookup reads only the rings of larger bit
// counts. It pays on a domain where the dominating nodes that a key's
// plain lookups miss are mostly stored at the same g and recently: there
// a few hundred keys per ring find most of those the whole table would.
//
// A ring holds its keys bit-sliced: for each bit position b of a key, one
// row with a bit per slot, set when that slot's key has b. The slots whose
// keys have every bit of a looked-up key are then the AND of the rows of
// its bits, one row (a word per 64 slots) per bit, stopped as soon as it
// is empty; and only the bits that not every key of the ring has (outside
// the ring's core) need a row. So a lookup costs a few row words per bit
// of the key rather than a read of every key, and it is exact. Each slot
// keeps its key as well, so that a new key flips only the row bits where
// it differs from the one it replaces. The rings are charged to a budget,
// and take at most an eighth of what it can hold (kBudgetShare), so that
// under a small limit they leave the search its room; when a ring cannot
// grow, it keeps what it has and its oldest keys give way.
//
// A parallel search's workers each keep their own (parts, written in its
// insert steps); one more, their union (start_union, assemble), puts the
// parts' rings of each g and bit count side by side, so that a lookup
// ANDs one row per bit, not one per part.
class RecentKeys {
 public:
  // Starts empty for keys of `key_words` words; capacity 0 keeps nothing.
  // `parts`: how many RecentKeys share the budget's reach (a parallel
  // search's workers), each taking its part of the eighth.
  void start(std::size_t key_words, std::size_t capacity, MemoryBudget& budget,
             std::size_t parts = 1) {
    release(budget);
    words_ = key_words;
    capacity_ = capacity;
    max_bytes_ = budget.reach() / kBudgetShare / std::max<std::size_t>(1, parts);
    track_ = parts > 1;  // a part of a union: it lists the rings it changes
  }
  // Starts empty as the union of `parts` parts started with (key_words,
  // part_capacity, budget, parts): it takes keys only from assemble().
  void start_union(std::size_t key_words, std::size_t parts, std::size_t part_capacity,
                   MemoryBudget& budget) {
    release(budget);
    words_ = key_words;
    part_capacity_ = part_capacity;
    capacity_ = parts * part_capacity;
    max_bytes_ = budget.reach() / kBudgetShare;
    track_ = false;
  }
  // Gives the rings' memory back; it then keeps nothing until started again.
  void release(MemoryBudget& budget) noexcept {
    budget.give_back(bytes_);
    bytes_ = 0;
    capacity_ = 0;
    part_capacity_ = 0;
    rings_ = {};
    changed_ = {};
    pairs_ = {};
    failed_ = false;
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
    if (track_ && !ring.changed) {
      ring.changed = true;
      changed_.push_back((std::uint64_t{g} << 32) | bits);
    }
  }

  // Makes this (started with start_union) the union of part(0) ..
  // part(n - 1): per g and bit count, one ring whose slots are the parts'
  // slots side by side, part i's from i * part_capacity. Brings in only
  // the rings a part changed since the last call, so it is called between
  // the parts' adds, never during them. False when the budget refuses the
  // union its room: from then on it holds nothing until started again, and
  // the parts are to be asked one by one. The same as gather(), then
  // bring_in() of every ring gathered, then gathered().
  template <class Part>
  bool assemble(std::size_t n, Part&& part, MemoryBudget& budget) {
    if (!gather(n, part, budget)) return false;
    bring_in(0, pending(), n, part);
    gathered();
    return true;
  }
  // assemble() in three steps, the second of which workers may share: the
  // rings the parts changed, listed, each made in the union if new (false
  // when the budget refuses, as assemble()); then bring_in(from, to) of
  // rings from .. to - 1 of the pending() listed, on any thread, for
  // disjoint ranges at once; then gathered() once all are in.
  template <class Part>
  bool gather(std::size_t n, Part&& part, MemoryBudget& budget) {
    for (std::size_t i = 0; i < n; ++i) {
      RecentKeys& from = part(i);
      for (const std::uint64_t where : from.changed_) {
        const auto g = static_cast<std::uint32_t>(where >> 32);
        const auto b = static_cast<std::size_t>(where & 0xffffffffu);
        from.rings_[g][b].changed = false;
        if (failed_) continue;
        Ring* to = union_ring(g, b, budget);
        if (to == nullptr) {
          release(budget);
          failed_ = true;
          continue;
        }
        if (!to->changed) {
          to->changed = true;
          to->listed = changed_.size();
          changed_.push_back(where);
        }
        pairs_.push_back((Word{to->listed} << 32) | i);
      }
      from.changed_.clear();
    }
    if (failed_) return false;
    // The (ring, part) pairs in the rings' order: bring_in(from, to) copies
    // those of its rings.
    std::sort(pairs_.begin(), pairs_.end());
    return true;
  }
  std::size_t pending() const noexcept { return changed_.size(); }
  template <class Part>
  void bring_in(std::size_t from, std::size_t to, std::size_t n, Part&& part) {
    static const Ring kNone;
    for (std::size_t j = from; j < to; ++j) {
      const auto g = static_cast<std::uint32_t>(changed_[j] >> 32);
      const auto b = static_cast<std::size_t>(changed_[j] & 0xffffffffu);
      Ring& ring = rings_[g][b];
      ring.changed = false;
      ring.count = 0;
      std::fill(ring.core.begin(), ring.core.end(), ~Word{0});
      for (std::size_t i = 0; i < n; ++i) {
        const RecentKeys& p = part(i);
        const Ring& r = g < p.rings_.size() && b < p.rings_[g].size() ? p.rings_[g][b] : kNone;
        if (r.count == 0) continue;
        ring.count += r.count;
        for (std::size_t w = 0; w < words_; ++w)
          ring.core[w] &= r.core[w];
      }
    }
    for (std::size_t k = pair_begin(from); k < pair_begin(to); ++k) {
      const auto g = static_cast<std::uint32_t>(changed_[pairs_[k] >> 32] >> 32);
      const auto b = static_cast<std::size_t>(changed_[pairs_[k] >> 32] & 0xffffffffu);
      const std::size_t i = pairs_[k] & 0xffffffffu;
      copy_slots(part(i).rings_[g][b], i * part_capacity_, rings_[g][b]);
    }
  }
  void gathered() noexcept {
    changed_.clear();
    pairs_.clear();
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
    bool changed = false;    // listed in changed_ since the last assemble()
    std::size_t listed = 0;  // the union's: its place in changed_ when listed
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
  // taken from the highest down: on a domain whose sets hold their high
  // positions the most rarely, that empties the AND soonest.
  bool holds_in(const Ring& ring, const Word* key) const noexcept {
    const std::size_t stride = row_words(ring.room);
    for (std::size_t from = 0; from < stride; from += 4) {
      const Word* rows = ring.rows.data() + from;
      bool found = false;
      switch (std::min<std::size_t>(4, stride - from)) {
        case 1: found = holds_in_slots<1>(ring, rows, stride, key); break;
        case 2: found = holds_in_slots<2>(ring, rows, stride, key); break;
        case 3: found = holds_in_slots<3>(ring, rows, stride, key); break;
        default: found = holds_in_slots<4>(ring, rows, stride, key); break;
      }
      if (found) return true;
    }
    return false;
  }
  // holds_in over the kRowWords row words from `rows` (64 slots each): the
  // AND kept in registers.
  template <std::size_t kRowWords>
  bool holds_in_slots(const Ring& ring, const Word* rows, std::size_t stride,
                      const Word* key) const noexcept {
    Word acc[kRowWords];
    for (std::size_t i = 0; i < kRowWords; ++i)
      acc[i] = ~Word{0};
    for (std::size_t w = words_; w-- > 0;) {
      for (Word rest = key[w] & ~ring.core[w]; rest != 0;) {
        const std::size_t top =
            bits::kWordBits - 1 - static_cast<std::size_t>(std::countl_zero(rest));
        rest &= ~(Word{1} << top);
        const Word* row = rows + (w * bits::kWordBits + top) * stride;
        Word any = 0;
        for (std::size_t i = 0; i < kRowWords; ++i) {
          acc[i] &= row[i];
          any |= acc[i];
        }
        if (any == 0) return false;
      }
    }
    return true;
  }

  // The union's ring of g and bit count b, made with room for every part's
  // slots when first asked for; nullptr when the budget refuses it.
  Ring* union_ring(std::uint32_t g, std::size_t b, MemoryBudget& budget) {
    if (rings_.size() <= g) rings_.resize(std::size_t{g} + 1);
    if (rings_[g].size() <= b) rings_[g].resize(b + 1);
    Ring& ring = rings_[g][b];
    if (ring.room != 0) return &ring;
    const std::size_t positions = words_ * bits::kWordBits;
    const std::size_t more = (positions * row_words(capacity_) + words_) * sizeof(Word);
    if (more > max_bytes_ - std::min(max_bytes_, bytes_) || !budget.take(more)) return nullptr;
    bytes_ += more;
    ring.rows.assign(positions * row_words(capacity_), 0);
    ring.core.assign(words_, ~Word{0});
    ring.room = capacity_;
    return &ring;
  }
  // The first of pairs_ of listed ring j or later.
  std::size_t pair_begin(std::size_t j) const noexcept {
    return static_cast<std::size_t>(
        std::lower_bound(pairs_.begin(), pairs_.end(), Word{j} << 32) - pairs_.begin());
  }
  // Copies the part_capacity_ slots of a part's ring, in every row, into
  // the union's ring `to` from slot `first` on (slots the part has no room
  // for yet hold no key: zero).
  void copy_slots(const Ring& from, std::size_t first, Ring& to) const noexcept {
    const std::size_t positions = words_ * bits::kWordBits;
    const std::size_t from_stride = row_words(from.room);
    const std::size_t to_stride = row_words(to.room);
    for (std::size_t p = 0; p < positions; ++p) {
      const Word* src = from.rows.data() + p * from_stride;
      Word* dst = to.rows.data() + p * to_stride;
      for (std::size_t s = 0; s < part_capacity_; s += bits::kWordBits) {
        const std::size_t n = std::min(bits::kWordBits, part_capacity_ - s);
        const Word mask = n == bits::kWordBits ? ~Word{0} : (Word{1} << n) - 1;
        const Word v = (s / bits::kWordBits < from_stride ? src[s / bits::kWordBits] : 0) & mask;
        const std::size_t at = first + s;
        const std::size_t q = at / bits::kWordBits;
        const std::size_t shift = at % bits::kWordBits;
        dst[q] = (dst[q] & ~(mask << shift)) | (v << shift);
        if (shift + n > bits::kWordBits) {
          const Word high = (Word{1} << (shift + n - bits::kWordBits)) - 1;
          dst[q + 1] = (dst[q + 1] & ~high) | (v >> (bits::kWordBits - shift));
        }
      }
    }
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
    if (more > max_bytes_ - std::min(max_bytes_, bytes_) || !budget.take(more)) return;
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
  std::size_t bytes_ = 0;      // charged to the budget
  std::size_t max_bytes_ = 0;  // the most bytes_ may reach
  // A part: whether it lists the rings it changes, and the list ([g][bits]
  // as g << 32 | bits). The union: each part's capacity, the rings an
  // assemble() copied into, and whether the budget refused it room.
  bool track_ = false;
  std::vector<std::uint64_t> changed_;
  std::vector<Word> pairs_;  // the union's: (listed ring << 32 | part) to copy
  std::size_t part_capacity_ = 0;
  bool failed_ = false;
  static constexpr std::size_t kBudgetShare = 8;
};

}  // namespace search
