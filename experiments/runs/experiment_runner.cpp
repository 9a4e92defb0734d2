#include "runs/experiment_runner.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <ostream>
#include <sstream>

#include "origin/environment.hpp"
#include "reports/board_groups.hpp"
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

std::string experiment_path(const std::string& name, const std::string& dir) {
  const bool is_path = name.find('/') != std::string::npos ||
                       (name.size() > kExperimentSuffix.size() &&
                        name.compare(name.size() - kExperimentSuffix.size(),
                                     kExperimentSuffix.size(), kExperimentSuffix) == 0);
  if (is_path) {
    std::error_code ec;
    if (!std::filesystem::exists(name, ec)) throw UsageError("no experiment file '" + name + "'");
    return name;
  }
  const std::string path =
      (std::filesystem::path(dir) / (name + std::string(kExperimentSuffix))).string();
  std::error_code ec;
  if (!std::filesystem::exists(path, ec))
    throw UsageError("unknown experiment '" + name + "' (none in " + dir +
                     "; colorwalk experiment --list)");
  return path;
}

std::string fresh_results_dir(const std::string& root, const std::string& name,
                              const std::string& date, const std::string& commit) {
  const std::string base =
      (std::filesystem::path(root) / (name + "-" + date + "-" + commit)).string();
  std::error_code ec;
  std::string dir = base;
  for (int n = 2; std::filesystem::exists(dir, ec); ++n)
    dir = base + "-" + std::to_string(n);
  return dir;
}

std::string results_dir_for(const ExperimentRequest& request, const std::string& name) {
  if (request.output_dir) return *request.output_dir;
  return fresh_results_dir(request.results_dir, name, utc_date("%Y-%m-%d"), source_commit());
}

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

ExperimentRun run_experiment(const Experiment& experiment, const ExperimentRequest& request,
                             const std::string& out_dir, std::ostream& out, std::ostream& log) {
  const auto& registry = builtin_solvers();
  BatchOptions options;
  std::vector<const ExperimentRow*> rows;
  std::vector<const ExperimentRow*> missing;
  for (const ExperimentRow& row : experiment.rows) {
    if (registry.find(row.spec.substr(0, row.spec.find(':'))) == nullptr) {
      missing.push_back(&row);
      continue;
    }
    rows.push_back(&row);
    options.solvers.push_back(registry.parse(row.spec));
  }
  if (rows.empty())
    throw InputError(experiment.path, 0, "none of its solvers is registered in this build");
  options.rules = experiment.rules;
  options.start = experiment.start;
  options.solver_seed = experiment.solver_seed;
  apply_run_settings(request.settings, options);
  const bool quiet = request.settings.quiet;
  const auto source = experiment.make_source(datasets_dir(), request.limit);
  check_start(*source, options);

  const std::string commit = source_commit();
  const std::string date = utc_date("%Y-%m-%d");
  std::error_code ec;
  std::filesystem::create_directories(out_dir, ec);
  if (ec) throw UsageError("cannot create output directory '" + out_dir + "': " + ec.message());
  const auto file = [&](const char* suffix) {
    return (std::filesystem::path(out_dir) / (experiment.name + suffix)).string();
  };
  std::filesystem::copy_file(experiment.path, file(".exp"),
                             std::filesystem::copy_options::overwrite_existing, ec);
  if (ec) throw UsageError("cannot write '" + file(".exp") + "': " + ec.message());

  RunRequest run_request;
  run_request.source = source.get();
  run_request.options = options;
  run_request.quiet = quiet;
  run_request.progress = request.progress;
  run_request.stop = request.stop;
  run_request.outputs = RecorderOptions{file(".csv"), file(".jsonl"), request.resume};
  run_request.resume_command = resume_command(request.command, {"--output-dir", out_dir});
  run_request.info = {{"experiment", experiment.name},
                      {"source", source->describe()},
                      {"rules", experiment.rules_text},
                      {"start", experiment.start_text},
                      {"solver_seed", std::to_string(options.solver_seed)},
                      {"commit", commit},
                      {"date", date}};
  const RunOutcome outcome = execute(run_request, log);
  const RunRecorder& recorder = *outcome.recorder;
  const auto& summaries = recorder.summary().solvers();
  const std::size_t done = recorder.boards();
  const std::string run_text =
      source->describe() + ", " + experiment.rules_text + " rules" +
      (experiment.start_text != "0,0" ? ", start " + experiment.start_text : std::string());

  std::ostringstream report;
  report << "Experiment " << experiment.name << ": " << experiment.description << "\n"
         << run_text << "; " << done << " of " << outcome.total << " boards; commit " << commit
         << ", " << date << "\n\n";
  if (experiment.has_published()) {
    write_published_table(report, rows, summaries, TableStyle::kText);
  } else {
    write_summary_table(report, recorder.solver_texts(), summaries, TableStyle::kText);
  }
  ExperimentRun run;
  run.status = outcome.status;
  run.out_dir = out_dir;
  run.boards = done;
  run.wall = outcome.wall;
  run.solvers = recorder.solver_texts();
  run.summaries = summaries;
  std::vector<std::string> specs;
  for (const ExperimentRow* r : rows)
    specs.push_back(r->spec);
  // The optima to check against: the `optimal =` file, else those the
  // board files state.
  std::vector<std::optional<std::uint32_t>> stated(source->size());
  std::size_t stated_count = 0;
  for (std::size_t i = 0; i < source->size(); ++i) {
    stated[i] = source->stated_optimum(i);
    if (stated[i]) ++stated_count;
  }
  if (!experiment.optimal.empty()) {
    run.reference = check_reference(file(".csv"), experiment.optimal_path(datasets_dir()), specs);
  } else if (stated_count > 0) {
    run.reference =
        check_reference(file(".csv"), stated,
                        "the optima stated in the board files (" + std::to_string(stated_count) +
                            " of " + std::to_string(source->size()) + " boards)",
                        specs);
  }
  if (run.reference) {
    report << "\n";
    write_reference_table(report, *run.reference, TableStyle::kText);
    if (!run.reference->ok()) run.status = std::max(run.status, kExitFailure);
  }
  std::optional<BoardGroups> groups;
  if (experiment.group_by_size) {
    groups = group_boards(file(".csv"), *source, specs);
    report << "\nBy size and colors:\n";
    write_board_groups(report, *groups, TableStyle::kText);
  }
  if (!missing.empty()) {
    report << "\nnot yet implemented (solvers this build does not have yet):\n";
    for (const ExperimentRow* p : missing)
      report << "  " << p->label << " (" << p->spec << ")\n";
  }
  report << "\nresults: " << out_dir << "/ (per-board results in " << experiment.name << ".csv)\n";
  write_text_file(file(".txt"), report.str());
  if (!quiet) out << report.str();

  std::ostringstream md;
  md << "# Experiment `" << experiment.name << "`\n\n"
     << experiment.description << "\n\n"
     << "| | |\n|---|---|\n"
     << "| source | " << source->describe() << " |\n"
     << "| rules | " << experiment.rules_text << ", start " << experiment.start_text << " |\n"
     << "| solver seed | " << options.solver_seed << " |\n"
     << "| boards | " << done << " of " << outcome.total << " |\n"
     << "| commit | " << commit << " |\n"
     << "| date | " << utc_date("%Y-%m-%d %H:%M:%S UTC") << " |\n"
     << "| threads | " << resolve_threads(options.threads) << " |\n"
     << "| wall time | " << outcome.wall << " s |\n"
     << "| definition | [" << experiment.name << ".exp](" << experiment.name << ".exp) |\n\n";
  if (experiment.has_published()) {
    md << "## Ours beside the published figures\n\n";
    write_published_table(md, rows, summaries, TableStyle::kMarkdown);
    md << "\n";
  }
  md << "## Summary\n\n";
  write_summary_table(md, recorder.solver_texts(), summaries, TableStyle::kMarkdown);
  if (run.reference) {
    md << "\n## Against the optimal solutions\n\n";
    write_reference_table(md, *run.reference, TableStyle::kMarkdown);
  }
  if (groups) {
    md << "\n## By size and colors\n\n";
    write_board_groups(md, *groups, TableStyle::kMarkdown);
  }
  if (!missing.empty()) {
    md << "\n## Not yet implemented\n\n";
    for (const ExperimentRow* p : missing)
      md << "- " << p->label << " (`" << p->spec << "`)\n";
  }
  md << "\n![moves per board](" << experiment.name << ".svg)\n";
  write_text_file(file(".md"), md.str());

  std::vector<std::string> labels;  // the specs are in NAME.txt and NAME.md
  std::vector<double> published;
  for (const ExperimentRow* r : rows) {
    labels.push_back(r->label);
    published.push_back(r->published ? r->published->mean : std::nan(""));
  }
  write_svg_file(file(".svg"), "Experiment " + experiment.name + ": " + run_text, labels,
                 recorder.summary(), published);
  return run;
}

