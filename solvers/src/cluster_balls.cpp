#include "colorwalk/cluster_balls.hpp"

#include <algorithm>

namespace colorwalk {

ClusterBalls::ClusterBalls(const ClusterGraph& graph) {
  const std::size_t words = graph.set_words();
  if (words == 0 || words > ClusterGraph::kSmallSetWords) return;
  words_ = words;
  const std::uint32_t n = graph.cluster_count();
  every_.assign(words, 0);
  for (ClusterId x = 0; x < n; ++x)
    search::bits::set(every_, x);
  offset_.resize(n);
  eccentricity_.resize(n);
  std::vector<Word> ball(words);
  std::vector<Word> layer(words);
  std::vector<Word> next(words);
  for (ClusterId u = 0; u < n; ++u) {
    offset_[u] = balls_.size();
    std::fill(ball.begin(), ball.end(), Word{0});
    std::fill(layer.begin(), layer.end(), Word{0});
    search::bits::set(ball, u);
    search::bits::set(layer, u);
    std::uint32_t r = 0;
    while (true) {
      balls_.insert(balls_.end(), ball.begin(), ball.end());  // radius r
      std::fill(next.begin(), next.end(), Word{0});
      search::bits::for_each_set(std::span<const Word>(layer), [&](std::size_t x) {
        graph.add_neighbors(static_cast<ClusterId>(x), next);
      });
      bool grew = false;
      for (std::size_t w = 0; w < words; ++w) {
        next[w] &= ~ball[w];
        ball[w] |= next[w];
        grew |= next[w] != 0;
      }
      if (!grew) break;
      layer.swap(next);
      ++r;
    }
    // Radius r holds every cluster (the graph is connected): kept as every_.
    balls_.resize(balls_.size() - words);
    eccentricity_[u] = r;
  }
}

}  // namespace colorwalk
