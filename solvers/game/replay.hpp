// Replaying a move sequence on the engine: the one check every reported
// solution passes before it is reported.
//
// Strict replay stops at the first wasted move (one that absorbs nothing,
// including any move after the board is cleared) or unknown move (a colour
// the board does not have). Lenient replay counts wasted moves as played, for
// the articles' solvers that pick colours regardless of use (round-robin,
// random), and still stops at an unknown move.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "game/cluster_graph.hpp"

namespace colorwalk {

enum class ReplayProblem : std::uint8_t { kNone, kWastedMove, kUnknownMove, kNotCleared };

struct ReplayResult {
  bool cleared = false;  // every cell is in the region after the sequence
  ReplayProblem problem = ReplayProblem::kNone;
  std::size_t bad_move = 0;      // 0-based index of the first bad move, if any
  std::size_t moves_played = 0;  // moves applied before stopping
  std::size_t wasted_moves = 0;  // wasted moves passed over (lenient mode only)
  std::uint32_t cells_left = 0;  // cells outside the region at the end

  bool ok() const noexcept { return cleared && problem == ReplayProblem::kNone; }
  // A one-line explanation, such as "move 12 ('3') is wasted: it clears nothing".
  std::string describe(const Board& board, std::span<const Color> moves) const;
};

enum class WastedMoves : std::uint8_t { kReject, kAllow };

ReplayResult replay(const ClusterGraph& graph, std::span<const Color> moves,
                    WastedMoves wasted = WastedMoves::kReject);

}  // namespace colorwalk
