#!/usr/bin/env bash
# astar's default against other settings of its parameters and against
# another build, on the public sets, every run one process pinned to one
# core: for each set, each (build, setting) pair once, in turn, then a
# line per pair with the user CPU seconds, the peak memory, the boards
# proven, the total moves, and the seconds as a ratio to this build's
# default. Every total is checked against the set's optimum (a run whose
# total differs, or that fails, makes the script exit 1).
#
#   scripts/measure-astar.sh [--build DIR] [--before EXE] [--core N]
#                            [--repeat N] [--sets LIST] [--settings LIST]
#
# --build:    this build (default build): DIR/experiments/colorwalk
# --before:   another build's colorwalk, run with its default astar beside
#             this build's (say, the build before a change)
# --core:     the core every run is pinned to (default 1; taskset -c)
# --repeat:   rounds of a set's runs (default 1); each line then gives the
#             median seconds, and the ratio of the medians
# --sets:     comma-separated, from pc19-tiles, articles, floodtest-1000,
#             b10c15n1000, b12c12n1000, b14c8n1000, b18c6n1000, b24c4n1000,
#             99problems (default: all)
# --settings: semicolon-separated astar parameter lists run with this build
#             beside its default (default: the old default
#             completion=1,dominated=0; rise 1 with dominated nodes skipped,
#             completion=1; rise 2 from the start, rise2_from=0; and the
#             setting the hard boards were once run with,
#             beam=256,rise2_from=0)
#
# Every run has memory=8192,seconds=0 added (no limit stops a board) and
# threads=1. The sets come from $COLORWALK_DATASETS (default
# ../shared/datasets). Needs GNU time (Debian package time), taskset and
# python3 (to read the CSVs).
set -euo pipefail
cd "$(dirname "$0")/.."

build=build
before=
core=1
repeat=1
sets=pc19-tiles,articles,floodtest-1000,b10c15n1000,b12c12n1000,b14c8n1000,b18c6n1000,b24c4n1000,99problems
settings="completion=1,dominated=0;completion=1;rise2_from=0;beam=256,rise2_from=0"
while [[ $# -gt 0 ]]; do
  case $1 in
    --build) build=$2; shift 2 ;;
    --before) before=$2; shift 2 ;;
    --core) core=$2; shift 2 ;;
    --repeat) repeat=$2; shift 2 ;;
    --sets) sets=$2; shift 2 ;;
    --settings) settings=$2; shift 2 ;;
    -h|--help) sed -n '2,30p' "$0"; exit 0 ;;
    *) echo "measure-astar: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
datasets=${COLORWALK_DATASETS:-../shared/datasets}
colorwalk=$build/experiments/colorwalk
[[ -x $colorwalk ]] || { echo "measure-astar: $colorwalk is missing: build it (cmake --build $build --target colorwalk)" >&2; exit 2; }
[[ -z $before || -x $before ]] || { echo "measure-astar: --before $before is not an executable" >&2; exit 2; }
[[ -x /usr/bin/time ]] || { echo "measure-astar: needs GNU time (apt-get install time)" >&2; exit 2; }
command -v python3 > /dev/null || { echo "measure-astar: needs python3 to read the CSVs (apt-get install python3)" >&2; exit 2; }
[[ -d $datasets ]] || { echo "measure-astar: no datasets folder $datasets: set COLORWALK_DATASETS" >&2; exit 2; }

# The board source of a set, and its optimal total.
source_of() {
  case $1 in
    pc19-tiles|b10c15n1000|b12c12n1000|b14c8n1000|b18c6n1000|b24c4n1000)
      echo "--boards $datasets/$1.txt --format line --rules flood-it --start 0,0 --optimal $datasets/$1.optimal.txt" ;;
    floodtest-1000)
      echo "--boards $datasets/$1.txt --format grid --rules flood-it --start center --optimal $datasets/$1.optimal.txt" ;;
    articles) echo "--articles 100 --rules color-walk --start 0,0" ;;
    99problems) echo "--boards $datasets/99problems --rules flood-it --start 0,0" ;;
    *) echo "measure-astar: unknown set $1 (see --help)" >&2; exit 2 ;;
  esac
}
optimum_of() {
  case $1 in
    articles) echo 2877 ;;
    99problems) echo 2508 ;;
    *) awk '{ n += length($0) } END { print n }' "$datasets/$1.optimal.txt" ;;
  esac
}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg); core $core; $(date -u +%FT%TZ)"
printf '%-15s %-8s %-34s %9s %8s %7s %7s %7s\n' set build astar seconds peak_MB proven moves ratio
status=0
IFS=',' read -r -a set_list <<< "$sets"
IFS=';' read -r -a setting_list <<< "$settings"
for set in "${set_list[@]}"; do
  src=$(source_of "$set")
  optimum=$(optimum_of "$set")
  runs=("this|" )
  [[ -n $before ]] && runs+=("before|")
  for s in "${setting_list[@]}"; do runs+=("this|$s"); done
  declare -A secs=() peak=() proven_of=() moves_of=()
  for ((round = 0; round < repeat; ++round)); do
  for run in "${runs[@]}"; do
    which=${run%%|*}
    params=${run#*|}
    exe=$colorwalk
    [[ $which == before ]] && exe=$before
    spec="astar:threads=1,memory=8192,seconds=0${params:+,$params}"
    # shellcheck disable=SC2086
    if ! /usr/bin/time -f '%U %M' -o "$work/time" taskset -c "$core" "$exe" solve $src \
        --solver "$spec" --threads 1 -q --csv "$work/run.csv" --overwrite 2> "$work/err"; then
      echo "measure-astar: $set, $which build, $spec failed: $(tail -1 "$work/err")" >&2
      status=1
      continue
    fi
    read -r user kb < "$work/time"
    read -r proven moves < <(python3 -c '
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
print(sum(int(r["proven_optimal"]) for r in rows), sum(int(r["moves"]) for r in rows))' "$work/run.csv")
    [[ $moves == "$optimum" ]] || { echo "measure-astar: $set, $spec: $moves moves, the optimum is $optimum" >&2; status=1; }
    key="$which|$params"
    secs[$key]="${secs[$key]:-} $user"
    peak[$key]=$((kb / 1024))
    proven_of[$key]=$proven
    moves_of[$key]=$moves
  done
  done
  median() { tr ' ' '\n' <<< "$1" | grep . | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
  base=$(median "${secs["this|"]:-0}")
  for run in "${runs[@]}"; do
    key="${run%%|*}|${run#*|}"
    [[ -n ${secs[$key]:-} ]] || continue
    m=$(median "${secs[$key]}")
    ratio=$(awk -v a="$m" -v b="$base" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')
    params=${run#*|}
    printf '%-15s %-8s %-34s %9s %8s %7s %7s %7s\n' "$set" "${run%%|*}" "${params:-default}" "$m" \
      "${peak[$key]}" "${proven_of[$key]}" "${moves_of[$key]}" "$ratio"
  done
  unset secs peak proven_of moves_of
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
exit $status
