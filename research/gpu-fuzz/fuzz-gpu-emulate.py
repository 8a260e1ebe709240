#!/usr/bin/env python3
"""Oracle 2's disagreements, explained by running the compiled code.

For every measured kernel of a GPU fuzz record, runs its SASS with
research/sass-emulator/sass-emulate.py under the program's own launch and sets the
emulated per-line counters beside the measured ones (executions, sectors,
wavefronts, divergent branch executions). Then each per-line row where the
analyzer and the H100 disagree (fuzz-gpu-compare.py's MISMATCH rows) is
sorted:

- *compiled code*: the emulated SASS gives the measured figure, so the
  difference lies between the source the analyzer reads and the code nvcc
  made of it (if-conversion, predication, merged or split accesses, loop
  unrolling); the row says which, from the SASS at the line;
- *emulation differs*: the emulated SASS does not give the measured figure
  (a counter effect the emulation does not model, or an emulator gap);
- *not emulated*: the emulation stopped (an unknown value), with its reason.

    research/gpu-fuzz/fuzz-gpu-emulate.py RESULTS.tar.gz --batch .devcarry/fuzz-gpu \\
        --sass DIR [--rejudge build/bin/cuda-access-verify] [-j 2]
"""

import argparse
import collections
import csv
import importlib.util
import io
import json
import os
import re
import sys
import tarfile
from concurrent.futures import ProcessPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))


# fuzz-gpu-sass-buckets.py loads fuzz-gpu-compare.py and has the loader.
_spec = importlib.util.spec_from_file_location(
    "fuzz_gpu_sass_buckets", os.path.join(HERE, "fuzz-gpu-sass-buckets.py"))
buckets = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(buckets)
compare = buckets.compare
emu = buckets.load_module(
    "sass_emulate", os.path.join("..", "sass-emulator", "sass-emulate.py"))



def measured_lines(results, prog):
    """{kernel: {line: {class: counters}}} from the program's measurements."""
    with tarfile.open(results) as t:
        try:
            f = t.extractfile('results/%s/measurements.json' % prog)
        except KeyError:
            return {}
        d = json.load(f)
    out = {}
    for L in d['launches']:
        lines = {}
        for l in L['lines']:
            lines[l['line']] = {c: v for c, v in l.items() if isinstance(v, dict)}
        out[L['kernel']] = lines
    return out


def emulate_program(job):
    prog, cu, sass, kernels, cache = job
    if cache and os.path.exists(cache):
        with open(cache) as f:
            d = json.load(f)
        return prog, {k: v if isinstance(v, str) else
                      {int(l): c for l, c in v.items()} for k, v in d.items()}
    try:
        res = emu.run_program(cu, sass, set(kernels))
    except Exception as e:  # an emulator bug: reported, not hidden
        res = {k: 'emulator error: %r' % e for k in kernels}
    if cache:
        with open(cache, 'w') as f:
            json.dump(res, f)
    return prog, res


