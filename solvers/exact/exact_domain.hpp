// The Color Walk domain for exact and bounded search: ColorWalkDomain's
// states and moves plus the pruning rules of bounds.hpp and its strongest
// lower bound.
//
// A state also carries the move that reached it and the colours of the
// clusters that move added to the frontier (kEveryColor when the state it
// came from had a dominant move), which the commutation rule needs.
//
// Packed form (W + 1 words, W = words of a cluster set): the absorbed set,
// then one word with the last move (bits 0-5), those colours (bits 6-41)
// and the cells cleared minus one (bits 42-63). The frontier and the
// number of clusters absorbed are recomputed on unpack (once per
// expansion), which halves the bytes per stored node. The key is the
// absorbed set, so two paths to one region are one node (libsearch keeps
// the cheaper path's extra word).
//
// Moves of a state: its dominant move alone if it has one; otherwise its
// useful moves, of which apply() drops the neutral ones and those
// commutation skips: both rules look at the clusters the move adds to the
// frontier, known once it is played. Every rule keeps an optimal
// continuation (bounds.hpp; tests/test_exact.cpp checks them against
// exhaustive search). Each rule can be switched off (ExactRules) for
// ablation studies; with a rule off the domain offers more moves and every
// answer stays optimal.
//
// Dominance between nodes: for_each_dominating_key lists the keys of the
// state's region with one frontier cluster more, or with one colour's
// frontier clusters more, which best-first search with skip_dominated looks
// up, and its key (the region) is a set of clusters, so the search also
// looks for strict supersets among the keys it stored last
// (kKeySupersetsDominate; docs/algorithms.md, "Dominated nodes").
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <limits>
#include <span>
#include <type_traits>

#include <boost/container/small_vector.hpp>

#include "exact/bounds.hpp"
#include "game/cluster_graph.hpp"
#include "search/domain.hpp"
#include "search/limits.hpp"

namespace colorwalk {

// The pruning rules of the exact domain, each on by default.
struct ExactRules {
  bool dominance = true;    // a state with a dominant move offers it alone
  bool neutral = true;      // neutral moves are dropped
  bool commutation = true;  // moves commuted for their order alone are dropped
};

class ExactDomain {
 public:
  struct State {
    MarkerState marker;
    Color last = kNoColor;  // the move that reached this state
    // The colours of the clusters `last` added to the frontier; every
    // colour when the state it came from had a dominant move, or at the
    // start (commutation then skips nothing).
    std::uint64_t last_fresh = kEveryColor;
  };
  using Move = Color;
  static constexpr std::size_t kMaxMoves = kMaxColors;

  // cutoff: a search's deadline for lower_bound() on a large graph
  // (BoundCutoff, bounds.hpp; it must outlive the domain).
  explicit ExactDomain(const ClusterGraph& graph, ExactRules rules = {},
                       const BoundCutoff* cutoff = nullptr)
      : graph_(graph), rules_(rules), cutoff_(cutoff) {}

  const ClusterGraph& graph() const noexcept { return graph_; }

  State initial_state() const { return State{graph_.initial_state(), kNoColor, kEveryColor}; }

  void moves(const State& s, search::MoveList<Move, kMaxMoves>& out) const {
    if (rules_.dominance)
      if (const auto c = dominant_move(graph_, s.marker)) {
        out.push_back(*c);
        return;
      }
    for (std::uint64_t mask = graph_.useful_moves(s.marker); mask != 0; mask &= mask - 1)
      out.push_back(static_cast<Color>(std::countr_zero(mask)));
  }

  // False for a move that changes nothing, and for the neutral and commuted
  // moves, which only the child shows (by its fresh frontier clusters).
  bool apply(State& s, Move c) const {
    return with_set_words(graph_.set_words(),
                          [&]<std::size_t N>() { return apply_words<N>(s, c); });
  }
  bool is_goal(const State& s) const { return graph_.is_cleared(s.marker); }

  std::size_t packed_words() const noexcept { return graph_.set_words() + 1; }
  std::size_t key_words() const noexcept { return graph_.set_words(); }
  void pack(const State& s, std::span<search::Word> out) const {
    const auto absorbed = s.marker.absorbed();
    std::copy(absorbed.begin(), absorbed.end(), out.begin());
    const search::Word last = s.last == kNoColor ? kNoLast : s.last;
    out[absorbed.size()] = last | ((s.last_fresh & kColorBits) << 6) |
                           (search::Word{s.marker.cells_cleared() - 1} << 42);
  }
  void unpack(std::span<const search::Word> in, State& s) const {
    const search::Word meta = in.back();
    const auto absorbed = in.first(in.size() - 1);
    graph_.restore(s.marker, absorbed, static_cast<std::uint32_t>(meta >> 42) + 1,
                   static_cast<std::uint32_t>(search::bits::count(absorbed)));
    s.last = (meta & kNoLast) == kNoLast ? kNoColor : static_cast<Color>(meta & kNoLast);
    s.last_fresh = (meta >> 6) & kColorBits;
  }
  std::uint32_t lower_bound(const State& s) const {
    return elimination_bound(graph_, s.marker, std::numeric_limits<std::uint32_t>::max(), cutoff_);
  }

