#include "reports/report_files.hpp"

#include <sstream>

#include "reports/svg_chart.hpp"
#include "results/output_file.hpp"

namespace colorwalk {

void write_text_file(const std::string& path, const std::string& text) {
  write_output_file(path, text);
}

void write_svg_file(const std::string& path, const std::string& title,
                    const std::vector<std::string>& labels, const RunSummary& summary,
                    const std::vector<double>& published_means) {
  std::ostringstream svg;
  write_svg_chart(svg, title, labels, summary, published_means);
  write_output_file(path, svg.str());
}

}  // namespace colorwalk