def figure(counters, cls):
    ex = counters.get(cls + ' executed', 0)
    q = counters.get(cls + (' sectors' if cls.startswith('global') else ' wavefronts'), 0)
    return ex, q


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("results")
    p.add_argument("--batch", default=".devcarry/fuzz-gpu")
    p.add_argument("--sass", required=True)
    p.add_argument("--rejudge", metavar="VERIFY")
    p.add_argument("-j", type=int, default=2)
    p.add_argument("--work", help="folder that keeps each program's emulated "
                   "counters, reused by later runs (delete it after changing "
                   "the SASS or the emulator)")
    p.add_argument("--details", action="store_true",
                   help="print every disagreement row with its verdict")
    args = p.parse_args()
    if args.rejudge:
        progs = compare.rejudge(args.results, args.batch, args.rejudge)
    else:
        progs, _ = compare.load(args.results)

    rows = collections.defaultdict(list)  # prog -> mismatch rows
    for prog, text in progs.items():
        for row in csv.DictReader(io.StringIO(text)):
            if row["verdict"] == "MISMATCH" and re.match(r".*:\d+$", row["scope"]):
                rows[prog].append(row)
    measured = {prog: measured_lines(args.results, prog) for prog in progs}
    jobs = []
    for prog in sorted(progs):
        sass = os.path.join(args.sass, prog + ".sass")
        cu = os.path.join(args.batch, "programs", prog + ".cu")
        if os.path.exists(sass) and measured[prog]:
            cache = (os.path.join(args.work, prog + ".json") if args.work
                     else None)
            jobs.append((prog, cu, sass, sorted(measured[prog]), cache))
    if args.work:
        os.makedirs(args.work, exist_ok=True)
    with ProcessPoolExecutor(args.j) as ex:
        emulated = dict(ex.map(emulate_program, jobs))

    # 1. The emulator against the counters, every measured line.
    agree = collections.Counter()
    total = collections.Counter()
    stopped = collections.Counter()
    kernels = 0
    for prog, ks in emulated.items():
        for kname, res in ks.items():
            kernels += 1
            if isinstance(res, str):
                stopped[re.sub(r' at [0-9a-f]{4}| [0-9a-fx]+$', '', res)[:60]] += 1
                continue
            for line, cls_counters in measured[prog][kname].items():
                e = res.get(line, {})
                for cls, c in cls_counters.items():
                    if cls == 'branch':
                        continue
                    eex, eq = figure(e, cls)
                    mq = c['sectors'] if cls.startswith('global') else c['wavefronts']
                    total['executions'] += 1
                    agree['executions'] += eex == c['executed']
                    total['sectors or wavefronts'] += 1
                    agree['sectors or wavefronts'] += eq == mq
                mdiv = sum(c.get('divergent_targets', 0) for c in cls_counters.values()) > 0
                if mdiv or e.get('divergent', 0):
                    total['divergent line'] += 1
                    agree['divergent line'] += mdiv == (e.get('divergent', 0) > 0)
            # Lines the emulation finds divergent and the counters list not.
            for line, e in res.items():
                if e.get('divergent', 0) and line not in measured[prog][kname]:
                    total['divergent line'] += 1
    print("emulated SASS against the GPU's per-line counters: %d kernels, %d "
          "stopped" % (kernels, sum(stopped.values())))
    for q in ('executions', 'sectors or wavefronts', 'divergent line'):
        print("  %-22s %6d of %6d lines agree" % (q, agree[q], total[q]))
    for why, n in stopped.most_common():
        print("  stopped: %4d  %s" % (n, why))

    # 2. Each analyzer-versus-H100 disagreement: its bucket by the SASS at
    # the line (fuzz-gpu-sass-buckets.py), and whether the emulated SASS
    # gives the measured figure.
    verdicts = collections.Counter()
    details = []
    for prog, rs in sorted(rows.items()):
        path = os.path.join(args.sass, prog + ".sass")
        sass = buckets.Sass(path) if os.path.exists(path) else None
        for row in rs:
            line = int(row["scope"].rsplit(":", 1)[1])
            kname = row["kernel"]
            q = compare.quantity_class(row["quantity"])
            b = buckets.bucket(row, sass) if sass else "no SASS"
            res = emulated.get(prog, {}).get(kname)
            if res is None:
                v = "not emulated: no SASS or measurement"
            elif isinstance(res, str):
                v = "not emulated: " + res
            else:
                e = res.get(line, {})
                if q == "divergence":
                    ediv = e.get("divergent", 0) > 0
                    mdiv = float(row["measured"]) > 0
                    v = ("compiled code" if ediv == mdiv else "emulation differs")
                else:
                    cls = row["quantity"].split()[0]
                    eex, eq = figure(e, cls)
                    ratio = eq / eex if eex else float("nan")
                    v = ("compiled code" if abs(ratio - float(row["measured"])) < 0.006
                         else "emulation differs (emulated %.2f)" % ratio)
            verdicts[(b, v.split(" (")[0].split(":")[0])] += 1
            details.append("%s %s line %d %s: predicted %s, measured %s -> %s [%s]" % (
                prog, kname, line, row["quantity"], row["predicted"],
                row["measured"], v, b))
    print()
    print("analyzer-versus-GPU per-line disagreements: bucket by the SASS at "
          "the line, and what the emulated SASS gives")
    for (b, v), n in sorted(verdicts.items()):
        print("  %5d  %-18s %s" % (n, v, b))
    print("  %5d  in all" % sum(verdicts.values()))
    if args.details:
        print()
        print("\n".join(details))
    return 0


if __name__ == "__main__":
    sys.exit(main())