  // A key is the state's region as a bitset of clusters, and a state whose
  // region strictly contains another's, for the same reason, dominates it
  // (search::HasSupersetDominance).
  static constexpr bool kKeySupersetsDominate = true;

  // Keys of states that dominate s: its region with one frontier cluster
  // more, then its region with all the frontier clusters of one colour
  // more, for each colour with two or more of them (the region of its child
  // by that colour, which may be known at its own depth by another path).
  // A larger region never needs more moves (every move takes from it at
  // least what it takes from the smaller one), so with
  // BestFirstOptions::skip_dominated a node is not expanded when one of
  // these is already known at the same or a smaller depth.
  template <class F>
  void for_each_dominating_key(const State& s, F&& f) const {
    const auto absorbed = s.marker.absorbed();
    const auto frontier = s.marker.frontier();
    boost::container::small_vector<search::Word, 16> key(absorbed.begin(), absorbed.end());
    const std::span<const search::Word> view(key.data(), key.size());
    for (std::size_t w = 0; w < key.size(); ++w)
      for (search::Word bits = frontier[w]; bits != 0; bits &= bits - 1) {
        const search::Word bit = bits & (~bits + 1);
        key[w] |= bit;
        const bool stop = f(view);
        key[w] &= ~bit;
        if (stop) return;
      }
    for (Color c = 0; c < graph_.colors(); ++c) {
      const auto members = graph_.color_set(c);
      std::size_t added = 0;
      for (std::size_t w = 0; w < key.size(); ++w) {
        const search::Word taken = frontier[w] & members[w];
        key[w] = absorbed[w] | taken;
        added += static_cast<std::size_t>(std::popcount(taken));
      }
      if (added >= 2 && f(view)) return;
    }
  }

  // The beam's ranking of a state at depth g: g + bound first, then more
  // cells cleared.
  std::int64_t beam_key(const State& s, std::uint32_t g) const {
    return search::f_key(std::int64_t{g} + lower_bound(s), s.marker.cells_cleared());
  }

 private:
  template <std::size_t N>
  bool apply_words(State& s, Color c) const {
    using Word = search::Word;
    using Set =
        std::conditional_t<N != 0, std::array<Word, N>, boost::container::small_vector<Word, 16>>;
    const auto frontier = s.marker.frontier();
    Set fresh;
    if constexpr (N == 0) fresh.resize(frontier.size());
    std::copy(frontier.begin(), frontier.end(), fresh.begin());
    if (graph_.apply(s.marker, c).wasted()) return false;
    // The move was dominant (all the colour's clusters were on the
    // frontier) when no cluster of the colour is left; moves() offers a
    // dominant move alone, so the state had one exactly when this is one.
    // (With the dominance rule off, the state may have had one and this
    // move be another: commutation after it then compares with orders the
    // state also offers, which is all it needs.)
    const auto absorbed = s.marker.absorbed();
    const auto members = graph_.color_set(c);
    Word any = 0;
    Word left = 0;
    for (std::size_t w = 0; w < fresh.size(); ++w) {
      fresh[w] = frontier[w] & ~fresh[w];
      any |= fresh[w];
      left |= members[w] & ~absorbed[w];
    }
    if (left == 0) {
      s.last = c;
      s.last_fresh = kEveryColor;
      return true;
    }
    if (any == 0 && rules_.neutral) return false;
    const std::span<const Word> added(fresh.data(), fresh.size());
    if (rules_.commutation && commutation_skips(graph_, c, s.last, s.last_fresh, added))
      return false;
    s.last = c;
    s.last_fresh = colors_of(graph_, added);
    return true;
  }

  // Packed form of the extra word: the last move in bits 0-5 (kNoLast:
  // none), its fresh colours in bits 6-41, the cells cleared minus one (a
  // region has at least one) in bits 42-63.
  static constexpr search::Word kNoLast = 63;
  static constexpr search::Word kColorBits = (search::Word{1} << 36) - 1;
  static_assert(kMaxColors <= 36 && kMaxColors < kNoLast);
  static_assert(kMaxCells <= (std::uint64_t{1} << 22));

  const ClusterGraph& graph_;
  ExactRules rules_;
  const BoundCutoff* cutoff_;
};

static_assert(search::Domain<ExactDomain>);
static_assert(search::HasLowerBound<ExactDomain>);
static_assert(search::HasDominatingKeys<ExactDomain>);

}  // namespace colorwalk
