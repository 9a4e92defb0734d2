// colorwalk gen: the boards of a source in grid format.
#include <fstream>
#include <iostream>

#include "commands.hpp"
#include "options.hpp"
#include "report_files.hpp"

namespace colorwalk::cli {

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

}  // namespace colorwalk::cli
