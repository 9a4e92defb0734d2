#include "report_files.hpp"

#include <stdexcept>

#include "exit_status.hpp"
#include "svg_chart.hpp"

namespace colorwalk {

std::ofstream open_output(const std::string& path) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) throw UsageError("cannot write '" + path + "'");
  return out;
}

void finish_output(std::ofstream& out, const std::string& path) {
  out.close();
  if (!out) throw std::runtime_error("writing '" + path + "' failed");
}

void write_text_file(const std::string& path, const std::string& text) {
  std::ofstream out = open_output(path);
  out << text;
  finish_output(out, path);
}

void write_svg_file(const std::string& path, const std::string& title,
                    const std::vector<std::string>& labels, const RunSummary& summary,
                    const std::vector<double>& published_means) {
  std::ofstream out = open_output(path);
  write_svg_chart(out, title, labels, summary, published_means);
  finish_output(out, path);
}

}  // namespace colorwalk
