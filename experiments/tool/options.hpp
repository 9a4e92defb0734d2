// The command-line options the colorwalk subcommands share: board sources,
// rules, run settings and report files, each as a Boost.Program_options
// group with the code that reads it; and the parsing that handles --help.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include "batch.hpp"
#include "exit_status.hpp"
#include "game/board_io.hpp"
#include "game/sources.hpp"
#include "run.hpp"

namespace colorwalk::cli {

namespace po = boost::program_options;

// The exit statuses, as `colorwalk solve --help` and `colorwalk experiment
// --help` explain them.
inline constexpr const char* kExitHelp =
    "Exit status: 0 success, 1 a solution that does not verify, 2 bad usage or input,\n"
    "130 (SIGINT) or 143 (SIGTERM): stopped; every finished board is in the CSV and\n"
    "the same command with --resume continues the run. A second interrupt abandons\n"
    "the boards being solved; a third kills.\n";

// A whole number given on the command line: digits only, so "-1" is refused
// rather than wrapped to 2^64 - 1 as Boost.Program_options does for
// unsigned types.
struct Count {
  std::uint64_t value = 0;
};
// Boost.Program_options' hook for Count; throws po::invalid_option_value.
void validate(boost::any& out, const std::vector<std::string>& values, Count*, int);

// SOURCE: --articles N | --random N [--seed S] [--size WxH] [--colors K] | --boards FILE [--format
// F]
po::options_description source_options();
// Builds the source the options name; throws UsageError or InputError.
std::unique_ptr<BoardSource> make_source(const po::variables_map& vm);

// RULES: [--rules color-walk|flood-it] [--start ROW,COL|center]
po::options_description rules_options();
// Reads --rules and --start into options; throws UsageError.
void read_rules(const po::variables_map& vm, BatchOptions& options);

// RUN: --threads N, --solver-seed S, --memory-limit BYTES, --quiet.
po::options_description run_options();
// The run options as given; apply_run_settings() (run.hpp) checks them.
RunSettings read_run_settings(const po::variables_map& vm);

// --shard I/N, when given; throws UsageError when malformed.
Shard read_shard(const po::variables_map& vm);

// REPORTS: --csv FILE, --json FILE, --svg FILE, --markdown.
po::options_description report_options();
// The output files a run names, checked before any work: one that cannot
// be created (a directory, a folder that does not exist) is bad usage, not
// a failure found after hours of solving.
void check_outputs(const po::variables_map& vm);

// Parses argv with `desc` (+ positional); prints `usage` and the options on
// standard output for --help and then returns false.
bool parse(int argc, char** argv, const po::options_description& desc, po::variables_map& vm,
           const std::string& usage,
           const po::positional_options_description* positional = nullptr);

}  // namespace colorwalk::cli
