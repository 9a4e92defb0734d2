// One run of solvers over the boards of a source, as `colorwalk solve` and
// each experiment make it: the batch with its CSV and JSON Lines outputs
// (resumed when asked), the progress line, stop requests from outside, and
// the lines that tell the user how it went. What it has to say goes to the
// stream it is given; it prints nowhere else.
#pragma once

#include <atomic>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/batch.hpp"
#include "engine/exit_status.hpp"
#include "results/recorder.hpp"
#include "results/rows.hpp"

namespace colorwalk {

// Requests to stop a run from outside it (the tool's SIGINT and SIGTERM
// handlers): the first stops starting boards, the second abandons the
// boards being solved as well. Lock-free, so a signal handler may set them.
struct StopFlags {
  std::atomic<bool> stop{false};
  std::atomic<bool> cancel{false};
  std::atomic<int> signal{0};  // the signal that asked to stop (0: none)
};
static_assert(std::atomic<bool>::is_always_lock_free && std::atomic<int>::is_always_lock_free,
              "flags set from a signal handler must be lock-free");

// A source of stop requests, listened to while a run's boards are solved
// and only then (outside that window a signal keeps its usual effect).
class StopListener {
 public:
  virtual ~StopListener() = default;
  // The flags the requests set; a run clears them before it listens.
  virtual StopFlags& flags() = 0;
  virtual void listen() = 0;
  virtual void stop_listening() = 0;
};

// The run options of the command line, as given: apply_run_settings()
// checks them, so that a bad value is reported where the run starts.
struct RunSettings {
  std::uint64_t threads = 0;  // 0: every core
  std::optional<std::uint64_t> solver_seed;
  std::optional<std::string> memory_limit;  // BYTES, or a number with KiB, MiB, GiB
  bool quiet = false;                       // no table, no progress, no summary line
  bool progress = false;  // show the searches in flight even when stderr is not a terminal
};

// Checks `settings` and sets them on `options`; UsageError for a value out
// of range, and for more threads than the process can start (probed with
// startable_threads()).
void apply_run_settings(const RunSettings& settings, BatchOptions& options);

// How many of `wanted` threads, with oneTBB's stack size, the process can
// start and hold at once: it starts them, then ends them all.
std::size_t startable_threads(std::size_t wanted);
// The most threads a run may have under the process's address-space limit
// (ulimit -v), counting what is mapped now, each thread's stack and malloc
// arena, and room for the run; SIZE_MAX when there is no limit.
std::size_t threads_within_address_space();

// Checks that the start cell lies on every board of the source (files) or on
// its uniform size (generators); throws UsageError naming the board.
void check_start(const BoardSource& source, const BatchOptions& options);

// The rules and start of a run, as given and as applied.
struct RunRules {
  std::string rules_text = "color-walk";
  std::string start_text = "0,0";
  bool rules_given = false;  // on the command line or in the experiment file
  bool start_given = false;
};

// The rules and start the source's board files state in their headers
// (BoardSource::stated_rules) applied to a run: each the run was not given
// is taken from the files (into `options` and `rules`); one given otherwise
// is a UsageError naming the file and what to give. `experiment`: the
// experiment file that gave them, empty for the command line (--rules,
// --start).
void apply_stated_rules(const BoardSource& source, BatchOptions& options, RunRules& rules,
                        const std::string& experiment = {});

// "SOURCE, RULES rules[, start CELL][, shard I/N]": a run's title.
std::string describe_run(const BoardSource& source, const BatchOptions& options,
                         const std::string& start_text);

// The command line that continues a run: `command` with each option of
// `extra` (pairs of option and value) it lacks, and --resume.
std::vector<std::string> resume_command(std::vector<std::string> command,
                                        const std::vector<std::string>& extra);

struct RunRequest {
  const BoardSource* source = nullptr;
  BatchOptions options;
  RecorderOptions outputs;
  bool quiet = false;                       // only failures and the stop are reported
  bool progress = false;                    // draw the progress line (the log is a terminal)
  // Show the searches in flight on the log (reports/search_display.hpp):
  // redrawn in place with `progress`, else as plain lines once a second.
  bool progress_lines = false;
  std::string trace;  // write the trace (JSON Lines) to this file (empty: none)
  std::vector<std::string> resume_command;  // printed when the run is stopped
  std::vector<std::string> source_args;     // the options that rebuild the source (provenance)
  RunInfo info;
  StopListener* stop = nullptr;  // nullptr: nothing stops the run
  // The outputs, opened (the CSV locked) by open_outputs(); else execute() opens them.
  std::unique_ptr<RunRecorder> recorder;
};

struct RunOutcome {
  std::unique_ptr<RunRecorder> recorder;
  BatchOutcome batch;
  std::size_t total = 0;  // boards of the selection
  double wall = 0;
  int status = kExitOk;  // kExitOk, kExitFailure (a board failed) or 128 + the stopping signal
};

// Opens the request's outputs as execute() does first: the CSV locked (and
// read back when resuming). A caller that writes other files beside them
// calls it before, so that a run refused its outputs writes nothing.
void open_outputs(RunRequest& request);

// Runs the request, recording to its outputs; resuming, failures, the
// summary line and a stop are reported on `log`. Throws what the recorder
// throws for outputs it cannot resume or write.
RunOutcome execute(RunRequest& request, std::ostream& log);

}  // namespace colorwalk
