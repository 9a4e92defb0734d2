// Reports of a batch run: the per-solver summary table and the per-board CSV.
#pragma once

#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "batch.hpp"

namespace colorwalk {

// Quotes a CSV field when it holds a comma, a quote or a line break (RFC 4180).
std::string csv_field(std::string_view text);

// The CSV header and one row per result, in result order.
void write_csv_header(std::ostream& out);
void write_csv_row(std::ostream& out, const BoardResult& result, const std::string& solver_spec);

// The summary table: one row per solver (SPEC section 7).
void write_summary_table(std::ostream& out, const std::vector<SolverSpec>& solvers,
                         const std::vector<SolverSummary>& summaries);

}  // namespace colorwalk
