// A run's searches as they go: a thread that reads the run's SearchWatch
// and
//   - draws, on a terminal, the boards line (as ProgressLine) and below it
//     one line per search running for half a second or more (the four
//     oldest, then a summary of the rest): its board and solver, time,
//     nodes expanded and per second, the proven lower bound, the best
//     answer so far and the bytes it holds, redrawn twice a second, each
//     line cut to the terminal's width so that none wraps; on a
//     stream that is not a terminal, the same lines, plain, once a second;
//   - writes the trace: JSON Lines, one record per bound moved, one per
//     search in flight every half second, one per (board, solver) done
//     (docs/formats.md).
// It prints only to the streams it is given.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <cstddef>
#include <iosfwd>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "engine/search_watch.hpp"
#include "results/output_file.hpp"

namespace colorwalk {

struct SearchDisplayOptions {
  std::ostream* screen = nullptr;  // where the lines go (nullptr: nowhere)
  bool terminal = false;           // redraw in place; else plain lines, once a second
  LineFile* trace = nullptr;       // where the trace records go (nullptr: nowhere)
  std::vector<std::string> solvers;  // the specs' texts, by BatchOptions::solvers index
  std::size_t done = 0;              // boards done before the run (resumed)
  std::size_t total = 0;             // boards of the selection
};

// One trace record: {"type":"tick"|"bound"|"done","board":..,"solver":..,
// "seconds":..,"expanded":..,"generated":..,"pruned":..,"lower_bound":..,
// "upper_bound":..|null,"bytes":..} and, for "done", "moves",
// "proven_optimal", "verified".
std::string trace_record(const SearchWatch::Sample& sample, const std::string& solver);

// One search's line: "  board 6  astar  12s  3,456,789 nodes  812,345/s
// lower 19  best 23  512 MiB".
std::string search_line(const SearchWatch::Sample& sample, const std::string& solver,
                        double nodes_per_second);

// `line` cut to at most `columns` characters (UTF-8 code points, each
// taken as one column; a code point is never split), its last one then
// '…' to show the cut; the line itself when it fits.
std::string fit_to_columns(std::string_view line, std::size_t columns);

class SearchDisplay {
 public:
  SearchDisplay(SearchWatch& watch, SearchDisplayOptions options);
  ~SearchDisplay() {
    try {
      stop();
    } catch (...) {
      // The owner did not call stop(): the trace's failure goes unreported.
    }
  }
  SearchDisplay(const SearchDisplay&) = delete;
  SearchDisplay& operator=(const SearchDisplay&) = delete;

  // Boards reported so far (for the boards line), from any thread.
  void set_done(std::size_t done) noexcept { done_.store(done, std::memory_order_relaxed); }
  // Ends the thread, writes what is left to the trace and clears the
  // lines (once). The trace's first OutputError, if any, is thrown here
  // (the records after it were not written); never from the destructor.
  void stop();

 private:
  void loop();
  void take(bool ticks);
  void draw();
  void clear();

  SearchWatch& watch_;
  SearchDisplayOptions options_;
  std::atomic<std::size_t> done_;
  std::size_t first_;  // boards done when the run began
  std::chrono::steady_clock::time_point start_;
  // The latest tick of each search in flight, keyed by (board, solver),
  // and its nodes per second over its ticks of the last two seconds (a
  // search publishes its counts at its polls, which a parallel one takes
  // a step at a time): their times and node counts, oldest first.
  struct Seen {
    SearchWatch::Sample last;
    std::deque<std::pair<double, std::uint64_t>> window;
    double rate = 0;
  };
  std::map<std::pair<std::size_t, std::size_t>, Seen> seen_;
  std::size_t drawn_lines_ = 0;  // lines on the terminal now
  std::exception_ptr trace_error_;  // the trace's first OutputError
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  bool stopped_ = false;
  std::thread thread_;
};

}  // namespace colorwalk
