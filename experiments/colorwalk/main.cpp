// colorwalk: the command-line tool (SPEC section 7).
//
//   colorwalk list | gen | solve | verify | experiment | merge   (--help on each)
//
// Exit status: 0 success, 1 a failure during the run, 2 bad usage or input,
// 130 / 143 stopped by SIGINT / SIGTERM (finished boards are kept; --resume
// continues the run).
#include <sys/types.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include <oneapi/tbb/info.h>

#include "batch.hpp"
#include "cli.hpp"
#include "game/replay.hpp"
#include "experiments.hpp"
#include "merge.hpp"
#include "progress.hpp"
#include "recorder.hpp"
#include "reference.hpp"
#include "report.hpp"
#include "summary.hpp"
#include "svg_chart.hpp"

#ifndef COLORWALK_VERSION
#define COLORWALK_VERSION "unknown"
#endif
#ifndef COLORWALK_SOURCE_DIR
#define COLORWALK_SOURCE_DIR ""
#endif
#ifndef COLORWALK_EXPERIMENTS_DIR
#define COLORWALK_EXPERIMENTS_DIR "experiments"
#endif
#ifndef COLORWALK_DATASETS_DIR
#define COLORWALK_DATASETS_DIR "datasets"
#endif
#ifndef COLORWALK_GIT_COMMIT
#define COLORWALK_GIT_COMMIT "unknown"
#endif

namespace colorwalk::cli {
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
    "  experiment   run a named, reproducible experiment (colorwalk experiment --list)\n"
    "  merge        combine the CSVs of shards into the results of one run\n"
    "\n"
    "exit status: 0 success, 1 a failure during the run, 2 bad usage or bad input,\n"
    "130/143 stopped by SIGINT/SIGTERM (finished boards are kept: rerun with --resume)\n";

constexpr const char* kExitHelp =
    "Exit status: 0 success, 1 a solution that does not verify, 2 bad usage or input,\n"
    "130 (SIGINT) or 143 (SIGTERM): stopped; every finished board is in the CSV and\n"
    "the same command with --resume continues the run. A second interrupt abandons\n"
    "the boards being solved; a third kills.\n";

// The whole command line, to print how to resume.
std::vector<std::string> g_command;

// ---------------------------------------------------------------------------
// Interruption: the first SIGINT/SIGTERM stops starting boards, the second
// abandons the boards being solved, the third kills.

std::atomic<bool> g_stop{false};
std::atomic<bool> g_cancel{false};
std::atomic<int> g_signal{0};
static_assert(std::atomic<bool>::is_always_lock_free && std::atomic<int>::is_always_lock_free,
              "flags set from a signal handler must be lock-free");

void on_stop_signal(int sig) {
  if (!g_stop.load()) {
    g_signal.store(sig);
    g_stop.store(true);
    static constexpr char kMessage[] =
        "\ncolorwalk: stopping: finishing the boards being solved (interrupt again to abandon "
        "them)\n";
    [[maybe_unused]] const auto n = ::write(STDERR_FILENO, kMessage, sizeof kMessage - 1);
  } else if (!g_cancel.load()) {
    g_cancel.store(true);
    static constexpr char kMessage[] = "colorwalk: abandoning the boards being solved\n";
    [[maybe_unused]] const auto n = ::write(STDERR_FILENO, kMessage, sizeof kMessage - 1);
  } else {
    std::signal(sig, SIG_DFL);
    std::raise(sig);
  }
}

class StopSignals {
 public:
  StopSignals() {
    struct sigaction action {};
    action.sa_handler = on_stop_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(SIGINT, &action, &old_int_);
    sigaction(SIGTERM, &action, &old_term_);
  }
  ~StopSignals() {
    sigaction(SIGINT, &old_int_, nullptr);
    sigaction(SIGTERM, &old_term_, nullptr);
  }
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;

 private:
  struct sigaction old_int_ {};
  struct sigaction old_term_ {};
};

// ---------------------------------------------------------------------------
// Small helpers.

std::ofstream open_output(const std::string& path) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) throw UsageError("cannot write '" + path + "'");
  return out;
}

void finish_output(std::ofstream& out, const std::string& path) {
  out.close();
  if (!out) throw std::runtime_error("writing '" + path + "' failed");
}

void write_text_file(const std::string& path, const std::string& text) {
  std::ofstream out = open_output(path);
  out << text;
  finish_output(out, path);
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::string fixed2(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", value);
  return text;
}

std::string shell_quote(const std::string& arg) {
  if (!arg.empty() &&
      arg.find_first_not_of(
          "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:=,@%+-") ==
          std::string::npos)
    return arg;
  std::string out = "'";
  for (char c : arg) {
    if (c == '\'')
      out += "'\\''";
    else
      out += c;
  }
  return out + "'";
}

std::string join_command(const std::vector<std::string>& args) {
  std::string out;
  for (const auto& a : args)
    out += (out.empty() ? "" : " ") + shell_quote(a);
  return out;
}

bool has_arg(const std::vector<std::string>& args, const std::string& name) {
  for (const auto& a : args)
    if (a == name || a.rfind(name + "=", 0) == 0) return true;
  return false;
}

int resolve_threads(unsigned threads) {
  return threads == 0 ? oneapi::tbb::info::default_concurrency() : static_cast<int>(threads);
}

std::string env_or(const char* name, const std::string& fallback) {
  const char* value = std::getenv(name);
  return value != nullptr && *value != '\0' ? std::string(value) : fallback;
}

// Runs a short command and returns its first line of output ("" on failure).
std::string first_line_of(const std::string& command) {
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) return {};
  char buffer[256];
  std::string line;
  if (std::fgets(buffer, sizeof buffer, pipe) != nullptr) line = buffer;
  std::string rest;
  while (std::fgets(buffer, sizeof buffer, pipe) != nullptr)
    rest += buffer;
  const int status = ::pclose(pipe);
  if (status != 0 && rest.empty() && line.empty()) return {};
  while (!line.empty() && (line.back() == '\n' || line.back() == '\r'))
    line.pop_back();
  return line;
}

