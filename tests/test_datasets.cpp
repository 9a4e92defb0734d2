// The public Flood-It datasets: every published optimal solution must replay
// to a cleared board under flood-it rules, with no wasted move, and the
// totals must match. Skipped, with a message, where the datasets are absent.
// Location: $COLORWALK_DATASETS, else the CMake cache COLORWALK_DATASETS_DIR.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "datasets.hpp"
#include "game/board_io.hpp"
#include "game/replay.hpp"

using namespace colorwalk;

namespace {

struct Dataset {
  const char* name;
  BoardFormat format;
  StartSpec::Kind start;
  std::size_t boards;
  std::uint32_t size;
  std::uint32_t colors;
  std::uint64_t optimal_total;
};

const Dataset kDatasets[] = {
    {"pc19-tiles", BoardFormat::kLine, StartSpec::Kind::kTopLeft, 1000, 14, 6, 20086},
    {"floodtest-1000", BoardFormat::kGrid, StartSpec::Kind::kCenter, 1000, 19, 6, 19845},
    {"b10c15n1000", BoardFormat::kLine, StartSpec::Kind::kTopLeft, 1000, 10, 15, 26717},
    {"b12c12n1000", BoardFormat::kLine, StartSpec::Kind::kTopLeft, 1000, 12, 12, 27635},
    {"b14c8n1000", BoardFormat::kLine, StartSpec::Kind::kTopLeft, 1000, 14, 8, 24582},
    {"b18c6n1000", BoardFormat::kLine, StartSpec::Kind::kTopLeft, 1000, 18, 6, 24837},
    {"b24c4n1000", BoardFormat::kLine, StartSpec::Kind::kTopLeft, 1000, 24, 4, 21952},
};

// Names the dataset in test listings instead of dumping its bytes.
[[maybe_unused]] void PrintTo(const Dataset& d, std::ostream* os) {
  *os << d.name;
}

using colorwalk::testing::datasets_dir;

class DatasetTest : public ::testing::TestWithParam<Dataset> {};

}  // namespace

TEST_P(DatasetTest, OptimalSolutionsReplayAndSumToTheKnownTotal) {
  const Dataset& d = GetParam();
  const auto dir = datasets_dir();
  const auto boards_path = (dir / (std::string(d.name) + ".txt")).string();
  const auto solutions_path = (dir / (std::string(d.name) + ".optimal.txt")).string();
  COLORWALK_NEED_DATASET_FILES(boards_path, solutions_path);

  const auto boards = load_boards(boards_path, d.format);
  const auto lines = load_solution_lines(solutions_path);
  ASSERT_EQ(boards.size(), d.boards);
  ASSERT_EQ(lines.size(), d.boards);
  std::uint64_t total = 0;
  for (std::size_t i = 0; i < boards.size(); ++i) {
    Board board = boards[i];
    ASSERT_EQ(board.width(), d.size);
    ASSERT_LE(board.colors(), d.colors);
    board.set_rules(Rules::kFloodIt, StartSpec{d.start, {}});
    const auto moves = parse_moves(board, lines[i], solutions_path);
    const ReplayResult r = replay(ClusterGraph(board), moves);
    ASSERT_TRUE(r.ok()) << d.name << " board " << i << ": " << r.describe(board, moves);
    total += moves.size();
  }
  EXPECT_EQ(total, d.optimal_total);
}

INSTANTIATE_TEST_SUITE_P(Public, DatasetTest, ::testing::ValuesIn(kDatasets),
                         [](const auto& param_info) {
                           std::string n = param_info.param.name;
                           for (char& c : n)
                             if (c == '-') c = '_';
                           return n;
                         });

// The fields of a CSV row; a field in double quotes may hold commas (a
// solver spec such as "astar:memory=16384,seconds=0").
std::vector<std::string> csv_fields(const std::string& row) {
  std::vector<std::string> f(1);
  bool quoted = false;
  for (const char c : row) {
    if (c == '"')
      quoted = !quoted;
    else if (c == ',' && !quoted)
      f.emplace_back();
    else
      f.back().push_back(c);
  }
  return f;
}

