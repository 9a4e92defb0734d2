// colorwalk list: every registered solver with its traits and parameters.
#include <iostream>

#include "tool/commands.hpp"
#include "tool/options.hpp"

namespace colorwalk::cli {

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
               "greedy-look-ahead:depth=5 (each key once)\n"
               "limits: every search is bounded by default, by its memory (MiB per search),\n"
               "seconds (per board) and nodes, frontier or queue parameters; raise them in the\n"
               "spec. colorwalk solve --memory-limit bounds the memory of all searches together.\n"
            << kLimitsHelp;
  return kExitOk;
}

}  // namespace colorwalk::cli
