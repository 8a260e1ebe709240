#!/usr/bin/env bash
# On the GPU machine: build the shared-atomics probe, dump its shared
# atomic instructions, and read per-kernel shared wavefronts with ncu.
set -u
D=$(dirname "$0")
nvcc -arch=sm_90 -lineinfo -o "$OUT/sa" "$D/shared-atomics-probe.cu" || exit 1
cuobjdump --dump-sass "$OUT/sa" | grep -E "Function|ATOMS|LDS|STS|BSSY|BRA" > "$OUT/sass.txt"
M=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_atom.sum,smsp__inst_executed_op_shared_atom.sum,smsp__sass_inst_executed_op_shared_atom.sum,smsp__sass_l1tex_pipe_lsu_wavefronts_mem_shared.sum,smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_shared_st.sum
ncu --clock-control none --csv --metrics "$M" "$OUT/sa" > "$OUT/ncu.csv" 2> "$OUT/ncu.err"
echo "ncu rc=$?"
tail -3 "$OUT/ncu.err"
