#!/usr/bin/env python3
"""Cross-check `cuda-access-verify run` against Nsight Compute, per line.

Both profile the same binary on the same GPU. `run` writes its per-line SASS
counters into the measurement file; ncu's per-PC SourceCounters, dumped by
scripts/ncu-source-lines.py, are summed per source line and access class
with the same reduction scripts/eval/realcode-compare.py uses. For the first
launch of each (kernel, grid, block) that both profiled, every per-line
counter both report is compared: executed warp instructions, global
sectors and their ideal, shared wavefronts and their ideal, divergent
branch targets.

  crosscheck-run-ncu.py RUN-MEASUREMENTS.json NCU-LINES.csv [--csv OUT.csv]

Prints one summary line per quantity and exits 1 if any counter differs.
"""
import argparse
import collections
import csv
import importlib.util
import json
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location(
    "realcode_compare", os.path.join(here, "realcode-compare.py"))
rc = importlib.util.module_from_spec(spec)
spec.loader.exec_module(rc)

QUANTITIES = ["executed", "sectors", "sectors_ideal", "wavefronts",
              "wavefronts_ideal", "divergent_targets"]


def dims(v):
    return "x".join(str(x) for x in v)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("run_measurements")
    ap.add_argument("ncu_lines")
    ap.add_argument("--csv")
    a = ap.parse_args()

    # ncu: the first profiled launch of each configuration.
    ncu = {}
    first_index = {}
    for (k, mangled, grid, block, f, line, cls), c in rc.reduce_program(
            a.ncu_lines).items():
        cfg = (mangled, grid, block)
        if first_index.setdefault(cfg, k) != k:
            continue
        ncu[cfg + (os.path.basename(f), line, cls)] = c

    run = {}
    seen = set()
    for L in json.load(open(a.run_measurements))["launches"]:
        cfg = (L["mangled_name"], dims(L["grid"]), dims(L["block"]))
        if cfg in seen:
            continue
        seen.add(cfg)
        for ln in L.get("lines", []):
            for cls, m in ln.items():
                if isinstance(m, dict):
                    run[cfg + (os.path.basename(ln["file"]), ln["line"],
                               "branch" if cls == "branch" else cls)] = m

    rows, stats = [], collections.Counter()
    for key in sorted(set(run) & set(ncu)):
        for q in QUANTITIES:
            if q not in run[key]:
                continue
            r, n = float(run[key][q]), float(ncu[key].get(q, 0))
            if q == "executed" and key[-1] == "branch":
                continue
            stats[q, "compared"] += 1
            stats[q, "equal"] += r == n
            rows.append(list(key) + [q, r, n, "equal" if r == n else "DIFFERENT"])
    only_run = sorted(set(run) - set(ncu))
    only_ncu = sorted(k for k in set(ncu) - set(run)
                      if k[:3] in {x[:3] for x in run})
    print("configurations profiled by both: %d; lines x classes: %d both, "
          "%d only in run, %d only in ncu" % (
              len({k[:3] for k in set(run) & set(ncu)}),
              len(set(run) & set(ncu)), len(only_run), len(only_ncu)))
    bad = 0
    for q in QUANTITIES:
        n = stats[q, "compared"]
        if n:
            print("%-18s %4d compared, %4d equal" % (q, n, stats[q, "equal"]))
            bad += n - stats[q, "equal"]
    for k in only_run[:10]:
        print("only in run:", k)
    for k in only_ncu[:10]:
        print("only in ncu:", k)
    if a.csv:
        with open(a.csv, "w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(["mangled", "grid", "block", "file", "line", "class",
                        "quantity", "run", "ncu", "verdict"])
            w.writerows(rows)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
