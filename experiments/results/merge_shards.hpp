// Merging results CSVs (the shards of one run, say) into the results of a
// single run: rows in board order, the same summary. Streams: one board per
// input in memory at a time.
//
// Every input must have the results header, record one run (the same
// provenance but for the shard: version, source, rules, start, solver seed,
// memory limit and solvers), the same solver specs in the same order on
// every board, each board complete (one row per solver) and boards in
// increasing order, each a board of the run's source. Together the inputs
// must hold boards 0, 1, 2, ... each exactly once (and `expect` of them,
// when given) and every board of the run they record (a shard cut short
// is refused, naming it); an input with no rows is refused. Every row is checked and every verified solution replayed on
// its board (RowChecker, results/csv_reader.hpp), whose source MergeOptions::source
// rebuilds from the record. Anything else is an InputError naming the file
// and line. The merged CSV and JSON Lines record the run with shard 0/1;
// each is written to FILE.partial and renamed over FILE at the end, so that
// a merge refused or stopped half-way leaves none (a device or a FIFO is
// written as it is).
// Inputs written before the `peak_mib` column merge with the others: the
// merged CSV has the column when any input has it, empty in their rows.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/run_summary.hpp"
#include "results/provenance.hpp"
#include "results/rows.hpp"

namespace colorwalk {

struct MergeOptions {
  std::vector<std::string> inputs;
  std::string csv;                    // merged per-board CSV; empty: none
  std::string json;                   // merged JSON Lines; empty: none
  std::optional<std::size_t> expect;  // boards the merged run must hold
  // The boards of the run the inputs record; throws a UserError saying why
  // when it cannot rebuild them. Called once, when an input has rows.
  std::function<std::unique_ptr<BoardSource>(const RunProvenance&)> source;
  // Polled between boards: the signal that asks to stop, 0 for none. When
  // it asks, the merge throws Interrupted (engine/exit_status.hpp).
  std::function<int()> stop_signal = {};
};

struct MergeResult {
  std::vector<std::string> solvers;  // spec texts, in order
  RunSummary summary;
  std::size_t failure_count = 0;  // rows not verified
};

MergeResult merge_results(const MergeOptions& options);

}  // namespace colorwalk
