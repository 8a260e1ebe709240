#!/usr/bin/env bash
# On the H100 machine (nvcc, cmake, ninja, ncu; no clang): builds the
# runtime, runs the reference suite under ncu collecting the theoretical
# (sm__maximum_warps_per_active_cycle_pct) and achieved occupancy with the
# launch's registers, block and shared memory, first launch of each kernel,
# and compares with the analyzer's `occupancy` predictions (made on the CPU
# machine with --resource-usage, carried in .devcarry/occupancy/).
#
# usage: scripts/eval/occupancy-h100.sh OUTDIR [PREDICTIONS.json]
set -u
OUT=${1:?output directory}
PRED=${2:-.devcarry/occupancy/predictions.json}
mkdir -p "$OUT"
LOG=$OUT/occupancy-log.txt
BIN=build-gpu/bin/cuda-access-verify
{ nvidia-smi; nvcc --version | tail -2; } >"$LOG" 2>&1
if ! { cmake -S . -B build-gpu -G Ninja -DCAL_ENABLE_ANALYZER=OFF \
         -DCAL_ENABLE_TESTS=OFF && ninja -C build-gpu; } >>"$LOG" 2>&1; then
  tail -40 "$LOG"
  exit 1
fi
METRICS=sm__maximum_warps_per_active_cycle_pct,sm__warps_active.avg.pct_of_peak_sustained_active,launch__registers_per_thread,launch__block_size,launch__grid_size,launch__shared_mem_per_block_static,launch__shared_mem_per_block_dynamic,launch__occupancy_limit_registers,launch__occupancy_limit_shared_mem,launch__occupancy_limit_warps,launch__occupancy_limit_blocks
# --launch-only: every reference launch, without the verifier's own CUPTI
# subscriber (ncu's would clash with it); the compare step keeps the first
# profiled launch of each kernel, block and dynamic shared size.
timeout 400 ncu --metrics "$METRICS" --csv \
  --print-units base --print-kernel-base mangled \
  "$BIN" --launch-only >"$OUT/occupancy-ncu.csv" 2>>"$LOG"
echo "ncu rc=$?" >>"$LOG"
# The registers ptxas gave the analyzer, for the table's regP column, next
# to what the runtime's build uses (regM): they differ only if the flags do.
cuobjdump --dump-resource-usage "$BIN" >"$OUT/occupancy-resource-usage.txt" 2>&1
python3 scripts/eval/occupancy-compare.py "$PRED" "$OUT/occupancy-ncu.csv" \
  | tee "$OUT/occupancy-table.txt"