// The source tree's commit, "-dirty" when tracked files differ from it; the
// commit seen at configure time, else "unknown", when git cannot tell.
std::string source_commit() {
  const std::string dir = COLORWALK_SOURCE_DIR;
  if (!dir.empty()) {
    const std::string git = "git --no-optional-locks -C " + shell_quote(dir) + " ";
    const std::string head = first_line_of(git + "rev-parse --short HEAD 2>/dev/null");
    if (!head.empty() && head.find_first_not_of("0123456789abcdef") == std::string::npos) {
      const std::string dirty =
          first_line_of(git + "status --porcelain --untracked-files=no 2>/dev/null");
      return dirty.empty() ? head : head + "-dirty";
    }
  }
  return COLORWALK_GIT_COMMIT;
}

std::string utc_date(const char* format) {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char text[64];
  std::strftime(text, sizeof text, format, &tm);
  return text;
}

// ---------------------------------------------------------------------------
// Running a batch with its outputs, progress and interruption.

struct RunRequest {
  const BoardSource* source = nullptr;
  BatchOptions options;
  RecorderOptions outputs;
  bool quiet = false;
  std::vector<std::string> resume_command;  // runs the same again, continuing
  RunInfo info;
};

struct RunOutcome {
  std::unique_ptr<RunRecorder> recorder;
  BatchOutcome batch;
  std::size_t total = 0;  // boards of the selection
  double wall = 0;
  int status = kExitOk;
};

RunOutcome execute(RunRequest& request) {
  RunOutcome outcome;
  BatchOptions& options = request.options;
  outcome.recorder = std::make_unique<RunRecorder>(*request.source, options, request.outputs);
  RunRecorder& recorder = *outcome.recorder;
  outcome.total = options.shard.size(request.source->size());
  options.skip = recorder.resumed();
  if (request.outputs.resume && !request.quiet) {
    std::cerr << "resuming " << request.outputs.csv << ": " << format_count(recorder.resumed())
              << " of " << format_count(outcome.total) << " boards done";
    if (recorder.cut_bytes() > 0)
      std::cerr << " (cut " << recorder.cut_bytes()
                << " bytes of an unfinished board or line from its end)";
    std::cerr << "\n";
  }
  g_stop = false;
  g_cancel = false;
  g_signal = 0;
  options.stop = &g_stop;
  options.cancel = &g_cancel;

  const bool tty = ::isatty(STDERR_FILENO) == 1;
  ProgressLine progress(std::cerr, tty && !request.quiet, options.skip, outcome.total);
  recorder.set_progress([&](std::size_t done) { progress.update(done); });
  const auto start = std::chrono::steady_clock::now();
  {
    StopSignals signals;
    progress.update(options.skip);
    outcome.batch = run_batch(*request.source, options, recorder);
    recorder.flush();
  }
  outcome.wall = seconds_since(start);
  progress.finish();
  recorder.finish(!outcome.batch.stopped(), request.info);

  for (const auto& failure : recorder.failures())
    std::cerr << "colorwalk: " << failure << "\n";
  if (recorder.failure_count() > recorder.failures().size())
    std::cerr << "colorwalk: ... and " << recorder.failure_count() - recorder.failures().size()
              << " more failures\n";

  const std::size_t solved = outcome.batch.reported;
  if (!request.quiet) {
    char rate[64] = "";
    if (outcome.wall > 0 && solved > 0)
      std::snprintf(rate, sizeof rate, "%.1f boards/s, ",
                    static_cast<double>(solved) / outcome.wall);
    std::cerr << "solved " << solved << (options.skip > 0 ? " more" : "") << " boards x "
              << options.solvers.size() << " solvers in " << fixed2(outcome.wall) << " s (" << rate
              << resolve_threads(options.threads) << " threads)";
    if (options.skip > 0) std::cerr << "; " << options.skip << " were done before";
    std::cerr << "\n";
  }
  if (outcome.batch.stopped() && g_signal.load() != 0) {
    const int sig = g_signal.load();
    const std::size_t done = options.skip + solved;
    std::cerr << "colorwalk: stopped by " << (sig == SIGINT ? "SIGINT" : "SIGTERM") << " after "
              << format_count(done) << " of " << format_count(outcome.total) << " boards";
    if (!request.outputs.csv.empty()) {
      std::cerr << "; every finished board is in " << request.outputs.csv << "\n"
                << "resume with: " << join_command(request.resume_command) << "\n";
    } else {
      std::cerr << " (no --csv: nothing is kept to resume from)\n";
    }
    outcome.status = 128 + sig;
    return outcome;
  }
  outcome.status = recorder.failure_count() == 0 ? kExitOk : kExitFailure;
  return outcome;
}

std::vector<std::string> resume_command_of(std::vector<std::string> extra) {
  std::vector<std::string> command = g_command;
  for (std::size_t i = 0; i + 1 < extra.size(); i += 2) {
    if (!has_arg(command, extra[i])) {
      command.push_back(extra[i]);
      command.push_back(extra[i + 1]);
    }
  }
  if (!has_arg(command, "--resume")) command.push_back("--resume");
  return command;
}

void write_svg_file(const std::string& path, const std::string& title,
                    const std::vector<std::string>& labels, const RunSummary& summary,
                    const std::vector<double>& published_means = {}) {
  std::ofstream out = open_output(path);
  write_svg_chart(out, title, labels, summary, published_means);
  finish_output(out, path);
}

std::string describe_run(const BoardSource& source, const BatchOptions& options,
                         const std::string& start_text) {
  std::string text = source.describe() + ", " + std::string(to_string(options.rules)) + " rules";
  if (start_text != "0,0") text += ", start " + start_text;
  if (options.shard.count > 1) text += ", shard " + options.shard.text();
  return text;
}

// ---------------------------------------------------------------------------
// Subcommands.

