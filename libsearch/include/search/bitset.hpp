// Word-level bit operations over caller-owned spans of 64-bit words.
//
// The marker states of the search domains are runtime-sized bitsets packed
// into contiguous words so that a state is copied by copying words and lives
// happily inside a pool. These helpers never allocate and never check bounds
// beyond what the span carries: bit `i` lives in word `i / 64`, bit `i % 64`.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>

namespace search::bits {

using Word = std::uint64_t;
inline constexpr std::size_t kWordBits = 64;

// Number of words needed to hold `n` bits.
constexpr std::size_t words_for(std::size_t n) noexcept {
  return (n + kWordBits - 1) / kWordBits;
}

constexpr bool test(std::span<const Word> words, std::size_t i) noexcept {
  return (words[i / kWordBits] >> (i % kWordBits)) & 1u;
}

constexpr void set(std::span<Word> words, std::size_t i) noexcept {
  words[i / kWordBits] |= Word{1} << (i % kWordBits);
}

constexpr void reset(std::span<Word> words, std::size_t i) noexcept {
  words[i / kWordBits] &= ~(Word{1} << (i % kWordBits));
}

constexpr std::size_t count(std::span<const Word> words) noexcept {
  std::size_t n = 0;
  for (Word w : words)
    n += static_cast<std::size_t>(std::popcount(w));
  return n;
}

constexpr bool none(std::span<const Word> words) noexcept {
  for (Word w : words)
    if (w != 0) return false;
  return true;
}

// True when `a & b` has a set bit. Spans must be the same length.
constexpr bool intersects(std::span<const Word> a, std::span<const Word> b) noexcept {
  for (std::size_t i = 0; i < a.size(); ++i)
    if ((a[i] & b[i]) != 0) return true;
  return false;
}

// Calls `f(bit_index)` for every set bit of `word`, whose bit 0 is `base`.
template <class F>
constexpr void for_each_bit(Word word, std::size_t base, F&& f) {
  while (word != 0) {
    f(base + static_cast<std::size_t>(std::countr_zero(word)));
    word &= word - 1;
  }
}

// Calls `f(bit_index)` for every set bit, in increasing order.
template <class F>
constexpr void for_each_set(std::span<const Word> words, F&& f) {
  for (std::size_t w = 0; w < words.size(); ++w)
    for_each_bit(words[w], w * kWordBits, f);
}

}  // namespace search::bits
