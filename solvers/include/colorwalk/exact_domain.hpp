// The Color Walk domain for exact and bounded search: ColorWalkDomain's
// states and moves plus the pruning rules of bounds.hpp and its strongest
// lower bound.
//
// A state also carries the move that reached it and whether the state it
// came from had all its moves (no dominant move), which the commutation
// rule needs. They are packed in one extra word after the marker state's
// words; the key stays the absorbed set, so two paths to one region are one
// node (libsearch keeps the cheaper path's extra word).
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
  };
  using Move = Color;
  static constexpr std::size_t kMaxMoves = kMaxColors;

  explicit ExactDomain(const ClusterGraph& graph) : graph_(graph) {}

  const ClusterGraph& graph() const noexcept { return graph_; }

  State initial_state() const { return State{graph_.initial_state(), kNoColor, false}; }

  void moves(const State& s, search::MoveList<Move, kMaxMoves>& out) const {
    if (const auto c = dominant_move(graph_, s.marker)) {
      out.push_back(*c);
      return;
    }
    std::uint64_t mask = graph_.useful_moves(s.marker) & ~neutral_moves(graph_, s.marker);
    if (s.parent_full && s.last != kNoColor)
      mask &= ~commuted_moves(graph_, s.marker, s.last, mask);
    for (; mask != 0; mask &= mask - 1)
      out.push_back(static_cast<Color>(std::countr_zero(mask)));
  }

  bool apply(State& s, Move c) const {
    // moves() offers a dominant move alone, so the state had one exactly
    // when the move played is one.
    s.parent_full = !is_dominant(graph_, s.marker, c);
    s.last = c;
    return !graph_.apply(s.marker, c).wasted();
  }
  bool is_goal(const State& s) const { return graph_.is_cleared(s.marker); }

  std::size_t packed_words() const noexcept { return 2 * graph_.set_words() + 2; }
  std::size_t key_words() const noexcept { return graph_.set_words(); }
  void pack(const State& s, std::span<search::Word> out) const {
    const auto words = s.marker.words();
    std::copy(words.begin(), words.end(), out.begin());
    out[words.size()] = search::Word{s.last} | (search::Word{s.parent_full} << 8);
  }
  void unpack(std::span<const search::Word> in, State& s) const {
    s.marker.assign(in.first(in.size() - 1));
    s.last = static_cast<Color>(in.back() & 0xff);
    s.parent_full = ((in.back() >> 8) & 1) != 0;
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