int cmd_list(int argc, char** argv) {
  po::options_description desc("Options");
  po::variables_map vm;
  if (!parse(argc, argv, desc, vm, "usage: colorwalk list\n\nLists every registered solver."))
    return kExitOk;
  for (const SolverInfo& info : builtin_solvers().all()) {
    std::cout << info.name << "\n    " << info.summary << "\n";
    std::string traits;
    if (info.exact) traits += " exact";
    if (info.randomised) traits += " randomised";
    if (info.wasted_moves) traits += " plays-wasted-moves";
    if (!traits.empty()) std::cout << "    traits:" << traits << "\n";
    for (const ParamSpec& p : info.params) {
      std::cout << "    " << p.name << "=" << format_param(p.default_value) << "  ["
                << format_param(p.min) << ".." << format_param(p.max)
                << (p.integer ? ", integer" : "") << "]  " << p.help << "\n";
    }
  }
  std::cout << "\nspec syntax: NAME[:KEY=VALUE[,KEY=VALUE...]], e.g. "
               "greedy-look-ahead:depth=5\n"
               "limits: every search is bounded by default, by its memory (MiB per search),\n"
               "seconds (per board) and nodes, frontier or queue parameters; raise them in the\n"
               "spec. colorwalk solve --memory-limit bounds the memory of all searches together.\n";
  return kExitOk;
}

int cmd_gen(int argc, char** argv) {
  po::options_description desc("Options");
  desc.add(source_options());
  desc.add_options()("output,o", po::value<std::string>()->value_name("FILE"),
                     "write to FILE instead of standard output");
  po::variables_map vm;
  if (!parse(argc, argv, desc, vm,
             "usage: colorwalk gen SOURCE [-o FILE]\n\nWrites the boards of SOURCE in grid "
             "format, a blank line between boards."))
    return kExitOk;
  const auto source = make_source(vm);
  auto write_all = [&](std::ostream& out) {
    for (std::size_t i = 0; i < source->size(); ++i) {
      if (i > 0) out << '\n';
      write_grid(out, source->board(i));
    }
  };
  if (vm.count("output")) {
    const auto path = vm["output"].as<std::string>();
    std::ofstream out = open_output(path);
    write_all(out);
    finish_output(out, path);
    std::cerr << "wrote " << source->size() << " boards to " << path << "\n";
  } else {
    write_all(std::cout);
  }
  return kExitOk;
}

po::options_description run_options() {
  po::options_description d("Run");
  // clang-format off
  d.add_options()
      ("threads", po::value<Count>()->default_value(Count{0}, "0")->value_name("N"),
       "worker threads (0: every core)")
      ("solver-seed", po::value<std::uint64_t>()->value_name("S"),
       "base seed of the per-board random streams of randomised solvers (default 0)")
      ("memory-limit", po::value<std::string>()->value_name("BYTES"),
       "memory that the boards being solved may hold at once, all threads together: their "
       "cluster graphs and every search (BYTES, or a number with KiB, MiB, GiB, e.g. 4GiB; "
       "default: none beyond each search's own limit). A solver refused memory fails its "
       "board, named on stderr and unverified in the CSV; the run goes on")
      ("quiet,q", po::bool_switch(),
       "print nothing but errors: no table, no progress, no summary line");
  // clang-format on
  return d;
}

