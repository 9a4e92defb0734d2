// colorwalk verify: replays a solution file on its boards.
#include <iostream>

#include "game/replay.hpp"
#include "game/wording.hpp"
#include "tool/commands.hpp"
#include "tool/options.hpp"

namespace colorwalk::cli {

int cmd_verify(int argc, char** argv) {
  po::options_description desc("Options");
  // clang-format off
  desc.add_options()
      ("boards", po::value<std::string>()->value_name("FILE"), "the boards")
      ("format", po::value<std::string>()->value_name("F"),
       "format of --boards: grid, line or flood-it-boards (default: told from the file, as "
       "solve does)")
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
  RunRules rules = read_rules(vm, options);
  const std::optional<BoardFormat> format = read_format(vm);
  const auto boards_path = vm["boards"].as<std::string>();
  const auto solutions_path = vm["solutions"].as<std::string>();
  std::vector<BoardFile> files;
  files.push_back(load_board_file(boards_path, format));
  const FileSource source(boards_path, {boards_path}, std::move(files));
  apply_stated_rules(source, options, rules);
  check_start(source, options);
  const auto lines = load_solution_lines(solutions_path, source.size());
  if (lines.size() != source.size())
    throw InputError(solutions_path, 0,
                     "has " + plural(lines.size(), "solution line") + " but " + boards_path +
                         " has " + plural(source.size(), "board"));
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
    std::cerr << "colorwalk verify: " << failed << " of " << plural(boards.size(), "solution")
              << (failed == 1 ? " does not clear its board\n" : " do not clear their boards\n");
    std::cerr << "colorwalk verify: the boards were played under --rules " << rules.rules_text
              << " --start " << rules.start_text
              << "; solutions found under other rules or from another start fail so (the "
                 "public Flood-It sets are --rules flood-it; floodtest-1000 is --rules flood-it "
                 "--start center)\n";
    return kExitFailure;
  }
  if (!vm["quiet"].as<bool>())
    std::cout << (boards.size() == 1
                      ? "the solution clears its board ("
                      : "all " + plural(boards.size(), "solution") + " clear their boards (")
              << plural(total, "move") << " in total)\n";
  return kExitOk;
}

}  // namespace colorwalk::cli
