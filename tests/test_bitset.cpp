#include "search/bitset.hpp"

#include <array>
#include <vector>

#include <gtest/gtest.h>

namespace bits = search::bits;

TEST(Bitset, WordsForRoundsUp) {
  EXPECT_EQ(bits::words_for(0), 0u);
  EXPECT_EQ(bits::words_for(1), 1u);
  EXPECT_EQ(bits::words_for(64), 1u);
  EXPECT_EQ(bits::words_for(65), 2u);
}

TEST(Bitset, SetTestResetCountAcrossWords) {
  std::array<bits::Word, 3> w{};
  for (std::size_t i : {0u, 63u, 64u, 130u})
    bits::set(w, i);
  EXPECT_TRUE(bits::test(w, 63));
  EXPECT_TRUE(bits::test(w, 64));
  EXPECT_FALSE(bits::test(w, 65));
  EXPECT_EQ(bits::count(w), 4u);
  bits::reset(w, 64);
  EXPECT_FALSE(bits::test(w, 64));
  EXPECT_EQ(bits::count(w), 3u);
  EXPECT_FALSE(bits::none(w));
}

TEST(Bitset, ForEachSetVisitsInOrder) {
  std::array<bits::Word, 2> w{};
  for (std::size_t i : {127u, 3u, 64u})
    bits::set(w, i);
  std::vector<std::size_t> seen;
  bits::for_each_set(std::span<const bits::Word>(w), [&](std::size_t i) { seen.push_back(i); });
  EXPECT_EQ(seen, (std::vector<std::size_t>{3, 64, 127}));
}

TEST(Bitset, Intersects) {
  std::array<bits::Word, 2> a{};
  std::array<bits::Word, 2> b{};
  bits::set(a, 70);
  bits::set(b, 71);
  EXPECT_FALSE(bits::intersects(a, b));
  bits::set(b, 70);
  EXPECT_TRUE(bits::intersects(a, b));
}
