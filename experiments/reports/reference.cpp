#include "reports/reference.hpp"

#include <algorithm>
#include <cstdio>
#include <ostream>

#include "game/board_io.hpp"
#include "game/wording.hpp"
#include "results/csv_reader.hpp"

namespace colorwalk {

bool ReferenceCheck::ok() const noexcept {
  return std::all_of(rows.begin(), rows.end(), [](const ReferenceRow& r) {
    return r.below == 0 && r.wrong_claims == 0 && r.failed == 0;
  });
}

ReferenceCheck check_reference(const std::string& results_csv, const std::string& reference_file,
                               const std::vector<std::string>& solver_specs) {
  const auto reference = load_solution_lines(reference_file);
  std::vector<std::optional<std::uint32_t>> optima;
  for (const SolutionLine& line : reference)
    optima.push_back(static_cast<std::uint32_t>(line.symbols.size()));
  return check_reference(results_csv, optima, "the optimal solutions in " + reference_file,
                         solver_specs);
}

ReferenceCheck check_reference(const std::string& results_csv,
                               const std::vector<std::optional<std::uint32_t>>& optima,
                               const std::string& against,
                               const std::vector<std::string>& solver_specs) {
  ReferenceCheck check;
  check.against = against;
  for (const auto& spec : solver_specs)
    check.rows.push_back(ReferenceRow{spec});
  ResultsCsvReader reader(results_csv);
  std::vector<CsvRow> board_rows;
  while (reader.next_board(board_rows)) {
    for (const CsvRow& row : board_rows) {
      const auto it = std::find(solver_specs.begin(), solver_specs.end(), row.solver);
      if (it == solver_specs.end()) continue;
      if (!row.result.verified) {
        ++check.rows[static_cast<std::size_t>(it - solver_specs.begin())].failed;
        continue;
      }
      const std::size_t board = row.result.board;
      if (board >= optima.size())
        throw InputError(results_csv, row.line,
                         "board " + std::to_string(board) + " has no optimum in " + against + " (" +
                             plural(optima.size(), "board") + ")");
      if (!optima[board]) continue;
      ReferenceRow& r = check.rows[static_cast<std::size_t>(it - solver_specs.begin())];
      const std::size_t optimum = *optima[board];
      ++r.boards;
      r.moves += row.result.moves;
      r.optimal += optimum;
      if (row.result.moves == optimum) ++r.at;
      if (row.result.moves > optimum) ++r.above;
      if (row.result.moves < optimum) ++r.below;
      if (row.result.proven_optimal && row.result.moves != optimum) ++r.wrong_claims;
    }
  }
  return check;
}

void write_reference_table(std::ostream& out, const ReferenceCheck& check, TableStyle style) {
  char line[512];
  if (style == TableStyle::kMarkdown) {
    out << "Against " << check.against << ":\n\n"
        << "| solver | boards | moves | optimal moves | at optimum | above | below | "
           "proven but not optimal |\n|---|---:|---:|---:|---:|---:|---:|---:|\n";
    for (const ReferenceRow& r : check.rows) {
      std::snprintf(line, sizeof line, "| `%s` | %zu | %llu | %llu | %zu | %zu | %zu | %zu |\n",
                    r.solver.c_str(), r.boards, static_cast<unsigned long long>(r.moves),
                    static_cast<unsigned long long>(r.optimal), r.at, r.above, r.below,
                    r.wrong_claims);
      out << line;
    }
    return;
  }
  std::size_t width = 6;
  for (const ReferenceRow& r : check.rows)
    width = std::max(width, r.solver.size());
  out << "Against " << check.against << ":\n";
  std::snprintf(line, sizeof line, "%-*s %7s %9s %9s %8s %6s %6s %13s\n", static_cast<int>(width),
                "solver", "boards", "moves", "optimal", "at opt.", "above", "below",
                "wrong claims");
  out << line;
  for (const ReferenceRow& r : check.rows) {
    std::snprintf(
        line, sizeof line, "%-*s %7zu %9llu %9llu %8zu %6zu %6zu %13zu\n", static_cast<int>(width),
        r.solver.c_str(), r.boards, static_cast<unsigned long long>(r.moves),
        static_cast<unsigned long long>(r.optimal), r.at, r.above, r.below, r.wrong_claims);
    out << line;
  }
  if (!check.ok())
    out << "CHECK FAILED: a solver beat the reference (so it is not optimal), claimed an "
           "optimum it did not reach, or failed boards\n";
}

}  // namespace colorwalk
