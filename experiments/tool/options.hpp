// The command-line options the colorwalk subcommands share: board sources,
// rules, run settings and report files, each as a Boost.Program_options
// group with the code that reads it; and the parsing that handles --help.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include "engine/batch.hpp"
#include "engine/exit_status.hpp"
#include "game/board_io.hpp"
#include "game/sources.hpp"
#include "runs/run.hpp"

namespace colorwalk::cli {

namespace po = boost::program_options;

// The exit statuses (docs/cli.md#exit-statuses), as `colorwalk --help`,
// `solve --help` and `experiment --help` give them.
inline constexpr const char* kExitHelp =
    "Exit status: 0 success, 1 a failure during the run (a solution that does not\n"
    "verify, a board refused by the memory limit), 2 bad usage or input, 3 an output\n"
    "that cannot be written (a full disk, no permission, another run writing it,\n"
    "standard output closed), 130 (SIGINT) or 143 (SIGTERM): stopped; every finished\n"
    "board is kept and the same command with --resume continues the run. A second\n"
    "interrupt abandons the boards being solved; a third kills.\n";

// How far past its time limit a solver runs, as `solve --help`, `experiment
// --help` and `list` say it.
inline constexpr const char* kLimitsHelp =
    "Time limits (a spec's seconds=S, per board): a searching solver looks at the clock\n"
    "after every expansion on large boards (every 256 on small ones) and past its limit\n"
    "finishes the board with greedy moves, so it runs past its limit by the expansion in\n"
    "hand and that greedy finish (wastar furthest: at its limit it scores every open\n"
    "node). greedy, round-robin and random have no time limit: they are what the others\n"
    "finish with.\n";

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

// The source options given in `vm` as words ("--articles", "30", ...),
// which parse_source_words() turns back into the source: recorded in a
// run's provenance so that merge can rebuild its boards.
std::vector<std::string> source_words(const po::variables_map& vm);
// The source that `words` (source_words()) give; throws UsageError or
// InputError as make_source() does.
std::unique_ptr<BoardSource> parse_source_words(const std::vector<std::string>& words);

// RULES: [--rules color-walk|flood-it] [--start ROW,COL|center]
po::options_description rules_options();
// Reads --rules and --start into options, and returns them as given (for
// apply_stated_rules, runs/run.hpp); throws UsageError.
RunRules read_rules(const po::variables_map& vm, BatchOptions& options);
// Reads --format: nullopt when not given (the format is told from the file);
// throws UsageError for an unknown one.
std::optional<BoardFormat> read_format(const po::variables_map& vm);

// RUN: --threads N, --solver-seed S, --memory-limit BYTES, --quiet.
po::options_description run_options();
// The run options as given; apply_run_settings() (runs/run.hpp) checks them.
RunSettings read_run_settings(const po::variables_map& vm);

// --shard I/N, when given; throws UsageError when malformed.
Shard read_shard(const po::variables_map& vm);

// REPORTS: --csv FILE, --json FILE, --svg FILE, --markdown, --overwrite.
po::options_description report_options();
// The report files given, as (option, path): ("--csv", "out.csv"), ...
std::vector<std::pair<std::string, std::string>> report_outputs(const po::variables_map& vm);
// The output files a command names (option and path), checked before
// anything is read or written, each a UsageError naming it: one that cannot
// be created (a directory, a folder that does not exist), one that is read
// by the command (a --boards file, a file in a --boards directory, one of
// `inputs`), and one named twice. Devices and FIFOs (/dev/null) are exempt
// from the last two.
void check_output_paths(const po::variables_map& vm,
                        const std::vector<std::pair<std::string, std::string>>& outputs,
                        const std::vector<std::string>& inputs = {});
// Refuses, unless --overwrite was given, each output that exists and is not
// empty (refuse_replacing, results/output_file.hpp): a UsageError naming it,
// then `advice` ("pass --overwrite to replace it").
void refuse_replacing_outputs(const po::variables_map& vm,
                              const std::vector<std::pair<std::string, std::string>>& outputs,
                              const std::string& advice);
// check_output_paths() for the report files of `vm`.
void check_outputs(const po::variables_map& vm);

// Parses argv with `desc` (+ positional); prints `usage` and the options on
// standard output for --help and then returns false.
bool parse(int argc, char** argv, const po::options_description& desc, po::variables_map& vm,
           const std::string& usage,
           const po::positional_options_description* positional = nullptr);

}  // namespace colorwalk::cli
