// The header of a pooled search node, and the functions that read and
// write it: the one place that knows how its words are laid out.
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

// The first header word of a node reached from `parent` by the move of
// bits `move` (kNoNode: the root).
constexpr Word node_link(NodeId parent, std::uint32_t move) noexcept {
  return (Word{parent} << 32) | move;
}
// The node's parent (kNoNode for the root).
constexpr NodeId node_parent(const Word* node) noexcept {
  return static_cast<NodeId>(node[0] >> 32);
}
// The bits of the move that reached the node (move_bits, domain.hpp).
constexpr std::uint32_t node_move_bits(const Word* node) noexcept {
  return static_cast<std::uint32_t>(node[0]);
}
// The move that reached the node (meaningless for the root).
template <class Move>
Move node_move(const Word* node) noexcept {
  return move_from_bits<Move>(node_move_bits(node));
}

// The g of a node's g word (its low half; the closed flag is above).
constexpr std::uint32_t g_of_word(Word w) noexcept {
  return static_cast<std::uint32_t>(w);
}
// The node's path cost g.
constexpr std::uint32_t node_g(const Word* node) noexcept {
  return g_of_word(node[1]);
}
// The word that holds the node's g and closed flag (for the parallel
// search's atomic access to it).
constexpr Word& node_g_word(Word* node) noexcept {
  return node[1];
}
// Whether the node has been expanded (kClosedFlag).
constexpr bool node_closed(const Word* node) noexcept {
  return (node[1] & kClosedFlag) != 0;
}
// Marks the node expanded.
constexpr void close_node(Word* node) noexcept {
  node[1] |= kClosedFlag;
}

// Writes a node's header: reached from `parent` by the move of bits
// `move`, at cost g, not closed.
constexpr void set_node_header(Word* node, NodeId parent, std::uint32_t move,
                               std::uint32_t g) noexcept {
  node[0] = node_link(parent, move);
  node[1] = g;
}

// A heap entry of a node closed since, or reached since at a smaller cost
// (the best-first searches skip it when popped).
inline bool is_stale(const NodePool& pool, const BinaryHeap::Entry& e) noexcept {
  const Word* node = pool[e.id];
  return node_closed(node) || node_g(node) != e.g;
}

// The moves from the root to node `id`, in order, written into `out`;
// node_of(id) gives a node's words (its header first).
template <class Move, class NodeOf>
void trace_path_with(NodeOf&& node_of, NodeId id, std::vector<Move>& out) {
  const auto parent = [&](NodeId n) { return node_parent(node_of(n)); };
  std::size_t length = 0;
  for (NodeId n = id; parent(n) != kNoNode; n = parent(n))
    ++length;
  out.resize(length);  // one allocation at most
  for (NodeId n = id; length > 0; n = parent(n))
    out[--length] = node_move<Move>(node_of(n));
}

// The moves from the root to pooled node `id`, in order, written into `out`.
template <class Move>
void trace_path(const NodePool& pool, NodeId id, std::vector<Move>& out) {
  trace_path_with([&](NodeId n) { return pool[n]; }, id, out);
}

}  // namespace search
