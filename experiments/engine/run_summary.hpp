// Per-solver aggregates of a run, kept as boards are reported: the figures
// of the summary table (reports/summary_table.hpp) and the distributions the charts
// draw. Memory depends on the number of solvers and of distinct move counts,
// never on the number of boards. Sums are integers, so the figures do not
// depend on the order boards are added in (merging shards gives the same).
#pragma once

#include <cstdint>
#include <map>
#include <span>
#include <vector>

#include "engine/batch.hpp"

namespace colorwalk {

struct SolverSummary {
  std::size_t boards = 0;  // verified results
  std::size_t failed = 0;  // results that did not verify
  std::size_t min = 0;
  std::size_t max = 0;
  double mean = 0;
  double stdev = 0;  // population standard deviation
  std::size_t proven_optimal = 0;
  double seconds = 0;
  std::uint64_t expanded = 0;
  std::uint64_t sum = 0;          // of moves, verified results
  std::uint64_t sum_squares = 0;  // of moves, verified results
  // Verified results by moves played: moves -> boards.
  std::map<std::size_t, std::uint64_t> moves_histogram;
  // On boards whose optimum is known (a result on them was proven optimal):
  // moves above the optimum -> boards.
  std::map<std::int64_t, std::uint64_t> excess_histogram;
  std::size_t excess_boards() const noexcept;
};

class RunSummary {
 public:
  explicit RunSummary(std::size_t solvers = 0) : solvers_(solvers) {}

  // Adds one board: one result per solver, in solver order.
  void add_board(std::span<const BoardResult> results);

  std::size_t boards() const noexcept { return boards_; }
  // Boards on which some solver proved its result optimal.
  std::size_t boards_with_optimum() const noexcept { return with_optimum_; }
  const std::vector<SolverSummary>& solvers() const noexcept { return solvers_; }

 private:
  std::vector<SolverSummary> solvers_;
  std::size_t boards_ = 0;
  std::size_t with_optimum_ = 0;
};

// The value at quantile q (0..1) of a histogram, nearest rank; 0 when empty.
template <typename Key>
Key histogram_quantile(const std::map<Key, std::uint64_t>& histogram, double q);

// Summaries per solver of board-major results (result[k * solvers + s]).
std::vector<SolverSummary> summarize(const std::vector<BoardResult>& results,
                                     std::size_t solver_count);

}  // namespace colorwalk
