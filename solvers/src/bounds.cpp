#include "colorwalk/bounds.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <utility>

#include <boost/container/small_vector.hpp>

namespace colorwalk {

std::uint32_t colors_left(const ClusterGraph& graph, const MarkerState& s) noexcept {
  const auto absorbed = s.absorbed();
  std::uint32_t count = 0;
  for (Color c = 0; c < graph.colors(); ++c) {
    const auto set = graph.color_set(c);
    for (std::size_t w = 0; w < set.size(); ++w) {
      if ((set[w] & ~absorbed[w]) != 0) {
        ++count;
        break;
      }
    }
  }
  return count;
}

std::uint32_t distance_bound(const ClusterGraph& graph, const MarkerState& s) {
  using Word = ClusterGraph::Word;
  const std::size_t words = graph.set_words();
  // visited | layer | next, on the stack for graphs of up to 64 * 64 clusters.
  boost::container::small_vector<Word, 3 * 64> buffer(3 * words, 0);
  const std::span<Word> visited(buffer.data(), words);
  std::span<Word> layer(buffer.data() + words, words);
  std::span<Word> next(buffer.data() + 2 * words, words);
  const auto absorbed = s.absorbed();
  const auto frontier = s.frontier();
  for (std::size_t w = 0; w < words; ++w) {
    visited[w] = absorbed[w] | frontier[w];
    layer[w] = frontier[w];
  }
  // colours[d - 1]: the colours of the clusters at distance d.
  boost::container::small_vector<std::uint64_t, 64> colours;
  bool any = true;
  while (any) {
    std::uint64_t mask = 0;
    for (std::size_t w = 0; w < words; ++w)
      next[w] = 0;
    search::bits::for_each_set(std::span<const Word>(layer), [&](std::size_t x) {
      const auto id = static_cast<ClusterId>(x);
      mask |= std::uint64_t{1} << graph.color(id);
      graph.add_neighbors(id, next);
    });
    colours.push_back(mask);
    any = false;
    for (std::size_t w = 0; w < words; ++w) {
      next[w] &= ~visited[w];
      visited[w] |= next[w];
      any |= next[w] != 0;
    }
    std::swap(layer, next);
  }
  // max over d of (d - 1 + |colours at distance >= d|), from the far end.
  std::uint32_t best = 0;
  std::uint64_t beyond = 0;
  for (std::size_t d = colours.size(); d >= 1; --d) {
    beyond |= colours[d - 1];
    const auto value = static_cast<std::uint32_t>(d - 1 + std::popcount(beyond));
    if (value > best) best = value;
  }
  return best;
}

namespace {

// The elimination bound over bitsets of N words (N = 0: graph.set_words(),
// known only at run time). Small N are instantiated so that the word loops
// unroll; this is the inner loop of the exact solver.
template <std::size_t N>
std::uint32_t elimination_bound_words(const ClusterGraph& graph, const MarkerState& s,
                                      std::uint32_t cap) {
  using Word = ClusterGraph::Word;
  const std::size_t words = N != 0 ? N : graph.set_words();
  boost::container::small_vector<Word, 3 * 64> buffer(3 * words, 0);
  Word* visited = buffer.data();
  Word* current = buffer.data() + words;
  Word* next = buffer.data() + 2 * words;
  const Word* absorbed = s.absorbed().data();
  const Word* frontier = s.frontier().data();
  const auto add_neighbors = [&](ClusterId x, Word* out) {
    if (const Word* near = graph.neighbor_set(x)) {
      for (std::size_t w = 0; w < words; ++w)
        out[w] |= near[w];
    } else {
      graph.add_neighbors(x, std::span<Word>(out, words));
    }
  };
  std::uint64_t remaining = 0;  // colours with clusters outside the region
  for (Color c = 0; c < graph.colors(); ++c) {
    const Word* set = graph.color_set(c).data();
    Word outside = 0;
    for (std::size_t w = 0; w < words; ++w)
      outside |= set[w] & ~absorbed[w];
    if (outside != 0) remaining |= std::uint64_t{1} << c;
  }
  if (std::popcount(remaining) <= 1) return static_cast<std::uint32_t>(std::popcount(remaining));
  for (std::size_t w = 0; w < words; ++w) {
    visited[w] = absorbed[w];
    current[w] = frontier[w];
  }
  std::uint32_t moves = 0;
  while (true) {
    // moves + colours left never decreases from round to round and ends at
    // the bound, so once it reaches the cap the bound does too.
    const auto floor = moves + static_cast<std::uint32_t>(std::popcount(remaining));
    if (floor >= cap) return floor;
    for (std::size_t w = 0; w < words; ++w)
      visited[w] |= current[w];
    std::uint64_t completed = 0;
    for (std::uint64_t left = remaining; left != 0; left &= left - 1) {
      const auto c = static_cast<Color>(std::countr_zero(left));
      const Word* set = graph.color_set(c).data();
      Word outside = 0;
      for (std::size_t w = 0; w < words; ++w)
        outside |= set[w] & ~visited[w];
      if (outside == 0) completed |= std::uint64_t{1} << c;
    }
    for (std::size_t w = 0; w < words; ++w)
      next[w] = 0;
    if (completed != 0) {
      remaining &= ~completed;
      moves += static_cast<std::uint32_t>(std::popcount(completed));
      if (std::popcount(remaining) <= 1)
        return moves + static_cast<std::uint32_t>(std::popcount(remaining));
      // Eliminating those colours absorbs their frontier clusters, whose
      // neighbours join the frontier; the other frontier clusters stay.
      for (std::size_t w = 0; w < words; ++w) {
        Word eliminated = 0;
        for (std::uint64_t left = completed; left != 0; left &= left - 1)
          eliminated |= graph.color_set(static_cast<Color>(std::countr_zero(left)))[w];
        search::bits::for_each_bit(
            current[w] & eliminated, w * search::bits::kWordBits,
            [&](std::size_t x) { add_neighbors(static_cast<ClusterId>(x), next); });
        current[w] &= ~eliminated;
      }
      for (std::size_t w = 0; w < words; ++w)
        next[w] = (next[w] & ~visited[w]) | current[w];
    } else {
      // No colour can go in one move: the colour-blind move takes the frontier.
      ++moves;
      for (std::size_t w = 0; w < words; ++w)
        search::bits::for_each_bit(current[w], w * search::bits::kWordBits, [&](std::size_t x) {
          add_neighbors(static_cast<ClusterId>(x), next);
        });
      for (std::size_t w = 0; w < words; ++w)
        next[w] &= ~visited[w];
    }
    std::swap(current, next);
  }
}

template <std::size_t... N>
std::uint32_t elimination_bound_dispatch(const ClusterGraph& graph, const MarkerState& s,
                                         std::uint32_t cap, std::index_sequence<N...>) {
  std::uint32_t result = 0;
  const bool fixed = ((graph.set_words() == N + 1 &&
                       (result = elimination_bound_words<N + 1>(graph, s, cap), true)) ||
                      ...);
  return fixed ? result : elimination_bound_words<0>(graph, s, cap);
}

}  // namespace

std::uint32_t elimination_bound(const ClusterGraph& graph, const MarkerState& s,
                                std::uint32_t cap) {
  return elimination_bound_dispatch(graph, s, cap, std::make_index_sequence<16>{});
}

bool is_dominant(const ClusterGraph& graph, const MarkerState& s, Color c) noexcept {
  const auto absorbed = s.absorbed();
  const auto frontier = s.frontier();
  const auto set = graph.color_set(c);
  bool touches = false;
  for (std::size_t w = 0; w < set.size(); ++w) {
    const auto remaining = set[w] & ~absorbed[w];
    if ((remaining & ~frontier[w]) != 0) return false;
    touches |= remaining != 0;
  }
  return touches;
}

std::optional<Color> dominant_move(const ClusterGraph& graph, const MarkerState& s) noexcept {
  for (Color c = 0; c < graph.colors(); ++c)
    if (is_dominant(graph, s, c)) return c;
  return std::nullopt;
}

std::uint64_t neutral_moves(const ClusterGraph& graph, const MarkerState& s) {
  using Word = ClusterGraph::Word;
  const std::size_t words = graph.set_words();
  const auto absorbed = s.absorbed();
  const auto frontier = s.frontier();
  // beyond: clusters neither in the region nor on its frontier.
  boost::container::small_vector<Word, 64> beyond_buffer(words);
  const std::span<Word> beyond(beyond_buffer.data(), words);
  for (std::size_t w = 0; w < words; ++w)
    beyond[w] = ~(absorbed[w] | frontier[w]);
  std::uint64_t neutral = 0;
  for (Color c = 0; c < graph.colors(); ++c) {
    const auto set = graph.color_set(c);
    bool useful = false;
    bool opens = false;
    for (std::size_t w = 0; w < words && !opens; ++w) {
      const Word taken = set[w] & frontier[w];
      useful |= taken != 0;
      search::bits::for_each_bit(taken, w * search::bits::kWordBits, [&](std::size_t x) {
        if (!opens && graph.touches(static_cast<ClusterId>(x), beyond)) opens = true;
      });
    }
    if (useful && !opens) neutral |= std::uint64_t{1} << c;
  }
  return neutral;
}

std::uint64_t commuted_moves(const ClusterGraph& graph, const MarkerState& s, Color last,
                             std::uint64_t candidates) {
  using Word = ClusterGraph::Word;
  const std::size_t words = graph.set_words();
  const auto absorbed = s.absorbed();
  const auto frontier = s.frontier();
  const auto last_set = graph.color_set(last);
  // old: region clusters certainly there before `last` was played;
  // last_out: clusters of the last colour still outside the region.
  boost::container::small_vector<Word, 2 * 64> masks(2 * words);
  const std::span<Word> old(masks.data(), words);
  const std::span<Word> last_out(masks.data() + words, words);
  for (std::size_t w = 0; w < words; ++w) {
    old[w] = absorbed[w] & ~last_set[w];
    last_out[w] = last_set[w] & ~absorbed[w];
  }
  const auto touches = [&](ClusterId y, std::span<const Word> set) {
    return graph.touches(y, set);
  };
  std::uint64_t skip = 0;
  for (std::uint64_t left = candidates & ~(std::uint64_t{1} << last); left != 0; left &= left - 1) {
    const auto c = static_cast<Color>(std::countr_zero(left));
    const auto set = graph.color_set(c);
    bool opened_by_last = false;  // some c-cluster on the frontier is new
    bool feeds_last = false;      // taking c first would let `last` take more
    for (std::size_t w = 0; w < words && !opened_by_last; ++w) {
      search::bits::for_each_bit(set[w] & frontier[w], w * search::bits::kWordBits,
                                 [&](std::size_t x) {
                                   const auto y = static_cast<ClusterId>(x);
                                   if (!touches(y, old))
                                     opened_by_last = true;
                                   else if (!feeds_last && touches(y, last_out))
                                     feeds_last = true;
                                 });
    }
    if (opened_by_last) continue;
    if (c < last || feeds_last) skip |= std::uint64_t{1} << c;
  }
  return skip;
}

}  // namespace colorwalk
