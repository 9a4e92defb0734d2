// The run's shared memory limit (SolveContext::memory) for one board of a
// searching solver: the solver's workspaces draw from it while the board is
// solved, refused() tells whether it refused them anything, and at the end
// each workspace keeps at most SharedMemory::keep_bytes() for the next board,
// so an idle solver does not sit on memory that searches on other threads
// could use. Without a shared limit it does nothing and workspaces keep all
// they grew to, as before.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <vector>

#include "registry/solver.hpp"
#include "search/parallel_best_first.hpp"
#include "search/shared_memory.hpp"
#include "search/workspace.hpp"

namespace colorwalk {

class BoardMemory {
 public:
  // `parallel`: a parallel search's workspace, if the solver has one.
  BoardMemory(const SolveContext& context, std::initializer_list<search::Workspace*> workspaces,
              search::ParallelWorkspace* parallel = nullptr)
      : shared_(context.memory), workspaces_(workspaces), parallel_(parallel) {
    for (search::Workspace* ws : workspaces_) {
      ws->share(shared_);
      refusals_before_ += ws->budget.parent_refusals();
    }
    if (parallel_ != nullptr) {
      parallel_->share(shared_);
      refusals_before_ += parallel_->parent_refusals();
    }
  }
  ~BoardMemory() {
    if (shared_ == nullptr) return;
    for (search::Workspace* ws : workspaces_)
      ws->trim(shared_->keep_bytes());
    if (parallel_ != nullptr) parallel_->trim(shared_->keep_bytes());
  }
  BoardMemory(const BoardMemory&) = delete;
  BoardMemory& operator=(const BoardMemory&) = delete;

  // True when the shared limit refused one of the workspaces memory since
  // the board began.
  bool refused() const noexcept {
    std::uint64_t refusals = 0;
    for (const search::Workspace* ws : workspaces_)
      refusals += ws->budget.parent_refusals();
    if (parallel_ != nullptr) refusals += parallel_->parent_refusals();
    return refusals != refusals_before_;
  }

 private:
  search::SharedMemory* shared_;
  std::vector<search::Workspace*> workspaces_;
  search::ParallelWorkspace* parallel_;
  std::uint64_t refusals_before_ = 0;
};

}  // namespace colorwalk
