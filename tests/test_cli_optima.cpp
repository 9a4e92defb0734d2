// Known optima beside every answer, as a user runs colorwalk solve: the
// datasets' optimal files (--optimal FILE) and the optima flood-it-boards
// files state give the table's optimum columns, and an answer that
// contradicts them fails the run naming the board and the likely causes;
// the CSV's columns after `run` (name, generated, pruned, lower_bound).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "datasets.hpp"
#include "results/csv_reader.hpp"
#include "results/rows.hpp"
#include "test_support.hpp"

using colorwalk::testing::datasets_dir;
using colorwalk::testing::read_file;
using colorwalk::testing::run_colorwalk;
using colorwalk::testing::ScratchDir;

namespace {

std::string quote(const std::string& path) {
  return "'" + path + "'";
}

// The first `boards` boards of a grid file (blank-line separated) and the
// first `boards` lines of its optimal file, written into `dir`.
std::pair<std::string, std::string> first_boards(const ScratchDir& dir, const std::string& name,
                                                 std::size_t boards) {
  std::ifstream in(datasets_dir() / (name + ".txt"));
  std::string text;
  std::size_t seen = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() && ++seen == boards) break;
    text += line + "\n";
  }
  std::ifstream opt(datasets_dir() / (name + ".optimal.txt"));
  std::string optima;
  for (std::string line; optima.size() < 100000 && std::getline(opt, line);) {
    optima += line + "\n";
    if (static_cast<std::size_t>(std::count(optima.begin(), optima.end(), '\n')) == boards) break;
  }
  return {dir.write(name + "-part.txt", text), dir.write(name + "-part.optimal.txt", optima)};
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    lines.push_back(line);
  return lines;
}

// The line of the summary table that starts with `solver`.
std::string table_row(const std::string& out, const std::string& solver) {
  for (const std::string& line : lines_of(out))
    if (line.rfind(solver + " ", 0) == 0) return line;
  return "";
}

}  // namespace

// floodtest-1000's first boards under their own rules and start: astar at
// every optimum, greedy above; the table says so in its optimum columns.
TEST(CliOptima, OptimalFileGivesTheOptimumColumns) {
  COLORWALK_NEED_DATASET_FILES(datasets_dir() / "floodtest-1000.txt",
                               datasets_dir() / "floodtest-1000.optimal.txt");
  ScratchDir dir;
  const auto [boards, optimal] = first_boards(dir, "floodtest-1000", 2);
  const auto r = run_colorwalk(dir, "solve --boards " + quote(boards) + " --format grid --optimal " +
                                        quote(optimal) +
                                        " --rules flood-it --start center --solver astar "
                                        "--solver greedy --threads 2");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto header = lines_of(r.out).at(0);
  EXPECT_NE(header.find("at opt."), std::string::npos) << r.out;
  EXPECT_NE(header.find("above"), std::string::npos) << r.out;
  // astar: both boards at the optimum, 0.00 above it.
  const std::string astar = table_row(r.out, "astar");
  EXPECT_NE(astar.find(" 2   0.00"), std::string::npos) << r.out;
  // greedy: above the optimum on average (its figure is positive).
  const std::string greedy = table_row(r.out, "greedy");
  ASSERT_FALSE(greedy.empty()) << r.out;
  const double above = std::stod(greedy.substr(greedy.find_last_of(' ') + 1));
  EXPECT_GT(above, 0.0) << r.out;

  // Without optima the table has no such columns.
  const auto plain = run_colorwalk(dir, "solve --boards " + quote(boards) +
                                            " --format grid --rules flood-it --start center "
                                            "--solver greedy");
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  EXPECT_EQ(lines_of(plain.out).at(0).find("at opt."), std::string::npos) << plain.out;

  // An optimal file of the wrong length is bad input.
  const std::string short_file = dir.write("short.txt", lines_of(read_file(optimal)).at(0) + "\n");
  const auto wrong = run_colorwalk(dir, "solve --boards " + quote(boards) +
                                            " --format grid --rules flood-it --start center "
                                            "--solver greedy --optimal " +
                                            quote(short_file));
  EXPECT_EQ(wrong.exit_code, 2);
  EXPECT_NE(wrong.err.find("has 1 solution line but"), std::string::npos) << wrong.err;
}

