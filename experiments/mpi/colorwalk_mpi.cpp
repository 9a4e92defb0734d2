// colorwalk-mpi: Color Walk boards solved exactly (the `astar` solver) by
// the processes of an MPI run, launched by mpirun or srun:
//
//   mpirun -np R colorwalk-mpi --boards FILE [--spread search|boards]
//          [--threads T] [--memory-limit SIZE] [--out results.csv] ...
//
// --spread search (the default): every board is one A* search spread over
// every rank, each rank owning a hash range of the states and running T
// threads (libsearch's search::mpi); R ranks hold about R times the nodes
// one process holds. --spread boards: the boards are shared out, rank r
// solving boards r, r + R, ... alone. Either way every answer is replayed
// by the rank that solved it, and rank 0 writes the one CSV, in board
// order: the results CSV of
// `colorwalk solve --csv` (results/recorder.hpp), with the run's provenance,
// so that `colorwalk merge`, reports and verify read it; what the ranks
// exchanged goes to --mpi-stats.
//
// A separate program rather than a mode of `colorwalk`: it must be linked
// with MPI and started by an MPI launcher, which `colorwalk` needs neither
// of; what it shares with `colorwalk` (the boards, the rules, astar and
// its answers) it takes from the same libraries.
//
// Failures end every rank: a bad command line or board file (exit 2, the
// message from rank 0), a search left unproven by a rank's memory limit or
// the time limit (the CSV written, the board named, exit 1), a rank that
// dies (the launcher ends the others), SIGINT or SIGTERM (the boards done
// so far written, exit 130 or 143).
#include <mpi.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "engine/batch.hpp"
#include "engine/exit_status.hpp"
#include "exact/astar_runner.hpp"
#include "game/board_io.hpp"
#include "game/cluster_graph.hpp"
#include "game/replay.hpp"
#include "game/wording.hpp"
#include "registry/registry.hpp"
#include "results/output_file.hpp"
#include "results/provenance.hpp"
#include "results/recorder.hpp"
#include "results/rows.hpp"
#include "search/executor.hpp"
#include "search/mpi/distributed_best_first.hpp"

using namespace colorwalk;

namespace {

constexpr int kExitUnproven = kExitFailure;

std::atomic<bool> stop_requested{false};
volatile std::sig_atomic_t stop_signal = 0;

extern "C" void on_stop_signal(int signal) {
  stop_signal = signal;
  stop_requested.store(true, std::memory_order_relaxed);
}

struct Options {
  std::vector<std::string> boards;
  std::optional<BoardFormat> format;
  std::string format_text;           // --format as given, for the run's record
  std::optional<Rules> rules;        // --rules; else the file's header's, else color-walk
  std::optional<std::string> start;  // --start; else the file's header's, else 0,0
  bool spread_search = true;
  std::size_t threads = 1;
  std::uint64_t memory_mib = 1024;
  double seconds = 600;
  std::size_t beam = 4;  // astar's default
  std::string out;    // the results CSV; empty: standard output
  std::string stats;  // the per-board MPI figures; empty: none
  bool overwrite = false;
};

const char* const kHelp =
    R"(colorwalk-mpi: Color Walk boards solved exactly by the ranks of an MPI run

