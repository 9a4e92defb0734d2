#!/usr/bin/env bash
# Installs the Debian 12 packages colorwalk builds with, and only those that
# are missing: quick and silent when everything is already there.
set -euo pipefail

# clang, its sanitizer and libFuzzer runtimes and llvm-symbolizer: the
# sanitizer builds and fuzz targets of scripts/test-all.sh. OpenMPI: the
# MPI component of libsearch, colorwalk-mpi and their tests (optional for a
# build, which leaves them out without it; CI builds and runs them).
# chromium: the check of `colorwalk show`'s page in a real browser
# (scripts/check-show-page.sh).
packages=(cmake g++ make libtbb-dev libboost-program-options-dev libboost-container-dev
          libgtest-dev libbenchmark-dev clang libclang-rt-14-dev llvm
          libopenmpi-dev openmpi-bin chromium)

missing=()
for p in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$p")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

echo "install-deps: installing ${missing[*]}" >&2
sudo=()
if [[ $(id -u) -ne 0 ]]; then
  command -v sudo >/dev/null || { echo "install-deps: need root (or sudo) to install ${missing[*]}" >&2; exit 1; }
  sudo=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
