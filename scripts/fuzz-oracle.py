#!/usr/bin/env python3
"""Differential test of the analyzer against native execution.

For each seed, test/fuzz/kernelgen.py writes one .cu program of several
random kernels (each launched from host code) and the same kernels as host
C++. The host compiler builds the latter with UBSan (so a generator bug that
lets undefined behaviour through fails loudly) and runs it: it enumerates
every lane's addresses and branch outcomes for the warps the analyzer
evaluates and prints the expected per-access and per-branch figures. The
analyzer's JSON for the .cu file is compared with them, per source line.

A figure that differs is a disagreement. Where the analyzer itself says the
figure is approximate (`confidence: "range"` with a reason) it is counted
apart as a documented approximation; every other one fails the run.

    scripts/fuzz-oracle.py --lint build/bin/cuda-access-lint --seeds 0-99
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FUZZ = os.path.join(ROOT, "test", "fuzz")
sys.path.insert(0, FUZZ)
import kernelgen  # noqa: E402


def seeds(spec):
    out = []
    for part in spec.split(","):
        a, _, b = part.partition("-")
        out.extend(range(int(a), int(b or a) + 1))
    return out


def close(a, b):
    return a is not None and b is not None and abs(a - b) <= 1e-4 * max(1.0, abs(b))


def run_oracle(prog, work, cxx):
    src = os.path.join(work, "oracle.cpp")
    exe = os.path.join(work, "oracle")
    with open(src, "w") as f:
        f.write("\n".join(prog.host) + "\n")
    subprocess.run([cxx, "-std=c++17", "-O0", "-w", "-fsanitize=undefined",
                    "-fno-sanitize-recover=all", "-I", FUZZ, src, "-o", exe],
                   check=True)
    out = subprocess.run([exe], check=True, capture_output=True, text=True)
    return {k["kernel"]: k for k in map(json.loads, out.stdout.splitlines())}


def run_lint(lint, cu, extra):
    out = subprocess.run([lint, "--format=json", "--quiet", cu] + extra,
                         capture_output=True, text=True)
    if out.returncode not in (0, 1):
        raise RuntimeError("cuda-access-lint failed (%d): %s" %
                           (out.returncode, out.stderr[-2000:]))
    return json.loads(out.stdout)


def compare_kernel(seed, prog, ora, ana, report):
    """Appends (kind, message, documented) to report; returns counts."""
    name = ora["kernel"]
    where = "seed %d %s" % (seed, name)
    if ana is None:
        report.append(("missing-kernel", where + ": not in the analyzer's output", False))
        return
    acc = {}
    for a in ana["accesses"]:
        acc.setdefault(a["line"], []).append(a)
    seen = set()
    for o in ora["accesses"]:
        line, col, _ = prog.sites[o["site"]]
        seen.add(line)
        cands = acc.get(line, [])
        if len(cands) != 1:
            report.append(("access", "%s line %d: %d analyzer accesses for one site" %
                           (where, line, len(cands)), False))
            continue
        a = cands[0]
        documented = a["confidence"] == "range"
        problems = []
        if a["column"] != col:
            problems.append("column %d, expected %d" % (a["column"], col))
        for key, exp in (("space", o["space"]), ("kind", o["kind"]),
                         ("bytes_per_lane", o["bytes"])):
            if a[key] != exp:
                problems.append("%s %s, expected %s" % (key, a[key], exp))
        for key in ("executions_per_warp", "active_lanes"):
            if not close(a[key], o[key]):
                problems.append("%s %s, expected %.4f" % (key, a[key], o[key]))
        field = ("sectors_per_request" if o["space"] == "global"
                 else "wavefronts_per_request")
        st = a.get(field)
        if st is None:
            problems.append("%s null (%s)" % (field, a.get("reason", "")))
        else:
            for key in ("min", "max", "mean"):
                if not close(st[key], o[key]):
                    problems.append("%s.%s %s, expected %g" % (field, key, st[key], o[key]))
            # Never confidently wrong: exact only when every warp agrees.
            if a["confidence"] == "exact" and o["min"] != o["max"]:
                problems.append("exact, but warps differ (%g..%g)" % (o["min"], o["max"]))
        if problems:
            report.append(("access", "%s line %d (%s, %s): %s%s" % (
                where, line, a["space"], a["kind"], "; ".join(problems),
                " [range: %s]" % a["reason"] if documented else ""), documented))
    for line, lst in acc.items():
        if line in seen:
            continue
        # An access the analyzer lists as unknown, with its reason, is an
        # honest gap, not a wrong figure: counted apart.
        documented = all(a["confidence"] == "unknown" and a["space"] == "unknown"
                         for a in lst)
        # The thread's own struct variables (`S8f16 t6; t6.v[0] = acc;`)
        # live in registers in the oracle. The analyzer costs an array in
        # one as local memory, always as a `range` that says the compiler may
        # keep it in registers: a documented range, not a wrong figure.
        if all(a["space"] == "local" and a["confidence"] == "range"
               for a in lst):
            report.append(("access", "%s line %d: analyzer reports %d local "
                           "access(es) the oracle keeps in registers [range: "
                           "%s]" % (where, line, len(lst),
                                    lst[0].get("reason", "")), True))
            continue
        report.append(("unknown" if documented else "access",
                       "%s line %d: analyzer reports %d access(es) the oracle "
                       "never saw (%s: %s)" % (where, line, len(lst), lst[0]["space"],
                                               lst[0].get("reason", "")), documented))
    br = {b["line"]: b for b in ana["branches"]}
    for o in ora["branches"]:
        line, col, what = prog.sites[o["site"]]
        if what == "?:":
            continue  # the analyzer lists no branch for ?: (a select)
        b = br.get(line)
        if b is None:
            report.append(("branch", "%s line %d: %s not reported" % (where, line, what), False))
            continue
        problems = []
        if b["classification"] != o["classification"]:
            problems.append("classification %s, expected %s" %
                            (b["classification"], o["classification"]))
        if not close(b["divergent_warp_fraction"], o["divergent_warp_fraction"]):
            problems.append("divergent_warp_fraction %s, expected %.4f" %
                            (b["divergent_warp_fraction"], o["divergent_warp_fraction"]))
        if problems:
            report.append(("branch", "%s line %d (%s): %s" %
                           (where, line, what, "; ".join(problems)), False))


def one_seed(args, seed):
    work = tempfile.mkdtemp(prefix="cal-fuzz-%d-" % seed, dir=args.work)
    prog = kernelgen.program(seed, args.kernels)
    cu = os.path.join(work, "fuzz_%d.cu" % seed)
    with open(cu, "w") as f:
        f.write("\n".join(prog.cu) + "\n")
    with ThreadPoolExecutor(2) as ex:
        lint = ex.submit(run_lint, args.lint, cu, args.extra)
        ora = ex.submit(run_oracle, prog, work, args.cxx)
        ana, ora = lint.result(), ora.result()
    by_name = {k["name"]: k for k in ana["kernels"]}
    report = []
    for name, o in ora.items():
        compare_kernel(seed, prog, o, by_name.get(name), report)
    counts = (len(ora), sum(len(o["accesses"]) for o in ora.values()),
              sum(len(o["branches"]) for o in ora.values()))
    if not args.keep and not any(not d for _, _, d in report):
        shutil.rmtree(work)
    else:
        report.append(("note", "seed %d: files kept in %s" % (seed, work), True))
    return counts, report


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--lint", required=True, help="cuda-access-lint binary")
    p.add_argument("--seeds", default="0-9")
    p.add_argument("--kernels", type=int, default=8, help="kernels per file")
    p.add_argument("--cxx", default=shutil.which("g++") or "c++")
    p.add_argument("--work", default=None, help="where to write the files")
    p.add_argument("-j", type=int, default=1, help="seeds at once")
    p.add_argument("--keep", action="store_true")
    p.add_argument("--max-print", type=int, default=40)
    p.add_argument("-v", "--verbose", action="store_true",
                   help="also list the documented ranges and unknowns")
    p.add_argument("extra", nargs="*", help="arguments after -- for the analyzer")
    args = p.parse_args()
    if args.work:
        os.makedirs(args.work, exist_ok=True)
    start = time.time()
    kernels = accesses = branches = 0
    bugs, documented = [], []
    with ThreadPoolExecutor(args.j) as ex:
        for (k, a, b), rep in ex.map(lambda s: one_seed(args, s), seeds(args.seeds)):
            kernels += k
            accesses += a
            branches += b
            for kind, msg, doc in rep:
                (documented if doc else bugs).append((kind, msg))
                if not doc and len(bugs) <= args.max_print:
                    print("%s: %s" % (kind, msg), flush=True)
    if args.verbose:
        for kind, msg in documented[:args.max_print]:
            print("%s: %s" % (kind, msg))
    per_k = lambda n: 1000.0 * n / max(1, kernels)
    nb = len(bugs)
    nr = len([1 for k, _ in documented if k == "access"])
    nu = len([1 for k, _ in documented if k == "unknown"])
    print("fuzz-oracle: %d kernels (%d accesses, %d branches) in %.1f s: "
          "%d disagreements (%.1f per 1000 kernels); %d figures differ under "
          "a documented range (%.1f per 1000 kernels); %d source lines listed "
          "as unknown-space accesses where the oracle sees none (%.1f per "
          "1000 kernels)" % (kernels, accesses, branches, time.time() - start,
                             nb, per_k(nb), nr, per_k(nr), nu, per_k(nu)))
    return 1 if bugs else 0


if __name__ == "__main__":
    sys.exit(main())
