// The Color Walk domain for libsearch: states are MarkerStates of one
// ClusterGraph, moves are colours, a move that absorbs nothing is dropped.
//
// Packed state: the MarkerState's 2W+1 words; the key (identity for
// duplicate detection) is the W words of the absorbed set, since the frontier
// and the counts follow from it.
//
// Options (bounds.hpp has the proofs): the lower bound is the number of
// colours left (cheap) or the distance bound (stronger, about one cluster-
// graph BFS per call); with `dominance`, a state that has a dominant move
// offers only that move, and otherwise no neutral move (both rules keep an
// optimal continuation from every state).
#pragma once

#include <algorithm>
#include <span>

#include "exact/bounds.hpp"
#include "game/cluster_graph.hpp"
#include "search/domain.hpp"

namespace colorwalk {

class ColorWalkDomain {
 public:
  using State = MarkerState;
  using Move = Color;
  static constexpr std::size_t kMaxMoves = kMaxColors;

  enum class Bound : std::uint8_t { kColorsLeft, kDistance, kElimination, kStrongest };
  struct Options {
    Bound bound = Bound::kColorsLeft;
    bool dominance = false;
  };

  explicit ColorWalkDomain(const ClusterGraph& graph) : graph_(graph) {}
  ColorWalkDomain(const ClusterGraph& graph, Options options) : graph_(graph), options_(options) {}

  const ClusterGraph& graph() const noexcept { return graph_; }

  // Useful colours in increasing order (only the dominant one, if asked and any).
  void moves(const State& s, search::MoveList<Move, kMaxMoves>& out) const {
    if (options_.dominance) {
      if (const auto c = dominant_move(graph_, s)) {
        out.push_back(*c);
        return;
      }
    }
    std::uint64_t mask = graph_.useful_moves(s);
    if (options_.dominance) mask &= ~neutral_moves(graph_, s);
    while (mask != 0) {
      out.push_back(static_cast<Color>(std::countr_zero(mask)));
      mask &= mask - 1;
    }
  }
  bool apply(State& s, Move c) const { return !graph_.apply(s, c).wasted(); }
  bool is_goal(const State& s) const { return graph_.is_cleared(s); }

  std::size_t packed_words() const noexcept { return 2 * graph_.set_words() + 1; }
  std::size_t key_words() const noexcept { return graph_.set_words(); }
  void pack(const State& s, std::span<search::Word> out) const {
    std::copy(s.words().begin(), s.words().end(), out.begin());
  }
  void unpack(std::span<const search::Word> in, State& s) const { s.assign(in); }

  std::uint32_t lower_bound(const State& s) const {
    switch (options_.bound) {
      case Bound::kColorsLeft:
        return colors_left(graph_, s);
      case Bound::kDistance:
        return distance_bound(graph_, s);
      case Bound::kElimination:
        return elimination_bound(graph_, s);
      case Bound::kStrongest:
        return std::max(distance_bound(graph_, s), elimination_bound(graph_, s));
    }
    return 0;
  }

 private:
  const ClusterGraph& graph_;
  Options options_{};
};

static_assert(search::Domain<ColorWalkDomain>);
static_assert(search::HasLowerBound<ColorWalkDomain>);
static_assert(search::HasKeyWords<ColorWalkDomain>);

}  // namespace colorwalk
