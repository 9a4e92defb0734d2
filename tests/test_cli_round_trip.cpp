// Files that colorwalk gen writes, read back by solve, verify and experiment
// with no --format, no --rules and no --start, as a user runs them; and the
// rules and start a board file's first line states, honoured or refused.
#include <gtest/gtest.h>

#include <sstream>

#include "test_support.hpp"

using colorwalk::testing::read_file;
using colorwalk::testing::run_colorwalk;
using colorwalk::testing::ScratchDir;

namespace {

std::string quote(const std::string& path) {
  return "'" + path + "'";
}

// The solutions of a solve CSV (its 4th field), one line per board, in board order.
std::string solutions_of(const std::string& csv) {
  std::istringstream in(read_file(csv));
  std::string line;
  std::string out;
  std::getline(in, line);  // the header
  while (std::getline(in, line)) {
    std::size_t start = 0;
    for (int field = 0; field < 3; ++field)
      start = line.find(',', start) + 1;
    out += line.substr(start, line.find(',', start) - start) + "\n";
  }
  return out;
}

std::string first_line(const std::string& path) {
  const std::string text = read_file(path);
  return text.substr(0, text.find('\n'));
}

}  // namespace

// Every size and count gen writes (grid boards whose rows could also be
// read as line boards among them: 16x16, 9x9, 16x4, 4x4) goes through
// solve, verify and experiment with no --format.
TEST(CliRoundTrip, EveryFileGenWritesIsReadBackWithoutFormat) {
  ScratchDir dir;
  const std::vector<std::string> sizes = {"16x16", "9x9", "16x4", "4x16", "25x30", "4x4", "1x2",
                                          "2x1",   "3x3", "30x20"};
  for (const std::string& size : sizes) {
    for (const int count : {1, 3}) {
      const std::string what = size + " x" + std::to_string(count);
      const std::string boards = dir.file("b-" + size + "-" + std::to_string(count) + ".txt");
      const auto gen = run_colorwalk(dir, "gen --random " + std::to_string(count) + " --size " +
                                              size + " --colors 2 --seed 4 -o " + quote(boards));
      ASSERT_EQ(gen.exit_code, 0) << what << ": " << gen.err;
      EXPECT_EQ(first_line(boards), "# colorwalk: format=grid") << what;

      const std::string csv = dir.file("s.csv");
      std::filesystem::remove(csv);
      const auto solve = run_colorwalk(dir, "solve --boards " + quote(boards) +
                                                " --solver greedy --quiet --csv " + quote(csv));
      ASSERT_EQ(solve.exit_code, 0) << what << ": " << solve.err;
      const std::string solutions = dir.write("sol.txt", solutions_of(csv));
      const auto verify = run_colorwalk(
          dir, "verify --boards " + quote(boards) + " --solutions " + quote(solutions));
      EXPECT_EQ(verify.exit_code, 0) << what << ": " << verify.err;
      EXPECT_NE(verify.out.find(count == 1 ? std::string("the solution clears its board")
                                           : "all " + std::to_string(count) + " solutions"),
                std::string::npos)
          << what << ": " << verify.out;

      const std::string exp = dir.write("rt.exp", "description = round trip\nboards = " + boards +
                                                      "\nsolver = greedy\n");
      const std::string out_dir = dir.file("out-" + size + "-" + std::to_string(count));
      const auto experiment = run_colorwalk(
          dir, "experiment " + quote(exp) + " --quiet --output-dir " + quote(out_dir));
      EXPECT_EQ(experiment.exit_code, 0) << what << ": " << experiment.err;
    }
  }
  // The smallest board a random source makes is 1x2 (a 1x1 board has one
  // colour, which --random refuses: it needs two).
  const auto one = run_colorwalk(dir, "gen --random 1 --size 1x1 -o " + quote(dir.file("1.txt")));
  EXPECT_EQ(one.exit_code, 2);
}

