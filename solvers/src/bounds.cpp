#include "colorwalk/bounds.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <limits>
#include <utility>
#include <vector>

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

// Sets of N words (N = 0: a run-time count, in a buffer).
template <std::size_t N>
using WordSet = std::conditional_t<N != 0, std::array<ClusterGraph::Word, N>,
                                   boost::container::small_vector<ClusterGraph::Word, 64>>;

template <std::size_t N>
WordSet<N> empty_word_set(std::size_t words) {
  if constexpr (N != 0)
    return {};
  else
    return WordSet<N>(words, 0);
}

// How play_out_relaxed takes its sets: by value when N is a constant.
template <std::size_t N>
using WordSetArg = std::conditional_t<N != 0, WordSet<N>, WordSet<N>&>;

// The relaxed game of the elimination bound (bounds.hpp), played out from a
// point in it: `visited` the region, `current` its frontier (used up when
// N = 0), `moves` counted so far, `remaining` the colours not yet
// eliminated (`left` of them, at least two). With N a compile-time constant
// (graphs of at most ClusterGraph::kSmallSetWords words, which have
// per-cluster neighbour bitsets) the word loops unroll and the sets live in
// registers, neighbour sets included (ClusterGraph::neighbors_of): this is
// the inner loop of the exact solver. With N = 0 the sets are buffers of
// the run-time size. (Always inlined, the sets taken by value when N is a
// constant: called, it made astar 20% slower on the articles' boards;
// inlined, 5-8% faster on pc19-tiles than the loop written inside
// elimination_bound_impl. The colour-completion test below is written out
// rather than shared with completion_bound_impl: a shared helper reading
// the sets through a pointer measured 5-8% slower on pc19-tiles.)
template <std::size_t N>
[[gnu::always_inline]] inline std::uint32_t play_out_relaxed(
    const ClusterGraph& graph, WordSetArg<N> visited, WordSetArg<N> current,
    std::uint64_t remaining, std::uint32_t left, std::uint32_t moves, std::uint32_t cap) {
  using Word = ClusterGraph::Word;
  using Set = WordSet<N>;
  const std::size_t words = words_of<N>(graph);
  const auto empty_set = [&] { return empty_word_set<N>(words); };
  const Word* color_sets = graph.color_set(0).data();  // colour c's set at c * words
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

// The elimination bound: its relaxed game from the state.
template <std::size_t N>
std::uint32_t elimination_bound_impl(const ClusterGraph& graph, const MarkerState& s,
                                     std::uint32_t cap) {
  using Word = ClusterGraph::Word;
  using Set = WordSet<N>;
  const std::size_t words = words_of<N>(graph);
  const auto empty_set = [&] { return empty_word_set<N>(words); };
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
  const auto left = static_cast<std::uint32_t>(std::popcount(remaining));
  if (left <= 1) return left;
  return play_out_relaxed<N>(graph, visited, current, remaining, left, 0, cap);
}

}  // namespace

std::uint32_t elimination_bound(const ClusterGraph& graph, const MarkerState& s,
                                std::uint32_t cap) {
  return with_set_words(graph.set_words(),
                        [&]<std::size_t N>() { return elimination_bound_impl<N>(graph, s, cap); });
}

