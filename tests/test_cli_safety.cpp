// The colorwalk tool, safe by default and helpful when wrong: results are
// never replaced unless asked (--overwrite, --resume), typos get the
// nearest name, a missing datasets folder or shard is named, counts have
// their nouns in the right number, a solver with no verified board shows
// "-", JSON Lines hold numbers as numbers; and the articles' experiment
// beside the proven optimum. Each through the tool, as a user runs it.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <regex>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "game/wording.hpp"
#include "test_support.hpp"

using namespace colorwalk;
using colorwalk::testing::read_file;
using colorwalk::testing::run_colorwalk;
using colorwalk::testing::RunResult;
using colorwalk::testing::ScratchDir;

namespace {

std::string q(const std::string& path) {
  return "'" + path + "'";
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    lines.push_back(line);
  return lines;
}

// Sets an environment variable for the runs of one test, and restores it.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const std::string& value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    ::setenv(name, value.c_str(), 1);
  }
  ~ScopedEnv() {
    if (old_)
      ::setenv(name_, old_->c_str(), 1);
    else
      ::unsetenv(name_);
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  const char* name_;
  std::optional<std::string> old_;
};

// A JSON value, parsed strictly enough to tell numbers from strings.
struct Json;
using JsonObject = std::map<std::string, Json>;
using JsonArray = std::vector<Json>;
struct Json {
  enum class Kind { kNull, kBool, kNumber, kString, kArray, kObject } kind = Kind::kNull;
  double number = 0;
  std::string text;
  std::shared_ptr<JsonArray> array;
  std::shared_ptr<JsonObject> object;
  const Json& operator[](const std::string& key) const { return object->at(key); }
};

class JsonParser {
 public:
  explicit JsonParser(std::string_view text) : text_(text) {}

  Json parse() {
    Json value = parse_value();
    skip_space();
    if (at_ != text_.size()) fail("text after the value");
    return value;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw std::runtime_error("JSON: " + what + " at " + std::to_string(at_));
  }
  void skip_space() {
    while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\n'))
      ++at_;
  }
  bool take(std::string_view word) {
    if (text_.substr(at_, word.size()) != word) return false;
    at_ += word.size();
    return true;
  }
  std::string parse_string() {
    if (!take("\"")) fail("a string expected");
    std::string out;
    while (at_ < text_.size() && text_[at_] != '"') {
      if (text_[at_] == '\\') ++at_;
      out += text_[at_++];
    }
    if (!take("\"")) fail("an unterminated string");
    return out;
  }
  Json parse_value() {
    skip_space();
    Json value;
    if (at_ >= text_.size()) fail("a value expected");
    const char c = text_[at_];
    if (c == '"') {
      value.kind = Json::Kind::kString;
      value.text = parse_string();
    } else if (c == '{') {
      ++at_;
      value.kind = Json::Kind::kObject;
      value.object = std::make_shared<JsonObject>();
      skip_space();
      if (!take("}")) {
        do {
          skip_space();
          const std::string key = parse_string();
          skip_space();
          if (!take(":")) fail("':' expected");
          (*value.object)[key] = parse_value();
          skip_space();
        } while (take(","));
        if (!take("}")) fail("'}' expected");
      }
    } else if (c == '[') {
      ++at_;
      value.kind = Json::Kind::kArray;
      value.array = std::make_shared<JsonArray>();
      skip_space();
      if (!take("]")) {
        do
          value.array->push_back(parse_value());
        while (take(","));
        skip_space();
        if (!take("]")) fail("']' expected");
      }
    } else if (take("true") || take("false")) {
      value.kind = Json::Kind::kBool;
    } else if (take("null")) {
      value.kind = Json::Kind::kNull;
    } else {
      const std::size_t start = at_;
      while (at_ < text_.size() &&
             std::string_view("+-0123456789.eE").find(text_[at_]) != std::string_view::npos)
        ++at_;
      if (at_ == start) fail("a value expected");
      value.kind = Json::Kind::kNumber;
      value.number = std::stod(std::string(text_.substr(start, at_ - start)));
    }
    return value;
  }

  std::string_view text_;
  std::size_t at_ = 0;
};

std::vector<Json> json_lines(const std::string& path) {
  std::vector<Json> records;
  for (const std::string& line : lines_of(read_file(path)))
    records.push_back(JsonParser(line).parse());
  return records;
}

