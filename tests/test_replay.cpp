#include "game/replay.hpp"

#include <gtest/gtest.h>

using namespace colorwalk;

namespace {
// 0 1 2 1, flood-it from the left: "1 2 1" is the only clearing order.
const Board kBoard = Board::make(4, 1, {0, 1, 2, 1}, "012", Rules::kFloodIt);
}  // namespace

TEST(Replay, AcceptsAClearingSequence) {
  const ClusterGraph g(kBoard);
  const std::vector<Color> moves{1, 2, 1};
  const ReplayResult r = replay(g, moves);
  EXPECT_TRUE(r.ok());
  EXPECT_EQ(r.moves_played, 3u);
  EXPECT_EQ(r.cells_left, 0u);
  EXPECT_EQ(r.describe(kBoard, moves), "clears the board in 3 moves");
}

TEST(Replay, ReportsTheFirstWastedMove) {
  const ClusterGraph g(kBoard);
  const std::vector<Color> moves{1, 0, 2, 1};
  const ReplayResult r = replay(g, moves);
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(r.problem, ReplayProblem::kWastedMove);
  EXPECT_EQ(r.bad_move, 1u);
  EXPECT_EQ(r.describe(kBoard, moves), "move 2 ('0') is wasted: it clears nothing");
}

TEST(Replay, LenientModeCountsWastedMovesButNeedsAClearedBoard) {
  const ClusterGraph g(kBoard);
  const ReplayResult r = replay(g, std::vector<Color>{1, 0, 2, 1}, WastedMoves::kAllow);
  EXPECT_TRUE(r.ok());
  EXPECT_EQ(r.wasted_moves, 1u);
  EXPECT_EQ(r.moves_played, 4u);
  EXPECT_FALSE(replay(g, std::vector<Color>{1, 0}, WastedMoves::kAllow).ok());
}

TEST(Replay, MovesAfterTheBoardIsClearedAreRejected) {
  const ClusterGraph g(kBoard);
  const std::vector<Color> moves{1, 2, 1, 0};
  for (WastedMoves mode : {WastedMoves::kReject, WastedMoves::kAllow}) {
    const ReplayResult r = replay(g, moves, mode);
    EXPECT_FALSE(r.ok());
    EXPECT_TRUE(r.cleared);
    EXPECT_EQ(r.bad_move, 3u);
    EXPECT_EQ(r.describe(kBoard, moves), "move 4 ('0') comes after the board is cleared");
  }
}

TEST(Replay, ReportsUnknownMovesAndUnclearedBoards) {
  const ClusterGraph g(kBoard);
  const std::vector<Color> unknown{1, 9};
  const ReplayResult u = replay(g, unknown, WastedMoves::kAllow);
  EXPECT_EQ(u.problem, ReplayProblem::kUnknownMove);
  EXPECT_EQ(u.bad_move, 1u);
  EXPECT_EQ(u.describe(kBoard, unknown), "move 2 ('#9') is not a color of the board");
  const std::vector<Color> short_moves{1, 2};
  const ReplayResult s = replay(g, short_moves);
  EXPECT_EQ(s.problem, ReplayProblem::kNotCleared);
  EXPECT_EQ(s.cells_left, 1u);
  EXPECT_EQ(s.describe(kBoard, short_moves), "after all 2 moves, 1 cell is left");
  EXPECT_EQ(replay(g, std::vector<Color>{}).problem, ReplayProblem::kNotCleared);
}
