// The progress line of a run on a terminal: boards done of total, boards per
// second and the time left, redrawn in place a few times a second; and the
// text of durations and counts it is made of. Prints only when enabled.
#pragma once

#include <chrono>
#include <cstddef>
#include <iosfwd>
#include <string>

namespace colorwalk {

// "12s", "3m 04s", "2h 05m", "4d 03h".
std::string format_duration(double seconds);
// 1234567 -> "1,234,567".
std::string format_count(std::size_t n);
// "  1,234 / 10,000 boards  12.3%  456 boards/s  19s left"; `rate` in boards
// per second (0: not known yet).
std::string format_progress(std::size_t done, std::size_t total, double rate);

class ProgressLine {
 public:
  // `done` boards of `total` are done already (resumed); the rate counts
  // only the boards done from now on.
  ProgressLine(std::ostream& out, bool enabled, std::size_t done, std::size_t total);
  ~ProgressLine() { finish(); }
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  void update(std::size_t done);
  // Clears the line (once).
  void finish();

 private:
  std::ostream& out_;
  bool enabled_;
  bool drawn_ = false;
  std::size_t first_;
  std::size_t total_;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_;
};

}  // namespace colorwalk
