#include "runs/experiment_report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <ostream>
#include <sstream>

#include "game/wording.hpp"
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

// A solver's mean moves above the proven optimum on the boards that have
// one; nullopt when none of its verified boards has one.
std::optional<double> mean_above_optimum(const SolverSummary& s) {
  if (s.excess_boards() == 0) return std::nullopt;
  double total = 0;
  for (const auto& [excess, boards] : s.excess_histogram)
    total += static_cast<double>(excess) * static_cast<double>(boards);
  return total / static_cast<double>(s.excess_boards());
}

// Whether every board of the run has a proven optimum, so that each row's
// moves above it describe the whole run.
bool optimum_of_every_board(const ExperimentReport& report) {
  return report.boards > 0 && report.summary->boards_with_optimum() == report.boards;
}

// The row that proved every board optimal; nullopt when none did.
std::optional<std::size_t> optimum_row(const ExperimentReport& report) {
  const auto& summaries = report.summary->solvers();
  for (std::size_t i = 0; i < summaries.size(); ++i)
    if (summaries[i].boards == report.boards && summaries[i].proven_optimal == report.boards &&
        report.boards > 0)
      return i;
  return std::nullopt;
}

std::string seconds_text(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, seconds < 10 ? "%.2f s" : "%.1f s", seconds);
  return text;
}

// The proven optimum beside the published figures: what it is, how far
// above it the best published mean is (when the run solved every board the
// figures were made on), and the row nearest to it of the others, with the
// solver time each took. Empty unless a row proved every board optimal.
std::string optimum_paragraph(const ExperimentReport& report, bool markdown) {
  const auto prover = optimum_row(report);
  if (!prover) return {};
  const auto& rows = *report.rows;
  const auto& summaries = report.summary->solvers();
  const SolverSummary& optimum = summaries[*prover];
  const auto name = [&](std::size_t i) {
    return rows[i]->label + (markdown ? " (`" + rows[i]->spec + "`)" : " (" + rows[i]->spec + ")");
  };
  const std::string indent = markdown ? "- " : "  ";
  char figure[160];
  std::ostringstream out;
  out << "Against the proven optimum:\n" << (markdown ? "\n" : "");
  std::snprintf(figure, sizeof figure, "%.2f", optimum.mean);
  out << indent << name(*prover) << " proved all " << plural(report.boards, "board")
      << " optimal: mean " << figure << " moves, in " << seconds_text(optimum.seconds)
      << " of solver time.\n";
  // The best published mean, counted as moves played (published-offset undone).
  double best = std::nan("");
  std::vector<std::string> best_labels;
  for (const ExperimentRow* r : rows) {
    if (!r->published || std::isnan(r->published->mean)) continue;
    const double played = r->published->mean - r->published_offset;
    if (std::isnan(best) || played < best - 1e-9) {
      best = played;
      best_labels.clear();
    }
    if (std::fabs(played - best) <= 1e-9) best_labels.push_back(r->label);
  }
  if (!std::isnan(best)) {
    std::string labels;
    for (std::size_t i = 0; i < best_labels.size(); ++i)
      labels += (i == 0 ? "" : i + 1 == best_labels.size() ? " and " : ", ") + best_labels[i];
    if (report.whole_source) {
      std::snprintf(figure, sizeof figure, "%.1f (%s), is %.2f moves a board (%.1f%%) above it",
                    best, labels.c_str(), best - optimum.mean,
                    100.0 * (best - optimum.mean) / optimum.mean);
      out << indent << "The best published mean, " << figure << ".\n";
    } else {
      std::snprintf(figure, sizeof figure, "%.1f (%s)", best, labels.c_str());
      out << indent << "The published figures are over every board of the source: run them all "
          << "to set the best published mean, " << figure << ", against the optimum.\n";
    }
  }
  // The nearest to the optimum of the other rows, and what it took.
  std::optional<std::size_t> nearest;
  for (std::size_t i = 0; i < summaries.size(); ++i) {
    if (i == *prover || summaries[i].boards != report.boards) continue;
    if (!nearest || summaries[i].mean < summaries[*nearest].mean) nearest = i;
  }
  if (nearest) {
    const SolverSummary& s = summaries[*nearest];
    const auto at = s.excess_histogram.count(0) ? s.excess_histogram.at(0) : 0;
    std::snprintf(figure, sizeof figure, "%.2f moves a board above it", s.mean - optimum.mean);
    out << indent << "The nearest of the others, " << name(*nearest) << ", is " << figure
        << " (at the optimum on " << at << " of " << plural(report.boards, "board") << "), in "
        << seconds_text(s.seconds) << ".\n";
  }
  return out.str();
}

}  // namespace