  mpirun -np R colorwalk-mpi --boards FILE [options]
  srun -n R colorwalk-mpi --boards FILE [options]

Every rank runs it. With --spread search (the default) each board is one A*
search (the astar solver) spread over every rank: each rank owns a hash
range of the states and stores only those, so R ranks hold about R times
the nodes one process holds, and each runs --threads threads. With --spread
boards the boards are shared out instead, rank r solving boards r, r + R, ...
on its own. Every answer is replayed; rank 0 writes one CSV, in board order:
the results CSV of `colorwalk solve --csv` (the run's record in its first
row, the solver column the astar spec used), so `colorwalk merge` and the
reports read it. The moves and proofs are those of `colorwalk solve --solver
astar`. peak_mib is the largest rank's peak with --spread search; what the
ranks sent each other is written to --mpi-stats.

Options:
  --boards FILE         a board file (grid, line or flood-it-boards; repeatable)
  --format F            grid, line or flood-it-boards (default: detected)
  --rules R             color-walk or flood-it (default: what the board file's
                        header states, else color-walk)
  --start CELL          start cell ROW,COL or center (default: what the header
                        states, else 0,0)
  --spread WHAT         search (one search over every rank, the default) or
                        boards (the boards shared out across ranks)
  --threads T           threads of each rank's share of a search (default 1)
  --memory-limit SIZE   memory of each rank's share of a search: BYTES, or a
                        number with KiB, MiB or GiB (default 1GiB)
  --seconds S           time limit per board, 0: none (default 600)
  --beam W              astar's first beam width, for the bound to beat; wider
                        beams follow as astar's widenings say (default 4)
  --out FILE            the results CSV (default: standard output)
  --mpi-stats FILE      a CSV of each board's ranks, threads, spread, seconds,
                        largest rank peak and the bytes, messages and phases
                        the ranks exchanged
  --overwrite           replace a non-empty --out or --mpi-stats file (else
                        refused with exit 2)
  --help                this text

Exit status: 0 every board proven; 1 a board left unproven by a rank's memory
limit or the time limit (named on stderr; its best answer is in the CSV);
2 bad usage or input; 130/143 stopped by SIGINT/SIGTERM (the boards done are
written). A rank that dies ends the run through the launcher.
)";

