// colorwalk solve: solvers over the boards of a source in parallel, with
// the summary table, the per-board CSV and JSON Lines files and the chart.
#include <unistd.h>

#include <iostream>

#include "reports/report_files.hpp"
#include "reports/summary_table.hpp"
#include "tool/commands.hpp"
#include "tool/options.hpp"
#include "tool/signals.hpp"

namespace colorwalk::cli {

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
                         "FILE] [--svg FILE] [--overwrite] [--markdown] [--quiet]\n\n"
                         "Runs every solver on every board in parallel, replays every solution "
                         "on the engine,\n"
                         "and prints one row per solver: boards, min, mean, max, stdev "
                         "(population), boards\n"
                         "proven optimal, total solver seconds, nodes expanded. Rows reach the "
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
  read_rules(vm, options);
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
  check_start(*source, options);

  const std::string start_text = vm["start"].as<std::string>();
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
  if (!request.quiet)
    write_summary_table(std::cout, recorder.solver_texts(), recorder.summary().solvers(),
                        vm["markdown"].as<bool>() ? TableStyle::kMarkdown : TableStyle::kText);
  if (vm.count("svg"))
    write_svg_file(vm["svg"].as<std::string>(), describe_run(*source, options, start_text),
                   recorder.solver_texts(), recorder.summary());
  return outcome.status;
}

}  // namespace colorwalk::cli
