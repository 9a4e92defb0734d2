#!/usr/bin/env bash
# The public exact Flood-It solvers beside colorwalk's `astar`, on the same
# boards, each process pinned to one core:
#   ColorFill       (Java; smack42/ColorFill on GitHub), its A* (Puchert strategy)
#   terminal-flood  (Kotlin; Flolle/terminal-flood on GitHub), its astar_a (admissible)
#   astar           colorwalk solve --solver astar:threads=1 --threads 1 -q
#
#   scripts/measure-peers.sh [OPTIONS] SRC
#
# SRC holds checkouts of the peers (found by their sources: a folder with
# src/colorfill/ui/Starter.java, one with src/terminalFlood/Main.kt). Nothing
# of theirs enters this repository: they are built into the work folder,
# ColorFill with javac, terminal-flood with the Kotlin compiler, which npm
# installs there (npm package kotlin-compiler). A build is redone when a
# source is newer than it.
#
# The sets (datasets in $COLORWALK_DATASETS, default ../shared/datasets):
#   pc19        pc19-tiles, 1000 boards, flood-it rules, top-left start
#   articles    the articles' 100 boards (color-walk rules): ColorFill only,
#               as flood-it boards whose start cell has a colour of its own
#               (terminal-flood reads square boards only)
#   floodtest   the first N boards of floodtest-1000, centre start
#   99problems  the given boards of the 99 problems, top-left start
# Each run's moves are compared with the others and with the optimum (the
# datasets' optimal files, the 99 problems' stated optima, astar's proofs
# on the articles' boards); where a peer writes its solutions (pc19,
# floodtest) `colorwalk verify` replays them. Any difference is reported
# and makes the exit status 1.
#
# Times are whole processes (GNU time): wall seconds and CPU seconds (user +
# system), so the JVM's start and warm-up count for the peers, and reading
# the boards for astar. cpu_x is the peer's CPU seconds over astar's, wall_x
# the same for wall seconds.
#
# Options:
#   --work DIR          builds, the Kotlin compiler and scratch files
#                       (default ${XDG_CACHE_HOME:-~/.cache}/colorwalk-peers;
#                       must be outside the repository)
#   --build DIR         colorwalk's build folder (default build)
#   --peers LIST        colorfill,terminal-flood (default both)
#   --sets LIST         pc19,articles,floodtest,99problems (default all four)
#   --floodtest-boards N  the first N boards of floodtest-1000 (default 50,
#                       as both peers are slow on this set; 1000 for all)
#   --problems LIST     boards of the 99 problems (default 14_14_10_005,16_16_08_010)
#   --core N            the core every run is pinned to (default 1)
#   --heap SIZE         the peers' JVM heap, -Xmx (default 6g)
#   --kotlin VERSION    the npm kotlin-compiler version (default 2.4.20)
#   -h, --help          this text
#
# Needs java and javac (Debian's default-jdk), npm, GNU time, taskset,
# python3, and colorwalk built (cmake --build build --target colorwalk).
# docs/measurements.md ("The peers") keeps the ratios.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"

die() { echo "measure-peers: $*" >&2; exit 2; }

work=${XDG_CACHE_HOME:-$HOME/.cache}/colorwalk-peers
build=build
peers=colorfill,terminal-flood
sets=pc19,articles,floodtest,99problems
floodtest_boards=50
problems=14_14_10_005,16_16_08_010
core=1
heap=6g
kotlin_version=2.4.20
src=
need_value() { [[ $# -ge 2 && -n $2 ]] || die "$1 needs a value (see --help)"; }
while [[ $# -gt 0 ]]; do
  case $1 in
    --work) need_value "$@"; work=$2; shift 2 ;;
    --build) need_value "$@"; build=$2; shift 2 ;;
    --peers) need_value "$@"; peers=$2; shift 2 ;;
    --sets) need_value "$@"; sets=$2; shift 2 ;;
    --floodtest-boards) need_value "$@"; floodtest_boards=$2; shift 2 ;;
    --problems) need_value "$@"; problems=$2; shift 2 ;;
    --core) need_value "$@"; core=$2; shift 2 ;;
    --heap) need_value "$@"; heap=$2; shift 2 ;;
    --kotlin) need_value "$@"; kotlin_version=$2; shift 2 ;;
    -h|--help) awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit 0 ;;
    -*) die "unknown option $1 (see --help)" ;;
    *) [[ -z $src ]] || die "one source folder only ($src and $1 given)"; src=$1; shift ;;
  esac
