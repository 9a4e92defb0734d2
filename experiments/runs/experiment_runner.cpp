#include "runs/experiment_runner.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <ostream>
#include <sstream>

#include "game/replay.hpp"
#include "game/wording.hpp"
#include "origin/environment.hpp"
#include "reports/report_files.hpp"
#include "results/output_file.hpp"
#include "runs/experiment_report.hpp"

namespace colorwalk {
namespace {

// The rows of an experiment whose solvers this build has, their specs
// parsed into the run's options, and the rows whose solvers it lacks.
struct ExperimentSolvers {
  BatchOptions options;
  std::vector<const ExperimentRow*> rows;
  std::vector<const ExperimentRow*> missing;
};

ExperimentSolvers registered_solvers(const Experiment& experiment) {
  const auto& registry = builtin_solvers();
  ExperimentSolvers found;
  for (const ExperimentRow& row : experiment.rows) {
    if (registry.find(row.spec.substr(0, row.spec.find(':'))) == nullptr) {
      found.missing.push_back(&row);
      continue;
    }
    found.rows.push_back(&row);
    found.options.solvers.push_back(registry.parse(row.spec));
  }
  if (found.rows.empty())
    throw InputError(experiment.path, 0, "none of its solvers is registered in this build");
  return found;
}

// The files an experiment reads: its .exp, its boards (a folder's files,
// and the folder itself) and its optimal file, each with what it is.
std::vector<std::pair<std::string, std::string>> experiment_inputs(const Experiment& experiment) {
  std::vector<std::pair<std::string, std::string>> inputs{{experiment.path, "experiment file"}};
  if (experiment.source == Experiment::SourceKind::kFile) {
    const std::string boards = experiment.boards_path(datasets_dir());
    std::error_code ec;
    if (std::filesystem::is_directory(boards, ec)) {
      inputs.emplace_back(boards, "boards folder");
      for (const auto& entry : std::filesystem::directory_iterator(boards, ec))
        inputs.emplace_back(entry.path().string(), "board file");
    } else {
      inputs.emplace_back(boards, "boards file");
    }
  }
  if (!experiment.optimal.empty())
    inputs.emplace_back(experiment.optimal_path(datasets_dir()), "optimal file");
  return inputs;
}

// Refuses outputs that are (or, written, would replace) one of the
// experiment's inputs, compared as files (inodes), not as names; and a
// folder that is its boards folder, whose every file is read as boards.
void check_outputs_spare_inputs(const Experiment& experiment, const std::string& out_dir,
                                const std::vector<std::string>& outputs) {
  const auto inputs = experiment_inputs(experiment);
  const auto refuse = [&](const std::string& output, const std::string& input,
                          const std::string& what, const std::string& why) {
    throw UsageError("cannot write '" + output + "': it is the " + what + " '" + input +
                     "' of experiment " + experiment.path + why +
                     "; give an --output-dir that holds none of its inputs");
  };
  std::error_code ec;
  for (const auto& [input, what] : inputs)
    if (what == "boards folder" && std::filesystem::equivalent(out_dir, input, ec))
      refuse(out_dir, input, what, " (every file written there would be read as boards)");
  for (const std::string& output : outputs)
    for (const auto& [input, what] : inputs)
      if (what != "boards folder" && std::filesystem::equivalent(output, input, ec))
        refuse(output, input, what, "");
}

// Refuses an experiment whose `$DATASETS/` files are missing, before
// anything is solved, saying where the datasets folder was looked for and
// how to point the tool at it (COLORWALK_DATASETS).
void check_datasets(const Experiment& experiment) {
  const std::string dir = datasets_dir();
  const bool from_env =
      std::getenv("COLORWALK_DATASETS") != nullptr && *std::getenv("COLORWALK_DATASETS") != '\0';
  const std::string where = from_env ? "$COLORWALK_DATASETS" : "configured at build time";
  const std::string how =
      "set COLORWALK_DATASETS to the folder that holds the datasets, for example "
      "COLORWALK_DATASETS=/path/to/datasets colorwalk experiment " +
      experiment.name;
  std::vector<std::pair<std::string, std::string>> files;  // as written, resolved
  if (experiment.source == Experiment::SourceKind::kFile)
    files.emplace_back(experiment.boards, experiment.boards_path(dir));
  if (!experiment.optimal.empty())
    files.emplace_back(experiment.optimal, experiment.optimal_path(dir));
  std::error_code ec;
  for (const auto& [written, path] : files) {
    if (!written.starts_with("$DATASETS/") || std::filesystem::exists(path, ec)) continue;
    if (!std::filesystem::is_directory(dir, ec))
      throw UsageError("experiment " + experiment.name + " reads " + written +
                       ", but the datasets folder '" + dir + "' (" + where +
                       ") does not exist: " + how);
    throw UsageError("experiment " + experiment.name + " reads " + written + ", but there is no '" +
                     path + "' in the datasets folder '" + dir + "' (" + where +
                     "): give the datasets there, or " + how);
  }
}

// The files of experiment `name`'s results in `out_dir` that hold a run.
constexpr const char* kRunFiles[] = {".csv", ".jsonl", ".txt", ".md", ".svg"};

// Refuses an --output-dir that holds the results of a run of `experiment`
// (a file of it not empty), unless the request resumes or replaces them.
void refuse_replacing_run(const Experiment& experiment, const std::string& out_dir,
                          const ExperimentRequest& request) {
  if (!request.output_dir || request.resume || request.overwrite) return;
  for (const char* suffix : kRunFiles)
    refuse_replacing((std::filesystem::path(out_dir) / (experiment.name + suffix)).string(),
                     "--output-dir " + *request.output_dir,
                     "it holds a run of experiment " + experiment.name +
                         ": pass --resume to continue it, or --overwrite to replace it");
}

// Creates the results folder.
void make_results_dir(const std::string& out_dir) {
  std::error_code ec;
  std::filesystem::create_directories(out_dir, ec);
  if (ec) throw OutputError("cannot create output directory '" + out_dir + "': " + ec.message());
}

// The run's CSV checked against optima: the `optimal =` file's (read_optima), else those
// the board files state; none when there are neither.
std::optional<ReferenceCheck> check_against_optima(
    const Experiment& experiment, const BoardSource& source,
    const std::optional<std::vector<std::optional<std::uint32_t>>>& optima, const std::string& csv,
    const std::vector<std::string>& specs) {
  std::vector<std::optional<std::uint32_t>> stated(source.size());
  std::size_t stated_count = 0;
  for (std::size_t i = 0; i < source.size(); ++i) {
    stated[i] = source.stated_optimum(i);
    if (stated[i]) ++stated_count;
  }
  if (optima)
    return check_reference(
        csv, *optima, "the optimal solutions in " + experiment.optimal_path(datasets_dir()), specs);
  if (stated_count > 0)
    return check_reference(csv, stated,
                           "the optima stated in the board files (" + std::to_string(stated_count) +
                               " of " + plural(source.size(), "board") + ")",
                           specs);
  return std::nullopt;
}

}  // namespace

std::vector<std::optional<std::uint32_t>> read_optima(const std::string& path,
                                                      const BoardSource& source,
                                                      const BatchOptions& options) {
  const auto lines = load_solution_lines(path, source.size());
  if (lines.size() != source.size())
    throw InputError(path, 0,
                     "has " + plural(lines.size(), "solution line") + " but " + source.describe() +
                         " has " + plural(source.size(), "board") +
                         ": an optimal file holds one line per board, in board order");
  std::vector<std::optional<std::uint32_t>> optima;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const Board board = prepare_board(source.board(i), options);
    const auto moves = parse_moves(board, lines[i], path);
    // Wasted moves are played: such a line clears its board but is no
    // optimum, which the check against the solvers then reports.
    const ReplayResult result = replay(ClusterGraph(board), moves, WastedMoves::kAllow);
    if (!result.ok())
      throw InputError(path, lines[i].line,
                       "board " + std::to_string(i) + " of " + source.describe() + ": " +
                           result.describe(board, moves) + " under " +
                           std::string(to_string(options.rules)) +
                           " rules, so the line is not a solution of its board: were the optima "
                           "found under other rules or from another start? (the public "
                           "Flood-It sets are --rules flood-it; floodtest-1000 is --rules "
                           "flood-it --start center)");
    optima.push_back(static_cast<std::uint32_t>(moves.size()));
  }
  return optima;
}

