// Merging results CSVs (the shards of one run, say) into the results of a
// single run: rows in board order, the same summary. Streams: one board per
// input in memory at a time.
//
// Every input must have the results header, the same solver specs in the
// same order on every board, each board complete (one row per solver) and
// boards in increasing order. Together the inputs must hold boards 0, 1, 2,
// ... each exactly once (and `expect` of them, when given). Anything else is
// an InputError naming the file and line.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "report.hpp"
#include "summary.hpp"

namespace colorwalk {

struct MergeOptions {
  std::vector<std::string> inputs;
  std::string csv;                    // merged per-board CSV; empty: none
  std::string json;                   // merged JSON Lines; empty: none
  std::optional<std::size_t> expect;  // boards the merged run must hold
};

struct MergeResult {
  std::vector<std::string> solvers;  // spec texts, in order
  RunSummary summary;
  std::size_t failure_count = 0;  // rows not verified
};

MergeResult merge_results(const MergeOptions& options);

}  // namespace colorwalk
