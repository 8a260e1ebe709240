#!/usr/bin/env python3
"""Oracle 2 (the H100's counters, docs/testing-at-scale.md), read back:
the agreement between the analyzer's predictions and the H100's counters
for the generated programs, per quantity (global sectors, shared wavefronts, divergence), from what
research/gpu-fuzz/run-fuzz-gpu.sh packed.

    research/gpu-fuzz/fuzz-gpu-compare.py fuzz-gpu-results.tar.gz [--batch .devcarry/fuzz-gpu]
        [--rejudge build/bin/cuda-access-verify]

Each program's comparison.csv (cuda-access-verify's rows: launch, kernel,
scope, quantity, predicted, measured, tolerance, verdict, note) is tallied
by quantity and scope (per kernel, per source line). Mismatches are listed
with the source line from the batch, so that each can be explained.
With --rejudge, the recorded measurements are compared again, offline,
with the batch's current predictions (re-made by fuzz-gpu-prepare.py with a
newer analyzer): the verifier's --measurements mode, no GPU needed.
"""

import argparse
import collections
import csv
import io
import os
import re
import subprocess
import sys
import tarfile
import tempfile


def quantity_class(q):
    if "sectors" in q:
        return "sectors"
    if "wavefronts" in q:
        return "wavefronts"
    if "divergent" in q:
        return "divergence"
    return "other"


def load(path):
    """{program: csv text}, summary text."""
    out, summary = {}, ""
    if os.path.isdir(path):
        for name in sorted(os.listdir(path)):
            f = os.path.join(path, name, "comparison.csv")
            if os.path.exists(f):
                out[name] = open(f).read()
        s = os.path.join(path, "summary.txt")
        summary = open(s).read() if os.path.exists(s) else ""
        return out, summary
    with tarfile.open(path) as t:
        for m in t.getmembers():
            parts = m.name.split("/")
            if parts[-1] == "comparison.csv":
                out[parts[-2]] = t.extractfile(m).read().decode()
            elif parts[-1] == "summary.txt" and len(parts) == 2:
                summary = t.extractfile(m).read().decode()
    return out, summary


def rejudge(results, batch, verify):
    """{program: csv text} from the recorded measurements and the batch's
    predictions, through cuda-access-verify --measurements."""
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        if os.path.isdir(results):
            root = results
        else:
            with tarfile.open(results) as t:
                t.extractall(tmp)
            root = os.path.join(tmp, "results")
        for name in sorted(os.listdir(root)):
            meas = os.path.join(root, name, "measurements.json")
            pred = os.path.join(batch, "predictions", name + ".json")
            if not (os.path.exists(meas) and os.path.exists(pred)):
                continue
            csv_out = os.path.join(tmp, name + ".csv")
            subprocess.run([verify, "--predictions", pred, "--measurements",
                            meas, "--csv-out", csv_out],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            if os.path.exists(csv_out):
                out[name] = open(csv_out).read()
    return out


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("results", help="fuzz-gpu-results.tar.gz or its results/ folder")
    p.add_argument("--batch", default=".devcarry/fuzz-gpu")
    p.add_argument("--max-print", type=int, default=50)
    p.add_argument("--rejudge", metavar="VERIFY",
                   help="cuda-access-verify: compare the recorded measurements "
                        "with the batch's current predictions")
    args = p.parse_args()
    progs, summary = load(args.results)
    if args.rejudge:
        progs = rejudge(args.results, args.batch, args.rejudge)
    tally = collections.defaultdict(collections.Counter)
    kernels = set()
    mismatches = []
    for prog, text in progs.items():
        for row in csv.DictReader(io.StringIO(text)):
            kernels.add((prog, row["kernel"]))
            scope = "kernel" if row["scope"] == "kernel" else "line"
            key = (quantity_class(row["quantity"]), scope)
            verdict = row["verdict"]
            tally[key][verdict] += 1
            if verdict == "MISMATCH":
                mismatches.append((prog, row))
    print("programs with results: %d, kernels measured: %d" % (len(progs), len(kernels)))
    if summary:
        rcs = collections.Counter(re.findall(r"rc=(\d+)", summary))
        print("run exit codes: %s; not run: %d" % (
            dict(rcs), summary.count("not run")))
    # Verdicts (runtime/src/Compare.cpp): agree, MISMATCH, no prediction,
    # no measurement; the last two are not judged.
    print("%-11s %-6s %7s %7s %9s %10s %8s" % ("quantity", "scope", "rows", "agree",
                                              "mismatch", "unjudged", "agree%"))
    for (q, scope), c in sorted(tally.items()):
        judged = c["agree"] + c["MISMATCH"]
        print("%-11s %-6s %7d %7d %9d %10d %7.1f%%" % (
            q, scope, sum(c.values()), c["agree"], c["MISMATCH"],
            sum(c.values()) - judged, 100.0 * c["agree"] / max(1, judged)))
    for prog, row in mismatches[:args.max_print]:
        src = ""
        m = re.match(r"(.*):(\d+)$", row["scope"])
        if m:
            f = os.path.join(args.batch, "programs", prog + ".cu")
            if os.path.exists(f):
                src = open(f).read().split("\n")[int(m.group(2)) - 1].strip()
        print("%s %s %s %s: predicted %s, measured %s (%s) %s | %s" % (
            prog, row["kernel"], row["scope"].split("/")[-1], row["quantity"],
            row["predicted"], row["measured"], row["verdict"], row["note"], src))
    return 0


if __name__ == "__main__":
    sys.exit(main())
