#!/usr/bin/env bash
# Checks the page of `colorwalk show --html` in a real browser: headless
# Chromium (Debian's `chromium` package) opens the page at the board
# (#move=0), at a move in between, after the last move (#move=last) and
# after its play button has played every move, takes a screenshot of each, and every cell's colour on each screenshot is
# compared with the colour the engine's replay gives it (`colorwalk show
# --frame N --cell-colors`). The comparison runs in Chromium too
# (scripts/check-show-page.js reads the screenshots' pixels from a canvas and
# writes its verdict into the page, which --dump-dom returns). Two boards:
# an articles board (colour-walk rules, its blank start cell) and a 100x100
# board (flood-it rules from the centre), the size where pages must stay
# usable. A last screenshot compared with the board's first frame must
# differ, so the check is seen to fail when colours are wrong.
#
#   scripts/check-show-page.sh [--picture FILE.png]
#
# --picture also writes the README's picture of the page (docs/show-page.png).
# Work files go to build/check-show-page/. Environment: COLORWALK (the binary,
# default build/experiments/colorwalk), CHROMIUM (default chromium). Exit 0
# when every check passes, 1 when one fails, 2 when something is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

colorwalk=${COLORWALK:-build/experiments/colorwalk}
chromium=${CHROMIUM:-chromium}
picture=
if [[ ${1:-} == --picture ]]; then
  picture=${2:?--picture needs a file}
elif [[ $# -gt 0 ]]; then
  echo "usage: scripts/check-show-page.sh [--picture FILE.png]" >&2
  exit 2
fi
command -v "$chromium" >/dev/null ||
  { echo "check-show-page: no $chromium (apt-get install -y chromium)" >&2; exit 2; }
[[ -x $colorwalk ]] || { echo "check-show-page: build first (no $colorwalk)" >&2; exit 2; }

out=build/check-show-page
rm -rf "$out"
mkdir -p "$out"
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
width=1000
height=1100

# Chromium as root needs --no-sandbox, and a container's small /dev/shm
# --disable-dev-shm-usage; sRGB and a scale of 1 make one screenshot pixel
# one page pixel, in the page's own colours. A browser that hangs is ended.
browse() {
  timeout -k 5 120 "$chromium" --headless --no-sandbox --disable-dev-shm-usage --disable-gpu \
    --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --hide-scrollbars --force-device-scale-factor=1 --force-color-profile=srgb \
    --user-data-dir="$profile" --window-size="$1" "${@:2}" 2>/dev/null
}

shots=()       # the check page's SHOTS entries
images=()      # its <img> elements
fail() { echo "check-show-page: $*" >&2; exit 1; }

# check NAME FRAME HASH SHOW-ARGS...: one screenshot of the page of NAME at
# #move=HASH, to be compared with frame FRAME's colours. HASH `play`: a copy
# of the page that presses its play button at the start, given the virtual
# time to play every move.
check() {
  local name=$1 frame=$2 hash=$3
  shift 3
  local page=$out/$name.html shot=$out/$name-$hash.png dom wait=()
  if [[ $hash == play ]]; then
    page=$out/$name-play.html
    { cat "$out/$name.html"; echo '<script>document.getElementById("play").click();</script>'; } >"$page"
    wait=(--virtual-time-budget=$(( (frame + 2) * 1000 )))
  fi
  dom=$(browse "$width,$height" "${wait[@]}" --dump-dom "file://$(realpath "$page")#move=$hash") ||
    fail "$name: chromium failed to open $page (status $?)"
  local body
  body=$(grep -o '<body[^>]*>' <<<"$dom" | head -1)
  local shown board
  shown=$(sed -n 's/.*data-move="\([0-9]*\)".*/\1/p' <<<"$body")
  board=$(sed -n 's/.*data-board="\([0-9,]*\)".*/\1/p' <<<"$body")
  [[ $shown == "$frame" ]] || fail "$name: the page at #move=$hash shows frame '${shown}', not $frame"
  [[ -n $board ]] || fail "$name: the page does not say where its board is"
  browse "$width,$height" "${wait[@]}" --screenshot="$(realpath -m "$shot")" \
    "file://$(realpath "$page")#move=$hash" >/dev/null || fail "$name: chromium failed (status $?)"
  [[ -s $shot ]] || fail "$name: chromium wrote no screenshot"
  "$colorwalk" show "$@" --frame "$frame" --cell-colors >"$out/$name-$frame.colors"
  local id=shot${#images[@]} label="$name at #move=$hash"
  [[ $hash == play ]] && label="$name played to the end by its play button"
  images+=("<img id=\"$id\" alt=\"\" src=\"data:image/png;base64,$(base64 -w0 "$shot")\">")
  shots+=("{\"name\":\"$label\",\"image\":\"$id\",\"board\":[$board],\"colors\":\"$(tr '\n' ' ' <"$out/$name-$frame.colors")\"}")
  # The last frame's screenshot against the board's colours: must differ.
  if [[ $hash == last ]]; then
    shots+=("{\"name\":\"$name at #move=last against the board's colours (must differ)\",\"image\":\"$id\",\"board\":[$board],\"colors\":\"$(tr '\n' ' ' <"$out/$name-0.colors")\",\"differs\":true}")
  fi
}

# page NAME SHOW-ARGS...: writes the page; prints its number of moves.
page() {
  local name=$1
  shift
  local said
  said=$("$colorwalk" show "$@" --html "$out/$name.html" 2>&1) || fail "$said"
  sed -n 's/.*, \([0-9]*\) moves\{0,1\}$/\1/p' <<<"$said"
}

articles=(--articles 3 --board 2 --solver greedy)
moves=$(page articles "${articles[@]}")
[[ $moves -gt 2 ]] || fail "articles: a solution of $moves moves"
check articles 0 0 "${articles[@]}"
check articles $((moves / 2)) $((moves / 2)) "${articles[@]}"
check articles "$moves" last "${articles[@]}"
check articles "$moves" play "${articles[@]}"

large=(--random 1 --size 100x100 --colors 6 --rules flood-it --start center --solver greedy)
moves=$(page large "${large[@]}")
[[ $moves -gt 2 ]] || fail "large: a solution of $moves moves"
check large 0 0 "${large[@]}"
check large "$moves" last "${large[@]}"

{
  echo '<!DOCTYPE html><html><head><meta charset="utf-8"></head><body><pre id="verdict">not run</pre>'
  printf '%s\n' "${images[@]}"
  echo "<script>const SHOTS = [$(IFS=,; echo "${shots[*]}")];</script>"
  echo "<script>$(cat scripts/check-show-page.js)</script></body></html>"
} >"$out/check.html"
dom=$(browse 800,600 --dump-dom "file://$(realpath "$out/check.html")") ||
  fail "chromium failed to open the check page (status $?)"
verdict=$(sed -n '/<pre id="verdict">/,/<\/pre>/p' <<<"$dom" | sed 's/<[^>]*>//g')
echo "$verdict" | sed 's/^/check-show-page: /'
grep -qx 'passed' <<<"$verdict" || exit 1

if [[ -n $picture ]]; then
  # The articles page a few moves in, cut to the board and the strip.
  browse 800,730 --screenshot="$(realpath -m "$picture")" \
    "file://$(realpath "$out/articles.html")#move=9" >/dev/null
  echo "check-show-page: wrote $picture ($(stat -c %s "$picture") bytes)"
fi
