#!/usr/bin/env bash
# Oracle 2 (the H100's counters, docs/testing-at-scale.md), on the GPU
# machine (nvcc, cmake, ninja, CUPTI; no clang, Python standard library only). Builds the runtime
# verifier and its injection library, builds every generated program in
# BATCH/programs with plain nvcc -lineinfo, runs each under
# `cuda-access-verify run` against the analyzer's predictions made on the
# development machine (BATCH/predictions), and packs everything into
# $OUT/fuzz-gpu-results.tar.gz. Programs are started in order, JOBS at a
# time, until DEADLINE seconds after the start; the rest are listed as not
# run, so the call stays inside the device's 10-minute limit.
#
# usage: research/gpu-fuzz/run-fuzz-gpu.sh [BATCH]   (default .devcarry/fuzz-gpu)
# environment: OUT (default ./fuzz-gpu-out), JOBS (1), DEADLINE (450),
#              ARCH (sm_90), FIRST/LAST (program indices to run, 0-based),
#              NOSASS=1 (per-kernel Range Profiler counters only: no
#              per-launch re-run for the per-line SASS counters)
# Cost on the H100 (docs/verify-run-h100.md): about 0.25 s per launch for
# the Range Profiler, plus one run of the whole program per launch for the
# SASS counters. JOBS > 1 runs programs side by side; whether CUPTI's
# Range Profiler accepts sessions in several processes on one device at
# once is not known here (a refusal shows as status records and missing
# kernel rows in the results).
set -u
BATCH=${1:-.devcarry/fuzz-gpu}
OUT=${OUT:-$PWD/fuzz-gpu-out}
JOBS=${JOBS:-1}
NOSASS=${NOSASS:-0}
DEADLINE=${DEADLINE:-450}
ARCH=${ARCH:-sm_90}
START=$(date +%s)
R=$OUT/results
mkdir -p "$R/bin"
LOG=$R/log.txt
{ nvidia-smi; nvcc --version | tail -2; date -u; } >"$LOG" 2>&1
echo "batch $BATCH jobs $JOBS deadline $DEADLINE arch $ARCH nosass $NOSASS" >>"$LOG"

# The verifier and libcal-inject.so, and the generated programs, built at
# the same time (16 cores).
B=build-gpu
( cmake -S . -B $B -G Ninja -DCAL_ENABLE_ANALYZER=OFF -DCAL_ENABLE_TESTS=OFF \
    >"$R/build-runtime.txt" 2>&1 &&
  ninja -C $B cuda-access-verify >>"$R/build-runtime.txt" 2>&1
  echo "runtime build rc=$? at $(($(date +%s) - START)) s" >>"$LOG" ) &
RT=$!
ls "$BATCH"/programs/*.cu | sort -V >"$R/programs.txt"
build_one() { # file.cu -> bin/name
  local N
  N=$(basename "$1" .cu)
  nvcc -O3 -lineinfo -arch="$ARCH" -o "$R/bin/$N" "$1" >"$R/bin/$N.build.txt" 2>&1 ||
    echo "nvcc failed: $1" >>"$R/bin/$N.build.txt"
}
export -f build_one
export R ARCH
xargs -P 12 -I{} bash -c 'build_one {}' <"$R/programs.txt"
echo "programs built at $(($(date +%s) - START)) s" >>"$LOG"
wait $RT
V=$B/bin/cuda-access-verify
if [ ! -x "$V" ]; then
  tail -30 "$R/build-runtime.txt"
  tar czf "$OUT/fuzz-gpu-results.tar.gz" -C "$OUT" results
  exit 1
fi

run_one() { # file.cu
  local N Now
  N=$(basename "$1" .cu)
  Now=$(date +%s)
  if [ $((Now - START)) -ge "$DEADLINE" ]; then
    echo "$N not run (deadline)" >>"$R/summary.txt"
    return
  fi
  if [ ! -x "$R/bin/$N" ]; then
    echo "$N not built" >>"$R/summary.txt"
    return
  fi
  mkdir -p "$R/$N"
  local T0=$(date +%s%N)
  local Sass=()
  [ "$NOSASS" = 1 ] && Sass=(--no-sass)
  timeout 240 "$V" run "${Sass[@]}" --predictions "$BATCH/predictions/$N.json" \
    --measurements-out "$R/$N/measurements.json" \
    --json-out "$R/$N/comparison.json" --csv-out "$R/$N/comparison.csv" \
    -- "$R/bin/$N" >"$R/$N/run.txt" 2>&1
  local Rc=$?
  echo "$N rc=$Rc wall=$((($(date +%s%N) - T0) / 1000000)) ms" >>"$R/summary.txt"
}
export -f run_one
export START DEADLINE BATCH V NOSASS
SEL=$R/programs.txt
if [ -n "${FIRST:-}" ]; then
  sed -n "$((FIRST + 1)),$((${LAST:-100000} + 1))p" "$R/programs.txt" >"$R/selected.txt"
  SEL=$R/selected.txt
fi
# The first program alone: its time is the per-program cost without
# sharing the device.
head -1 "$SEL" | xargs -I{} bash -c 'run_one {}'
tail -n +2 "$SEL" | xargs -P "$JOBS" -I{} bash -c 'run_one {}'
echo "done at $(($(date +%s) - START)) s" >>"$LOG"
rm -rf "$R/bin"/fuzz_*[0-9] # the binaries: rebuilt from the sources if needed
tar czf "$OUT/fuzz-gpu-results.tar.gz" -C "$OUT" results
grep -c "rc=" "$R/summary.txt" | sed 's/^/programs run: /'
tail -3 "$LOG"
