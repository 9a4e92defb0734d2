// Report files written whole at the end of a run (the text and Markdown
// reports, the SVG chart): a failed open, write or close is an OutputError
// naming the file (results/output_file.hpp).
#pragma once

#include <string>
#include <vector>

#include "engine/run_summary.hpp"

namespace colorwalk {

void write_text_file(const std::string& path, const std::string& text);

// The chart of reports/svg_chart.hpp, written to `path`.
void write_svg_file(const std::string& path, const std::string& title,
                    const std::vector<std::string>& labels, const RunSummary& summary,
                    const std::vector<double>& published_means = {});

}  // namespace colorwalk
