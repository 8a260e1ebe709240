#!/usr/bin/env bash
# On the GPU machine: build the block-reuse probe and run it under ncu
# ($OUT/block-reuse-ncu.csv; the launches' order is the program's output,
# $OUT/block-reuse.txt). Each launch once, after one warm-up of the program
# (cudaMemset), with the clocks left to the driver as in the cost
# measurements.
set -u
D=$(dirname "$0")
nvcc -O3 -arch=sm_90 -lineinfo -o "$OUT/brp" "$D/block-reuse-probe.cu" || exit 1
M=gpu__time_duration.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,lts__t_sectors_srcunit_tex_op_read.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,lts__t_sectors_srcunit_tex_op_write.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__throughput.avg.pct_of_peak_sustained_elapsed,l1tex__throughput.avg.pct_of_peak_sustained_active,dram__throughput.avg.pct_of_peak_sustained_elapsed
ncu --clock-control none --csv --metrics "$M" "$OUT/brp" > "$OUT/block-reuse-ncu.csv" 2> "$OUT/block-reuse-ncu.err"
echo "ncu rc=$?"
"$OUT/brp" > "$OUT/block-reuse.txt"
python3 - "$OUT/block-reuse-ncu.csv" "$OUT/block-reuse.txt" <<'PY'
import csv, sys
names = [l.strip() for l in open(sys.argv[2])]
rows = [r for r in csv.reader(open(sys.argv[1])) if len(r) > 10]
h = rows[0]
K = {}
for r in rows[1:]:
    d = dict(zip(h, r))
    K.setdefault(int(d["ID"]), {})[d["Metric Name"]] = d["Metric Value"].replace(",", "")
short = ["gpu__time_duration.sum", "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
         "lts__t_sectors_srcunit_tex_op_read.sum", "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum",
         "lts__t_sectors_srcunit_tex_op_write.sum", "dram__bytes_read.sum", "dram__bytes_write.sum"]
print("launch,time_ns,l1_ld_sectors,l2_rd_sectors,l1_st_sectors,l2_wr_sectors,dram_rd,dram_wr")
for i in sorted(K):
    print(names[i] if i < len(names) else i, *[K[i].get(m, "") for m in short], sep=",")
PY
