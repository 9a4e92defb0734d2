// colorwalk: the command-line tool (SPEC section 7).
//
//   colorwalk list | gen | solve | verify | experiment   (--help on each)
//
// Exit status: 0 success, 1 a failure during the run, 2 bad usage or input.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "batch.hpp"
#include "cli.hpp"
#include "colorwalk/replay.hpp"
#include "experiments.hpp"
#include "report.hpp"

#ifndef COLORWALK_VERSION
#define COLORWALK_VERSION "unknown"
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
    "  solve        run solvers over the boards of a source; table, CSV\n"
    "  verify       replay a solution file on its boards\n"
    "  experiment   run a named, reproducible experiment (e.g. articles)\n"
    "\n"
    "exit status: 0 success, 1 a failure during the run, 2 bad usage or bad input\n";

// Opens FILE for writing or throws UsageError.
std::ofstream open_output(const std::string& path) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) throw UsageError("cannot write '" + path + "'");
  return out;
}

void finish_output(std::ofstream& out, const std::string& path) {
  out.close();
  if (!out) throw std::runtime_error("writing '" + path + "' failed");
}

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
      std::cout << "    " << p.name << "=" << p.default_value << "  [" << p.min << ".." << p.max
                << (p.integer ? ", integer" : "") << "]  " << p.help << "\n";
    }
  }
  std::cout << "\nspec syntax: NAME[:KEY=VALUE[,KEY=VALUE...]], e.g. "
               "greedy-look-ahead:depth=5\n";
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
      ("threads", po::value<unsigned>()->default_value(0)->value_name("N"),
       "worker threads (0: every core)")
      ("solver-seed", po::value<std::uint64_t>()->default_value(0)->value_name("S"),
       "base seed of the per-board random streams of randomised solvers")
      ("quiet,q", po::bool_switch(), "print nothing but errors");
  // clang-format on
  return d;
}

// Prints up to a few failures on stderr; returns how many there were.
std::size_t report_failures(const std::vector<BoardResult>& results,
                            const std::vector<SolverSpec>& specs) {
  std::size_t failures = 0;
  for (const BoardResult& r : results) {
    if (r.verified) continue;
    if (++failures <= 10)
      std::cerr << "colorwalk: board " << r.board << ", solver " << specs[r.solver].text << ": "
                << r.error << "\n";
  }
  if (failures > 10) std::cerr << "colorwalk: ... and " << failures - 10 << " more failures\n";
  return failures;
}

