#!/usr/bin/env bash
# The analyzer, its unit tests and cuda-access-lint built with AddressSanitizer
# and UndefinedBehaviorSanitizer (clang 22) in build-asan/, then the unit and
# lit suites run on that build. Any sanitizer report fails the run: ASan
# aborts by default, and UBSan is made to abort too (halt_on_error).
#
#   bash scripts/sanitize.sh            # configure, build, run the suites
#   CAL_FUZZERS=1 bash scripts/sanitize.sh
#       also instruments for libFuzzer and builds the fuzz targets
#       (test/fuzz/), which scripts/fuzz.sh runs
#
# LLVM and clang themselves come from Debian's shared libraries and are not
# instrumented; leak detection covers the analyzer's own allocations.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${CAL_SANITIZE_DIR:-build-asan}
cc=$(command -v clang-22 || command -v clang)
cxx=$(command -v clang++-22 || command -v clang++)
# -O1 and assertions on (no NDEBUG): faster to build than Release, and the
# analyzer's own invariants are checked too. Debian's LLVM is built with
# LLVM_ENABLE_ABI_BREAKING_CHECKS=0, so its headers agree either way.
flags="-O1 -gline-tables-only -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
fuzz=OFF
if [[ "${CAL_FUZZERS:-0}" == 1 ]]; then
  flags="$flags -fsanitize=fuzzer-no-link"
  fuzz=ON
fi
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE= \
  -DCMAKE_C_COMPILER="$cc" -DCMAKE_CXX_COMPILER="$cxx" "${launcher[@]}" \
  -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_C_FLAGS="$flags" \
  -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" \
  -DCAL_ENABLE_RUNTIME=OFF -DCAL_ENABLE_FUZZERS=$fuzz >/dev/null
targets=(cuda-access-lint cal-unit-tests)
[[ $fuzz == ON ]] && targets+=(cal-fuzz-expr cal-fuzz-file)
cmake --build "$dir" -j "$(nproc)" --target "${targets[@]}"

# Reports also go to files, so that one in a test that expects a failure
# (`not %cal ...`) cannot pass unseen: any file there fails the run.
logs=$PWD/$dir/sanitizer-logs
rm -rf "$logs" && mkdir -p "$logs"
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:log_path=$logs/asan}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1:log_path=$logs/ubsan}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$PWD/scripts/lsan.supp}
"$dir/test/unit/cal-unit-tests" --gtest_brief=1
lit=$(command -v lit || echo /usr/lib/llvm-22/bin/lit)
"$lit" -sv "$dir/test/lit"
if [ -n "$(ls -A "$logs")" ]; then
  echo "sanitize.sh: sanitizer reports in $logs:" >&2
  head -50 "$logs"/* >&2
  exit 1
fi
echo "sanitize.sh: unit and lit suites passed under ASan+UBSan, no report"
