#!/usr/bin/env python3
"""Oracle 2 (the H100's counters, docs/testing-at-scale.md): each per-line
disagreement of the GPU fuzz record, put in a bucket by what the SASS of
its program shows at that line.

    research/gpu-fuzz/fuzz-gpu-sass-buckets.py RESULTS.tar.gz --batch .devcarry/fuzz-gpu \\
        --sass DIR --rejudge build/bin/cuda-access-verify

DIR holds FUZZ_NNNN.sass, `nvdisasm -gi -c` of each program's cubin built
as run-fuzz-gpu.sh builds it (nvcc -O3 -lineinfo -arch=sm_90). The rows are
the ones fuzz-gpu-compare.py judges (with --rejudge, against the batch's
current predictions). Buckets:

- divergence predicted, none measured, and no conditional branch at the
  line: nvcc if-converted the test (predicated or select instructions);
- the same with a conditional branch kept at the line;
- a memory figure measured lower than predicted where the line's memory
  instructions are predicated (@P): predicated instructions count as
  executed for warps whose lanes are all off (docs/gpu-facts.md), which
  lowers the measured per-instruction ratio;
- the same without a predicated instruction;
- a memory figure measured higher;
- divergence measured, not predicted.
"""

import argparse
import collections
import csv
import importlib.util
import io
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def load_module(name, file):
    spec = importlib.util.spec_from_file_location(name, os.path.join(HERE, file))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


compare = load_module("fuzz_gpu_compare", "fuzz-gpu-compare.py")
sass_lines = load_module("sass_lines", os.path.join("..", "sass-emulator", "sass-lines.py"))
sass_div = load_module("sass_divergence",
                       os.path.join("..", "sass-emulator", "sass-divergence.py"))

BRANCH = re.compile(r"^@!?U?P\w+\s+BRA\b")
MEMORY = re.compile(r"^(@!?U?P\w+\s+)?(LDG|STG|LDS|STS|LD|ST)\b")
PREDICATED = re.compile(r"^@!?U?P\w+\s+")


def line_index(sass_path):
    """{(kernel substring key, line): [instruction text]} for innermost
    lines; kernels are keyed by their mangled name."""
    idx = collections.defaultdict(list)
    for kernel, chain, pc, text in sass_lines.parse(sass_path):
        if chain:
            idx[(kernel, chain[0][1])].append(text)
    return idx


def branch_index(sass_path):
    """{(kernel, line): [varying?]} for each conditional branch, from the
    static divergence analysis of research/sass-emulator/sass-divergence.py."""
    idx = collections.defaultdict(list)
    for kernel, items in sass_div.parse(sass_path).items():
        for ins, var in sass_div.analyse(items):
            if ins.line:
                idx[(kernel, ins.line[1])].append(var)
    return idx


class Sass:
    """A program's SASS, indexed for bucket()."""

    def __init__(self, path):
        self.lines = line_index(path)
        self.branches = branch_index(path)


def bucket(row, sass):
    """The bucket of one MISMATCH row (a per-line scope), or None."""
    m = re.match(r"(.*):(\d+)$", row["scope"])
    if not m:
        return None
    line = int(m.group(2))
    # Mangled names embed the kernel name with its length.
    name = row["kernel"]
    key = "%d%s" % (len(name), name)
    insns = [t for (k, l), ts in sass.lines.items()
             if l == line and key in k for t in ts]
    q = compare.quantity_class(row["quantity"])
    try:
        pred, meas = float(row["predicted"]), float(row["measured"])
    except ValueError:
        return "unparsed figures"
    if q == "divergence":
        if pred <= meas:
            return "divergence measured, not predicted"
        kept = any(BRANCH.match(t) for t in insns)
        var = [v for (k, l), vs in sass.branches.items()
               if l == line and key in k for v in vs]
        if not kept:
            why = "no conditional branch at the line (if-converted)"
        elif not any(var):
            why = "only warp-uniform branches at the line (the test if-converted)"
        else:
            why = "a branch that can split the warp kept at the line"
        return "divergence predicted, none measured: " + why
    if meas < pred:
        mem = [t for t in insns if MEMORY.match(t)]
        pred_on = any(PREDICATED.match(t) for t in mem)
        return "%s measured lower: %s" % (
            q, "a predicated memory instruction at the line" if pred_on
            else "no predicated memory instruction at the line")
    return "%s measured higher" % q


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("results")
    p.add_argument("--batch", default=".devcarry/fuzz-gpu")
    p.add_argument("--sass", required=True)
    p.add_argument("--rejudge", metavar="VERIFY")
    args = p.parse_args()
    if args.rejudge:
        progs = compare.rejudge(args.results, args.batch, args.rejudge)
    else:
        progs, _ = compare.load(args.results)
    buckets = collections.Counter()
    examples = {}
    for prog, text in progs.items():
        path = os.path.join(args.sass, prog + ".sass")
        if not os.path.exists(path):
            continue
        sass = Sass(path)
        for row in csv.DictReader(io.StringIO(text)):
            if row["verdict"] != "MISMATCH":
                continue
            b = bucket(row, sass)
            if b is None:
                continue
            buckets[b] += 1
            examples.setdefault(b, "%s %s %s: predicted %s, measured %s" % (
                prog, row["kernel"], row["scope"].rsplit("/", 1)[-1],
                row["predicted"], row["measured"]))
    print("%6s  %s" % ("rows", "bucket"))
    for b, n in buckets.most_common():
        print("%6d  %s" % (n, b))
    print()
    for b, e in examples.items():
        print("e.g. %s -- %s" % (b, e))
    return 0


if __name__ == "__main__":
    sys.exit(main())