std::string experiment_path(const std::string& name, const std::string& dir) {
  const bool has_suffix = name.size() > kExperimentSuffix.size() &&
                          name.compare(name.size() - kExperimentSuffix.size(),
                                       kExperimentSuffix.size(), kExperimentSuffix) == 0;
  const bool has_folder = name.find('/') != std::string::npos;
  std::error_code ec;
  if (has_folder || (has_suffix && std::filesystem::exists(name, ec))) {
    if (!std::filesystem::exists(name, ec)) throw UsageError("no experiment file '" + name + "'");
    return name;
  }
  // NAME.exp, not a file here, is taken as NAME: the experiments folder's file.
  const std::string stem =
      has_suffix ? name.substr(0, name.size() - kExperimentSuffix.size()) : name;
  const std::string path =
      (std::filesystem::path(dir) / (stem + std::string(kExperimentSuffix))).string();
  if (!std::filesystem::exists(path, ec))
    throw UsageError("unknown experiment '" + stem + "'" +
                     did_you_mean(stem, experiment_names(dir)) + " (none in " + dir +
                     "; colorwalk experiment --list lists them)");
  return path;
}

std::string fresh_results_dir(const std::string& root, const std::string& name,
                              const std::string& date, const std::string& commit) {
  const std::string base =
      (std::filesystem::path(root) / (name + "-" + date + "-" + commit)).string();
  std::error_code ec;
  std::filesystem::create_directories(root, ec);
  if (ec) throw OutputError("cannot create results directory '" + root + "': " + ec.message());
  // mkdir either makes the folder or finds it there: simultaneous runs each get their own.
  std::string dir = base;
  for (int n = 2;; ++n) {
    if (std::filesystem::create_directory(dir, ec)) return dir;
    if (ec && !std::filesystem::exists(dir))
      throw OutputError("cannot create output directory '" + dir + "': " + ec.message());
    dir = base + "-" + std::to_string(n);
  }
}

