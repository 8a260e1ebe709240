#!/usr/bin/env bash
# On the GPU machine: build and run the store-merge probe (rows to
# $OUT/store-merge.csv), then ncu's counters for one untimed launch of each
# kernel ($OUT/store-merge-ncu.csv): the requests and sectors L1 saw, and
# the sectors and requests L2 received from it.
set -u
D=$(dirname "$0")
nvcc -O3 -arch=sm_90 -lineinfo -o "$OUT/smp" "$D/store-merge-probe.cu" || exit 1
cuobjdump --dump-sass "$OUT/smp" | grep -E "Function|LDG|STG" > "$OUT/smp-sass.txt"
"$OUT/smp" | tee "$OUT/store-merge.csv"
M=gpu__time_duration.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,lts__t_sectors_srcunit_tex_op_write.sum,lts__t_requests_srcunit_tex_op_write.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_requests_srcunit_tex_op_read.sum,l1tex__m_l1tex2xbar_write_bytes.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__throughput.avg.pct_of_peak_sustained_elapsed,l1tex__throughput.avg.pct_of_peak_sustained_active
PROBE_ONCE=1 ncu --csv --metrics "$M" "$OUT/smp" > "$OUT/store-merge-ncu.csv" 2> "$OUT/store-merge-ncu.err"
echo "ncu rc=$?"
python3 - "$OUT/store-merge-ncu.csv" <<'PY'
import csv, sys
rows = [r for r in csv.reader(open(sys.argv[1])) if len(r) > 10]
h = rows[0]
for r in rows[1:]:
    d = dict(zip(h, r))
    print(d.get("Kernel Name", "?")[:24], d.get("Metric Name"), d.get("Metric Value"))
PY
