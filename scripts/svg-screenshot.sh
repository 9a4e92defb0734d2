#!/usr/bin/env bash
# Renders a colorwalk SVG chart in headless Chromium (Debian's `chromium`
# package) and writes a PNG screenshot, to check that the chart reads well in
# a real browser: axis labels, legend, rows, no overlap.
#
#   scripts/svg-screenshot.sh                 # a sample run (heuristics and, when
#                                             # registered, astar), then its screenshot
#   scripts/svg-screenshot.sh CHART.svg [OUT.png]
#
# The sample goes to build/svg-screenshot/ (chart.svg, chart.png). Environment:
# COLORWALK (the binary, default build/experiments/colorwalk), CHROMIUM (the
# browser, default chromium). Not part of CI, which checks the page of
# `colorwalk show` in Chromium instead (scripts/check-show-page.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

colorwalk=${COLORWALK:-build/experiments/colorwalk}
chromium=${CHROMIUM:-chromium}
command -v "$chromium" >/dev/null ||
  { echo "svg-screenshot: no $chromium (apt-get install -y chromium)" >&2; exit 2; }

if [[ $# -ge 1 ]]; then
  svg=$1
  png=${2:-${svg%.svg}.png}
else
  [[ -x $colorwalk ]] || { echo "svg-screenshot: build first (no $colorwalk)" >&2; exit 2; }
  out=build/svg-screenshot
  mkdir -p "$out"
  svg=$out/chart.svg
  png=$out/chart.png
  solvers=(--solver greedy --solver greedy-look-ahead:depth=3 --solver round-robin-skip
           --solver max-perimeter-look-ahead:depth=2)
  for extra in beam astar; do
    "$colorwalk" list | grep -qx "$extra" && solvers+=(--solver "$extra")
  done
  # The public boards' size and rules (14x14, 6 colours, flood-it): exact
  # solving takes a few milliseconds a board there.
  "$colorwalk" solve --random 300 --seed 1 --size 14x14 --colors 6 --rules flood-it \
    "${solvers[@]}" --svg "$svg" --overwrite --quiet
fi
[[ -f $svg ]] || { echo "svg-screenshot: no file $svg" >&2; exit 2; }

# The chart's own size, so that the screenshot holds all of it.
width=$(sed -n 's/^<svg [^>]*width="\([0-9]*\)".*/\1/p' "$svg" | head -1)
height=$(sed -n 's/^<svg [^>]*height="\([0-9]*\)".*/\1/p' "$svg" | head -1)
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
"$chromium" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
  --disable-background-networking --disable-component-update --disable-sync \
  --hide-scrollbars --user-data-dir="$profile" --screenshot="$(realpath -m "$png")" \
  --window-size="${width:-1200},${height:-800}" "file://$(realpath "$svg")" >/dev/null 2>&1
[[ -s $png ]] || { echo "svg-screenshot: chromium wrote no screenshot" >&2; exit 1; }
echo "$png"
