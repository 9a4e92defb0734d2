#!/usr/bin/env bash
# Proves the optimal solutions of the public b24c6n1000 set (1000 random
# 24x24 boards of 6 colours, flood-it rules, top-left start), for which none
# had been published, and writes them down:
#   experiments/optima/b24c6n1000.csv          the run's results CSV (which
#                                              solver, moves, proven, nodes,
#                                              seconds per board);
#   experiments/optima/b24c6n1000.optimal.txt  one optimal solution per
#                                              board in board order, the
#                                              board's own symbols, for the
#                                              boards proven so far (the
#                                              longest proven prefix).
# The run resumes where the CSV ends, so it can be stopped (Ctrl-C) and
# started again, a shard at a time: commit both files after each stretch.
# tests/test_datasets.cpp replays every line and checks it against the CSV.
#
# Usage: scripts/prove-b24c6n1000.sh [THREADS]   (default: every core)
# Needs build/experiments/colorwalk (the README's first command builds it).
set -euo pipefail
cd "$(dirname "$0")/.."

datasets=${COLORWALK_DATASETS:-../shared/datasets}
threads=${1:-}
csv=experiments/optima/b24c6n1000.csv
optimal=experiments/optima/b24c6n1000.optimal.txt

# A CSV written before colorwalk recorded its runs (no `run` column) is
# taken up once with --adopt, which replays its rows and records the run.
adopt=()
if [[ -f "$csv" ]] && ! head -n 1 "$csv" | grep -q ',run$'; then adopt=(--adopt); fi

status=0
build/experiments/colorwalk solve --boards "$datasets/b24c6n1000.txt" --format line \
  --rules flood-it --solver astar:memory=8192 ${threads:+--threads "$threads"} \
  --csv "$csv" --resume "${adopt[@]}" --quiet || status=$?

# The longest prefix of boards 0, 1, 2, ... proven and verified.
awk -F, '
  /^#/ || NR == 1 { next }
  $1 != next_board || $5 != 1 || $8 != 1 { exit }
  { print $4; next_board++ }
' next_board=0 "$csv" > "$optimal.partial"
mv "$optimal.partial" "$optimal"
echo "prove-b24c6n1000: $(wc -l < "$optimal") of 1000 boards proven; exit $status" >&2
exit "$status"