done
[[ -n $src ]] || die "give the folder holding the peers' checkouts: scripts/measure-peers.sh SRC (see --help)"
[[ -d $src ]] || die "$src is not a folder"
[[ $floodtest_boards =~ ^[0-9]+$ && $floodtest_boards -ge 1 && $floodtest_boards -le 1000 ]] ||
  die "--floodtest-boards takes a number from 1 to 1000, not '$floodtest_boards'"
[[ $core =~ ^[0-9]+$ && $core -lt $(nproc) ]] || die "--core takes a core number below $(nproc), not '$core'"
[[ $heap =~ ^[0-9]+[kKmMgG]?$ ]] || die "--heap takes a JVM size such as 6g, not '$heap'"
IFS=, read -r -a peer_list <<<"$peers"
IFS=, read -r -a set_list <<<"$sets"
IFS=, read -r -a problem_list <<<"$problems"
for p in "${peer_list[@]}"; do
  [[ $p == colorfill || $p == terminal-flood ]] || die "unknown peer '$p' in --peers (colorfill, terminal-flood)"
done
for s in "${set_list[@]}"; do
  [[ $s =~ ^(pc19|articles|floodtest|99problems)$ ]] || die "unknown set '$s' in --sets (pc19, articles, floodtest, 99problems)"
done
has() { local x=$1; shift; local y; for y in "$@"; do [[ $x == "$y" ]] && return 0; done; return 1; }

datasets=${COLORWALK_DATASETS:-../shared/datasets}
colorwalk=$build/experiments/colorwalk
[[ -x $colorwalk ]] || die "$colorwalk is missing: build it (cmake --build $build --target colorwalk) or give --build DIR"
colorwalk=$(realpath "$colorwalk")
for tool in java javac npm python3 taskset; do
  command -v $tool >/dev/null || die "needs $tool (apt-get install default-jdk npm python3 util-linux)"
done
[[ -x /usr/bin/time ]] || die "needs GNU time (apt-get install time)"
for f in pc19-tiles.txt pc19-tiles.optimal.txt floodtest-1000.txt floodtest-1000.optimal.txt; do
  [[ -f $datasets/$f ]] || die "$datasets/$f is missing (set COLORWALK_DATASETS to the datasets folder)"
done
datasets=$(realpath "$datasets")

work=$(realpath -m "$work")
case $work/ in "$repo"/*) die "the work folder $work is inside the repository: give --work DIR outside it" ;; esac
mkdir -p "$work" || die "cannot create the work folder $work"
if has 99problems "${set_list[@]}"; then
  for p in "${problem_list[@]}"; do
    [[ -f $datasets/99problems/$p ]] || die "$datasets/99problems/$p is missing (--problems names files of that folder)"
  done
fi

# The peers' checkouts, found by a source file each.
find_checkout() {  # MARKER (a path inside the checkout)
  local hit
  hit=$(find "$src" -maxdepth 5 -path "*/$1" -print -quit 2>/dev/null)
  [[ -n $hit ]] && echo "${hit%/"$1"}"
}
colorfill_src="" tf_src=""
if has colorfill "${peer_list[@]}"; then
  colorfill_src=$(find_checkout src/colorfill/ui/Starter.java) ||
    die "no ColorFill checkout in $src (a folder with src/colorfill/ui/Starter.java): clone smack42/ColorFill there, or leave it out with --peers terminal-flood"
