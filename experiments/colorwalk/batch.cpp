#include "batch.hpp"

#include <chrono>
#include <cmath>
#include <exception>

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/enumerable_thread_specific.h>
#include <oneapi/tbb/info.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include "colorwalk/replay.hpp"

namespace colorwalk {

std::uint64_t board_stream_seed(std::uint64_t base, std::size_t board) noexcept {
  std::uint64_t state = base ^ (0xD1B54A32D192ED03ull * (board + 1));
  return splitmix64_next(state);
}

Board prepare_board(Board board, const BatchOptions& options) {
  board.set_rules(options.rules, options.start);
  return board;
}

namespace {

void solve_board(const BoardSource& source, std::size_t index, const BatchOptions& options,
                 std::vector<std::unique_ptr<Solver>>& solvers, BoardResult* out) {
  const std::size_t count = options.solvers.size();
  for (std::size_t s = 0; s < count; ++s) {
    out[s].board = index;
    out[s].solver = s;
  }
  try {
    const Board board = prepare_board(source.board(index), options);
    const ClusterGraph graph(board);
    for (std::size_t s = 0; s < count; ++s) {
      BoardResult& result = out[s];
      const SolverInfo& info = *options.solvers[s].info;
      if (!solvers[s]) solvers[s] = options.solvers[s].make();
      const SolveContext context{index, board_stream_seed(options.solver_seed, index), nullptr};
      try {
        const auto start = std::chrono::steady_clock::now();
        Solution solution = solvers[s]->solve(graph, context);
        result.seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        result.moves = solution.moves.size();
        result.solution = moves_to_string(board, solution.moves);
        result.proven_optimal = solution.proven_optimal;
        result.expanded = solution.expanded;
        const ReplayResult check = replay(
            graph, solution.moves, info.wasted_moves ? WastedMoves::kAllow : WastedMoves::kReject);
        result.verified = check.ok();
        if (!result.verified) {
          result.error = "solution failed replay: " + check.describe(board, solution.moves);
          result.proven_optimal = false;
        }
      } catch (const std::exception& e) {
        result.error = std::string("solver failed: ") + e.what();
      }
    }
  } catch (const std::exception& e) {
    for (std::size_t s = 0; s < count; ++s)
      out[s].error = e.what();
  }
}

}  // namespace

std::vector<BoardResult> run_batch(const BoardSource& source, const BatchOptions& options) {
  const std::size_t boards = source.size();
  const std::size_t count = options.solvers.size();
  std::vector<BoardResult> results(boards * count);
  const int threads = options.threads == 0 ? oneapi::tbb::info::default_concurrency()
                                           : static_cast<int>(options.threads);
  oneapi::tbb::task_arena arena(threads);
  oneapi::tbb::enumerable_thread_specific<std::vector<std::unique_ptr<Solver>>> workers(
      [count] { return std::vector<std::unique_ptr<Solver>>(count); });
  arena.execute([&] {
    oneapi::tbb::parallel_for(oneapi::tbb::blocked_range<std::size_t>(0, boards),
                              [&](const oneapi::tbb::blocked_range<std::size_t>& range) {
                                auto& solvers = workers.local();
                                for (std::size_t i = range.begin(); i != range.end(); ++i)
                                  solve_board(source, i, options, solvers, &results[i * count]);
                              });
  });
  return results;
}

std::vector<SolverSummary> summarize(const std::vector<BoardResult>& results,
                                     std::size_t solver_count) {
  std::vector<SolverSummary> summaries(solver_count);
  std::vector<double> sums(solver_count, 0.0);
  std::vector<double> squares(solver_count, 0.0);
  for (const BoardResult& r : results) {
    SolverSummary& s = summaries[r.solver];
    if (!r.verified) {
      ++s.failed;
      continue;
    }
    s.min = s.boards == 0 ? r.moves : std::min(s.min, r.moves);
    s.max = std::max(s.max, r.moves);
    ++s.boards;
    sums[r.solver] += static_cast<double>(r.moves);
    squares[r.solver] += static_cast<double>(r.moves) * static_cast<double>(r.moves);
    s.proven_optimal += r.proven_optimal ? 1 : 0;
    s.seconds += r.seconds;
    s.expanded += r.expanded;
  }
  for (std::size_t i = 0; i < solver_count; ++i) {
    SolverSummary& s = summaries[i];
    if (s.boards == 0) continue;
    const double n = static_cast<double>(s.boards);
    s.mean = sums[i] / n;
    s.stdev = std::sqrt(std::max(0.0, squares[i] / n - s.mean * s.mean));
  }
  return summaries;
}

}  // namespace colorwalk
