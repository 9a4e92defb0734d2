// Named experiment files: the ones shipped in experiments/ and the errors
// of malformed ones.
#include "runs/experiment_file.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>

#include "test_support.hpp"

using namespace colorwalk;
using colorwalk::testing::ScratchDir;

namespace {

// The source tree's experiments/ folder, found from this file's path.
std::string experiments_dir() {
  return (std::filesystem::path(__FILE__).parent_path().parent_path() / "experiments").string();
}

std::string load_error(const std::string& path) {
  try {
    load_experiment(path);
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST(Experiments, ShippedFilesParse) {
  const auto names = experiment_names(experiments_dir());
  ASSERT_FALSE(names.empty());
  EXPECT_NE(std::find(names.begin(), names.end(), "articles"), names.end());
  for (const auto& name : names) {
    const Experiment e = load_experiment(experiments_dir() + "/" + name + ".exp");
    EXPECT_EQ(e.name, name);
    EXPECT_FALSE(e.description.empty()) << name;
    EXPECT_NE(e.rows.empty(), e.parts.empty()) << name;  // solvers, or a suite of parts
    for (const auto& part : e.parts)
      EXPECT_NE(std::find(names.begin(), names.end(), part), names.end()) << name << ": " << part;
  }
}

TEST(Experiments, DatasetsSuiteCoversTheSevenDatasetsWithTheirOptimalFiles) {
  const Experiment suite = load_experiment(experiments_dir() + "/datasets.exp");
  ASSERT_EQ(suite.parts.size(), 7u);
  for (const auto& part : suite.parts) {
    const Experiment e = load_experiment(experiments_dir() + "/" + part + ".exp");
    EXPECT_EQ(e.source, Experiment::SourceKind::kFile) << part;
    EXPECT_EQ(e.rules, Rules::kFloodIt) << part;
    ASSERT_FALSE(e.optimal.empty()) << part;
    EXPECT_EQ(e.optimal_path("/data"), "/data/" + part.substr(8) + ".optimal.txt") << part;
    const std::string& spec = e.rows.front().spec;
    EXPECT_EQ(spec.substr(0, spec.find(':')), "astar") << part;
    EXPECT_EQ(e.start.kind,
              part == "dataset-floodtest-1000" ? StartSpec::Kind::kCenter : StartSpec::Kind::kAt)
        << part;
  }
}

TEST(Experiments, ArticlesHoldsThePublishedTable) {
  const Experiment e = load_experiment(experiments_dir() + "/articles.exp");
  EXPECT_EQ(e.source, Experiment::SourceKind::kArticles);
  EXPECT_EQ(e.count, 100u);
  EXPECT_EQ(e.rules, Rules::kColorWalk);
  ASSERT_GE(e.rows.size(), 19u);  // the 19 rows of the articles' table first, then any others
  EXPECT_TRUE(e.has_published());
  EXPECT_EQ(e.rows[4].spec, "greedy");
  EXPECT_EQ(e.rows[4].label, "Greedy");
  ASSERT_TRUE(e.rows[4].published);
  EXPECT_DOUBLE_EQ(e.rows[4].published->mean, 39.8);
  EXPECT_DOUBLE_EQ(e.rows[4].published->stdev, 3.5);
  EXPECT_EQ(e.rows[18].spec, "dijkstra:scale=25");
  ASSERT_TRUE(e.rows[18].published);
  EXPECT_DOUBLE_EQ(e.rows[18].published->min, 29);
  for (std::size_t i = 0; i < 19; ++i)
    EXPECT_TRUE(e.rows[i].published) << e.rows[i].spec;
  // Their Round Robin and Random rows counted one move fewer than played;
  // RR with Skipping counted every move (their table, docs/articles.md).
  EXPECT_EQ(e.rows[0].published_offset, -1);
  EXPECT_EQ(e.rows[1].published_offset, 0);
  EXPECT_EQ(e.rows[2].published_offset, -1);
  EXPECT_EQ(e.rows[4].published_offset, 0);
}

TEST(Experiments, SourcesRulesAndPaths) {
  ScratchDir dir;
  const auto path = dir.write("r.exp",
                              "\xEF\xBB\xBF# random boards\n"
                              "description = a test\n"
                              "random = 7\n"
                              "seed = 3\n"
                              "size = 9x4\n"
                              "colors = 3\n"
                              "rules = flood-it\n"
                              "start = center\n"
                              "solver-seed = 11\n"
                              "  solver  =  greedy  \r\n"
                              "solver = not-a-solver-yet:depth=3\n"
                              "label = Later\n"
                              "published = -, 32.7, -, -\n");
  const Experiment e = load_experiment(path);
  EXPECT_EQ(e.name, "r");
  EXPECT_EQ(e.description, "a test");
  EXPECT_EQ(e.rules, Rules::kFloodIt);
  EXPECT_EQ(e.start.kind, StartSpec::Kind::kCenter);
  EXPECT_EQ(e.solver_seed, 11u);
  ASSERT_EQ(e.rows.size(), 2u);
  EXPECT_EQ(e.rows[0].spec, "greedy");
  EXPECT_EQ(e.rows[0].label, "greedy");
  EXPECT_EQ(e.rows[1].label, "Later");
  EXPECT_EQ(e.rows[1].line, 11u);
  EXPECT_TRUE(e.has_published());
  ASSERT_TRUE(e.rows[1].published);
  EXPECT_TRUE(std::isnan(e.rows[1].published->min));
  EXPECT_DOUBLE_EQ(e.rows[1].published->mean, 32.7);
  const auto source = e.make_source("unused");
  EXPECT_EQ(source->size(), 7u);
  EXPECT_EQ(source->board(2), RandomSource(7, 3, 9, 4, 3).board(2));
  EXPECT_EQ(e.make_source("unused", 2)->size(), 2u);
  EXPECT_EQ(e.make_source("unused", 2)->board(1), source->board(1));

  Experiment f = e;
  f.source = Experiment::SourceKind::kFile;
  f.boards = "boards.txt";
  EXPECT_EQ(f.boards_path("/data"),
            (std::filesystem::path(path).parent_path() / "boards.txt").string());
  f.boards = "$DATASETS/pc19-tiles.txt";
  EXPECT_EQ(f.boards_path("/data"), "/data/pc19-tiles.txt");
  f.boards = "/abs/b.txt";
  EXPECT_EQ(f.boards_path("/data"), "/abs/b.txt");
  dir.write("boards.txt", "01\n10\n\n011\n110\n");
  f.boards = "boards.txt";
  EXPECT_EQ(f.make_source("/data")->size(), 2u);
}

TEST(Experiments, ErrorsNameTheFileAndLine) {
  ScratchDir dir;
  const std::string ok_head = "articles = 3\n";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"solver = greedy\n", ": no board source"},
      {ok_head, ": no 'solver = SPEC' line"},
      {ok_head + "solver greedy\n", ":2: expected KEY = VALUE, got 'solver greedy'"},
      {ok_head + "colour = 5\nsolver = greedy\n", ":2: unknown key 'colour' (keys: description"},
      {ok_head + "random = 5\n", ":2: a second board source ('random'; the first is on line 1)"},
      {ok_head + "rules = go\n", ":2: rules must be color-walk or flood-it, got 'go'"},
      {ok_head + "start = middle\n", ":2: start must be ROW,COL or center"},
      {ok_head + "rules = flood-it\nrules = flood-it\n",
       ":3: 'rules' is given twice (first on line 2)"},
      {ok_head + "label = Greedy\n", ":2: 'label' comes before any 'solver' line"},
      {ok_head + "solver = greedy\npublished = 1, 2, 3\n",
       ":3: published needs 4 figures (MIN, MEAN, MAX, STDEV), got 3"},
      {ok_head + "solver = greedy\npublished = 1, x, 3, 4\n", ":3: published needs MIN, MEAN"},
      {ok_head + "solver = greedy\npublished-offset = 0.5\n",
       ":3: published-offset needs a whole number of moves, got '0.5'"},
      {ok_head + "solver = greedy:depth=2\n", ":2: solver 'greedy' has no parameter 'depth'"},
      {ok_head + "solver = greedy\nsolver = greedy\n",
       ":3: solver 'greedy' is listed twice (first on line 2)"},
      {ok_head + "seed = 4\nsolver = greedy\n", ":2: 'seed' applies to a random source only"},
      {"random = 0\n", ":1: random needs at least 1 board"},
      {"random = 5\ncolors = 40\n", ":2: colors must be between 2 and 36, got 40"},
      {"random = 5\nsize = 30by20\n", ":2: size needs WIDTHxHEIGHT such as 30x20"},
      {"random = 5\nsize = 5000x2\n", ":2: size 5000x2: "},
      {"articles = lots\n", ":1: articles needs a whole number, got 'lots'"},
      {"description =\n", ":1: 'description' has no value"},
      {"part = a\nrules = flood-it\n", ":2: 'rules' does not go with 'part' lines"},
      {"part = a\npart = a\n", ":2: part 'a' is listed twice"},
      {"part = x/y\n", ":1: part needs the NAME of an experiment in the same folder"},
      {"part = bad\n", ":1: an experiment cannot be a part of itself"},
  };
  for (const auto& [content, expected] : cases) {
    const auto path = dir.write("bad.exp", content);
    const std::string error = load_error(path);
    EXPECT_NE(error.find(path + expected), std::string::npos) << content << "=> " << error;
  }
  EXPECT_NE(load_error(dir.file("missing.exp")).find("missing.exp: cannot open"),
            std::string::npos);
}

TEST(Experiments, NamesAreTheExpFilesSorted) {
  ScratchDir dir;
  dir.write("b.exp", "");
  dir.write("a.exp", "");
  dir.write("notes.txt", "");
  EXPECT_EQ(experiment_names(dir.file("")), (std::vector<std::string>{"a", "b"}));
  EXPECT_TRUE(experiment_names(dir.file("none")).empty());
}