fi
if has terminal-flood "${peer_list[@]}"; then
  tf_src=$(find_checkout src/terminalFlood/Main.kt) ||
    die "no terminal-flood checkout in $src (a folder with src/terminalFlood/Main.kt): clone Flolle/terminal-flood there, or leave it out with --peers colorfill"
fi

# newer_than TARGET DIR PATTERN: whether a file under DIR matching PATTERN is newer than TARGET (or TARGET is missing).
newer_than() { [[ ! -e $1 ]] || [[ -n $(find "$2" -name "$3" -newer "$1" -print -quit) ]]; }

if [[ -n $colorfill_src ]]; then
  cf_classes=$work/colorfill/classes
  if newer_than "$work/colorfill/built" "$colorfill_src/src" '*.java'; then
    echo "measure-peers: building ColorFill from $colorfill_src with javac"
    rm -rf "$work/colorfill"; mkdir -p "$cf_classes"
    mapfile -t java_sources < <(find "$colorfill_src/src" -name '*.java')
    nice javac -nowarn -encoding UTF-8 -d "$cf_classes" -cp "$colorfill_src/lib/*" "${java_sources[@]}" \
      >"$work/colorfill-build.log" 2>&1 || { cat "$work/colorfill-build.log" >&2; die "javac failed on ColorFill (log above)"; }
    touch "$work/colorfill/built"
  fi
  cf_cp="$cf_classes:$colorfill_src/lib/*"
fi
if [[ -n $tf_src ]]; then
  kotlinc=$work/kotlin-compiler-$kotlin_version/node_modules/kotlin-compiler/bin/kotlinc-jvm
  if [[ ! -x $kotlinc ]]; then
    echo "measure-peers: installing the Kotlin compiler $kotlin_version with npm into $work"
    npm install --prefix "$work/kotlin-compiler-$kotlin_version" --no-audit --no-fund --loglevel=error \
      "kotlin-compiler@$kotlin_version" >&2 || die "npm could not install kotlin-compiler@$kotlin_version (network? give --kotlin VERSION)"
    [[ -x $kotlinc ]] || die "kotlin-compiler@$kotlin_version has no bin/kotlinc-jvm"
  fi
  tf_jar=$work/terminal-flood/terminal-flood-$kotlin_version.jar
  if newer_than "$tf_jar" "$tf_src/src" '*.kt'; then
    echo "measure-peers: building terminal-flood from $tf_src with kotlinc $kotlin_version"
    rm -rf "$work/terminal-flood"; mkdir -p "$work/terminal-flood"
    mapfile -t kotlin_sources < <(find "$tf_src/src" -name '*.kt')
    nice "$kotlinc" -nowarn -include-runtime -d "$work/terminal-flood/partial.jar" "${kotlin_sources[@]}" \
      >"$work/terminal-flood-build.log" 2>&1 || { cat "$work/terminal-flood-build.log" >&2; die "kotlinc failed on terminal-flood (log above)"; }
    mv "$work/terminal-flood/partial.jar" "$tf_jar"
  fi
fi

scratch=$work/run
rm -rf "$scratch"; mkdir -p "$scratch"
java_run=(java "-Xmx$heap")

# timed NAME COMMAND...: runs COMMAND pinned to the core, output in NAME.log;
# sets wall and cpu (user + system) to its whole-process seconds.
timed() {
  local name=$1; shift
  if ! taskset -c "$core" /usr/bin/time -f '%e %U %S' -o "$scratch/$name.time" "$@" >"$scratch/$name.log" 2>&1; then
    tail -n 20 "$scratch/$name.log" >&2
    echo "measure-peers: $name failed (log: $scratch/$name.log)" >&2
    exit 1
  fi
  read -r wall cpu < <(awk 'END { printf "%.2f %.2f\n", $1, $2 + $3 }' "$scratch/$name.time")
}

