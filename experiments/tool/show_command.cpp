// colorwalk show: draws a board and the replay of a solution on it, in the
// terminal (ANSI colours) and as a self-contained HTML page. The solution
// comes from the command line, a solutions file, a results CSV or a solver
// run now; it is replayed on the engine (views/board_replay.hpp).
#include <unistd.h>

#include <cstdlib>
#include <iostream>
#include <sstream>

#include "game/replay.hpp"
#include "game/wording.hpp"
#include "results/csv_reader.hpp"
#include "results/output_file.hpp"
#include "tool/commands.hpp"
#include "tool/options.hpp"
#include "views/board_replay.hpp"
#include "views/html_page.hpp"
#include "views/terminal_view.hpp"

namespace colorwalk::cli {

namespace {

constexpr const char* kShowUsage =
    "usage: colorwalk show SOURCE [--board N | --board-name NAME] [RULES]\n"
    "                      [--moves SYMBOLS | --solutions FILE | --csv FILE [--solver SPEC]\n"
    "                       | --solver SPEC] [--frame N | --final] [--color WHEN]\n"
    "                      [--cell-colors] [--html FILE [--overwrite]]\n"
    "\n"
    "Draws one board of SOURCE and, given a solution, its replay on the engine: the\n"
    "board, then the region after each move (one frame with --frame N or --final).\n"
    "Each cell is two columns: its symbol outside the region, blank inside it, '+'\n"
    "where the frame's move absorbed it; with colours, the region shows in the\n"
    "colour of the last move. --html writes one page (no network needed) that\n"
    "replays the moves with step and play controls; it opens at #move=N or\n"
    "#move=last when the address ends so.\n"
    "\n"
    "The solution: --moves on the command line; the board's line of a solutions\n"
    "file (one line per board of SOURCE, in board order, as verify reads); the\n"
    "board's row of a results CSV (--solver SPEC picks the row when the run had\n"
    "several solvers; without SOURCE the boards, rules and start are the ones the\n"
    "CSV records); or --solver SPEC alone: that solver is run on the board now, as\n"
    "solve runs it. Moves that clear nothing are refused unless --allow-wasted is\n"
    "given or the solver plays them; moves that stop short of clearing the board\n"
    "are shown as they are.\n"
    "\n"
    "Examples:\n"
    "  colorwalk show --articles 1 --solver greedy --final\n"
    "  colorwalk show --random 1 --size 14x14 --colors 6 --rules flood-it --solver astar \\\n"
    "      --html board.html\n"
    "  colorwalk show --csv out.csv --board 7 --solver greedy --frame 3\n"
    "\n"
    "Exit status: 0 success, 1 the solver failed on the board, 2 bad usage or input\n"
    "(a move that is not a colour of the board or clears nothing, named by file,\n"
    "line and move), 3 an output that cannot be written.\n";

// Where the moves come from, for captions and for errors.
struct Solution {
  std::vector<Color> moves;
  std::string file;        // what errors name: a file, or the option
  std::uint64_t line = 0;  // its line, 0 for none
  std::string caption;     // ViewCaption::solution
  bool wasted_allowed = false;
};

bool solver_plays_wasted_moves(const std::string& spec) {
  try {
    return builtin_solvers().parse(spec).info->wasted_moves;
  } catch (const SpecError&) {
    return false;  // a solver of another build: replayed strictly
  }
}

// The board index --board or --board-name names.
std::size_t pick_board(const po::variables_map& vm, const BoardSource& source) {
  if (vm.count("board-name")) {
    const auto name = vm["board-name"].as<std::string>();
    std::string names;
    for (std::size_t i = 0; i < source.size(); ++i) {
      const std::string own = source.name(i);
      if (own == name) return i;
      if (i < 5 && !own.empty()) names += (names.empty() ? "" : ", ") + own;
    }
    if (names.empty())
      throw UsageError("--board-name " + name + ": the boards of " + source.describe() +
                       " have no names (boards read with --boards have): give --board N");
    throw UsageError("--board-name " + name + ": no board of " + source.describe() +
                     " has that name (its boards: " + names + (source.size() > 5 ? ", ..." : "") +
                     ")");
  }
  const std::uint64_t index = vm["board"].as<Count>().value;
  if (index >= source.size())
    throw UsageError("--board " + std::to_string(index) + ": " + source.describe() + " has " +
                     plural(source.size(), "board") + ", numbered from 0 to " +
                     std::to_string(source.size() - 1));
  return static_cast<std::size_t>(index);
}

// Reads the results CSV up to board `index` (from `rows`, the first board's
// rows, on) and returns its row of `solver` (the only solver when empty).
CsvRow find_csv_row(ResultsCsvReader& reader, std::vector<CsvRow>& rows, std::size_t index,
                    const std::string& solver) {
  const std::string& path = reader.path();
  for (bool more = !rows.empty(); more; more = reader.next_board(rows)) {
    if (rows.front().result.board < index) continue;
    if (rows.front().result.board > index) break;
    std::string solvers;
    for (const CsvRow& row : rows) {
      if (row.solver == solver || (solver.empty() && rows.size() == 1)) return row;
      solvers += (solvers.empty() ? "" : ", ") + row.solver;
    }
    throw UsageError(path + ": board " + std::to_string(index) + " has rows of " + solvers +
                     (solver.empty() ? ": give --solver SPEC to pick one"
                                     : ", not of --solver " + solver + ": give one of those"));
  }
  throw InputError(path, 0,
                   "has no row of board " + std::to_string(index) +
                       " (a run that was stopped or a shard of other boards?)");
}

bool want_color(const po::variables_map& vm) {
  const auto when = vm["color"].as<std::string>();
  if (when == "always") return true;
  if (when == "never") return false;
  if (when != "auto") throw UsageError("--color must be auto, always or never, got '" + when + "'");
  const char* no_color = std::getenv("NO_COLOR");
  const char* term = std::getenv("TERM");
  return ::isatty(STDOUT_FILENO) == 1 && (no_color == nullptr || *no_color == '\0') &&
         (term == nullptr || std::string(term) != "dumb");
}

}  // namespace

int cmd_show(int argc, char** argv) {
  po::options_description desc("Options");
  // clang-format off
  desc.add_options()
      ("board", po::value<Count>()->default_value(Count{0}, "0")->value_name("N"),
       "the board of SOURCE to show, from 0")
      ("board-name", po::value<std::string>()->value_name("NAME"),
       "the board of that name (boards read with --boards are named by their file, with "
       ":K when a file holds several)")
      ("moves", po::value<std::string>()->value_name("SYMBOLS"),
       "the solution: its moves as the board's symbols, e.g. 3102...")
      ("solutions", po::value<std::string>()->value_name("FILE"),
       "the solution: the board's line of FILE, one line of moves per board of SOURCE")
      ("csv", po::value<std::string>()->value_name("FILE"),
       "the solution: the board's row of a results CSV (solve --csv); SOURCE, rules and "
       "start default to the ones it records")
      ("solver", po::value<std::string>()->value_name("SPEC"),
       "with --csv, the solver whose row to show; alone, run SPEC on the board now")
      ("solver-seed", po::value<std::uint64_t>()->value_name("S"),
       "seed of a randomised solver run now, as solve's (default 0)")
      ("allow-wasted", po::bool_switch(),
       "accept moves that clear nothing (as round-robin and random play them)")
      ("frame", po::value<Count>()->value_name("N"),
       "draw only the board after N moves (0: the board)")
      ("final", po::bool_switch(), "draw only the board after the last move")
      ("color", po::value<std::string>()->default_value("auto")->value_name("WHEN"),
       "ANSI colours: auto (when standard output is a terminal and NO_COLOR is unset), "
       "always or never")
      ("cell-colors", po::bool_switch(),
       "print each frame's cell colours as #rrggbb, a board row per line, instead of "
       "drawing it: the colours the page draws (scripts/check-show-page.sh checks "
       "screenshots against them)")
      ("html", po::value<std::string>()->value_name("FILE"),
       "write the page that replays the solution to FILE; frames are then printed only "
       "when --frame, --final or --cell-colors asks")
      ("overwrite", po::bool_switch(),
       "replace --html FILE when it exists and is not empty (without it, refused)");
  // clang-format on
  desc.add(source_options()).add(rules_options());
  po::variables_map vm;
  if (!parse(argc, argv, desc, vm, kShowUsage)) return kExitOk;

  const int solution_sources =
      static_cast<int>(vm.count("moves") + vm.count("solutions") + vm.count("csv"));
  if (solution_sources > 1) throw UsageError("give only one of --moves, --solutions and --csv");
  if (vm.count("solver") && (vm.count("moves") || vm.count("solutions")))
    throw UsageError("--solver goes alone (run it now) or with --csv (its row), not with " +
                     std::string(vm.count("moves") ? "--moves" : "--solutions"));
  if (vm.count("solver-seed") && !(vm.count("solver") && !vm.count("csv")))
    throw UsageError("--solver-seed is for a solver run now: --solver SPEC without --csv");
  if (vm.count("frame") && vm["final"].as<bool>())
    throw UsageError("give --frame N or --final, not both");
  if (vm.count("board") && !vm["board"].defaulted() && vm.count("board-name"))
    throw UsageError("give --board N or --board-name NAME, not both");
  const bool color = want_color(vm);
  std::vector<std::string> inputs;
  for (const char* option : {"solutions", "csv"})
    if (vm.count(option)) inputs.push_back(vm[option].as<std::string>());
  if (vm.count("html")) {
    check_output_paths(vm, {{"--html", vm["html"].as<std::string>()}}, inputs);
    refuse_replacing_outputs(vm, {{"--html", vm["html"].as<std::string>()}},
                             "pass --overwrite to replace it");
  }

  // The source and rules: as given, else as the CSV records them.
  BatchOptions options;
  RunRules given_rules = read_rules(vm, options);
  const bool source_given = vm.count("articles") + vm.count("random") + vm.count("boards") > 0;
  std::unique_ptr<BoardSource> source;
  std::unique_ptr<ResultsCsvReader> reader;
  std::vector<CsvRow> first_rows;
  if (vm.count("csv")) {
    reader = std::make_unique<ResultsCsvReader>(vm["csv"].as<std::string>());
    if (!reader->has_header() || !reader->next_board(first_rows))
      throw InputError(reader->path(), 0, "has no rows");
    const auto& run = reader->provenance();
    if (run) {
      const auto recorded = [&](const char* option, const std::string& value,
                                const std::string& ours) {
        if (!vm[option].defaulted() && value != ours)
          throw UsageError(reader->path() + " records --" + option + " " + value + ", not " + ours +
                           ": leave --" + option + " out to show its boards as solved");
      };
      const auto start = StartSpec::parse(run->start);
      const auto rules = parse_rules(run->rules);
      if (!start || !rules)
        throw InputError(reader->path(), first_rows.front().line,
                         "records rules '" + run->rules + "' and start '" + run->start +
                             "', which this build does not know");
      recorded("rules", run->rules, std::string(to_string(options.rules)));
      recorded("start", run->start, canonical_start(options.start));
      options.rules = *rules;
      options.start = *start;
    }
    if (source_given) {
      source = make_source(vm);
      if (run) {
        const std::string mismatch = source_mismatch(*run, *source);
        if (!mismatch.empty())
          throw UsageError(reader->path() + " holds rows of other boards: " + mismatch);
      }
    } else if (run && !run->source_args.empty()) {
      source = parse_source_words(run->source_args);
    } else {
      throw UsageError(reader->path() +
                       " does not record the options of its boards: give them (--articles N, "
                       "--random N ... or --boards FILE)");
    }
  } else {
    source = make_source(vm);
    apply_stated_rules(*source, options, given_rules);  // the board file's header's
  }
  check_start(*source, options);
  const std::size_t index = pick_board(vm, *source);
  const Board board = prepare_board(source->board(index), options);

  Solution solution;
  solution.wasted_allowed = vm["allow-wasted"].as<bool>();
  const auto take = [&](const std::string& symbols, std::string file, std::uint64_t line) {
    solution.file = std::move(file);
    solution.line = line;
    solution.moves = parse_moves(board, SolutionLine{line, symbols}, solution.file);
  };
  if (vm.count("moves")) {
    std::string symbols = vm["moves"].as<std::string>();
    for (char& c : symbols)
      c = normalize_symbol(c).value_or(c);
    take(symbols, "--moves", 0);
    solution.caption = "--moves";
  } else if (vm.count("solutions")) {
    const auto path = vm["solutions"].as<std::string>();
    const auto lines = load_solution_lines(path, source->size());
    if (index >= lines.size())
      throw InputError(path, 0,
                       "has " + std::to_string(lines.size()) + " solution lines, but board " +
                           std::to_string(index) + " is on line " + std::to_string(index + 1) +
                           " of its solutions (one line per board of " + source->describe() +
                           ", in board order)");
    take(lines[index].symbols, path, lines[index].line);
    solution.caption = path + " line " + std::to_string(lines[index].line);
  } else if (vm.count("csv")) {
    const CsvRow row = find_csv_row(*reader, first_rows, index,
                                    vm.count("solver") ? vm["solver"].as<std::string>() : "");
    take(row.result.solution, reader->path(), row.line);
    solution.caption =
        reader->path() + " line " + std::to_string(row.line) + " (" + row.solver + ")";
    solution.wasted_allowed |= solver_plays_wasted_moves(row.solver);
  } else if (vm.count("solver")) {
    const auto spec = vm["solver"].as<std::string>();
    options.solvers.push_back(builtin_solvers().parse(spec));
    RunSettings settings;
    if (vm.count("solver-seed")) settings.solver_seed = vm["solver-seed"].as<std::uint64_t>();
    apply_run_settings(settings, options);
    // Board `index` alone, as solve runs it (its random stream included).
    options.shard = Shard{index, source->size()};
    const std::vector<BoardResult> results = run_batch(*source, options);
    const BoardResult& result = results.at(0);
    if (!result.verified)
      throw std::runtime_error(spec + " failed on board " + std::to_string(index) + ": " +
                               result.error);
    take(result.solution, spec, 0);
    solution.caption = spec + ", solved now";
    solution.wasted_allowed |= options.solvers.front().info->wasted_moves;
  }

  // Every move is replayed on the engine first: one that clears nothing
  // (or comes after the board is cleared) is bad input.
  const ReplayResult verdict =
      replay(ClusterGraph(board), solution.moves,
             solution.wasted_allowed ? WastedMoves::kAllow : WastedMoves::kReject);
  if (verdict.problem == ReplayProblem::kWastedMove ||
      verdict.problem == ReplayProblem::kUnknownMove) {
    const bool after_clear = verdict.cells_left == 0;
    throw InputError(solution.file, solution.line,
                     verdict.describe(board, solution.moves) +
                         (after_clear || solution.wasted_allowed
                              ? ""
                              : " (--allow-wasted shows moves that clear nothing)"));
  }
  const BoardReplay view(board, std::move(solution.moves));

  ViewCaption caption;
  caption.board = "board " + std::to_string(index) +
                  (source->name(index).empty() ? "" : " (" + source->name(index) + ")") + " of " +
                  source->describe();
  caption.solution = solution.caption;

  // The frames to print.
  const std::size_t moves = view.moves().size();
  std::size_t first = 0;
  std::size_t last = moves;
  if (vm.count("frame")) {
    const std::uint64_t frame = vm["frame"].as<Count>().value;
    if (frame > moves)
      throw UsageError("--frame " + std::to_string(frame) + ": " +
                       (caption.solution.empty()
                            ? std::string("without a solution the board is the only frame, 0")
                            : "the solution has " + plural(moves, "move") +
                                  ", so its frames are 0 to " + std::to_string(moves)));
    first = last = static_cast<std::size_t>(frame);
  } else if (vm["final"].as<bool>()) {
    first = moves;
  }
  const bool print = !vm.count("html") || vm.count("frame") || vm["final"].as<bool>() ||
                     vm["cell-colors"].as<bool>();
  if (print) {
    if (vm["cell-colors"].as<bool>()) {
      for (std::size_t f = first; f <= last; ++f) {
        if (f > first) std::cout << "\n";
        write_cell_colors(std::cout, view, f);
      }
    } else {
      std::cout << caption.board << ": " << describe_board(board);
      if (!caption.solution.empty())
        std::cout << "; " << moves << (moves == 1 ? " move" : " moves") << " from "
                  << caption.solution;
      std::cout << "\n";
      for (std::size_t f = first; f <= last; ++f) {
        std::cout << "\n";
        write_terminal_frame(std::cout, view, f, color);
      }
    }
  }
  if (vm.count("html")) {
    const auto path = vm["html"].as<std::string>();
    std::ostringstream page;
    write_html_page(page, view, caption);
    write_output_file(path, page.str());
    std::cerr << "wrote " << path << ": " << caption.board << ", " << moves
              << (moves == 1 ? " move" : " moves") << "\n";
  }
  if (!caption.solution.empty() && !view.cleared())
    std::cerr << "colorwalk show: note: the moves leave "
              << plural(board.cell_count() - view.region_cells(moves), "cell")
              << " outside the region\n";
  return kExitOk;
}

}  // namespace colorwalk::cli