// The data rows of a results CSV by board (the first row for a board):
// board,solver,moves,solution,proven_optimal,expanded,seconds,verified and,
// in a CSV written since runs are recorded, the run (first row only).
std::map<std::size_t, std::vector<std::string>> rows_by_board(const std::string& path) {
  std::map<std::size_t, std::vector<std::string>> rows;
  std::ifstream csv(path);
  EXPECT_TRUE(csv) << path;
  std::string row;
  std::getline(csv, row);
  EXPECT_TRUE(
      row.starts_with("board,solver,moves,solution,proven_optimal,expanded,seconds,verified"))
      << path << ": " << row;
  while (std::getline(csv, row)) {
    if (row.starts_with('#')) continue;
    auto f = csv_fields(row);
    EXPECT_GE(f.size(), 8u) << path << ": " << row;
    if (f.size() >= 8) rows.emplace(std::stoul(f[0]), std::move(f));
  }
  return rows;
}

// The proven optima of b24c6n1000 (scripts/prove-b24c6n1000.sh), the first
// published for that set: every line of the results file replays to a
// cleared board with no wasted move, and matches, board by board in order,
// a row proven optimal and verified: the first pass's (b24c6n1000.csv) or,
// where that one stopped at a limit, its second pass's
// (b24c6n1000.board-B.csv), or where that one ran out of memory too, its
// third pass's (b24c6n1000.board-B.rise2.csv). Once all 1000 are proven,
// their total is the one measured (docs/measurements.md).
constexpr std::size_t kB24c6n1000OptimalTotal = 31804;

TEST(ProvenOptima, B24c6n1000LinesReplayAndWereProven) {
  const auto repo = std::filesystem::path(__FILE__).parent_path().parent_path();
  const auto optima = repo / "experiments/optima";
  const auto optimal_path = (optima / "b24c6n1000.optimal.txt").string();
  const auto boards_path = (datasets_dir() / "b24c6n1000.txt").string();
  COLORWALK_NEED_DATASET_FILES(boards_path);
  const auto boards = load_boards(boards_path, BoardFormat::kLine);
  ASSERT_EQ(boards.size(), 1000u);
  const auto lines = load_solution_lines(optimal_path);
  ASSERT_GT(lines.size(), 0u);
  ASSERT_LE(lines.size(), boards.size());

  const auto first = rows_by_board((optima / "b24c6n1000.csv").string());
  std::size_t total = 0;
  // The later passes' files for board B, in order, each run only where
  // the pass before left B unproven.
  const char* const later_passes[] = {".csv", ".rise2.csv"};
  std::size_t passes_needed[std::size(later_passes)] = {};
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const auto it = first.find(i);
    ASSERT_NE(it, first.end()) << "the first pass has no row for board " << i;
    std::vector<std::string> f = it->second;
    for (std::size_t pass = 0; pass < std::size(later_passes) && f[4] != "1"; ++pass) {
      const auto path = optima / ("b24c6n1000.board-" + std::to_string(i) + later_passes[pass]);
      ASSERT_TRUE(std::filesystem::exists(path))
          << "board " << i << " was not proven in pass " << pass + 1 << ", and has no " << path;
      const auto rows = rows_by_board(path.string());
      ASSERT_EQ(rows.count(i), 1u) << path;
      f = rows.at(i);
      ++passes_needed[pass];
    }
    EXPECT_EQ(f[3], lines[i].symbols) << "board " << i;
    EXPECT_EQ(f[4], "1") << "board " << i << " was not proven optimal";
    EXPECT_EQ(f[7], "1") << "board " << i << " did not verify";

    Board board = boards[i];
    board.set_rules(Rules::kFloodIt, StartSpec{});
    const auto moves = parse_moves(board, lines[i], optimal_path);
    const ReplayResult r = replay(ClusterGraph(board), moves);
    ASSERT_TRUE(r.ok()) << "board " << i << ": " << r.describe(board, moves);
    EXPECT_EQ(f[2], std::to_string(moves.size()));
    total += moves.size();
  }
  if (lines.size() == boards.size()) {
    EXPECT_EQ(total, kB24c6n1000OptimalTotal);
  }
  std::cout << "b24c6n1000: " << lines.size() << " of 1000 boards proven (" << passes_needed[0]
            << " needed a second pass, " << passes_needed[1] << " a third), " << total
            << " moves in all\n";
}
