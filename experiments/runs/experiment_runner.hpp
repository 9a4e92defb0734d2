// Running named experiments (runs/experiment_file.hpp): one experiment file into its
// results folder, with its reports (NAME.csv, NAME.jsonl, NAME.txt, NAME.md,
// NAME.svg and a copy of NAME.exp), or a suite, each of its parts into a
// folder of its own; and where experiment files and results folders are.
// The printed report goes to the stream given, the run's messages to the
// log; nothing is printed elsewhere.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "engine/run_summary.hpp"
#include "reports/reference.hpp"
#include "runs/experiment_file.hpp"
#include "runs/run.hpp"

namespace colorwalk {

// How to run an experiment, from the command line.
struct ExperimentRequest {
  RunSettings settings;                   // --threads, --solver-seed, --memory-limit, --quiet
  bool resume = false;                    // continue the run whose results are in output_dir
  bool overwrite = false;                 // replace the results of a run in output_dir
  std::optional<std::size_t> limit;       // only the first boards of the source
  std::string experiments_dir;            // where a suite's parts are
  std::string results_dir = "results";    // results go to results_dir/NAME-DATE-COMMIT/
  std::optional<std::string> output_dir;  // or to this folder itself, when given
  std::vector<std::string> command;       // the command line, to print how to resume
  bool progress = false;                  // draw the progress line on the log
  bool progress_lines = false;            // RunRequest::progress_lines
  StopListener* stop = nullptr;           // nullptr: nothing stops the run
};

// The outcome of one experiment file's run.
struct ExperimentRun {
  int status = kExitOk;
  std::string out_dir;
  std::size_t boards = 0;  // boards solved, resumed ones included
  double wall = 0;
  std::vector<std::string> solvers;      // the specs run, in order (unregistered ones left out)
  std::vector<SolverSummary> summaries;  // per solver, in the same order
  std::optional<ReferenceCheck> reference;
};

// An optimal file (an experiment's `optimal =`, solve --optimal), checked
// before anything is solved: one line per board of the source, each line
// the board's colours and a solution of it under the run's rules and start
// (an optimum that does not clear its board is bad input, an InputError
// naming the line and hinting at the rules and start). Returns each line's
// length.
std::vector<std::optional<std::uint32_t>> read_optima(const std::string& path,
                                                      const BoardSource& source,
                                                      const BatchOptions& options);

// The experiment file NAME stands for: a path when it holds a '/', or ends
// in .exp and names a file; else DIR/NAME.exp (NAME.exp taken as NAME).
// UsageError when there is none, suggesting the nearest name in DIR.
std::string experiment_path(const std::string& name, const std::string& dir);

// Creates the results directory ROOT/NAME-DATE-COMMIT, made unique with -2,
// -3, ... (by mkdir, so that simultaneous runs each get their own).
std::string fresh_results_dir(const std::string& root, const std::string& name,
                              const std::string& date, const std::string& commit);

// Where the results of experiment `name` go: request.output_dir when given,
// else a fresh folder under request.results_dir for today and this commit
// (created: fresh_results_dir).
std::string results_dir_for(const ExperimentRequest& request, const std::string& name);

// Runs one experiment (not a suite) into `out_dir` and writes its reports;
// prints the report on `out` unless quiet. Throws InputError when none of
// its solvers is registered or its optimal file is not one solution per
// board (checked before solving), UsageError for settings or folders that
// cannot be used (an output that is one of its inputs; results of a run
// in request.output_dir, unless resuming or overwriting), before writing.
ExperimentRun run_experiment(const Experiment& experiment, const ExperimentRequest& request,
                             const std::string& out_dir, std::ostream& out, std::ostream& log);

// Runs the experiments a suite names, each into its own folder of the
// suite's results folder, then reports what each found against its optimal
// solutions (when it has them) on `out` and in SUITE.txt. Returns the
// worst status of the parts; an interrupted part ends the suite.
int run_suite(const Experiment& suite, const ExperimentRequest& request, std::ostream& out,
              std::ostream& log);

}  // namespace colorwalk