bool is_number(const Json& value) {
  return value.kind == Json::Kind::kNumber;
}

// A small experiment in `dir`/exps: the articles' first boards, greedy.
std::string tiny_experiments(const ScratchDir& dir) {
  std::filesystem::create_directories(dir.file("exps"));
  dir.write("exps/tiny.exp", "description = two boards, greedy\narticles = 2\nsolver = greedy\n");
  dir.write("exps/pc19.exp",
            "description = a dataset\nboards = $DATASETS/pc19-tiles.txt\nformat = line\n"
            "rules = flood-it\nsolver = greedy\n");
  return "--experiments-dir " + q(dir.file("exps")) + " ";
}

}  // namespace

// ---- the helpers behind the messages ----

TEST(Wording, PluralNamesOneInTheSingular) {
  EXPECT_EQ(plural(1, "board"), "1 board");
  EXPECT_EQ(plural(2, "board"), "2 boards");
  EXPECT_EQ(plural(0, "thread"), "0 threads");
  EXPECT_EQ(plural(1, "solution line"), "1 solution line");
  EXPECT_EQ(noun_for(3, "is", "are"), "are");
  EXPECT_EQ(noun_for(1, "is", "are"), "is");
}

TEST(Wording, EditDistanceCountsEditsAndSwaps) {
  EXPECT_EQ(edit_distance("", ""), 0u);
  EXPECT_EQ(edit_distance("astar", "astar"), 0u);
  EXPECT_EQ(edit_distance("astr", "astar"), 1u);     // an insertion
  EXPECT_EQ(edit_distance("greedx", "greedy"), 1u);  // a substitution
  EXPECT_EQ(edit_distance("graedy", "gardey"), 2u);
  EXPECT_EQ(edit_distance("gerEdy", "greedy"), 1u);  // a swap, any case
  EXPECT_EQ(edit_distance("", "bfs"), 3u);
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);
}

TEST(Wording, NearestNameSuggestsOnlyLikelyTypos) {
  const std::vector<std::string> names = {"greedy", "greedy-look-ahead", "astar",           "bfs",
                                          "dfs",    "round-robin",       "round-robin-skip"};
  EXPECT_EQ(nearest_name("greedy-lookahead", names), "greedy-look-ahead");
  EXPECT_EQ(nearest_name("astr", names), "astar");
  EXPECT_EQ(nearest_name("Greedy", names), "greedy");
  EXPECT_EQ(nearest_name("bfs2", names), "bfs");
  EXPECT_EQ(nearest_name("round", names), std::nullopt);               // two names start with it
  EXPECT_EQ(nearest_name("greedy-look", names), "greedy-look-ahead");  // the one it starts
  EXPECT_EQ(nearest_name("simulated-annealing", names), std::nullopt);
  EXPECT_EQ(nearest_name("zz", names), std::nullopt);
  EXPECT_EQ(did_you_mean("astr", names), "; did you mean 'astar'?");
  EXPECT_EQ(did_you_mean("zz", names), "");
}

// ---- nothing replaced unless asked ----

