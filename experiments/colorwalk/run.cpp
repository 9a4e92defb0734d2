#include "run.hpp"

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <ostream>

#include <oneapi/tbb/info.h>

#include "progress.hpp"
#include "provenance.hpp"

namespace colorwalk {
namespace {

bool has_arg(const std::vector<std::string>& args, const std::string& name) {
  for (const auto& a : args)
    if (a == name || a.rfind(name + "=", 0) == 0) return true;
  return false;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// "1.23": seconds in the run's summary line.
std::string fixed2(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", value);
  return text;
}

// Listens to `listener` for as long as it lives.
class Listening {
 public:
  explicit Listening(StopListener* listener) : listener_(listener) {
    if (listener_ != nullptr) listener_->listen();
  }
  ~Listening() {
    if (listener_ != nullptr) listener_->stop_listening();
  }
  Listening(const Listening&) = delete;
  Listening& operator=(const Listening&) = delete;

 private:
  StopListener* listener_;
};

}  // namespace

void apply_run_settings(const RunSettings& settings, BatchOptions& options) {
  constexpr std::uint64_t kMaxThreads = 4096;
  if (settings.threads > kMaxThreads)
    throw UsageError("--threads must be between 0 (every core) and " + std::to_string(kMaxThreads) +
                     ", got " + std::to_string(settings.threads));
  options.threads = static_cast<unsigned>(settings.threads);
  if (settings.solver_seed) options.solver_seed = *settings.solver_seed;
  if (settings.memory_limit) {
    constexpr std::size_t kMinimum = std::size_t{1} << 20;
    const std::string& text = *settings.memory_limit;
    const auto bytes = parse_bytes(text);
    if (!bytes)
      throw UsageError(
          "--memory-limit needs BYTES or a number with KiB, MiB or GiB, such as "
          "512MiB, got '" +
          text + "'");
    if (*bytes < kMinimum)
      throw UsageError("--memory-limit " + text + " is out of range: at least 1 MiB");
    options.memory_limit = *bytes;
  }
}

void check_start(const BoardSource& source, const BatchOptions& options) {
  const bool uniform = dynamic_cast<const FileSource*>(&source) == nullptr;
  const std::size_t n = uniform ? std::min<std::size_t>(source.size(), 1) : source.size();
  for (std::size_t i = 0; i < n; ++i) {
    try {
      prepare_board(source.board(i), options);
    } catch (const BoardError& e) {
      throw UsageError("--start: board " + std::to_string(i) + " of " + source.describe() + ": " +
                       e.what());
    }
  }
}

std::string describe_run(const BoardSource& source, const BatchOptions& options,
                         const std::string& start_text) {
  std::string text = source.describe() + ", " + std::string(to_string(options.rules)) + " rules";
  if (start_text != "0,0") text += ", start " + start_text;
  if (options.shard.count > 1) text += ", shard " + options.shard.text();
  return text;
}

int resolve_threads(unsigned threads) {
  return threads == 0 ? oneapi::tbb::info::default_concurrency() : static_cast<int>(threads);
}

std::vector<std::string> resume_command(std::vector<std::string> command,
                                        const std::vector<std::string>& extra) {
  for (std::size_t i = 0; i + 1 < extra.size(); i += 2) {
    if (!has_arg(command, extra[i])) {
      command.push_back(extra[i]);
      command.push_back(extra[i + 1]);
    }
  }
  if (!has_arg(command, "--resume")) command.push_back("--resume");
  return command;
}

RunOutcome execute(RunRequest& request, std::ostream& log) {
  RunOutcome outcome;
  BatchOptions& options = request.options;
  outcome.recorder = std::make_unique<RunRecorder>(*request.source, options, request.outputs);
  RunRecorder& recorder = *outcome.recorder;
  outcome.total = options.shard.size(request.source->size());
  options.skip = recorder.resumed();
  if (request.outputs.resume && !request.quiet) {
    log << "resuming " << request.outputs.csv << ": " << format_count(recorder.resumed()) << " of "
        << format_count(outcome.total) << " boards done";
    if (recorder.cut_bytes() > 0)
      log << " (cut " << recorder.cut_bytes()
          << " bytes of an unfinished board or line from its end)";
    log << "\n";
  }
  StopFlags unstoppable;
  StopFlags& flags = request.stop != nullptr ? request.stop->flags() : unstoppable;
  flags.stop = false;
  flags.cancel = false;
  flags.signal = 0;
  options.stop = &flags.stop;
  options.cancel = &flags.cancel;

  ProgressLine progress(log, request.progress && !request.quiet, options.skip, outcome.total);
  recorder.set_progress([&](std::size_t done) { progress.update(done); });
  const auto start = std::chrono::steady_clock::now();
  {
    const Listening listening(request.stop);
    progress.update(options.skip);
    outcome.batch = run_batch(*request.source, options, recorder);
    recorder.flush();
  }
  outcome.wall = seconds_since(start);
  progress.finish();
  recorder.finish(!outcome.batch.stopped(), request.info);

  for (const auto& failure : recorder.failures())
    log << "colorwalk: " << failure << "\n";
  if (recorder.failure_count() > recorder.failures().size())
    log << "colorwalk: ... and " << recorder.failure_count() - recorder.failures().size()
        << " more failures\n";

  const std::size_t solved = outcome.batch.reported;
  if (!request.quiet) {
    char rate[64] = "";
    if (outcome.wall > 0 && solved > 0)
      std::snprintf(rate, sizeof rate, "%.1f boards/s, ",
                    static_cast<double>(solved) / outcome.wall);
    log << "solved " << solved << (options.skip > 0 ? " more" : "") << " boards x "
        << options.solvers.size() << " solvers in " << fixed2(outcome.wall) << " s (" << rate
        << resolve_threads(options.threads) << " threads)";
    if (options.skip > 0) log << "; " << options.skip << " were done before";
    log << "\n";
  }
  if (outcome.batch.stopped() && flags.signal.load() != 0) {
    const int sig = flags.signal.load();
    const std::size_t done = options.skip + solved;
    log << "colorwalk: stopped by " << (sig == SIGINT ? "SIGINT" : "SIGTERM") << " after "
        << format_count(done) << " of " << format_count(outcome.total) << " boards";
    if (!request.outputs.csv.empty()) {
      log << "; every finished board is in " << request.outputs.csv << "\n"
          << "resume with: " << join_command(request.resume_command) << "\n";
    } else {
      log << " (no --csv: nothing is kept to resume from)\n";
    }
    outcome.status = 128 + sig;
    return outcome;
  }
  outcome.status = recorder.failure_count() == 0 ? kExitOk : kExitFailure;
  return outcome;
}

}  // namespace colorwalk
