#!/usr/bin/env bash
# The parallel search's scaling, measured in one run (docs/measurements.md,
# "Parallel search"):
#  1. single hard boards of the 99 problems solved by astar at each worker
#     count (bench_parallel_astar, one timed solve each), with the speed-up
#     over the one-worker solve of the same run;
#  2. with --hard N, the whole `hard` experiment at --threads N: wall time,
#     peak memory (GNU time, where installed) and the experiment's exit.
# Run it on an otherwise idle machine. Not part of CI.
#
#   scripts/measure-parallel-scaling.sh [--hard THREADS] WORKERS BOARD...
#   scripts/measure-parallel-scaling.sh 1,2,4,8,16 20_20_08_006 18_18_08_014
#
# WORKERS: a comma-separated subset of 1,2,4,8,16 (the bench's counts);
# include 1 for speed-ups. BOARD: a name the bench knows (20_20_08_006,
# 16_16_10_030, 20_20_08_003, 18_18_08_014, 16_16_10_001, 12_12_06_001).
# Programs: $BENCH (default build/bench/bench_parallel_astar) and $COLORWALK
# (default build/experiments/colorwalk); the datasets: $COLORWALK_DATASETS.
set -euo pipefail
cd "$(dirname "$0")/.."
bench=${BENCH:-build/bench/bench_parallel_astar}
colorwalk=${COLORWALK:-build/experiments/colorwalk}
usage() {
  echo "usage: scripts/measure-parallel-scaling.sh [--hard THREADS] WORKERS BOARD...  (--help explains)" >&2
  exit 2
}
if [[ ${1:-} == -h || ${1:-} == --help ]]; then
  sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"
  exit 0
fi

hard_threads=
if [[ ${1:-} == --hard ]]; then
  [[ ${2:-} =~ ^[1-9][0-9]*$ ]] || usage
  hard_threads=$2
  shift 2
fi
[[ $# -ge 2 && $1 =~ ^[0-9]+(,[0-9]+)*$ ]] || usage
workers=${1//,/|}
worker_list=$1
shift
[[ -x $bench ]] || { echo "measure-parallel-scaling: build first (no $bench)" >&2; exit 2; }

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"
echo "commit: $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for board in "$@"; do
  "$bench" --benchmark_filter="astar/$board/($workers)/" 2>&1 | tee "$work/bench.txt"
  # Lines "astar/BOARD/W/iterations:1/real_time  T s  T s  1  counters...".
  awk -v board="$board" '
    $1 ~ "^astar/" board "/" {
      split($1, part, "/"); w = part[3]; t = $2
      if (w == 1) one = t
      line = sprintf("%s, %2d workers: %8.3f s", board, w, t)
      if (one > 0 && t > 0 && w != 1) line = line sprintf("  (speed-up %.2f)", one / t)
      for (i = 5; i <= NF; i++) if ($i ~ /^(overhead|wait_s)=/) line = line "  " $i
      print line
    }' "$work/bench.txt" >"$work/board.txt"
  if [[ ! -s $work/board.txt ]]; then
    echo "measure-parallel-scaling: the bench ran nothing for $board at workers $worker_list (see --help for the boards and counts it knows)" >&2
    exit 2
  fi
  cat "$work/board.txt" >>"$work/summary.txt"
done

if [[ -n $hard_threads ]]; then
  [[ -x $colorwalk ]] || { echo "measure-parallel-scaling: build first (no $colorwalk)" >&2; exit 2; }
  timer=()
  [[ -x /usr/bin/time ]] && timer=(/usr/bin/time -v)
  start=$(date +%s.%N)
  status=0
  "${timer[@]}" "$colorwalk" experiment hard --threads "$hard_threads" --results-dir "$work/results" \
    >"$work/hard.txt" 2>"$work/hard.err" || status=$?
  end=$(date +%s.%N)
  tail -n 25 "$work/hard.txt"
  peak=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$work/hard.err")
  awk -v s="$start" -v e="$end" -v t="$hard_threads" -v x="$status" -v p="${peak:-}" 'BEGIN {
    printf "experiment hard, --threads %d: exit %d, %.1f s wall", t, x, e - s
    if (p != "") printf ", peak RSS %.2f GB", p * 1024 / 1e9
    printf "\n" }' >>"$work/summary.txt"
fi

echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
cat "$work/summary.txt"
