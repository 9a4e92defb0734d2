// The chart of a run as a self-contained SVG file, written by hand (no
// plotting dependency): one row per solver on a shared axis with the
// distribution of moves per board (a histogram of boards per move count
// above a box plot: quartiles, median, mean, min to max), and, when some
// boards have a proven optimum, a second panel with the moves above the
// optimum on those boards. The output depends only on the summary, so the
// same run gives the same bytes.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "summary.hpp"

namespace colorwalk {

// `title` heads the chart (the source and rules, say); `solvers` are the
// rows' labels, in summary order.
void write_svg_chart(std::ostream& out, const std::string& title,
                     const std::vector<std::string>& solvers, const RunSummary& summary);

}  // namespace colorwalk
