// colorwalk show through the tool: the board and its replay drawn in the
// terminal (frames, ANSI colours, one frame on request), the colours the
// page draws, the page itself, and the errors of bad solutions.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "test_support.hpp"

using colorwalk::testing::read_file;
using colorwalk::testing::run_colorwalk;
using colorwalk::testing::ScratchDir;

namespace {

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    lines.push_back(line);
  return lines;
}

// A frame's caption: "start: ..." or "move K of N: ...".
bool is_caption(const std::string& line) {
  static const std::regex caption("^(start: |move [0-9]+ of [0-9]+: )");
  return std::regex_search(line, caption);
}

struct Frame {
  std::string caption;
  std::vector<std::string> rows;
};

// The frames of show's terminal output: each caption and the rows under it.
std::vector<Frame> frames_of(const std::string& out) {
  std::vector<Frame> frames;
  for (const std::string& line : split_lines(out)) {
    if (is_caption(line)) {
      frames.push_back({line, {}});
    } else if (!frames.empty() && !line.empty()) {
      frames.back().rows.push_back(line);
    }
  }
  return frames;
}

// The moves of solver `spec` on board `board` of the articles' first 3, from a CSV of solve.
std::string solution_of(const ScratchDir& dir, const std::string& spec, std::size_t board) {
  const auto r = run_colorwalk(dir, "solve --articles 3 --solver " + spec +
                                        " --quiet --overwrite --csv '" + dir.file(spec + ".csv") +
                                        "'");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto lines = split_lines(read_file(dir.file(spec + ".csv")));
  EXPECT_GT(lines.size(), board + 1);
  std::string field;
  int column = 0;
  for (const char c : lines.at(board + 1)) {
    if (c == ',') {
      if (++column > 3) break;
    } else if (column == 3) {
      field += c;
    }
  }
  return field;
}

// The grid rows of the articles' board `board`, as `gen` writes them.
std::vector<std::string> board_rows(const ScratchDir& dir, std::size_t board) {
  const auto r = run_colorwalk(dir, "gen --articles " + std::to_string(board + 1));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  std::vector<std::string> rows;
  std::size_t seen = 0;
  for (const std::string& line : split_lines(r.out)) {
    if (line.empty()) {
      ++seen;
    } else if (line[0] != '#' && seen == board) {
      rows.push_back(line);
    }
  }
  return rows;
}

std::size_t count_of(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
    ++n;
  return n;
}

}  // namespace

TEST(Show, Help) {
  ScratchDir dir;
  const auto r = run_colorwalk(dir, "show --help");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  for (const char* word : {"usage: colorwalk show", "--html", "--frame", "--final", "--solutions",
                           "--csv", "--solver", "#move=", "--board-name", "--rules"})
    EXPECT_NE(r.out.find(word), std::string::npos) << word;
  const auto top = run_colorwalk(dir, "--help");
  EXPECT_NE(top.out.find("  show "), std::string::npos);
}

TEST(Show, FramesAreTheBoardThenTheRegionAfterEachMove) {
  ScratchDir dir;
  const std::string moves = solution_of(dir, "greedy", 1);
  ASSERT_GT(moves.size(), 10u);
  const auto r =
      run_colorwalk(dir, "show --articles 3 --board 1 --moves " + moves + " --color never");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  const auto frames = frames_of(r.out);
  ASSERT_EQ(frames.size(), moves.size() + 1);
  EXPECT_EQ(r.out.find("\x1b["), std::string::npos) << "--color never writes no escapes";
  // Frame 0 is the board: each cell its symbol and a blank, the blank start cell blank.
  const auto grid = board_rows(dir, 1);
  ASSERT_EQ(grid.size(), 20u);
  ASSERT_EQ(frames[0].rows.size(), 20u);
  for (std::size_t row = 0; row < grid.size(); ++row) {
    std::string expected;
    for (const char c : grid[row])
      expected += std::string(1, c) + " ";
    if (row == 0) expected[0] = ' ';
    EXPECT_EQ(frames[0].rows[row], expected) << "row " << row;
  }
  // Each move's caption names it; the region only grows; the last frame is all region.
  std::size_t outside_before = 599;  // all but the blank start cell
  for (std::size_t k = 1; k < frames.size(); ++k) {
    EXPECT_EQ(frames[k].caption.rfind("move " + std::to_string(k) + " of " +
                                          std::to_string(moves.size()) + ": '" + moves[k - 1] +
                                          "' absorbs ",
                                      0),
              0u)
        << frames[k].caption;
    std::size_t outside = 0;
    std::size_t marked = 0;
    for (const auto& row : frames[k].rows) {
      for (std::size_t i = 0; i < row.size(); i += 2) {
        if (row[i] == '+')
          ++marked;
        else if (row[i] != ' ')
          ++outside;
      }
    }
    EXPECT_LT(outside, outside_before) << "move " << k << " absorbs cells";
    EXPECT_GT(marked, 0u) << "move " << k << " marks what it absorbs";
    EXPECT_EQ(outside_before - outside, marked) << "move " << k;
    outside_before = outside;
  }
  EXPECT_EQ(outside_before, 0u);
  EXPECT_NE(frames.back().caption.find("; cleared"), std::string::npos);
}

