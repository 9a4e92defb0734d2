// Words in the messages and reports the project prints: a count with its
// noun in the singular or plural ("1 board", "2 boards"), and the nearest of
// the names a user may have meant ("did you mean 'greedy-look-ahead'?"),
// so that a typo gets one suggestion rather than a list of every name.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace colorwalk {

// `noun` for a count of `n`: as given for 1, else its plural (`plural_form`
// when given, else `noun` + "s").
inline std::string noun_for(std::uint64_t n, std::string_view noun,
                            std::string_view plural_form = {}) {
  if (n == 1) return std::string(noun);
  return plural_form.empty() ? std::string(noun) + "s" : std::string(plural_form);
}

// "N noun(s)": plural(1, "board") is "1 board", plural(2, "board") "2 boards".
inline std::string plural(std::uint64_t n, std::string_view noun,
                          std::string_view plural_form = {}) {
  return std::to_string(n) + " " + noun_for(n, noun, plural_form);
}

// The edit distance of two words: the fewest insertions, deletions,
// substitutions and swaps of two neighbouring characters that turn one into
// the other (optimal string alignment), ignoring case.
inline std::size_t edit_distance(std::string_view a, std::string_view b) {
  const auto lower = [](char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
  };
  const std::size_t n = a.size();
  const std::size_t m = b.size();
  // Three rows of the table: i - 2, i - 1 and i.
  std::vector<std::size_t> two(m + 1), one(m + 1), row(m + 1);
  for (std::size_t j = 0; j <= m; ++j)
    one[j] = j;
  for (std::size_t i = 1; i <= n; ++i) {
    row[0] = i;
    for (std::size_t j = 1; j <= m; ++j) {
      const bool same = lower(a[i - 1]) == lower(b[j - 1]);
      row[j] = std::min({one[j] + 1, row[j - 1] + 1, one[j - 1] + (same ? 0 : 1)});
      if (i > 1 && j > 1 && lower(a[i - 1]) == lower(b[j - 2]) &&
          lower(a[i - 2]) == lower(b[j - 1]))
        row[j] = std::min(row[j], two[j - 2] + 1);
    }
    std::swap(two, one);
    std::swap(one, row);
  }
  return one[m];
}

// The name of `names` that `word`, a word that is none of them, most likely
// misspells: the nearest by edit distance when it is close enough to be a
// typo (at most a third of the longer word's length, and at least 1 edit
// allowed; a name that differs only in case is nearest), else the one name
// that starts with `word` (an abbreviation); nullopt when none is. A tie
// goes to the first name given.
inline std::optional<std::string> nearest_name(std::string_view word,
                                               const std::vector<std::string>& names) {
  std::optional<std::string> best;
  std::size_t best_distance = 0;
  for (const std::string& name : names) {
    const std::size_t d = edit_distance(word, name);
    const std::size_t allowed = std::max<std::size_t>(1, std::max(word.size(), name.size()) / 3);
    if (d > allowed) continue;
    if (!best || d < best_distance) {
      best = name;
      best_distance = d;
    }
  }
  if (best || word.empty()) return best;
  std::optional<std::string> prefixed;
  for (const std::string& name : names) {
    if (name.size() <= word.size() || name.compare(0, word.size(), word) != 0) continue;
    if (prefixed) return std::nullopt;  // several: no one guess
    prefixed = name;
  }
  return prefixed;
}

// "; did you mean 'NAME'?" for the nearest name (nearest_name); "" when
// there is none.
inline std::string did_you_mean(std::string_view word, const std::vector<std::string>& names) {
  const auto name = nearest_name(word, names);
  return name ? "; did you mean '" + *name + "'?" : std::string();
}

}  // namespace colorwalk