std::string results_dir_for(const ExperimentRequest& request, const std::string& name) {
  if (request.output_dir) return *request.output_dir;
  return fresh_results_dir(request.results_dir, name, utc_date("%Y-%m-%d"), source_commit());
}

ExperimentRun run_experiment(const Experiment& experiment, const ExperimentRequest& request,
                             const std::string& out_dir, std::ostream& out, std::ostream& log) {
  ExperimentSolvers solvers = registered_solvers(experiment);
  BatchOptions& options = solvers.options;
  options.rules = experiment.rules;
  options.start = experiment.start;
  options.solver_seed = experiment.solver_seed;
  apply_run_settings(request.settings, options);
  const bool quiet = request.settings.quiet;
  check_datasets(experiment);
  std::unique_ptr<BoardSource> source = experiment.make_source(datasets_dir());
  RunRules rules{experiment.rules_text, experiment.start_text, experiment.rules_given,
                 experiment.start_given};
  apply_stated_rules(*source, options, rules, experiment.path);
  std::optional<std::vector<std::optional<std::uint32_t>>> optima;
  if (!experiment.optimal.empty()) {
    check_start(*source, options);
    optima = read_optima(experiment.optimal_path(datasets_dir()), *source, options);
  }
  const bool whole_source = !request.limit || *request.limit >= source->size();
  if (!whole_source) source = std::make_unique<PrefixSource>(std::move(source), *request.limit);
  if (!optima) check_start(*source, options);  // else checked on every board above

  const std::string commit = source_commit();
  const std::string date = utc_date("%Y-%m-%d");
  const auto file = [&](const char* suffix) {
    return (std::filesystem::path(out_dir) / (experiment.name + suffix)).string();
  };
  std::vector<std::string> outputs;
  for (const char* suffix : {".exp", ".csv", ".jsonl", ".txt", ".md", ".svg", ".csv.partial",
                             ".jsonl.partial"})
    outputs.push_back(file(suffix));
  check_outputs_spare_inputs(experiment, out_dir, outputs);
  refuse_replacing_run(experiment, out_dir, request);
  make_results_dir(out_dir);

  RunRequest run_request;
  run_request.source = source.get();
  run_request.options = options;
  run_request.quiet = quiet;
  run_request.progress = request.progress;
  run_request.progress_lines = request.progress_lines;
  run_request.stop = request.stop;
  run_request.outputs = RecorderOptions{file(".csv"), file(".jsonl"), request.resume};
  run_request.resume_command = resume_command(request.command, {"--output-dir", out_dir});
  run_request.info = {{"experiment", experiment.name},
                      {"source", source->describe()},
                      {"rules", rules.rules_text},
                      {"start", rules.start_text},
                      {"solver_seed", std::to_string(options.solver_seed)},
                      {"commit", commit},
                      {"date", date}};
  // The CSV is locked before anything is written into the folder: a run
  // refused it (another holds it) leaves the folder as it was.
  open_outputs(run_request);
  std::error_code ec;
  std::filesystem::copy_file(experiment.path, file(".exp"),
                             std::filesystem::copy_options::overwrite_existing, ec);
  if (ec) throw OutputError("cannot write '" + file(".exp") + "': " + ec.message());
  const RunOutcome outcome = execute(run_request, log);
  const RunRecorder& recorder = *outcome.recorder;

  ExperimentReport report;
  report.experiment = &experiment;
  report.source = source->describe();
  report.run_text =
      source->describe() + ", " + rules.rules_text + " rules" +
      (rules.start_text != "0,0" ? ", start " + rules.start_text : std::string());
  report.rules_text = rules.rules_text;
  report.start_text = rules.start_text;
  report.commit = commit;
  report.date = date;
  report.boards = recorder.boards();
  report.total = outcome.total;
  report.whole_source = whole_source;
  report.solver_seed = options.solver_seed;
  report.threads = resolve_threads(options.threads);
  report.wall = outcome.wall;
  report.rows = &solvers.rows;
  report.missing = &solvers.missing;
  report.solvers = recorder.solver_texts();
  report.summary = &recorder.summary();
  report.out_dir = out_dir;
  std::vector<std::string> specs;
  for (const ExperimentRow* r : solvers.rows)
    specs.push_back(r->spec);
  report.reference = check_against_optima(experiment, *source, optima, file(".csv"), specs);
  if (experiment.group_by_size) report.groups = group_boards(file(".csv"), *source, specs);

  ExperimentRun run;
  run.status = outcome.status;
  if (report.reference && !report.reference->ok()) run.status = std::max(run.status, kExitFailure);
  run.out_dir = out_dir;
  run.boards = report.boards;
  run.wall = outcome.wall;
  run.solvers = report.solvers;
  run.summaries = recorder.summary().solvers();
  run.reference = report.reference;

  const std::string text = experiment_text_report(report);
  write_text_file(file(".txt"), text);
  if (!quiet) out << text;
  report.finished = utc_date("%Y-%m-%d %H:%M:%S UTC");
  write_text_file(file(".md"), experiment_markdown_report(report));
  write_experiment_chart(file(".svg"), report);
  return run;
}

