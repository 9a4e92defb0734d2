// Hashing of packed states: hash_words() of a span of words, and
// ChangeHasher for a series of keys that differ from one another in a word
// or two.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "search/domain.hpp"

namespace search {

// The hash of a span of words: the XOR of one hash per word, each of the
// word and its position (splitmix64's finalizer), so that a key that
// differs from another in one word differs in its hash by that word's
// terms alone (ChangeHasher), and the words' hashes do not wait on one
// another.
namespace detail {
inline std::uint64_t hash_seed(std::size_t words) noexcept {
  return 0x9E3779B97F4A7C15ull ^ words;
}
inline std::uint64_t word_hash(std::size_t position, Word w) noexcept {
  std::uint64_t x = w + 0x9E3779B97F4A7C15ull * (position + 1);
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}
}  // namespace detail

inline std::uint64_t hash_words(std::span<const Word> words) noexcept {
  std::uint64_t h = detail::hash_seed(words.size());
  for (std::size_t i = 0; i < words.size(); ++i)
    h ^= detail::word_hash(i, words[i]);
  return h;
}

// hash_words() of a series of keys that differ from the one before in a
// word or two (a state's keys with one bit or one group of bits more):
// each key's hash is the one before with the terms of the words that
// changed replaced, and equals hash_words(key).
class ChangeHasher {
 public:
  // Forgets the key before (the next one is hashed in full).
  void reset() noexcept { known_ = false; }
  std::uint64_t operator()(std::span<const Word> key) {
    if (!known_ || last_.size() != key.size()) {
      last_.assign(key.begin(), key.end());
      terms_.resize(key.size());
      hash_ = detail::hash_seed(key.size());
      for (std::size_t i = 0; i < key.size(); ++i)
        hash_ ^= terms_[i] = detail::word_hash(i, key[i]);
      known_ = true;
      return hash_;
    }
    for (std::size_t i = 0; i < key.size(); ++i) {
      if (key[i] == last_[i]) continue;
      last_[i] = key[i];
      const std::uint64_t term = detail::word_hash(i, key[i]);
      hash_ ^= terms_[i] ^ term;
      terms_[i] = term;
    }
    return hash_;
  }

 private:
  std::vector<Word> last_;             // the key before
  std::vector<std::uint64_t> terms_;   // terms_[i]: word i's term in its hash
  std::uint64_t hash_ = 0;             // the key before's hash
  bool known_ = false;                 // last_, terms_ and hash_ are valid
};

}  // namespace search
