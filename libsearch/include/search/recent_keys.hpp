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
  static constexpr std::size_t kBudgetShare = 8;
};

}  // namespace search
