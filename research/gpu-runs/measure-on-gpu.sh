#!/usr/bin/env bash
# Builds the runtime on the GPU machine and records everything the docs
# quote: timing (twice, to show the run-to-run spread), range-profiler
# counters, SASS per-line counters (each sweep in its own process, so one
# failure does not lose the others), the merged measurements, the SASS of
# the suite, and an ncu cross-check. OUTDIR receives six files.
#
# usage: research/gpu-runs/measure-on-gpu.sh OUTDIR [PREDICTIONS.json]
set -u
OUT=${1:?output directory}
PRED=${2:-}
mkdir -p "$OUT"
PARTS=$(mktemp -d)
LOG=$OUT/log.txt
BIN=build-gpu/bin/cuda-access-verify

{ nvidia-smi; nvcc --version | tail -2; } >"$LOG" 2>&1
echo "== build" >>"$LOG"
if ! { cmake -S . -B build-gpu -G Ninja -DCAL_ENABLE_ANALYZER=OFF \
         -DCAL_ENABLE_TESTS=OFF && ninja -C build-gpu; } >>"$LOG" 2>&1; then
  tail -40 "$LOG"
  exit 1
fi

run() { # name, timeout, args...
  local Name=$1 Limit=$2
  shift 2
  echo "== $Name: $BIN $*" | tee -a "$LOG" >>"$OUT/verify.txt"
  local Start=$SECONDS
  timeout "$Limit" "$BIN" "$@" >>"$OUT/verify.txt" 2>>"$LOG"
  echo "== $Name: rc=$? in $((SECONDS - Start)) s" | tee -a "$LOG" >>"$OUT/verify.txt"
}

run timing 120 --no-profile --no-sass --measurements-out "$PARTS/m-timing.json"
run timing-repeat 120 --no-profile --no-sass \
  --measurements-out "$OUT/timing-repeat.json"
run range 200 --no-timing --no-sass --measurements-out "$PARTS/m-range.json"
export CAL_SASS_DUMP=1
run sass 150 --no-timing --no-profile \
  --measurements-out "$PARTS/m-sass.json"
unset CAL_SASS_DUMP
PARGS=()
[ -n "$PRED" ] && PARGS=(--predictions "$PRED")
run compare 30 --measurements "$PARTS/m-timing.json,$PARTS/m-range.json,$PARTS/m-sass.json" \
  --measurements-out "$OUT/measurements.json" --bandwidth "${PARGS[@]}"

cuobjdump --dump-sass "$BIN" >"$OUT/sass.txt" 2>&1

# ncu on the same binary, a few kernels, counters matching ours.
NCU_METRICS=l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shared_st.sum,smsp__sass_branch_targets_threads_divergent.sum,dram__bytes_read.sum,dram__bytes_write.sum,gpu__time_duration.sum
echo "== ncu" >>"$LOG"
timeout 150 ncu --clock-control none --csv --metrics "$NCU_METRICS" \
  -k 'regex:^(copyFloat|stridedRead|misalignedRead|copyDouble2|aosMember|transposeNaive|transposeTile|transposePadded|sharedStride|shared128|laneTripCount|laneParityLoops|shortIfElse)$' \
  "$BIN" --launch-only \
  --filter coalescing.copy_float,coalescing.stride_,coalescing.misaligned_1,coalescing.copy_double2,coalescing.aos,transpose.4096.naive,transpose.4096.tile,transpose.4096.padded,shared_banks.stride_,shared_banks.float4,divergence \
  >"$OUT/ncu.txt" 2>>"$LOG"
echo "== ncu rc=$?" >>"$LOG"
