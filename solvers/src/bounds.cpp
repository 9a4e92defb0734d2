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

// The rules below over bitsets of N words (N = 0: graph.set_words(), known
// only at run time); with_set_words() picks N.
template <std::size_t N>
std::size_t words_of(const ClusterGraph& graph) noexcept {
  return N != 0 ? N : graph.set_words();
}

// The elimination bound. With N a compile-time constant (graphs of at most
// ClusterGraph::kSmallSetWords words, which have per-cluster neighbour
// bitsets) the word loops unroll and the sets live in registers, neighbour
// sets included (ClusterGraph::neighbors_of): this is the inner loop of the
// exact solver. With N = 0 the sets are buffers of the run-time size.
template <std::size_t N>
std::uint32_t elimination_bound_impl(const ClusterGraph& graph, const MarkerState& s,
                                     std::uint32_t cap) {
  using Word = ClusterGraph::Word;
  using Set = std::conditional_t<N != 0, std::array<Word, N>,
                                 boost::container::small_vector<Word, 64>>;
  const std::size_t words = words_of<N>(graph);
  const auto empty_set = [&] {
    if constexpr (N != 0)
      return Set{};
    else
      return Set(words, 0);
  };
  const Word* color_sets = graph.color_set(0).data();  // colour c's set at c * words
  const Word* absorbed = s.absorbed().data();
  const Word* frontier = s.frontier().data();
  Set visited = empty_set();
  Set current = empty_set();
  for (std::size_t w = 0; w < words; ++w) {
    visited[w] = absorbed[w];
    current[w] = frontier[w];
  }
  std::uint64_t remaining = 0;  // colours with clusters outside the region
  for (Color c = 0; c < graph.colors(); ++c) {
    Word outside = 0;
    for (std::size_t w = 0; w < words; ++w)
      outside |= color_sets[c * words + w] & ~visited[w];
    if (outside != 0) remaining |= std::uint64_t{1} << c;
  }
  auto left = static_cast<std::uint32_t>(std::popcount(remaining));
  if (left <= 1) return left;
  // The union of the neighbour sets of the clusters in `from`.
  const auto open = [&](const Set& from) -> Set {
    if constexpr (N != 0) return graph.neighbors_of<N>(from.data());
    Set out = empty_set();
    search::bits::for_each_set(std::span<const Word>(from.data(), words), [&](std::size_t x) {
      graph.add_neighbors(static_cast<ClusterId>(x), std::span<Word>(out.data(), words));
    });
    return out;
  };
  // The colours among `remaining` all of whose clusters are in `visited`.
  const auto completed_colours = [&] {
    std::uint64_t completed = 0;
    for (std::uint64_t rest = remaining; rest != 0; rest &= rest - 1) {
      const auto c = static_cast<std::size_t>(std::countr_zero(rest));
      Word outside = 0;
      for (std::size_t w = 0; w < words; ++w)
        outside |= color_sets[c * words + w] & ~visited[w];
      if (outside == 0) completed |= std::uint64_t{1} << c;
    }
    return completed;
  };
  std::uint32_t moves = 0;
  std::uint64_t completed = 0;
  bool known = false;  // `completed` is already this round's
  while (true) {
    // moves + colours left never decreases from round to round and ends at
    // the bound, so once it reaches the cap the bound does too.
    if (moves + left >= cap) return moves + left;
    if (!known) {
      for (std::size_t w = 0; w < words; ++w)
        visited[w] |= current[w];
      completed = completed_colours();
    }
    known = false;
    if (completed != 0) {
      const auto count = static_cast<std::uint32_t>(std::popcount(completed));
      remaining &= ~completed;
      left -= count;
      moves += count;
      if (left <= 1) return moves + left;
      // Eliminating those colours absorbs their frontier clusters, whose
      // neighbours join the frontier; the other frontier clusters stay.
      Set taken = empty_set();
      for (std::size_t w = 0; w < words; ++w) {
        Word eliminated = 0;
        for (std::uint64_t rest = completed; rest != 0; rest &= rest - 1)
          eliminated |= color_sets[static_cast<std::size_t>(std::countr_zero(rest)) * words + w];
        taken[w] = current[w] & eliminated;
        current[w] &= ~eliminated;
      }
      const Set opened = open(taken);
      for (std::size_t w = 0; w < words; ++w)
        current[w] |= opened[w] & ~visited[w];
    } else if constexpr (N != 0) {
      // No colour can go in one move: the colour-blind move takes the
      // frontier. Its new frontier (layer 1: the frontier's neighbours not
      // yet visited) and, if the next round is colour-blind too, the one
      // after (layer 2: the neighbours of layer 1 not yet visited) come from
      // one pass over the frontier, so layer 1 is never walked. Layer 2 is
      // the frontier's neighbours' neighbours not yet visited, because the
      // frontier's neighbours that were visited touch only visited clusters
      // and layer 1. (Measured: 0.7 of the time of a walk per layer; three
      // rings per pass were slower than two.)
      ++moves;
      const auto [near, far] = graph.two_rings_of<N>(current.data());
      for (std::size_t w = 0; w < words; ++w) {
        current[w] = near[w] & ~visited[w];
        visited[w] |= current[w];
      }
      completed = completed_colours();  // the next round's test, done here
      known = true;
      if (completed == 0 && moves + left < cap) {
        ++moves;  // the next round's colour-blind move
        for (std::size_t w = 0; w < words; ++w)
          current[w] = far[w] & ~visited[w];
        known = false;
      }
    } else {
      // No colour can go in one move: the colour-blind move takes the frontier.
      ++moves;
      const Set opened = open(current);
      for (std::size_t w = 0; w < words; ++w)
        current[w] = opened[w] & ~visited[w];
    }
  }
}

}  // namespace

