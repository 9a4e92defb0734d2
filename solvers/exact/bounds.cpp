#include "exact/bounds.hpp"

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
  boost::container::small_vector<std::uint64_t, 64> colors;
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
    colors.push_back(mask);
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
  for (std::size_t d = colors.size(); d >= 1; --d) {
    beyond |= colors[d - 1];
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

// What play_out_relaxed<N, true> keeps of the relaxed game up to its
// first elimination: the colour-blind rounds before it (k), the visited set
// then (the clusters within distance k + 1), and the distance layers
// 1 .. k + 1 (layer j at j * N of `layers`, which must hold the graph's
// cluster count + 2 layers).
template <std::size_t N>
struct FirstElimination {
  bool seen = false;
  std::uint32_t rounds = 0;
  std::array<ClusterGraph::Word, N> visited{};
  ClusterGraph::Word* layers = nullptr;
};

// The relaxed game of the elimination bound (bounds.hpp), played out from a
// point in it: `visited` the region, `current` its frontier (used up when
// N = 0), `moves` counted so far, `remaining` the colours not yet
// eliminated (`left` of them, at least two). With N a compile-time constant
// (graphs of at most ClusterGraph::kSmallSetWords words, which have
// per-cluster neighbour bitsets) the word loops unroll and the sets live in
// registers, neighbour sets included (ClusterGraph::neighbors_of): this is
// the inner loop of the exact solver. With N = 0 the sets are buffers of
// the run-time size. (Always inlined, the sets taken by value when N is a
// constant, so that they stay in registers; the colour-completion test
// below is written out rather than shared with completion_bound_impl for
// the same reason: a helper would read the sets through a pointer;
// docs/lab-notes.md.) With kCapture, it also fills
// `capture` (FirstElimination above).
template <std::size_t N, bool kCapture = false>
[[gnu::always_inline]] inline std::uint32_t play_out_relaxed(
    const ClusterGraph& graph, WordSetArg<N> visited, WordSetArg<N> current,
    std::uint64_t remaining, std::uint32_t left, std::uint32_t moves, std::uint32_t cap,
    FirstElimination<N>* capture = nullptr, const BoundCutoff* cutoff = nullptr) {
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
  const auto completed_colors = [&] {
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
    // the bound, so once it reaches the cap the bound does too; and cut
    // short, it is a lower bound still.
    if (moves + left >= cap) return moves + left;
    if constexpr (N == 0)
      if (cutoff != nullptr && cutoff->stop_now()) return moves + left;
    if (!known) {
      if constexpr (kCapture)
        if (!capture->seen) std::copy_n(current.data(), N, capture->layers + (moves + 1) * N);
      for (std::size_t w = 0; w < words; ++w)
        visited[w] |= current[w];
      completed = completed_colors();
    }
    known = false;
    if (completed != 0) {
      if constexpr (kCapture) {
        if (!capture->seen) {
          capture->seen = true;
          capture->rounds = moves;
          std::copy_n(visited.data(), N, capture->visited.begin());
        }
      }
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
      // and layer 1. (Cheaper than a walk per layer; docs/lab-notes.md
      // has why two rings a pass.)
      ++moves;
      const auto [near, far] = graph.two_rings_of<N>(current.data());
      for (std::size_t w = 0; w < words; ++w) {
        current[w] = near[w] & ~visited[w];
        visited[w] |= current[w];
      }
      if constexpr (kCapture)
        if (!capture->seen) std::copy_n(current.data(), N, capture->layers + (moves + 1) * N);
      completed = completed_colors();  // the next round's test, done here
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
                                     std::uint32_t cap, const BoundCutoff* cutoff) {
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
  return play_out_relaxed<N>(graph, visited, current, remaining, left, 0, cap, nullptr, cutoff);
}

}  // namespace

std::uint32_t elimination_bound(const ClusterGraph& graph, const MarkerState& s, std::uint32_t cap,
                                const BoundCutoff* cutoff) {
  // Smaller graphs play their game out: it is soon over.
  if (graph.set_words() < BoundCutoff::kWords) cutoff = nullptr;
  return with_set_words(graph.set_words(), [&]<std::size_t N>() {
    return elimination_bound_impl<N>(graph, s, cap, cutoff);
  });
}

namespace {

// Buffers of completion_bound, kept per thread so that it allocates only
// while they grow.
struct CompletionScratch {
  std::vector<ClusterGraph::Word> layers;        // distance layer j at j * words
  std::vector<ClusterGraph::Word> walk;          // per depth of the walk: absorbed, frontier
  std::vector<ClusterGraph::Word> pending_sets;  // per colour: its clusters to bring in reach
  std::vector<ClusterGraph::Word> nearer;        // per depth j: layers K + 1 - j .. K
};

thread_local CompletionScratch completion_scratch;

// The test of completion_bound: can some colour be complete after K moves
// from state s, where `layers` holds the distance layers from its region up
// to K + 1 (only colours within distance K + 1 can be)?
//
// Colour c is complete after K moves only if each of its clusters outside
// the region and its frontier (the pending ones) touches the region by
// then. Pending cluster u at distance d can: each move brings the region at
// most one step closer to it, so after j moves some frontier cluster must
// lie within K - j of u (a ball of ClusterBalls, one intersection), and u
// has K + 1 - d moves to spare. The test is a depth-first walk over the
// real moves that keeps, for every candidate colour, whether all its
// pending clusters stay in reach; where one has no move to spare, only the
// colours of the frontier clusters nearest to it can come next for that
// colour. It succeeds when some colour has all its pending clusters on the
// frontier or in the region. Moves that add nothing to the frontier bring
// no cluster closer (a walk without them succeeds whenever one with them
// does), and of two moves that commute only one order is walked
// (commutation_skips: the other reaches no more). Every pruning is a
// necessary condition and success is checked on the real sets, so the
// answer is exact.
template <std::size_t N>
class CompletionTest {
 public:
  using Word = ClusterGraph::Word;
  using Set = std::array<Word, N>;

  CompletionTest(const ClusterGraph& graph, const ClusterBalls& balls, const MarkerState& s,
                 const Word* layers, std::uint32_t moves, std::uint64_t candidates,
                 CompletionScratch& sc)
      : graph_(graph),
        balls_(balls),
        layers_(layers),
        moves_(moves),
        candidates_(candidates),
        sc_(sc),
        colors_(static_cast<Color>(graph.colors())),
        color_sets_(graph.color_set(0).data()) {
    const Word* absorbed = s.absorbed().data();
    const Word* frontier = s.frontier().data();
    sc.walk.resize((moves + 1) * 2 * N);
    std::copy_n(absorbed, N, sc.walk.data());
    std::copy_n(frontier, N, sc.walk.data() + N);
    sc.pending_sets.resize(colors_ * N);
    for (std::uint64_t rest = candidates; rest != 0; rest &= rest - 1) {
      const auto c = static_cast<std::size_t>(std::countr_zero(rest));
      for (std::size_t w = 0; w < N; ++w)
        sc.pending_sets[c * N + w] = color_set(c)[w] & ~(absorbed[w] | frontier[w]);
    }
    sc.nearer.assign((moves + 1) * N, 0);
    for (std::uint32_t j = 1; j <= moves; ++j)
      for (std::size_t w = 0; w < N; ++w)
        sc.nearer[j * N + w] = sc.nearer[(j - 1) * N + w] | layers[(moves + 1 - j) * N + w];
  }

  // `last`: the move that reached s (LastMove, bounds.hpp).
  bool some_color_can_be_complete(LastMove last) {
    return walk(0, candidates_, last.color, last.fresh);
  }

 private:
  static constexpr std::size_t kBits = search::bits::kWordBits;

  const Word* color_set(std::size_t c) const noexcept { return color_sets_ + c * N; }
  std::size_t cluster(std::size_t w, Word bits) const noexcept {
    return w * kBits + static_cast<std::size_t>(std::countr_zero(bits));
  }
  // Some cluster of `set` within distance r of u.
  bool within(const Word* set, ClusterId u, std::uint32_t r) const noexcept {
    const Word* ball = balls_.ball(u, r);
    Word any = 0;
    for (std::size_t w = 0; w < N; ++w)
      any |= set[w] & ball[w];
    return any != 0;
  }
  // The walk from its state after j moves, the last one `last` (whose
  // fresh clusters had the colours `last_fresh`); `alive`: the colours
  // still possible.
  bool walk(std::uint32_t j, std::uint64_t alive, Color last, std::uint64_t last_fresh) {
    const Word* in = sc_.walk.data() + j * 2 * N;
    const Word* next = in + N;
    // Per colour still possible, its pending clusters not yet on the
    // frontier.
    std::array<Set, kMaxColors> away;
    for (std::uint64_t rest = alive; rest != 0; rest &= rest - 1) {
      const auto c = static_cast<std::size_t>(std::countr_zero(rest));
      Word any = 0;
      for (std::size_t w = 0; w < N; ++w) {
        away[c][w] = sc_.pending_sets[c * N + w] & ~(in[w] | next[w]);
        any |= away[c][w];
      }
      if (any == 0) return true;  // c is complete
    }
    if (j == moves_) return false;
    std::uint64_t useful = 0;
    for (Color m = 0; m < colors_; ++m) {
      Word any = 0;
      for (std::size_t w = 0; w < N; ++w)
        any |= next[w] & color_set(m)[w];
      useful |= std::uint64_t{any != 0} << m;
    }
    const std::uint32_t spare = moves_ - j - 1;  // the distance a frontier cluster may keep
    // Per colour, the moves that keep it possible. Only pending clusters
    // with at most j moves to spare at the start (at distance K + 1 - j or
    // more) can have none left, and only those not yet on the frontier.
    // A cluster of the farthest layer, K + 1, never has one: it is still
    // at distance K + 1 - j or more. Those of layers K + 1 - j .. K may.
    const Word* farthest = layers_ + (moves_ + 1) * N;
    const Word* nearer = sc_.nearer.data() + j * N;
    // The next move must take a frontier cluster nearest to u.
    // (Of the moves in `ok`: a test per colour, not per cluster.)
    const auto ways_to = [&](ClusterId u, std::uint64_t ok) {
      const Word* ball = balls_.ball(u, spare + 1);
      Set near;
      for (std::size_t v = 0; v < N; ++v)
        near[v] = next[v] & ball[v];
      std::uint64_t ways = 0;
      for (std::uint64_t rest = ok; rest != 0; rest &= rest - 1) {
        const auto m = static_cast<std::size_t>(std::countr_zero(rest));
        Word hit = 0;
        for (std::size_t v = 0; v < N; ++v)
          hit |= near[v] & color_set(m)[v];
        ways |= std::uint64_t{hit != 0} << m;
      }
      return ways;
    };
    std::array<std::uint64_t, kMaxColors> allowed_for;
    std::uint64_t allowed = 0;
    for (std::uint64_t rest = alive; rest != 0; rest &= rest - 1) {
      const auto c = static_cast<std::size_t>(std::countr_zero(rest));
      std::uint64_t ok = useful;
      for (std::size_t w = 0; w < N && ok != 0; ++w)
        for (Word bits = away[c][w] & farthest[w]; bits != 0 && ok != 0; bits &= bits - 1)
          ok = ways_to(static_cast<ClusterId>(cluster(w, bits)), ok);
      for (std::size_t w = 0; w < N && ok != 0; ++w)
        for (Word bits = away[c][w] & nearer[w]; bits != 0 && ok != 0; bits &= bits - 1) {
          const auto u = static_cast<ClusterId>(cluster(w, bits));
          if (!within(next, u, spare)) ok = ways_to(u, ok);
        }
      allowed_for[c] = ok;
      allowed |= ok;
    }
    // With one move left every pending cluster was checked above: a move
    // allowed for a colour puts each of its clusters on the frontier.
    if (j + 1 == moves_) return allowed != 0;
    Word* in2 = sc_.walk.data() + (j + 1) * 2 * N;
    Word* next2 = in2 + N;
    // Commutation skips a move below `last` that took no colour `last`
    // made fresh without looking at its own fresh clusters: those go
    // before its neighbours are gathered. A dominant move (every cluster
    // of its colour outside the region is on the frontier) is never
    // skipped, and nothing is skipped after it, as in ExactDomain: so the
    // walk takes every sequence that the exact domain's rules keep (see
    // completion_bound's `last`).
    const std::uint64_t skipped =
        last == kNoColor ? 0 : ((std::uint64_t{1} << last) - 1) & ~last_fresh;
    for (std::uint64_t rest = allowed; rest != 0; rest &= rest - 1) {
      const auto m = static_cast<Color>(std::countr_zero(rest));
      Word beyond = 0;
      for (std::size_t w = 0; w < N; ++w)
        beyond |= color_set(m)[w] & ~(in[w] | next[w]);
      const bool dominant = beyond == 0;
      if (!dominant && ((skipped >> m) & 1) != 0) continue;
      Set taken{};
      for (std::size_t w = 0; w < N; ++w)
        taken[w] = next[w] & color_set(m)[w];
      const Set opened = graph_.neighbors_of<N>(taken.data());
      Set fresh{};
      Word any = 0;
      for (std::size_t w = 0; w < N; ++w) {
        in2[w] = in[w] | taken[w];
        fresh[w] = opened[w] & ~(in[w] | next[w]);
        next2[w] = (next[w] & ~taken[w]) | fresh[w];
        any |= fresh[w];
      }
      if (!dominant) {
        if (any == 0) continue;  // adds nothing to the frontier
        if (commutation_skips(graph_, m, last, last_fresh, std::span<const Word>(fresh.data(), N)))
          continue;
      }
      // The colours still possible after m: those it was allowed for. (No
      // pending cluster can fall out of reach: one with moves to spare
      // keeps at least none, one with none is brought closer by m.)
      std::uint64_t still = 0;
      for (std::uint64_t live = alive; live != 0; live &= live - 1) {
        const auto c = static_cast<std::size_t>(std::countr_zero(live));
        still |= ((allowed_for[c] >> m) & 1) << c;
      }
      if (still == 0) continue;
      // (Only a level with a move after it needs the fresh colours.)
      std::uint64_t fresh_colors = dominant ? kEveryColor : 0;
      if (j + 2 < moves_ && !dominant)
        for (std::size_t c = 0; c < colors_; ++c) {
          Word hit = 0;
          for (std::size_t w = 0; w < N; ++w)
            hit |= fresh[w] & color_set(c)[w];
          fresh_colors |= std::uint64_t{hit != 0} << c;
        }
      if (walk(j + 1, still, m, fresh_colors)) return true;
    }
    return false;
  }

  const ClusterGraph& graph_;
  const ClusterBalls& balls_;
  const Word* layers_;
  std::uint32_t moves_;  // K
  std::uint64_t candidates_;
  CompletionScratch& sc_;
  std::size_t colors_;
  const Word* color_sets_;
};

// What completion_bound_impl knows of a rise's completion test: not run
// yet, or run and proving the rise (no colour can be complete in time), or
// run and failing to.
enum class RiseVerdict : std::uint8_t { kUntested, kProven, kNotProven };

template <std::size_t N>
std::uint32_t completion_bound_impl(const ClusterGraph& graph, const ClusterBalls& balls,
                                    const MarkerState& s, std::uint32_t cap, std::uint32_t max_rise,
                                    std::uint32_t levels, const RiseLimits& limits, LastMove last) {
  using Word = ClusterGraph::Word;
  using Set = std::array<Word, N>;
  CompletionScratch& sc = completion_scratch;
  const Word* color_sets = graph.color_set(0).data();
  const auto color_set = [&](std::size_t c) { return color_sets + c * N; };
  const Word* absorbed = s.absorbed().data();
  const Word* frontier = s.frontier().data();

  std::uint64_t remaining = 0;
  for (Color c = 0; c < graph.colors(); ++c) {
    Word outside = 0;
    for (std::size_t w = 0; w < N; ++w)
      outside |= color_set(c)[w] & ~absorbed[w];
    if (outside != 0) remaining |= std::uint64_t{1} << c;
  }
  const auto left = static_cast<std::uint32_t>(std::popcount(remaining));
  if (left <= 1) return left;
  // The elimination bound, keeping its distance layers up to its first
  // elimination, which comes after k colour-blind rounds.
  const std::size_t most_layers = graph.cluster_count() + 2 + max_rise;
  if (sc.layers.size() < most_layers * N) sc.layers.resize(most_layers * N);
  Word* layers = sc.layers.data();
  std::copy_n(absorbed, N, layers);
  FirstElimination<N> found;
  found.layers = layers;
  Set start_region{};
  Set start_frontier{};
  std::copy_n(absorbed, N, start_region.begin());
  std::copy_n(frontier, N, start_frontier.begin());
  const std::uint32_t h = play_out_relaxed<N, true>(graph, start_region, start_frontier, remaining,
                                                    left, 0, cap, &found);
  if (!found.seen || h >= cap) return h;  // (not seen: stopped at the cap first)
  const std::uint32_t k = found.rounds;
  if (k == 0) return h;  // a colour is complete already

  // The relaxed game with k + r colour-blind rounds first (r >= 1), with
  // the layers up to k + r and the clusters within distance k + r.
  Set visited = found.visited;  // within k + 1
  std::uint32_t layered = k + 1;
  const auto relaxed_after = [&](std::uint32_t r) {
    for (; layered < k + r; ++layered) {
      const Set near = graph.neighbors_of<N>(layers + layered * N);
      Word* next = layers + (layered + 1) * N;
      for (std::size_t w = 0; w < N; ++w) {
        next[w] = near[w] & ~visited[w];
        visited[w] |= next[w];
      }
    }
    Set region = visited;
    Set current{};
    const Set near = graph.neighbors_of<N>(layers + (k + r) * N);
    for (std::size_t w = 0; w < N; ++w)
      current[w] = near[w] & ~region[w];
    return play_out_relaxed<N>(graph, region, current, remaining, left, k + r, cap);
  };
  // The colours within distance k + r: those with no cluster outside
  // `visited`, read right after relaxed_after(r).
  const auto colors_within = [&] {
    std::uint64_t candidates = 0;
    for (std::uint64_t rest = remaining; rest != 0; rest &= rest - 1) {
      const auto c = static_cast<std::size_t>(std::countr_zero(rest));
      Word outside = 0;
      for (std::size_t w = 0; w < N; ++w)
        outside |= color_set(c)[w] & ~visited[w];
      if (outside == 0) candidates |= std::uint64_t{1} << c;
    }
    return candidates;
  };
  // True when no colour (of `candidates`, those within distance k + r) can
  // be complete after k + r - 1 moves: the first k + r moves are then none
  // the last of its colour. Needs the layers up to k + r.
  const auto first_complete_at_least = [&](std::uint32_t r, std::uint64_t candidates) {
    CompletionTest<N> test(graph, balls, s, layers, k + r - 1, candidates, sc);
    return !test.some_color_can_be_complete(last);
  };
  // A proof at rise r holds at every smaller rise too (without a LastMove;
  // see below), so the bound is the largest relaxed game among the rises up
  // to the largest proven one. The thresholds from the highest reachable
  // down to `lowest` (and above h) are decided, the highest first: from the
  // cap down `levels` of them, or
  // uncapped every one, which gives the bound itself. The bound reaches
  // threshold t exactly when the smallest rise whose relaxed game reaches t
  // is proven (a smaller one cannot; a larger one is proven only if that
  // one is). No rise below t - h can reach t, as the relaxed game after r
  // more rounds is at most h + r, so no threshold above h + max_rise is
  // reached. The relaxed games are played in increasing rise order
  // (relaxed_after moves `visited` on), from the smallest rise any
  // threshold needs, and only as far as one is needed.
  const bool capped = cap != std::numeric_limits<std::uint32_t>::max();
  const std::uint32_t lowest = capped ? std::max(cap - std::min(cap, levels - 1), h + 1) : h + 1;
  std::uint32_t raised_at[kMaxRise + 1] = {};
  std::uint64_t candidates_at[kMaxRise + 1] = {};
  std::uint32_t played = lowest - h - 1;  // rises whose relaxed game is known, from lowest - h
  std::uint32_t provable = max_rise;      // rises not yet known to fail
  // With a LastMove a test need not hold whenever a longer one does (the
  // walk's last move skips nothing, so a shorter walk may end on a move
  // that a longer one skips): there each rise counts by its own test, and
  // the bound is the largest relaxed game among the proven rises, so a
  // failed rise does not rule out the larger ones.
  const bool monotone = last.color == kNoColor;
  RiseVerdict verdict[kMaxRise + 1] = {};  // each rise's test, once run
  for (std::uint32_t t = std::min(cap, h + max_rise); t >= lowest; --t) {
    for (std::uint32_t r = t - h; r <= provable; ++r) {
      // The limits on the rises above 1 (a larger rise walks further).
      if (r >= 2 && k + r - 1 > limits.longest_walk) {
        provable = r - 1;
        break;
      }
      if (r >= 2 && limits.top_threshold_only && capped && t < cap) break;
      for (; played < r; ++played) {
        raised_at[played + 1] = relaxed_after(played + 1);
        candidates_at[played + 1] = colors_within();
      }
      if (raised_at[r] < t) continue;
      if (verdict[r] == RiseVerdict::kUntested)
        verdict[r] = first_complete_at_least(r, candidates_at[r]) ? RiseVerdict::kProven
                                                                  : RiseVerdict::kNotProven;
      if (verdict[r] == RiseVerdict::kProven) return raised_at[r];
      if (monotone) provable = r - 1;
    }
  }
  return h;
}

}  // namespace

std::uint32_t completion_bound(const ClusterGraph& graph, const ClusterBalls& balls,
                               const MarkerState& s, std::uint32_t cap, std::uint32_t max_rise,
                               std::uint32_t levels, RiseLimits limits, LastMove last,
                               const BoundCutoff* cutoff) {
  max_rise = std::min(max_rise, kMaxRise);
  return with_set_words(graph.set_words(), [&]<std::size_t N>() -> std::uint32_t {
    if constexpr (N == 0)
      return elimination_bound(graph, s, cap, cutoff);  // graphs of more than 1024 clusters
    else if (balls.empty() || max_rise == 0)
      return elimination_bound(graph, s, cap);
    else
      return completion_bound_impl<N>(graph, balls, s, cap, max_rise, std::max(levels, 1U), limits,
                                      last);
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
