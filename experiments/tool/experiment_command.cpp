// colorwalk experiment: runs a named experiment (or a suite of them) into
// its results folder, or lists the experiments there are.
#include <unistd.h>

#include <filesystem>
#include <iostream>

#include "origin/build_info.hpp"
#include "origin/environment.hpp"
#include "runs/experiment_runner.hpp"
#include "tool/commands.hpp"
#include "tool/options.hpp"
#include "tool/signals.hpp"

namespace colorwalk::cli {
namespace {

int list_experiments(const std::string& dir) {
  const auto names = experiment_names(dir);
  if (names.empty()) {
    std::cerr << "colorwalk experiment: no experiments (NAME.exp files) in " << dir << "\n";
    return kExitUsage;
  }
  int status = kExitOk;
  std::size_t width = 0;
  for (const auto& n : names)
    width = std::max(width, n.size());
  for (const auto& name : names) {
    const std::string path = (std::filesystem::path(dir) / (name + ".exp")).string();
    try {
      const Experiment e = load_experiment(path);
      std::cout << name << std::string(width + 3 - name.size(), ' ') << e.description << "\n";
    } catch (const InputError& error) {
      std::cerr << "colorwalk experiment: " << error.what() << "\n";
      status = kExitUsage;
    }
  }
  std::cout << "\n(from " << dir << ")\n";
  return status;
}

}  // namespace

int cmd_experiment(int argc, char** argv) {
  po::options_description desc("Options");
  // clang-format off
  desc.add_options()
      ("name", po::value<std::string>()->value_name("NAME"),
       "the experiment: NAME for NAME.exp in the experiments directory, or a path to a .exp file")
      ("list", po::bool_switch(), "list the named experiments")
      ("experiments-dir", po::value<std::string>()->value_name("DIR"),
       (std::string("where the NAME.exp files are (default: $COLORWALK_EXPERIMENTS, else the "
                    "source tree's experiments/ folder: ") + build::experiments_dir() + ")")
           .c_str())
      ("results-dir", po::value<std::string>()->default_value("results")->value_name("DIR"),
       "results go to DIR/NAME-DATE-COMMIT/")
      ("output-dir", po::value<std::string>()->value_name("DIR"),
       "put the results in DIR itself instead")
      ("resume", po::bool_switch(),
       "continue the run whose results are in --output-dir DIR")
      ("overwrite", po::bool_switch(),
       "replace the results of a run in --output-dir DIR (without it, or --resume, a DIR that "
       "holds them is refused)")
      ("boards", po::value<Count>()->value_name("N"),
       "run only the first N boards of the experiment's source (a quick look)");
  // clang-format on
  desc.add(run_options());
  po::positional_options_description positional;
  positional.add("name", 1);
  po::variables_map vm;
  if (!parse(argc, argv, desc, vm,
             std::string("usage: colorwalk experiment NAME [--threads N] [--results-dir DIR | "
                         "--output-dir DIR [--resume | --overwrite]]\n"
                         "       colorwalk experiment --list [--experiments-dir DIR]\n\n"
                         "Runs a named experiment: a data file NAME.exp (board source, rules, "
                         "solvers and,\n"
                         "optionally, published figures per solver; format in "
                         "experiments/README.md). Results go to\n"
                         "results/NAME-DATE-COMMIT/: NAME.csv, NAME.jsonl, NAME.svg (the chart), "
                         "NAME.txt (the\n"
                         "printed report), NAME.md (the report in Markdown) and NAME.exp (the "
                         "definition run).\n"
                         "Solvers not registered in this build are listed as not yet "
                         "implemented.\n"
                         "Experiments directory: --experiments-dir, else $COLORWALK_EXPERIMENTS, "
                         "else\n") +
                 build::experiments_dir() +
                 ".\n"
                 "$DATASETS in a boards path: $COLORWALK_DATASETS, else " +
                 build::datasets_dir() + ".\n\n" + kLimitsHelp + "\n" + kExitHelp,
             &positional))
    return kExitOk;
  const std::string dir =
      vm.count("experiments-dir") ? vm["experiments-dir"].as<std::string>() : experiments_dir();
  if (vm["list"].as<bool>()) return list_experiments(dir);
  if (!vm.count("name")) throw UsageError("name an experiment (colorwalk experiment --list)");
  const auto name = vm["name"].as<std::string>();
  const Experiment experiment = load_experiment(experiment_path(name, dir));
  ExperimentRequest request;
  request.resume = vm["resume"].as<bool>();
  if (request.resume && !vm.count("output-dir"))
    throw UsageError(
        "--resume needs --output-dir DIR: the results directory of the run to continue");
  request.overwrite = vm["overwrite"].as<bool>();
  if (request.resume && request.overwrite)
    throw UsageError(
        "give --resume (continue the run in --output-dir DIR) or --overwrite "
        "(start it anew there), not both");
  if (vm.count("boards")) {
    request.limit = vm["boards"].as<Count>().value;
    if (*request.limit == 0) throw UsageError("--boards needs at least 1 board");
  }
  request.settings = read_run_settings(vm);
  request.experiments_dir = dir;
  request.results_dir = vm["results-dir"].as<std::string>();
  if (vm.count("output-dir")) request.output_dir = vm["output-dir"].as<std::string>();
  request.command = g_command_line;
  request.progress = ::isatty(STDERR_FILENO) == 1;
  request.progress_lines = request.settings.progress && !request.progress;
  request.stop = &stop_signals();

  if (!experiment.parts.empty()) return run_suite(experiment, request, std::cout, std::cerr);
  const std::string out_dir = results_dir_for(request, experiment.name);
  try {
    return run_experiment(experiment, request, out_dir, std::cout, std::cerr).status;
  } catch (...) {
    // A refused run leaves no empty folder of its own behind (remove() keeps one that is not).
    std::error_code ec;
    if (!request.output_dir) std::filesystem::remove(out_dir, ec);
    throw;
  }
}

}  // namespace colorwalk::cli
