#!/usr/bin/env bash
# The README's "at scale" figures, measured in one run:
#  1. boards per second of greedy-look-ahead:depth=5 on 1 and on 2 threads
#     (and that both runs wrote the same CSV but for the seconds column);
#  2. peak memory (maximum resident set size, /usr/bin/time -v) of 10,000
#     and of 100,000 boards of 30x20, 5 colours with greedy-look-ahead:depth=3
#     on 2 threads, writing the CSV and the JSON Lines file.
# Run it on an otherwise idle machine; it prints the load average before and
# after. Needs GNU time (Debian package `time`). Not part of CI.
#
#   scripts/measure-scale.sh [SPEED_BOARDS]    # default 4000
set -euo pipefail
cd "$(dirname "$0")/.."
colorwalk=${COLORWALK:-build/experiments/colorwalk}
[[ -x $colorwalk ]] || { echo "measure-scale: build first (no $colorwalk)" >&2; exit 2; }
[[ -x /usr/bin/time ]] || { echo "measure-scale: needs GNU time (apt-get install time)" >&2; exit 2; }
speed_boards=${1:-4000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"
echo "commit: $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"

rate() {  # the boards/s figure of a `solved ...` line
  sed -n 's/.*(\([0-9.]*\) boards\/s.*/\1/p' "$1"
}
for threads in 1 2; do
  "$colorwalk" solve --random "$speed_boards" --seed 1 --solver greedy-look-ahead:depth=5 \
    --threads "$threads" --csv "$work/speed$threads.csv" >/dev/null 2>"$work/speed$threads.err"
  echo "greedy-look-ahead:depth=5, $speed_boards boards, $threads thread(s): $(rate "$work/speed$threads.err") boards/s  [$(cat "$work/speed$threads.err")]"
done
awk -v a="$(rate "$work/speed1.err")" -v b="$(rate "$work/speed2.err")" \
  'BEGIN { printf "speed-up on 2 threads: %.2f\n", b / a }'
if cmp -s <(cut -d, -f1-6,8 "$work/speed1.csv") <(cut -d, -f1-6,8 "$work/speed2.csv"); then
  echo "CSV of 1 and 2 threads: identical but for the seconds column"
else
  echo "CSV of 1 and 2 threads: DIFFER"; exit 1
fi

for boards in 10000 100000; do
  /usr/bin/time -v "$colorwalk" solve --random "$boards" --seed 1 --solver greedy-look-ahead:depth=3 \
    --threads 2 --csv "$work/mem.csv" --json "$work/mem.jsonl" --overwrite --quiet 2>"$work/time.txt"
  rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$work/time.txt")
  wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$work/time.txt")
  echo "greedy-look-ahead:depth=3, $boards boards, 2 threads: peak RSS $rss KiB, wall $wall, CSV $(($(wc -l <"$work/mem.csv") - 1)) rows, $(du -k "$work/mem.csv" | cut -f1) KiB"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