// The articles' boards state their game (color-walk from the top-left) and
// are read back under it, by every command.
TEST(CliRoundTrip, ArticlesFileStatesItsRulesAndStart) {
  ScratchDir dir;
  const std::string boards = dir.file("a.txt");
  ASSERT_EQ(run_colorwalk(dir, "gen --articles 2 -o " + quote(boards)).exit_code, 0);
  EXPECT_EQ(first_line(boards), "# colorwalk: format=grid rules=color-walk start=0,0");
  const std::string csv = dir.file("a.csv");
  ASSERT_EQ(run_colorwalk(dir, "solve --boards " + quote(boards) +
                                   " --solver greedy --quiet --csv " + quote(csv))
                .exit_code,
            0);
  const std::string solutions = dir.write("sol.txt", solutions_of(csv));
  EXPECT_EQ(run_colorwalk(dir, "verify --boards " + quote(boards) + " --solutions " +
                                   quote(solutions))
                .exit_code,
            0);
  // The same rules given again are accepted.
  EXPECT_EQ(run_colorwalk(dir, "solve --boards " + quote(boards) +
                                   " --solver greedy --quiet --rules color-walk --start 0,0")
                .exit_code,
            0);
}

// Rules and a start given to gen are stated, and then taken by solve,
// verify and experiment when they are not given.
TEST(CliRoundTrip, StatedRulesAndStartAreTakenWhenNotGiven) {
  ScratchDir dir;
  const std::string boards = dir.file("f.txt");
  const auto gen = run_colorwalk(dir, "gen --random 3 --size 9x9 --colors 4 --seed 2 --rules "
                                      "flood-it --start center -o " +
                                          quote(boards));
  ASSERT_EQ(gen.exit_code, 0) << gen.err;
  EXPECT_EQ(first_line(boards), "# colorwalk: format=grid rules=flood-it start=center");

  // solve without --rules and --start plays flood-it from the centre: the
  // same moves as with them given.
  const std::string stated_csv = dir.file("stated.csv");
  const std::string given_csv = dir.file("given.csv");
  ASSERT_EQ(run_colorwalk(dir, "solve --boards " + quote(boards) +
                                   " --solver astar --quiet --csv " + quote(stated_csv))
                .exit_code,
            0);
  ASSERT_EQ(run_colorwalk(dir, "solve --boards " + quote(boards) +
                                   " --solver astar --quiet --rules flood-it --start center "
                                   "--csv " +
                                   quote(given_csv))
                .exit_code,
            0);
  EXPECT_EQ(solutions_of(stated_csv), solutions_of(given_csv));
  // ... and not those of color-walk from the top-left.
  const std::string plain = dir.write(
      "plain.txt", read_file(boards).substr(read_file(boards).find('\n') + 1));  // no header
  const std::string plain_csv = dir.file("plain.csv");
  ASSERT_EQ(run_colorwalk(dir, "solve --boards " + quote(plain) + " --format grid --solver astar "
                                   "--quiet --csv " +
                                   quote(plain_csv))
                .exit_code,
            0);
  EXPECT_NE(solutions_of(stated_csv), solutions_of(plain_csv));

  // verify replays them under the stated rules too.
  const std::string solutions = dir.write("sol.txt", solutions_of(stated_csv));
  const auto verify =
      run_colorwalk(dir, "verify --boards " + quote(boards) + " --solutions " + quote(solutions));
  EXPECT_EQ(verify.exit_code, 0) << verify.err;

  // experiment: a file that states no rules takes them from the boards.
  const std::string exp = dir.write(
      "f.exp", "description = stated rules\nboards = " + boards + "\nsolver = astar\n");
  const auto experiment = run_colorwalk(
      dir, "experiment " + quote(exp) + " --output-dir " + quote(dir.file("out")));
  EXPECT_EQ(experiment.exit_code, 0) << experiment.err;
  EXPECT_NE(experiment.out.find("flood-it rules, start center"), std::string::npos)
      << experiment.out;
  EXPECT_EQ(solutions_of(dir.file("out/f.csv")), solutions_of(stated_csv));
}

