// The exit statuses of the colorwalk tool, which the library's runs return
// too, and UsageError, the user error of a command line or an output path
// that cannot be used.
#pragma once

#include <stdexcept>
#include <string>

#include "game/user_error.hpp"

namespace colorwalk {

inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;  // a failure during the run (e.g. verification)
inline constexpr int kExitUsage = 2;    // bad usage or bad input (every UserError)
// An output that cannot be written (every OutputError, results/output_file.hpp):
// a full disk, no permission, a file another run is writing, standard
// output closed. The same for every output, files and standard output.
inline constexpr int kExitOutput = 3;
// A run stopped by a signal exits 128 + the signal: 130 (SIGINT), 143 (SIGTERM).

// Bad usage; the message says what and how to do it right.
class UsageError : public UserError {
 public:
  using UserError::UserError;
};

// Work given up at a stop request (SIGINT, SIGTERM) with nothing half-done
// left behind; what() says what was left as it was. Exit 128 + signal().
class Interrupted : public std::runtime_error {
 public:
  Interrupted(int signal, const std::string& what) : std::runtime_error(what), signal_(signal) {}
  int signal() const noexcept { return signal_; }

 private:
  int signal_;
};

}  // namespace colorwalk
