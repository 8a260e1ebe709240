#!/usr/bin/env bash
# On the GPU machine: the second round of wide shared-load probes
# (wide-shared-probe2.cu); per launch, shared-load wavefronts per load
# instruction from ncu (hardware and SASS-patching counters).
set -u
D=$(dirname "$0")
nvcc -arch=sm_90 -lineinfo -o "$OUT/ws2" "$D/wide-shared-probe2.cu" || exit 1
cuobjdump --dump-sass "$OUT/ws2" | grep -E "Function|LDS" > "$OUT/sass-lds.txt"
"$OUT/ws2" > "$OUT/launches.txt"
M=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,smsp__inst_executed_op_shared_ld.sum,smsp__sass_l1tex_pipe_lsu_wavefronts_mem_shared.sum,smsp__sass_inst_executed_op_shared_ld.sum,smsp__sass_inst_executed_op_shared_st.sum,smsp__sass_thread_inst_executed_op_shared_ld.sum
ncu --clock-control none --csv --metrics "$M" "$OUT/ws2" > "$OUT/ncu.csv" 2> "$OUT/ncu.err"
echo "ncu rc=$?"
nvidia-smi --query-gpu=name --format=csv,noheader
