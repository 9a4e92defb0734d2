#include "report.hpp"

#include <algorithm>
#include <cstdio>
#include <ostream>

namespace colorwalk {

std::string csv_field(std::string_view text) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(text);
  std::string out = "\"";
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
  return out;
}

void write_csv_header(std::ostream& out) {
  out << "board,solver,moves,solution,proven_optimal,expanded,seconds,verified\n";
}

void write_csv_row(std::ostream& out, const BoardResult& r, const std::string& solver_spec) {
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.6f", r.seconds);
  out << r.board << ',' << csv_field(solver_spec) << ',' << r.moves << ',' << r.solution << ','
      << (r.proven_optimal ? 1 : 0) << ',' << r.expanded << ',' << seconds << ','
      << (r.verified ? 1 : 0) << '\n';
}

void write_summary_table(std::ostream& out, const std::vector<SolverSpec>& solvers,
                         const std::vector<SolverSummary>& summaries) {
  std::size_t width = 6;
  for (const auto& s : solvers)
    width = std::max(width, s.text.size());
  char line[512];
  std::snprintf(line, sizeof line, "%-*s %7s %5s %7s %5s %6s %7s %9s %12s\n",
                static_cast<int>(width), "solver", "boards", "min", "mean", "max", "stdev",
                "optimal", "seconds", "expanded");
  out << line;
  for (std::size_t i = 0; i < solvers.size(); ++i) {
    const SolverSummary& s = summaries[i];
    std::snprintf(line, sizeof line, "%-*s %7zu %5zu %7.2f %5zu %6.2f %7zu %9.3f %12llu\n",
                  static_cast<int>(width), solvers[i].text.c_str(), s.boards, s.min, s.mean, s.max,
                  s.stdev, s.proven_optimal, s.seconds,
                  static_cast<unsigned long long>(s.expanded));
    out << line;
    if (s.failed > 0) out << "  (" << s.failed << " boards failed for " << solvers[i].text << ")\n";
  }
}

}  // namespace colorwalk
