// The executor (search/executor.hpp) that runs a parallel search's workers
// as oneTBB tasks in the arena of the calling thread: the batch engine's
// arena when a board is solved inside a run. Its threads take the tasks
// when they are idle, and only then, so a search uses the cores the other
// boards leave free and never more threads than the run has (--threads).
// The tasks run in an isolated region: a thread waiting for a phase to end
// runs only tasks of that phase, never another board, which would hold the
// phase up for as long as that board takes.
#pragma once

#include <cstddef>

#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include "registry/happens_before.hpp"

namespace colorwalk {

class TbbExecutor {
 public:
  template <class F>
  void operator()(std::size_t n, F&& f) {
    // For ThreadSanitizer: oneTBB's hand-offs, from the caller to each
    // task and from each task back to the caller.
    happens_before::release(&start_);
    oneapi::tbb::this_task_arena::isolate([&] {
      oneapi::tbb::parallel_for(
          std::size_t{0}, n,
          [&](std::size_t i) {
            happens_before::acquire(&start_);
            f(i);
            happens_before::release(&end_);
          },
          oneapi::tbb::simple_partitioner());
    });
    happens_before::acquire(&end_);
  }

 private:
  char start_ = 0;
  char end_ = 0;
};

}  // namespace colorwalk