void read_run_options(const po::variables_map& vm, BatchOptions& options) {
  constexpr std::uint64_t kMaxThreads = 4096;
  const std::uint64_t threads = vm["threads"].as<Count>().value;
  if (threads > kMaxThreads)
    throw UsageError("--threads must be between 0 (every core) and " + std::to_string(kMaxThreads) +
                     ", got " + std::to_string(threads));
  options.threads = static_cast<unsigned>(threads);
  if (vm.count("solver-seed")) options.solver_seed = vm["solver-seed"].as<std::uint64_t>();
  if (vm.count("memory-limit")) {
    constexpr std::size_t kMinimum = std::size_t{1} << 20;
    const auto text = vm["memory-limit"].as<std::string>();
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

Shard read_shard(const po::variables_map& vm) {
  if (!vm.count("shard")) return Shard{};
  const auto text = vm["shard"].as<std::string>();
  const auto shard = Shard::parse(text);
  if (!shard)
    throw UsageError("--shard needs I/N with 0 <= I < N, such as 0/4, got '" + text + "'");
  return *shard;
}

// The output files a run names, checked before any work: one that cannot
// be created (a directory, a folder that does not exist) is bad usage, not
// a failure found after hours of solving.
void check_outputs(const po::variables_map& vm) {
  for (const char* option : {"csv", "json", "svg"}) {
    if (!vm.count(option)) continue;
    const std::string path = vm[option].as<std::string>();
    const std::filesystem::path parent = std::filesystem::path(path).parent_path();
    std::error_code ec;
    if (path.empty()) throw UsageError(std::string("--") + option + " needs a file name");
    if (std::filesystem::is_directory(path, ec))
      throw UsageError(std::string("--") + option + " " + path + ": is a directory, not a file");
    if (!parent.empty() && !std::filesystem::is_directory(parent, ec))
      throw UsageError(std::string("--") + option + " " + path + ": no directory '" +
                       parent.string() + "'");
  }
}

po::options_description report_options() {
  po::options_description d("Reports");
  // clang-format off
  d.add_options()
      ("csv", po::value<std::string>()->value_name("FILE"),
       "write one row per (board, solver) as boards finish: board,solver,moves,solution,"
       "proven_optimal,expanded,seconds,verified")
      ("json", po::value<std::string>()->value_name("FILE"),
       "write JSON Lines: one object per (board, solver) as boards finish, then a summary "
       "object")
      ("svg", po::value<std::string>()->value_name("FILE"),
       "write a chart: moves per board for each solver on a shared axis, and the moves above "
       "the optimum where a solver proved it")
      ("markdown", po::bool_switch(), "print the summary table in Markdown");
  // clang-format on
  return d;
}

int cmd_solve(int argc, char** argv) {
  po::options_description desc("Options");
  // clang-format off
  desc.add_options()
      ("solver", po::value<std::vector<std::string>>()->value_name("SPEC"),
       "solver spec NAME[:KEY=VALUE,...]; repeat for several (see colorwalk list)")
      ("shard", po::value<std::string>()->value_name("I/N"),
       "run only the I-th of N interleaved parts: the boards whose index % N == I "
       "(indices in the outputs stay the source's; colorwalk merge combines the parts)")
      ("resume", po::bool_switch(),
       "continue the run whose rows are in --csv FILE: keep its finished boards, solve the "
       "rest (a missing FILE starts the run)");
  // clang-format on
  desc.add(report_options()).add(source_options()).add(rules_options()).add(run_options());
  po::variables_map vm;
  if (!parse(argc, argv, desc, vm,
             std::string("usage: colorwalk solve SOURCE --solver SPEC [--solver SPEC ...] [RULES] "
                         "[--threads N] [--memory-limit BYTES]\n"
                         "                       [--shard I/N] [--csv FILE [--resume]] [--json "
                         "FILE] [--svg FILE] [--markdown] [--quiet]\n\n"
                         "Runs every solver on every board in parallel, replays every solution "
                         "on the engine,\n"
                         "and prints one row per solver: boards, min, mean, max, stdev "
                         "(population), boards\n"
                         "proven optimal, total solver seconds, nodes expanded. Rows reach the "
                         "CSV and JSON\n"
                         "files in board order as boards finish; the results do not depend on "
                         "--threads.\n"
                         "Progress (boards done, boards/s, time left) is shown on stderr when it "
                         "is a terminal.\n\n") +
                 kExitHelp))
    return kExitOk;
  if (!vm.count("solver")) throw UsageError("give at least one --solver SPEC (see colorwalk list)");
  BatchOptions options;
  for (const auto& text : vm["solver"].as<std::vector<std::string>>())
    options.solvers.push_back(builtin_solvers().parse(text));
  read_rules(vm, options);
  read_run_options(vm, options);
  options.shard = read_shard(vm);
  check_outputs(vm);
  RunRequest request;
  request.quiet = vm["quiet"].as<bool>();
  if (vm.count("csv")) request.outputs.csv = vm["csv"].as<std::string>();
  if (vm.count("json")) request.outputs.json = vm["json"].as<std::string>();
  request.outputs.resume = vm["resume"].as<bool>();
  if (request.outputs.resume && request.outputs.csv.empty())
    throw UsageError("--resume needs --csv FILE: the CSV of the run to continue");
  const auto source = make_source(vm);
  check_start(*source, options);

  const std::string start_text = vm["start"].as<std::string>();
  request.source = source.get();
  request.options = options;
  request.resume_command = resume_command_of({});
  request.info = {{"source", source->describe()},
                  {"rules", std::string(to_string(options.rules))},
                  {"start", start_text},
                  {"shard", options.shard.text()},
                  {"solver_seed", std::to_string(options.solver_seed)}};
  RunOutcome outcome = execute(request);
  const RunRecorder& recorder = *outcome.recorder;
  if (!request.quiet)
    write_summary_table(std::cout, recorder.solver_texts(), recorder.summary().solvers(),
                        vm["markdown"].as<bool>() ? TableStyle::kMarkdown : TableStyle::kText);
  if (vm.count("svg"))
    write_svg_file(vm["svg"].as<std::string>(), describe_run(*source, options, start_text),
                   recorder.solver_texts(), recorder.summary());
  return outcome.status;
}

int cmd_verify(int argc, char** argv) {
  po::options_description desc("Options");
  // clang-format off
  desc.add_options()
      ("boards", po::value<std::string>()->value_name("FILE"), "the boards")
      ("format", po::value<std::string>()->default_value("grid")->value_name("F"),
       "format of --boards: grid or line")
      ("solutions", po::value<std::string>()->value_name("FILE"),
       "one line of move symbols per board, in board order")
      ("allow-wasted", po::bool_switch(),
       "accept moves that clear nothing (as round-robin and random play them)")
      ("quiet,q", po::bool_switch(), "print nothing but failures");
  // clang-format on
  desc.add(rules_options());
  po::variables_map vm;
  if (!parse(argc, argv, desc, vm,
             "usage: colorwalk verify --boards FILE [--format F] [RULES] --solutions FILE\n\n"
             "Replays each solution on its board. Exit 0 when every solution clears its board\n"
             "with no wasted move, 1 when any does not (each named), 2 on bad input."))
    return kExitOk;
  if (!vm.count("boards")) throw UsageError("give --boards FILE");
  if (!vm.count("solutions")) throw UsageError("give --solutions FILE");
  BatchOptions options;
  read_rules(vm, options);
  const auto format_text = vm["format"].as<std::string>();
  const auto format = parse_format(format_text);
  if (!format) throw UsageError("--format must be grid or line, got '" + format_text + "'");
  const auto boards_path = vm["boards"].as<std::string>();
  const auto solutions_path = vm["solutions"].as<std::string>();
  const FileSource source(boards_path, load_boards(boards_path, *format));
  check_start(source, options);
  const auto lines = load_solution_lines(solutions_path);
  if (lines.size() != source.size())
    throw InputError(solutions_path, 0,
                     "has " + std::to_string(lines.size()) + " solution lines but " + boards_path +
                         " has " + std::to_string(source.size()) + " boards");
  const WastedMoves wasted =
      vm["allow-wasted"].as<bool>() ? WastedMoves::kAllow : WastedMoves::kReject;
  // Parse every line first: a malformed file is bad input (exit 2) as a whole.
  std::vector<std::vector<Color>> moves;
  std::vector<Board> boards;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    boards.push_back(prepare_board(source.board(i), options));
    moves.push_back(parse_moves(boards.back(), lines[i], solutions_path));
  }
  std::size_t failed = 0;
  std::size_t total = 0;
  for (std::size_t i = 0; i < boards.size(); ++i) {
    const ReplayResult result = replay(ClusterGraph(boards[i]), moves[i], wasted);
    total += moves[i].size();
    if (result.ok()) continue;
    ++failed;
    std::cerr << solutions_path << ":" << lines[i].line << ": board " << i << " of " << boards_path
              << ": " << result.describe(boards[i], moves[i]) << "\n";
  }
  if (failed > 0) {
    std::cerr << "colorwalk verify: " << failed << " of " << boards.size()
              << " solutions do not clear their boards\n";
    return kExitFailure;
  }
  if (!vm["quiet"].as<bool>())
    std::cout << "all " << boards.size() << " solutions clear their boards (" << total
              << " moves in total)\n";
  return kExitOk;
}

// --- experiment -------------------------------------------------------------

std::string experiments_dir(const po::variables_map& vm) {
  if (vm.count("experiments-dir")) return vm["experiments-dir"].as<std::string>();
  return env_or("COLORWALK_EXPERIMENTS", COLORWALK_EXPERIMENTS_DIR);
}

std::string datasets_dir() {
  return env_or("COLORWALK_DATASETS", COLORWALK_DATASETS_DIR);
}

// The experiment file NAME stands for: a path when it names a file (holds a
// '/' or ends in .exp), else DIR/NAME.exp.
std::string experiment_path(const std::string& name, const std::string& dir) {
  const bool is_path = name.find('/') != std::string::npos ||
                       (name.size() > kExperimentSuffix.size() &&
                        name.compare(name.size() - kExperimentSuffix.size(),
                                     kExperimentSuffix.size(), kExperimentSuffix) == 0);
  if (is_path) {
    std::error_code ec;
    if (!std::filesystem::exists(name, ec)) throw UsageError("no experiment file '" + name + "'");
    return name;
  }
  const std::string path =
      (std::filesystem::path(dir) / (name + std::string(kExperimentSuffix))).string();
  std::error_code ec;
  if (!std::filesystem::exists(path, ec))
    throw UsageError("unknown experiment '" + name + "' (none in " + dir +
                     "; colorwalk experiment --list)");
  return path;
}

int list_experiments(const std::string& dir) {
  const auto names = experiment_names(dir);
  if (names.empty()) {
    std::cerr << "colorwalk experiment: no experiments (NAME.exp files) in " << dir << "\n";
    return kExitUsage;
  }
  int status = kExitOk;
  std::size_t width = 0;
  for (const auto& n : names)
    width = std::max(width, n.size());
  for (const auto& name : names) {
    const std::string path = (std::filesystem::path(dir) / (name + ".exp")).string();
    try {
      const Experiment e = load_experiment(path);
      std::cout << name << std::string(width + 3 - name.size(), ' ') << e.description << "\n";
    } catch (const InputError& error) {
      std::cerr << "colorwalk experiment: " << error.what() << "\n";
      status = kExitUsage;
    }
  }
  std::cout << "\n(from " << dir << ")\n";
  return status;
}

// The results directory ROOT/NAME-DATE-COMMIT, made unique with -2, -3, ...
std::string fresh_results_dir(const std::string& root, const std::string& name,
                              const std::string& date, const std::string& commit) {
  const std::string base =
      (std::filesystem::path(root) / (name + "-" + date + "-" + commit)).string();
  std::error_code ec;
  std::string dir = base;
  for (int n = 2; std::filesystem::exists(dir, ec); ++n)
    dir = base + "-" + std::to_string(n);
  return dir;
}

// A published figure, or "-" where none was published (NaN).
std::string published_figure(double value, const char* format) {
  if (std::isnan(value)) return "-";
  char text[32];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

// "ours beside the published table" for the rows of an experiment.
void write_published_table(std::ostream& out, const std::vector<const ExperimentRow*>& rows,
                           const std::vector<SolverSummary>& summaries, TableStyle style) {
  char line[1024];
  const bool markdown = style == TableStyle::kMarkdown;
  if (markdown) {
    out << "| algorithm | spec | min | mean | max | stdev | published min | mean | max | stdev | "
           "mean - published |\n"
        << "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
  } else {
    std::snprintf(line, sizeof line, "%-34s %4s %6s %4s %5s | %4s %6s %4s %5s | %6s\n",
                  "algorithm (spec)", "min", "mean", "max", "stdev", "min", "mean", "max", "stdev",
                  "d.mean");
    out << line;
    std::snprintf(line, sizeof line, "%-34s %23s | %23s |\n", "", "ours", "published");
    out << line;
  }
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const ExperimentRow& r = *rows[i];
    // Ours counted as the published row counted (published-offset).
    SolverSummary s = summaries[i];
    if (r.published_offset != 0 && s.boards > 0) {
      s.min = static_cast<std::size_t>(static_cast<long long>(s.min) + r.published_offset);
      s.max = static_cast<std::size_t>(static_cast<long long>(s.max) + r.published_offset);
      s.mean += r.published_offset;
    }
    const double nan = std::nan("");
    const PublishedFigures p = r.published.value_or(PublishedFigures{nan, nan, nan, nan});
    const std::string min = published_figure(p.min, "%.0f");
    const std::string mean = published_figure(p.mean, "%.1f");
    const std::string max = published_figure(p.max, "%.0f");
    const std::string stdev = published_figure(p.stdev, "%.1f");
    const std::string delta = published_figure(s.mean - p.mean, "%+.2f");
    if (markdown) {
      std::snprintf(
          line, sizeof line, "| %s | `%s` | %zu | %.2f | %zu | %.2f | %s | %s | %s | %s | %s |\n",
          (r.label + (r.published_offset != 0
                          ? " (ours counted as published: " + std::to_string(r.published_offset) +
                                " per board)"
                          : std::string()))
              .c_str(),
          r.spec.c_str(), s.min, s.mean, s.max, s.stdev, min.c_str(), mean.c_str(), max.c_str(),
          stdev.c_str(), delta.c_str());
      out << line;
      continue;
    }
    if (r.published) {
      std::snprintf(line, sizeof line, "%-34s %4zu %6.2f %4zu %5.2f | %4s %6s %4s %5s | %6s\n",
                    r.label.c_str(), s.min, s.mean, s.max, s.stdev, min.c_str(), mean.c_str(),
                    max.c_str(), stdev.c_str(), delta.c_str());
    } else {
      std::snprintf(line, sizeof line, "%-34s %4zu %6.2f %4zu %5.2f | %23s |\n", r.label.c_str(),
                    s.min, s.mean, s.max, s.stdev, "");
    }
    out << line;
    if (r.label != r.spec) out << "  " << r.spec << "\n";
    if (r.published_offset != 0)
      out << "  ours counted as the published row was: " << std::showpos << r.published_offset
          << std::noshowpos << " move per board (moves played: mean " << summaries[i].mean << ")\n";
  }
}

// The outcome of one experiment file's run.
struct ExperimentRun {
  int status = kExitOk;
  std::string out_dir;
  std::size_t boards = 0;
  double wall = 0;
  std::optional<ReferenceCheck> reference;
};

// Runs one experiment (not a suite) into `out_dir`.
ExperimentRun run_experiment(const Experiment& experiment, const po::variables_map& vm,
                             std::optional<std::size_t> limit, const std::string& out_dir) {
  const auto& registry = builtin_solvers();
  BatchOptions options;
  std::vector<const ExperimentRow*> rows;
  std::vector<const ExperimentRow*> missing;
  for (const ExperimentRow& row : experiment.rows) {
    if (registry.find(row.spec.substr(0, row.spec.find(':'))) == nullptr) {
      missing.push_back(&row);
      continue;
    }
    rows.push_back(&row);
    options.solvers.push_back(registry.parse(row.spec));
  }
  if (rows.empty())
    throw InputError(experiment.path, 0, "none of its solvers is registered in this build");
  options.rules = experiment.rules;
  options.start = experiment.start;
  options.solver_seed = experiment.solver_seed;
  read_run_options(vm, options);
  const bool quiet = vm["quiet"].as<bool>();
  const bool resume = vm["resume"].as<bool>();
  const auto source = experiment.make_source(datasets_dir(), limit);
  check_start(*source, options);

  const std::string commit = source_commit();
  const std::string date = utc_date("%Y-%m-%d");
  std::error_code ec;
  std::filesystem::create_directories(out_dir, ec);
  if (ec) throw UsageError("cannot create output directory '" + out_dir + "': " + ec.message());
  const auto file = [&](const char* suffix) {
    return (std::filesystem::path(out_dir) / (experiment.name + suffix)).string();
  };
  std::filesystem::copy_file(experiment.path, file(".exp"),
                             std::filesystem::copy_options::overwrite_existing, ec);
  if (ec) throw UsageError("cannot write '" + file(".exp") + "': " + ec.message());

  RunRequest request;
  request.source = source.get();
  request.options = options;
  request.quiet = quiet;
  request.outputs = RecorderOptions{file(".csv"), file(".jsonl"), resume};
  request.resume_command = resume_command_of({"--output-dir", out_dir});
  request.info = {{"experiment", experiment.name},
                  {"source", source->describe()},
                  {"rules", experiment.rules_text},
                  {"start", experiment.start_text},
                  {"solver_seed", std::to_string(options.solver_seed)},
                  {"commit", commit},
                  {"date", date}};
  const RunOutcome outcome = execute(request);
  const RunRecorder& recorder = *outcome.recorder;
  const auto& summaries = recorder.summary().solvers();
  const std::size_t done = recorder.boards();
  const std::string run_text =
      source->describe() + ", " + experiment.rules_text + " rules" +
      (experiment.start_text != "0,0" ? ", start " + experiment.start_text : std::string());

  std::ostringstream report;
  report << "Experiment " << experiment.name << ": " << experiment.description << "\n"
         << run_text << "; " << done << " of " << outcome.total << " boards; commit " << commit
         << ", " << date << "\n\n";
  if (experiment.has_published()) {
    write_published_table(report, rows, summaries, TableStyle::kText);
  } else {
    write_summary_table(report, recorder.solver_texts(), summaries, TableStyle::kText);
  }
  ExperimentRun run;
  run.status = outcome.status;
  run.out_dir = out_dir;
  run.boards = done;
  run.wall = outcome.wall;
  if (!experiment.optimal.empty()) {
    std::vector<std::string> specs;
    for (const ExperimentRow* r : rows)
      specs.push_back(r->spec);
    run.reference = check_reference(file(".csv"), experiment.optimal_path(datasets_dir()), specs);
    report << "\n";
    write_reference_table(report, *run.reference, TableStyle::kText);
    if (!run.reference->ok()) run.status = std::max(run.status, kExitFailure);
  }
  if (!missing.empty()) {
    report << "\nnot yet implemented (solvers this build does not have yet):\n";
    for (const ExperimentRow* p : missing)
      report << "  " << p->label << " (" << p->spec << ")\n";
  }
  report << "\nresults: " << out_dir << "/ (per-board results in " << experiment.name << ".csv)\n";
  write_text_file(file(".txt"), report.str());
  if (!quiet) std::cout << report.str();

  std::ostringstream md;
  md << "# Experiment `" << experiment.name << "`\n\n"
     << experiment.description << "\n\n"
     << "| | |\n|---|---|\n"
     << "| source | " << source->describe() << " |\n"
     << "| rules | " << experiment.rules_text << ", start " << experiment.start_text << " |\n"
     << "| solver seed | " << options.solver_seed << " |\n"
     << "| boards | " << done << " of " << outcome.total << " |\n"
     << "| commit | " << commit << " |\n"
     << "| date | " << utc_date("%Y-%m-%d %H:%M:%S UTC") << " |\n"
     << "| threads | " << resolve_threads(options.threads) << " |\n"
     << "| wall time | " << outcome.wall << " s |\n"
     << "| definition | [" << experiment.name << ".exp](" << experiment.name << ".exp) |\n\n";
  if (experiment.has_published()) {
    md << "## Ours beside the published figures\n\n";
    write_published_table(md, rows, summaries, TableStyle::kMarkdown);
    md << "\n";
  }
  md << "## Summary\n\n";
  write_summary_table(md, recorder.solver_texts(), summaries, TableStyle::kMarkdown);
  if (run.reference) {
    md << "\n## Against the optimal solutions\n\n";
    write_reference_table(md, *run.reference, TableStyle::kMarkdown);
  }
  if (!missing.empty()) {
    md << "\n## Not yet implemented\n\n";
    for (const ExperimentRow* p : missing)
      md << "- " << p->label << " (`" << p->spec << "`)\n";
  }
  md << "\n![moves per board](" << experiment.name << ".svg)\n";
  write_text_file(file(".md"), md.str());

  std::vector<std::string> labels;  // the specs are in NAME.txt and NAME.md
  std::vector<double> published;
  for (const ExperimentRow* r : rows) {
    labels.push_back(r->label);
    published.push_back(r->published ? r->published->mean : std::nan(""));
  }
  write_svg_file(file(".svg"), "Experiment " + experiment.name + ": " + run_text, labels,
                 recorder.summary(), published);
  return run;
}

// Runs the experiments a suite names, each into its own folder of the
// suite's results folder, then prints what each found against its optimal
// solutions (when it has them). Exit status: the worst of the parts.
int run_suite(const Experiment& suite, const std::string& dir, const po::variables_map& vm,
              std::optional<std::size_t> limit) {
  std::vector<Experiment> parts;
  for (const std::string& name : suite.parts) {
    parts.push_back(load_experiment(experiment_path(name, dir)));
    if (!parts.back().parts.empty())
      throw InputError(suite.path, 0, "part '" + name + "' is a suite itself; suites do not nest");
  }
  const std::string root = vm.count("output-dir")
                               ? vm["output-dir"].as<std::string>()
                               : fresh_results_dir(vm["results-dir"].as<std::string>(), suite.name,
                                                   utc_date("%Y-%m-%d"), source_commit());
  int status = kExitOk;
  std::vector<ExperimentRun> runs;
  for (const Experiment& part : parts) {
    runs.push_back(
        run_experiment(part, vm, limit, (std::filesystem::path(root) / part.name).string()));
    status = std::max(status, runs.back().status);
    if (status >= 128) break;  // interrupted: the remaining parts are not started
  }
  std::ostringstream report;
  report << "\nSuite " << suite.name << ": " << suite.description << "\n";
  char line[512];
  std::snprintf(line, sizeof line, "%-22s %-24s %7s %9s %9s %8s %6s %6s %6s %9s\n", "part",
                "solver", "boards", "moves", "optimal", "at opt.", "above", "below", "wrong",
                "seconds");
  report << line;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    if (!runs[i].reference) {
      std::snprintf(line, sizeof line, "%-22s %-24s %7zu %9s %9s %8s %6s %6s %6s %9.1f\n",
                    parts[i].name.c_str(), "(no optimal file)", runs[i].boards, "-", "-", "-", "-",
                    "-", "-", runs[i].wall);
      report << line;
      continue;
    }
    for (const ReferenceRow& r : runs[i].reference->rows) {
      std::snprintf(line, sizeof line, "%-22s %-24s %7zu %9llu %9llu %8zu %6zu %6zu %6zu %9.1f\n",
                    parts[i].name.c_str(), r.solver.c_str(), r.boards,
                    static_cast<unsigned long long>(r.moves),
                    static_cast<unsigned long long>(r.optimal), r.at, r.above, r.below,
                    r.wrong_claims, runs[i].wall);
      report << line;
    }
  }
  report << "\nresults: " << root << "/ (one folder per part)\n";
  write_text_file((std::filesystem::path(root) / (suite.name + ".txt")).string(), report.str());
  if (!vm["quiet"].as<bool>()) std::cout << report.str();
  return status;
}