// A --rules or --start (or an experiment's rules = and start =) that
// contradicts the file's first line is refused, naming the file and what
// to give.
TEST(CliRoundTrip, ContradictingRulesOrStartAreRefused) {
  ScratchDir dir;
  const std::string boards = dir.file("f.txt");
  ASSERT_EQ(run_colorwalk(dir, "gen --random 2 --size 9x9 --colors 4 --rules flood-it --start "
                               "center -o " +
                                   quote(boards))
                .exit_code,
            0);
  const auto rules = run_colorwalk(dir, "solve --boards " + quote(boards) +
                                            " --solver greedy --rules color-walk");
  EXPECT_EQ(rules.exit_code, 2);
  EXPECT_NE(rules.err.find(boards + " states rules=flood-it in its first line, but --rules "
                                    "color-walk was given"),
            std::string::npos)
      << rules.err;
  EXPECT_NE(rules.err.find("give --rules flood-it, or leave --rules out"), std::string::npos)
      << rules.err;
  const auto start =
      run_colorwalk(dir, "solve --boards " + quote(boards) + " --solver greedy --start 0,0");
  EXPECT_EQ(start.exit_code, 2);
  EXPECT_NE(start.err.find("states start=center in its first line, but --start 0,0 was given"),
            std::string::npos)
      << start.err;
  // The centre of a 9x9 board named as a cell is the same start.
  EXPECT_EQ(
      run_colorwalk(dir, "solve --boards " + quote(boards) + " --solver greedy --quiet --start 4,4")
          .exit_code,
      0);
  const std::string solutions = dir.write("sol.txt", "1\n1\n");
  const auto verify =
      run_colorwalk(dir, "verify --boards " + quote(boards) + " --solutions " + quote(solutions) +
                             " --rules color-walk");
  EXPECT_EQ(verify.exit_code, 2);
  EXPECT_NE(verify.err.find("but --rules color-walk was given"), std::string::npos) << verify.err;
  const std::string exp = dir.write("c.exp", "description = contradiction\nboards = " + boards +
                                                 "\nrules = color-walk\nsolver = greedy\n");
  const auto experiment = run_colorwalk(
      dir, "experiment " + quote(exp) + " --quiet --output-dir " + quote(dir.file("out")));
  EXPECT_EQ(experiment.exit_code, 2);
  EXPECT_NE(experiment.err.find("but rules = color-walk is in " + exp), std::string::npos)
      << experiment.err;
  // gen refuses to restate a file's boards under other rules.
  const auto regen = run_colorwalk(dir, "gen --boards " + quote(boards) + " --rules color-walk");
  EXPECT_EQ(regen.exit_code, 2);
  // A header with unknown rules is bad input, named at line 1.
  const std::string bad = dir.write("bad.txt", "# colorwalk: format=grid rules=chess\n01\n10\n");
  const auto unknown = run_colorwalk(dir, "solve --boards " + quote(bad) + " --solver greedy");
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.err.find(bad + ":1: the header states rules 'chess'"), std::string::npos)
      << unknown.err;
}

// A ragged grid names its ragged line, with or without a header.
TEST(CliRoundTrip, RaggedGridNamesItsRaggedLine) {
  ScratchDir dir;
  const std::string ragged = dir.write("r.txt", "0123\n012\n0123\n");
  const auto r = run_colorwalk(dir, "solve --boards " + quote(ragged) + " --solver greedy");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find(ragged + ":2: ragged row"), std::string::npos) << r.err;
  const std::string stated = dir.write("s.txt", "# colorwalk: format=grid\n0123\n012\n0123\n");
  const auto s = run_colorwalk(dir, "verify --boards " + quote(stated) + " --solutions " +
                                        quote(dir.write("sol.txt", "1\n")));
  EXPECT_EQ(s.exit_code, 2);
  EXPECT_NE(s.err.find(stated + ":3: ragged row"), std::string::npos) << s.err;
}
