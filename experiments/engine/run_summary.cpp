#include "engine/run_summary.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

namespace colorwalk {

std::size_t SolverSummary::excess_boards() const noexcept {
  std::size_t n = 0;
  for (const auto& [excess, count] : excess_histogram)
    n += count;
  return n;
}

void RunSummary::add_board(std::span<const BoardResult> results) {
  ++boards_;
  std::optional<std::size_t> optimum;
  for (const BoardResult& r : results) {
    if (r.verified && r.proven_optimal) optimum = std::min(optimum.value_or(r.moves), r.moves);
  }
  const std::size_t board = results.empty() ? 0 : results.front().board;
  const std::optional<std::uint32_t> given =
      board < optima_.size() ? optima_[board] : std::optional<std::uint32_t>();
  if (given) {
    optimum = *given;
    ++given_optima_;
    for (const BoardResult& r : results) {
      if (!r.verified || (r.moves >= *given && !(r.proven_optimal && r.moves != *given))) continue;
      ++solvers_.at(r.solver).contradictions;
      if (contradiction_count_++ < kContradictionsKept)
        contradictions_.push_back({board, r.name, r.solver, r.moves, r.proven_optimal, *given});
    }
  }
  if (optimum) ++with_optimum_;
  for (const BoardResult& r : results) {
    SolverSummary& s = solvers_.at(r.solver);
    s.seconds += r.seconds;
    s.expanded += r.expanded;
    if (!r.verified) {
      ++s.failed;
      continue;
    }
    s.min = s.boards == 0 ? r.moves : std::min(s.min, r.moves);
    s.max = std::max(s.max, r.moves);
    ++s.boards;
    s.sum += r.moves;
    s.sum_squares += static_cast<std::uint64_t>(r.moves) * r.moves;
    s.proven_optimal += r.proven_optimal ? 1 : 0;
    ++s.moves_histogram[r.moves];
    if (optimum)
      ++s.excess_histogram[static_cast<std::int64_t>(r.moves) -
                           static_cast<std::int64_t>(*optimum)];
    const double n = static_cast<double>(s.boards);
    s.mean = static_cast<double>(s.sum) / n;
    s.stdev = std::sqrt(std::max(0.0, static_cast<double>(s.sum_squares) / n - s.mean * s.mean));
  }
}

template <typename Key>
Key histogram_quantile(const std::map<Key, std::uint64_t>& histogram, double q) {
  std::uint64_t total = 0;
  for (const auto& [key, count] : histogram)
    total += count;
  if (total == 0) return Key{};
  const auto rank = std::max<std::uint64_t>(
      1, static_cast<std::uint64_t>(std::ceil(q * static_cast<double>(total))));
  std::uint64_t seen = 0;
  for (const auto& [key, count] : histogram) {
    seen += count;
    if (seen >= rank) return key;
  }
  return histogram.rbegin()->first;
}

template std::size_t histogram_quantile(const std::map<std::size_t, std::uint64_t>&, double);
template std::int64_t histogram_quantile(const std::map<std::int64_t, std::uint64_t>&, double);

std::vector<SolverSummary> summarize(const std::vector<BoardResult>& results,
                                     std::size_t solver_count) {
  RunSummary summary(solver_count);
  const std::span<const BoardResult> all(results);
  for (std::size_t i = 0; solver_count > 0 && i + solver_count <= all.size(); i += solver_count)
    summary.add_board(all.subspan(i, solver_count));
  return summary.solvers();
}

}  // namespace colorwalk
