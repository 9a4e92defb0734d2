// Report files written whole at the end of a run (the text and Markdown
// reports, the SVG chart): opened before writing, and a failed write or
// close is an error naming the file.
#pragma once

#include <fstream>
#include <string>
#include <vector>

#include "summary.hpp"

namespace colorwalk {

// Creates or empties `path`; UsageError when it cannot be written.
std::ofstream open_output(const std::string& path);
// Closes `out`; std::runtime_error naming `path` when writing failed.
void finish_output(std::ofstream& out, const std::string& path);

void write_text_file(const std::string& path, const std::string& text);

// The chart of svg_chart.hpp, written to `path`.
void write_svg_file(const std::string& path, const std::string& title,
                    const std::vector<std::string>& labels, const RunSummary& summary,
                    const std::vector<double>& published_means = {});

}  // namespace colorwalk
