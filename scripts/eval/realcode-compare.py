#!/usr/bin/env python3
"""Per-line predictions of cuda-access-lint against ncu counters measured on
public programs (docs/real-code.md).

  realcode-compare.py reduce RAW_DIR OUT_DIR [--verify BIN]
      RAW_DIR holds <program>.lines.csv written by scripts/ncu-source-lines.py
      on the GPU machine; OUT_DIR gets one small <program>.csv per program:
      per launch, source line and instruction class the executed warp
      instructions, the requests (executions with an active lane), global
      sectors (and ideal), shared wavefronts (and ideal) and divergent branch
      targets. The reduction is `cuda-access-verify lines` (BIN, default
      build/bin/cuda-access-verify): the verifier's own definition.

  realcode-compare.py compare --measured DIR --programs FILE --src DIR
                              [--lint BIN] [--match strict|name] [--details]
      Runs the analyzer on each program's translation units (flags from
      FILE), matches measured launches to predicted kernels and prints the
      agreement table.

Matching and tolerances follow the project's verifier (runtime/src/Compare.cpp,
docs/runtime.md): a launch matches the prediction with the same mangled name,
grid and block (`--match name` relaxes this to the name alone, reported
separately); per line and class (global_ld, global_st, shared_ld, shared_st)
the measured sectors or wavefronts per executed warp instruction are judged
against the execution-weighted mean of the predicted accesses of that line,
space and direction, within max(0.25, 10%) and widened to a predicted
[min, max]; a line with any `unknown` access is "no prediction". A line where
branch targets diverged is judged against the branch predicted on that line
(divergent and not likely_predicated = yes); a predicted divergent branch on a
measured line that did not diverge is a mismatch.
"""

import argparse
import collections
import csv
import json
import hashlib
import os
import re
import subprocess
import sys
import tempfile

ABS_TOL, REL_TOL = 0.25, 0.10
DENOMINATOR = "requests"  # or "executed", as the CUPTI verifier divides
MATCHED_BY = collections.Counter()  # launch.source of matched predictions
JUDGED = {"global_ld": ("global", "load"), "global_st": ("global", "store"),
          "shared_ld": ("shared", "load"), "shared_st": ("shared", "store")}
FIELDS = ["program", "launch", "mangled", "grid", "block", "file", "line",
          "class", "instructions", "executed", "requests", "requests_inferred",
          "sectors", "sectors_ideal", "wavefronts", "wavefronts_ideal",
          "divergent_targets"]


# ---------------------------------------------------------------- reduce


def cmd_reduce(a):
    """Per-line tables from per-PC dumps, by cuda-access-verify's one
    definition of requests and classes (runtime/include/cal/runtime/
    NcuReport.h), so that these figures and the verifier's are the same."""
    if not os.access(a.verify, os.X_OK):
        sys.exit("realcode-compare: %s is not executable (build it, or give "
                 "--verify)" % a.verify)
    os.makedirs(a.out_dir, exist_ok=True)
    for fn in sorted(os.listdir(a.raw_dir)):
        if not fn.endswith(".lines.csv"):
            continue
        prog = fn[:-len(".lines.csv")]
        out = subprocess.run([a.verify, "lines", os.path.join(a.raw_dir, fn),
                              prog], capture_output=True, text=True)
        if out.returncode != 0:
            sys.exit("realcode-compare: %s: %s" % (fn, out.stderr.strip()))
        with open(os.path.join(a.out_dir, prog + ".csv"), "w") as fh:
            fh.write(out.stdout)
        print("reduced %s: %d rows" % (prog, out.stdout.count("\n") - 1))
    return 0


# ---------------------------------------------------------------- compare


def load_measured(path):
    launches = collections.OrderedDict()
    with open(path, newline="") as fh:
        for r in csv.DictReader(fh):
            key = (int(r["launch"]), r["mangled"], r["grid"], r["block"])
            launches.setdefault(key, []).append(r)
    return launches


SOURCE_EXTS = (".cu", ".cpp", ".cc", ".cxx", ".c")


def project_database(prog, root):
    """A program built from several source files is analysed as its build
    compiles it: through a compilation database of every file it compiles
    (each with the program's flags, as its Makefile passes them to nvcc), so
    that a launch wrapper called from main.cpp takes that call's arguments.
    Returns the database's directory, or None for a one-file program."""
    files = [f for f in prog.get("build_files", []) if f.endswith(SOURCE_EXTS)]
    if len(files) < 2:
        return None
    entries = [{"directory": os.path.abspath(root), "file": f,
                "arguments": ["nvcc", "-c", f] + prog.get("flags", [])}
               for f in files]
    key = hashlib.sha1(json.dumps(entries).encode()).hexdigest()[:16]
    d = os.path.join(tempfile.gettempdir(), "realcode-compare-db", key)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "compile_commands.json"), "w") as fh:
        json.dump(entries, fh, indent=1)
    return d


