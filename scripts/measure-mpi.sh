#!/usr/bin/env bash
# One search spread over MPI ranks, against one process, on one machine:
# for each board (default: the five slowest of the 99 problems at one
# worker), the time `astar` takes
#   1 process    colorwalk solve, astar:threads=1 (the sequential search)
#   R x T        mpirun -np R colorwalk-mpi --threads T, for each layout
#                given (default 1x2,2x1: 1 rank of 2 threads, 2 ranks of 1)
# and, for each layout, its speed-up over the one process, the nodes it
# expanded, the record bytes and messages the ranks sent each other, the
# phases, and the largest rank's peak. Every layout must prove the one
# process's length. Times are the solver's own (the CSVs' seconds), not
# the launcher's start-up. The machine's load average is printed before
# and after: on a loaded machine the ratios mean little.
#
#   scripts/measure-mpi.sh [--build DIR] [--memory SIZE] [--layouts RxT,...] [BOARD...]
#   scripts/measure-mpi.sh --layouts 4x1,8x1,16x1,4x4 20_20_08_006 18_18_08_014
#
# BOARD: a name in $COLORWALK_DATASETS/99problems (default ../shared/datasets).
# --memory: each process's and rank's search memory (default 8GiB).
# A layout of more ranks than cores is run with mpirun --oversubscribe.
# docs/measurements.md records the figures; docs/parallel.md explains them.
# It reads the CSVs with python3 (Debian's python3 package).
set -euo pipefail
cd "$(dirname "$0")/.."

build=build
memory=8GiB
layouts=1x2,2x1
boards=()
while [[ $# -gt 0 ]]; do
  case $1 in
    --build) build=$2; shift 2 ;;
    --memory) memory=$2; shift 2 ;;
    --layouts) layouts=$2; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
    -*) echo "measure-mpi: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) boards+=("$1"); shift ;;
  esac
done
[[ $layouts =~ ^[1-9][0-9]*x[1-9][0-9]*(,[1-9][0-9]*x[1-9][0-9]*)*$ ]] ||
  { echo "measure-mpi: --layouts $layouts: give RANKSxTHREADS, comma-separated (1x2,2x1)" >&2; exit 2; }
[[ ${#boards[@]} -gt 0 ]] || boards=(20_20_08_006 16_16_10_030 20_20_08_003 18_18_08_014 16_16_10_001)
datasets=${COLORWALK_DATASETS:-../shared/datasets}
colorwalk=$build/experiments/colorwalk
colorwalk_mpi=$build/experiments/mpi/colorwalk-mpi
command -v python3 >/dev/null || { echo "measure-mpi: needs python3 to read the CSVs (apt-get install python3)" >&2; exit 2; }
for exe in "$colorwalk" "$colorwalk_mpi"; do
  [[ -x $exe ]] || { echo "measure-mpi: $exe is missing: build it (cmake --build $build --target colorwalk colorwalk-mpi)" >&2; exit 2; }
done
mib=$(python3 -c "
s='$memory'; u={'KiB':1/1024,'MiB':1,'GiB':1024}
for k,v in u.items():
    if s.endswith(k): print(int(float(s[:-3])*v)); break
else: print(int(float(s))>>20)")

# Root (containers) needs OpenMPI's consent; shared memory between ranks.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl=self,vader
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# field NAME CSV: the first row's column NAME.
field() {
  python3 -c "import csv,sys; print(next(csv.DictReader(open(sys.argv[2])))[sys.argv[1]])" "$1" "$2"
}

echo "measure-mpi: $(nproc) cores, load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-14s %5s %9s %7s %9s %8s %10s %12s %9s %7s %10s\n' board moves 1proc_s layout seconds speed-up expanded \
  bytes_sent messages phases rank_peak_MiB
for name in "${boards[@]}"; do
  board=$datasets/99problems/$name
  [[ -f $board ]] || { echo "measure-mpi: $board is missing" >&2; exit 2; }
  "$colorwalk" solve --boards "$board" --rules flood-it --threads 1 --quiet \
    --solver "astar:threads=1,memory=$mib,seconds=0" --csv "$scratch/one.csv" --overwrite >/dev/null
  one=$(field seconds "$scratch/one.csv")
  printf '%-14s %5s %9.2f %7s %9s %8s %10s\n' "$name" "$(field moves "$scratch/one.csv")" "$one" \
    1 "" "" "$(field expanded "$scratch/one.csv")"
  for layout in ${layouts//,/ }; do
    ranks=${layout%x*}
    threads=${layout#*x}
    over=()
    (( ranks > $(nproc) )) && over=(--oversubscribe)
    mpirun "${over[@]}" -np "$ranks" "$colorwalk_mpi" --boards "$board" --rules flood-it --seconds 0 \
      --memory-limit "$memory" --threads "$threads" --out "$scratch/$layout.csv" \
      --mpi-stats "$scratch/$layout.stats.csv" --overwrite
    f=$scratch/$layout
    [[ $(field proven_optimal "$f.csv") == 1 ]] || { echo "measure-mpi: $name not proven ($layout)" >&2; exit 1; }
    [[ $(field moves "$f.csv") == $(field moves "$scratch/one.csv") ]] || { echo "measure-mpi: $name: lengths differ ($layout)" >&2; exit 1; }
    seconds=$(field seconds "$f.csv")
    printf '%-14s %5s %9s %7s %9.2f %8.2f %10s %12s %9s %7s %10s\n' "" "" "" "$layout" "$seconds" \
      "$(python3 -c "print($one/$seconds)")" "$(field expanded "$f.csv")" \
      "$(field bytes_sent "$f.stats.csv")" "$(field messages_sent "$f.stats.csv")" \
      "$(field phases "$f.stats.csv")" "$(field rank_peak_mib "$f.stats.csv")"
  done
done
echo "measure-mpi: load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
