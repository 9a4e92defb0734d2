#include "runs/run.hpp"

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <ostream>

#include <pthread.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>

#include <oneapi/tbb/global_control.h>

#include "engine/search_watch.hpp"
#include "game/wording.hpp"
#include "origin/environment.hpp"
#include "reports/progress.hpp"
#include "reports/search_display.hpp"
#include "results/output_file.hpp"
#include "results/provenance.hpp"

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

std::size_t startable_threads(std::size_t wanted) {
  // oneTBB's workers get its thread stack size; the probes get the same.
  const std::size_t stack =
      oneapi::tbb::global_control::active_value(oneapi::tbb::global_control::thread_stack_size);
  pthread_attr_t attr;
  if (pthread_attr_init(&attr) != 0) return 0;
  if (stack > 0) pthread_attr_setstacksize(&attr, stack);
  // Each probe waits for the pipe to close, so that all are alive at once.
  int wake[2];
  if (::pipe(wake) != 0) {
    pthread_attr_destroy(&attr);
    return 0;
  }
  const auto wait = [](void* fd) -> void* {
    char byte;
    while (::read(static_cast<int>(reinterpret_cast<std::intptr_t>(fd)), &byte, 1) < 0 &&
           errno == EINTR) {
    }
    return nullptr;
  };
  std::vector<pthread_t> probes;
  probes.reserve(wanted);
  while (probes.size() < wanted) {
    pthread_t thread;
    if (pthread_create(&thread, &attr, wait,
                       reinterpret_cast<void*>(static_cast<std::intptr_t>(wake[0]))) != 0)
      break;
    probes.push_back(thread);
  }
  ::close(wake[1]);
  for (const pthread_t thread : probes)
    pthread_join(thread, nullptr);
  ::close(wake[0]);
  pthread_attr_destroy(&attr);
  return probes.size();
}

