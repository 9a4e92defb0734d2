// The subcommands of the colorwalk tool, one file each; main.cpp picks one
// by name. Each takes its own argv (argv[0] the subcommand's name), prints
// what it has to say and returns the exit status; errors it throws are
// mapped to exit statuses in main.cpp (docs/cli.md describes the commands).
#pragma once

#include <string>
#include <vector>

namespace colorwalk::cli {

int cmd_list(int argc, char** argv);
int cmd_gen(int argc, char** argv);
int cmd_solve(int argc, char** argv);
int cmd_verify(int argc, char** argv);
int cmd_experiment(int argc, char** argv);
int cmd_merge(int argc, char** argv);
int cmd_bench(int argc, char** argv);
int cmd_show(int argc, char** argv);

// Flushes standard output; OutputError when anything written to it so far
// could not be written (main.cpp checks it once more at the end).
void flush_stdout();

// The whole command line, as main received it: a stopped run prints it,
// with --resume, as the command that continues the run.
extern std::vector<std::string> g_command_line;

}  // namespace colorwalk::cli