# csv_total FILE: "BOARDS MOVES PROVEN" of a colorwalk CSV.
csv_total() {
  python3 -c '
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
bad = [r["board"] for r in rows if r["verified"] != "1"]
if bad: sys.exit("boards not verified: " + " ".join(bad))
print(len(rows), sum(int(r["moves"]) for r in rows), sum(r["proven_optimal"] == "1" for r in rows))' "$1"
}
# optimum_total FILE N: the moves of the first N lines of an optimal file.
optimum_total() { head -n "$2" "$1" | awk '{ n += length($0) } END { print n }'; }

astar() {  # NAME ARGS...: runs astar; sets a_boards a_moves a_proven a_wall a_cpu
  local name=$1; shift
  timed "astar-$name" "$colorwalk" solve "$@" --solver astar:threads=1 --threads 1 -q \
    --csv "$scratch/astar-$name.csv" --overwrite
  a_wall=$wall a_cpu=$cpu
  read -r a_boards a_moves a_proven < <(csv_total "$scratch/astar-$name.csv")
}

failures=0
rows=()
# row SET PEER BOARDS PEER_MOVES OPTIMUM PEER_WALL PEER_CPU [NOTE]
row() {
  local note=${8:-}
  [[ $4 == "$a_moves" ]] || note+=" peer's total differs from astar's"
  [[ $a_moves == "$5" ]] || note+=" astar's total differs from the optimum"
  [[ $3 == "$a_boards" ]] || note+=" board counts differ"
  [[ $a_proven == "$a_boards" ]] || note+=" astar proved $a_proven of $a_boards"
  [[ $note == *differ* || $note == *proved* || $note == *FAIL* ]] && failures=$((failures + 1))
  rows+=("$(printf '%-13s %-15s %6s %8s %8s %8s %8s %8s %8s %8s %7s %7s %s' "$1" "$2" "$3" "$4" "$a_moves" "$5" \
    "$6" "$7" "$a_wall" "$a_cpu" "$(awk -v p="$7" -v a="$a_cpu" 'BEGIN { printf "%.2f", p / a }')" \
    "$(awk -v p="$6" -v a="$a_wall" 'BEGIN { printf "%.2f", p / a }')" "${note# }")")
  echo "${rows[-1]}"
}
# verify_solutions BOARDS SOLUTIONS RULES...: "" when colorwalk replays every solution, else a note.
verify_solutions() {
  local boards=$1 solutions=$2; shift 2
  if "$colorwalk" verify --boards "$boards" --solutions "$solutions" "$@" -q >"$scratch/verify.log" 2>&1; then
    echo ""
  else
    echo "FAIL: colorwalk verify rejects its solutions ($(head -n 1 "$scratch/verify.log"))"
  fi
}

# ColorFill's 99-problems mode reads a folder of flood-it-boards files: "BOARDS MOVES" of its log.
colorfill_problems_total() { grep -o 'myMoves=[0-9]*' "$1" | awk -F= '{ n++; m += $2 } END { print n + 0, m + 0 }'; }

commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
echo "measure-peers: commit $commit, $(nproc) cores, each run pinned with taskset -c $core"
echo "measure-peers: load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "measure-peers: times are whole processes (GNU time), JVM start included; cpu = user + system seconds; cpu_x, wall_x = peer / astar"
java -version 2>&1 | head -n 1 | sed 's/^/measure-peers: java: /'
printf '%-13s %-15s %6s %8s %8s %8s %8s %8s %8s %8s %7s %7s %s\n' set peer boards peer_mv astar_mv optimum \
  peer_wall peer_cpu astar_wall astar_cpu cpu_x wall_x note

for set in "${set_list[@]}"; do
  case $set in
  pc19)
    boards=$datasets/pc19-tiles.txt
    astar pc19 --boards "$boards" --format line --rules flood-it
    optimum=$(optimum_total "$datasets/pc19-tiles.optimal.txt" 1000)
    if [[ -n $colorfill_src ]]; then
      cp "$boards" "$scratch/pc19.txt"
      timed colorfill-pc19 "${java_run[@]}" -cp "$cf_cp" colorfill.ui.Starter -benchmark "$scratch/pc19.txt" AStarPuchertStrategy
      read -r n m < <(sed -n 's/.* \([0-9]*\) solutions with *\([0-9]*\) steps.*/\1 \2/p' "$scratch/colorfill-pc19.log")
      note=$(verify_solutions "$boards" "$(ls "$scratch"/pc19.txt_solution_*.txt)" --format line --rules flood-it)
      row pc19-tiles ColorFill "$n" "$m" "$optimum" "$wall" "$cpu" "$note"
    fi
    if [[ -n $tf_src ]]; then
      mkdir -p "$scratch/tf-pc19"; cp "$boards" "$scratch/tf-pc19/boards.txt"
      timed tf-pc19 "${java_run[@]}" -cp "$tf_jar" terminalFlood.MainKt -solutionsForDataset 1 astar_a ul "$scratch/tf-pc19/boards.txt"
      m=$(sed -n 's/^Total score: //p' "$scratch/tf-pc19.log")
      n=$(grep -c . "$scratch/tf-pc19/solutions.txt")
      note=$(verify_solutions "$boards" "$scratch/tf-pc19/solutions.txt" --format line --rules flood-it)
      row pc19-tiles terminal-flood "$n" "$m" "$optimum" "$wall" "$cpu" "$note"
    fi
    ;;
  articles)
    [[ -n $colorfill_src ]] || continue
    astar articles --articles 100 --rules color-walk
    optimum=$a_moves  # astar's proofs: row() checks that every board was proven
    # Each board as a flood-it-boards file (rows, columns, colours; cells 1..k):
    # the articles' five colours become 1..5 and the start cell gets colour 6
    # of its own, so that flood-it play from it is color-walk play.
    "$colorwalk" gen --articles 100 -o "$scratch/articles.txt" --overwrite >"$scratch/gen.log" 2>&1 ||
      { cat "$scratch/gen.log" >&2; die "colorwalk gen --articles 100 failed"; }
    mkdir -p "$scratch/articles-cf"
    python3 - "$scratch/articles.txt" "$scratch/articles-cf" <<'EOF'
