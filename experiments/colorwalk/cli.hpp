// Shared pieces of the colorwalk subcommands: option groups for board
// sources and rules, and the errors that map to exit codes.
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include "batch.hpp"
#include "game/board_io.hpp"
#include "game/sources.hpp"

namespace colorwalk::cli {

namespace po = boost::program_options;

inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;  // a failure during the run (e.g. verification)
inline constexpr int kExitUsage = 2;    // bad usage or bad input

// Bad usage; the message says what and how to do it right.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

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
// Checks that the start cell lies on every board of the source (files) or on
// its uniform size (generators); throws UsageError naming the board.
void check_start(const BoardSource& source, const BatchOptions& options);

// Parses argv with `desc` (+ positional), handles --help; returns false when help was printed.
bool parse(int argc, char** argv, const po::options_description& desc, po::variables_map& vm,
           const std::string& usage,
           const po::positional_options_description* positional = nullptr);

}  // namespace colorwalk::cli