void write_csv(const std::string& path, const std::vector<BoardResult>& results,
               const std::vector<SolverSpec>& specs) {
  std::ofstream out = open_output(path);
  write_csv_header(out);
  for (const BoardResult& r : results)
    write_csv_row(out, r, specs[r.solver].text);
  finish_output(out, path);
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

int cmd_solve(int argc, char** argv) {
  po::options_description desc("Options");
  // clang-format off
  desc.add_options()
      ("solver", po::value<std::vector<std::string>>()->value_name("SPEC"),
       "solver spec NAME[:KEY=VALUE,...]; repeat for several (see colorwalk list)")
      ("csv", po::value<std::string>()->value_name("FILE"),
       "write one row per (board, solver): board,solver,moves,solution,proven_optimal,"
       "expanded,seconds,verified");
  // clang-format on
  desc.add(source_options()).add(rules_options()).add(run_options());
  po::variables_map vm;
  if (!parse(argc, argv, desc, vm,
             "usage: colorwalk solve SOURCE --solver SPEC [--solver SPEC ...] [RULES] "
             "[--threads N] [--csv FILE] [--quiet]\n\n"
             "Runs every solver on every board in parallel, replays every solution on the\n"
             "engine, and prints one row per solver: boards, min, mean, max, stdev (population),\n"
             "boards proven optimal, total solver seconds, nodes expanded."))
    return kExitOk;
  if (!vm.count("solver")) throw UsageError("give at least one --solver SPEC (see colorwalk list)");
  BatchOptions options;
  for (const auto& text : vm["solver"].as<std::vector<std::string>>())
    options.solvers.push_back(builtin_solvers().parse(text));
  read_rules(vm, options);
  options.threads = vm["threads"].as<unsigned>();
  options.solver_seed = vm["solver-seed"].as<std::uint64_t>();
  const bool quiet = vm["quiet"].as<bool>();
  const auto source = make_source(vm);
  check_start(*source, options);

  const auto start = std::chrono::steady_clock::now();
  const auto results = run_batch(*source, options);
  const double wall = seconds_since(start);
  if (vm.count("csv")) write_csv(vm["csv"].as<std::string>(), results, options.solvers);
  if (!quiet) {
    write_summary_table(std::cout, options.solvers, summarize(results, options.solvers.size()));
    std::cerr << "solved " << source->size() << " boards x " << options.solvers.size()
              << " solvers in " << wall << " s\n";
  }
  return report_failures(results, options.solvers) == 0 ? kExitOk : kExitFailure;
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

int run_articles(const po::variables_map& vm) {
  const auto& registry = builtin_solvers();
  BatchOptions options;
  std::vector<const PublishedRow*> rows;
  std::vector<const PublishedRow*> missing;
  for (const PublishedRow& row : articles_table()) {
    const auto colon = row.spec.find(':');
    if (registry.find(row.spec.substr(0, colon)) == nullptr) {
      missing.push_back(&row);
      continue;
    }
    rows.push_back(&row);
    options.solvers.push_back(registry.parse(row.spec));
  }
  options.threads = vm["threads"].as<unsigned>();
  options.solver_seed = vm["solver-seed"].as<std::uint64_t>();
  const bool quiet = vm["quiet"].as<bool>();
  const std::size_t boards = vm["boards"].as<std::size_t>();
  if (boards == 0) throw UsageError("--boards needs at least 1 board");
  const ArticlesSource source(boards);
  const std::string dir = vm["output-dir"].as<std::string>();
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw UsageError("cannot create output directory '" + dir + "': " + ec.message());
  const std::string csv = dir + "/articles.csv";

  const auto start = std::chrono::steady_clock::now();
  const auto results = run_batch(source, options);
  const double wall = seconds_since(start);
  write_csv(csv, results, options.solvers);
  const auto summaries = summarize(results, options.solvers.size());
  if (!quiet) {
    std::cout << "The articles' " << boards << " boards (30x20, 5 colors, color-walk rules): "
              << "ours beside the published table\n\n";
    char line[512];
    std::snprintf(line, sizeof line, "%-34s %4s %6s %4s %5s | %4s %6s %4s %5s | %6s\n",
                  "algorithm (spec)", "min", "mean", "max", "stdev", "min", "mean", "max", "stdev",
                  "d.mean");
    std::cout << line;
    std::snprintf(line, sizeof line, "%-34s %23s | %23s |\n", "", "ours", "published");
    std::cout << line;
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const SolverSummary& s = summaries[i];
      const PublishedRow& p = *rows[i];
      std::snprintf(line, sizeof line,
                    "%-34s %4zu %6.2f %4zu %5.2f | %4d %6.1f %4d %5.1f | %+6.2f\n", p.label.c_str(),
                    s.min, s.mean, s.max, s.stdev, p.min, p.mean, p.max, p.stdev, s.mean - p.mean);
      std::cout << line;
      std::cout << "  " << p.spec << "\n";
    }
    if (!missing.empty()) {
      std::cout << "\nnot yet implemented (rows of the published table still to come):\n";
      for (const PublishedRow* p : missing)
        std::cout << "  " << p->label << " (" << p->spec << ")\n";
    }
    std::cout << "\nper-board results: " << csv << "\n";
    std::cerr << "ran " << rows.size() << " algorithms on " << boards << " boards in " << wall
              << " s\n";
  }
  return report_failures(results, options.solvers) == 0 ? kExitOk : kExitFailure;
}

int cmd_experiment(int argc, char** argv) {
  po::options_description desc("Options");
  // clang-format off
  desc.add_options()
      ("name", po::value<std::string>()->value_name("NAME"), "the experiment to run")
      ("list", po::bool_switch(), "list the named experiments")
      ("boards", po::value<std::size_t>()->default_value(100)->value_name("N"),
       "boards of the articles experiment")
      ("output-dir", po::value<std::string>()->default_value("results")->value_name("DIR"),
       "directory for the per-board CSV");
  // clang-format on
  desc.add(run_options());
  po::positional_options_description positional;
  positional.add("name", 1);
  po::variables_map vm;
  if (!parse(argc, argv, desc, vm,
             "usage: colorwalk experiment NAME [--output-dir DIR] [--threads N]\n"
             "       colorwalk experiment --list\n\n"
             "Named experiments:\n"
             "  articles   every row of the articles' published table on their 100 boards,\n"
             "             ours beside theirs; per-board CSV in DIR/articles.csv",
             &positional))
    return kExitOk;
  if (vm["list"].as<bool>()) {
    std::cout << "articles   the articles' published table, reproduced on their 100 boards\n";
    return kExitOk;
  }
  if (!vm.count("name")) throw UsageError("name an experiment (colorwalk experiment --list)");
  const auto name = vm["name"].as<std::string>();
  if (name == "articles") return run_articles(vm);
  throw UsageError("unknown experiment '" + name + "' (colorwalk experiment --list)");
}

int run(int argc, char** argv) {
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
