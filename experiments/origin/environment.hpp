// What a run learns of where it runs: the commit of the source tree that
// built it, the date, the folders it reads experiments and datasets from,
// and command lines written so that a shell runs them again.
#pragma once

#include <string>
#include <vector>

namespace colorwalk {

// The source tree's commit, "-dirty" when tracked files differ from it; the
// commit seen at configure time, else "unknown", when git cannot tell.
std::string source_commit();

// The current UTC time in strftime's `format`, such as "%Y-%m-%d".
std::string utc_date(const char* format);

// The experiments folder: $COLORWALK_EXPERIMENTS, else the build's default
// (the source tree's experiments/).
std::string experiments_dir();
// What `$DATASETS` stands for: $COLORWALK_DATASETS, else the build's default.
std::string datasets_dir();

// `arg` as one shell word: unchanged when it holds only safe characters,
// else in single quotes.
std::string shell_quote(const std::string& arg);
// The words as a shell command line.
std::string join_command(const std::vector<std::string>& args);

}  // namespace colorwalk
