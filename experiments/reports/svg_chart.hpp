// The chart of a run as a self-contained SVG file, written by hand (no
// plotting dependency): one row per solver on a shared axis with the
// distribution of moves per board (a histogram of boards per move count
// above a box plot: quartiles, median, mean, min to max), and, when some
// boards have a proven optimum, a second panel with the moves above the
// optimum on those boards; published means, when given, as dashed marks.
// The output depends only on its inputs, so the same run gives the same
// bytes.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "engine/run_summary.hpp"

namespace colorwalk {

// `title` heads the chart (the source and rules, say); `solvers` are the
// rows' labels, in summary order; `published_means`, when given, marks a
// published mean on each row of moves (NaN: none for that row).
void write_svg_chart(std::ostream& out, const std::string& title,
                     const std::vector<std::string>& solvers, const RunSummary& summary,
                     const std::vector<double>& published_means = {});

}  // namespace colorwalk
