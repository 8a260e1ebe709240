#!/usr/bin/env bash
# On the GPU machine: build the global-ideal probe and read, per kernel,
# the global sectors and ideal sectors of its loads with ncu (the per-PC
# SASS counters that Nsight Compute's Source view sums per line).
set -u
D=$(dirname "$0")
nvcc -O2 -arch=sm_90 -lineinfo -o "$OUT/gi" "$D/global-ideal-probe.cu" || exit 1
cuobjdump --dump-sass "$OUT/gi" | grep -E "Function|LDG|STG" > "$OUT/sass.txt"
M=smsp__sass_sectors_mem_global.sum,smsp__sass_sectors_mem_global_ideal.sum,smsp__sass_inst_executed_op_global_ld.sum,smsp__sass_inst_executed_op_global_st.sum,smsp__sass_sectors_mem_global_op_ld.sum,smsp__sass_sectors_mem_global_op_st.sum
ncu --clock-control none --csv --metrics "$M" "$OUT/gi" > "$OUT/ncu.csv" 2> "$OUT/ncu.err"
echo "ncu rc=$?"
tail -3 "$OUT/ncu.err"
# Per-line source counters too, as measure-device.sh reads them.
ncu --clock-control none --section SourceCounters -o "$OUT/gi" -f "$OUT/gi" > /dev/null 2>&1
ncu -i "$OUT/gi.ncu-rep" --csv --page source --print-source sass > "$OUT/source.csv" 2>&1
echo "source rc=$?"
