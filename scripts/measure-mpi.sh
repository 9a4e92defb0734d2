#!/usr/bin/env bash
# One search spread over MPI ranks, against one process, on one machine:
# for each board (default: the five slowest of the 99 problems at one
# worker), the time `astar` takes
#   1 process    colorwalk solve, astar:threads=1 (the sequential search)
#   1 rank x 2   colorwalk-mpi on 1 rank, 2 threads
#   2 ranks x 1  mpirun -np 2 colorwalk-mpi, 1 thread a rank
# and, for 2 ranks, the record bytes and messages the ranks sent each other,
# the phases, and each rank's peak. Times are the solver's own (the CSVs'
# seconds), not the launcher's start-up. The machine's load average is
# printed before and after: on a loaded machine the ratios mean little.
#
#   scripts/measure-mpi.sh [--build DIR] [--memory SIZE] [BOARD...]
#
# BOARD: a name in $COLORWALK_DATASETS/99problems (default ../shared/datasets).
# --memory: each process's and rank's search memory (default 8GiB).
# docs/measurements.md records the figures; docs/parallel.md explains them.
# It reads the CSVs with python3 (Debian's python3 package).
set -euo pipefail
cd "$(dirname "$0")/.."

build=build
memory=8GiB
boards=()
while [[ $# -gt 0 ]]; do
  case $1 in
    --build) build=$2; shift 2 ;;
    --memory) memory=$2; shift 2 ;;
    -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
    -*) echo "measure-mpi: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) boards+=("$1"); shift ;;
  esac
done
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
printf '%-14s %5s %9s %9s %9s %8s %8s %12s %9s %8s %10s\n' board moves 1proc_s \
  1x2_s 2x1_s 2x1_vs_1 2x1_vs_1x2 bytes_sent messages phases rank_peak_MiB
for name in "${boards[@]}"; do
  board=$datasets/99problems/$name
  [[ -f $board ]] || { echo "measure-mpi: $board is missing" >&2; exit 2; }
  "$colorwalk" solve --boards "$board" --rules flood-it --threads 1 --quiet \
    --solver "astar:threads=1,memory=$mib,seconds=0" --csv "$scratch/one.csv" --overwrite >/dev/null
  run_mpi() {  # RANKS THREADS NAME: results to NAME.csv, MPI figures to NAME.stats.csv
    mpirun -np "$1" "$colorwalk_mpi" --boards "$board" --rules flood-it --seconds 0 \
      --memory-limit "$memory" --threads "$2" --out "$scratch/$3.csv" \
      --mpi-stats "$scratch/$3.stats.csv" --overwrite
  }
  run_mpi 1 2 r1t2
  run_mpi 2 1 r2t1
  one=$(field seconds "$scratch/one.csv")
  r1t2=$(field seconds "$scratch/r1t2.csv")
  r2t1=$(field seconds "$scratch/r2t1.csv")
  for f in r1t2 r2t1; do
    [[ $(field proven_optimal "$scratch/$f.csv") == 1 ]] || { echo "measure-mpi: $name not proven ($f)" >&2; exit 1; }
    [[ $(field moves "$scratch/$f.csv") == $(field moves "$scratch/one.csv") ]] || { echo "measure-mpi: $name: lengths differ ($f)" >&2; exit 1; }
  done
  printf '%-14s %5s %9.2f %9.2f %9.2f %8.2f %8.2f %12s %9s %8s %10s\n' "$name" \
    "$(field moves "$scratch/one.csv")" "$one" "$r1t2" "$r2t1" \
    "$(python3 -c "print($one/$r2t1)")" "$(python3 -c "print($r1t2/$r2t1)")" \
    "$(field bytes_sent "$scratch/r2t1.stats.csv")" "$(field messages_sent "$scratch/r2t1.stats.csv")" \
    "$(field phases "$scratch/r2t1.stats.csv")" "$(field rank_peak_mib "$scratch/r2t1.stats.csv")"
done
echo "measure-mpi: load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
