#!/usr/bin/env bash
# On the GPU machine: build the probe, dump its LDS instructions, and read
# per-kernel shared-load wavefronts with ncu (hardware and SASS counters).
set -u
D=$(dirname "$0")
nvcc -arch=sm_90 -lineinfo -o "$OUT/ws" "$D/../../test/lit/banks/Inputs/wide-shared-probe.cu" || exit 1
cuobjdump --dump-sass "$OUT/ws" | grep -E "Function|LDS" > "$OUT/sass-lds.txt"
M=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,smsp__inst_executed_op_shared_ld.sum,smsp__sass_l1tex_pipe_lsu_wavefronts_mem_shared.sum,smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_shared_st.sum
ncu --clock-control none --csv --metrics "$M" "$OUT/ws" > "$OUT/ncu.csv" 2> "$OUT/ncu.err"
echo "ncu rc=$?"