def predict(prog, lint, src, cache, keep=None, reuse=False):
    """Runs the analyzer on each translation unit; returns kernels with
    file names normalised to <repo-dir>/<path>, and the failures."""
    root = os.path.join(src, prog["repo_dir"])
    kernels, failures = [], []
    db = project_database(prog, root)
    for tu in prog["tus"]:
        if db:
            cmd = [lint, "--format=json", "-p", db, tu]
        else:
            cmd = [lint, "--format=json", tu, "--"] + prog.get("flags", [])
        key = json.dumps(cmd)
        name = (prog["name"] + "__" + tu).replace("/", "__") + ".json"
        if reuse and keep:
            path = os.path.join(keep, name)
            cache[key] = (0, open(path).read()) if os.path.exists(path) \
                else (2, "")
        if key not in cache:
            p = subprocess.run(cmd, cwd=root, capture_output=True, text=True,
                               timeout=600)
            cache[key] = (p.returncode, p.stdout)
        rc, out = cache[key]
        # Exit 2 with a report: clang rejected part of the file and the
        # kernels and launches that parsed were analysed (README, exit
        # codes); their predictions count, the failure is still listed.
        try:
            doc = json.loads(out) if out.strip() else None
        except ValueError:
            doc = None
        if keep and doc is not None and not reuse:
            with open(os.path.join(keep, name), "w") as fh:
                fh.write(out)
        if rc != 0:
            failures.append("%s (exit %d%s)" % (
                tu, rc, ", partly analysed" if doc and doc.get("kernels")
                else ""))
        if doc is None:
            continue
        for k in doc.get("kernels", []):
            def fix(f):
                full = os.path.normpath(os.path.join(root, f))
                return os.path.relpath(full, os.path.normpath(src))
            for a in k.get("accesses", []):
                a["file"] = fix(a.get("file", k.get("file", "")))
            for b in k.get("branches", []):
                b["file"] = fix(b.get("file", k.get("file", "")))
            kernels.append(k)
    return kernels, failures


def dims(v):
    return "x".join(str(x) for x in v) if v else "?"


def device_mangling(name):
    """The Itanium mangling of a measured kernel name: with separate
    compilation (-rdc=true) nvcc names a static kernel
    "__nv_static_<n>__<hash>_<n>_<file>_cu_<hash>_" and then its mangling
    (measured on the H100: "..._jacobi_cu_3dc991e0__Z12JacobiMethodPKf...");
    the hashes are nvcc's own, so the mangling is what a prediction names."""
    if name.startswith("__nv_static_"):
        z = name.find("__Z", 12)
        if z >= 0:
            return name[z + 1:]
    return name


def find_kernel(kernels, mangled, grid, block, match):
    mangled = device_mangling(mangled)
    same = [k for k in kernels if k.get("mangled_name") == mangled]
    exact = [k for k in same if dims(k["launch"].get("grid")) == grid and
             dims(k["launch"].get("block")) == block]
    if exact:
        return exact[0], "config"
    # A prediction for the same block whose grid the analyzer could not
    # know (components computed at run time, `null` in the JSON, sampled by
    # the analyzer): it predicts this launch wherever it knows the grid.
    def partial_grid_fits(k):
        g = k["launch"].get("grid") or [None, None, None]
        m = [int(x) for x in grid.split("x")] if grid != "?" else None
        return (None in g and m is not None and
                all(a is None or a == b for a, b in zip(g, m)) and
                dims(k["launch"].get("block")) == block)
    partial = [k for k in same if partial_grid_fits(k)]
    if partial:
        return partial[0], "config, run-time grid sampled"
    if match == "name" and same:
        return same[0], "name"
    return None, ("other configuration" if same else "kernel not predicted")


def at_line(access, f, line):
    """Whether the profiler's row f:line is the access's: its own line, or,
    for an access made inside a CUDA header's function, the header's line
    (the same header may sit under another path on the GPU machine, so the
    file name decides)."""
    if access.get("line") == line and access.get("file") == f:
        return True
    h = access.get("header")
    return bool(h) and h.get("line") == line and \
        os.path.basename(h.get("file", "")) == os.path.basename(f)


