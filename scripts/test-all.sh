#!/usr/bin/env bash
# Every test, as CI runs it (.ci/run, the README's second command):
#   1. the Debian packages that are missing (scripts/install-deps.sh);
#   2. the Release build (build/) and the whole test suite (the MPI tests
#      under mpiexec at 2 and 4 ranks, tests/mpi/, among them); then libsearch
#      configured alone and installed to a temporary prefix, and the example
#      project (examples/) configured against that install with
#      find_package, built and its quick check run through ctest; and the
#      page of `colorwalk show` checked in headless Chromium
#      (scripts/check-show-page.sh);
#   3. an AddressSanitizer + UndefinedBehaviorSanitizer build (build-asan/,
#      clang) and the whole test suite;
#   4. a ThreadSanitizer build (build-tsan/, clang) of the batch engine's
#      tests and the parallel search's, and those tests: the engine,
#      resuming, the shared memory limit, the tool's multi-threaded runs,
#      a run's searches read by their watcher while they publish (SearchWatch,
#      and the tool's traced and shown runs, Trace),
#      the distributed search's threads inside each of 2 MPI ranks, and
#      the parallel search on threads and on oneTBB (both mark oneTBB's hand-offs
#      for TSan, solvers/registry/happens_before.hpp; tests/tsan.supp
#      holds the one it cannot mark);
#   5. the fuzz targets (build-fuzz/, clang + libFuzzer), each for
#      COLORWALK_FUZZ_SECONDS (60) from its seed corpus in fuzz/corpus/.
# It stops at the first failure. The last line is the total of the test
# counts of every stage, in ctest's words.
#
# COLORWALK_TEST_STAGES picks stages (default: "release asan tsan fuzz"),
# e.g. COLORWALK_TEST_STAGES="asan" scripts/test-all.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

stages=${COLORWALK_TEST_STAGES:-release asan tsan fuzz}
fuzz_seconds=${COLORWALK_FUZZ_SECONDS:-60}
jobs=2
summaries=()
total=0
failed=0
start=$SECONDS

has_stage() { [[ " $stages " == *" $1 "* ]]; }

say() { echo "test-all: [$(( SECONDS - start )) s] $*"; }

# ctest with its output shown and its summary line kept for the end.
run_ctest() {
  local label=$1
  shift
  local log
  log=$(mktemp)
  local status=0
  ctest "$@" 2>&1 | tee "$log" || status=$?
  local line
  line=$(grep -E '^[0-9]+% tests passed, [0-9]+ tests? failed out of [0-9]+' "$log" | tail -n 1 || true)
  rm -f "$log"
  if [[ $status -ne 0 || -z "$line" ]]; then
    say "$label: FAILED${line:+ ($line)}"
    exit 1
  fi
  summaries+=("$(printf '%-34s %s' "$label:" "$line")")
  local n f
  n=$(sed -E 's/.* out of ([0-9]+).*/\1/' <<<"$line")
  f=$(sed -E 's/.*, ([0-9]+) tests? failed.*/\1/' <<<"$line")
  total=$(( total + n ))
  failed=$(( failed + f ))
}

scripts/install-deps.sh

if has_stage release; then
  say "Release build and the whole test suite (build/)"
  cmake -S . -B build
  cmake --build build -j"$jobs"
  run_ctest "Release" --test-dir build --output-on-failure -j"$jobs"

  say "the page of colorwalk show in headless Chromium (scripts/check-show-page.sh)"
  COLORWALK=build/experiments/colorwalk scripts/check-show-page.sh

  say "libsearch as a package: installed to a temporary prefix, examples/ built against it"
  korf100="${COLORWALK_DATASETS:-../shared/datasets}/korf100.txt"
  if [[ ! -f "$korf100" && "${COLORWALK_REQUIRE_DATASETS:-}" == 1 ]]; then
    say "libsearch package: $korf100 is missing and COLORWALK_REQUIRE_DATASETS=1"
    exit 1
  fi
  package=$(mktemp -d)
  trap 'rm -rf "$package"' EXIT
  cmake -S libsearch -B "$package/libsearch"
  cmake --install "$package/libsearch" --prefix "$package/prefix"
  cmake -S examples -B "$package/examples" -DCMAKE_PREFIX_PATH="$package/prefix" \
    -DKORF100_FILE="$(realpath -m "$korf100")"
  cmake --build "$package/examples" -j"$jobs"
  run_ctest "libsearch package (examples/)" --test-dir "$package/examples" --output-on-failure \
    -j"$jobs"
  rm -rf "$package"
fi

# Sanitizer reports end the test that triggers them (the builds use
# -fno-sanitize-recover=all); stacks are symbolized with llvm-symbolizer.
# TSAN_OPTIONS, with the suppressions, are set per test by tests/CMakeLists.txt.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:detect_stack_use_after_return=1:strict_string_checks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}

if has_stage asan; then
  say "AddressSanitizer + UndefinedBehaviorSanitizer build and the whole test suite (build-asan/)"
  cmake -S . -B build-asan -DCMAKE_CXX_COMPILER=clang++ -DCOLORWALK_ASAN=ON
  cmake --build build-asan -j"$jobs"
  run_ctest "AddressSanitizer+UBSan" --test-dir build-asan --output-on-failure -j"$jobs"
fi

if has_stage tsan; then
  say "ThreadSanitizer build, the batch engine's and the parallel search's tests (build-tsan/)"
  cmake -S . -B build-tsan -DCMAKE_CXX_COMPILER=clang++ -DCOLORWALK_TSAN=ON \
    -DCOLORWALK_BUILD_BENCH=OFF
  cmake --build build-tsan -j"$jobs" --target test_batch test_shared_memory test_cli \
    test_catalogue test_parallel_search test_trace colorwalk \
    $(cmake --build build-tsan --target help | grep -o 'test_distributed_search' | head -n 1)
  run_ctest "ThreadSanitizer (batch engine, parallel search)" --test-dir build-tsan \
    --output-on-failure -j"$jobs" \
    -R '^(Batch|Resume|SharedMemory|MemoryLimit|ParallelSearch|ParallelAStar|SearchWatch)\.|^DistributedSearch\.np2$|^Cli\.(ThreadCount|ShardsMerge|InterruptedRun)|^Trace\.(LongSearchRecordsBoundsAndTicks|ProgressLinesOnlyWhenAsked)$'
fi

if has_stage fuzz; then
  say "fuzz targets, ${fuzz_seconds} s each from fuzz/corpus/ (build-fuzz/)"
  cmake -S . -B build-fuzz -DCMAKE_CXX_COMPILER=clang++ -DCOLORWALK_FUZZ=ON \
    -DCOLORWALK_BUILD_TESTS=OFF -DCOLORWALK_BUILD_BENCH=OFF -DCOLORWALK_FUZZ_SECONDS="$fuzz_seconds"
  cmake --build build-fuzz -j"$jobs" --target fuzz
  run_ctest "libFuzzer (${fuzz_seconds} s a target)" --test-dir build-fuzz --output-on-failure \
    -j"$jobs"
  grep -h ', no findings$' build-fuzz/Testing/Temporary/LastTest.log | sed 's/^/test-all: /' || true
fi

say "done"
for s in "${summaries[@]}"; do
  echo "test-all: $s"
done
passed=$(( total - failed ))
echo "$(( total == 0 ? 0 : passed * 100 / total ))% tests passed, $failed tests failed out of $total"
