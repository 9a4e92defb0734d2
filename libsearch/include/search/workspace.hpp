// Workspace: the pooled memory of a search (a byte budget, a node pool, a
// duplicate table and a heap), reused across searches. clear() keeps every
// allocation and resetting the table is O(1) (an epoch counter), so a
// Workspace reused across searches allocates nothing once it has grown to
// the size the searches need.
//
// It includes the headers of the components it holds, and of those the
// searches build on it (node_header.hpp, key_filter.hpp, recent_keys.hpp).
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "search/binary_heap.hpp"
#include "search/bitset.hpp"
#include "search/domain.hpp"
#include "search/hashing.hpp"
#include "search/key_filter.hpp"
#include "search/memory_budget.hpp"
#include "search/node_header.hpp"
#include "search/node_pool.hpp"
#include "search/recent_keys.hpp"
#include "search/shared_memory.hpp"
#include "search/state_table.hpp"

namespace search {

// Everything the pooled searches (BFS, best-first, beam) and the
// TranspositionTable of DFS and IDA* need, reused across searches with a
// cheap reset.
class Workspace {
 public:
  // Prepares for a search with records of `words_per_node` words under
  // `max_bytes`. Memory kept from earlier searches counts against the limit;
  // if it alone exceeds the limit, it is released first.
  void begin(std::size_t words_per_node, std::size_t max_bytes) {
    budget.set_limit(max_bytes);
    pool.configure(words_per_node, budget);
    pool.clear();
    heap.clear();
    table.clear();
    if (budget.used() > max_bytes) release();
    budget.reset_peak();
  }

  void release() noexcept {
    pool.release(budget);
    heap.release(budget);
    table.release(budget);
  }

  // Draws the workspace's memory from `shared` as well as from each
  // search's own limit (nullptr: the search's limit alone). Memory held is
  // released first when the parent changes, so a shared budget counts
  // exactly what the workspace holds.
  void share(SharedMemory* shared) noexcept {
    if (budget.parent() == shared) return;
    release();
    budget.set_parent(shared);
  }

  // Releases everything when the workspace holds more than `bytes`: keeps a
  // workspace that waits between searches from holding on to memory that
  // searches elsewhere could use.
  void trim(std::size_t bytes) noexcept {
    if (budget.used() > bytes) release();
  }

  MemoryBudget budget;
  NodePool pool;
  StateTable table;
  BinaryHeap heap;
  std::vector<Word> scratch;  // one packed state, for probing the table
};

// Appends a node [parent|move][g][the packed state in ws.scratch] to the
// pool; kNoNode when the byte budget refuses.
inline NodeId push_node(Workspace& ws, NodeId parent, std::uint32_t move, std::uint32_t g) {
  const NodeId id = ws.pool.push(ws.budget);
  if (id == kNoNode) return kNoNode;
  Word* node = ws.pool[id];
  set_node_header(node, parent, move, g);
  std::copy(ws.scratch.begin(), ws.scratch.end(), node + kNodeHeaderWords);
  return id;
}

}  // namespace search