namespace {

// Buffers of completion_bound, kept per thread so that it allocates only
// while they grow.
struct CompletionScratch {
  std::vector<ClusterGraph::Word> layers;  // distance layer j at j * words
  std::vector<ClusterGraph::Word> useful;  // the same, only clusters leading to a target
  std::vector<std::uint64_t> reach;        // per cluster: the targets it leads to
  std::vector<std::uint8_t> target_index;  // per target cluster: its bit in `reach`
  std::vector<ClusterGraph::Word> walk;    // per depth of the walk: absorbed, frontier
};

thread_local CompletionScratch completion_scratch;

template <std::size_t N>
std::uint32_t completion_bound_impl(const ClusterGraph& graph, const MarkerState& s,
                                    std::uint32_t cap) {
  using Word = ClusterGraph::Word;
  using Set = std::array<Word, N>;
  constexpr std::size_t kBits = search::bits::kWordBits;
  CompletionScratch& sc = completion_scratch;
  const Word* colour_sets = graph.color_set(0).data();
  const auto colour_set = [&](std::size_t c) { return colour_sets + c * N; };
  const Word* absorbed = s.absorbed().data();
  const Word* frontier = s.frontier().data();

  Set visited{};
  Set layer{};
  for (std::size_t w = 0; w < N; ++w) {
    visited[w] = absorbed[w] | frontier[w];
    layer[w] = frontier[w];
  }
  std::uint64_t remaining = 0;
  for (Color c = 0; c < graph.colors(); ++c) {
    Word outside = 0;
    for (std::size_t w = 0; w < N; ++w)
      outside |= colour_set(c)[w] & ~absorbed[w];
    if (outside != 0) remaining |= std::uint64_t{1} << c;
  }
  const auto left = static_cast<std::uint32_t>(std::popcount(remaining));
  if (left <= 1) return left;
  const auto completed_colours = [&] {
    std::uint64_t done = 0;
    for (std::uint64_t rest = remaining; rest != 0; rest &= rest - 1) {
      const auto c = static_cast<std::size_t>(std::countr_zero(rest));
      Word outside = 0;
      for (std::size_t w = 0; w < N; ++w)
        outside |= colour_set(c)[w] & ~visited[w];
      if (outside == 0) done |= std::uint64_t{1} << c;
    }
    return done;
  };

  // The relaxed game's colour-blind rounds before its first elimination
  // walk the distance layers: layer j holds the clusters at distance j
  // (layer 0: the region). k rounds, until some colour lies within k + 1.
  // Two layers come from one pass over a layer (ClusterGraph::two_rings_of).
  const std::size_t most_layers = graph.cluster_count() + 3;
  if (sc.layers.size() < most_layers * N) sc.layers.resize(most_layers * N);
  Word* layers = sc.layers.data();
  std::copy_n(absorbed, N, layers);
  std::copy_n(frontier, N, layers + N);
  std::uint64_t first = completed_colours();
  std::uint32_t k = 0;
  bool ahead = false;  // layer k + 2 is known already (in `far`)
  Set far{};
  while (first == 0) {
    if (k + 1 + left >= cap) return k + 1 + left;  // the bound is at least this
    ++k;
    if (ahead) {
      for (std::size_t w = 0; w < N; ++w) {
        layer[w] = far[w] & ~visited[w];
        visited[w] |= layer[w];
      }
      ahead = false;
    } else {
      const auto [near, beyond] = graph.two_rings_of<N>(layer.data());
      for (std::size_t w = 0; w < N; ++w) {
        layer[w] = near[w] & ~visited[w];
        visited[w] |= layer[w];
      }
      far = beyond;
      ahead = true;
    }
    std::copy(layer.begin(), layer.end(), layers + (k + 1) * N);
    first = completed_colours();
  }
  const auto layer_at = [&](std::size_t j) { return layers + j * N; };
  // The elimination bound: from here its relaxed game eliminates `first`.
  Set inside{};
  for (std::size_t w = 0; w < N; ++w)
    inside[w] = visited[w] & ~layer[w];
  const std::uint32_t h = play_out_relaxed<N>(graph, inside, layer, remaining, left, k, cap);
  if (h >= cap || (cap != std::numeric_limits<std::uint32_t>::max() && h + 1 < cap) || k == 0)
    return h;
  // The relaxed game with k + 1 colour-blind rounds first: where it is no
  // higher, the test below cannot raise the bound.
  std::uint32_t later = 0;
  {
    Set region = visited;
    Set current{};
    const Set near = graph.neighbors_of<N>(layer_at(k + 1));
    for (std::size_t w = 0; w < N; ++w)
      current[w] = near[w] & ~region[w];
    later = play_out_relaxed<N>(graph, region, current, remaining, left, k + 1, cap);
  }
  if (later <= h) return h;

  // Some colour c can be complete after k moves only if its clusters at
  // distance k + 1 (the targets) all touch a cluster at distance k absorbed
  // by then: each move must advance along a shortest path to every target
  // at once. The walk below tries those move sequences, playing them for
  // real, and asks at the end whether every cluster of c is absorbed or on
  // the frontier. If no colour can be, none of the first k + 1 moves is the
  // last of its colour, and the relaxed game may make k + 1 colour-blind
  // rounds before it eliminates anything.
  Set targets{};
  for (std::size_t w = 0; w < N; ++w) {
    Word wanted = 0;
    for (std::uint64_t rest = first; rest != 0; rest &= rest - 1)
      wanted |= colour_set(static_cast<std::size_t>(std::countr_zero(rest)))[w];
    targets[w] = layer_at(k + 1)[w] & wanted;
  }
  if (sc.target_index.size() < graph.cluster_count()) {
    sc.target_index.resize(graph.cluster_count());
    sc.reach.resize(graph.cluster_count());
  }
  std::uint64_t count = 0;
  for (std::size_t w = 0; w < N; ++w)
    for (Word bits = targets[w]; bits != 0; bits &= bits - 1) {
      if (count == 64) return h;  // more targets than bits: no claim
      const std::size_t z = w * kBits + static_cast<std::size_t>(std::countr_zero(bits));
      sc.target_index[z] = static_cast<std::uint8_t>(count);
      sc.reach[z] = std::uint64_t{1} << count;
      ++count;
    }
  std::array<std::uint64_t, 64> colour_targets{};
  for (std::uint64_t rest = first; rest != 0; rest &= rest - 1) {
    const auto c = static_cast<std::size_t>(std::countr_zero(rest));
    for (std::size_t w = 0; w < N; ++w)
      for (Word bits = targets[w] & colour_set(c)[w]; bits != 0; bits &= bits - 1)
        colour_targets[c] |=
            std::uint64_t{1}
            << sc.target_index[w * kBits + static_cast<std::size_t>(std::countr_zero(bits))];
  }
  // reach[y] for y at distance j in 1..k: the targets a shortest path
  // through y leads to; useful layer j: the clusters of layer j with some.
  sc.useful.assign((k + 2) * N, 0);
  std::copy(targets.begin(), targets.end(), sc.useful.data() + (k + 1) * N);
  for (std::size_t j = k; j >= 1; --j) {
    const Word* beyond = sc.useful.data() + (j + 1) * N;
    Word* useful = sc.useful.data() + j * N;
    const Set near = graph.neighbors_of<N>(beyond);
    for (std::size_t w = 0; w < N; ++w)
      useful[w] = near[w] & layer_at(j)[w];
    for (std::size_t w = 0; w < N; ++w)
      for (Word bits = useful[w]; bits != 0; bits &= bits - 1) {
        const std::size_t y = w * kBits + static_cast<std::size_t>(std::countr_zero(bits));
        const Word* around = graph.neighbor_set(static_cast<ClusterId>(y));
        std::uint64_t leads = 0;
        for (std::size_t v = 0; v < N; ++v)
          for (Word next = around[v] & beyond[v]; next != 0; next &= next - 1)
            leads |= sc.reach[v * kBits + static_cast<std::size_t>(std::countr_zero(next))];
        sc.reach[y] = leads;
      }
  }
  const std::uint64_t* reach = sc.reach.data();
  const Color colours = static_cast<Color>(graph.colors());
  const Color* colour_of = graph.colors_of_clusters().data();
  // The walk: at depth j, the real absorbed set and frontier after j moves.
  sc.walk.resize((k + 1) * 2 * N);
  std::copy_n(absorbed, N, sc.walk.data());
  std::copy_n(frontier, N, sc.walk.data() + N);
  const auto feasible = [&](auto&& self, std::size_t c, std::size_t j) -> bool {
    const Word* in = sc.walk.data() + j * 2 * N;
    const Word* next = in + N;
    if (j == k) {
      for (std::size_t w = 0; w < N; ++w)
        if ((colour_set(c)[w] & ~(in[w] | next[w])) != 0) return false;
      return true;
    }
    const Word* useful = sc.useful.data() + (j + 1) * N;
    // The targets each colour's move would keep in reach.
    std::array<std::uint64_t, kMaxColors> leads;
    std::fill_n(leads.begin(), colours, std::uint64_t{0});
    for (std::size_t w = 0; w < N; ++w)
      for (Word bits = next[w] & useful[w]; bits != 0; bits &= bits - 1) {
        const std::size_t y = w * kBits + static_cast<std::size_t>(std::countr_zero(bits));
        leads[colour_of[y]] |= reach[y];
      }
    const std::uint64_t wanted = colour_targets[c];
    for (Color m = 0; m < colours; ++m) {
      if ((leads[m] & wanted) != wanted) continue;
      Set taken{};
      for (std::size_t w = 0; w < N; ++w)
        taken[w] = next[w] & colour_set(m)[w];
      Word* in2 = sc.walk.data() + (j + 1) * 2 * N;
      Word* next2 = in2 + N;
      const Set opened = graph.neighbors_of<N>(taken.data());
      for (std::size_t w = 0; w < N; ++w) {
        in2[w] = in[w] | taken[w];
        next2[w] = (next[w] & ~taken[w]) | (opened[w] & ~in2[w]);
      }
      if (self(self, c, j + 1)) return true;
    }
    return false;
  };
  for (std::uint64_t rest = first; rest != 0; rest &= rest - 1)
    if (feasible(feasible, static_cast<std::size_t>(std::countr_zero(rest)), 0)) return h;

  return later;
}

}  // namespace

std::uint32_t completion_bound(const ClusterGraph& graph, const MarkerState& s, std::uint32_t cap) {
  return with_set_words(graph.set_words(), [&]<std::size_t N>() -> std::uint32_t {
    if constexpr (N == 0)
      return elimination_bound(graph, s, cap);  // graphs of more than 1024 clusters
    else
      return completion_bound_impl<N>(graph, s, cap);
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
