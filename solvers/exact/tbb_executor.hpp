// The executor (search/executor.hpp) that runs a parallel search's workers
// as oneTBB tasks in the arena of the calling thread: the batch engine's
// arena when a board is solved inside a run. Its threads take the tasks
// when they are idle, and only then, so a search uses the cores the other
// boards leave free and never more threads than the run has (--threads).
// The tasks run in an isolated region: a thread waiting for a phase to end
// runs only tasks of that phase, never another board, which would hold the
// phase up for as long as that board takes.
//
// Under ThreadSanitizer the workers run on a std::thread pool instead
// (search::ThreadExecutor): parallel_for builds, splits and hands over its
// task objects in oneTBB's header code, which TSan instruments, through
// libtbb.so, which it cannot see, and would report each hand-off as a race.
// TSan then checks the search itself on real threads, as it checks the
// libsearch tests.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <memory>
#include <vector>

#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include "registry/happens_before.hpp"
#include "search/executor.hpp"

namespace colorwalk {

// What an executor's calls took: their wall time, and per call the
// longest of its tasks, summed. On one thread (an arena of one, where the
// tasks run in turn), the rest of a search's time plus critical_seconds is
// what as many cores as tasks would take, each as fast as that one alone.
struct ExecutorTimes {
  double wall_seconds = 0;
  double critical_seconds = 0;
};

class TbbExecutor {
 public:
  // `times` (if any) gathers what the calls took.
  explicit TbbExecutor(ExecutorTimes* times = nullptr) : times_(times) {}

  template <class F>
  void operator()(std::size_t n, F&& f) {
    if (times_ == nullptr) return run(n, f);
    using Clock = std::chrono::steady_clock;
    if (busy_.size() < n) busy_.resize(n);
    const auto begin = Clock::now();
    run(n, [&](std::size_t i) {
      const auto t0 = Clock::now();
      f(i);
      busy_[i] = std::chrono::duration<double>(Clock::now() - t0).count();
    });
    times_->wall_seconds += std::chrono::duration<double>(Clock::now() - begin).count();
    times_->critical_seconds += *std::max_element(busy_.begin(), busy_.begin() + n);
  }

 private:
  template <class F>
  void run(std::size_t n, F&& f) {
#ifdef COLORWALK_THREAD_SANITIZER
    if (!threads_ || threads_->threads() < n)
      threads_ = std::make_unique<search::ThreadExecutor>(n);
    (*threads_)(n, f);
#else
    oneapi::tbb::this_task_arena::isolate([&] {
      oneapi::tbb::parallel_for(
          std::size_t{0}, n, [&](std::size_t i) { f(i); }, oneapi::tbb::simple_partitioner());
    });
#endif
  }

  ExecutorTimes* times_ = nullptr;
  std::vector<double> busy_;  // the call in hand's tasks' times
#ifdef COLORWALK_THREAD_SANITIZER
  std::unique_ptr<search::ThreadExecutor> threads_;
#endif
};

}  // namespace colorwalk
