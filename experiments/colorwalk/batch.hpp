// The batch engine: runs solver specs over the boards of a source in
// parallel (oneTBB), replays every solution on the engine before reporting
// it, and keeps one result slot per (board, solver) so that the output does
// not depend on the thread count or the order boards finish in.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "colorwalk/board.hpp"
#include "colorwalk/solver.hpp"
#include "colorwalk/sources.hpp"

namespace colorwalk {

struct BatchOptions {
  std::vector<SolverSpec> solvers;
  Rules rules = Rules::kColorWalk;
  StartSpec start{};
  unsigned threads = 0;           // 0: every core
  std::uint64_t solver_seed = 0;  // base of the per-board streams of randomised solvers
};

struct BoardResult {
  std::size_t board = 0;
  std::size_t solver = 0;  // index into BatchOptions::solvers
  std::string solution;    // move symbols
  std::size_t moves = 0;
  bool proven_optimal = false;
  std::uint64_t expanded = 0;
  double seconds = 0;
  bool verified = false;
  std::string error;  // why the result failed (empty when verified)
};

struct SolverSummary {
  std::size_t boards = 0;
  std::size_t failed = 0;
  std::size_t min = 0;
  std::size_t max = 0;
  double mean = 0;
  double stdev = 0;  // population standard deviation
  std::size_t proven_optimal = 0;
  double seconds = 0;
  std::uint64_t expanded = 0;
};

// The seed of board `board`'s own stream for a randomised solver.
std::uint64_t board_stream_seed(std::uint64_t base, std::size_t board) noexcept;

// Applies the run's rules and start to a board; throws BoardError if the start is off it.
Board prepare_board(Board board, const BatchOptions& options);

// Solves every board with every solver. Results are ordered board-major:
// result[board * solvers + solver]. Never throws for a failing board: the
// failure is recorded in BoardResult::error.
std::vector<BoardResult> run_batch(const BoardSource& source, const BatchOptions& options);

// Summaries per solver, reduced in board order (verified results only).
std::vector<SolverSummary> summarize(const std::vector<BoardResult>& results,
                                     std::size_t solver_count);

}  // namespace colorwalk