int cmd_experiment(int argc, char** argv) {
  po::options_description desc("Options");
  // clang-format off
  desc.add_options()
      ("name", po::value<std::string>()->value_name("NAME"),
       "the experiment: NAME for NAME.exp in the experiments directory, or a path to a .exp file")
      ("list", po::bool_switch(), "list the named experiments")
      ("experiments-dir", po::value<std::string>()->value_name("DIR"),
       "where the NAME.exp files are (default: $COLORWALK_EXPERIMENTS, else the source tree's "
       "experiments/ folder: " COLORWALK_EXPERIMENTS_DIR ")")
      ("results-dir", po::value<std::string>()->default_value("results")->value_name("DIR"),
       "results go to DIR/NAME-DATE-COMMIT/")
      ("output-dir", po::value<std::string>()->value_name("DIR"),
       "put the results in DIR itself instead")
      ("resume", po::bool_switch(),
       "continue the run whose results are in --output-dir DIR")
      ("boards", po::value<Count>()->value_name("N"),
       "run only the first N boards of the experiment's source (a quick look)");
  // clang-format on
  desc.add(run_options());
  po::positional_options_description positional;
  positional.add("name", 1);
  po::variables_map vm;
  if (!parse(argc, argv, desc, vm,
             std::string(
                 "usage: colorwalk experiment NAME [--threads N] [--results-dir DIR | "
                 "--output-dir DIR [--resume]]\n"
                 "       colorwalk experiment --list [--experiments-dir DIR]\n\n"
                 "Runs a named experiment: a data file NAME.exp (board source, rules, "
                 "solvers and,\n"
                 "optionally, published figures per solver; format in "
                 "experiments/README.md). Results go to\n"
                 "results/NAME-DATE-COMMIT/: NAME.csv, NAME.jsonl, NAME.svg (the chart), "
                 "NAME.txt (the\n"
                 "printed report), NAME.md (the report in Markdown) and NAME.exp (the "
                 "definition run).\n"
                 "Solvers not registered in this build are listed as not yet "
                 "implemented.\n"
                 "Experiments directory: --experiments-dir, else $COLORWALK_EXPERIMENTS, "
                 "else\n" COLORWALK_EXPERIMENTS_DIR ".\n"
                 "$DATASETS in a boards path: $COLORWALK_DATASETS, else " COLORWALK_DATASETS_DIR
                 ".\n\n") +
                 kExitHelp,
             &positional))
    return kExitOk;
  const std::string dir = experiments_dir(vm);
  if (vm["list"].as<bool>()) return list_experiments(dir);
  if (!vm.count("name")) throw UsageError("name an experiment (colorwalk experiment --list)");
  const auto name = vm["name"].as<std::string>();
  const Experiment experiment = load_experiment(experiment_path(name, dir));
  const bool resume = vm["resume"].as<bool>();
  if (resume && !vm.count("output-dir"))
    throw UsageError(
        "--resume needs --output-dir DIR: the results directory of the run to continue");
  std::optional<std::size_t> limit;
  if (vm.count("boards")) {
    limit = vm["boards"].as<Count>().value;
    if (*limit == 0) throw UsageError("--boards needs at least 1 board");
  }

  if (!experiment.parts.empty()) return run_suite(experiment, dir, vm, limit);
  const std::string out_dir =
      vm.count("output-dir")
          ? vm["output-dir"].as<std::string>()
          : fresh_results_dir(vm["results-dir"].as<std::string>(), experiment.name,
                              utc_date("%Y-%m-%d"), source_commit());
  return run_experiment(experiment, vm, limit, out_dir).status;
}