def judge(measured, accesses, global_space):
    """Returns (verdict, predicted text, note)."""
    if not accesses:
        return "no prediction", "-", "no predicted access on this line"
    wsum = vsum = 0.0
    lo, hi = float("inf"), float("-inf")
    for a in accesses:
        v = a.get("sectors_per_request" if global_space else
                  "wavefronts_per_request")
        if a.get("confidence") == "unknown" or not v or v.get("mean") is None:
            return "no prediction", "unknown", a.get("reason", "")
        w = a.get("executions_per_warp") or 1.0
        wsum += w
        vsum += w * v["mean"]
        lo = min(lo, v.get("min", v["mean"]))
        hi = max(hi, v.get("max", v["mean"]))
    mean = vsum / wsum
    slack = max(ABS_TOL, REL_TOL * abs(mean))
    text = "%.3g" % mean + ("" if lo == hi else " [%g,%g]" % (lo, hi))
    ok = lo - slack <= measured <= hi + slack
    return ("agree" if ok else "MISMATCH"), text, ""


def compare_launch(prog, key, rows, kernel, out):
    launch, mangled, grid, block = key
    lines = collections.defaultdict(dict)
    for r in rows:
        lines[(r["file"], int(r["line"]))][r["class"]] = r
    for (f, line), by_cls in sorted(lines.items()):
        for cls, r in sorted(by_cls.items()):
            executed = float(r[DENOMINATOR])
            if DENOMINATOR == "requests":
                # Rows reduced before the estimate was bounded: a request
                # is one execution with an active lane, never more.
                executed = min(executed, float(r["executed"]))
            base = {"program": prog, "kernel": mangled, "grid": grid,
                    "block": block, "scope": "%s:%d" % (f, line),
                    "class": cls}
            if cls in JUDGED and executed > 0:
                space, kind = JUDGED[cls]
                g = space == "global"
                measured = float(r["sectors" if g else "wavefronts"]) / executed
                ideal = float(r["sectors_ideal" if g else
                                "wavefronts_ideal"]) / executed
                if kernel is None:
                    v, p, note = "no prediction", "-", "launch not predicted"
                else:
                    acc = [a for a in kernel.get("accesses", [])
                           if at_line(a, f, line) and
                           a.get("space") == space and a.get("kind") == kind]
                    v, p, note = judge(measured, acc, g)
                if DENOMINATOR == "requests" and float(
                        r.get("requests_inferred", 0)) > 0:
                    note = ("requests estimated; " + note).strip("; ")
                out.append(dict(base, measured="%.3g" % measured,
                                ideal="%.3g" % ideal, predicted=p, verdict=v,
                                note=note))
            elif cls == "branch" and float(r["divergent_targets"]) > 0:
                row = dict(base, measured="yes (%s targets)" %
                           r["divergent_targets"], ideal="", predicted="-",
                           verdict="no prediction", note="")
                if kernel is None:
                    row["note"] = "launch not predicted"
                for b in (kernel or {}).get("branches", []):
                    if b.get("line") == line and b.get("file") == f and \
                            b.get("classification") != "unknown":
                        if b.get("depends_on_samples"):
                            # The test names a sampled value: the
                            # prediction is for the samples, not the run.
                            row["predicted"] = "depends on samples"
                            break
                        div = (b["classification"] == "divergent" and
                               not b.get("likely_predicated"))
                        row["predicted"] = "yes" if div else \
                            "no (%s)" % b["classification"]
                        row["verdict"] = "agree" if div else "MISMATCH"
                        break
                out.append(row)
    if kernel is None:
        return
    diverged = {(r["file"], int(r["line"])) for r in rows
                if r["class"] == "branch" and float(r["divergent_targets"]) > 0}
    measured_branch = {(r["file"], int(r["line"])) for r in rows
                       if r["class"] == "branch"}
    for b in kernel.get("branches", []):
        if b.get("classification") != "divergent" or \
                b.get("likely_predicated") or b.get("depends_on_samples"):
            continue
        where = (b.get("file"), b.get("line"))
        if where in diverged:
            continue
        note = "" if where in measured_branch else \
            "no branch instruction measured on this line"
        out.append({"program": prog, "kernel": mangled, "grid": grid,
                    "block": block, "scope": "%s:%d" % where,
                    "class": "branch", "measured": "no", "ideal": "",
                    "predicted": "yes", "verdict": "MISMATCH", "note": note})


