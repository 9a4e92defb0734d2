// Checking a run against reference optima (an experiment's `optimal =
// FILE`, such as the public datasets' NAME.optimal.txt, or the optima that
// flood-it-boards files state for their boards): per
// solver, its total moves against the optimal total, and its boards at,
// above and below the optimum. A board below the reference means the
// reference is not optimal (every reported solution was replayed); a board
// proven optimal but not at the reference means a wrong claim, and a row
// that did not verify was not compared at all. Each fails the check.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "reports/summary_table.hpp"

namespace colorwalk {

struct ReferenceRow {
  std::string solver;
  std::size_t boards = 0;  // verified boards compared
  std::size_t at = 0;      // moves == reference
  std::size_t above = 0;
  std::size_t below = 0;
  std::size_t wrong_claims = 0;  // proven optimal, yet not the reference length
  std::size_t failed = 0;        // rows that did not verify (not compared)
  std::uint64_t moves = 0;
  std::uint64_t optimal = 0;  // reference moves of the same boards
};

struct ReferenceCheck {
  std::string against;  // what the optima are, for the report: "the optimal solutions in FILE"
  std::vector<ReferenceRow> rows;  // in the run's solver order
  bool ok() const noexcept;
};

// Reads the run's results CSV and the reference file (InputError if either
// is malformed, or if the CSV has a board the reference lacks).
ReferenceCheck check_reference(const std::string& results_csv, const std::string& reference_file,
                               const std::vector<std::string>& solver_specs);

// The same against per-board optimal move counts (nullopt: unknown, the
// board is not compared); `against` says where they come from.
ReferenceCheck check_reference(const std::string& results_csv,
                               const std::vector<std::optional<std::uint32_t>>& optima,
                               const std::string& against,
                               const std::vector<std::string>& solver_specs);

void write_reference_table(std::ostream& out, const ReferenceCheck& check, TableStyle style);

}  // namespace colorwalk
