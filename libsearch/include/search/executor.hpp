// Executors: how a parallel search runs its workers' share of a phase.
//
// An executor is a callable `executor(n, f)` that calls f(0), ..., f(n - 1),
// possibly at once on several threads, and returns when every call has
// returned. That is all the parallel searches ask of a threading library,
// so libsearch needs none: a program on oneTBB passes one that runs a
// parallel_for (so that its searches share the cores with its other
// tasks), an MPI program would run its rank's share.
//
//   SerialExecutor   the calls in order on the calling thread: the same
//                    search, phase for phase, without threads (tests, and
//                    debugging a parallel search);
//   ThreadExecutor   a pool of std::threads kept for the executor's life.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <thread>
#include <type_traits>
#include <vector>

namespace search {

struct SerialExecutor {
  template <class F>
  void operator()(std::size_t n, F&& f) const {
    for (std::size_t i = 0; i < n; ++i)
      f(i);
  }
};

// `threads` threads in all: the caller and threads - 1 helpers, which wait
// for work between calls. The calls of one batch are handed out one at a
// time from a shared counter, so more calls than threads balance
// themselves. One batch at a time: an executor is not to be called from
// two threads at once, nor from inside a call it is running.
class ThreadExecutor {
 public:
  explicit ThreadExecutor(std::size_t threads) {
    const std::size_t helpers = threads > 1 ? threads - 1 : 0;
    helpers_.reserve(helpers);
    for (std::size_t i = 0; i < helpers; ++i)
      helpers_.emplace_back([this] { serve(); });
  }
  ThreadExecutor(const ThreadExecutor&) = delete;
  ThreadExecutor& operator=(const ThreadExecutor&) = delete;
  ~ThreadExecutor() {
    {
      const std::lock_guard lock(mutex_);
      closing_ = true;
    }
    wake_.notify_all();
    for (std::thread& t : helpers_)
      t.join();
  }

  std::size_t threads() const noexcept { return helpers_.size() + 1; }

  template <class F>
  void operator()(std::size_t n, F&& f) {
    if (helpers_.empty() || n <= 1) {
      for (std::size_t i = 0; i < n; ++i)
        f(i);
      return;
    }
    {
      const std::lock_guard lock(mutex_);
      call_ = [](void* fn, std::size_t i) { (*static_cast<std::remove_reference_t<F>*>(fn))(i); };
      fn_ = static_cast<void*>(&f);
      n_ = n;
      next_.store(0, std::memory_order_relaxed);
      busy_ = helpers_.size();
      ++batch_;
    }
    wake_.notify_all();
    work();
    std::unique_lock lock(mutex_);
    done_.wait(lock, [this] { return busy_ == 0; });
  }

 private:
  // Takes calls of the current batch until none is left.
  void work() {
    for (std::size_t i = next_.fetch_add(1, std::memory_order_relaxed); i < n_;
         i = next_.fetch_add(1, std::memory_order_relaxed))
      call_(fn_, i);
  }

  void serve() {
    std::uint64_t seen = 0;
    for (;;) {
      {
        std::unique_lock lock(mutex_);
        wake_.wait(lock, [&] { return closing_ || batch_ != seen; });
        if (closing_) return;
        seen = batch_;
      }
      work();
      {
        const std::lock_guard lock(mutex_);
        --busy_;
      }
      done_.notify_one();
    }
  }

  std::vector<std::thread> helpers_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable done_;
  bool closing_ = false;
  std::uint64_t batch_ = 0;
  std::size_t busy_ = 0;  // helpers still in the current batch
  void (*call_)(void*, std::size_t) = nullptr;
  void* fn_ = nullptr;
  std::size_t n_ = 0;
  std::atomic<std::size_t> next_{0};
};

}  // namespace search
