// colorwalk gen: the boards of a source in grid format.
#include <iostream>
#include <sstream>

#include "game/wording.hpp"
#include "results/output_file.hpp"
#include "tool/commands.hpp"
#include "tool/options.hpp"

namespace colorwalk::cli {

int cmd_gen(int argc, char** argv) {
  po::options_description desc("Options");
  desc.add(source_options());
  desc.add(rules_options());
  desc.add_options()("output,o", po::value<std::string>()->value_name("FILE"),
                     "write to FILE instead of standard output")(
      "overwrite", po::bool_switch(),
      "replace -o FILE when it exists and is not empty (without it, refused)");
  po::variables_map vm;
  if (!parse(argc, argv, desc, vm,
             "usage: colorwalk gen SOURCE [RULES] [-o FILE [--overwrite]]\n\nWrites the boards of SOURCE in "
             "grid format, a blank line between boards, under a first line that states the\n"
             "format, and the rules and start where they are known: --rules and --start as "
             "given, else\nthose of the source (the articles' boards: color-walk from 0,0; a "
             "--boards file's own\nheader). For example `# colorwalk: format=grid rules=color-walk "
             "start=0,0`. solve, verify\nand experiment read the file back without --format and "
             "play it under the rules and\nstart it states (a --rules or --start that "
             "contradicts them is refused)."))
    return kExitOk;
  BatchOptions options;
  const RunRules given = read_rules(vm, options);
  const std::string path = vm.count("output") ? vm["output"].as<std::string>() : "";
  if (!path.empty()) {
    check_output_paths(vm, {{"-o", path}});
    refuse_replacing_outputs(vm, {{"-o", path}}, "pass --overwrite to replace it");
  }
  const auto source = make_source(vm);
  // The rules and start the boards are for, where known.
  RunRules rules = given;
  const StatedRules stated = source->stated_rules();
  apply_stated_rules(*source, options, rules);
  check_start(*source, options);
  const bool articles = vm.count("articles") > 0;  // the articles' game, unless others are given
  const bool state_rules = articles || rules.rules_given || !stated.rules.empty();
  const bool state_start = articles || rules.start_given || !stated.start.empty();
  LineFile file;
  if (!path.empty()) file = LineFile::create(path);
  // The boards go out in chunks of about 1 MiB; the first write that fails
  // ends the command (OutputError), however many boards are left.
  constexpr std::size_t kChunk = std::size_t{1} << 20;
  std::ostringstream chunk;
  write_board_header(chunk, BoardFormat::kGrid, state_rules ? rules.rules_text : "",
                     state_start ? rules.start_text : "");
  const auto write_chunk = [&] {
    if (file.is_open()) {
      file.append(chunk.str());
    } else {
      std::cout << chunk.str();
      flush_stdout();
    }
    chunk.str("");
  };
  for (std::size_t i = 0; i < source->size(); ++i) {
    if (i > 0) chunk << '\n';
    write_grid(chunk, source->board(i));
    if (chunk.tellp() >= static_cast<std::streamoff>(kChunk)) write_chunk();
  }
  write_chunk();
  if (file.is_open()) {
    file.close();
    std::cerr << "wrote " << plural(source->size(), "board") << " to " << path << "\n";
  }
  return kExitOk;
}

}  // namespace colorwalk::cli