std::size_t threads_within_address_space() {
  constexpr std::size_t kMiB = std::size_t{1} << 20;
  rlimit limit{};
  if (::getrlimit(RLIMIT_AS, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return SIZE_MAX;
  // What the process maps now, from /proc/self/statm (pages).
  std::size_t mapped = 0;
  if (FILE* statm = std::fopen("/proc/self/statm", "r")) {
    unsigned long pages = 0;
    if (std::fscanf(statm, "%lu", &pages) == 1)
      mapped = static_cast<std::size_t>(pages) * static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
    std::fclose(statm);
  }
  // Each thread: its stack and guard page, and (up to glibc's default
  // limit of 8 per processor) a malloc arena, which reserves 64 MiB and
  // maps 128 MiB while it is made; the run itself: graphs and searches.
  const std::size_t stack = std::max<std::size_t>(
      oneapi::tbb::global_control::active_value(oneapi::tbb::global_control::thread_stack_size),
      kMiB);
  const std::size_t thread_bytes = stack + 4096;
  const std::size_t arena_bytes = 64 * kMiB;
  const long processors = ::sysconf(_SC_NPROCESSORS_ONLN);
  const std::size_t arenas = 8 * static_cast<std::size_t>(std::max(processors, 1L));
  const std::size_t reserve = mapped + 64 * kMiB /* one arena being made */ + 256 * kMiB;
  const auto budget = static_cast<std::size_t>(limit.rlim_cur);
  if (budget <= reserve) return 0;
  const std::size_t room = budget - reserve;
  // The most threads t with t * thread_bytes + min(t, arenas) * arena_bytes <= room.
  const std::size_t with_arenas = room / (thread_bytes + arena_bytes);
  if (with_arenas < arenas) return with_arenas;
  return (room - arenas * arena_bytes) / thread_bytes;
}

void apply_run_settings(const RunSettings& settings, BatchOptions& options) {
  constexpr std::uint64_t kMaxThreads = 4096;
  if (settings.threads > kMaxThreads)
    throw UsageError("--threads must be between 0 (every core) and " + std::to_string(kMaxThreads) +
                     ", got " + std::to_string(settings.threads));
  options.threads = static_cast<unsigned>(settings.threads);
  // oneTBB cannot report a worker it fails to start (it ends the process),
  // so threads beyond what the process may start are refused here instead:
  // beyond its address space (ulimit -v), by the arithmetic of
  // threads_within_address_space(), and beyond its thread count (ulimit -u,
  // a cgroup's pids.max), by starting the workers once first.
  const auto threads = static_cast<std::size_t>(resolve_threads(options.threads));
  const std::size_t fit = threads_within_address_space();
  if (threads > fit)
    throw UsageError("--threads " + std::to_string(threads) +
                     ": the address-space limit (ulimit -v) leaves room for " +
                     plural(fit, "thread") + " and the memory they need at most; give " +
                     "--threads " + std::to_string(std::max<std::size_t>(fit, 1)) +
                     " or fewer, or raise the limit");
  const std::size_t startable = startable_threads(threads - 1);
  if (startable < threads - 1)
    throw UsageError("--threads " + std::to_string(threads) + ": this process may start only " +
                     plural(startable + 1, "thread") +
                     " (ulimit -u, or its cgroup's pids.max); give --threads " +
                     std::to_string(startable + 1) + " or fewer");
  if (settings.solver_seed) options.solver_seed = *settings.solver_seed;
  if (settings.memory_limit) {
    constexpr std::size_t kMinimum = std::size_t{1} << 20;
    constexpr std::size_t kBeyond = std::size_t{1} << 63;  // what parse_bytes counts
    const std::string& text = *settings.memory_limit;
    const auto bytes = parse_bytes(text);
    if (!bytes)
      throw UsageError(
          "--memory-limit needs BYTES or a number with KiB, MiB or GiB, such as "
          "512MiB, got '" +
          text + "'");
    if (*bytes < kMinimum || *bytes >= kBeyond)
      throw UsageError("--memory-limit " + text +
                       " is out of range: at least 1 MiB and less than 8 EiB");
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

namespace {

// Whether two starts are the same cell on every board of the source.
bool same_start(const BoardSource& source, const StartSpec& a, const StartSpec& b) {
  for (std::size_t i = 0; i < source.size(); ++i) {
    const Board board = source.board(i);
    if (!(a.resolve(board.width(), board.height()) == b.resolve(board.width(), board.height())))
      return false;
  }
  return true;
}

}  // namespace

void apply_stated_rules(const BoardSource& source, BatchOptions& options, RunRules& rules,
                        const std::string& experiment) {
  const StatedRules stated = source.stated_rules();
  const auto refuse = [&](const std::string& file, const char* key, const std::string& want,
                          const std::string& given) {
    const std::string option = experiment.empty() ? std::string("--") + key : key + std::string(" =");
    throw UsageError(file + " states " + key + "=" + want + " in its first line, but " + option +
                     " " + given + (experiment.empty() ? " was given" : " is in " + experiment) +
                     ": its boards are for " + key + " " + want + "; give " + option + " " + want +
                     ", or leave " + (experiment.empty() ? option : std::string(key)) + " out");
  };
  if (!stated.rules.empty()) {
    const Rules want = *parse_rules(stated.rules);
    if (rules.rules_given && options.rules != want)
      refuse(stated.rules_file, "rules", stated.rules, rules.rules_text);
    options.rules = want;
    rules.rules_text = stated.rules;
  }
  if (!stated.start.empty()) {
    const StartSpec want = *StartSpec::parse(stated.start);
    if (rules.start_given && !same_start(source, options.start, want))
      refuse(stated.start_file, "start", stated.start, rules.start_text);
    options.start = want;
    if (!rules.start_given) rules.start_text = stated.start;
  }
}

std::string describe_run(const BoardSource& source, const BatchOptions& options,
                         const std::string& start_text) {
  std::string text = source.describe() + ", " + std::string(to_string(options.rules)) + " rules";
  if (start_text != "0,0") text += ", start " + start_text;
  if (options.shard.count > 1) text += ", shard " + options.shard.text();
  return text;
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

void open_outputs(RunRequest& request) {
  request.outputs.provenance =
      make_provenance(*request.source, request.options, request.source_args);
  RecorderOptions outputs = request.outputs;
  if (request.stop != nullptr) {
    // Reading a CSV back to resume it stops at a signal too.
    StopFlags& flags = request.stop->flags();
    flags.stop = false;
    flags.cancel = false;
    flags.signal = 0;
    outputs.stop_signal = [&flags] { return flags.stop.load() ? flags.signal.load() : 0; };
  }
  try {
    const Listening listening(request.outputs.resume ? request.stop : nullptr);
    request.recorder = std::make_unique<RunRecorder>(*request.source, request.options, outputs);
  } catch (const Interrupted& e) {
    throw Interrupted(e.signal(), std::string(e.what()) +
                                      "; resume with: " + join_command(request.resume_command));
  }
}

RunOutcome execute(RunRequest& request, std::ostream& log) {
  RunOutcome outcome;
  BatchOptions& options = request.options;
  if (!request.recorder) open_outputs(request);
  outcome.recorder = std::move(request.recorder);
  RunRecorder& recorder = *outcome.recorder;
  outcome.total = options.shard.size(request.source->size());
  options.skip = recorder.resumed();
  if (request.outputs.resume && !request.quiet) {
    log << "resuming " << request.outputs.csv << ": " << format_count(recorder.resumed()) << " of "
        << format_count(outcome.total) << " " << noun_for(outcome.total, "board") << " done";
    if (recorder.cut_bytes() > 0)
      log << " (cut " << plural(recorder.cut_bytes(), "byte")
          << " of an unfinished board or line from its end)";
    log << "\n";
  }
  // open_outputs() cleared the flags: a stop while the CSV was read back
  // stops the run at once rather than being lost.
  StopFlags unstoppable;
  StopFlags& flags = request.stop != nullptr ? request.stop->flags() : unstoppable;
  options.stop = &flags.stop;
  options.cancel = &flags.cancel;

  // The searches in flight, watched only when shown or traced: the boards
  // line is then the display's.
  const bool show_searches = !request.quiet && (request.progress || request.progress_lines);
  SearchWatch watch;
  LineFile trace;
  std::optional<SearchDisplay> display;
  if (show_searches || !request.trace.empty()) {
    if (!request.trace.empty()) trace = LineFile::create(request.trace);
    options.watch = &watch;
    display.emplace(watch, SearchDisplayOptions{.screen = show_searches ? &log : nullptr,
                                                .terminal = request.progress,
                                                .trace = trace.is_open() ? &trace : nullptr,
                                                .solvers = spec_texts(options.solvers),
                                                .done = options.skip,
                                                .total = outcome.total});
  }
  ProgressLine progress(log, request.progress && !request.quiet && !show_searches, options.skip,
                        outcome.total);
  recorder.set_progress([&](std::size_t done) {
    progress.update(done);
    if (display) display->set_done(done);
  });
  const auto start = std::chrono::steady_clock::now();
  {
    const Listening listening(request.stop);
    progress.update(options.skip);
    outcome.batch = run_batch(*request.source, options, recorder);
    recorder.flush();
  }
  outcome.wall = seconds_since(start);
  progress.finish();
  if (display) {
    display->stop();  // throws the trace's OutputError
    if (trace.is_open()) trace.close();
  }
  options.watch = nullptr;
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
    log << "solved " << solved << (options.skip > 0 ? " more " : " ") << noun_for(solved, "board")
        << " x " << plural(options.solvers.size(), "solver") << " in " << fixed2(outcome.wall)
        << " s (" << rate
        << plural(static_cast<std::uint64_t>(resolve_threads(options.threads)), "thread") << ")";
    if (options.skip > 0)
      log << "; " << options.skip << (options.skip == 1 ? " was" : " were") << " done before";
    log << "\n";
  }
  if (outcome.batch.stopped() && flags.signal.load() != 0) {
    const int sig = flags.signal.load();
    const std::size_t done = options.skip + solved;
    log << "colorwalk: stopped by " << (sig == SIGINT ? "SIGINT" : "SIGTERM") << " after "
        << format_count(done) << " of " << format_count(outcome.total) << " "
        << noun_for(outcome.total, "board");
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
