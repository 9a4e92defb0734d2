// Hashing of packed states: hash_words() of a span of words, and
// PrefixHasher for a series of keys that share prefixes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "search/domain.hpp"

namespace search {

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

}  // namespace search
