#include "game/replay.hpp"

#include "game/wording.hpp"

namespace colorwalk {

ReplayResult replay(const ClusterGraph& graph, std::span<const Color> moves, WastedMoves wasted) {
  ReplayResult result;
  MarkerState state = graph.initial_state();
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (moves[i] >= graph.colors()) {
      result.problem = ReplayProblem::kUnknownMove;
      result.bad_move = i;
      break;
    }
    const MoveEffect effect = graph.apply(state, moves[i]);
    if (effect.wasted()) {
      if (wasted == WastedMoves::kReject || graph.is_cleared(state)) {
        result.problem = ReplayProblem::kWastedMove;
        result.bad_move = i;
        break;
      }
      ++result.wasted_moves;
    }
    ++result.moves_played;
  }
  result.cleared = graph.is_cleared(state);
  result.cells_left = graph.cell_count() - state.cells_cleared();
  if (result.problem == ReplayProblem::kNone && !result.cleared) {
    result.problem = ReplayProblem::kNotCleared;
    result.bad_move = moves.size();
  }
  return result;
}

std::string ReplayResult::describe(const Board& board, std::span<const Color> moves) const {
  auto move_name = [&](std::size_t i) {
    const Color c = moves[i];
    std::string symbol =
        c < board.colors() ? std::string(1, board.symbol(c)) : "#" + std::to_string(c);
    return "move " + std::to_string(i + 1) + " ('" + symbol + "')";
  };
  switch (problem) {
    case ReplayProblem::kNone:
      return "clears the board in " + plural(moves_played, "move");
    case ReplayProblem::kWastedMove:
      return move_name(bad_move) + (cells_left == 0 ? " comes after the board is cleared"
                                                    : " is wasted: it clears nothing");
    case ReplayProblem::kUnknownMove:
      return move_name(bad_move) + " is not a color of the board";
    case ReplayProblem::kNotCleared:
      return (moves.size() == 1 ? "after its 1 move, "
                                : "after all " + plural(moves.size(), "move") + ", ") +
             plural(cells_left, "cell") + (cells_left == 1 ? " is left" : " are left");
  }
  return "unknown replay problem";
}

}  // namespace colorwalk
