// The cluster graph of a board and the marker state that plays on it.
//
// A cluster is a maximal 4-connected set of same-coloured cells. The graph is
// built once per board (rules and start included) and is immutable, so it is
// shared freely between threads. Under colour-walk rules the start cell is a
// cluster of its own with no colour (kNoColor); under flood-it rules the start
// cell's whole cluster is the initial region. Cluster 0 is always the start,
// and the ids follow a breadth-first walk from it: they grow with the
// distance from the start.
//
// Invariant used by apply(): adjacent clusters never share a colour (clusters
// are maximal), so a move absorbs frontier clusters of one colour and can
// never cascade into further clusters of that colour.
//
// A MarkerState is one contiguous block of 2W+1 words (W = words per cluster
// bitset): the absorbed clusters, the frontier (clusters not absorbed that
// touch the region), and one word holding the cleared-cell and absorbed-
// cluster counts. Copying a state copies words; applying a move allocates
// nothing.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include <boost/container/small_vector.hpp>

#include "game/board.hpp"
#include "search/bitset.hpp"

namespace colorwalk {

using ClusterId = std::uint32_t;
inline constexpr Color kNoColor = 0xff;

// What one move did. A move that absorbed nothing is wasted.
struct MoveEffect {
  std::uint32_t cells = 0;     // cells added to the region
  std::uint32_t clusters = 0;  // clusters added to the region
  bool wasted() const noexcept { return clusters == 0; }
};

class ClusterGraph;

// Calls `f.template operator()<N>()` with N = `words` when 1 <= words <= 16
// (ClusterGraph::kSmallSetWords), so that loops over the words of a cluster
// set have a compile-time trip count (they unroll, and sets fit in
// registers), and with N = 0 (a run-time count) otherwise.
template <std::size_t N = 1, class F>
decltype(auto) with_set_words(std::size_t words, F&& f) {
  if constexpr (N > 16) {
    return f.template operator()<0>();
  } else {
    if (words == N) return f.template operator()<N>();
    return with_set_words<N + 1>(words, std::forward<F>(f));
  }
}

class MarkerState {
 public:
  using Word = search::bits::Word;

  MarkerState() = default;

  std::span<const Word> absorbed() const noexcept { return {words_.data(), set_words_}; }
  std::span<const Word> frontier() const noexcept {
    return {words_.data() + set_words_, set_words_};
  }
  std::uint32_t cells_cleared() const noexcept { return static_cast<std::uint32_t>(counts()); }
  std::uint32_t clusters_absorbed() const noexcept {
    return static_cast<std::uint32_t>(counts() >> 32);
  }
  bool is_absorbed(ClusterId c) const noexcept { return search::bits::test(absorbed(), c); }

  // The whole state as words (for pools, hashing and equality).
  std::span<const Word> words() const noexcept { return words_; }
  // Overwrites this state with words taken from words() of a state of the same graph.
  void assign(std::span<const Word> words) {
    words_.assign(words.begin(), words.end());
    set_words_ = words.empty() ? 0 : (words.size() - 1) / 2;
  }

  friend bool operator==(const MarkerState&, const MarkerState&) = default;

 private:
  friend class ClusterGraph;

  Word counts() const noexcept { return words_.empty() ? 0 : words_.back(); }
  std::span<Word> absorbed_mut() noexcept { return {words_.data(), set_words_}; }
  std::span<Word> frontier_mut() noexcept { return {words_.data() + set_words_, set_words_}; }

  std::vector<Word> words_;
  std::size_t set_words_ = 0;
};

class ClusterGraph {
 public:
  using Word = search::bits::Word;
  using Neighbors = boost::container::small_vector<ClusterId, 6>;
  // Graphs whose cluster sets fit in this many words (1024 clusters) take
  // word-parallel paths: per-cluster neighbour bitsets in apply(), colour-set
  // scans in useful_moves().
  static constexpr std::size_t kSmallSetWords = 16;
  static_assert(kSmallSetWords == 16, "with_set_words() instantiates 1..16");
  using EdgeCounts = boost::container::small_vector<std::uint32_t, 6>;

  // Builds the graph under the board's rules and start cell.
  explicit ClusterGraph(const Board& board);

  std::uint32_t width() const noexcept { return width_; }
  std::uint32_t height() const noexcept { return height_; }
  std::uint32_t cell_count() const noexcept { return width_ * height_; }
  std::uint32_t colors() const noexcept { return colors_; }
  Rules rules() const noexcept { return rules_; }
  std::uint32_t cluster_count() const noexcept { return static_cast<std::uint32_t>(color_.size()); }
  std::size_t set_words() const noexcept { return set_words_; }

