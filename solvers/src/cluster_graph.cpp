#include "colorwalk/cluster_graph.hpp"

#include <algorithm>
#include <limits>

namespace colorwalk {

namespace {
constexpr ClusterId kUnassigned = std::numeric_limits<ClusterId>::max();
}

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
  // edge once as (low, high), sort, drop repeats. O(E log E) even when one
  // cluster touches thousands of others.
  const std::size_t n = color_.size();
  std::vector<std::uint64_t> edges;
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
  edges.erase(std::unique(edges.begin(), edges.end()), edges.end());
  adjacency_.resize(n);
  for (std::uint64_t e : edges) {
    const auto a = static_cast<ClusterId>(e >> 32);
    const auto b = static_cast<ClusterId>(e & 0xffffffffu);
    adjacency_[a].push_back(b);
    adjacency_[b].push_back(a);
  }
  for (auto& list : adjacency_)
    std::sort(list.begin(), list.end());

  set_words_ = search::bits::words_for(n);
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

std::uint64_t ClusterGraph::useful_moves(const MarkerState& s) const noexcept {
  std::uint64_t mask = 0;
  search::bits::for_each_set(s.frontier(),
                             [&](std::size_t x) { mask |= std::uint64_t{1} << color_[x]; });
  return mask;
}

void ClusterGraph::move_gains(const MarkerState& s, std::span<std::uint32_t> gains) const noexcept {
  std::fill(gains.begin(), gains.end(), 0u);
  search::bits::for_each_set(s.frontier(), [&](std::size_t x) { gains[color_[x]] += size_[x]; });
}

}  // namespace colorwalk
