// TranspositionTable: the smallest path cost g at which each state was
// reached, for the duplicate pruning of the depth-first searches (DFS's
// detect_duplicates, IDA*'s transposition_table). Its records, [g][packed
// state], live in a Workspace's pool, indexed by its table. When the byte
// budget refuses to grow them it stops remembering: a search then prunes
// less, never wrongly.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "search/domain.hpp"
#include "search/hashing.hpp"
#include "search/workspace.hpp"

namespace search {

class TranspositionTable {
 public:
  static constexpr std::size_t kHeaderWords = 1;  // a record: [g][packed state]

  explicit TranspositionTable(Workspace& workspace) noexcept : ws_(workspace) {}

  // Prepares the workspace for states of `packed_words` words, the first
  // `key_words` of them their key, under `max_bytes`; it holds no state.
  void begin(std::size_t packed_words, std::size_t key_words, std::size_t max_bytes) {
    packed_ = packed_words;
    key_ = key_words;
    ws_.begin(kHeaderWords + packed_, max_bytes);
    ws_.scratch.resize(packed_);
  }

  // Forgets every state, keeping the memory.
  void clear() noexcept {
    ws_.pool.clear();
    ws_.table.clear();
  }

  // Whether the search asks seen_cheaper(), which records states: set by
  // the search, and turned off when the budget refuses a record.
  bool remembering() const noexcept { return remembering_; }
  void remember(bool on) noexcept { remembering_ = on; }

  std::size_t record_bytes() const noexcept { return (kHeaderWords + packed_) * sizeof(Word); }
  std::size_t peak_bytes() const noexcept { return ws_.budget.peak(); }

  // True when state s was already reached at cost <= g (counted in
  // `duplicates`); otherwise records g for it.
  template <StorableDomain D>
  bool seen_cheaper(const D& domain, const typename D::State& s, std::uint32_t g,
                    std::uint64_t& duplicates) {
    domain.pack(s, ws_.scratch);
    const std::uint64_t h = hash_words({ws_.scratch.data(), key_});
    const NodeId known = ws_.table.find(h, [&](NodeId other) {
      return key_equals(ws_.pool, other, kHeaderWords, ws_.scratch, key_);
    });
    if (known != kNoNode) {
      Word* record = ws_.pool[known];
      if (record[0] <= g) {
        ++duplicates;
        return true;
      }
      record[0] = g;
      return false;
    }
    if (!ws_.table.reserve_one(ws_.budget)) {
      remembering_ = false;
      return false;
    }
    const NodeId id = ws_.pool.push(ws_.budget);
    if (id == kNoNode) {
      remembering_ = false;
      return false;
    }
    Word* record = ws_.pool[id];
    record[0] = g;
    std::copy(ws_.scratch.begin(), ws_.scratch.end(), record + kHeaderWords);
    ws_.table.insert_unchecked(h, id);
    return false;
  }

 private:
  Workspace& ws_;
  std::size_t packed_ = 0;
  std::size_t key_ = 0;
  bool remembering_ = false;
};

}  // namespace search
