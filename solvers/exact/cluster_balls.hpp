// Balls around every cluster of a cluster graph: ball(u, r) is the set of
// clusters within distance r of u, as a bitset of the graph's set words.
// Built once per board by the solvers that need distances between
// arbitrary clusters in their inner loop, such as the completion bound's
// test (bounds.hpp): there, "some cluster of the region's frontier lies
// within r of u" is one bitset intersection.
//
// Built radius by radius for every cluster at once (the clusters within
// r + 1 of u are u and those within r of its neighbours), then laid out
// cluster by cluster, where the test reads them. Built only for graphs of
// at most ClusterGraph::kSmallSetWords words (a graph of n clusters with
// eccentricities e(u) takes sum over u of e(u) * words words; a ball of
// radius e(u) or more is every cluster, kept once); for larger graphs
// empty() is true.
#pragma once

#include <cstdint>
#include <vector>

#include "game/cluster_graph.hpp"

namespace colorwalk {

class ClusterBalls {
 public:
  using Word = ClusterGraph::Word;

  ClusterBalls() = default;
  explicit ClusterBalls(const ClusterGraph& graph);

  bool empty() const noexcept { return words_ == 0; }
  std::size_t words() const noexcept { return words_; }
  // The clusters within distance r of u.
  const Word* ball(ClusterId u, std::uint32_t r) const noexcept {
    const Place place = places_[u];
    return r >= place.eccentricity ? every_.data() : balls_.data() + place.first + r * words_;
  }
  std::size_t bytes() const noexcept {
    return (balls_.size() + every_.size()) * sizeof(Word) + places_.size() * sizeof(Place);
  }

 private:
  // Where a cluster's balls start in balls_ and its largest distance, side
  // by side so that ball() reads one entry (at most 1024 clusters of
  // eccentricity below 1024, 16 words a ball: the offsets fit 32 bits).
  struct Place {
    std::uint32_t first = 0;
    std::uint32_t eccentricity = 0;
  };

  std::size_t words_ = 0;
  std::vector<Word> balls_;    // per cluster u, radii 0 .. e(u) - 1
  std::vector<Place> places_;  // per cluster
  std::vector<Word> every_;    // every cluster
};

}  // namespace colorwalk
