// colorwalk, the command-line tool: picks the subcommand named by its first
// argument (one file each in this folder, declared in commands.hpp) and
// maps what it throws to the exit status. docs/cli.md describes the
// commands; the exit statuses are those of engine/exit_status.hpp.
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <new>
#include <string>

#include "game/wording.hpp"
#include "origin/build_info.hpp"
#include "results/output_file.hpp"
#include "tool/commands.hpp"
#include "tool/options.hpp"

namespace colorwalk::cli {

std::vector<std::string> g_command_line;

void flush_stdout() {
  // std::cout writes through stdio's stdout (synced with it): fflush
  // writes what the buffer holds and sets errno when it cannot; ferror
  // remembers a failure of any write before, whose errno nothing since has
  // changed (calls that succeed leave it, and a failed stream makes none).
  const bool stream_ok = static_cast<bool>(std::cout.flush());
  const bool flushed = std::fflush(stdout) == 0;
  const int error = errno;
  if (stream_ok && flushed && !std::ferror(stdout)) return;
  throw OutputError(std::string("cannot write standard output: ") +
                    (error != 0 ? std::strerror(error) : "a write failed"));
}

namespace {

constexpr const char* kUsage =
    "colorwalk: solve Color Walk / Flood-It boards at scale\n"
    "\n"
    "usage: colorwalk COMMAND [OPTIONS]   (colorwalk COMMAND --help for its options)\n"
    "\n"
    "commands:\n"
    "  list         every solver, its parameters, defaults and one-line help\n"
    "  gen          write boards of a source in grid format\n"
    "  solve        run solvers over the boards of a source in parallel; table, CSV,\n"
    "               JSON Lines, SVG chart; shards, resume\n"
    "  verify       replay a solution file on its boards\n"
    "  show         draw a board and a solution's replay: in the terminal, or as an\n"
    "               HTML page that steps through it\n"
    "  experiment   run a named, reproducible experiment (colorwalk experiment --list)\n"
    "  merge        combine the CSVs of shards into the results of one run\n"
    "  bench        nodes expanded by fixed solvers on fixed boards, and the time:\n"
    "               a signature that changes when a search does\n"
    "\n";

int run(int argc, char** argv) {
  g_command_line.assign(argv, argv + argc);
  if (argc < 2) {
    std::cerr << kUsage << kExitHelp;
    return kExitUsage;
  }
  const std::string command = argv[1];
  if (command == "--help" || command == "-h" || command == "help") {
    std::cout << kUsage << kExitHelp;
    return kExitOk;
  }
  if (command == "--version" || command == "version") {
    std::cout << "colorwalk " << build::version() << "\n";
    return kExitOk;
  }
  // Subcommands parse their own options; argv[1] plays the program name.
  const int sub_argc = argc - 1;
  char** sub_argv = argv + 1;
  if (command == "list") return cmd_list(sub_argc, sub_argv);
  if (command == "gen") return cmd_gen(sub_argc, sub_argv);
  if (command == "solve") return cmd_solve(sub_argc, sub_argv);
  if (command == "verify") return cmd_verify(sub_argc, sub_argv);
  if (command == "experiment") return cmd_experiment(sub_argc, sub_argv);
  if (command == "merge") return cmd_merge(sub_argc, sub_argv);
  if (command == "bench") return cmd_bench(sub_argc, sub_argv);
  if (command == "show") return cmd_show(sub_argc, sub_argv);
  throw UsageError("unknown command '" + command + "'" +
                   did_you_mean(command, {"list", "gen", "solve", "verify", "show", "experiment",
                                          "merge", "bench"}) +
                   " (colorwalk --help lists them)");
}

}  // namespace
}  // namespace colorwalk::cli

namespace {

// Standard output flushed and closed: a write that failed at any time, the
// last flush included, is exit kExitOutput (unless a signal stopped the
// run: its status tells how to resume).
int finish_stdout(const std::string& command, int status) {
  try {
    colorwalk::cli::flush_stdout();
    errno = 0;
    if (std::fclose(stdout) != 0)
      throw colorwalk::OutputError(std::string("cannot write standard output: ") +
                                   std::strerror(errno));
  } catch (const colorwalk::OutputError& e) {
    if (status == colorwalk::kExitOutput) return status;  // said already, in one line
    std::cerr << "colorwalk" << (command.empty() ? "" : " " + command) << ": " << e.what() << "\n";
    return status >= 128 ? status : colorwalk::kExitOutput;
  }
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace colorwalk;
  const std::string command = argc > 1 ? argv[1] : "";
  return finish_stdout(command, [&] {
    try {
      return cli::run(argc, argv);
    } catch (const OutputError& e) {
      std::cerr << "colorwalk " << command << ": " << e.what() << "\n";
      return kExitOutput;
    } catch (const cli::po::error& e) {
      std::cerr << "colorwalk " << command << ": " << e.what() << " (see colorwalk " << command
                << " --help)\n";
      return kExitUsage;
    } catch (const UserError& e) {
      std::cerr << "colorwalk " << command << ": " << e.what() << "\n";
      return kExitUsage;
    } catch (const Interrupted& e) {
      std::cerr << "colorwalk " << command << ": " << e.what() << "\n";
      return 128 + e.signal();
    } catch (const std::bad_alloc&) {
      std::cerr << "colorwalk " << command << ": out of memory\n";
      return kExitFailure;
    } catch (const std::exception& e) {
      std::cerr << "colorwalk " << command << ": " << e.what() << "\n";
      return kExitFailure;
    }
  }());
}
