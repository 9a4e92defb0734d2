// The Color Walk domain for libsearch: states are MarkerStates of one
// ClusterGraph, moves are colours, a move that absorbs nothing is dropped.
//
// Packed state: the MarkerState's 2W+1 words; the key (identity for
// duplicate detection) is the W words of the absorbed set, since the frontier
// and the counts follow from it. The lower bound is the number of colours
// still present outside the region: every move removes at most one colour,
// so it never overestimates.
#pragma once

#include <algorithm>
#include <span>

#include "colorwalk/cluster_graph.hpp"
#include "search/domain.hpp"

namespace colorwalk {

class ColorWalkDomain {
 public:
  using State = MarkerState;
  using Move = Color;
  static constexpr std::size_t kMaxMoves = kMaxColors;

  explicit ColorWalkDomain(const ClusterGraph& graph) : graph_(graph) {}

  const ClusterGraph& graph() const noexcept { return graph_; }

  // Useful colours in increasing order.
  void moves(const State& s, search::MoveList<Move, kMaxMoves>& out) const {
    std::uint64_t mask = graph_.useful_moves(s);
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

  // Distinct colours among the clusters not yet absorbed.
  std::uint32_t lower_bound(const State& s) const {
    const auto absorbed = s.absorbed();
    std::uint32_t colors = 0;
    for (Color c = 0; c < graph_.colors(); ++c) {
      const auto set = graph_.color_set(c);
      for (std::size_t w = 0; w < set.size(); ++w) {
        if ((set[w] & ~absorbed[w]) != 0) {
          ++colors;
          break;
        }
      }
    }
    return colors;
  }

 private:
  const ClusterGraph& graph_;
};

static_assert(search::Domain<ColorWalkDomain>);
static_assert(search::HasLowerBound<ColorWalkDomain>);
static_assert(search::HasKeyWords<ColorWalkDomain>);

}  // namespace colorwalk