TEST(Show, AnsiColoursAndOneFrameOnRequest) {
  ScratchDir dir;
  const std::string moves = solution_of(dir, "greedy", 0);
  const std::string base = "show --articles 3 --moves " + moves;
  const auto all = run_colorwalk(dir, base + " --color always");
  ASSERT_EQ(all.exit_code, 0) << all.err;
  EXPECT_EQ(frames_of(all.out).size(), moves.size() + 1);
  // 24-bit backgrounds, every row closed with a reset.
  EXPECT_GT(count_of(all.out, "\x1b[48;2;"), 20u * (moves.size() + 1));
  EXPECT_EQ(count_of(all.out, "\x1b[0m"), 20u * (moves.size() + 1));
  // Without a terminal, auto means no colours.
  const auto plain = run_colorwalk(dir, base);
  EXPECT_EQ(plain.out.find("\x1b["), std::string::npos);

  const auto final_frame = run_colorwalk(dir, base + " --final --color always");
  ASSERT_EQ(final_frame.exit_code, 0) << final_frame.err;
  const auto one = frames_of(final_frame.out);
  ASSERT_EQ(one.size(), 1u);
  EXPECT_EQ(one[0].caption.rfind("move " + std::to_string(moves.size()) + " of ", 0), 0u);
  EXPECT_EQ(one[0].rows.size(), 20u);
  // The whole region is in the last move's colour: a single background per row.
  for (const auto& row : one[0].rows)
    EXPECT_EQ(count_of(row, "\x1b[48;2;"), 1u) << row;

  const auto third = run_colorwalk(dir, base + " --frame 3 --color never");
  ASSERT_EQ(third.exit_code, 0) << third.err;
  const auto f3 = frames_of(third.out);
  ASSERT_EQ(f3.size(), 1u);
  EXPECT_EQ(f3[0].caption.rfind("move 3 of ", 0), 0u);
  EXPECT_EQ(f3[0].rows, frames_of(plain.out).at(3).rows);

  const auto past = run_colorwalk(dir, base + " --frame " + std::to_string(moves.size() + 1));
  EXPECT_EQ(past.exit_code, 2);
  EXPECT_NE(past.err.find("--frame"), std::string::npos) << past.err;
  EXPECT_EQ(run_colorwalk(dir, base + " --frame 1 --final").exit_code, 2);
  EXPECT_EQ(run_colorwalk(dir, base + " --color sometimes").exit_code, 2);
}

