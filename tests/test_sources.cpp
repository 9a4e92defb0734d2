// Pins both generators. The articles' reference values come from running
// their JavaScript generator (random() = frac(Math.sin(seed++) * 10000)) in
// node; the splitmix64 values from an independent Python implementation.
#include "game/sources.hpp"

#include <gtest/gtest.h>

using namespace colorwalk;

namespace {

// Row `row` of `board` as symbols; the blank start cell (0,0) shows as '?'
// under colour-walk rules, as in the articles.
std::string row_of(const Board& board, std::uint32_t row) {
  std::string s;
  for (std::uint32_t c = 0; c < board.width(); ++c)
    s += (row == 0 && c == 0) ? '?' : board.symbol(board.at(row, c));
  return s;
}

}  // namespace

TEST(ArticlesSource, FirstBoardMatchesTheArticles) {
  const Board b = ArticlesSource(1).board(0);
  EXPECT_EQ(b.width(), 30u);
  EXPECT_EQ(b.height(), 20u);
  EXPECT_EQ(b.palette(), "01234");
  EXPECT_EQ(row_of(b, 0), "?41434420301304400322231223033");
  EXPECT_EQ(row_of(b, 1), "310401334033100432211110223314");
}

TEST(ArticlesSource, LaterBoardsMatchTheJavaScript) {
  const ArticlesSource source(100);
  EXPECT_EQ(row_of(source.board(1), 0), "?03413331001104001233321032114");
  EXPECT_EQ(row_of(source.board(49), 0), "?41133300441130422340142313223");
  EXPECT_EQ(row_of(source.board(99), 0), "?14142232330202242120120313210");
  EXPECT_EQ(row_of(source.board(99), 19), "302121203241103241421300041113");
}

TEST(ArticlesSource, AllHundredBoardsMatchTheJavaScript) {
  // FNV-1a 64 over cells 1..599 of boards 1..100, boards joined by '\n', as
  // produced by the articles' JavaScript under node.
  const ArticlesSource source(100);
  std::uint64_t h = 0xcbf29ce484222325ull;
  auto mix = [&](char c) {
    h ^= static_cast<unsigned char>(c);
    h *= 0x100000001b3ull;
  };
  for (std::size_t i = 0; i < source.size(); ++i) {
    if (i > 0) mix('\n');
    const Board b = source.board(i);
    for (std::uint32_t cell = 1; cell < b.cell_count(); ++cell)
      mix(b.symbol(b.cells()[cell]));
  }
  EXPECT_EQ(h, 0x70f52dead71c2efcull);
}

TEST(ArticlesSource, DrawIsFracOfSinTimesTenThousand) {
  // sin(2) * 10000 = 9092.974268256817 -> 0.974268...; floor(0.97 * 5) = 4.
  EXPECT_NEAR(ArticlesSource::draw(2), 0.974268256817, 1e-9);
  const double d = ArticlesSource::draw(5);  // sin(5) < 0: frac stays in [0, 1)
  EXPECT_GE(d, 0.0);
  EXPECT_LT(d, 1.0);
}

TEST(RandomSource, SeededBoardsArePinned) {
  const RandomSource source(2, 1, 30, 20, 5);
  EXPECT_EQ(row_of(source.board(0), 0).substr(1), "40013030020421401421401344114");
  EXPECT_EQ(source.board(0).at(0, 0), 0);
  EXPECT_EQ(row_of(source.board(1), 0).substr(1), "11144204240210140334013412322");
  EXPECT_EQ(source.board(1).at(0, 0), 0);
  const RandomSource wide(1, 1, 12, 1, 36);
  const Board board = wide.board(0);
  std::string cells;
  for (Color c : board.cells())
    cells += board.symbol(c);
  EXPECT_EQ(cells, "57ublw9l0axy");
}

TEST(RandomSource, SameSeedSameBoardsDifferentSeedDifferentBoards) {
  const RandomSource a(3, 42, 10, 10, 6);
  const RandomSource b(3, 42, 10, 10, 6);
  const RandomSource c(3, 43, 10, 10, 6);
  EXPECT_EQ(a.board(2), b.board(2));
  EXPECT_EQ(a.board(1), c.board(0));  // board i uses state seed + i
  EXPECT_NE(a.board(0), c.board(0));
}

TEST(RandomSource, RejectsBadParameters) {
  EXPECT_THROW(RandomSource(1, 1, 30, 20, 1), BoardError);
  EXPECT_THROW(RandomSource(1, 1, 30, 20, 37), BoardError);
  EXPECT_THROW(RandomSource(1, 1, 1000000, 1000000, 5), BoardError);
}