// The case: floodtest boards solved without --start center. astar
// proves answers that are not the dataset's optima: exit 1, naming the
// board and the rules and start to check.
TEST(CliOptima, ProvenAnswerAgainstTheOptimumFailsNamingTheCauses) {
  COLORWALK_NEED_DATASET_FILES(datasets_dir() / "floodtest-1000.txt",
                               datasets_dir() / "floodtest-1000.optimal.txt");
  ScratchDir dir;
  const auto [boards, optimal] = first_boards(dir, "floodtest-1000", 2);
  // The optima replayed under the top-left start: they may still clear
  // the boards (then astar's proofs contradict them: exit 1) or not (then
  // the optimal file is refused: exit 2); either names the rules and start.
  const auto r = run_colorwalk(dir, "solve --boards " + quote(boards) + " --format grid --optimal " +
                                        quote(optimal) + " --rules flood-it --solver astar");
  EXPECT_TRUE(r.exit_code == 1 || r.exit_code == 2) << r.exit_code << " " << r.err;
  EXPECT_NE(r.err.find("start"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("floodtest-1000 is --rules flood-it --start center"), std::string::npos)
      << r.err;
}

// The optima flood-it-boards files state: astar at them in the table;
// astar from another start than the optimum's (the centre, not the
// top-left) contradicts them: exit 1 naming the board file.
TEST(CliOptima, StatedOptimaOfFloodItBoardsFiles) {
  const auto problem = datasets_dir() / "99problems" / "12_12_06_001";
  COLORWALK_NEED_DATASET_FILES(problem);
  ScratchDir dir;
  const auto right =
      run_colorwalk(dir, "solve --boards " + quote(problem.string()) +
                             " --rules flood-it --solver astar --solver greedy --csv " +
                             quote(dir.file("right.csv")));
  ASSERT_EQ(right.exit_code, 0) << right.err;
  EXPECT_NE(lines_of(right.out).at(0).find("at opt."), std::string::npos) << right.out;
  EXPECT_NE(table_row(right.out, "astar").find(" 1   0.00"), std::string::npos) << right.out;

  const auto wrong = run_colorwalk(dir, "solve --boards " + quote(problem.string()) +
                                            " --rules flood-it --start center --solver astar");
  EXPECT_EQ(wrong.exit_code, 1) << wrong.err;
  EXPECT_NE(wrong.err.find("board 0 (12_12_06_001): astar proved "), std::string::npos)
      << wrong.err;
  EXPECT_NE(wrong.err.find("but the optimum its file states is "), std::string::npos) << wrong.err;
  EXPECT_NE(wrong.err.find("solved under --rules flood-it --start center; an answer that "
                           "contradicts a known optimum usually means other rules or another "
                           "start"),
            std::string::npos)
      << wrong.err;
}

// The CSV's new columns come after `run`: the board's name (its file, with
// :K for the K-th board of a file of several), the search's generated and
// pruned children and its proven lower bound (a proven optimum's moves).
TEST(CliOptima, CsvNamesTheBoardAndKeepsTheSearchCounts) {
  ScratchDir dir;
  ASSERT_EQ(run_colorwalk(dir, "gen --random 2 --size 6x6 --colors 4 -o " +
                                   quote(dir.file("two.txt")))
                .exit_code,
            0);
  ASSERT_EQ(run_colorwalk(dir, "gen --random 1 --size 5x5 --colors 3 --seed 8 -o " +
                                   quote(dir.file("one.txt")))
                .exit_code,
            0);
  const std::string csv = dir.file("out.csv");
  const auto r = run_colorwalk(dir, "solve --boards " + quote(dir.file("one.txt")) + " " +
                                        quote(dir.file("two.txt")) +
                                        " --solver astar --solver greedy --quiet --csv " +
                                        quote(csv) + " --json " + quote(dir.file("out.jsonl")));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto lines = lines_of(read_file(csv));
  ASSERT_EQ(lines.size(), 7u);
  EXPECT_EQ(lines[0], colorwalk::kCsvHeader);
  EXPECT_EQ(lines[0],
            "board,solver,moves,solution,proven_optimal,expanded,seconds,verified,peak_mib,run,"
            "name,generated,pruned,lower_bound");
  colorwalk::ResultsCsvReader reader(csv);
  ASSERT_TRUE(reader.has_details());
  std::vector<colorwalk::CsvRow> rows;
  std::vector<std::string> names;
  while (reader.next_board(rows)) {
    ASSERT_EQ(rows.size(), 2u);
    const auto& astar = rows[0].result;
    const auto& greedy = rows[1].result;
    names.push_back(astar.name);
    EXPECT_EQ(greedy.name, astar.name);
    ASSERT_TRUE(astar.proven_optimal);
    ASSERT_TRUE(astar.generated && astar.pruned && astar.lower_bound);
    EXPECT_GE(*astar.generated, astar.expanded);
    EXPECT_EQ(*astar.lower_bound, astar.moves);
    EXPECT_EQ(greedy.generated, std::optional<std::uint64_t>(0));
    EXPECT_FALSE(greedy.lower_bound.has_value());
  }
  EXPECT_EQ(names, (std::vector<std::string>{"one.txt", "two.txt:0", "two.txt:1"}));
  const std::string json = read_file(dir.file("out.jsonl"));
  EXPECT_NE(json.find("\"name\":\"two.txt:1\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"lower_bound\":"), std::string::npos) << json;

  // Resume and merge keep the columns.
  const auto again = run_colorwalk(dir, "solve --boards " + quote(dir.file("one.txt")) + " " +
                                            quote(dir.file("two.txt")) +
                                            " --solver astar --solver greedy --quiet --csv " +
                                            quote(csv) + " --resume");
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(lines_of(read_file(csv)), lines);
}

// A CSV written before the new columns is still read and resumed: the rows
// the resumed run adds have none of them either, so the file keeps one
// format.
TEST(CliOptima, CsvWithoutTheNewColumnsIsResumedAsItIs) {
  ScratchDir dir;
  const std::string boards = dir.file("b.txt");
  ASSERT_EQ(run_colorwalk(dir, "gen --random 3 --size 6x6 --colors 4 -o " + quote(boards)).exit_code,
            0);
  const std::string csv = dir.file("run.csv");
  const std::string solve =
      "solve --boards " + quote(boards) + " --solver greedy --quiet --csv " + quote(csv);
  ASSERT_EQ(run_colorwalk(dir, solve).exit_code, 0);
  // The same file as the previous header had it: the columns after `run`
  // cut, and the last board left out (to be solved by the resumed run).
  auto lines = lines_of(read_file(csv));
  ASSERT_EQ(lines.size(), 4u);
  std::string old = std::string(colorwalk::kCsvHeaderWithoutDetails) + "\n";
  for (std::size_t i = 1; i < 3; ++i) {
    std::string line = lines[i];
    for (int k = 0; k < 4; ++k)
      line = line.substr(0, line.rfind(','));
    old += line + "\n";
  }
  dir.write("run.csv", old);
  const auto r = run_colorwalk(dir, solve + " --resume");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto resumed = lines_of(read_file(csv));
  ASSERT_EQ(resumed.size(), 4u);
  EXPECT_EQ(resumed[0], colorwalk::kCsvHeaderWithoutDetails);
  EXPECT_EQ(std::count(resumed[3].begin(), resumed[3].end(), ','), 9) << resumed[3];
  colorwalk::ResultsCsvReader reader(csv);
  EXPECT_FALSE(reader.has_details());
  std::vector<colorwalk::CsvRow> rows;
  std::size_t count = 0;
  while (reader.next_board(rows)) {
    EXPECT_TRUE(rows[0].result.name.empty());
    EXPECT_FALSE(rows[0].result.generated.has_value());
    ++count;
  }
  EXPECT_EQ(count, 3u);
}

// verify's failure on solutions found under other rules hints at them.
TEST(CliOptima, VerifyHintsAtTheRulesAndStart) {
  COLORWALK_NEED_DATASET_FILES(datasets_dir() / "floodtest-1000.txt",
                               datasets_dir() / "floodtest-1000.optimal.txt");
  ScratchDir dir;
  const auto [boards, optimal] = first_boards(dir, "floodtest-1000", 2);
  const auto right = run_colorwalk(dir, "verify --boards " + quote(boards) + " --solutions " +
                                            quote(optimal) + " --rules flood-it --start center");
  EXPECT_EQ(right.exit_code, 0) << right.err;
  const auto wrong =
      run_colorwalk(dir, "verify --boards " + quote(boards) + " --solutions " + quote(optimal));
  EXPECT_EQ(wrong.exit_code, 1) << wrong.err;
  EXPECT_NE(wrong.err.find("the boards were played under --rules color-walk --start 0,0"),
            std::string::npos)
      << wrong.err;
  EXPECT_NE(wrong.err.find("floodtest-1000 is --rules flood-it --start center"), std::string::npos)
      << wrong.err;
}

// A lower bound above the moves of a verified row is no proof: a CSV with
// one is refused, naming the line.
TEST(CliOptima, CsvLowerBoundAboveTheMovesIsRefused) {
  ScratchDir dir;
  const std::string csv = dir.file("run.csv");
  ASSERT_EQ(run_colorwalk(dir, "solve --random 2 --size 5x5 --colors 3 --solver astar --quiet "
                               "--csv " +
                                   quote(csv))
                .exit_code,
            0);
  auto lines = lines_of(read_file(csv));
  ASSERT_EQ(lines.size(), 3u);
  const std::string last = lines[2];
  const std::size_t moves_start = last.find(',', last.find(',') + 1) + 1;
  const std::size_t moves = std::stoul(last.substr(moves_start));
  lines[2] = last.substr(0, last.rfind(',') + 1) + std::to_string(moves + 1);
  std::string text;
  for (const std::string& line : lines)
    text += line + "\n";
  dir.write("run.csv", text);
  colorwalk::ResultsCsvReader reader(csv);
  std::vector<colorwalk::CsvRow> rows;
  try {
    while (reader.next_board(rows)) {
    }
    ADD_FAILURE() << "no error for " << lines[2];
  } catch (const colorwalk::InputError& e) {
    EXPECT_NE(std::string(e.what()).find(csv + ":3: lower_bound is " + std::to_string(moves + 1) +
                                         ", above the " + std::to_string(moves) + " moves"),
              std::string::npos)
        << e.what();
  }
}