TEST(CliSafety, SolveRefusesToReplaceAResultsFile) {
  ScratchDir dir;
  const std::string csv = dir.file("out.csv");
  const std::string run = "solve --articles 2 --solver greedy --quiet --csv " + q(csv);
  ASSERT_EQ(run_colorwalk(dir, run).exit_code, 0);
  const std::string before = read_file(csv);

  const auto again = run_colorwalk(dir, run);
  EXPECT_EQ(again.exit_code, 2);
  EXPECT_TRUE(has(again.err, "--csv " + csv + ": '" + csv + "' exists and is not empty"))
      << again.err;
  EXPECT_TRUE(has(again.err,
                  "pass --resume to continue the run it holds, or --overwrite to "
                  "replace it"))
      << again.err;
  EXPECT_EQ(read_file(csv), before);

  EXPECT_EQ(run_colorwalk(dir, run + " --resume").exit_code, 0);
  EXPECT_EQ(read_file(csv), before);
  EXPECT_EQ(run_colorwalk(dir, run + " --overwrite").exit_code, 0);
  const auto both = run_colorwalk(dir, run + " --resume --overwrite");
  EXPECT_EQ(both.exit_code, 2);
  EXPECT_TRUE(has(both.err, "not both")) << both.err;

  // The JSON Lines file and the chart are results too.
  const std::string json = dir.write("out.jsonl", "{\"kept\":true}\n");
  const auto j = run_colorwalk(dir, "solve --articles 1 --solver greedy --quiet --json " + q(json));
  EXPECT_EQ(j.exit_code, 2);
  EXPECT_TRUE(has(j.err, "--json " + json + ": '" + json + "' exists")) << j.err;
  EXPECT_EQ(read_file(json), "{\"kept\":true}\n");
  const std::string svg = dir.write("out.svg", "<svg/>");
  EXPECT_EQ(
      run_colorwalk(dir, "solve --articles 1 --solver greedy --quiet --svg " + q(svg)).exit_code,
      2);
  EXPECT_EQ(read_file(svg), "<svg/>");
  const std::string trace = dir.write("trace.jsonl", "{}\n");
  const auto t = run_colorwalk(dir, "solve --articles 1 --solver astar --quiet --trace " + q(trace));
  EXPECT_EQ(t.exit_code, 2);
  EXPECT_TRUE(has(t.err, "--trace " + trace + ": '" + trace + "' exists")) << t.err;
  EXPECT_EQ(read_file(trace), "{}\n");
  const auto tr = run_colorwalk(dir, run + " --resume --trace " + q(trace));
  EXPECT_EQ(tr.exit_code, 2);
  EXPECT_TRUE(has(tr.err, "a resumed run's trace starts anew: give another --trace file")) << tr.err;

  // An empty file holds nothing to lose, and a device is not a file of results.
  const std::string empty = dir.write("empty.csv", "");
  EXPECT_EQ(run_colorwalk(dir, "solve --articles 1 --solver greedy --quiet --csv " + q(empty) +
                                   " --json /dev/null")
                .exit_code,
            0);
}

TEST(CliSafety, GenShowAndMergeRefuseToReplaceAFile) {
  ScratchDir dir;
  const std::string boards = dir.write("boards.txt", "kept\n");
  const auto gen = run_colorwalk(dir, "gen --articles 2 -o " + q(boards));
  EXPECT_EQ(gen.exit_code, 2);
  EXPECT_TRUE(has(gen.err, "-o " + boards + ": '" + boards +
                               "' exists and is not empty (5 bytes); pass --overwrite to "
                               "replace it"))
      << gen.err;
  EXPECT_EQ(read_file(boards), "kept\n");
  EXPECT_EQ(run_colorwalk(dir, "gen --articles 2 --overwrite -o " + q(boards)).exit_code, 0);
  EXPECT_NE(read_file(boards), "kept\n");

  const std::string shard = dir.file("s.csv");
  ASSERT_EQ(
      run_colorwalk(dir, "solve --articles 2 --solver greedy --quiet --csv " + q(shard)).exit_code,
      0);
  const std::string merged = dir.write("all.csv", "kept\n");
  const auto m = run_colorwalk(dir, "merge " + q(shard) + " --quiet --csv " + q(merged));
  EXPECT_EQ(m.exit_code, 2);
  EXPECT_TRUE(has(m.err, "pass --overwrite to replace it")) << m.err;
  EXPECT_EQ(read_file(merged), "kept\n");
  EXPECT_EQ(
      run_colorwalk(dir, "merge " + q(shard) + " --quiet --overwrite --csv " + q(merged)).exit_code,
      0);
  EXPECT_EQ(read_file(merged), read_file(shard));

  const std::string page = dir.write("page.html", "kept\n");
  const auto show = run_colorwalk(dir, "show --articles 1 --solver greedy --html " + q(page));
  EXPECT_EQ(show.exit_code, 2);
  EXPECT_TRUE(has(show.err, "--html " + page + ": '" + page + "' exists")) << show.err;
  EXPECT_EQ(read_file(page), "kept\n");
  EXPECT_EQ(
      run_colorwalk(dir, "show --articles 1 --solver greedy --overwrite --html " + q(page)).exit_code,
      0);
  EXPECT_NE(read_file(page), "kept\n");
}

