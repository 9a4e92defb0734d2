#include "game/board.hpp"

#include <gtest/gtest.h>

using namespace colorwalk;

TEST(Board, MakeKeepsShapeAndPalette) {
  const Board b = Board::make(3, 2, {0, 1, 2, 2, 1, 0}, "abc");
  EXPECT_EQ(b.width(), 3u);
  EXPECT_EQ(b.height(), 2u);
  EXPECT_EQ(b.colors(), 3u);
  EXPECT_EQ(b.at(1, 0), 2);
  EXPECT_EQ(b.symbol(1), 'b');
  EXPECT_EQ(b.color_of('C'), std::optional<Color>(2));
  EXPECT_EQ(b.color_of('z'), std::nullopt);
  EXPECT_EQ(b.rules(), Rules::kColorWalk);
  EXPECT_EQ(b.start(), (CellPos{0, 0}));
}

TEST(Board, RejectsBadShapesAndColors) {
  EXPECT_THROW(Board::make(0, 3, {}, "01"), BoardError);
  EXPECT_THROW(Board::make(2, 2, {0, 1, 0}, "01"), BoardError);
  EXPECT_THROW(Board::make(2, 1, {0, 0}, "0"), BoardError);
  EXPECT_THROW(Board::make(2, 1, {0, 2}, "01"), BoardError);
  EXPECT_THROW(Board::make(2, 1, {0, 1}, "0A"), BoardError);
  EXPECT_THROW(Board::make(2, 1, {0, 1}, "00"), BoardError);
  EXPECT_THROW(Board::make(2, 1, {0, 1}, "01", Rules::kFloodIt, {1, 0}), BoardError);
}

TEST(Board, LimitsAreCheckedBeforeAllocation) {
  EXPECT_NO_THROW(Board::check_size(1000, 1000));
  EXPECT_THROW(Board::check_size(1000000, 1000000), BoardError);
  EXPECT_THROW(Board::check_size(kMaxSide + 1, 1), BoardError);
  EXPECT_THROW(Board::check_size(kMaxSide, kMaxSide), BoardError);
  EXPECT_THROW(Board::check_size(0, 5), BoardError);
}

TEST(Board, SupportsAMillionCellsAndThirtySixColors) {
  std::vector<Color> cells(1000 * 1000);
  for (std::size_t i = 0; i < cells.size(); ++i)
    cells[i] = static_cast<Color>(i % 36);
  const Board b = Board::make(1000, 1000, std::move(cells), std::string(kSymbols));
  EXPECT_EQ(b.colors(), 36u);
  EXPECT_EQ(b.cell_count(), 1000000u);
  EXPECT_THROW(Board::make(2, 1, {0, 1}, std::string(kSymbols) + "!"), BoardError);
}

TEST(Board, StartSpecParsesAndResolves) {
  EXPECT_EQ(StartSpec::parse("center")->resolve(19, 19), (CellPos{9, 9}));
  EXPECT_EQ(StartSpec::parse("center")->resolve(30, 20), (CellPos{10, 15}));
  EXPECT_EQ(StartSpec::parse("3,4")->resolve(30, 20), (CellPos{3, 4}));
  EXPECT_EQ(StartSpec::parse("top-left")->resolve(30, 20), (CellPos{0, 0}));
  EXPECT_FALSE(StartSpec::parse("3;4"));
  EXPECT_FALSE(StartSpec::parse("-1,2"));
  EXPECT_FALSE(StartSpec::parse("1,"));
}

TEST(Board, RulesNames) {
  EXPECT_EQ(parse_rules("flood-it"), Rules::kFloodIt);
  EXPECT_EQ(parse_rules("color-walk"), Rules::kColorWalk);
  EXPECT_FALSE(parse_rules("floodit"));
  EXPECT_EQ(to_string(Rules::kFloodIt), "flood-it");
}

TEST(Board, SetRulesChecksTheStart) {
  Board b = Board::make(3, 2, {0, 1, 2, 2, 1, 0}, "012");
  b.set_rules(Rules::kFloodIt, StartSpec{StartSpec::Kind::kCenter, {}});
  EXPECT_EQ(b.start(), (CellPos{1, 1}));
  EXPECT_EQ(b.start_index(), 4u);
  EXPECT_THROW(b.set_rules(Rules::kFloodIt, CellPos{2, 0}), BoardError);
  EXPECT_EQ(b.start(), (CellPos{1, 1}));
}
