// colorwalk merge: the CSVs of a run's shards as the results of one run.
#include <filesystem>
#include <iostream>

#include "commands.hpp"
#include "merge.hpp"
#include "options.hpp"
#include "report_files.hpp"

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
  po::positional_options_description positional;
  positional.add("input", -1);
  po::variables_map vm;
  if (!parse(argc, argv, desc, vm,
             "usage: colorwalk merge CSV... [--csv FILE] [--json FILE] [--svg FILE] [--markdown] "
             "[--expect N]\n\n"
             "Combines the CSVs of the shards of one run (any order) into the results of a\n"
             "single run: prints the same summary table, and writes the rows in board order.\n"
             "Every input must hold whole boards with the same solvers in the same order;\n"
             "together they must hold boards 0, 1, 2, ... once each. Exit 0 success, 1 when\n"
             "rows of the inputs did not verify, 2 on bad input (a duplicate, a gap, ...).",
             &positional))
    return kExitOk;
  if (!vm.count("input")) throw UsageError("give the CSV files to merge");
  check_outputs(vm);
  MergeOptions options;
  options.inputs = vm["input"].as<std::vector<std::string>>();
  if (vm.count("csv")) options.csv = vm["csv"].as<std::string>();
  if (vm.count("json")) options.json = vm["json"].as<std::string>();
  if (vm.count("expect")) options.expect = vm["expect"].as<Count>().value;
  for (const std::string& output : {options.csv, options.json}) {
    if (output.empty()) continue;
    for (const auto& input : options.inputs) {
      std::error_code ec;
      if (std::filesystem::equivalent(output, input, ec))
        throw UsageError("'" + output + "' is an input: write the merged results elsewhere");
    }
  }
  const MergeResult result = merge_results(options);
  if (!vm["quiet"].as<bool>())
    write_summary_table(std::cout, result.solvers, result.summary.solvers(),
                        vm["markdown"].as<bool>() ? TableStyle::kMarkdown : TableStyle::kText);
  if (vm.count("svg"))
    write_svg_file(vm["svg"].as<std::string>(),
                   "Merged: " + std::to_string(options.inputs.size()) + " files, " +
                       std::to_string(result.summary.boards()) + " boards",
                   result.solvers, result.summary);
  if (result.failure_count > 0) {
    std::cerr << "colorwalk merge: " << result.failure_count
              << " rows of the inputs did not verify in their runs\n";
    return kExitFailure;
  }
  return kExitOk;
}

}  // namespace colorwalk::cli
