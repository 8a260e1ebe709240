#!/usr/bin/env bash
# On the GPU machine: build and run the throughput probe (rates to
# $OUT/throughput-h100.csv), then check each kernel's sectors and
# wavefronts with ncu on one untimed launch of each.
set -u
D=$(dirname "$0")
nvcc -O3 -arch=sm_90 -lineinfo -o "$OUT/tp" "$D/throughput-probe.cu" || exit 1
cuobjdump --dump-sass "$OUT/tp" | grep -E "Function|LDG|STG|LDS" > "$OUT/tp-sass.txt"
"$OUT/tp" | tee "$OUT/throughput-h100.csv"
M=l1tex__t_sector_hit_rate.pct,l1tex__data_pipe_lsu_wavefronts_mem_lg.sum,l1tex__t_output_wavefronts_pipe_lsu_mem_global_op_ld.sum,sm__inst_executed.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_srcunit_tex.sum
PROBE_ONCE=1 ncu --csv --metrics "$M" "$OUT/tp" > "$OUT/tp-ncu.csv" 2> "$OUT/tp-ncu.err"
echo "ncu rc=$?"
python3 - "$OUT/tp-ncu.csv" <<'PY'
import csv, sys
rows = [r for r in csv.reader(open(sys.argv[1])) if len(r) > 10]
h = rows[0]
for r in rows[1:]:
    d = dict(zip(h, r))
    print(d.get("Kernel Name", "?")[:12], d.get("Metric Name"), d.get("Metric Value"))
PY
