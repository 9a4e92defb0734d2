#include "engine/search_watch.hpp"

#include <algorithm>

#include "engine/batch.hpp"

namespace colorwalk {

SearchWatch::Sample SearchWatch::Search::sample(Sample::Kind kind) const {
  Sample s;
  s.kind = kind;
  s.board = board_;
  s.solver = solver_;
  s.seconds = std::chrono::duration<double>(Clock::now() - start_).count();
  s.figures = snapshot();
  return s;
}

SearchWatch::Search* SearchWatch::begin(std::size_t board, std::size_t solver) {
  const std::lock_guard lock(mutex_);
  return &searches_.emplace_back(*this, board, solver);
}

search::SearchProgress* SearchWatch::progress(Search* search) noexcept { return search; }

void SearchWatch::end(Search* search, const BoardResult& result) {
  // The answer's bounds first (they lock to queue their events).
  if (result.verified) {
    search->lower_upper_bound(result.moves);
    if (result.proven_optimal) search->raise_lower_bound(result.moves);
  }
  // Sampled under the lock, as every event and tick is, so that the
  // samples are in the order the watcher takes them.
  const std::lock_guard lock(mutex_);
  Sample done = search->sample(Sample::Kind::kDone);
  done.moves = result.moves;
  done.proven_optimal = result.proven_optimal;
  done.verified = result.verified;
  // The answer's node count, as the results report it (the searches'
  // published counts may miss their last few expansions).
  done.figures.expanded = std::max(done.figures.expanded, result.expanded);
  events_.push_back(done);
  searches_.remove_if([search](const Search& s) { return &s == search; });
}

void SearchWatch::drop(Search* search) {
  const std::lock_guard lock(mutex_);
  searches_.remove_if([search](const Search& s) { return &s == search; });
}

void SearchWatch::bound_moved(const Search& search) {
  try {
    const std::lock_guard lock(mutex_);
    events_.push_back(search.sample(Sample::Kind::kBound));
  } catch (...) {
    // Out of memory for an event: the trace misses it, the search goes on.
  }
}

std::vector<SearchWatch::Sample> SearchWatch::take(bool ticks) {
  std::vector<Sample> taken;
  const std::lock_guard lock(mutex_);
  taken.swap(events_);
  if (ticks)
    for (const Search& s : searches_)
      taken.push_back(s.sample(Sample::Kind::kTick));
  return taken;
}

}  // namespace colorwalk