  ClusterId start_cluster() const noexcept { return 0; }
  ClusterId cluster_of(std::uint32_t cell) const noexcept { return cluster_of_[cell]; }
  Color color(ClusterId c) const noexcept { return color_[c]; }
  std::uint32_t size(ClusterId c) const noexcept { return size_[c]; }
  std::span<const ClusterId> neighbors(ClusterId c) const noexcept {
    return {adjacency_[c].data(), adjacency_[c].size()};
  }
  // Parallel to neighbors(c): entry i is the number of cell edges (pairs of
  // 4-adjacent cells) between cluster c and neighbors(c)[i]; always >= 1.
  // The articles' perimeter metric counts these edges.
  std::span<const std::uint32_t> neighbor_edges(ClusterId c) const noexcept {
    return {edge_counts_[c].data(), edge_counts_[c].size()};
  }
  // The clusters of colour `c`, as a bitset of set_words() words.
  std::span<const Word> color_set(Color c) const noexcept {
    return {color_sets_.data() + std::size_t{c} * set_words_, set_words_};
  }
  // Cluster c's neighbours as a bitset of set_words() words, for graphs of at
  // most kSmallSetWords words per set; nullptr for larger graphs.
  const Word* neighbor_set(ClusterId c) const noexcept {
    return neighbor_sets_.empty() ? nullptr : neighbor_sets_.data() + std::size_t{c} * set_words_;
  }
  // The union of the neighbours of the clusters in `from`, for graphs of N =
  // set_words() words, 1 <= N <= kSmallSetWords: gathered in registers, not
  // through memory (a chain of store-to-load forwards otherwise).
  template <std::size_t N>
  std::array<Word, N> neighbors_of(const Word* from) const noexcept {
    std::array<Word, N> out{};
    for (std::size_t w = 0; w < N; ++w)
      for (Word bits = from[w]; bits != 0; bits &= bits - 1) {
        const Word* near =
            neighbor_sets_.data() +
            (w * search::bits::kWordBits + static_cast<std::size_t>(std::countr_zero(bits))) * N;
        for (std::size_t k = 0; k < N; ++k)
          out[k] |= near[k];
      }
    return out;
  }

  // For graphs of N = set_words() words, 1 <= N <= kSmallSetWords, in one
  // pass over `from`: the union of the neighbours of the clusters in `from`
  // (first), and the union of the neighbours of those (second). (The loop of
  // neighbors_of(), written out again rather than shared, for the bound's
  // speed; docs/lab-notes.md.)
  template <std::size_t N>
  std::pair<std::array<Word, N>, std::array<Word, N>> two_rings_of(
      const Word* from) const noexcept {
    std::array<Word, N> near{};
    std::array<Word, N> far{};
    for (std::size_t w = 0; w < N; ++w)
      for (Word bits = from[w]; bits != 0; bits &= bits - 1) {
        const Word* sets = ring_sets_.data() + (w * search::bits::kWordBits +
                                                static_cast<std::size_t>(std::countr_zero(bits))) *
                                                   2 * N;
        for (std::size_t k = 0; k < N; ++k) {
          near[k] |= sets[k];
          far[k] |= sets[N + k];
        }
      }
    return {near, far};
  }

  // True when cluster `c` has a neighbour in the bitset `set` (set_words() words).
  bool touches(ClusterId c, std::span<const Word> set) const noexcept {
    if (const Word* near = neighbor_set(c)) {
      for (std::size_t w = 0; w < set_words_; ++w)
        if ((near[w] & set[w]) != 0) return true;
      return false;
    }
    for (ClusterId y : adjacency_[c])
      if (search::bits::test(set, y)) return true;
    return false;
  }
  // ORs the neighbours of cluster `c` into the bitset `out` (set_words() words).
  void add_neighbors(ClusterId c, std::span<Word> out) const noexcept {
    if (const Word* near = neighbor_set(c)) {
      for (std::size_t w = 0; w < set_words_; ++w)
        out[w] |= near[w];
    } else {
      for (ClusterId y : adjacency_[c])
        search::bits::set(out, y);
    }
  }

  // The state before any move: the start region and its frontier.
  MarkerState initial_state() const;

  // Rebuilds `s` from its absorbed set and counts (a compact form of a
  // state): the frontier is recomputed from the absorbed clusters'
  // neighbours. Reuses the storage of `s`.
  void restore(MarkerState& s, std::span<const Word> absorbed, std::uint32_t cells,
               std::uint32_t clusters) const;

  bool is_cleared(const MarkerState& s) const noexcept { return s.cells_cleared() == cell_count(); }

  // Bit k set when playing colour k absorbs something.
  std::uint64_t useful_moves(const MarkerState& s) const noexcept;

  // Cells each colour would add now; `gains` has colors() entries.
  void move_gains(const MarkerState& s, std::span<std::uint32_t> gains) const noexcept;

  // Plays colour `c` in place. `on_absorb(cluster)` is called for every
  // cluster the move adds. A colour >= colors() is treated as wasted.
  template <class OnAbsorb>
  MoveEffect apply(MarkerState& s, Color c, OnAbsorb&& on_absorb) const;
  MoveEffect apply(MarkerState& s, Color c) const {
    return apply(s, c, [](ClusterId) {});
  }

