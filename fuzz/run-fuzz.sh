#!/usr/bin/env bash
# Runs one libFuzzer target for a while from its seed corpus:
#   fuzz/run-fuzz.sh FUZZER SEED_DIR SECONDS FINDINGS_DIR [libFuzzer options...]
# The seed corpus is only read: inputs the run finds go to a temporary
# directory that is removed at the end, so the repository is never written.
# A crash, a failed check, a leak, an input slower than 10 s or a run over
# 2 GiB is a finding: saved as FINDINGS_DIR/TARGET-crash-..., its report
# printed, exit 1. Prints one line at the end: runs, seconds, "no findings".
set -euo pipefail
fuzzer=$1 seeds=$2 seconds=$3 findings=$4
shift 4
name=$(basename "$fuzzer")
work=$(mktemp -d "${TMPDIR:-/tmp}/$name.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$findings" "$work/corpus"
if ! "$fuzzer" "$work/corpus" "$seeds" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$findings/$name-" -print_final_stats=1 "$@" >"$work/log" 2>&1; then
  tail -n 60 "$work/log"
  echo "$name: FINDING after fuzzing: the input is in $findings/ (rerun: $fuzzer FILE)" >&2
  exit 1
fi
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log")
units=$(find "$work/corpus" -type f | wc -l)
echo "$name: $runs runs in ${seconds} s from $(find "$seeds" -type f | wc -l) seeds" \
     "($units new corpus inputs), no findings"
