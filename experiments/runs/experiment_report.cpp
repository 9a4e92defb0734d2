#include "runs/experiment_report.hpp"

#include <cmath>
#include <cstdio>
#include <ostream>
#include <sstream>

#include "reports/report_files.hpp"

namespace colorwalk {
namespace {

// A published figure, or "-" where none was published (NaN).
std::string published_figure(double value, const char* format) {
  if (std::isnan(value)) return "-";
  char text[32];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

}  // namespace

void write_published_table(std::ostream& out, const std::vector<const ExperimentRow*>& rows,
                           const std::vector<SolverSummary>& summaries, TableStyle style) {
  char line[1024];
  const bool markdown = style == TableStyle::kMarkdown;
  if (markdown) {
    out << "| algorithm | spec | min | mean | max | stdev | published min | mean | max | stdev | "
           "mean - published |\n"
        << "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
  } else {
    std::snprintf(line, sizeof line, "%-34s %4s %6s %4s %5s | %4s %6s %4s %5s | %6s\n",
                  "algorithm (spec)", "min", "mean", "max", "stdev", "min", "mean", "max", "stdev",
                  "d.mean");
    out << line;
    std::snprintf(line, sizeof line, "%-34s %23s | %23s |\n", "", "ours", "published");
    out << line;
  }
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const ExperimentRow& r = *rows[i];
    // Ours counted as the published row counted (published-offset).
    SolverSummary s = summaries[i];
    if (r.published_offset != 0 && s.boards > 0) {
      s.min = static_cast<std::size_t>(static_cast<long long>(s.min) + r.published_offset);
      s.max = static_cast<std::size_t>(static_cast<long long>(s.max) + r.published_offset);
      s.mean += r.published_offset;
    }
    const double nan = std::nan("");
    const PublishedFigures p = r.published.value_or(PublishedFigures{nan, nan, nan, nan});
    const std::string min = published_figure(p.min, "%.0f");
    const std::string mean = published_figure(p.mean, "%.1f");
    const std::string max = published_figure(p.max, "%.0f");
    const std::string stdev = published_figure(p.stdev, "%.1f");
    const std::string delta = published_figure(s.mean - p.mean, "%+.2f");
    if (markdown) {
      std::snprintf(
          line, sizeof line, "| %s | `%s` | %zu | %.2f | %zu | %.2f | %s | %s | %s | %s | %s |\n",
          (r.label + (r.published_offset != 0
                          ? " (ours counted as published: " + std::to_string(r.published_offset) +
                                " per board)"
                          : std::string()))
              .c_str(),
          r.spec.c_str(), s.min, s.mean, s.max, s.stdev, min.c_str(), mean.c_str(), max.c_str(),
          stdev.c_str(), delta.c_str());
      out << line;
      continue;
    }
    if (r.published) {
      std::snprintf(line, sizeof line, "%-34s %4zu %6.2f %4zu %5.2f | %4s %6s %4s %5s | %6s\n",
                    r.label.c_str(), s.min, s.mean, s.max, s.stdev, min.c_str(), mean.c_str(),
                    max.c_str(), stdev.c_str(), delta.c_str());
    } else {
      std::snprintf(line, sizeof line, "%-34s %4zu %6.2f %4zu %5.2f | %23s |\n", r.label.c_str(),
                    s.min, s.mean, s.max, s.stdev, "");
    }
    out << line;
    if (r.label != r.spec) out << "  " << r.spec << "\n";
    if (r.published_offset != 0)
      out << "  ours counted as the published row was: " << std::showpos << r.published_offset
          << std::noshowpos << " move per board (moves played: mean " << summaries[i].mean << ")\n";
  }
}

std::string experiment_text_report(const ExperimentReport& report) {
  const Experiment& experiment = *report.experiment;
  const auto& summaries = report.summary->solvers();
  std::ostringstream text;
  text << "Experiment " << experiment.name << ": " << experiment.description << "\n"
       << report.run_text << "; " << report.boards << " of " << report.total << " boards; commit "
       << report.commit << ", " << report.date << "\n\n";
  if (experiment.has_published()) {
    write_published_table(text, *report.rows, summaries, TableStyle::kText);
  } else {
    write_summary_table(text, report.solvers, summaries, TableStyle::kText);
  }
  if (report.reference) {
    text << "\n";
    write_reference_table(text, *report.reference, TableStyle::kText);
  }
  if (report.groups) {
    text << "\nBy size and colors:\n";
    write_board_groups(text, *report.groups, TableStyle::kText);
  }
  if (!report.missing->empty()) {
    text << "\nnot yet implemented (solvers this build does not have yet):\n";
    for (const ExperimentRow* p : *report.missing)
      text << "  " << p->label << " (" << p->spec << ")\n";
  }
  text << "\nresults: " << report.out_dir << "/ (per-board results in " << experiment.name
       << ".csv)\n";
  return text.str();
}

std::string experiment_markdown_report(const ExperimentReport& report) {
  const Experiment& experiment = *report.experiment;
  const auto& summaries = report.summary->solvers();
  std::ostringstream md;
  md << "# Experiment `" << experiment.name << "`\n\n"
     << experiment.description << "\n\n"
     << "| | |\n|---|---|\n"
     << "| source | " << report.source << " |\n"
     << "| rules | " << experiment.rules_text << ", start " << experiment.start_text << " |\n"
     << "| solver seed | " << report.solver_seed << " |\n"
     << "| boards | " << report.boards << " of " << report.total << " |\n"
     << "| commit | " << report.commit << " |\n"
     << "| date | " << report.finished << " |\n"
     << "| threads | " << report.threads << " |\n"
     << "| wall time | " << report.wall << " s |\n"
     << "| definition | [" << experiment.name << ".exp](" << experiment.name << ".exp) |\n\n";
  if (experiment.has_published()) {
    md << "## Ours beside the published figures\n\n";
    write_published_table(md, *report.rows, summaries, TableStyle::kMarkdown);
    md << "\n";
  }
  md << "## Summary\n\n";
  write_summary_table(md, report.solvers, summaries, TableStyle::kMarkdown);
  if (report.reference) {
    md << "\n## Against the optimal solutions\n\n";
    write_reference_table(md, *report.reference, TableStyle::kMarkdown);
  }
  if (report.groups) {
    md << "\n## By size and colors\n\n";
    write_board_groups(md, *report.groups, TableStyle::kMarkdown);
  }
  if (!report.missing->empty()) {
    md << "\n## Not yet implemented\n\n";
    for (const ExperimentRow* p : *report.missing)
      md << "- " << p->label << " (`" << p->spec << "`)\n";
  }
  md << "\n![moves per board](" << experiment.name << ".svg)\n";
  return md.str();
}

void write_experiment_chart(const std::string& path, const ExperimentReport& report) {
  std::vector<std::string> labels;  // the specs are in NAME.txt and NAME.md
  std::vector<double> published;
  for (const ExperimentRow* r : *report.rows) {
    labels.push_back(r->label);
    published.push_back(r->published ? r->published->mean : std::nan(""));
  }
  write_svg_file(path, "Experiment " + report.experiment->name + ": " + report.run_text, labels,
                 *report.summary, published);
}

}  // namespace colorwalk
