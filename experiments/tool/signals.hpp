// SIGINT and SIGTERM as stop requests for a run (runs/run.hpp): the first stops
// starting boards, the second abandons the boards being solved, the third
// kills. Each is announced on standard error as it arrives.
#pragma once

#include "runs/run.hpp"

namespace colorwalk::cli {

// The process's one listener for the two signals.
StopListener& stop_signals();
// For a command with no boards to finish (merge): the first signal only sets
// the flags, silently (the command says what it did once it has stopped);
// the second kills.
StopListener& single_stop_signals();

}  // namespace colorwalk::cli
