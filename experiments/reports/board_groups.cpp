#include "reports/board_groups.hpp"

#include <algorithm>
#include <cstdio>
#include <map>
#include <ostream>
#include <tuple>

#include "game/board_io.hpp"
#include "results/csv_reader.hpp"
#include "results/rows.hpp"

namespace colorwalk {

BoardGroups group_boards(const std::string& results_csv, const BoardSource& source,
                         const std::vector<std::string>& solver_specs, std::size_t slow_count) {
  using Key = std::tuple<std::uint32_t, std::uint32_t, std::uint32_t, std::size_t>;
  std::map<Key, BoardGroupRow> rows;
  std::vector<std::vector<SlowBoard>> slow(solver_specs.size());
  ResultsCsvReader reader(results_csv);
  std::vector<CsvRow> board_rows;
  while (reader.next_board(board_rows)) {
    for (const CsvRow& row : board_rows) {
      const auto it = std::find(solver_specs.begin(), solver_specs.end(), row.solver);
      if (it == solver_specs.end()) continue;
      const auto s = static_cast<std::size_t>(it - solver_specs.begin());
      const std::size_t index = row.result.board;
      if (index >= source.size())
        throw InputError(results_csv, row.line,
                         "board " + std::to_string(index) + " is not in " + source.describe());
      const Board board = source.board(index);
      BoardGroupRow& r = rows[{board.height(), board.width(), board.colors(), s}];
      if (r.boards == 0) {
        r.group = std::to_string(board.height()) + "x" + std::to_string(board.width()) + ", " +
                  std::to_string(board.colors()) + " colors";
        r.solver = *it;
      }
      ++r.boards;
      r.moves += row.result.moves;
      if (const auto stated = source.stated_optimum(index)) {
        r.stated += *stated;
        ++r.stated_known;
      }
      if (row.result.proven_optimal) ++r.proven;
      r.seconds += row.result.seconds;
      r.expanded += row.result.expanded;
      if (row.result.peak_bytes) {
        r.peak_bytes = std::max(r.peak_bytes, *row.result.peak_bytes);
        ++r.peak_known;
      }
      slow[s].push_back({*it, index, source.name(index), row.result.moves, row.result.seconds,
                         row.result.expanded, row.result.peak_bytes});
    }
  }
  BoardGroups groups;
  for (auto& [key, row] : rows)
    groups.rows.push_back(std::move(row));
  for (auto& boards : slow) {
    std::stable_sort(boards.begin(), boards.end(),
                     [](const SlowBoard& a, const SlowBoard& b) { return a.seconds > b.seconds; });
    boards.resize(std::min(boards.size(), slow_count));
    groups.slowest.insert(groups.slowest.end(), boards.begin(), boards.end());
  }
  return groups;
}

void write_board_groups(std::ostream& out, const BoardGroups& groups, TableStyle style) {
  char line[512];
  const auto stated = [](const BoardGroupRow& r) {
    return r.stated_known == r.boards ? std::to_string(r.stated) : std::string("-");
  };
  const auto peak = [](const BoardGroupRow& r) {
    return r.peak_known == r.boards ? format_peak_mib(r.peak_bytes) : std::string("-");
  };
  const auto board_peak = [](const SlowBoard& b) {
    return b.peak_bytes ? format_peak_mib(b.peak_bytes) : std::string("-");
  };
  const auto name = [](const SlowBoard& b) {
    return b.name.empty() ? std::to_string(b.board) : b.name;
  };
  static constexpr const char* kPeakNote =
      "peak MiB: the most search memory one board held (its solver's workspaces at their "
      "peak, with what they kept from earlier boards unless the run has a --memory-limit); "
      "a group's is its largest board's; -: not recorded.\n";
  if (style == TableStyle::kMarkdown) {
    out << "| size and colors | solver | boards | moves | stated optima | proven | seconds | "
           "expanded | peak MiB |\n|---|---|---:|---:|---:|---:|---:|---:|---:|\n";
    for (const BoardGroupRow& r : groups.rows) {
      std::snprintf(line, sizeof line, "| %s | `%s` | %zu | %llu | %s | %zu | %.2f | %llu | %s |\n",
                    r.group.c_str(), r.solver.c_str(), r.boards,
                    static_cast<unsigned long long>(r.moves), stated(r).c_str(), r.proven,
                    r.seconds, static_cast<unsigned long long>(r.expanded), peak(r).c_str());
      out << line;
    }
    out << "\n" << kPeakNote;
    out << "\nSlowest boards:\n\n| solver | board | moves | seconds | expanded | peak MiB |\n"
           "|---|---|---:|---:|---:|---:|\n";
    for (const SlowBoard& b : groups.slowest) {
      std::snprintf(line, sizeof line, "| `%s` | %s | %zu | %.2f | %llu | %s |\n", b.solver.c_str(),
                    name(b).c_str(), b.moves, b.seconds,
                    static_cast<unsigned long long>(b.expanded), board_peak(b).c_str());
      out << line;
    }
    return;
  }
  std::size_t group_width = 15;
  std::size_t solver_width = 6;
  for (const BoardGroupRow& r : groups.rows) {
    group_width = std::max(group_width, r.group.size());
    solver_width = std::max(solver_width, r.solver.size());
  }
  std::snprintf(line, sizeof line, "%-*s %-*s %6s %7s %7s %6s %9s %12s %9s\n",
                static_cast<int>(group_width), "size and colors", static_cast<int>(solver_width),
                "solver", "boards", "moves", "stated", "proven", "seconds", "expanded", "peak MiB");
  out << line;
  for (const BoardGroupRow& r : groups.rows) {
    std::snprintf(line, sizeof line, "%-*s %-*s %6zu %7llu %7s %6zu %9.2f %12llu %9s\n",
                  static_cast<int>(group_width), r.group.c_str(), static_cast<int>(solver_width),
                  r.solver.c_str(), r.boards, static_cast<unsigned long long>(r.moves),
                  stated(r).c_str(), r.proven, r.seconds,
                  static_cast<unsigned long long>(r.expanded), peak(r).c_str());
    out << line;
  }
  out << kPeakNote;
  out << "\nSlowest boards:\n";
  for (const SlowBoard& b : groups.slowest) {
    std::snprintf(line, sizeof line,
                  "  %-*s %-16s %4zu moves %9.2f s %12llu expanded %9s MiB peak\n",
                  static_cast<int>(solver_width), b.solver.c_str(), name(b).c_str(), b.moves,
                  b.seconds, static_cast<unsigned long long>(b.expanded), board_peak(b).c_str());
    out << line;
  }
}

}  // namespace colorwalk