TEST(CliSafety, ExperimentRefusesAnOutputDirWithARun) {
  ScratchDir dir;
  const std::string exps = tiny_experiments(dir);
  const std::string out = dir.file("run1");
  const std::string run = "experiment tiny " + exps + "--quiet --output-dir " + q(out);
  ASSERT_EQ(run_colorwalk(dir, run).exit_code, 0);
  const std::string csv = read_file(out + "/tiny.csv");

  const auto again = run_colorwalk(dir, run);
  EXPECT_EQ(again.exit_code, 2);
  EXPECT_TRUE(has(again.err, "--output-dir " + out + ": '" + out + "/tiny.csv' exists"))
      << again.err;
  EXPECT_TRUE(has(again.err,
                  "it holds a run of experiment tiny: pass --resume to continue it, "
                  "or --overwrite to replace it"))
      << again.err;
  EXPECT_EQ(read_file(out + "/tiny.csv"), csv);
  EXPECT_EQ(run_colorwalk(dir, run + " --resume").exit_code, 0);
  EXPECT_EQ(run_colorwalk(dir, run + " --overwrite").exit_code, 0);
  EXPECT_EQ(run_colorwalk(dir, run + " --overwrite --resume").exit_code, 2);
  // A folder of other files is no run of it.
  const std::string other = dir.file("other");
  std::filesystem::create_directories(other);
  dir.write("other/notes.txt", "mine\n");
  EXPECT_EQ(
      run_colorwalk(dir, "experiment tiny " + exps + "--quiet --output-dir " + q(other)).exit_code,
      0);
  EXPECT_EQ(read_file(other + "/notes.txt"), "mine\n");
}

// ---- the nearest name, not a list ----

TEST(CliSafety, UnknownSolverSuggestsTheNearest) {
  ScratchDir dir;
  const auto r = run_colorwalk(dir, "solve --articles 1 --solver greedy-lookahead:depth=3");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(has(r.err, "unknown solver 'greedy-lookahead'; did you mean 'greedy-look-ahead'?"))
      << r.err;
  EXPECT_FALSE(has(r.err, "round-robin-skip")) << r.err;  // no list of every name
  const auto far = run_colorwalk(dir, "solve --articles 1 --solver simulated-annealing");
  EXPECT_EQ(far.exit_code, 2);
  EXPECT_TRUE(has(far.err,
                  "unknown solver 'simulated-annealing' (`colorwalk list` shows every "
                  "solver)"))
      << far.err;
  const auto key = run_colorwalk(dir, "solve --articles 1 --solver greedy-look-ahead:dpeth=3");
  EXPECT_EQ(key.exit_code, 2);
  EXPECT_TRUE(has(key.err, "has no parameter 'dpeth'; did you mean 'depth'?")) << key.err;
}

TEST(CliSafety, UnknownOptionSuggestsTheNearestOfItsCommand) {
  ScratchDir dir;
  const auto solve = run_colorwalk(dir, "solve --articles 1 --solver greedy --treads 2");
  EXPECT_EQ(solve.exit_code, 2);
  EXPECT_TRUE(has(solve.err,
                  "unrecognised option '--treads'; did you mean '--threads'? (see "
                  "colorwalk solve --help)"))
      << solve.err;
  const auto experiment = run_colorwalk(dir, "experiment articles --output-dri x");
  EXPECT_EQ(experiment.exit_code, 2);
  EXPECT_TRUE(has(experiment.err, "did you mean '--output-dir'?")) << experiment.err;
  const auto gen = run_colorwalk(dir, "gen --articles 1 --ouptut x");
  EXPECT_EQ(gen.exit_code, 2);
  EXPECT_TRUE(has(gen.err, "did you mean '--output'?")) << gen.err;
  const auto command = run_colorwalk(dir, "slove --articles 1");
  EXPECT_EQ(command.exit_code, 2);
  EXPECT_TRUE(has(command.err, "unknown command 'slove'; did you mean 'solve'?")) << command.err;
}

