#include "exact/cluster_balls.hpp"

#include <algorithm>
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
  with_set_words(words, [&]<std::size_t N>() {
    if constexpr (N != 0) {
      // Radius by radius: radius r of cluster u at (r * n + u) * N of
      // `rows`. Radius r + 1 is u's ball of radius r and its neighbours';
      // a neighbour whose ball of radius r is every cluster makes u's every
      // cluster too. A ball that is every cluster is not stored: from then
      // on the cluster is done (its eccentricity known).
      constexpr std::uint32_t kOpen = ~std::uint32_t{0};
      std::vector<std::uint32_t> eccentricity(n, kOpen);
      // Room for every radius up front: no eccentricity exceeds twice
      // cluster 0's (a breadth-first search on the adjacency lists).
      std::vector<std::uint32_t> from_first(n, kOpen);
      std::vector<ClusterId> queue{0};
      from_first[0] = 0;
      for (std::size_t i = 0; i < queue.size(); ++i)
        for (const ClusterId y : graph.neighbors(queue[i]))
          if (from_first[y] == kOpen) {
            from_first[y] = from_first[queue[i]] + 1;
            queue.push_back(y);
          }
      std::vector<Word> rows;
      rows.reserve((2 * std::size_t{from_first[queue.back()]} + 2) * n * N);
      rows.assign(std::size_t{n} * N, 0);
      for (ClusterId u = 0; u < n; ++u)
        search::bits::set(std::span<Word>(rows.data() + std::size_t{u} * N, N), u);
      std::uint32_t open = n;
      for (std::uint32_t r = 0; open > 0; ++r) {
        rows.resize(rows.size() + std::size_t{n} * N);
        const Word* in = rows.data() + std::size_t{r} * n * N;
        Word* out = rows.data() + std::size_t{r + 1} * n * N;
        bool grew = false;
        for (ClusterId u = 0; u < n; ++u) {
          if (eccentricity[u] != kOpen) continue;
          std::array<Word, N> ball;
          std::copy_n(in + std::size_t{u} * N, N, ball.begin());
          bool whole = false;
          for (const ClusterId v : graph.neighbors(u)) {
            if (eccentricity[v] <= r) {
              whole = true;
              break;
            }
            const Word* near = in + std::size_t{v} * N;
            for (std::size_t w = 0; w < N; ++w)
              ball[w] |= near[w];
          }
          Word missing = 0;
          Word added = 0;
          for (std::size_t w = 0; w < N; ++w) {
            missing |= every_[w] & ~ball[w];
            added |= ball[w] & ~in[std::size_t{u} * N + w];
          }
          grew |= whole || added != 0;
          if (whole || missing == 0) {
            eccentricity[u] = r + 1;
            --open;
          } else {
            std::copy_n(ball.begin(), N, out + std::size_t{u} * N);
          }
        }
        // A board's graph is connected, so some ball grows every round
        // until all are whole (were one in pieces, the balls that stopped
        // growing would read as every cluster from here).
        if (!grew) {
          for (std::uint32_t& e : eccentricity)
            if (e == kOpen) e = r;
          open = 0;
        }
      }
      // Cluster by cluster, radius 0 to e(u) - 1: the test reads a
      // cluster's neighbouring radii together.
      std::size_t size = 0;
      for (ClusterId u = 0; u < n; ++u) {
        places_[u].first = static_cast<std::uint32_t>(size);
        places_[u].eccentricity = eccentricity[u];
        size += std::size_t{eccentricity[u]} * N;
      }
      balls_.resize(size);
      for (ClusterId u = 0; u < n; ++u)
        for (std::uint32_t r = 0; r < eccentricity[u]; ++r)
          std::copy_n(rows.data() + (std::size_t{r} * n + u) * N, N,
                      balls_.data() + places_[u].first + std::size_t{r} * N);
    }
  });
}

}  // namespace colorwalk
