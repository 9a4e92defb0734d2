#include "exact/cluster_balls.hpp"

#include <array>

namespace colorwalk {

ClusterBalls::ClusterBalls(const ClusterGraph& graph) {
  const std::size_t words = graph.set_words();
  if (words == 0 || words > ClusterGraph::kSmallSetWords) return;
  words_ = words;
  const std::uint32_t n = graph.cluster_count();
  every_.assign(words, 0);
  for (ClusterId x = 0; x < n; ++x)
    search::bits::set(every_, x);
  places_.resize(n);
  // A breadth-first search from every cluster, gathering neighbour sets in
  // registers (ClusterGraph::neighbors_of).
  with_set_words(words, [&]<std::size_t N>() {
    if constexpr (N != 0) {
      for (ClusterId u = 0; u < n; ++u) {
        places_[u].first = static_cast<std::uint32_t>(balls_.size());
        std::array<Word, N> ball{};
        std::array<Word, N> layer{};
        ball[u / search::bits::kWordBits] = Word{1} << (u % search::bits::kWordBits);
        layer = ball;
        std::uint32_t r = 0;
        while (true) {
          const std::array<Word, N> near = graph.neighbors_of<N>(layer.data());
          Word grew = 0;
          for (std::size_t w = 0; w < N; ++w) {
            layer[w] = near[w] & ~ball[w];
            grew |= layer[w];
          }
          if (grew == 0) break;  // ball r holds every cluster: kept once, as every_
          balls_.insert(balls_.end(), ball.begin(), ball.end());
          for (std::size_t w = 0; w < N; ++w)
            ball[w] |= layer[w];
          ++r;
        }
        places_[u].eccentricity = r;
      }
    }
  });
}

}  // namespace colorwalk