int run_suite(const Experiment& suite, const ExperimentRequest& request, std::ostream& out,
              std::ostream& log) {
  std::vector<Experiment> parts;
  for (const std::string& name : suite.parts) {
    parts.push_back(load_experiment(experiment_path(name, request.experiments_dir)));
    if (!parts.back().parts.empty())
      throw InputError(suite.path, 0, "part '" + name + "' is a suite itself; suites do not nest");
  }
  for (const Experiment& part : parts)
    check_datasets(part);  // every part's, before the first part runs
  const std::string suite_report = suite.name + ".txt";
  if (request.output_dir)
    for (const Experiment& part : parts)
      check_outputs_spare_inputs(
          part, *request.output_dir,
          {(std::filesystem::path(*request.output_dir) / suite_report).string()});
  if (request.output_dir)
    for (const Experiment& part : parts)
      refuse_replacing_run(part, (std::filesystem::path(*request.output_dir) / part.name).string(),
                           request);
  const std::string root = results_dir_for(request, suite.name);
  int status = kExitOk;
  std::vector<ExperimentRun> runs;
  for (const Experiment& part : parts) {
    runs.push_back(run_experiment(part, request, (std::filesystem::path(root) / part.name).string(),
                                  out, log));
    status = std::max(status, runs.back().status);
    if (status >= 128) break;  // interrupted: the remaining parts are not started
  }
  std::ostringstream report;
  report << "\nSuite " << suite.name << ": " << suite.description << "\n";
  char line[512];
  std::snprintf(line, sizeof line, "%-22s %-24s %7s %9s %9s %8s %6s %6s %6s %9s\n", "part",
                "solver", "boards", "moves", "optimal", "at opt.", "above", "below", "wrong",
                "seconds");
  report << line;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    if (!runs[i].reference) {
      std::snprintf(line, sizeof line, "%-22s %-24s %7zu %9s %9s %8s %6s %6s %6s %9.1f\n",
                    parts[i].name.c_str(), "(no optimal file)", runs[i].boards, "-", "-", "-", "-",
                    "-", "-", runs[i].wall);
      report << line;
      continue;
    }
    for (const ReferenceRow& r : runs[i].reference->rows) {
      std::snprintf(line, sizeof line, "%-22s %-24s %7zu %9llu %9llu %8zu %6zu %6zu %6zu %9.1f\n",
                    parts[i].name.c_str(), r.solver.c_str(), r.boards,
                    static_cast<unsigned long long>(r.moves),
                    static_cast<unsigned long long>(r.optimal), r.at, r.above, r.below,
                    r.wrong_claims, runs[i].wall);
      report << line;
    }
  }
  report << "\nresults: " << root << "/ (one folder per part)\n";
  write_text_file((std::filesystem::path(root) / suite_report).string(), report.str());
  if (!request.settings.quiet) out << report.str();
  return status;
}

}  // namespace colorwalk