TEST(CliSafety, ExperimentNamesTakeTheirSuffixAndSuggestTheNearest) {
  ScratchDir dir;
  const auto typo = run_colorwalk(dir, "experiment look-ahead-depth");
  EXPECT_EQ(typo.exit_code, 2);
  EXPECT_TRUE(has(typo.err,
                  "unknown experiment 'look-ahead-depth'; did you mean "
                  "'look-ahead-depths'?"))
      << typo.err;
  const auto exp = run_colorwalk(dir,
                                 "experiment look-ahead-depths.exp --boards 1 --quiet "
                                 "--output-dir " +
                                     q(dir.file("l")));
  EXPECT_EQ(exp.exit_code, 0) << exp.err;
  EXPECT_TRUE(std::filesystem::exists(dir.file("l/look-ahead-depths.csv")));
  // A path to an .exp file is read as before.
  const std::string exps = tiny_experiments(dir);
  const auto path = run_colorwalk(dir, "experiment " + q(dir.file("exps/tiny.exp")) +
                                           " --quiet --output-dir " + q(dir.file("t")));
  EXPECT_EQ(path.exit_code, 0) << path.err;
  const auto missing = run_colorwalk(dir, "experiment " + q(dir.file("exps/none.exp")));
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_TRUE(has(missing.err, "no experiment file")) << missing.err;
}

TEST(CliSafety, AMissingDatasetsFolderNamesColorwalkDatasets) {
  ScratchDir dir;
  const std::string exps = tiny_experiments(dir);
  {
    const ScopedEnv env("COLORWALK_DATASETS", dir.file("nowhere"));
    const auto r =
        run_colorwalk(dir, "experiment pc19 " + exps + "--output-dir " + q(dir.file("o")));
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_TRUE(has(r.err,
                    "experiment pc19 reads $DATASETS/pc19-tiles.txt, but the datasets "
                    "folder '" +
                        dir.file("nowhere") +
                        "' ($COLORWALK_DATASETS) does not exist: set COLORWALK_DATASETS "
                        "to the folder that holds the datasets, for example "
                        "COLORWALK_DATASETS=/path/to/datasets colorwalk experiment pc19"))
        << r.err;
    EXPECT_FALSE(std::filesystem::exists(dir.file("o/pc19.csv")));
  }
  std::filesystem::create_directories(dir.file("empty"));
  const ScopedEnv env("COLORWALK_DATASETS", dir.file("empty"));
  const auto r = run_colorwalk(dir, "experiment pc19 " + exps + "--output-dir " + q(dir.file("o")));
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(has(r.err, "there is no '" + dir.file("empty") +
                             "/pc19-tiles.txt' in the datasets "
                             "folder"))
      << r.err;
  EXPECT_TRUE(has(r.err, "COLORWALK_DATASETS")) << r.err;
}

TEST(CliSafety, MergeNamesTheMissingShards) {
  ScratchDir dir;
  for (int i = 0; i < 3; ++i)
    ASSERT_EQ(run_colorwalk(dir, "solve --articles 7 --solver greedy --quiet --shard " +
                                     std::to_string(i) + "/3 --csv " +
                                     q(dir.file("s" + std::to_string(i) + ".csv")))
                  .exit_code,
              0);
  const auto one = run_colorwalk(
      dir, "merge " + q(dir.file("s0.csv")) + " " + q(dir.file("s2.csv")) + " --quiet");
  EXPECT_EQ(one.exit_code, 2);
  EXPECT_TRUE(has(one.err,
                  "shard 1/3 is missing: the inputs hold shards 0/3 and 2/3 of their "
                  "run (7 boards)"))
      << one.err;
  const auto two = run_colorwalk(dir, "merge " + q(dir.file("s1.csv")) + " --quiet");
  EXPECT_EQ(two.exit_code, 2);
  EXPECT_TRUE(has(two.err, "shards 0/3 and 2/3 are missing: the inputs hold shard 1/3")) << two.err;
  EXPECT_EQ(run_colorwalk(dir, "merge " + q(dir.file("s2.csv")) + " " + q(dir.file("s0.csv")) +
                                   " " + q(dir.file("s1.csv")) + " --quiet")
                .exit_code,
            0);
}

// ---- one and many ----