def cmd_compare(a):
    global DENOMINATOR
    DENOMINATOR = a.denominator
    with open(a.programs) as fh:
        programs = json.load(fh)["programs"]
    lint = os.path.abspath(a.lint)
    cache, rows, summary = {}, [], []
    if a.keep_json:
        os.makedirs(a.keep_json, exist_ok=True)
    for prog in programs:
        path = os.path.join(a.measured, prog["name"] + ".csv")
        if not os.path.exists(path):
            summary.append((prog["name"], 0, 0, 0, ["not measured"]))
            continue
        measured = load_measured(path)
        kernels, failures = predict(prog, lint, a.src, cache, a.keep_json,
                                     a.reuse_json)
        matched = 0
        notes = list(failures)
        global MATCHED_BY

        for key, lrows in measured.items():
            k, how = find_kernel(kernels, key[1], key[2], key[3], a.match)
            if k is not None:
                matched += 1
                MATCHED_BY[k["launch"].get("source", "?") +
                           (" (run-time grid sampled)" if "sampled" in how
                            else "")] += 1
            else:
                notes.append("%s %s/%s: %s" % (key[1], key[2], key[3], how))
            compare_launch(prog["name"], key, lrows, k, rows)
        summary.append((prog["name"], len(measured), matched,
                        len(kernels), notes))
    w = sys.stdout.write
    w("| program | launches measured | matched to a prediction | rows | "
      "agree | mismatch | no prediction |\n|---|---|---|---|---|---|---|\n")
    tot = collections.Counter()
    for name, n, matched, _, _ in summary:
        c = collections.Counter(r["verdict"] for r in rows
                                if r["program"] == name)
        w("| %s | %d | %d | %d | %d | %d | %d |\n" % (
            name, n, matched, sum(c.values()), c["agree"], c["MISMATCH"],
            c["no prediction"]))
        tot.update(c)
        tot["launches"] += n
        tot["matched"] += matched
    judged = tot["agree"] + tot["MISMATCH"]
    allrows = judged + tot["no prediction"]
    w("| **total** | %d | %d | %d | %d | %d | %d |\n\n" % (
        tot["launches"], tot["matched"], allrows, tot["agree"],
        tot["MISMATCH"], tot["no prediction"]))
    w("Judged rows: %d; agree: %d (%s). Measured rows without a prediction: "
      "%d of %d (%s). Match: %s.\n" % (
          judged, tot["agree"],
          "%.1f%%" % (100.0 * tot["agree"] / judged) if judged else "-",
          tot["no prediction"], allrows,
          "%.1f%%" % (100.0 * tot["no prediction"] / allrows)
          if allrows else "-", a.match))
    w("Matched launches by the prediction's launch.source: %s.\n" % (
        ", ".join("%s %d" % kv for kv in sorted(MATCHED_BY.items()))
        or "none"))
    if a.details:
        w("\nLaunches without a prediction, and analyzer failures:\n\n")
        for name, _, _, _, notes in summary:
            for n in notes:
                w("- %s: %s\n" % (name, n))
        w("\n| program | kernel | grid/block | line | class | measured | "
          "ideal | predicted | verdict | note |\n"
          "|---|---|---|---|---|---|---|---|---|---|\n")
        for r in rows:
            if r["verdict"] == "agree" and not a.all_rows:
                continue
            w("| %s | %s | %s/%s | %s | %s | %s | %s | %s | %s | %s |\n" % (
                r["program"], r["kernel"], r["grid"], r["block"], r["scope"],
                r["class"], r["measured"], r["ideal"], r["predicted"],
                r["verdict"], r["note"].replace("|", "\\|")[:120]))
    if a.json_out:
        with open(a.json_out, "w") as fh:
            json.dump(rows, fh, indent=1)
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("reduce")
    r.add_argument("raw_dir")
    r.add_argument("out_dir")
    r.add_argument("--verify", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "..", "build", "bin",
        "cuda-access-verify"), help="the cuda-access-verify binary")
    c = sub.add_parser("compare")
    c.add_argument("--measured", default="research/data/realcode-h100")
    c.add_argument("--programs",
                   default="research/data/realcode-h100/programs.json")
    c.add_argument("--src", required=True)
    c.add_argument("--lint", default="build/bin/cuda-access-lint")
    c.add_argument("--match", choices=["strict", "name"], default="strict")
    c.add_argument("--details", action="store_true",
                   help="list every mismatch and unpredicted row")
    c.add_argument("--all-rows", action="store_true",
                   help="with --details, list agreeing rows too")
    c.add_argument("--json-out", help="write every row here")
    c.add_argument("--keep-json", help="keep the analyzer's JSON here")
    c.add_argument("--reuse-json", action="store_true",
                   help="read the JSON kept by an earlier --keep-json run "
                   "instead of running the analyzer (a missing file counts "
                   "as a failed analysis)")
    c.add_argument("--denominator", choices=["requests", "executed"],
                   default="requests",
                   help="per-line divisor: warp executions with an active "
                   "lane (default) or all executed warp instructions")
    a = ap.parse_args()
    return cmd_reduce(a) if a.cmd == "reduce" else cmd_compare(a)


if __name__ == "__main__":
    sys.exit(main())
