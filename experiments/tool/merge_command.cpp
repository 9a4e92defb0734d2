// colorwalk merge: the CSVs of a run's shards as the results of one run.
#include <iostream>

#include "game/wording.hpp"
#include "origin/environment.hpp"
#include "reports/report_files.hpp"
#include "reports/summary_table.hpp"
#include "results/merge_shards.hpp"
#include "results/provenance.hpp"
#include "tool/commands.hpp"
#include "tool/options.hpp"
#include "tool/signals.hpp"

namespace colorwalk::cli {

int cmd_merge(int argc, char** argv) {
  po::options_description desc("Options");
  // clang-format off
  desc.add_options()
      ("input", po::value<std::vector<std::string>>()->value_name("CSV"),
       "results CSVs of the shards of one run (colorwalk solve --shard I/N --csv FILE)")
      ("expect", po::value<Count>()->value_name("N"),
       "check that the inputs hold exactly boards 0..N-1 (catches a missing last board)")
      ("quiet,q", po::bool_switch(), "print nothing but errors");
  // clang-format on
  desc.add(report_options());
  desc.add(source_options());
  po::positional_options_description positional;
  positional.add("input", -1);
  po::variables_map vm;
  if (!parse(argc, argv, desc, vm,
             "usage: colorwalk merge CSV... [SOURCE] [--csv FILE] [--json FILE] [--svg FILE] "
             "[--markdown] [--expect N] [--overwrite]\n\n"
             "Combines the CSVs of the shards of one run (any order) into the results of a\n"
             "single run: prints the same summary table, and writes the rows in board order.\n"
             "Every input must record the same run (source, rules, seeds, solvers, version)\n"
             "and hold whole boards; together they must hold boards 0, 1, 2, ... once each.\n"
             "Every solution is replayed on its board, rebuilt from the source options the\n"
             "inputs record (relative paths from here), or from SOURCE when given (the same\n"
             "boards; put the CSVs before a --boards list). Outputs appear only when the merge\n"
             "is complete. Exit 0 success, 1 when rows of the inputs did not verify, 2 on bad\n"
             "input (a duplicate, a gap, a shard cut short, another run's shard, a solution\n"
             "that does not clear its board, ...), 3 when an output cannot be written, 130 or\n"
             "143 when SIGINT or SIGTERM stopped it.",
             &positional))
    return kExitOk;
  if (!vm.count("input")) throw UsageError("give the CSV files to merge");
  MergeOptions options;
  options.inputs = vm["input"].as<std::vector<std::string>>();
  check_output_paths(vm, report_outputs(vm), options.inputs);
  refuse_replacing_outputs(vm, report_outputs(vm), "pass --overwrite to replace it");
  if (vm.count("csv")) options.csv = vm["csv"].as<std::string>();
  if (vm.count("json")) options.json = vm["json"].as<std::string>();
  if (vm.count("expect")) options.expect = vm["expect"].as<Count>().value;
  const bool source_given = vm.count("articles") + vm.count("random") + vm.count("boards") > 0;
  options.source = [&](const RunProvenance& run) -> std::unique_ptr<BoardSource> {
    if (source_given) return make_source(vm);
    if (run.source_args.empty())
      throw UsageError(
          "the inputs do not record the options of their boards (an experiment's "
          "CSV?): give them to merge (--articles N, --random N ... or --boards "
          "FILE)");
    std::unique_ptr<BoardSource> source;
    try {
      source = parse_source_words(run.source_args);
    } catch (const std::exception& e) {
      throw UsageError("cannot rebuild the boards the inputs were solved on from their record (" +
                       join_command(run.source_args) + "): " + e.what() +
                       "; give the source options to merge");
    }
    // The recorded --boards paths are read as the given ones are: no output
    // may be one of them or go into one of their folders.
    po::variables_map recorded;
    po::store(po::command_line_parser(run.source_args).options(source_options()).run(), recorded);
    if (recorded.count("boards"))
      check_output_paths(vm, report_outputs(vm),
                         recorded["boards"].as<std::vector<std::string>>());
    return source;
  };
  // SIGINT and SIGTERM stop the merge between boards; it leaves no output.
  StopListener& signals = single_stop_signals();
  StopFlags& flags = signals.flags();
  flags.stop = false;
  flags.signal = 0;
  options.stop_signal = [&flags] { return flags.stop.load() ? flags.signal.load() : 0; };
  struct Listening {
    StopListener& listener;
    explicit Listening(StopListener& l) : listener(l) { listener.listen(); }
    ~Listening() { listener.stop_listening(); }
    Listening(const Listening&) = delete;
    Listening& operator=(const Listening&) = delete;
  };
  const MergeResult result = [&] {
    const Listening listening(signals);
    return merge_results(options);
  }();
  if (!vm["quiet"].as<bool>())
    write_summary_table(std::cout, result.solvers, result.summary.solvers(),
                        vm["markdown"].as<bool>() ? TableStyle::kMarkdown : TableStyle::kText);
  if (vm.count("svg"))
    write_svg_file(vm["svg"].as<std::string>(),
                   "Merged: " + plural(options.inputs.size(), "file") + ", " +
                       plural(result.summary.boards(), "board"),
                   result.solvers, result.summary);
  if (result.failure_count > 0) {
    std::cerr << "colorwalk merge: " << plural(result.failure_count, "row")
              << " of the inputs did not verify in their runs\n";
    return kExitFailure;
  }
  return kExitOk;
}

}  // namespace colorwalk::cli