TEST(CliSafety, OneIsSingular) {
  ScratchDir dir;
  const auto solve = run_colorwalk(
      dir, "solve --articles 1 --solver greedy --threads 1 --csv " + q(dir.file("one.csv")));
  ASSERT_EQ(solve.exit_code, 0) << solve.err;
  EXPECT_TRUE(has(solve.err, "solved 1 board x 1 solver in ")) << solve.err;
  EXPECT_TRUE(has(solve.err, ", 1 thread)")) << solve.err;
  const auto gen = run_colorwalk(dir, "gen --articles 1 -o " + q(dir.file("b.txt")));
  EXPECT_TRUE(has(gen.err, "wrote 1 board to ")) << gen.err;
  const auto two = run_colorwalk(dir, "gen --articles 2 -o " + q(dir.file("b2.txt")));
  EXPECT_TRUE(has(two.err, "wrote 2 boards to ")) << two.err;
  // The solution, the fourth field of the CSV's one row.
  std::istringstream row(lines_of(read_file(dir.file("one.csv")))[1]);
  std::string solution;
  for (int i = 0; i < 4; ++i)
    std::getline(row, solution, ',');
  const auto verify =
      run_colorwalk(dir, "verify --boards " + q(dir.file("b.txt")) + " --solutions " +
                             q(dir.write("s.txt", solution + "\n")));
  EXPECT_EQ(verify.exit_code, 0) << verify.err;
  EXPECT_TRUE(has(verify.out, "the solution clears its board (")) << verify.out;
  // "1 boards" and its like, but not a rate such as "1055.1 boards/s".
  const std::regex one_plural("(^|[^0-9.,])1 (boards|solvers|threads|solutions|moves)\\b");
  for (const auto* output : {&solve.err, &gen.err, &verify.out})
    EXPECT_FALSE(std::regex_search(*output, one_plural)) << *output;
}

// ---- no figures where there are none ----

TEST(CliSafety, ASolverWithNoVerifiedBoardShowsDashes) {
  ScratchDir dir;
  // astar's search does not fit in 1 MiB on the articles' boards: every board fails.
  const auto r = run_colorwalk(dir,
                               "solve --articles 2 --solver greedy --solver astar --threads 1 "
                               "--memory-limit 1MiB --json " +
                                   q(dir.file("r.jsonl")));
  ASSERT_EQ(r.exit_code, 1) << r.err;
  const auto table = lines_of(r.out);
  ASSERT_EQ(table.size(), 4u) << r.out;  // header, greedy, astar, its failures
  EXPECT_EQ(table[2].rfind("astar ", 0), 0u) << r.out;
  std::istringstream fields(table[2]);
  std::vector<std::string> f;
  for (std::string w; fields >> w;)
    f.push_back(w);
  ASSERT_EQ(f.size(), 9u) << table[2];
  EXPECT_EQ(f[1], "0");  // boards verified
  for (int i = 2; i <= 5; ++i)
    EXPECT_EQ(f[i], "-") << table[2];  // min, mean, max, stdev
  EXPECT_EQ(table[3], "  (2 boards failed for astar)");
  const auto records = json_lines(dir.file("r.jsonl"));
  const Json& astar = (*records.back()["solvers"].array)[1];
  EXPECT_EQ(astar["failed"].number, 2);
  for (const char* key : {"min", "mean", "max", "stdev"})
    EXPECT_EQ(astar[key].kind, Json::Kind::kNull) << key;

  const auto md = run_colorwalk(dir,
                                "solve --articles 1 --solver astar --memory-limit 1MiB "
                                "--markdown");
  EXPECT_TRUE(has(md.out, "| `astar` | 0 | - | - | - | - | 0 |")) << md.out;
}

// ---- JSON Lines ----

