// The reports of one experiment's run: the printed report (NAME.txt), the
// report in Markdown (NAME.md) and the chart (NAME.svg), made from what the
// run found; nothing here runs a board.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "engine/run_summary.hpp"
#include "reports/board_groups.hpp"
#include "reports/reference.hpp"
#include "reports/summary_table.hpp"
#include "runs/experiment_file.hpp"

namespace colorwalk {

// What an experiment's reports show; the pointers are to the run's own data.
struct ExperimentReport {
  const Experiment* experiment = nullptr;
  std::string source;    // the source's description
  std::string run_text;  // "SOURCE, RULES rules[, start CELL]"
  std::string rules_text;  // the run's rules and start (the experiment's, or its boards' header's)
  std::string start_text;
  std::string commit;
  std::string date;        // the day of the run
  std::string finished;    // when the run ended, to the second
  std::size_t boards = 0;  // boards done, resumed ones included
  std::size_t total = 0;   // boards of the source
  // The source's every board, not the first of them (--boards N): published
  // figures, made on every board, are then set against the run's optimum.
  bool whole_source = true;
  std::uint64_t solver_seed = 0;
  int threads = 0;
  double wall = 0;
  const std::vector<const ExperimentRow*>* rows = nullptr;     // rows run, in solver order
  const std::vector<const ExperimentRow*>* missing = nullptr;  // rows this build cannot run
  std::vector<std::string> solvers;                            // the specs run, in order
  const RunSummary* summary = nullptr;
  std::optional<ReferenceCheck> reference;
  std::optional<BoardGroups> groups;
  std::string out_dir;
};

// "Ours beside the published table" for the rows of an experiment; with
// `above_optimum` (every board has a proven optimum), a last column with
// each row's mean moves above it.
void write_published_table(std::ostream& out, const std::vector<const ExperimentRow*>& rows,
                           const std::vector<SolverSummary>& summaries, TableStyle style,
                           bool above_optimum = false);

// The printed report, as NAME.txt holds it.
std::string experiment_text_report(const ExperimentReport& report);
// The report in Markdown, as NAME.md holds it.
std::string experiment_markdown_report(const ExperimentReport& report);
// The chart of moves per board, one row per label, with the published means.
void write_experiment_chart(const std::string& path, const ExperimentReport& report);

}  // namespace colorwalk
