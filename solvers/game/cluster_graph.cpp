#include "game/cluster_graph.hpp"

#include <algorithm>
#include <limits>

namespace colorwalk {

namespace {

constexpr ClusterId kUnassigned = std::numeric_limits<ClusterId>::max();

// Each cluster's place in a breadth-first walk of the graph from cluster 0
// whose `edges` are (low, high) pairs, sorted (repeats allowed); neighbours
// in id order. The neighbour lists are one array (offsets into it per
// cluster), so that a graph of millions of clusters costs a few bytes each.
std::vector<ClusterId> breadth_first_ranks(std::size_t n, const std::vector<std::uint64_t>& edges) {
  std::vector<std::uint32_t> first(n + 1, 0);  // cluster x's neighbours at first[x] ..
  for (std::size_t i = 0; i < edges.size(); ++i) {
    if (i > 0 && edges[i] == edges[i - 1]) continue;
    ++first[(edges[i] >> 32) + 1];
    ++first[(edges[i] & 0xffffffffu) + 1];
  }
  for (std::size_t x = 0; x < n; ++x)
    first[x + 1] += first[x];
  std::vector<ClusterId> near(first[n]);
  std::vector<std::uint32_t> next(first.begin(), first.end() - 1);
  for (std::size_t i = 0; i < edges.size(); ++i) {
    if (i > 0 && edges[i] == edges[i - 1]) continue;
    const auto a = static_cast<ClusterId>(edges[i] >> 32);
    const auto b = static_cast<ClusterId>(edges[i] & 0xffffffffu);
    near[next[a]++] = b;
    near[next[b]++] = a;
  }
  std::vector<ClusterId> rank(n, kUnassigned);
  std::vector<ClusterId> order;
  order.reserve(n);
  for (ClusterId root = 0; root < n; ++root) {  // one root unless cells are cut off
    if (rank[root] != kUnassigned) continue;
    rank[root] = static_cast<ClusterId>(order.size());
    order.push_back(root);
    for (std::size_t i = order.size() - 1; i < order.size(); ++i)
      for (std::uint32_t j = first[order[i]]; j < first[order[i] + 1]; ++j)
        if (const ClusterId y = near[j]; rank[y] == kUnassigned) {
          rank[y] = static_cast<ClusterId>(order.size());
          order.push_back(y);
        }
  }
  return rank;
}

}  // namespace

ClusterGraph::ClusterGraph(const Board& board)
    : width_(board.width()),
      height_(board.height()),
      colors_(board.colors()),
      rules_(board.rules()),
      cluster_of_(board.cell_count(), kUnassigned) {
  const std::uint32_t cells = board.cell_count();
  const std::uint32_t start = board.start_index();
  const auto& colors = board.cells();
  const bool blank_start = rules_ == Rules::kColorWalk;

  // Label clusters by flood fill with an explicit stack; the start comes first.
  std::vector<std::uint32_t> stack;
  auto label = [&](std::uint32_t seed, Color color) {
    const auto id = static_cast<ClusterId>(color_.size());
    color_.push_back(color);
    std::uint32_t count = 0;
    cluster_of_[seed] = id;
    stack.push_back(seed);
    while (!stack.empty()) {
      const std::uint32_t cell = stack.back();
      stack.pop_back();
      ++count;
      if (color == kNoColor) continue;  // the blank start is a cluster of one cell
      const std::uint32_t row = cell / width_;
      const std::uint32_t col = cell % width_;
      auto visit = [&](std::uint32_t next) {
        if (cluster_of_[next] == kUnassigned && colors[next] == color) {
          cluster_of_[next] = id;
          stack.push_back(next);
        }
      };
      if (col > 0) visit(cell - 1);
      if (col + 1 < width_) visit(cell + 1);
      if (row > 0) visit(cell - width_);
      if (row + 1 < height_) visit(cell + width_);
    }
    size_.push_back(count);
  };
  label(start, blank_start ? kNoColor : colors[start]);
  for (std::uint32_t cell = 0; cell < cells; ++cell)
    if (cluster_of_[cell] == kUnassigned) label(cell, colors[cell]);

  // Adjacency from the right and lower edge of every cell: collect each
  // cell edge as (low, high), sort, and count the repeats of each pair (the
  // number of cell edges between two clusters). O(E log E) even when one
  // cluster touches thousands of others.
  const std::size_t n = color_.size();
  std::vector<std::uint64_t> edges;
  const auto collect_edges = [&] {
    edges.clear();
    auto link = [&](ClusterId a, ClusterId b) {
      if (a == b) return;
      if (a > b) std::swap(a, b);
      edges.push_back((std::uint64_t{a} << 32) | b);
    };
    for (std::uint32_t cell = 0; cell < cells; ++cell) {
      if (cell % width_ + 1 < width_) link(cluster_of_[cell], cluster_of_[cell + 1]);
      if (cell + width_ < cells) link(cluster_of_[cell], cluster_of_[cell + width_]);
    }
    std::sort(edges.begin(), edges.end());
  };
  // Clusters numbered again in breadth-first order from the start, so that
  // ids grow with the distance from it: a region then holds the low ids, and
  // the superset check of the regions stored last (search::RecentKeys),
  // which tests a key's highest bits first, rules out a stored region in
  // fewer steps. No answer depends on the numbering.
  collect_edges();
  const std::vector<ClusterId> rank = breadth_first_ranks(n, edges);
  std::vector<Color> color(n);
  std::vector<std::uint32_t> size(n);
  for (std::size_t c = 0; c < n; ++c) {
    color[rank[c]] = color_[c];
    size[rank[c]] = size_[c];
  }
  color_ = std::move(color);
  size_ = std::move(size);
  for (ClusterId& c : cluster_of_)
    c = rank[c];
  collect_edges();
  adjacency_.resize(n);
  edge_counts_.resize(n);
  // Pairs come sorted by (low, high), so every list comes out sorted: the
  // entries of cluster x below x (from pairs (a, x), a < x) all arrive before
  // those above x (from pairs (x, b)), each group in increasing order.
  for (std::size_t i = 0; i < edges.size();) {
    const std::uint64_t e = edges[i];
    std::size_t j = i + 1;
    while (j < edges.size() && edges[j] == e)
      ++j;
    const auto count = static_cast<std::uint32_t>(j - i);
    const auto a = static_cast<ClusterId>(e >> 32);
    const auto b = static_cast<ClusterId>(e & 0xffffffffu);
    adjacency_[a].push_back(b);
    edge_counts_[a].push_back(count);
    adjacency_[b].push_back(a);
    edge_counts_[b].push_back(count);
    i = j;
  }

  set_words_ = search::bits::words_for(n);
  if (set_words_ <= kSmallSetWords) {
    neighbor_sets_.assign(n * set_words_, 0);
    for (ClusterId c = 0; c < n; ++c)
      for (ClusterId y : adjacency_[c])
        search::bits::set(std::span<Word>(neighbor_sets_.data() + c * set_words_, set_words_), y);
    ring_sets_.assign(2 * n * set_words_, 0);
    for (ClusterId c = 0; c < n; ++c) {
      Word* near = ring_sets_.data() + 2 * c * set_words_;
      Word* far = near + set_words_;
      std::copy_n(neighbor_sets_.data() + c * set_words_, set_words_, near);
      for (ClusterId y : adjacency_[c])
        for (std::size_t w = 0; w < set_words_; ++w)
          far[w] |= neighbor_sets_[y * set_words_ + w];
    }
  }
  color_sets_.assign(std::size_t{colors_} * set_words_, 0);
  for (ClusterId c = 0; c < n; ++c)
    if (color_[c] != kNoColor)
      search::bits::set(std::span<Word>(color_sets_.data() + color_[c] * set_words_, set_words_),
                        c);
}

MarkerState ClusterGraph::initial_state() const {
  MarkerState s;
  s.set_words_ = set_words_;
  s.words_.assign(2 * set_words_ + 1, 0);
  const ClusterId start = start_cluster();
  search::bits::set(s.absorbed_mut(), start);
  for (ClusterId y : adjacency_[start])
    search::bits::set(s.frontier_mut(), y);
  s.words_.back() = (Word{1} << 32) + size_[start];
  return s;
}

void ClusterGraph::restore(MarkerState& s, std::span<const Word> absorbed, std::uint32_t cells,
                           std::uint32_t clusters) const {
  s.set_words_ = set_words_;
  s.words_.resize(2 * set_words_ + 1);
  with_set_words(set_words_, [&]<std::size_t N>() { restore_words<N>(s, absorbed); });
  s.words_.back() = (Word{clusters} << 32) | cells;
}

std::uint64_t ClusterGraph::useful_moves(const MarkerState& s) const noexcept {
  std::uint64_t mask = 0;
  const auto frontier = s.frontier();
  if (set_words_ <= kSmallSetWords) {
    // Small graphs: K x W word tests, branch-predictable, no per-cluster loads.
    for (Color c = 0; c < colors_; ++c)
      if (search::bits::intersects(frontier, color_set(c))) mask |= std::uint64_t{1} << c;
  } else {
    search::bits::for_each_set(frontier,
                               [&](std::size_t x) { mask |= std::uint64_t{1} << color_[x]; });
  }
  return mask;
}

void ClusterGraph::move_gains(const MarkerState& s, std::span<std::uint32_t> gains) const noexcept {
  std::fill(gains.begin(), gains.end(), 0u);
  search::bits::for_each_set(s.frontier(), [&](std::size_t x) { gains[color_[x]] += size_[x]; });
}

}  // namespace colorwalk