 private:
  template <std::size_t N, class OnAbsorb>
  MoveEffect apply_words(MarkerState& s, Color c, OnAbsorb& on_absorb) const;
  template <std::size_t N>
  void restore_words(MarkerState& s, std::span<const Word> absorbed) const;

  std::uint32_t width_ = 0;
  std::uint32_t height_ = 0;
  std::uint32_t colors_ = 0;
  Rules rules_ = Rules::kColorWalk;
  std::size_t set_words_ = 0;
  std::vector<ClusterId> cluster_of_;    // per cell
  std::vector<Color> color_;             // per cluster
  std::vector<std::uint32_t> size_;      // per cluster, in cells
  std::vector<Neighbors> adjacency_;     // per cluster, sorted, no duplicates
  std::vector<EdgeCounts> edge_counts_;  // per cluster, parallel to adjacency_
  // Small graphs only (set_words_ <= kSmallSetWords): each cluster's
  // neighbours as a bitset, so apply() ORs whole words instead of setting
  // scattered bits one dependent store at a time.
  std::vector<Word> neighbor_sets_;
  // The same graphs: per cluster two bitsets of set_words_ words, its
  // neighbours (again: beside the second ring, one pass reads one run of
  // words per cluster) and their neighbours (two_rings_of()).
  std::vector<Word> ring_sets_;
  std::vector<Word> color_sets_;  // colors_ bitsets of set_words_ words
};

template <class OnAbsorb>
MoveEffect ClusterGraph::apply(MarkerState& s, Color c, OnAbsorb&& on_absorb) const {
  if (c >= colors_) return MoveEffect{};
  return with_set_words(set_words_,
                        [&]<std::size_t N>() { return apply_words<N>(s, c, on_absorb); });
}

template <std::size_t N, class OnAbsorb>
MoveEffect ClusterGraph::apply_words(MarkerState& s, Color c, OnAbsorb& on_absorb) const {
  MoveEffect effect;
  const std::size_t words = N != 0 ? N : set_words_;
  Word* absorbed = s.words_.data();
  Word* frontier = absorbed + words;
  const Word* wanted = color_sets_.data() + std::size_t{c} * words;
  // Neighbours of a colour-c cluster are never colour c, so none of them is
  // taken by this move: collecting them cannot feed this loop. Absorbed
  // neighbours are collected too and cleared below, branch-free.
  const auto take = [&](std::size_t w, Word taken, auto&& open) {
    absorbed[w] |= taken;
    for (Word bits = taken; bits != 0; bits &= bits - 1) {
      const auto id = static_cast<ClusterId>(w * search::bits::kWordBits +
                                             static_cast<std::size_t>(std::countr_zero(bits)));
      effect.cells += size_[id];
      ++effect.clusters;
      open(id);
      on_absorb(id);
    }
  };
  if constexpr (N != 0) {
    // The new neighbours gather in registers, not in the state.
    std::array<Word, N> opened{};
    for (std::size_t w = 0; w < N; ++w)
      take(w, frontier[w] & wanted[w], [&](ClusterId id) {
        const Word* near = neighbor_sets_.data() + std::size_t{id} * N;
        for (std::size_t k = 0; k < N; ++k)
          opened[k] |= near[k];
      });
    if (effect.clusters != 0)
      for (std::size_t w = 0; w < N; ++w)
        frontier[w] = (frontier[w] | opened[w]) & ~absorbed[w];
  } else {
    const std::span<Word> out(frontier, words);
    for (std::size_t w = 0; w < words; ++w)
      take(w, frontier[w] & wanted[w], [&](ClusterId id) { add_neighbors(id, out); });
    if (effect.clusters != 0)
      for (std::size_t w = 0; w < words; ++w)
        frontier[w] &= ~absorbed[w];
  }
  s.words_.back() += (Word{effect.clusters} << 32) + effect.cells;
  return effect;
}

template <std::size_t N>
void ClusterGraph::restore_words(MarkerState& s, std::span<const Word> absorbed) const {
  Word* into = s.words_.data();
  Word* frontier = into + set_words_;
  std::copy(absorbed.begin(), absorbed.end(), into);
  if constexpr (N != 0) {
    const std::array<Word, N> near_region = neighbors_of<N>(absorbed.data());
    for (std::size_t w = 0; w < N; ++w)
      frontier[w] = near_region[w] & ~into[w];
  } else {
    const std::span<Word> out(frontier, set_words_);
    std::fill(out.begin(), out.end(), Word{0});
    search::bits::for_each_set(
        absorbed, [&](std::size_t x) { add_neighbors(static_cast<ClusterId>(x), out); });
    for (std::size_t w = 0; w < set_words_; ++w)
      frontier[w] &= ~into[w];
  }
}

}  // namespace colorwalk