TEST(CliSafety, JsonLinesNumbersAreNumbers) {
  ScratchDir dir;
  const std::string json = dir.file("r.jsonl");
  ASSERT_EQ(run_colorwalk(dir,
                          "solve --articles 2 --solver greedy --solver-seed 5 --quiet "
                          "--memory-limit 1GiB --json " +
                              q(json))
                .exit_code,
            0);
  const auto records = json_lines(json);
  ASSERT_EQ(records.size(), 4u);
  const Json& run = records[0];
  EXPECT_EQ(run["type"].text, "run");
  for (const char* key : {"format", "boards", "solver_seed", "memory_limit"})
    EXPECT_TRUE(is_number(run[key])) << key;
  EXPECT_EQ(run["boards"].number, 2);
  EXPECT_EQ(run["solver_seed"].number, 5);
  EXPECT_EQ(run["memory_limit"].number, 1073741824.0);
  for (const char* key : {"version", "source", "rules", "start", "shard"})
    EXPECT_EQ(run[key].kind, Json::Kind::kString) << key;
  const Json& row = records[1];
  for (const char* key : {"board", "moves", "expanded", "seconds", "peak_mib"})
    EXPECT_TRUE(is_number(row[key])) << key;
  const Json& summary = records[3];
  EXPECT_EQ(summary["type"].text, "summary");
  EXPECT_TRUE(is_number(summary["solver_seed"]));
  EXPECT_EQ(summary["solver_seed"].number, 5);
  EXPECT_TRUE(is_number(summary["boards"]));
  const Json& greedy = (*summary["solvers"].array)[0];
  for (const char* key :
       {"boards", "failed", "min", "mean", "max", "stdev", "proven_optimal", "seconds", "expanded"})
    EXPECT_TRUE(is_number(greedy[key])) << key;

  // An experiment's file and a merged one, the same.
  const std::string exps = tiny_experiments(dir);
  ASSERT_EQ(
      run_colorwalk(dir, "experiment tiny " + exps + "--quiet --output-dir " + q(dir.file("e")))
          .exit_code,
      0);
  const auto experiment = json_lines(dir.file("e/tiny.jsonl"));
  EXPECT_TRUE(is_number(experiment.front()["boards"]));
  EXPECT_TRUE(is_number(experiment.back()["solver_seed"]));
  ASSERT_EQ(
      run_colorwalk(dir, "solve --articles 2 --solver greedy --quiet --csv " + q(dir.file("s.csv")))
          .exit_code,
      0);
  ASSERT_EQ(run_colorwalk(
                dir, "merge " + q(dir.file("s.csv")) + " --quiet --json " + q(dir.file("m.jsonl")))
                .exit_code,
            0);
  const auto merged = json_lines(dir.file("m.jsonl"));
  EXPECT_TRUE(is_number(merged.front()["solver_seed"]));
  EXPECT_TRUE(is_number((*merged.back()["solvers"].array)[0]["mean"]));

  // The trace: its done record.
  ASSERT_EQ(run_colorwalk(dir, "solve --articles 1 --solver astar --quiet --trace " +
                                   q(dir.file("t.jsonl")))
                .exit_code,
            0);
  const auto trace = json_lines(dir.file("t.jsonl"));
  ASSERT_FALSE(trace.empty());
  EXPECT_EQ(trace.back()["type"].text, "done");
  for (const char* key : {"board", "seconds", "expanded", "generated", "pruned", "lower_bound",
                          "upper_bound", "bytes", "moves"})
    EXPECT_TRUE(is_number(trace.back()[key])) << key;
}

// ---- the articles' experiment against the proven optimum ----

TEST(CliSafety, ArticlesExperimentShowsTheProvenOptimum) {
  ScratchDir dir;
  const auto r =
      run_colorwalk(dir, "experiment articles --boards 3 --output-dir " + q(dir.file("res")));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(has(r.out, "d.opt")) << r.out;
  EXPECT_TRUE(has(r.out, "\nAnytime beam search ")) << r.out;
  EXPECT_TRUE(has(r.out, "\nExact A* ")) << r.out;
  EXPECT_TRUE(has(r.out,
                  "\nAgainst the proven optimum:\n  Exact A* (astar) proved all 3 boards "
                  "optimal: mean "))
      << r.out;
  // The published figures are over all 100 boards: not set against 3.
  EXPECT_TRUE(has(r.out,
                  "run them all to set the best published mean, 32.7 (BFS with Greedy "
                  "Look-Ahead-5 and Greedy Look-Ahead-5 + Dijkstra), against the optimum"))
      << r.out;
  EXPECT_TRUE(has(r.out, "  The nearest of the others, ")) << r.out;
  // A* is at the optimum on every board: its row is +0.00 above it.
  bool astar_at_optimum = false;
  for (const std::string& line : lines_of(r.out))
    if (line.rfind("Exact A* ", 0) == 0)
      astar_at_optimum = line.size() >= 6 && line.substr(line.size() - 6) == " +0.00";
  EXPECT_TRUE(astar_at_optimum) << r.out;
  const std::string md = read_file(dir.file("res/articles.md"));
  EXPECT_TRUE(has(md, "| above the optimum |")) << md;
  EXPECT_TRUE(has(md, "Against the proven optimum:\n\n- Exact A* (`astar`) proved all 3")) << md;
}
