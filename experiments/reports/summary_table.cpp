#include "reports/summary_table.hpp"

#include <algorithm>
#include <cstdio>
#include <ostream>

#include "game/wording.hpp"

namespace colorwalk {
namespace {

// A solver's moves (min, mean, max, stdev) as the table prints them, or
// "-" for each when none of its boards verified: no figure, not zeros.
struct MovesText {
  std::string min, mean, max, stdev;
};
MovesText moves_text(const SolverSummary& s) {
  if (s.boards == 0) return {"-", "-", "-", "-"};
  char mean[32];
  char stdev[32];
  std::snprintf(mean, sizeof mean, "%.2f", s.mean);
  std::snprintf(stdev, sizeof stdev, "%.2f", s.stdev);
  return {std::to_string(s.min), mean, std::to_string(s.max), stdev};
}

}  // namespace

namespace {

// The boards at the optimum and the mean moves above it, of the boards
// whose optimum is known; "-" for a solver with none.
std::pair<std::string, std::string> optimum_figures(const SolverSummary& s) {
  const std::size_t boards = s.excess_boards();
  if (boards == 0) return {"-", "-"};
  std::int64_t above = 0;
  for (const auto& [excess, count] : s.excess_histogram)
    above += excess * static_cast<std::int64_t>(count);
  char mean[32];
  std::snprintf(mean, sizeof mean, "%.2f", static_cast<double>(above) / static_cast<double>(boards));
  const auto at = s.excess_histogram.find(0);
  return {std::to_string(at == s.excess_histogram.end() ? 0 : at->second), mean};
}

}  // namespace

void write_summary_table(std::ostream& out, const std::vector<std::string>& solvers,
                         const std::vector<SolverSummary>& summaries, TableStyle style,
                         bool optimum_columns) {
  char line[1024];
  if (style == TableStyle::kMarkdown) {
    out << "| solver | boards | min | mean | max | stdev | optimal | seconds | expanded |"
        << (optimum_columns ? " at optimum | mean above |" : "") << "\n"
        << "|---|---:|---:|---:|---:|---:|---:|---:|---:|" << (optimum_columns ? "---:|---:|" : "")
        << "\n";
    for (std::size_t i = 0; i < solvers.size(); ++i) {
      const SolverSummary& s = summaries[i];
      const MovesText m = moves_text(s);
      std::string name = solvers[i];
      std::replace(name.begin(), name.end(), '|', '/');
      std::snprintf(line, sizeof line, "| `%s` | %zu | %s | %s | %s | %s | %zu | %.3f | %llu |",
                    name.c_str(), s.boards, m.min.c_str(), m.mean.c_str(), m.max.c_str(),
                    m.stdev.c_str(), s.proven_optimal, s.seconds,
                    static_cast<unsigned long long>(s.expanded));
      out << line;
      if (optimum_columns) {
        const auto [at, above] = optimum_figures(s);
        out << " " << at << " | " << above << " |";
      }
      out << "\n";
    }
    for (std::size_t i = 0; i < solvers.size(); ++i)
      if (summaries[i].failed > 0)
        out << "\n"
            << plural(summaries[i].failed, "board") << " failed for `" << solvers[i] << "`.\n";
    return;
  }
  std::size_t width = 6;
  for (const auto& s : solvers)
    width = std::max(width, s.size());
  width = std::min<std::size_t>(width, 200);
  std::snprintf(line, sizeof line, "%-*s %7s %5s %7s %5s %6s %7s %9s %12s",
                static_cast<int>(width), "solver", "boards", "min", "mean", "max", "stdev",
                "optimal", "seconds", "expanded");
  out << line;
  if (optimum_columns) {
    std::snprintf(line, sizeof line, " %8s %6s", "at opt.", "above");
    out << line;
  }
  out << "\n";
  for (std::size_t i = 0; i < solvers.size(); ++i) {
    const SolverSummary& s = summaries[i];
    const MovesText m = moves_text(s);
    std::snprintf(line, sizeof line, "%-*s %7zu %5s %7s %5s %6s %7zu %9.3f %12llu",
                  static_cast<int>(width), solvers[i].c_str(), s.boards, m.min.c_str(),
                  m.mean.c_str(), m.max.c_str(), m.stdev.c_str(), s.proven_optimal, s.seconds,
                  static_cast<unsigned long long>(s.expanded));
    out << line;
    if (optimum_columns) {
      const auto [at, above] = optimum_figures(s);
      std::snprintf(line, sizeof line, " %8s %6s", at.c_str(), above.c_str());
      out << line;
    }
    out << "\n";
    if (s.failed > 0)
      out << "  (" << plural(s.failed, "board") << " failed for " << solvers[i] << ")\n";
  }
}

}  // namespace colorwalk
