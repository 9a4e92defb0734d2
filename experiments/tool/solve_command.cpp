// colorwalk solve: solvers over the boards of a source in parallel, with
// the summary table, the per-board CSV and JSON Lines files and the chart.
#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <optional>

#include "game/wording.hpp"
#include "reports/report_files.hpp"
#include "reports/summary_table.hpp"
#include "runs/experiment_runner.hpp"
#include "tool/commands.hpp"
#include "tool/options.hpp"
#include "tool/signals.hpp"

namespace colorwalk::cli {
namespace {

// Each result that contradicts a known optimum, named with its board, and
// what likely causes it: the rules or the start the boards were solved
// under, or an optimum that is not one.
void report_contradictions(std::ostream& err, const RunSummary& summary,
                           const std::vector<std::string>& solvers, const std::string& from,
                           const RunRules& rules) {
  for (const OptimumContradiction& c : summary.contradictions()) {
    err << "colorwalk solve: board " << c.board;
    if (!c.name.empty()) err << " (" << c.name << ")";
    err << ": " << solvers.at(c.solver) << (c.proven ? " proved " : " found ")
        << plural(c.moves, "move") << (c.proven ? " optimal" : "") << ", but " << from << " is "
        << c.optimum << "\n";
  }
  if (summary.contradiction_count() > summary.contradictions().size())
    err << "colorwalk solve: ... and " << summary.contradiction_count() - summary.contradictions().size()
        << (summary.contradiction_count() - summary.contradictions().size() == 1
                ? " more result that contradicts the known optima\n"
                : " more results that contradict the known optima\n");
  err << "colorwalk solve: these boards were solved under --rules " << rules.rules_text
      << " --start " << rules.start_text
      << "; an answer that contradicts a known optimum usually means other rules or another "
         "start than the optima were found for (the public Flood-It sets are --rules flood-it; "
         "floodtest-1000 is --rules flood-it --start center), else the optima are wrong\n";
}

}  // namespace

int cmd_solve(int argc, char** argv) {
  po::options_description desc("Options");
  // clang-format off
  desc.add_options()
      ("solver", po::value<std::vector<std::string>>()->value_name("SPEC"),
       "solver spec NAME[:KEY=VALUE,...]; repeat for several (see colorwalk list)")
      ("shard", po::value<std::string>()->value_name("I/N"),
       "run only the I-th of N interleaved parts: the boards whose index % N == I "
       "(indices in the outputs stay the source's; colorwalk merge combines the parts)")
      ("resume", po::bool_switch(),
       "continue the run whose rows are in --csv FILE: keep its finished boards, solve the "
       "rest (a missing FILE starts the run)")
      ("trace", po::value<std::string>()->value_name("FILE"),
       "write the searches as they go to FILE, JSON Lines: a record each time a search "
       "proves a higher lower bound or finds a better answer, one per search in flight "
       "every half second, and one per (board, solver) done, each with the nodes expanded, "
       "generated and pruned, both bounds and the bytes held (docs/formats.md)")
      ("optimal", po::value<std::string>()->value_name("FILE"),
       "the boards' optimal solutions, one line per board in board order (the datasets' "
       "NAME.optimal.txt): the table then shows each solver's boards at the optimum and its "
       "mean moves above it, and a result below an optimum, or proven optimal at another "
       "length, fails the run (exit 1). Without it, the optima that flood-it-boards files "
       "state are used")
      ("adopt", po::bool_switch(),
       "with --resume: take a CSV written before colorwalk recorded its runs (no run "
       "column) as this run's: its rows are replayed on this run's boards and the file is "
       "rewritten with the run recorded");
  // clang-format on
  desc.add(report_options()).add(source_options()).add(rules_options()).add(run_options());
  po::variables_map vm;
  if (!parse(argc, argv, desc, vm,
             std::string("usage: colorwalk solve SOURCE --solver SPEC [--solver SPEC ...] [RULES] "
                         "[--threads N] [--memory-limit BYTES]\n"
                         "                       [--shard I/N] [--csv FILE [--resume]] [--json "
                         "FILE] [--svg FILE] [--optimal FILE] [--overwrite] [--markdown] "
                         "[--quiet]\n\n"
                         "Runs every solver on every board in parallel, replays every solution "
                         "on the engine,\n"
                         "and prints one row per solver: boards, min, mean, max, stdev "
                         "(population), boards\n"
                         "proven optimal, total solver seconds, nodes expanded (and, where the "
                         "optima are known,\n"
                         "boards at the optimum and mean moves above it). Rows reach the "
                         "CSV and JSON\n"
                         "files in board order as boards finish; the moves and proofs do not "
                         "depend on --threads\n"
                         "(astar's last boards of a run use the idle threads: their solutions "
                         "may be other optimal\n"
                         "ones and their node counts the parallel search's; astar:threads=1 "
                         "pins one worker).\n"
                         "Progress (boards done, boards/s, time left, and each search running "
                         "half a second or\n"
                         "more: nodes, nodes/s, lower bound, best answer, memory) is shown on "
                         "stderr when it is a\n"
                         "terminal, or with --progress; --trace FILE records it for plotting.\n\n") +
                 kLimitsHelp + "\n" + kExitHelp))
    return kExitOk;
  if (!vm.count("solver")) throw UsageError("give at least one --solver SPEC (see colorwalk list)");
  BatchOptions options;
  for (const auto& text : vm["solver"].as<std::vector<std::string>>())
    options.solvers.push_back(builtin_solvers().parse(text));
  RunRules rules = read_rules(vm, options);
  const RunSettings settings = read_run_settings(vm);
  apply_run_settings(settings, options);
  options.shard = read_shard(vm);
  auto outputs = report_outputs(vm);
  if (vm.count("trace")) outputs.emplace_back("--trace", vm["trace"].as<std::string>());
  check_output_paths(vm, outputs);
  RunRequest request;
  request.quiet = settings.quiet;
  request.progress = ::isatty(STDERR_FILENO) == 1;
  request.progress_lines = settings.progress && !request.progress;
  if (vm.count("trace")) request.trace = vm["trace"].as<std::string>();
  request.stop = &stop_signals();
  if (vm.count("csv")) request.outputs.csv = vm["csv"].as<std::string>();
  if (vm.count("json")) request.outputs.json = vm["json"].as<std::string>();
  request.outputs.resume = vm["resume"].as<bool>();
  if (request.outputs.resume && request.outputs.csv.empty())
    throw UsageError("--resume needs --csv FILE: the CSV of the run to continue");
  if (request.outputs.resume && vm["overwrite"].as<bool>())
    throw UsageError(
        "give --resume (continue the run in --csv FILE) or --overwrite (start it "
        "anew over it), not both");
  request.outputs.adopt = vm["adopt"].as<bool>();
  if (request.outputs.adopt && !request.outputs.resume)
    throw UsageError("--adopt goes with --resume: it takes the CSV being resumed as this run's");
  if (!request.outputs.resume)
    refuse_replacing_outputs(vm, report_outputs(vm),
                             "pass --resume to continue the run it holds, or --overwrite to "
                             "replace it");
  // A trace is written anew, resumed run or not.
  if (!request.trace.empty())
    refuse_replacing_outputs(vm, {{"--trace", request.trace}},
                             request.outputs.resume
                                 ? "a resumed run's trace starts anew: give another --trace file"
                                 : "pass --overwrite to replace it");
  const auto source = make_source(vm);
  apply_stated_rules(*source, options, rules);
  check_start(*source, options);
  // The optima known for the boards: --optimal's, else those their files state.
  std::string optima_from;
  if (vm.count("optimal")) {
    const std::string path = vm["optimal"].as<std::string>();
    check_output_paths(vm, report_outputs(vm), {path});
    request.outputs.optima = read_optima(path, *source, options);
    optima_from = "the optimum in " + path;
  } else {
    std::vector<std::optional<std::uint32_t>> stated(source->size());
    bool any = false;
    for (std::size_t i = 0; i < source->size(); ++i) {
      stated[i] = source->stated_optimum(i);
      any = any || stated[i].has_value();
    }
    if (any) {
      request.outputs.optima = std::move(stated);
      optima_from = "the optimum its file states";
    }
  }

  const std::string start_text = rules.start_text;
  request.source = source.get();
  request.options = options;
  request.resume_command = resume_command(g_command_line, {});
  request.source_args = source_words(vm);
  request.info = {{"source", source->describe()},
                  {"rules", std::string(to_string(options.rules))},
                  {"start", start_text},
                  {"shard", options.shard.text()},
                  {"solver_seed", std::to_string(options.solver_seed)}};
  RunOutcome outcome = execute(request, std::cerr);
  const RunRecorder& recorder = *outcome.recorder;
  const RunSummary& summary = recorder.summary();
  if (!request.quiet)
    write_summary_table(std::cout, recorder.solver_texts(), summary.solvers(),
                        vm["markdown"].as<bool>() ? TableStyle::kMarkdown : TableStyle::kText,
                        summary.has_given_optima());
  if (summary.contradiction_count() > 0) {
    report_contradictions(std::cerr, summary, recorder.solver_texts(), optima_from, rules);
    outcome.status = std::max(outcome.status, kExitFailure);
  }
  if (vm.count("svg"))
    write_svg_file(vm["svg"].as<std::string>(), describe_run(*source, options, start_text),
                   recorder.solver_texts(), recorder.summary());
  return outcome.status;
}

}  // namespace colorwalk::cli
