// The per-solver summary table of a run, as text or Markdown: the table
// `colorwalk solve`, `merge` and every experiment print.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "engine/run_summary.hpp"

namespace colorwalk {

enum class TableStyle { kText, kMarkdown };

// The summary table, one row per solver: boards, min, mean,
// max, stdev, proven optimal, total solver seconds, nodes expanded. A
// solver none of whose boards verified shows "-" for its moves, not zeros.
// With `optimum_columns` (optima known for the boards, RunSummary::
// set_optima) also the boards at the optimum and the mean moves above it,
// over the boards whose optimum is known.
void write_summary_table(std::ostream& out, const std::vector<std::string>& solvers,
                         const std::vector<SolverSummary>& summaries,
                         TableStyle style = TableStyle::kText, bool optimum_columns = false);

}  // namespace colorwalk
