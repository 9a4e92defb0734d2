#include "reports/search_display.hpp"

#include <algorithm>
#include <cstdio>
#include <sys/ioctl.h>
#include <unistd.h>
#include <ostream>
#include <utility>

#include "engine/batch.hpp"
#include "game/wording.hpp"
#include "reports/progress.hpp"
#include "results/rows.hpp"

namespace colorwalk {

namespace {

using Clock = std::chrono::steady_clock;
using Kind = SearchWatch::Sample::Kind;

// Searches shown on a line of their own once they ran this long, the
// oldest first, at most kShownSearches of them.
constexpr double kShownAfterSeconds = 0.5;
constexpr std::size_t kShownSearches = 4;
// A spec's text on a line is cut to this many characters.
constexpr std::size_t kSolverWidth = 20;

std::string_view kind_name(Kind kind) {
  switch (kind) {
    case Kind::kTick:
      return "tick";
    case Kind::kBound:
      return "bound";
    case Kind::kDone:
      return "done";
  }
  return "tick";
}

// The columns of the terminal on standard error (where the display draws
// when it redraws in place), read at each redraw as the window may have
// been resized; 80 when it cannot tell.
std::size_t terminal_columns() {
  winsize size{};
  if (::ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
  return 80;
}

std::string rate_text(double per_second) {
  return format_count(static_cast<std::size_t>(std::max(0.0, per_second) + 0.5)) + "/s";
}

}  // namespace

std::string trace_record(const SearchWatch::Sample& sample, const std::string& solver) {
  const search::SearchProgress::Snapshot& f = sample.figures;
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.3f", sample.seconds);
  std::string out = "{\"type\":\"";
  out += kind_name(sample.kind);
  out += "\",\"board\":" + std::to_string(sample.board);
  out += ",\"solver\":" + json_string(solver);
  out += ",\"seconds\":";
  out += seconds;
  out += ",\"expanded\":" + std::to_string(f.expanded);
  out += ",\"generated\":" + std::to_string(f.generated);
  out += ",\"pruned\":" + std::to_string(f.pruned);
  out += ",\"lower_bound\":" + std::to_string(f.lower_bound);
  out += ",\"upper_bound\":";
  out += f.upper_bound == search::SearchProgress::kNoUpperBound ? std::string("null")
                                                                : std::to_string(f.upper_bound);
  out += ",\"bytes\":" + std::to_string(f.bytes);
  if (sample.kind == Kind::kDone) {
    out += ",\"moves\":" + std::to_string(sample.moves);
    out += std::string(",\"proven_optimal\":") + (sample.proven_optimal ? "true" : "false");
    out += std::string(",\"verified\":") + (sample.verified ? "true" : "false");
  }
  out += "}";
  return out;
}

std::string fit_to_columns(std::string_view line, std::size_t columns) {
  // Where each of the first `columns` + 1 code points begins (a byte
  // that is not a continuation byte 10xxxxxx starts one).
  std::size_t points = 0;
  std::size_t keep = 0;  // bytes of the first columns - 1 code points
  for (std::size_t i = 0; i < line.size(); ++i) {
    if ((static_cast<unsigned char>(line[i]) & 0xC0) == 0x80) continue;
    if (points + 1 == columns) keep = i;
    if (++points > columns) {
      if (columns == 0) return {};
      return std::string(line.substr(0, keep)) + "\u2026";
    }
  }
  return std::string(line);
}

std::string search_line(const SearchWatch::Sample& sample, const std::string& solver,
                        double nodes_per_second) {
  const search::SearchProgress::Snapshot& f = sample.figures;
  std::string name = solver.size() > kSolverWidth ? solver.substr(0, kSolverWidth - 3) + "..."
                                                  : solver;
  std::string line = "  board " + std::to_string(sample.board) + "  " + name + "  " +
                     format_duration(sample.seconds) + "  " + format_count(f.expanded) + " " +
                     noun_for(f.expanded, "node") + "  " + rate_text(nodes_per_second) +
                     "  lower " + std::to_string(f.lower_bound) + "  best " +
                     (f.upper_bound == search::SearchProgress::kNoUpperBound
                          ? std::string("-")
                          : std::to_string(f.upper_bound)) +
                     "  " + format_bytes(f.bytes);
  return line;
}

SearchDisplay::SearchDisplay(SearchWatch& watch, SearchDisplayOptions options)
    : watch_(watch),
      options_(std::move(options)),
      done_(options_.done),
      first_(options_.done),
      start_(Clock::now()) {
  thread_ = std::thread([this] { loop(); });
}

void SearchDisplay::stop() {
  {
    const std::lock_guard lock(mutex_);
    if (stopped_) return;
    stopped_ = true;
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
  take(false);
  clear();
  if (trace_error_) std::rethrow_exception(std::exchange(trace_error_, nullptr));
}

void SearchDisplay::loop() {
  using namespace std::chrono_literals;
  auto next_tick = Clock::now();
  auto next_lines = Clock::now() + 1s;
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    wake_.wait_for(lock, 100ms, [this] { return stopping_; });
    if (stopping_) break;
    lock.unlock();
    const auto now = Clock::now();
    const bool ticks = now >= next_tick;
    if (ticks) next_tick = now + 500ms;
    take(ticks);
    if (options_.screen != nullptr) {
      if (options_.terminal ? ticks : now >= next_lines) {
        next_lines = now + 1s;
        draw();
      }
    }
    lock.lock();
  }
}

void SearchDisplay::take(bool ticks) {
  const std::vector<SearchWatch::Sample> samples = watch_.take(ticks);
  std::map<std::pair<std::size_t, std::size_t>, Seen> now;
  std::string records;
  for (const SearchWatch::Sample& sample : samples) {
    const auto key = std::pair{sample.board, sample.solver};
    const std::string solver =
        sample.solver < options_.solvers.size() ? options_.solvers[sample.solver] : "";
    if (options_.trace != nullptr) records += trace_record(sample, solver) + '\n';
    if (sample.kind != Kind::kTick) continue;
    Seen seen;
    const auto before = seen_.find(key);
    if (before != seen_.end())
      seen.window = std::move(before->second.window);
    else
      seen.window.emplace_back(0.0, 0);  // the search's start
    seen.last = sample;
    while (seen.window.size() > 1 && sample.seconds - seen.window[1].first >= 2.0)
      seen.window.pop_front();
    const auto [t0, expanded0] = seen.window.front();
    if (sample.seconds > t0)
      seen.rate =
          static_cast<double>(sample.figures.expanded - std::min(sample.figures.expanded, expanded0)) /
          (sample.seconds - t0);
    seen.window.emplace_back(sample.seconds, sample.figures.expanded);
    now[key] = std::move(seen);
  }
  if (ticks) seen_.swap(now);  // searches no longer in flight drop out
  if (records.empty() || trace_error_) return;
  try {
    options_.trace->append(records);
  } catch (const OutputError&) {
    trace_error_ = std::current_exception();
  }
}

void SearchDisplay::draw() {
  std::vector<std::string> lines;
  const std::size_t done = done_.load(std::memory_order_relaxed);
  const double elapsed = std::chrono::duration<double>(Clock::now() - start_).count();
  const double rate =
      elapsed > 0.05 ? static_cast<double>(done - std::min(done, first_)) / elapsed : 0.0;
  lines.push_back(format_progress(done, options_.total, rate));
  std::vector<const Seen*> shown;
  for (const auto& [key, seen] : seen_)
    if (seen.last.seconds >= kShownAfterSeconds) shown.push_back(&seen);
  std::sort(shown.begin(), shown.end(),
            [](const Seen* a, const Seen* b) { return a->last.seconds > b->last.seconds; });
  for (std::size_t i = 0; i < shown.size() && i < kShownSearches; ++i) {
    const std::size_t s = shown[i]->last.solver;
    lines.push_back(search_line(shown[i]->last,
                                s < options_.solvers.size() ? options_.solvers[s] : "",
                                shown[i]->rate));
  }
  if (shown.size() > kShownSearches) {
    double rest_rate = 0;
    std::size_t rest_bytes = 0;
    for (std::size_t i = kShownSearches; i < shown.size(); ++i) {
      rest_rate += shown[i]->rate;
      rest_bytes += shown[i]->last.figures.bytes;
    }
    lines.push_back("  + " + std::to_string(shown.size() - kShownSearches) +
                    " more searches  " + rate_text(rest_rate) + "  " + format_bytes(rest_bytes));
  }
  std::ostream& out = *options_.screen;
  if (!options_.terminal) {
    for (const std::string& line : lines)
      out << line << '\n';
    out << std::flush;
    return;
  }
  // Back to the first line drawn, then each line over the old one, and
  // whatever is left of a taller block cleared. A line that wrapped would
  // take two rows and the next redraw would climb one too few: each is
  // cut to the width less one column (a line that fills the last column
  // leaves the cursor there, where terminals differ on what comes next).
  const std::size_t columns = terminal_columns();
  out << '\r';
  if (drawn_lines_ > 1) out << "\x1b[" << drawn_lines_ - 1 << 'A';
  for (std::size_t i = 0; i < lines.size(); ++i)
    out << (i > 0 ? "\n" : "") << fit_to_columns(lines[i], columns - 1) << "\x1b[K";
  out << "\x1b[J" << std::flush;
  drawn_lines_ = lines.size();
}

void SearchDisplay::clear() {
  if (options_.screen == nullptr || !options_.terminal || drawn_lines_ == 0) return;
  std::ostream& out = *options_.screen;
  out << '\r';
  if (drawn_lines_ > 1) out << "\x1b[" << drawn_lines_ - 1 << 'A';
  out << "\x1b[J" << std::flush;
  drawn_lines_ = 0;
}

}  // namespace colorwalk
