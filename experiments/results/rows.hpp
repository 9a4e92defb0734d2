// The rows of a run's results: the per-board CSV and JSON Lines rows and
// the JSON summary object. Rows are appended to strings so that a caller
// can hand whole lines to the operating system at once (results/output_file.hpp).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/batch.hpp"
#include "engine/run_summary.hpp"
#include "results/provenance.hpp"

namespace colorwalk {

// The header of the per-board CSV (docs/formats.md); `seconds` and
// `peak_mib` are the columns that depend on the machine or the run. `run`
// holds the run's provenance (results/provenance.hpp) in the file's first row and
// is empty in every other. The columns after it (the board's name, the
// search's generated and pruned children and its proven lower bound) came
// later, at the end, so that every earlier column keeps its place.
inline constexpr std::string_view kCsvHeader =
    "board,solver,moves,solution,proven_optimal,expanded,seconds,verified,peak_mib,run,name,"
    "generated,pruned,lower_bound";
// The header before the columns after `run` were added: such files are
// still read, resumed (their new rows without those columns, so a file
// keeps one format) and merged.
inline constexpr std::string_view kCsvHeaderWithoutDetails =
    "board,solver,moves,solution,proven_optimal,expanded,seconds,verified,peak_mib,run";
// The header before `peak_mib` was added: such files are still read,
// resumed (their new rows without the column, so a file keeps one format)
// and merged.
inline constexpr std::string_view kCsvHeaderWithoutPeak =
    "board,solver,moves,solution,proven_optimal,expanded,seconds,verified,run";
// The header before `run` was added: such files are refused by resume and
// merge, which need the provenance.
inline constexpr std::string_view kCsvHeaderWithoutRun =
    "board,solver,moves,solution,proven_optimal,expanded,seconds,verified";

// A board's peak search memory as the CSV's `peak_mib` writes it: MiB with
// one decimal ("12.5"); empty when not recorded.
std::string format_peak_mib(std::optional<std::uint64_t> bytes);

// Quotes a CSV field when it holds a comma, a quote or a line break (RFC 4180).
std::string csv_field(std::string_view text);

// Appends one CSV row (with its line break); `run` is the `run` field
// (the encoded provenance in the first row of a file, else empty). With
// `peak_column` false the row has no `peak_mib` field (nor those after
// `run`), for a file with kCsvHeaderWithoutPeak; with `detail_columns`
// false it has none after `run`, for a file with kCsvHeaderWithoutDetails.
void append_csv_row(std::string& out, const BoardResult& result, std::string_view solver,
                    std::string_view run = {}, bool peak_column = true,
                    bool detail_columns = true);

// `text` as valid UTF-8: each byte that does not begin a well-formed UTF-8
// character (a stray or truncated byte, an overlong form, a surrogate) is
// replaced by U+FFFD, so that JSON and XML readers accept it.
std::string valid_utf8(std::string_view text);

// A JSON string literal for `text` (quotes, backslashes and control bytes
// escaped; invalid UTF-8 replaced as by valid_utf8).
std::string json_string(std::string_view text);

// Appends one JSON Lines object: {"type":"result","board":..,"solver":..,...}.
void append_json_row(std::string& out, const BoardResult& result, std::string_view solver);

// Appends the opening JSON Lines object: {"type":"run", "format":1,
// "version":..., every field of the provenance: counts (format, boards,
// solver_seed, memory_limit) as numbers, the rest as strings, lists as
// arrays of strings}.
void append_json_run(std::string& out, const RunProvenance& provenance);

// Key/value pairs describing a run (source, rules, shard, ...), in order.
using RunInfo = std::vector<std::pair<std::string, std::string>>;
// The keys of a RunInfo whose values are numbers, written as JSON numbers.
inline constexpr std::array<std::string_view, 1> kNumberInfoKeys = {"solver_seed"};

// Appends the closing JSON Lines object: {"type":"summary", run info...,
// "boards":N, "solvers":[{"solver":..,"boards":..,"min":..,...}, ...]};
// every count and figure a JSON number (a solver with no verified board has
// null min, mean, max and stdev).
void append_json_summary(std::string& out, const std::vector<std::string>& solvers,
                         const RunSummary& summary, const RunInfo& info);

}  // namespace colorwalk
