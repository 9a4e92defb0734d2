#include "reports/progress.hpp"

#include <algorithm>
#include <cstdio>
#include <ostream>

#include "game/wording.hpp"

namespace colorwalk {

std::string format_duration(double seconds) {
  if (!(seconds >= 0)) seconds = 0;
  const auto s = static_cast<unsigned long long>(seconds + 0.5);
  char text[48];
  if (s < 60)
    std::snprintf(text, sizeof text, "%llus", s);
  else if (s < 3600)
    std::snprintf(text, sizeof text, "%llum %02llus", s / 60, s % 60);
  else if (s < 86400)
    std::snprintf(text, sizeof text, "%lluh %02llum", s / 3600, s / 60 % 60);
  else
    std::snprintf(text, sizeof text, "%llud %02lluh", s / 86400, s / 3600 % 24);
  return text;
}

std::string format_count(std::size_t n) {
  std::string digits = std::to_string(n);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string format_progress(std::size_t done, std::size_t total, double rate) {
  std::string text =
      "  " + format_count(done) + " / " + format_count(total) + " " + noun_for(total, "board");
  char figure[64];
  std::snprintf(
      figure, sizeof figure, "  %.1f%%",
      total == 0 ? 100.0 : 100.0 * static_cast<double>(done) / static_cast<double>(total));
  text += figure;
  if (rate > 0) {
    std::snprintf(figure, sizeof figure, rate >= 100 ? "  %.0f boards/s" : "  %.1f boards/s", rate);
    text += figure;
    text +=
        "  " + format_duration(static_cast<double>(total - std::min(done, total)) / rate) + " left";
  }
  return text;
}

ProgressLine::ProgressLine(std::ostream& out, bool enabled, std::size_t done, std::size_t total)
    : out_(out),
      enabled_(enabled),
      first_(done),
      total_(total),
      start_(std::chrono::steady_clock::now()),
      last_(start_) {}

void ProgressLine::update(std::size_t done) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (drawn_ && now - last_ < std::chrono::milliseconds(200) && done < total_) return;
  last_ = now;
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  const double rate = elapsed > 0.05 ? static_cast<double>(done - first_) / elapsed : 0.0;
  out_ << '\r' << format_progress(done, total_, rate) << "\x1b[K" << std::flush;
  drawn_ = true;
}

void ProgressLine::finish() {
  if (!drawn_) return;
  out_ << "\r\x1b[K" << std::flush;
  drawn_ = false;
}

}  // namespace colorwalk
