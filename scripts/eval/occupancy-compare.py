#!/usr/bin/env python3
"""Compares the analyzer's theoretical occupancy (predictions JSON, schema
1.3 `occupancy`) with the hardware's, per launch, from an ncu CSV
(--csv --print-units base --print-kernel-base mangled) holding
sm__maximum_warps_per_active_cycle_pct (theoretical occupancy),
sm__warps_active.avg.pct_of_peak_sustained_active (achieved: reported, not
judged), launch__registers_per_thread, launch__block_size and
launch__shared_mem_per_block_dynamic.

A launch is matched by mangled name, threads per block and dynamic shared
bytes. Judged only where the prediction is `exact` (registers known): the
percentages must be equal. An `upper-bound` prediction must not be below
the measurement. usage: occupancy-compare.py PRED.json NCU.csv > table.txt
Exit 1 when a judged launch disagrees."""
import csv
import json
import sys


def load_ncu(path):
    rows = {}
    with open(path, newline="") as f:
        lines = [l for l in f if l.startswith('"')]
    for r in csv.DictReader(lines):
        key = (r["Kernel Name"], r["ID"])
        d = rows.setdefault(key, {"name": r["Kernel Name"]})
        v = r["Metric Value"].replace(",", "")
        try:
            d[r["Metric Name"]] = float(v)
        except ValueError:
            d[r["Metric Name"]] = v
    return list(rows.values())


def main():
    pred = json.load(open(sys.argv[1]))
    meas = load_ncu(sys.argv[2])
    bad = judged = 0
    print("%-34s %6s %6s %5s %5s %8s %8s %8s %-13s %s" % (
        "kernel", "block", "dyn", "regP", "regM", "pred%", "theo%", "achv%",
        "limited_by", "verdict"))
    seen = set()
    for k in pred["kernels"]:
        o = k.get("occupancy") or {}
        if not o.get("modelled"):
            continue
        threads = o["threads_per_block"]
        dyn = o["dynamic_shared_bytes"]
        key = (k["mangled_name"], threads, dyn)
        if key in seen:
            continue
        seen.add(key)
        ms = [m for m in meas if m["name"] == k["mangled_name"]
              and m.get("launch__block_size") == threads
              and int(m.get("launch__shared_mem_per_block_dynamic", 0)) == dyn]
        if not ms:
            print("%-34s %6d %6d  no measured launch" % (k["name"], threads, dyn))
            continue
        m = ms[0]
        theo = m.get("sm__maximum_warps_per_active_cycle_pct")
        achv = m.get("sm__warps_active.avg.pct_of_peak_sustained_active", 0)
        regm = m.get("launch__registers_per_thread", 0)
        p = o["theoretical_occupancy_pct"]
        if o["certainty"] == "exact":
            judged += 1
            ok = abs(p - theo) < 0.01
            verdict = "agree" if ok else "DISAGREE"
        else:
            ok = p + 0.01 >= theo
            verdict = "bound holds" if ok else "BOUND BROKEN"
        bad += not ok
        regp = o["registers_per_thread"]
        print("%-34s %6d %6d %5s %5d %8.2f %8.2f %8.2f %-13s %s" % (
            k["name"][:34], threads, dyn, "-" if regp is None else regp,
            regm, p, theo, achv, o["limited_by"], verdict))
    print("%d launches judged exactly, %d disagreements" % (judged, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