std::uint64_t parse_size(const std::string& text) {
  std::size_t used = 0;
  double value = 0;
  try {
    value = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  const std::string unit = text.substr(used);
  double scale = 0;
  if (unit.empty() || unit == "B")
    scale = 1;
  else if (unit == "KiB")
    scale = 1024.0;
  else if (unit == "MiB")
    scale = 1024.0 * 1024;
  else if (unit == "GiB")
    scale = 1024.0 * 1024 * 1024;
  if (used == 0 || scale == 0 || value <= 0)
    throw UsageError(
        "--memory-limit must be BYTES or a number with KiB, MiB or GiB (e.g. 4GiB), got '" + text +
        "'");
  return static_cast<std::uint64_t>(value * scale);
}

Options parse_options(int argc, char** argv, bool& help) {
  Options o;
  help = false;
  for (int a = 1; a < argc; ++a) {
    const std::string arg = argv[a];
    const auto value = [&]() -> std::string {
      if (a + 1 >= argc) throw UsageError(arg + " needs a value (see --help)");
      return argv[++a];
    };
    const auto count = [&](const std::string& text, long long lo, long long hi) {
      char* end = nullptr;
      const long long n = std::strtoll(text.c_str(), &end, 10);
      if (text.empty() || *end != '\0' || n < lo || n > hi)
        throw UsageError(arg + " must be a whole number from " + std::to_string(lo) + " to " +
                         std::to_string(hi) + ", got '" + text + "'");
      return static_cast<std::size_t>(n);
    };
    if (arg == "--help" || arg == "-h") {
      help = true;
    } else if (arg == "--boards") {
      o.boards.push_back(value());
    } else if (arg == "--format") {
      const std::string f = value();
      o.format = parse_format(f);
      o.format_text = f;
      if (!o.format)
        throw UsageError("--format must be grid, line or flood-it-boards, got '" + f + "'");
    } else if (arg == "--rules") {
      const std::string r = value();
      const auto rules = parse_rules(r);
      if (!rules) throw UsageError("--rules must be color-walk or flood-it, got '" + r + "'");
      o.rules = *rules;
    } else if (arg == "--start") {
      const std::string s = value();
      if (!StartSpec::parse(s))
        throw UsageError("--start must be ROW,COL or center, got '" + s + "'");
      o.start = s;
    } else if (arg == "--spread") {
      const std::string s = value();
      if (s != "search" && s != "boards")
        throw UsageError("--spread must be search or boards, got '" + s + "'");
      o.spread_search = s == "search";
    } else if (arg == "--threads") {
      o.threads = count(value(), 1, 1024);
    } else if (arg == "--memory-limit") {
      const std::uint64_t bytes = parse_size(value());
      if (bytes < (std::uint64_t{16} << 20))
        throw UsageError("--memory-limit must be at least 16MiB (astar's smallest), got '" +
                         std::string(argv[a]) + "'");
      o.memory_mib = bytes >> 20;
    } else if (arg == "--seconds") {
      const std::string s = value();
      char* end = nullptr;
      o.seconds = std::strtod(s.c_str(), &end);
      if (s.empty() || *end != '\0' || !(o.seconds >= 0))
        throw UsageError("--seconds must be a number of seconds, 0 for none, got '" + s + "'");
    } else if (arg == "--beam") {
      o.beam = count(value(), 0, 1 << 20);
    } else if (arg == "--out") {
      o.out = value();
    } else if (arg == "--mpi-stats") {
      o.stats = value();
    } else if (arg == "--overwrite") {
      o.overwrite = true;
    } else {
      throw UsageError("unknown argument '" + arg + "' (see --help)");
    }
  }
  if (!help && o.boards.empty()) throw UsageError("no boards: give --boards FILE (see --help)");
  return o;
}

// astar's A* spread over the ranks of MPI_COMM_WORLD (search::mpi), each
// rank running `threads` threads; what the ranks exchanged and held is kept
// for the board's row.
class DistributedRunner final : public AStarRunner {
 public:
  explicit DistributedRunner(std::size_t threads) : threads_(threads), executor_(threads) {}

  bool begin(bool ready) override {
    int all = ready ? 1 : 0;
    MPI_Allreduce(MPI_IN_PLACE, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    return all == 1;
  }

  AStarRun run(const ExactDomain& domain, const AStarBoundedCost& cost,
               const search::Limits& limits) override {
    const std::uint64_t refusals = workspace_.refusals();
    search::mpi::DistributedBestFirstSearch<ExactDomain, const AStarBoundedCost,
                                            search::ThreadExecutor>
        astar(domain, workspace_, cost, executor_, threads_, MPI_COMM_WORLD);
    astar.start(domain.initial_state(), limits);
    AStarRun out;
    out.status = astar.run();
    out.stats = astar.stats();
    if (out.status == search::Status::kSolved) {
      astar.path_to(astar.goal(), out.goal_path);
    } else if (out.status != search::Status::kExhausted) {
      const search::NodeId best = astar.best_open();
      if (best != search::kNoNode) {
        out.has_open = true;
        astar.path_to(best, out.open_path);
        astar.state_of(best, out.open_state);
      }
      out.smallest_open_key = astar.smallest_open_key();
    }
    // The ranks whose memory limit refused memory, and what they sent and held.
    std::uint64_t mine[3] = {workspace_.refusals() > refusals ? 1u : 0u,
                             astar.exchange_stats().bytes_sent,
                             astar.exchange_stats().messages_sent};
    std::uint64_t sums[3] = {};
    MPI_Allreduce(mine, sums, 3, MPI_UINT64_T, MPI_SUM, MPI_COMM_WORLD);
    std::uint64_t peak = astar.local_stats().peak_bytes;
    MPI_Allreduce(MPI_IN_PLACE, &peak, 1, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD);
    last_.ranks_refused = sums[0];
    last_.bytes_sent = sums[1];
    last_.messages_sent = sums[2];
    last_.rank_peak_bytes = peak;
    last_.phases = astar.local_stats().phases;
    return out;
  }

  struct Last {
    std::uint64_t ranks_refused = 0;  // ranks whose memory limit refused memory
    std::uint64_t bytes_sent = 0;     // record bytes all ranks sent to others
    std::uint64_t messages_sent = 0;
    std::uint64_t rank_peak_bytes = 0;  // the largest rank's peak
    std::uint64_t phases = 0;
  };
  // What the last search did (reset before each board).
  Last& last() noexcept { return last_; }

 private:
  std::size_t threads_;
  search::ThreadExecutor executor_;
  search::mpi::DistributedWorkspace workspace_;
  Last last_;
};

// One board's result as the results CSV has it, and its MPI figures.
struct Row {
  BoardResult result;
  std::string stats;  // the --mpi-stats line, without the newline
  bool unproven = false;
};

// The header of --mpi-stats: a board (its index, as the results CSV's
// `board`) and what its search's ranks did.
constexpr std::string_view kStatsHeader =
    "board,ranks,threads,spread,seconds,rank_peak_mib,bytes_sent,messages_sent,phases";

// A row as one line of words for MPI_Gatherv (--spread boards); the
// solution is written after a '=', so that an empty one is a word too.
std::string encode_row(const Row& r) {
  const BoardResult& b = r.result;
  std::ostringstream line;
  line.precision(17);
  line << b.board << ' ' << (r.unproven ? 1 : 0) << ' ' << b.moves << " =" << b.solution << ' '
       << (b.proven_optimal ? 1 : 0) << ' ' << b.expanded << ' ' << b.seconds << ' '
       << b.peak_bytes.value_or(0) << ' ' << b.generated.value_or(0) << ' ' << b.pruned.value_or(0)
       << ' ' << (b.lower_bound ? static_cast<long long>(*b.lower_bound) : -1LL) << ' ' << r.stats;
  return line.str();
}

Row decode_row(const std::string& text) {
  std::istringstream in(text);
  Row r;
  BoardResult& b = r.result;
  int unproven = 0;
  int proven = 0;
  std::string solution;
  std::uint64_t peak = 0;
  std::uint64_t generated = 0;
  std::uint64_t pruned = 0;
  long long lower_bound = -1;
  in >> b.board >> unproven >> b.moves >> solution >> proven >> b.expanded >> b.seconds >> peak >>
      generated >> pruned >> lower_bound;
  in.get();
  std::getline(in, r.stats);
  if (!in && !in.eof()) throw std::runtime_error("a gathered row does not read back: " + text);
  r.unproven = unproven != 0;
  b.solution = solution.substr(1);
  b.proven_optimal = proven != 0;
  b.peak_bytes = peak;
  b.generated = generated;
  b.pruned = pruned;
  if (lower_bound >= 0) b.lower_bound = static_cast<std::uint32_t>(lower_bound);
  b.verified = true;  // replayed by the rank that solved it
  return r;
}

int run(const Options& o, int rank, int ranks) {
  // Every rank reads the boards (the same files) as `colorwalk solve
  // --boards` does; errors are the same on all.
  const auto source = load_file_source(o.boards, o.format);
  // The rules and start: given, or the ones the files' headers state; a
  // given one that contradicts a header is refused, as colorwalk does.
  const StatedRules stated = source->stated_rules();
  const auto parsed = stated.rules.empty() ? std::nullopt : parse_rules(stated.rules);
  const bool rules_stated = parsed.has_value();
  const Rules stated_rules = parsed.value_or(Rules::kColorWalk);
  if (o.rules && rules_stated && *o.rules != stated_rules)
    throw UsageError(stated.rules_file + " states rules=" + stated.rules + " but --rules " +
                     std::string(to_string(*o.rules)) + " was given: drop --rules, or give " +
                     stated.rules);
  if (o.start && !stated.start.empty() && *o.start != stated.start)
    throw UsageError(stated.start_file + " states start=" + stated.start + " but --start " +
                     *o.start + " was given: drop --start, or give " + stated.start);
  const std::string start_text = o.start                ? *o.start
                                 : stated.start.empty() ? "0,0"
                                                        : stated.start;
  const auto start = StartSpec::parse(start_text);
  if (!start)
    throw UsageError(stated.start_file + " states start=" + start_text + ", not ROW,COL or center");
  const std::size_t astar_threads = o.spread_search ? 1 : o.threads;
  const std::string spec =
      "astar:memory=" + std::to_string(o.memory_mib) + ",seconds=" + format_param(o.seconds) +
      ",beam=" + std::to_string(o.beam) + ",threads=" + std::to_string(astar_threads);
  // The run as its record (the CSV's provenance) states it: these boards,
  // rules and start, the one astar spec, one shard.
  BatchOptions options;
  options.rules = o.rules.value_or(stated_rules);
  options.start = *start;
  options.solvers = {builtin_solvers().parse(spec)};
  std::vector<Board> boards;
  boards.reserve(source->size());
  for (std::size_t i = 0; i < source->size(); ++i)
    boards.push_back(prepare_board(source->board(i), options));

  // Rank 0 opens the outputs before any board is solved (refusing to
  // replace results unless --overwrite), and every rank learns whether it could.
  std::unique_ptr<RunRecorder> recorder;
  LineFile stats_file;
  std::string provenance_text;
  std::string problem;
  int problem_status = kExitUsage;
  if (rank == 0) {
    try {
      if (!o.overwrite) {
        if (!o.out.empty())
          refuse_replacing(o.out, "--out " + o.out, "pass --overwrite to replace it");
        if (!o.stats.empty())
          refuse_replacing(o.stats, "--mpi-stats " + o.stats, "pass --overwrite to replace it");
      }
      std::error_code ec;
      if (!o.out.empty() && !o.stats.empty() &&
          std::filesystem::weakly_canonical(o.out, ec) ==
              std::filesystem::weakly_canonical(o.stats, ec))
        throw UsageError("--mpi-stats " + o.stats +
                         ": the same file as --out; give each output a file of its own");
      std::vector<std::string> source_args = {"--boards"};
      source_args.insert(source_args.end(), o.boards.begin(), o.boards.end());
      if (!o.format_text.empty()) {
        source_args.push_back("--format");
        source_args.push_back(o.format_text);
      }
      RecorderOptions outputs;
      outputs.csv = o.out;
      outputs.provenance = make_provenance(*source, options, std::move(source_args));
      provenance_text = outputs.provenance.encode();
      if (!o.out.empty()) recorder = std::make_unique<RunRecorder>(*source, options, outputs);
      if (!o.stats.empty()) {
        stats_file = LineFile::create(o.stats);
        stats_file.append(std::string(kStatsHeader) + "\n");
      }
      if (o.out.empty()) std::cout << kCsvHeader << std::endl;
    } catch (const OutputError& e) {
      problem = e.what();
      problem_status = kExitOutput;
    } catch (const UserError& e) {
      problem = e.what();
    }
  }
  int opened = problem.empty() ? kExitOk : problem_status;
  MPI_Bcast(&opened, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (opened != kExitOk) {
    if (rank == 0) std::fprintf(stderr, "colorwalk-mpi: %s\n", problem.c_str());
    return opened;
  }
  // Rank 0 hands each board's row on as soon as it has it, in board order.
  const std::string spec_text = spec_texts(options.solvers).front();
  std::size_t written = 0;
  std::string text;
  const auto write_row = [&](const Row& r) {
    if (recorder) {
      recorder->on_board({&r.result, 1});
    } else {
      text.clear();
      append_csv_row(text, r.result, spec_text, written == 0 ? provenance_text : "");
      std::cout << text << std::flush;
    }
    if (stats_file.is_open()) stats_file.append(r.stats + "\n");
    ++written;
  };

  const auto solver = builtin_solvers().parse(spec).make();
  DistributedRunner runner(o.threads);
  if (o.spread_search) set_astar_runner(&runner);

  int status = kExitOk;
  std::vector<Row> rows;  // --spread boards: this rank's, until gathered
  bool interrupted = false;
  for (std::size_t i = 0; i < boards.size(); ++i) {
    if (!o.spread_search && i % static_cast<std::size_t>(ranks) != static_cast<std::size_t>(rank))
      continue;
    if (o.spread_search) {
      // Every rank stops before the same board.
      int stop = stop_requested.load() ? 1 : 0;
      MPI_Allreduce(MPI_IN_PLACE, &stop, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
      if (stop != 0) {
        interrupted = true;
        break;
      }
    } else if (stop_requested.load()) {
      interrupted = true;
      break;
    }
    const Board& board = boards[i];
    const ClusterGraph graph(board);
    SolveContext context;
    context.cancel = &stop_requested;
    context.workers = astar_threads;
    runner.last() = {};
    const auto begin = std::chrono::steady_clock::now();
    const Solution s = solver->solve(graph, context);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
    int stop = stop_requested.load() ? 1 : 0;
    if (o.spread_search)  // every rank takes the board as a result, or none does
      MPI_Allreduce(MPI_IN_PLACE, &stop, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (stop != 0 && !s.proven_optimal) {
      interrupted = true;  // cut short: not a result
      break;
    }
    const ReplayResult replayed = replay(graph, s.moves);
    if (!replayed.ok())  // never expected: a solver's answer that does not replay
      throw std::runtime_error("board " + std::to_string(i) + ": the answer does not replay: " +
                               replayed.describe(board, s.moves));
    const auto& last = runner.last();
    Row row;
    BoardResult& b = row.result;
    b.board = i;
    b.name = source->name(i);
    b.moves = s.moves.size();
    b.solution = moves_to_string(board, s.moves);
    b.proven_optimal = s.proven_optimal;
    b.expanded = s.expanded;
    b.seconds = seconds;
    b.verified = true;
    b.peak_bytes = o.spread_search ? last.rank_peak_bytes : s.peak_bytes;
    b.generated = s.generated;
    b.pruned = s.pruned;
    if (s.proven_optimal)
      b.lower_bound = static_cast<std::uint32_t>(s.moves.size());
    else if (s.lower_bound > 0)
      b.lower_bound = s.lower_bound;
    std::ostringstream stats;
    stats << i << ',' << (o.spread_search ? ranks : 1) << ',' << o.threads << ','
          << (o.spread_search ? "search" : "boards") << ',' << std::fixed << std::setprecision(6)
          << seconds << ','
          << format_peak_mib(b.peak_bytes) << ',' << last.bytes_sent << ',' << last.messages_sent
          << ',' << last.phases;
    row.stats = stats.str();
    row.unproven = !s.proven_optimal;
    if (row.unproven && (o.spread_search ? rank == 0 : true)) {
      std::string why = "a limit";
      if (o.spread_search && last.ranks_refused > 0)
        why = std::to_string(last.ranks_refused) + " of " + plural(ranks, "rank") +
              " reached the memory limit (--memory-limit " + std::to_string(o.memory_mib) +
              "MiB a rank; give more, or run more ranks)";
      else if (!o.spread_search)
        why = "a limit (--memory-limit " + std::to_string(o.memory_mib) + "MiB or --seconds " +
              format_param(o.seconds) + ")";
      else
        why = "the time limit (--seconds " + format_param(o.seconds) + ")";
      const std::string where = b.name.empty() ? source->describe() : b.name;
      std::fprintf(stderr,
                   "colorwalk-mpi: board %zu (%s): not proven: %s; its best answer, %zu moves, is "
                   "in the CSV\n",
                   i, where.c_str(), why.c_str(), s.moves.size());
    }
    if (!o.spread_search) {
      rows.push_back(std::move(row));
    } else if (rank == 0) {
      if (row.unproven) status = kExitUnproven;
      write_row(row);
    }
  }
  if (!o.spread_search) {
    // Rank 0 gathers every rank's rows, a line each.
    std::string mine;
    for (const Row& r : rows)
      mine += encode_row(r) + '\n';
    int length = static_cast<int>(mine.size());
    std::vector<int> lengths(static_cast<std::size_t>(ranks));
    MPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
    std::vector<int> displs(static_cast<std::size_t>(ranks));
    std::string all;
    if (rank == 0) {
      int at = 0;
      for (int p = 0; p < ranks; ++p) {
        displs[static_cast<std::size_t>(p)] = at;
        at += lengths[static_cast<std::size_t>(p)];
      }
      all.resize(static_cast<std::size_t>(at));
    }
    MPI_Gatherv(mine.data(), length, MPI_CHAR, all.data(), lengths.data(), displs.data(), MPI_CHAR,
                0, MPI_COMM_WORLD);
    int stopped = interrupted ? 1 : 0;
    MPI_Allreduce(MPI_IN_PLACE, &stopped, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    interrupted = stopped != 0;
    if (rank == 0) {
      rows.clear();
      std::istringstream in(all);
      for (std::string line; std::getline(in, line);) {
        rows.push_back(decode_row(line));
        rows.back().result.name = source->name(rows.back().result.board);
      }
      std::sort(rows.begin(), rows.end(),
                [](const Row& a, const Row& b) { return a.result.board < b.result.board; });
      // The boards in order up to the first one missing (a rank stopped
      // early), so that the CSV holds a prefix of the run, as solve's does.
      for (std::size_t k = 0; k < rows.size() && rows[k].result.board == k; ++k) {
        if (rows[k].unproven) status = kExitUnproven;
        write_row(rows[k]);
      }
    }
  }
  set_astar_runner(nullptr);

  // Rank 0 closes the outputs and decides the exit status of every rank.
  if (rank == 0) {
    try {
      if (recorder)
        recorder->finish(!interrupted, {{"source", source->describe()},
                                        {"rules", std::string(to_string(options.rules))},
                                        {"start", canonical_start(options.start)},
                                        {"shard", options.shard.text()},
                                        {"solver_seed", "0"}});
      if (stats_file.is_open()) stats_file.close();
      if (!std::cout.flush()) throw OutputError("cannot write standard output");
      if (interrupted) {
        const int signal = stop_signal == SIGTERM ? SIGTERM : SIGINT;
        std::fprintf(stderr, "colorwalk-mpi: stopped by %s: %zu of %zu boards done and written\n",
                     signal == SIGTERM ? "SIGTERM" : "SIGINT", written, boards.size());
        status = 128 + signal;
      }
    } catch (const OutputError& e) {
      std::fprintf(stderr, "colorwalk-mpi: %s\n", e.what());
      status = kExitOutput;
    }
  }
  MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  int rank = 0;
  int ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  std::signal(SIGINT, on_stop_signal);
  std::signal(SIGTERM, on_stop_signal);
  int status = kExitOk;
  try {
    bool help = false;
    const Options o = parse_options(argc, argv, help);
    if (help) {
      if (rank == 0) std::fputs(kHelp, stdout);
    } else {
      status = run(o, rank, ranks);
    }
  } catch (const UsageError& e) {
    if (rank == 0) std::fprintf(stderr, "colorwalk-mpi: %s\n", e.what());
    status = kExitUsage;
  } catch (const UserError& e) {
    if (rank == 0) std::fprintf(stderr, "colorwalk-mpi: %s\n", e.what());
    status = kExitUsage;
  } catch (const std::bad_alloc&) {
    // This rank alone ran out: end every rank now, with one message.
    std::fprintf(stderr, "colorwalk-mpi: rank %d ran out of memory; ending every rank\n", rank);
    MPI_Abort(MPI_COMM_WORLD, 1);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "colorwalk-mpi: rank %d: %s; ending every rank\n", rank, e.what());
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  MPI_Finalize();
  return status;
}