import sys
text = [l for l in open(sys.argv[1]).read().split("\n") if not l.startswith("#")]
boards, cur = [], []
for line in text + [""]:
    if line.strip(): cur.append(line.strip())
    elif cur: boards.append(cur); cur = []
for i, rows in enumerate(boards):
    cells = [int(c, 36) + 1 for row in rows for c in row]
    cells[0] = max(cells) + 1 if max(cells) < 6 else sys.exit("unexpected colours")
    with open(f"{sys.argv[2]}/{i:03d}", "w") as f:
        f.write(f"{len(rows)} {len(rows[0])} 6\n{' '.join(map(str, cells))}\n0\n")
EOF
    timed colorfill-articles "${java_run[@]}" -cp "$cf_cp" colorfill.ui.Starter -99problems "$scratch/articles-cf"
    read -r n m < <(colorfill_problems_total "$scratch/colorfill-articles.log")
    row articles ColorFill "$n" "$m" "$optimum" "$wall" "$cpu" "solutions not written by this mode; totals only"
    ;;
  floodtest)
    boards=$scratch/floodtest-$floodtest_boards.txt
    head -n $((floodtest_boards * 20)) "$datasets/floodtest-1000.txt" >"$boards"
    astar floodtest --boards "$boards" --format grid --rules flood-it --start center
    optimum=$(optimum_total "$datasets/floodtest-1000.optimal.txt" "$floodtest_boards")
    name=floodtest-$floodtest_boards
    subset=""
    ((floodtest_boards == 1000)) || subset="the first $floodtest_boards of the 1000 boards (--floodtest-boards)"
    if [[ -n $colorfill_src ]]; then
      timed colorfill-floodtest "${java_run[@]}" -cp "$cf_cp" colorfill.ui.Starter -benchmark "$boards" AStarPuchertStrategy
      read -r n m < <(sed -n 's/.* \([0-9]*\) solutions with *\([0-9]*\) steps.*/\1 \2/p' "$scratch/colorfill-floodtest.log")
      note=$(verify_solutions "$boards" "$(ls "$boards"_solution_*.txt)" --format grid --rules flood-it --start center)
      row "$name" ColorFill "$n" "$m" "$optimum" "$wall" "$cpu" "$note$subset"
    fi
    if [[ -n $tf_src ]]; then
      # terminal-flood reads one board a line; its middle start is (9, 9), as ours.
      mkdir -p "$scratch/tf-floodtest"
      awk 'NF { line = line $0; next } line != "" { print line; line = "" } END { if (line != "") print line }' \
        "$boards" >"$scratch/tf-floodtest/boards.txt"
      timed tf-floodtest "${java_run[@]}" -cp "$tf_jar" terminalFlood.MainKt -solutionsForDataset 1 astar_a m "$scratch/tf-floodtest/boards.txt"
      m=$(sed -n 's/^Total score: //p' "$scratch/tf-floodtest.log")
      n=$(grep -c . "$scratch/tf-floodtest/solutions.txt")
      note=$(verify_solutions "$scratch/tf-floodtest/boards.txt" "$scratch/tf-floodtest/solutions.txt" --format line --rules flood-it --start center)
      row "$name" terminal-flood "$n" "$m" "$optimum" "$wall" "$cpu" "$note$subset"
    fi
    ;;
  99problems)
    files=()
    for p in "${problem_list[@]}"; do files+=("$datasets/99problems/$p"); done
    astar 99problems --boards "${files[@]}" --format flood-it-boards --rules flood-it
    optimum=$(for f in "${files[@]}"; do grep -v '^#' "$f" | sed -n 3p; done | awk '{ n += $1 } END { print n }')
    name="99problems:${#files[@]}"
    if [[ -n $colorfill_src ]]; then
      mkdir -p "$scratch/problems-cf"; cp "${files[@]}" "$scratch/problems-cf/"
      timed colorfill-99problems "${java_run[@]}" -cp "$cf_cp" colorfill.ui.Starter -99problems "$scratch/problems-cf"
      read -r n m < <(colorfill_problems_total "$scratch/colorfill-99problems.log")
      row "$name" ColorFill "$n" "$m" "$optimum" "$wall" "$cpu" "solutions not written by this mode; totals only"
    fi
    if [[ -n $tf_src ]]; then
      # One board a line, the cells' colours 1..k as base-36 digits; square boards only.
      mkdir -p "$scratch/tf-problems"
      for f in "${files[@]}"; do
        grep -v '^#' "$f" | awk 'NR == 1 && $1 != $2 { print "not square: " FILENAME > "/dev/stderr"; exit 1 }
          NR == 2 { s = ""; for (i = 1; i <= NF; i++) s = s substr("0123456789abcdefghijklmnopqrstuvwxyz", $i + 1, 1); print s }'
      done >"$scratch/tf-problems/boards.txt" || die "terminal-flood reads square boards only: leave such boards out of --problems"
      timed tf-99problems "${java_run[@]}" -cp "$tf_jar" terminalFlood.MainKt -solutionsForDataset 1 astar_a ul "$scratch/tf-problems/boards.txt"
      m=$(sed -n 's/^Total score: //p' "$scratch/tf-99problems.log")
      n=$(grep -c . "$scratch/tf-problems/solutions.txt")
      note=$(verify_solutions "$scratch/tf-problems/boards.txt" "$scratch/tf-problems/solutions.txt" --format line --rules flood-it)
      row "$name" terminal-flood "$n" "$m" "$optimum" "$wall" "$cpu" "$note"
    fi
    ;;
  esac
done
echo "measure-peers: load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "measure-peers: logs and the peers' solutions in $scratch"
if ((failures > 0)); then
  echo "measure-peers: $failures row(s) with a difference (see the notes)" >&2
  exit 1
fi