// --- merge -------------------------------------------------------------------

int cmd_merge(int argc, char** argv) {
  po::options_description desc("Options");
  // clang-format off
  desc.add_options()
      ("input", po::value<std::vector<std::string>>()->value_name("CSV"),
       "results CSVs of the shards of one run (colorwalk solve --shard I/N --csv FILE)")
      ("expect", po::value<Count>()->value_name("N"),
       "check that the inputs hold exactly boards 0..N-1 (catches a missing last board)")
      ("quiet,q", po::bool_switch(), "print nothing but errors");
  // clang-format on
  desc.add(report_options());
  po::positional_options_description positional;
  positional.add("input", -1);
  po::variables_map vm;
  if (!parse(argc, argv, desc, vm,
             "usage: colorwalk merge CSV... [--csv FILE] [--json FILE] [--svg FILE] [--markdown] "
             "[--expect N]\n\n"
             "Combines the CSVs of the shards of one run (any order) into the results of a\n"
             "single run: prints the same summary table, and writes the rows in board order.\n"
             "Every input must hold whole boards with the same solvers in the same order;\n"
             "together they must hold boards 0, 1, 2, ... once each. Exit 0 success, 1 when\n"
             "rows of the inputs did not verify, 2 on bad input (a duplicate, a gap, ...).",
             &positional))
    return kExitOk;
  if (!vm.count("input")) throw UsageError("give the CSV files to merge");
  check_outputs(vm);
  MergeOptions options;
  options.inputs = vm["input"].as<std::vector<std::string>>();
  if (vm.count("csv")) options.csv = vm["csv"].as<std::string>();
  if (vm.count("json")) options.json = vm["json"].as<std::string>();
  if (vm.count("expect")) options.expect = vm["expect"].as<Count>().value;
  for (const std::string& output : {options.csv, options.json}) {
    if (output.empty()) continue;
    for (const auto& input : options.inputs) {
      std::error_code ec;
      if (std::filesystem::equivalent(output, input, ec))
        throw UsageError("'" + output + "' is an input: write the merged results elsewhere");
    }
  }
  const MergeResult result = merge_results(options);
  if (!vm["quiet"].as<bool>())
    write_summary_table(std::cout, result.solvers, result.summary.solvers(),
                        vm["markdown"].as<bool>() ? TableStyle::kMarkdown : TableStyle::kText);
  if (vm.count("svg"))
    write_svg_file(vm["svg"].as<std::string>(),
                   "Merged: " + std::to_string(options.inputs.size()) + " files, " +
                       std::to_string(result.summary.boards()) + " boards",
                   result.solvers, result.summary);
  if (result.failure_count > 0) {
    std::cerr << "colorwalk merge: " << result.failure_count
              << " rows of the inputs did not verify in their runs\n";
    return kExitFailure;
  }
  return kExitOk;
}

