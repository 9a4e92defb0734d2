// A run's boards grouped by size and colours (an experiment's `group =
// size`): per group and solver, the boards, total moves, the total of the
// optima the boards state (where all are known), the boards proven
// optimal, the solver seconds, the nodes expanded and the largest search
// memory one board held (the group's peak: what bounds the machine that
// solves the group's boards); then each solver's slowest boards by name,
// each with its own peak. Read from the run's results CSV, so a resumed
// run reports every board. A CSV written before the `peak_mib` column has
// no peaks: the report shows `-` for them.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "game/sources.hpp"
#include "reports/summary_table.hpp"

namespace colorwalk {

struct BoardGroupRow {
  std::string group;  // "ROWSxCOLUMNS, K colors"
  std::string solver;
  std::size_t boards = 0;
  std::uint64_t moves = 0;
  std::uint64_t stated = 0;      // sum of the stated optima
  std::size_t stated_known = 0;  // boards with a stated optimum
  std::size_t proven = 0;
  double seconds = 0;
  std::uint64_t expanded = 0;
  std::uint64_t peak_bytes = 0;  // the largest peak_bytes of a board in the group
  std::size_t peak_known = 0;    // boards with a recorded peak
};

struct SlowBoard {
  std::string solver;
  std::size_t board = 0;
  std::string name;
  std::size_t moves = 0;
  double seconds = 0;
  std::uint64_t expanded = 0;
  std::optional<std::uint64_t> peak_bytes;  // none when the CSV has no peak
};

struct BoardGroups {
  std::vector<BoardGroupRow> rows;  // groups by rows, columns, colours; solvers in run order
  std::vector<SlowBoard> slowest;   // per solver, its `slow_count` slowest, slowest first
};

// Throws InputError when the CSV is malformed or names a board the source lacks.
BoardGroups group_boards(const std::string& results_csv, const BoardSource& source,
                         const std::vector<std::string>& solver_specs, std::size_t slow_count = 5);

// The groups' table and the slowest boards. A group's `peak MiB` is its
// largest board peak, `-` unless every board of the group has one.
void write_board_groups(std::ostream& out, const BoardGroups& groups, TableStyle style);

}  // namespace colorwalk
