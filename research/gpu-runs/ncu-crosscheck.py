#!/usr/bin/env python3
"""Compares ncu's counters (CSV from measure-on-gpu.sh) with the verifier's
own range-profiler counters for the same launches, as a markdown table.

usage: ncu-crosscheck.py NCU.csv MEASUREMENTS.json

ncu profiles the launches of `cuda-access-verify --launch-only --filter ...`
in suite order, so the k-th ncu launch of a kernel with a given grid is the
k-th such launch in the measurements file.
"""
import collections
import csv
import json
import sys

RATIOS = [
    ("global ld sectors/req", "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
     "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"),
    ("global st sectors/req", "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum",
     "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum"),
    ("shared ld wavefronts/inst",
     "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
     "smsp__inst_executed_op_shared_ld.sum"),
    ("shared st wavefronts/inst",
     "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
     "smsp__inst_executed_op_shared_st.sum"),
]
COUNTS = [("divergent targets",
           "smsp__sass_branch_targets_threads_divergent.sum"),
          ("DRAM read MB", "dram__bytes_read.sum")]


def ncu_launches(path):
    launches = collections.OrderedDict()
    header = None
    with open(path) as f:
        for row in csv.reader(f):
            if row and row[0] == "ID":
                header = row
                continue
            if not header or len(row) != len(header):
                continue
            d = dict(zip(header, row))
            key = (int(d["ID"]), d["Kernel Name"].split("(")[0],
                   d["Grid Size"].strip("()").replace(" ", ""))
            value = d["Metric Value"].replace(",", "")
            launches.setdefault(key, {})[d["Metric Name"]] = float(value)
    return launches


def ratio(values, num, den):
    if values.get(den, 0) > 0 and num in values:
        return values[num] / values[den]
    return None


def main():
    ncu = ncu_launches(sys.argv[1])
    ours = json.load(open(sys.argv[2]))["launches"]
    seen = collections.Counter()
    print("| launch | quantity | ncu | cuda-access-verify |")
    print("|---|---|---|---|")
    for (_, kernel, grid), values in ncu.items():
        seen[(kernel, grid)] += 1
        matches = [l for l in ours
                   if l["kernel"] == kernel and
                   ",".join(str(g) for g in l["grid"]) == grid]
        if len(matches) < seen[(kernel, grid)]:
            continue
        mine = matches[seen[(kernel, grid)] - 1]
        for name, num, den in RATIOS:
            a, b = ratio(values, num, den), ratio(mine["metrics"], num, den)
            if a is None and b is None:
                continue
            fa = "-" if a is None else "%.2f" % a
            fb = "-" if b is None else "%.2f" % b
            print("| %s | %s | %s | %s |" % (mine["label"], name, fa, fb))
        for name, metric in COUNTS:
            a, b = values.get(metric), mine["metrics"].get(metric)
            if a is None or b is None:
                continue
            scale = 1e6 if "MB" in name else 1
            print("| %s | %s | %.1f | %.1f |" %
                  (mine["label"], name, a / scale, b / scale))


if __name__ == "__main__":
    main()
