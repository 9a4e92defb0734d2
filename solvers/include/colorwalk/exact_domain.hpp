// The Color Walk domain for exact and bounded search: ColorWalkDomain's
// states and moves plus the pruning rules of bounds.hpp and its strongest
// lower bound.
//
// A state also carries the move that reached it, whether the state it came
// from had all its moves (no dominant move), and the fold of the clusters
// that move took (bounds.hpp), which the commutation rule needs.
//
// Packed form (W + 1 words, W = words of a cluster set): the absorbed set,
// then one word with the last move (bits 0-7), the flag (bit 8), the cells
// cleared (bits 9-31) and the fold (bits 32-63). The frontier and the
// number of clusters absorbed are recomputed on unpack (once per
// expansion), which halves the bytes per stored node. The key is the
// absorbed set, so two paths to one region are one node (libsearch keeps
// the cheaper path's extra word).
//
// Moves of a state: its dominant move alone if it has one; otherwise the
// useful moves minus the neutral ones and, when the parent had all its
// moves, minus those commutation skips. Every rule keeps an optimal
// continuation (bounds.hpp; tests/test_exact.cpp checks them against
// exhaustive search).
#pragma once

#include <algorithm>
#include <span>

#include "colorwalk/bounds.hpp"
#include "colorwalk/cluster_graph.hpp"
#include "search/domain.hpp"

namespace colorwalk {

class ExactDomain {
 public:
  struct State {
    MarkerState marker;
    Color last = kNoColor;     // the move that reached this state
    bool parent_full = false;  // the state it came from had no dominant move
    std::uint32_t taken_fold = kUnknownFold;  // of the clusters `last` took
  };
  using Move = Color;
  static constexpr std::size_t kMaxMoves = kMaxColors;

  explicit ExactDomain(const ClusterGraph& graph) : graph_(graph) {}

  const ClusterGraph& graph() const noexcept { return graph_; }

  State initial_state() const {
    return State{graph_.initial_state(), kNoColor, false, kUnknownFold};
  }

  void moves(const State& s, search::MoveList<Move, kMaxMoves>& out) const {
    if (const auto c = dominant_move(graph_, s.marker)) {
      out.push_back(*c);
      return;
    }
    std::uint64_t mask = graph_.useful_moves(s.marker) & ~neutral_moves(graph_, s.marker);
    if (s.parent_full && s.last != kNoColor)
      mask &= ~commuted_moves(graph_, s.marker, s.last, mask, s.taken_fold);
    for (; mask != 0; mask &= mask - 1)
      out.push_back(static_cast<Color>(std::countr_zero(mask)));
  }

  bool apply(State& s, Move c) const {
    // moves() offers a dominant move alone, so the state had one exactly
    // when the move played is one.
    s.parent_full = !is_dominant(graph_, s.marker, c);
    s.last = c;
    s.taken_fold = 0;
    return !graph_.apply(s.marker, c, [&](ClusterId x) { s.taken_fold |= fold_bit(x); }).wasted();
  }
  bool is_goal(const State& s) const { return graph_.is_cleared(s.marker); }

  std::size_t packed_words() const noexcept { return graph_.set_words() + 1; }
  std::size_t key_words() const noexcept { return graph_.set_words(); }
  void pack(const State& s, std::span<search::Word> out) const {
    const auto absorbed = s.marker.absorbed();
    std::copy(absorbed.begin(), absorbed.end(), out.begin());
    out[absorbed.size()] = search::Word{s.last} | (search::Word{s.parent_full} << 8) |
                           (search::Word{s.marker.cells_cleared()} << 9) |
                           (search::Word{s.taken_fold} << 32);
  }
  void unpack(std::span<const search::Word> in, State& s) const {
    const search::Word meta = in.back();
    const auto absorbed = in.first(in.size() - 1);
    graph_.restore(s.marker, absorbed, static_cast<std::uint32_t>((meta >> 9) & 0x7fffff),
                   static_cast<std::uint32_t>(search::bits::count(absorbed)));
    s.last = static_cast<Color>(meta & 0xff);
    s.parent_full = ((meta >> 8) & 1) != 0;
    s.taken_fold = static_cast<std::uint32_t>(meta >> 32);
  }

  std::uint32_t lower_bound(const State& s) const { return elimination_bound(graph_, s.marker); }

  // The beam's ranking of a state at depth g: g + bound first, then more
  // cells cleared.
  std::int64_t beam_key(const State& s, std::uint32_t g) const {
    return (std::int64_t{g + lower_bound(s)} << 32) - std::int64_t{s.marker.cells_cleared()};
  }

 private:
  const ClusterGraph& graph_;
};

static_assert(search::Domain<ExactDomain>);
static_assert(search::HasLowerBound<ExactDomain>);

}  // namespace colorwalk
