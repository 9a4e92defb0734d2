#!/usr/bin/env bash
# Proves the optimal solutions of the public b24c6n1000 set (1000 random
# 24x24 boards of 6 colours, flood-it rules, top-left start), for which none
# had been published, and writes them down:
#   experiments/optima/b24c6n1000.csv          the run's results CSV (which
#                                              solver, moves, proven, nodes,
#                                              seconds per board);
#   experiments/optima/b24c6n1000.board-B.csv  a second pass on board B,
#                                              one for each board that the
#                                              first left unproven (at its
#                                              600 s or 8 GiB limit), with no
#                                              time limit and SECOND_PASS_MIB
#                                              of memory (default 16384);
#   experiments/optima/b24c6n1000.board-B.rise2.csv
#                                              a third pass on board B,
#                                              for a board the second left
#                                              unproven (out of memory):
#                                              the completion bound with
#                                              rise 2 (astar:completion=2),
#                                              which costs more per node
#                                              and stores far fewer nodes;
#   experiments/optima/b24c6n1000.optimal.txt  one optimal solution per
#                                              board in board order, the
#                                              board's own symbols, for the
#                                              boards proven so far (the
#                                              longest proven prefix, each
#                                              board from the first pass
#                                              that proved it).
# The run resumes where the CSVs end, so it can be stopped (Ctrl-C) and
# started again, a shard at a time: commit the files after each stretch.
# tests/test_datasets.cpp replays every line and checks it against the CSVs.
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
if [[ -f "$csv" ]] && ! head -n 1 "$csv" | grep -Eq ',run(,|$)'; then adopt=(--adopt); fi

status=0
build/experiments/colorwalk solve --boards "$datasets/b24c6n1000.txt" --format line \
  --rules flood-it --solver astar:memory=8192 ${threads:+--threads "$threads"} \
  --csv "$csv" --resume "${adopt[@]}" --quiet || status=$?

# Second pass: each board the first pass ran without proving it (only a
# time or memory limit does that), alone, without a time limit and with
# more memory.
second_mib=${SECOND_PASS_MIB:-16384}
if [[ $status -eq 0 ]]; then
  for board in $(awk -F, '!/^#/ && NR > 1 && $5 != 1 { print $1 }' "$csv"); do
    board_csv=experiments/optima/b24c6n1000.board-$board.csv
    if [[ -f "$board_csv" ]] && awk -F, 'NR > 1 && !/^#/ { found = 1 } END { exit !found }' "$board_csv"; then
      continue  # run already (proven or not: a larger SECOND_PASS_MIB needs a new file)
    fi
    build/experiments/colorwalk solve --boards "$datasets/b24c6n1000.txt" --format line \
      --rules flood-it --solver "astar:memory=$second_mib,seconds=0" --shard "$board/1000" \
      ${threads:+--threads "$threads"} --csv "$board_csv" --resume --quiet || status=$?
    [[ $status -eq 0 ]] || break
  done
fi

# For awk over a results CSV split at every comma: how many more fields the
# solver spec (field 2) took, because it holds commas and is quoted.
quoted_spec='function spec_extra(  i) {
  if ($2 !~ /^"/) return 0
  for (i = 2; i <= NF; ++i) if ($i ~ /"$/ && (i > 2 || length($2) > 1)) return i - 2
  return 0
}'

# Third pass: each board whose second pass ran without proving it, with the
# stronger bound and the same memory.
shopt -s nullglob
if [[ $status -eq 0 ]]; then
  for board_csv in experiments/optima/b24c6n1000.board-[0-9]*.csv; do
    [[ $board_csv == *.rise2.csv ]] && continue
    awk -F, "$quoted_spec"'
      NR > 1 && !/^#/ { o = spec_extra(); if ($(5 + o) == 1) proven = 1 }
      END { exit !proven }' "$board_csv" && continue
    board=${board_csv#experiments/optima/b24c6n1000.board-}
    board=${board%.csv}
    build/experiments/colorwalk solve --boards "$datasets/b24c6n1000.txt" --format line \
      --rules flood-it --solver "astar:memory=$second_mib,seconds=0,completion=2" \
      --shard "$board/1000" ${threads:+--threads "$threads"} \
      --csv "experiments/optima/b24c6n1000.board-$board.rise2.csv" --resume --quiet || status=$?
    [[ $status -eq 0 ]] || break
  done
fi

# The longest prefix of boards 0, 1, 2, ... proven and verified, each from
# the first pass that proved it. (A later pass's solver spec holds commas,
# so its CSV quotes that field: o skips the rest of it.)
second=(experiments/optima/b24c6n1000.board-*.csv)
awk -F, "$quoted_spec"'
  FNR == 1 || /^#/ { next }
  { o = spec_extra() }
  $(5 + o) == 1 && $(8 + o) == 1 && !($1 in proven) { proven[$1] = $(4 + o) }
  END { for (b = 0; b in proven; ++b) print proven[b] }
' "$csv" "${second[@]}" > "$optimal.partial"
mv "$optimal.partial" "$optimal"
echo "prove-b24c6n1000: $(wc -l < "$optimal") of 1000 boards proven; exit $status" >&2
exit "$status"