TEST(Show, CellColoursFollowTheReplay) {
  ScratchDir dir;
  const std::string moves = solution_of(dir, "greedy", 0);
  const std::string base = "show --articles 1 --moves " + moves + " --cell-colors";
  const auto start = run_colorwalk(dir, base + " --frame 0");
  const auto end = run_colorwalk(dir, base + " --final");
  ASSERT_EQ(start.exit_code, 0) << start.err;
  ASSERT_EQ(end.exit_code, 0) << end.err;
  const auto grid = board_rows(dir, 0);
  const auto start_rows = split_lines(start.out);
  ASSERT_EQ(start_rows.size(), 20u);
  // One colour per symbol at the start, the blank start cell white.
  std::map<char, std::string> color_of;
  for (std::size_t row = 0; row < 20; ++row) {
    std::istringstream cells(start_rows[row]);
    std::string hex;
    for (std::size_t col = 0; cells >> hex; ++col) {
      ASSERT_TRUE(std::regex_match(hex, std::regex("#[0-9a-f]{6}"))) << hex;
      if (row == 0 && col == 0) {
        EXPECT_EQ(hex, "#ffffff");
        continue;
      }
      const auto [it, fresh] = color_of.emplace(grid[row][col], hex);
      EXPECT_EQ(it->second, hex) << "row " << row << " col " << col;
    }
  }
  EXPECT_EQ(color_of.size(), 5u);
  std::set<std::string> distinct;
  for (const auto& [symbol, hex] : color_of)
    distinct.insert(hex);
  EXPECT_EQ(distinct.size(), 5u);
  // After the last move every cell is the last move's colour.
  for (const auto& line : split_lines(end.out)) {
    std::istringstream cells(line);
    for (std::string hex; cells >> hex;)
      EXPECT_EQ(hex, color_of.at(moves.back()));
  }
}

TEST(Show, BadSolutionsAreOneLineNamingFileLineAndMove) {
  ScratchDir dir;
  const std::string moves = solution_of(dir, "greedy", 1);
  const std::string good0 = solution_of(dir, "greedy", 0);
  // A symbol that is not a colour of the board, on board 1's line.
  const auto bad = dir.write("bad.txt", good0 + "\n" + moves.substr(0, 4) + "x" + "\n");
  auto r = run_colorwalk(dir, "show --articles 2 --board 1 --solutions '" + bad + "'");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find("bad.txt:2: move 'x' at column 5"), std::string::npos) << r.err;
  // A move that clears nothing: the first move played twice.
  const auto wasted = dir.write("wasted.txt", good0 + "\n" + moves.substr(0, 1) + moves + "\n");
  r = run_colorwalk(dir, "show --articles 2 --board 1 --solutions '" + wasted + "'");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find("wasted.txt:2: move 2 ('" + moves.substr(0, 1) + "') is wasted"),
            std::string::npos)
      << r.err;
  // ... shown with --allow-wasted: one more frame than moves, as always.
  r = run_colorwalk(dir, "show --articles 2 --board 1 --allow-wasted --solutions '" + wasted + "'");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(frames_of(r.out).size(), moves.size() + 2);
  // A move after the board is cleared.
  r = run_colorwalk(dir, "show --articles 2 --board 1 --moves " + moves + moves.substr(0, 1));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--moves: move " + std::to_string(moves.size() + 1)), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("after the board is cleared"), std::string::npos) << r.err;
  // A file without the board's line.
  const auto short_file = dir.write("short.txt", good0 + "\n");
  r = run_colorwalk(dir, "show --articles 2 --board 1 --solutions '" + short_file + "'");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("short.txt: has 1 solution lines"), std::string::npos) << r.err;
  // Moves short of clearing the board are shown, with a note.
  r = run_colorwalk(dir, "show --articles 2 --board 1 --moves " + moves.substr(0, 3));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(frames_of(r.out).size(), 4u);
  EXPECT_NE(r.out.find("; not cleared"), std::string::npos);
  EXPECT_NE(r.err.find(" outside the region"), std::string::npos);
  // Board selection and option mistakes.
  EXPECT_EQ(run_colorwalk(dir, "show --articles 2 --board 2").exit_code, 2);
  EXPECT_EQ(run_colorwalk(dir, "show --articles 2 --board-name x").exit_code, 2);
  EXPECT_EQ(run_colorwalk(dir, "show --articles 2 --moves 12 --solver greedy").exit_code, 2);
}