std::uint32_t elimination_bound(const ClusterGraph& graph, const MarkerState& s,
                                std::uint32_t cap) {
  return with_set_words(graph.set_words(), [&]<std::size_t N>() {
    return elimination_bound_impl<N>(graph, s, cap);
  });
}

namespace {

// True when cluster x has a neighbour in `set`.
template <std::size_t N>
bool touches(const ClusterGraph& graph, ClusterId x, const ClusterGraph::Word* set) noexcept {
  if constexpr (N != 0) {
    const ClusterGraph::Word* near = graph.neighbor_set(x);
    ClusterGraph::Word any = 0;
    for (std::size_t w = 0; w < N; ++w)
      any |= near[w] & set[w];
    return any != 0;
  } else {
    return graph.touches(x, {set, graph.set_words()});
  }
}

template <std::size_t N>
bool is_dominant_words(const ClusterGraph& graph, const MarkerState& s, Color c) noexcept {
  const std::size_t words = words_of<N>(graph);
  const auto* absorbed = s.absorbed().data();
  const auto* frontier = s.frontier().data();
  const auto* set = graph.color_set(c).data();
  ClusterGraph::Word away = 0;
  ClusterGraph::Word left = 0;
  for (std::size_t w = 0; w < words; ++w) {
    const auto remaining = set[w] & ~absorbed[w];
    away |= remaining & ~frontier[w];
    left |= remaining;
  }
  return away == 0 && left != 0;
}

template <std::size_t N>
std::uint64_t neutral_moves_words(const ClusterGraph& graph, const MarkerState& s) {
  using Word = ClusterGraph::Word;
  const std::size_t words = words_of<N>(graph);
  const Word* absorbed = s.absorbed().data();
  const Word* frontier = s.frontier().data();
  // beyond: clusters neither in the region nor on its frontier.
  boost::container::small_vector<Word, 64> beyond(words);
  for (std::size_t w = 0; w < words; ++w)
    beyond[w] = ~(absorbed[w] | frontier[w]);
  std::uint64_t neutral = 0;
  for (Color c = 0; c < graph.colors(); ++c) {
    const Word* set = graph.color_set(c).data();
    bool useful = false;
    bool opens = false;
    for (std::size_t w = 0; w < words && !opens; ++w) {
      const Word taken = set[w] & frontier[w];
      useful |= taken != 0;
      for (Word bits = taken; bits != 0 && !opens; bits &= bits - 1) {
        const auto x = static_cast<ClusterId>(w * search::bits::kWordBits +
                                              static_cast<std::size_t>(std::countr_zero(bits)));
        opens = touches<N>(graph, x, beyond.data());
      }
    }
    if (useful && !opens) neutral |= std::uint64_t{1} << c;
  }
  return neutral;
}

}  // namespace

std::uint64_t colors_of(const ClusterGraph& graph, std::span<const ClusterGraph::Word> set) {
  return with_set_words(graph.set_words(), [&]<std::size_t N>() {
    const std::size_t words = words_of<N>(graph);
    std::uint64_t colors = 0;
    for (Color c = 0; c < graph.colors(); ++c) {
      const ClusterGraph::Word* members = graph.color_set(c).data();
      ClusterGraph::Word any = 0;
      for (std::size_t w = 0; w < words; ++w)
        any |= members[w] & set[w];
      colors |= std::uint64_t{any != 0} << c;
    }
    return colors;
  });
}

bool commutation_skips(const ClusterGraph& graph, Color c, Color last, std::uint64_t last_fresh,
                       std::span<const ClusterGraph::Word> fresh) {
  if (last == kNoColor || c == last || ((last_fresh >> c) & 1) != 0) return false;
  if (c < last) return true;
  const auto last_set = graph.color_set(last);
  for (std::size_t w = 0; w < fresh.size(); ++w)
    if ((fresh[w] & last_set[w]) != 0) return true;
  return false;
}

std::optional<Color> dominant_move(const ClusterGraph& graph, const MarkerState& s) noexcept {
  return with_set_words(graph.set_words(), [&]<std::size_t N>() -> std::optional<Color> {
    for (Color c = 0; c < graph.colors(); ++c)
      if (is_dominant_words<N>(graph, s, c)) return c;
    return std::nullopt;
  });
}

std::uint64_t neutral_moves(const ClusterGraph& graph, const MarkerState& s) {
  return with_set_words(graph.set_words(),
                        [&]<std::size_t N>() { return neutral_moves_words<N>(graph, s); });
}

}  // namespace colorwalk
