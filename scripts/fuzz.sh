#!/usr/bin/env bash
# Runs one libFuzzer target (built by `CAL_FUZZERS=1 scripts/sanitize.sh`,
# with ASan and UBSan) for SECONDS (default 600), one job, one worker:
#
#   scripts/fuzz.sh expr [SECONDS]   # cal-fuzz-expr: folding vs evaluation
#   scripts/fuzz.sh file [SECONDS]   # cal-fuzz-file: whole files, 60 s cap each
#
# The corpus lives in build-asan/fuzz-corpus/TARGET and grows from run to
# run; the file target's is seeded with the lit inputs, kernels/ and a few
# generated programs, with a dictionary of CUDA tokens (test/fuzz/cuda.dict).
# Crashes, timeouts and leaks are written to build-asan/fuzz-artifacts/.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${CAL_SANITIZE_DIR:-build-asan}
what=${1:?expr or file}
secs=${2:-600}
mkdir -p "$dir/fuzz-corpus/$what" "$dir/fuzz-artifacts"
dir=$(cd "$dir" && pwd)
corpus=$dir/fuzz-corpus/$what
args=(-max_total_time="$secs" -jobs=1 -workers=1 -print_final_stats=1
      -rss_limit_mb=4096)
dict=
case $what in
expr) args+=(-max_len=512 -timeout=5) ;;
file)
  if [ -z "$(ls -A "$corpus")" ]; then
    cp test/lit/*/*.cu kernels/*.cu "$corpus"/ 2>/dev/null || true
    for s in 1 2 3 4 5; do
      python3 test/fuzz/kernelgen.py "$s" 2 >"$corpus/gen$s.cu"
    done
  fi
  # test/lit/launch/limits.cu, which spends the 16,384-iteration budget,
  # takes 12 s of CPU under ASan (2 s in Release): 60 s is the cap.
  args+=(-max_len=16384 -timeout=60)
  dict=test/fuzz/cuda.dict ;;
*) echo "usage: $0 expr|file [SECONDS]" >&2; exit 2 ;;
esac
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
# -jobs=1 writes its log to fuzz-0.log in the working directory: one per
# target under the build directory, so that the two can run at once.
root=$PWD
mkdir -p "$dir/fuzz-run-$what"
(cd "$dir/fuzz-run-$what" && "$dir/test/fuzz/cal-fuzz-$what" "${args[@]}" \
  -artifact_prefix="$dir/fuzz-artifacts/$what-" \
  ${dict:+-dict="$root/$dict"} "$corpus")
tail -8 "$dir/fuzz-run-$what/fuzz-0.log"
echo "corpus: $(ls "$corpus" | wc -l) files, $(du -sk "$corpus" | cut -f1) KiB"
