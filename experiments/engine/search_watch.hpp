// The searches a run has in flight, for a watcher on another thread (the
// live display and the trace, reports/search_display.hpp): each (board,
// solver) being solved has a search::SearchProgress that its solver's
// searches publish to (SolveContext::progress), and every bound they move
// and every board they finish is queued as an event.
//
// The batch engine calls begin() and end() around each solve (once a
// board, so a lock there costs nothing); the watcher calls take_events()
// take(). A run without a watch (BatchOptions::watch nullptr)
// publishes nothing at all.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <list>
#include <mutex>
#include <optional>
#include <vector>

#include "search/progress.hpp"

namespace colorwalk {

struct BoardResult;

class SearchWatch {
 public:
  using Clock = std::chrono::steady_clock;

  // One look at a search: its figures, `seconds` after it began.
  struct Sample {
    enum class Kind { kTick, kBound, kDone };
    Kind kind = Kind::kTick;
    std::size_t board = 0;   // index in the source
    std::size_t solver = 0;  // index into BatchOptions::solvers
    double seconds = 0;
    search::SearchProgress::Snapshot figures;
    // kDone: the answer's moves, whether it was proven optimal and
    // verified (a failed board has no answer: verified false).
    std::size_t moves = 0;
    bool proven_optimal = false;
    bool verified = false;
  };

  class Search;

  // The engine: a solve of `board` with solver `solver` begins; its
  // progress lives until end(), and keeps its bounds when the board is
  // solved again (alone, under a memory limit): they stay proven.
  Search* begin(std::size_t board, std::size_t solver);
  // The solve ended with `result`: its answer tightens the bounds (the
  // moves an upper bound, and a lower one when proven) and a kDone event
  // is queued.
  void end(Search* search, const BoardResult& result);
  // The solve was abandoned (the run cancelled): no event.
  void drop(Search* search);
  search::SearchProgress* progress(Search* search) noexcept;

  // The watcher: the kBound and kDone events since the last call, in the
  // order they happened, then with `ticks` a kTick sample of every search
  // in flight, oldest first; every sample taken under one lock, so that a
  // search's samples are in order and its bounds never go back.
  std::vector<Sample> take(bool ticks);

 private:
  void bound_moved(const Search& search);

  mutable std::mutex mutex_;
  std::list<Search> searches_;  // in flight, oldest first (stable addresses)
  std::vector<Sample> events_;
};

// The progress of one solve, which records every bound it moves.
class SearchWatch::Search final : public search::SearchProgress {
 public:
  Search(SearchWatch& watch, std::size_t board, std::size_t solver)
      : watch_(watch), board_(board), solver_(solver), start_(Clock::now()) {}

  Sample sample(Sample::Kind kind) const;

 private:
  friend class SearchWatch;
  void bounds_changed() noexcept override { watch_.bound_moved(*this); }

  SearchWatch& watch_;
  std::size_t board_;
  std::size_t solver_;
  Clock::time_point start_;
};

}  // namespace colorwalk
