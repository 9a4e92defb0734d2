// Per-solver aggregates of a run, kept as boards are reported: the figures
// of the summary table (reports/summary_table.hpp) and the distributions the charts
// draw. Memory depends on the number of solvers and of distinct move counts,
// never on the number of boards. Sums are integers, so the figures do not
// depend on the order boards are added in (merging shards gives the same).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
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
  // On boards whose optimum is known (given, RunSummary::set_optima, or a
  // result on them was proven optimal): moves above the optimum -> boards.
  std::map<std::int64_t, std::uint64_t> excess_histogram;
  std::size_t excess_boards() const noexcept;
  // Verified results that contradict a given optimum (RunSummary::set_optima).
  std::size_t contradictions = 0;
};

// A verified result that contradicts the optimum given for its board: below
// it, or proven optimal at another length.
struct OptimumContradiction {
  std::size_t board = 0;
  std::string name;  // the board's name (BoardResult::name)
  std::size_t solver = 0;
  std::size_t moves = 0;
  bool proven = false;
  std::uint32_t optimum = 0;
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

  // The optimal move counts known for the boards (by board index; nullopt
  // or past the end: unknown), such as a dataset's optimal solutions: the
  // optimum the excess is counted from, and what results are checked
  // against. Set before any board is added.
  void set_optima(std::vector<std::optional<std::uint32_t>> optima) { optima_ = std::move(optima); }
  // Whether any optimum is given (set_optima).
  bool has_given_optima() const noexcept { return given_optima_ > 0; }
  // The first kContradictionsKept contradictions, in board order, and their total.
  static constexpr std::size_t kContradictionsKept = 10;
  const std::vector<OptimumContradiction>& contradictions() const noexcept {
    return contradictions_;
  }
  std::size_t contradiction_count() const noexcept { return contradiction_count_; }

 private:
  std::vector<std::optional<std::uint32_t>> optima_;
  std::size_t given_optima_ = 0;  // boards added with a given optimum
  std::vector<OptimumContradiction> contradictions_;
  std::size_t contradiction_count_ = 0;
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
