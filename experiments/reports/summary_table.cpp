#include "reports/summary_table.hpp"

#include <algorithm>
#include <cstdio>
#include <ostream>

namespace colorwalk {

void write_summary_table(std::ostream& out, const std::vector<std::string>& solvers,
                         const std::vector<SolverSummary>& summaries, TableStyle style) {
  char line[1024];
  if (style == TableStyle::kMarkdown) {
    out << "| solver | boards | min | mean | max | stdev | optimal | seconds | expanded |\n"
        << "|---|---:|---:|---:|---:|---:|---:|---:|---:|\n";
    for (std::size_t i = 0; i < solvers.size(); ++i) {
      const SolverSummary& s = summaries[i];
      std::string name = solvers[i];
      std::replace(name.begin(), name.end(), '|', '/');
      std::snprintf(line, sizeof line,
                    "| `%s` | %zu | %zu | %.2f | %zu | %.2f | %zu | %.3f | %llu |\n", name.c_str(),
                    s.boards, s.min, s.mean, s.max, s.stdev, s.proven_optimal, s.seconds,
                    static_cast<unsigned long long>(s.expanded));
      out << line;
    }
    for (std::size_t i = 0; i < solvers.size(); ++i)
      if (summaries[i].failed > 0)
        out << "\n" << summaries[i].failed << " boards failed for `" << solvers[i] << "`.\n";
    return;
  }
  std::size_t width = 6;
  for (const auto& s : solvers)
    width = std::max(width, s.size());
  width = std::min<std::size_t>(width, 200);
  std::snprintf(line, sizeof line, "%-*s %7s %5s %7s %5s %6s %7s %9s %12s\n",
                static_cast<int>(width), "solver", "boards", "min", "mean", "max", "stdev",
                "optimal", "seconds", "expanded");
  out << line;
  for (std::size_t i = 0; i < solvers.size(); ++i) {
    const SolverSummary& s = summaries[i];
    std::snprintf(line, sizeof line, "%-*s %7zu %5zu %7.2f %5zu %6.2f %7zu %9.3f %12llu\n",
                  static_cast<int>(width), solvers[i].c_str(), s.boards, s.min, s.mean, s.max,
                  s.stdev, s.proven_optimal, s.seconds,
                  static_cast<unsigned long long>(s.expanded));
    out << line;
    if (s.failed > 0) out << "  (" << s.failed << " boards failed for " << solvers[i] << ")\n";
  }
}

}  // namespace colorwalk
