// The header of a pooled search node, and the functions that read it: the
// only place that knows how its words are laid out.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "search/binary_heap.hpp"
#include "search/domain.hpp"
#include "search/node_pool.hpp"

namespace search {

// The pooled searches (BFS, best-first, beam) store a node as two header
// words, (parent << 32 | move bits) and the path cost g (best-first keeps a
// flag in its upper half), followed by the packed state.
inline constexpr std::size_t kNodeHeaderWords = 2;

// The best-first searches' flag in a node's g word: expanded (closed).
inline constexpr Word kClosedFlag = Word{1} << 32;

// A heap entry of a node closed since, or reached since at a smaller cost
// (the best-first searches skip it when popped).
inline bool is_stale(const NodePool& pool, const BinaryHeap::Entry& e) noexcept {
  const Word* node = pool[e.id];
  return (node[1] & kClosedFlag) != 0 || static_cast<std::uint32_t>(node[1]) != e.g;
}

// The moves from the root to node `id`, in order, written into `out`;
// node_of(id) gives a node's words (its header first).
template <class Move, class NodeOf>
void trace_path_with(NodeOf&& node_of, NodeId id, std::vector<Move>& out) {
  const auto parent = [&](NodeId n) { return static_cast<NodeId>(node_of(n)[0] >> 32); };
  std::size_t length = 0;
  for (NodeId n = id; parent(n) != kNoNode; n = parent(n))
    ++length;
  out.resize(length);  // one allocation at most
  for (NodeId n = id; length > 0; n = parent(n))
    out[--length] = move_from_bits<Move>(static_cast<std::uint32_t>(node_of(n)[0]));
}

// The moves from the root to pooled node `id`, in order, written into `out`.
template <class Move>
void trace_path(const NodePool& pool, NodeId id, std::vector<Move>& out) {
  trace_path_with([&](NodeId n) { return pool[n]; }, id, out);
}

}  // namespace search