TEST(Show, SolutionFromACsvRowOrASolverRunNow) {
  ScratchDir dir;
  const std::string csv = dir.file("run.csv");
  auto r = run_colorwalk(dir,
                         "solve --articles 3 --solver greedy --solver round-robin --quiet "
                         "--csv '" +
                             csv + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string greedy = solution_of(dir, "greedy", 2);
  // The boards and rules come from the CSV's record.
  r = run_colorwalk(dir, "show --csv '" + csv + "' --board 2 --solver greedy --final");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find(std::to_string(greedy.size()) + " moves from"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("(greedy)"), std::string::npos);
  EXPECT_EQ(frames_of(r.out).size(), 1u);
  // round-robin plays moves that clear nothing: its row is replayed leniently.
  r = run_colorwalk(dir, "show --csv '" + csv + "' --board 2 --solver round-robin --final");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  r = run_colorwalk(dir, "show --csv '" + csv + "' --board 2");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("give --solver SPEC"), std::string::npos) << r.err;
  r = run_colorwalk(dir, "show --csv '" + csv + "' --board 2 --solver greedy --rules flood-it");
  EXPECT_EQ(r.exit_code, 2);
  // Run now: the same moves as solve's.
  r = run_colorwalk(dir, "show --articles 3 --board 2 --solver greedy --final --color never");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find(std::to_string(greedy.size()) + " moves from greedy, solved now"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(
      frames_of(r.out).at(0).caption.rfind(
          "move " + std::to_string(greedy.size()) + " of " + std::to_string(greedy.size()), 0),
      0u);
}

TEST(Show, PageIsOneSelfContainedFile) {
  ScratchDir dir;
  const std::string page = dir.file("page.html");
  const auto r = run_colorwalk(dir,
                               "show --random 1 --size 100x100 --colors 6 --solver greedy "
                               "--html '" +
                                   page + "'");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "") << "the page alone, unless frames are asked for";
  const std::string html = read_file(page);
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  for (const char* part : {"<canvas id=\"board\" width=\"700\" height=\"700\"", "<svg id=\"strip\"",
                           "id=\"play\"", "id=\"next\"", "id=\"slider\"", "\"width\":100"})
    EXPECT_NE(html.find(part), std::string::npos) << part;
  // Nothing loaded from elsewhere.
  for (const char* remote : {"src=", "href=", "@import", "url("})
    EXPECT_EQ(html.find(remote), std::string::npos) << remote;
  // One absorbing move per cell (std::regex recurses per character: found by hand).
  const auto field = [&](const std::string& name) {
    const std::string key = "\"" + name + "\":\"";
    const auto at = html.find(key);
    EXPECT_NE(at, std::string::npos) << name;
    if (at == std::string::npos) return std::string();
    const auto begin = at + key.size();
    return html.substr(begin, html.find('"', begin) - begin);
  };
  const auto digits_at = html.find("\"digits\":");
  ASSERT_NE(digits_at, std::string::npos);
  const int digits = html[digits_at + 9] - '0';
  EXPECT_EQ(field("cells").size(), 10000u);
  EXPECT_EQ(field("absorbedAt").size(), 10000u * static_cast<unsigned>(digits));
  EXPECT_EQ(run_colorwalk(dir, "show --articles 1 --html '" + dir.file("no/such/dir.html") + "'")
                .exit_code,
            2);
}

TEST(Show, BoardsByNameUnderFloodItRules) {
  ScratchDir dir;
  const std::string boards = dir.file("boards.txt");
  ASSERT_EQ(
      run_colorwalk(dir, "gen --random 2 --size 6x5 --colors 3 -o '" + boards + "'").exit_code, 0);
  const std::string base =
      "show --boards '" + boards + "' --rules flood-it --start center --color never ";
  const auto r = run_colorwalk(dir, base + "--board-name boards.txt:1 --solver greedy");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("board 1 (boards.txt:1) of ", 0), 0u) << r.out;
  EXPECT_NE(r.out.find("flood-it rules, start 2,3"), std::string::npos) << r.out;
  const auto frames = frames_of(r.out);
  ASSERT_GE(frames.size(), 2u);
  // The start cell's whole cluster is the region at the start, drawn blank.
  EXPECT_EQ(frames[0].caption.rfind("start: the region is ", 0), 0u);
  EXPECT_EQ(frames[0].rows.at(2).substr(6, 2), "  ");
  EXPECT_NE(frames.back().caption.find("; cleared"), std::string::npos);
  const auto wrong = run_colorwalk(dir, base + "--board-name nothing");
  EXPECT_EQ(wrong.exit_code, 2);
  EXPECT_NE(wrong.err.find("boards.txt:0, boards.txt:1"), std::string::npos) << wrong.err;
  EXPECT_EQ(run_colorwalk(dir, base + "--board 1 --board-name boards.txt:1").exit_code, 2);
}
