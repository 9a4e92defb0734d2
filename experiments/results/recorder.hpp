// RunRecorder: the observer of a batch run that streams rows to the CSV and
// JSON Lines files as boards are reported and keeps only aggregates in
// memory; and resuming, which reads a run's CSV back so that the run can go
// on where it stopped.
//
// The CSV's first row carries the run's provenance (RecorderOptions::
// provenance) in its `run` field, and the JSON Lines file opens with it.
//
// Resuming (RecorderOptions::resume): the CSV is locked first
// (results/output_file.hpp), then read. It must start with the results header, be the record of
// this run (its provenance: the same version, source, rules, start, shard,
// solver seed, memory limit and solvers) and hold, board by board, the
// first boards of the run's selection, each with one row per solver, the
// solver specs in the order given. A final line without a line break and a
// last board with rows missing are cut off (they are solved again);
// anything else that does not fit is an InputError naming the line. Every
// row read back is checked and replayed on its board again (RowChecker,
// results/csv_reader.hpp). A CSV written before the `peak_mib` column is resumed
// as it is: the rows added have no `peak_mib` either, so that a file keeps
// one format; so is one written before the columns after `run`. The JSON file, if any, is written anew from the CSV's rows:
// to FILE.partial, renamed over FILE once the CSV is accepted (over the
// file a symbolic link points to, keeping the link), or, for a device or a
// FIFO, straight to it. A missing or empty CSV starts the run from the
// beginning; a CSV that is a device or a FIFO cannot be resumed.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/batch.hpp"
#include "engine/run_summary.hpp"
#include "results/csv_reader.hpp"
#include "results/output_file.hpp"
#include "results/provenance.hpp"
#include "results/rows.hpp"

namespace colorwalk {

struct RecorderOptions {
  std::string csv;      // per-board CSV; empty: none
  std::string json;     // per-board JSON Lines; empty: none
  bool resume = false;  // continue the CSV (needs csv)
  // With resume: a CSV written before runs were recorded (no `run` column)
  // is taken as this run's. Its rows are checked and replayed like any
  // other, and the file is rewritten (FILE.partial, renamed over FILE) with
  // the `run` column and this run's provenance.
  bool adopt = false;
  RunProvenance provenance = {};  // the run's, written to both files (runs/run.hpp sets it)
  // The optimal move counts known for the boards, by board index (empty:
  // none): the summary's optimum columns and its contradictions
  // (RunSummary::set_optima).
  std::vector<std::optional<std::uint32_t>> optima = {};
  // Polled between the boards read back when resuming: the signal that asks
  // to stop, 0 for none. Then resuming throws Interrupted
  // (engine/exit_status.hpp), leaving the files as they were.
  std::function<int()> stop_signal = {};
};

class RunRecorder final : public BatchObserver {
 public:
  static constexpr std::size_t kFailuresKept = 10;

  // Opens the outputs (reading the CSV back first when resuming). Throws
  // InputError for a CSV that cannot be resumed, std::runtime_error for a
  // file that cannot be written.
  RunRecorder(const BoardSource& source, const BatchOptions& options,
              const RecorderOptions& outputs);

  // Boards of the selection found done in the CSV: pass as BatchOptions::skip.
  std::size_t resumed() const noexcept { return resumed_; }
  // Bytes cut from the end of the CSV when resuming (a torn line, a partial board).
  std::uint64_t cut_bytes() const noexcept { return cut_bytes_; }

  // Called after each board is recorded, with the boards recorded so far.
  void set_progress(std::function<void(std::size_t)> progress) { progress_ = std::move(progress); }

  void on_board(std::span<const BoardResult> results) override;

  // Hands every row recorded so far to the operating system.
  void flush();
  // Flushes and closes the files; with `complete`, ends the JSON file with
  // the summary object (an interrupted run leaves it out: resuming rewrites
  // the JSON file).
  void finish(bool complete, const RunInfo& info);

  const RunSummary& summary() const noexcept { return summary_; }
  const std::vector<std::string>& solver_texts() const noexcept { return solvers_; }
  std::size_t boards() const noexcept { return summary_.boards(); }
  // The first kFailuresKept failures, each "board B, solver S: why", and their total.
  const std::vector<std::string>& failures() const noexcept { return failures_; }
  std::size_t failure_count() const noexcept { return failure_count_; }

 private:
  void record(std::span<const BoardResult> results, bool write_csv);
  // Resuming, step by step (recorder.cpp says what each does).
  void resume(const BoardSource& source, const BatchOptions& options);
  void start_fresh();
  void start_resumed_json();
  LineFile start_adopted_csv(const ResultsCsvReader& reader);
  void check_resumed_board(const ResultsCsvReader& reader, const std::vector<CsvRow>& rows,
                           std::size_t k, const BoardSource& source,
                           const BatchOptions& options) const;
  void check_last_board(ResultsCsvReader& reader, const std::vector<CsvRow>& rows);
  void finish_resume(std::uint64_t kept, LineFile adopted, std::size_t boards);
  void start_csv();
  void start_json(const std::string& path);

  std::vector<std::string> solvers_;
  RecorderOptions outputs_;
  LineFile csv_;
  LineFile json_;
  bool csv_has_rows_ = false;  // else the next row written carries the provenance
  bool csv_has_peak_ = true;   // the CSV has the `peak_mib` column (one resumed may not)
  bool csv_has_details_ = true;  // the CSV has the columns after `run` (one resumed may not)
  std::string json_final_;     // where the resumed JSON goes once the CSV is accepted
  std::string csv_partial_;    // an adopted CSV being rewritten, until it is accepted
  LineFile json_lock_;         // the JSON file being replaced, locked meanwhile
  std::string provenance_text_;
  RunSummary summary_;
  std::size_t resumed_ = 0;
  std::uint64_t cut_bytes_ = 0;
  std::vector<std::string> failures_;
  std::size_t failure_count_ = 0;
  std::function<void(std::size_t)> progress_;
  std::string text_;
};

}  // namespace colorwalk
