#!/usr/bin/env bash
# `cuda-access-verify run` on the GPU machine (nvcc, cmake, ninja, ncu; no
# clang): builds the runtime, libcal-inject.so and examples/, profiles the
# example program and one reference-suite binary (the verifier's own
# --launch-only mode) through the injection library, cross-checks the same
# launches per source line with ncu (SourceCounters, dumped by
# scripts/ncu-source-lines.py) and times the program alone, under `run` and
# under ncu. Everything goes to OUTDIR.
#
# usage: research/gpu-runs/run-on-gpu.sh OUTDIR [PREDICTIONS.json
#                                                   [SUITE_PREDICTIONS.json]]
#   PREDICTIONS.json: cuda-access-lint's output for examples/, made where
#   clang is (research/gpu-runs/predict-examples.sh).
#   SUITE_PREDICTIONS.json: its output for kernels/*.cu; with it, the whole
#   reference suite is profiled as an ordinary program and compared.
set -u
OUT=${1:?output directory}
PRED=${2:-}
SUITE_PRED=${3:-}
mkdir -p "$OUT"
LOG=$OUT/log.txt
B=build-gpu
V=$B/bin/cuda-access-verify
APP=$B/bin/access-patterns

{ nvidia-smi; nvcc --version | tail -2; ncu --version | tail -1; } >"$LOG" 2>&1
echo "== build" >>"$LOG"
# The GPU tests need GTest; without it the tools still build.
cmake -S . -B $B -G Ninja -DCAL_ENABLE_ANALYZER=OFF -DCAL_ENABLE_TESTS=ON \
  >>"$LOG" 2>&1 ||
  cmake -S . -B $B -G Ninja -DCAL_ENABLE_ANALYZER=OFF -DCAL_ENABLE_TESTS=OFF \
    >>"$LOG" 2>&1
if ! ninja -C $B >>"$LOG" 2>&1; then
  tail -40 "$LOG"
  exit 1
fi

step() { # name, timeout, command... ; output to OUT/name.txt, rc in log
  local Name=$1 Limit=$2
  shift 2
  echo "== $Name: $*" >>"$LOG"
  local Start=$(date +%s%N)
  timeout "$Limit" "$@" >"$OUT/$Name.txt" 2>&1
  local Rc=$?
  local Ms=$((($(date +%s%N) - Start) / 1000000))
  echo "$Name rc=$Rc wall=${Ms} ms" | tee -a "$LOG" >>"$OUT/summary.txt"
}

PARGS=()
[ -n "$PRED" ] && PARGS=(--predictions "$PRED")

# The example program: alone, under run (measurements, comparison), under
# ncu. The program's output and exit status must be its own.
step app-alone 60 "$APP"
step app-run 240 "$V" run --measurements-out "$OUT/app-measurements.json" \
  --json-out "$OUT/app-comparison.json" --csv-out "$OUT/app-comparison.csv" \
  "${PARGS[@]}" -- "$APP"
step app-run-nosass 120 "$V" run --no-sass -- "$APP"
step app-ncu 240 ncu --clock-control none --section SourceCounters \
  --section LaunchStats --section SpeedOfLight --launch-count 9 \
  --import-source no -f -o "$OUT/app" "$APP"
# Exit-code behaviour on a real device.
step app-abort 120 "$V" run --no-sass --measurements-out \
  "$OUT/app-abort-measurements.json" -- "$APP" --abort
step app-no-launch 60 "$V" run -- "$APP" --no-launch
step true 30 "$V" run -- /bin/true
step gpu-tests 300 ctest --test-dir $B -L gpu --output-on-failure

# One reference-suite binary: the verifier launching suite kernels once
# each (--launch-only subscribes to nothing, so the injected library is the
# only CUPTI client), filtered to the transposition kernels.
SUITE=(--launch-only --filter transpose.4096.naive,transpose.4096.tile,transpose.4096.padded)
KRE='^transpose(Naive|Tile|Padded)$'
step suite-alone 120 "$V" "${SUITE[@]}"
step suite-run 300 "$V" run --kernel "$KRE" --launch-count 1 \
  --measurements-out "$OUT/suite-measurements.json" -- "$V" "${SUITE[@]}"
step suite-ncu 240 ncu --clock-control none --section SourceCounters \
  --section LaunchStats -k "regex:$KRE" --launch-count 3 \
  --import-source no -f -o "$OUT/suite" "$V" "${SUITE[@]}"

# The whole reference suite as an ordinary program, each kernel launched
# once, compared with the analyzer's predictions for kernels/*.cu.
if [ -n "$SUITE_PRED" ]; then
  step suite-all-alone 120 "$V" --launch-only
  step suite-all-run 540 "$V" run --launch-count 1 --predictions "$SUITE_PRED" \
    --measurements-out "$OUT/suite-all-measurements.json" \
    --json-out "$OUT/suite-all-comparison.json" \
    --csv-out "$OUT/suite-all-comparison.csv" -- "$V" --launch-only
fi

# Per-line cross-check: ncu's per-PC counters with file:line, and its
# source page.
for R in app suite; do
  if [ -f "$OUT/$R.ncu-rep" ]; then
    python3 scripts/ncu-source-lines.py "$OUT/$R.ncu-rep" \
      >"$OUT/$R-ncu-lines.csv" 2>>"$LOG"
    ncu --import "$OUT/$R.ncu-rep" --page source --csv --print-source sass \
      >"$OUT/$R-ncu-source.csv" 2>>"$LOG"
    ncu --import "$OUT/$R.ncu-rep" --csv --page raw \
      >"$OUT/$R-ncu-raw.csv" 2>>"$LOG"
  fi
done
echo "== done" >>"$LOG"
cat "$OUT/summary.txt"