int run(int argc, char** argv) {
  g_command.assign(argv, argv + argc);
  if (argc < 2) {
    std::cerr << kUsage;
    return kExitUsage;
  }
  const std::string command = argv[1];
  if (command == "--help" || command == "-h" || command == "help") {
    std::cout << kUsage;
    return kExitOk;
  }
  if (command == "--version" || command == "version") {
    std::cout << "colorwalk " << COLORWALK_VERSION << "\n";
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
  throw UsageError("unknown command '" + command + "' (colorwalk --help lists them)");
}

}  // namespace
}  // namespace colorwalk::cli

int main(int argc, char** argv) {
  using namespace colorwalk;
  using namespace colorwalk::cli;
  const std::string command = argc > 1 ? argv[1] : "";
  try {
    return run(argc, argv);
  } catch (const po::error& e) {
    std::cerr << "colorwalk " << command << ": " << e.what() << " (see colorwalk " << command
              << " --help)\n";
    return kExitUsage;
  } catch (const UsageError& e) {
    std::cerr << "colorwalk " << command << ": " << e.what() << "\n";
    return kExitUsage;
  } catch (const InputError& e) {
    std::cerr << "colorwalk " << command << ": " << e.what() << "\n";
    return kExitUsage;
  } catch (const BoardError& e) {
    std::cerr << "colorwalk " << command << ": " << e.what() << "\n";
    return kExitUsage;
  } catch (const SpecError& e) {
    std::cerr << "colorwalk " << command << ": " << e.what() << "\n";
    return kExitUsage;
  } catch (const std::bad_alloc&) {
    std::cerr << "colorwalk " << command << ": out of memory\n";
    return kExitFailure;
  } catch (const std::exception& e) {
    std::cerr << "colorwalk " << command << ": " << e.what() << "\n";
    return kExitFailure;
  }
}