void write_published_table(std::ostream& out, const std::vector<const ExperimentRow*>& rows,
                           const std::vector<SolverSummary>& summaries, TableStyle style,
                           bool above_optimum) {
  char line[1024];
  const bool markdown = style == TableStyle::kMarkdown;
  if (markdown) {
    out << "| algorithm | spec | min | mean | max | stdev | published min | mean | max | stdev | "
           "mean - published |"
        << (above_optimum ? " above the optimum |" : "") << "\n"
        << "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
        << (above_optimum ? "---:|" : "") << "\n";
  } else {
    std::snprintf(line, sizeof line, "%-34s %4s %6s %4s %5s | %4s %6s %4s %5s | %6s%s\n",
                  "algorithm (spec)", "min", "mean", "max", "stdev", "min", "mean", "max", "stdev",
                  "d.mean", above_optimum ? " |  d.opt" : "");
    out << line;
    std::snprintf(line, sizeof line, "%-34s %23s | %23s |%s\n", "", "ours", "published",
                  above_optimum ? "        |" : "");
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
    // No verified board: "-" for each of ours, not zeros.
    const bool ours = s.boards > 0;
    const std::string our_min = ours ? std::to_string(s.min) : "-";
    const std::string our_mean = published_figure(ours ? s.mean : nan, "%.2f");
    const std::string our_max = ours ? std::to_string(s.max) : "-";
    const std::string our_stdev = published_figure(ours ? s.stdev : nan, "%.2f");
    const PublishedFigures p = r.published.value_or(PublishedFigures{nan, nan, nan, nan});
    const std::string min = published_figure(p.min, "%.0f");
    const std::string mean = published_figure(p.mean, "%.1f");
    const std::string max = published_figure(p.max, "%.0f");
    const std::string stdev = published_figure(p.stdev, "%.1f");
    const std::string delta = published_figure(ours ? s.mean - p.mean : nan, "%+.2f");
    const std::string above =
        published_figure(mean_above_optimum(summaries[i]).value_or(nan), "%+.2f");
    if (markdown) {
      std::snprintf(
          line, sizeof line, "| %s | `%s` | %s | %s | %s | %s | %s | %s | %s | %s | %s |%s\n",
          (r.label + (r.published_offset != 0
                          ? " (ours counted as published: " + std::to_string(r.published_offset) +
                                " per board)"
                          : std::string()))
              .c_str(),
          r.spec.c_str(), our_min.c_str(), our_mean.c_str(), our_max.c_str(), our_stdev.c_str(),
          min.c_str(), mean.c_str(), max.c_str(), stdev.c_str(), delta.c_str(),
          above_optimum ? (" " + above + " |").c_str() : "");
      out << line;
      continue;
    }
    char opt_column[32] = "";
    if (above_optimum) std::snprintf(opt_column, sizeof opt_column, " | %6s", above.c_str());
    if (r.published) {
      std::snprintf(line, sizeof line, "%-34s %4s %6s %4s %5s | %4s %6s %4s %5s | %6s%s\n",
                    r.label.c_str(), our_min.c_str(), our_mean.c_str(), our_max.c_str(),
                    our_stdev.c_str(), min.c_str(), mean.c_str(), max.c_str(), stdev.c_str(),
                    delta.c_str(), opt_column);
    } else {
      std::snprintf(line, sizeof line, "%-34s %4s %6s %4s %5s | %23s |%s%s\n", r.label.c_str(),
                    our_min.c_str(), our_mean.c_str(), our_max.c_str(), our_stdev.c_str(), "",
                    above_optimum ? "       " : "", opt_column);
    }
    out << line;
    if (r.label != r.spec) out << "  " << r.spec << "\n";
    if (r.published_offset != 0)
      out << "  ours counted as the published row was: " << std::showpos << r.published_offset
          << std::noshowpos << " move per board (moves played: mean " << summaries[i].mean << ")\n";
  }
  if (!markdown && above_optimum)
    out << "d.mean: our mean minus the published mean; d.opt: our mean moves played above the "
           "proven optimum\n";
}

std::string experiment_text_report(const ExperimentReport& report) {
  const Experiment& experiment = *report.experiment;
  const auto& summaries = report.summary->solvers();
  std::ostringstream text;
  text << "Experiment " << experiment.name << ": " << experiment.description << "\n"
       << report.run_text << "; " << report.boards << " of " << plural(report.total, "board")
       << "; commit " << report.commit << ", " << report.date << "\n\n";
  if (experiment.has_published()) {
    write_published_table(text, *report.rows, summaries, TableStyle::kText,
                          optimum_of_every_board(report));
    if (const std::string optimum = optimum_paragraph(report, false); !optimum.empty())
      text << "\n" << optimum;
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
     << "| rules | " << report.rules_text << ", start " << report.start_text << " |\n"
     << "| solver seed | " << report.solver_seed << " |\n"
     << "| boards | " << report.boards << " of " << report.total << " |\n"
     << "| commit | " << report.commit << " |\n"
     << "| date | " << report.finished << " |\n"
     << "| threads | " << report.threads << " |\n"
     << "| wall time | " << report.wall << " s |\n"
     << "| definition | [" << experiment.name << ".exp](" << experiment.name << ".exp) |\n\n";
  if (experiment.has_published()) {
    md << "## Ours beside the published figures\n\n";
    write_published_table(md, *report.rows, summaries, TableStyle::kMarkdown,
                          optimum_of_every_board(report));
    if (const std::string optimum = optimum_paragraph(report, true); !optimum.empty())
      md << "\n" << optimum;
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
