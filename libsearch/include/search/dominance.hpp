// The dominance check of the best-first searches' skip_dominated: the
// lookup, in duplicate tables, of the keys of the states that a domain
// lists as dominating a state (HasDominatingKeys, domain.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "search/domain.hpp"
#include "search/hashing.hpp"
#include "search/key_filter.hpp"
#include "search/state_table.hpp"

namespace search {

// The lookup of skip_dominated: whether a table holds, at a small enough
// g, one of the keys that a domain lists as dominating a state. The keys
// are listed twice. The first listing hashes them (each from the key before,
// by the words that changed) and starts loading their KeyFilter words;
// the filters then rule out most of them, and the table slots of the rest
// start loading. The second listing probes those: on a large search every
// probe would otherwise miss the cache in turn. `filter_of(hash)` and
// `table_of(hash)` give the filter and table where a key of that hash
// would be (the parallel search's owner's), and `held(table, hash, key)`
// whether that table holds the key at a small enough g.
class DominanceCheck {
 public:
  template <HasDominatingKeys D, class FilterOf, class TableOf, class Held>
  bool any_held(const D& domain, const typename D::State& s, FilterOf&& filter_of,
                TableOf&& table_of, Held&& held) {
    hashes_.clear();
    hasher_.reset();
    domain.for_each_dominating_key(s, [&](std::span<const Word> key) {
      const std::uint64_t h = hasher_(key);
      filter_of(h).prefetch(h);
      hashes_.push_back(h);
      return false;
    });
    bool any = false;
    for (std::uint64_t& h : hashes_) {
      if (filter_of(h).may_hold(h)) {
        table_of(h).prefetch(h);
        any = true;
      } else {
        h = kNotHeld;
      }
    }
    if (!any) return false;
    bool found = false;
    std::size_t i = 0;
    domain.for_each_dominating_key(s, [&](std::span<const Word> key) {
      const std::uint64_t h = hashes_[i++];
      if (h == kNotHeld) return false;
      found = held(table_of(h), h, key);
      return found;
    });
    return found;
  }

 private:
  static constexpr std::uint64_t kNotHeld = 0;  // a hash the filter ruled out
  std::vector<std::uint64_t> hashes_;
  ChangeHasher hasher_;
};

}  // namespace search
