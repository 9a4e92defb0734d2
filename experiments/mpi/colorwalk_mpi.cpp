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
// solving boards r, r + R, ... alone. Either way rank 0 replays every
// answer and writes the one CSV, in board order.
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
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "exact/astar_runner.hpp"
#include "game/board_io.hpp"
#include "game/cluster_graph.hpp"
#include "game/replay.hpp"
#include "game/wording.hpp"
#include "registry/registry.hpp"
#include "search/executor.hpp"
#include "search/mpi/distributed_best_first.hpp"

using namespace colorwalk;

namespace {

constexpr int kExitOk = 0;
constexpr int kExitUnproven = 1;
constexpr int kExitUsage = 2;
constexpr int kExitOutput = 3;

std::atomic<bool> stop_requested{false};
volatile std::sig_atomic_t stop_signal = 0;

extern "C" void on_stop_signal(int signal) {
  stop_signal = signal;
  stop_requested.store(true, std::memory_order_relaxed);
}

struct Options {
  std::vector<std::string> boards;
  std::optional<BoardFormat> format;
  std::optional<Rules> rules;        // --rules; else the file's header's, else color-walk
  std::optional<std::string> start;  // --start; else the file's header's, else 0,0
  bool spread_search = true;
  std::size_t threads = 1;
  std::uint64_t memory_mib = 1024;
  double seconds = 600;
  std::size_t beam = 16;
  std::string out;  // empty: standard output
  bool force = false;
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
on its own. Rank 0 replays every answer and writes one CSV, in board order.
The moves and proofs are those of `colorwalk solve --solver astar`.

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
  --beam W              astar's beam width for the bound to beat (default 16)
  --out FILE            the CSV (default: standard output); an existing file
                        is kept unless --force
  --force               overwrite --out
  --help                this text

Exit status: 0 every board proven; 1 a board left unproven by a rank's memory
limit or the time limit (named on stderr; its best answer is in the CSV);
2 bad usage or input; 130/143 stopped by SIGINT/SIGTERM (the boards done are
written). A rank that dies ends the run through the launcher.
)";

class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

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
    } else if (arg == "--force") {
      o.force = true;
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

struct Row {
  std::size_t index = 0;  // in the run, from 0
  std::string text;       // the CSV line, without the newline
  bool unproven = false;
};

std::string csv_header() {
  return "board,file,width,height,colors,length,moves,proven_optimal,expanded,seconds,ranks,"
         "threads,spread,rank_peak_mib,bytes_sent,messages_sent,phases";
}

int run(const Options& o, int rank, int ranks) {
  // Every rank reads the boards (the same file); errors are the same on all.
  struct Item {
    std::string file;
    Board board;
  };
  std::vector<Item> items;
  for (const std::string& path : o.boards) {
    BoardFile file = load_board_file(path, o.format);
    // The rules and start: given, or the ones the file's header states; a
    // given one that contradicts the header is refused, as colorwalk does.
    const auto stated = file.stated_rules.empty() ? std::nullopt : parse_rules(file.stated_rules);
    if (o.rules && stated && *o.rules != *stated)
      throw UsageError(path + " states rules=" + file.stated_rules + " but --rules " +
                       std::string(to_string(*o.rules)) + " was given: drop --rules, or give " +
                       file.stated_rules);
    if (o.start && !file.stated_start.empty() && *o.start != file.stated_start)
      throw UsageError(path + " states start=" + file.stated_start + " but --start " + *o.start +
                       " was given: drop --start, or give " + file.stated_start);
    const Rules rules = o.rules ? *o.rules : stated ? *stated : Rules::kColorWalk;
    const std::string start_text = o.start                     ? *o.start
                                   : file.stated_start.empty() ? "0,0"
                                                               : file.stated_start;
    const auto start = StartSpec::parse(start_text);
    if (!start) throw UsageError(path + " states start=" + start_text + ", not ROW,COL or center");
    for (Board& b : file.boards) {
      b.set_rules(rules, *start);
      items.push_back({path, std::move(b)});
    }
  }
  // Rank 0 opens the CSV before any board is solved, and every rank learns
  // whether it could.
  std::ofstream file;
  std::string problem;
  if (rank == 0 && !o.out.empty()) {
    if (!o.force && std::filesystem::exists(o.out))
      problem = "--out " + o.out + " exists: give --force to overwrite it, or another file";
    else if (file.open(o.out, std::ios::trunc); !file)
      problem = "cannot write --out " + o.out + ": check the folder exists and is writable";
  }
  int opened = problem.empty() ? 1 : 0;
  MPI_Bcast(&opened, 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (opened == 0) {
    if (rank == 0) std::fprintf(stderr, "colorwalk-mpi: %s\n", problem.c_str());
    return kExitUsage;
  }
  const auto& solvers = builtin_solvers();
  const std::size_t astar_threads = o.spread_search ? 1 : o.threads;
  const std::string spec =
      "astar:memory=" + std::to_string(o.memory_mib) + ",seconds=" + format_param(o.seconds) +
      ",beam=" + std::to_string(o.beam) + ",threads=" + std::to_string(astar_threads);
  const auto solver = solvers.parse(spec).make();
  DistributedRunner runner(o.threads);
  if (o.spread_search) set_astar_runner(&runner);

  std::vector<Row> rows;
  bool interrupted = false;
  for (std::size_t i = 0; i < items.size(); ++i) {
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
    const Board& board = items[i].board;
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
      throw std::runtime_error("board " + std::to_string(i + 1) + ": the answer does not replay: " +
                               replayed.describe(board, s.moves));
    const auto& last = runner.last();
    std::ostringstream line;
    line << (i + 1) << ',' << items[i].file << ',' << board.width() << ',' << board.height() << ','
         << board.colors() << ',' << s.moves.size() << ',' << moves_to_string(board, s.moves) << ','
         << (s.proven_optimal ? 1 : 0) << ',' << s.expanded << ',' << seconds << ','
         << (o.spread_search ? ranks : 1) << ',' << o.threads << ','
         << (o.spread_search ? "search" : "boards") << ','
         << static_cast<double>(o.spread_search ? last.rank_peak_bytes : s.peak_bytes) / (1 << 20)
         << ',' << last.bytes_sent << ',' << last.messages_sent << ',' << last.phases;
    Row row{i, line.str(), !s.proven_optimal};
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
      std::fprintf(stderr,
                   "colorwalk-mpi: board %zu (%s): not proven: %s; its best answer, %zu moves, is "
                   "in the CSV\n",
                   i + 1, items[i].file.c_str(), why.c_str(), s.moves.size());
    }
    if (o.spread_search ? rank == 0 : true) rows.push_back(std::move(row));
  }
  if (!o.spread_search) {
    // Rank 0 gathers every rank's rows (index, unproven, text per line).
    std::string mine;
    for (const Row& r : rows)
      mine += std::to_string(r.index) + ' ' + (r.unproven ? '1' : '0') + ' ' + r.text + '\n';
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
    rows.clear();
    std::istringstream in(all);
    std::string text;
    while (std::getline(in, text)) {
      Row r;
      const auto space = text.find(' ');
      r.index = std::stoull(text.substr(0, space));
      r.unproven = text[space + 1] == '1';
      r.text = text.substr(space + 3);
      rows.push_back(std::move(r));
    }
    std::sort(rows.begin(), rows.end(),
              [](const Row& a, const Row& b) { return a.index < b.index; });
  }
  set_astar_runner(nullptr);

  // Rank 0 writes the CSV and decides the exit status of every rank.
  int status = kExitOk;
  if (rank == 0) {
    std::ostream& out = o.out.empty() ? std::cout : file;
    out << csv_header() << '\n';
    for (const Row& r : rows) {
      out << r.text << '\n';
      if (r.unproven) status = kExitUnproven;
    }
    out.flush();
    if (!out) {
      std::fprintf(stderr, "colorwalk-mpi: cannot write %s (disk full?)\n",
                   o.out.empty() ? "standard output" : o.out.c_str());
      status = kExitOutput;
    } else if (interrupted) {
      const int signal = stop_signal == SIGTERM ? SIGTERM : SIGINT;
      std::fprintf(stderr, "colorwalk-mpi: stopped by %s: %zu of %zu boards done and written\n",
                   signal == SIGTERM ? "SIGTERM" : "SIGINT", rows.size(), items.size());
      status = 128 + signal;
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
