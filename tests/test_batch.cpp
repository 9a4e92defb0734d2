#include "batch.hpp"

#include <gtest/gtest.h>

#include "colorwalk/replay.hpp"

using namespace colorwalk;

namespace {

BatchOptions options_for(std::initializer_list<const char*> specs, unsigned threads) {
  BatchOptions o;
  for (const char* s : specs)
    o.solvers.push_back(builtin_solvers().parse(s));
  o.threads = threads;
  return o;
}

}  // namespace

TEST(Batch, ResultsDoNotDependOnTheThreadCount) {
  const RandomSource source(64, 7, 12, 9, 4);
  const auto one = run_batch(source, options_for({"greedy", "round-robin"}, 1));
  const auto two = run_batch(source, options_for({"greedy", "round-robin"}, 2));
  ASSERT_EQ(one.size(), 128u);
  ASSERT_EQ(two.size(), 128u);
  for (std::size_t i = 0; i < one.size(); ++i) {
    EXPECT_EQ(one[i].board, i / 2);
    EXPECT_EQ(one[i].solver, i % 2);
    EXPECT_EQ(one[i].solution, two[i].solution);
    EXPECT_TRUE(one[i].verified) << one[i].error;
  }
}

TEST(Batch, SummaryOfTheArticlesGreedyRow) {
  const ArticlesSource source(100);
  const auto results = run_batch(source, options_for({"greedy"}, 0));
  const auto summary = summarize(results, 1).front();
  EXPECT_EQ(summary.boards, 100u);
  EXPECT_EQ(summary.failed, 0u);
  EXPECT_EQ(summary.min, 31u);  // the articles' Greedy row: 31 / 39.8 / 48 / 3.5
  EXPECT_EQ(summary.max, 48u);
  EXPECT_NEAR(summary.mean, 39.8, 0.3);
  EXPECT_NEAR(summary.stdev, 3.5, 0.3);
}

TEST(Batch, AppliesRulesAndRecordsBadStarts) {
  BatchOptions o = options_for({"greedy"}, 1);
  o.rules = Rules::kFloodIt;
  o.start = StartSpec{StartSpec::Kind::kAt, {50, 50}};
  const RandomSource source(2, 1, 5, 5, 3);
  const auto results = run_batch(source, o);
  ASSERT_EQ(results.size(), 2u);
  EXPECT_FALSE(results[0].verified);
  EXPECT_NE(results[0].error.find("off the 5x5 board"), std::string::npos);
}

TEST(Batch, StreamSeedsDifferPerBoard) {
  EXPECT_NE(board_stream_seed(0, 0), board_stream_seed(0, 1));
  EXPECT_NE(board_stream_seed(0, 0), board_stream_seed(1, 0));
  EXPECT_EQ(board_stream_seed(3, 5), board_stream_seed(3, 5));
}