int run_suite(const Experiment& suite, const ExperimentRequest& request, std::ostream& out,
              std::ostream& log) {
  std::vector<Experiment> parts;
  for (const std::string& name : suite.parts) {
    parts.push_back(load_experiment(experiment_path(name, request.experiments_dir)));
    if (!parts.back().parts.empty())
      throw InputError(suite.path, 0, "part '" + name + "' is a suite itself; suites do not nest");
  }
  const std::string root = results_dir_for(request, suite.name);
  int status = kExitOk;
  std::vector<ExperimentRun> runs;
  for (const Experiment& part : parts) {
    runs.push_back(run_experiment(part, request, (std::filesystem::path(root) / part.name).string(),
                                  out, log));
    status = std::max(status, runs.back().status);
    if (status >= 128) break;  // interrupted: the remaining parts are not started
  }
  std::ostringstream report;
  report << "\nSuite " << suite.name << ": " << suite.description << "\n";
  char line[512];
  std::snprintf(line, sizeof line, "%-22s %-24s %7s %9s %9s %8s %6s %6s %6s %9s\n", "part",
                "solver", "boards", "moves", "optimal", "at opt.", "above", "below", "wrong",
                "seconds");
  report << line;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    if (!runs[i].reference) {
      std::snprintf(line, sizeof line, "%-22s %-24s %7zu %9s %9s %8s %6s %6s %6s %9.1f\n",
                    parts[i].name.c_str(), "(no optimal file)", runs[i].boards, "-", "-", "-", "-",
                    "-", "-", runs[i].wall);
      report << line;
      continue;
    }
    for (const ReferenceRow& r : runs[i].reference->rows) {
      std::snprintf(line, sizeof line, "%-22s %-24s %7zu %9llu %9llu %8zu %6zu %6zu %6zu %9.1f\n",
                    parts[i].name.c_str(), r.solver.c_str(), r.boards,
                    static_cast<unsigned long long>(r.moves),
                    static_cast<unsigned long long>(r.optimal), r.at, r.above, r.below,
                    r.wrong_claims, runs[i].wall);
      report << line;
    }
  }
  report << "\nresults: " << root << "/ (one folder per part)\n";
  write_text_file((std::filesystem::path(root) / (suite.name + ".txt")).string(), report.str());
  if (!request.settings.quiet) out << report.str();
  return status;
}

}  // namespace colorwalk
