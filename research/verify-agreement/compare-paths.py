#!/usr/bin/env python3
"""The verifier's CUPTI path against its Nsight Compute path, per line.

For each program run by run-device.sh: the CUPTI measurements
(run/NAME.measurements.json) and the per-line table of the same program's
ncu report (`cuda-access-verify lines ncu/NAME.lines.csv`), matched by
launch (mangled name, grid, block; the first launch of each) and by
(file, line, class). Prints, per counter, how many (line, class) pairs are
equal, and lists the others; then the verdicts of the two comparisons,
redone with VERIFY_BIN against PRED_DIR/NAME.json (--measurements and
--ncu-lines), row by row.

  compare-paths.py RESULTS_DIR VERIFY_BIN PRED_DIR [--list]
"""
import collections, csv, glob, io, json, os, subprocess, sys

COUNTERS = ["executed", "requests", "sectors", "sectors_ideal", "wavefronts",
            "wavefronts_ideal", "divergent_targets"]


def short(path):
    i = path.find("/.devcarry/src/")
    return path[i + len("/.devcarry/src/"):] if i >= 0 else path


def cupti(path):
    d = json.load(open(path))
    out = {}
    seen = set()
    for l in d["launches"]:
        key = (l["mangled_name"], "x".join(map(str, l["grid"])),
               "x".join(map(str, l["block"])))
        if key in seen:
            continue
        seen.add(key)
        for ln in l["lines"]:
            for cls, c in ln.items():
                if not isinstance(c, dict):
                    continue
                v = dict(c)
                # The SASS op counters count executions with an active lane.
                v["requests"] = c.get("requests") or (
                    c["op_executed"] if c.get("op_executed") else None)
                out[key + (short(ln["file"]), ln["line"], cls)] = v
    return out


def ncu(dump, verify):
    txt = subprocess.run([verify, "lines", dump, "x"], capture_output=True,
                         text=True, check=True).stdout
    out = {}
    seen = {}
    for r in csv.DictReader(io.StringIO(txt)):
        key = (r["mangled"], r["grid"], r["block"])
        if seen.setdefault(key, r["launch"]) != r["launch"]:
            continue
        out[key + (r["file"], int(r["line"]), r["class"])] = {
            k: float(r[k]) for k in COUNTERS}
    return out


def main():
    res, verify = sys.argv[1], sys.argv[2]
    listing = "--list" in sys.argv
    same = collections.Counter()
    total = collections.Counter()
    diffs = []
    only = collections.Counter()
    for m in sorted(glob.glob(os.path.join(res, "run", "*.measurements.json"))):
        name = os.path.basename(m)[:-len(".measurements.json")]
        dump = os.path.join(res, "ncu", name + ".lines.csv")
        if not os.path.exists(dump):
            continue
        a, b = cupti(m), ncu(dump, verify)
        for k in set(a) | set(b):
            if k not in a or k not in b:
                only["cupti only" if k in a else "ncu only"] += 1
                if listing:
                    diffs.append((name, k, "only in " + ("cupti" if k in a else "ncu")))
                continue
            for c in COUNTERS:
                if c == "requests" and k[-1] == "branch":
                    continue
                x, y = a[k].get(c), b[k][c]
                if x is None:
                    continue
                total[c] += 1
                # the per-line table prints 6 significant digits
                if abs(x - y) <= 1e-5 * max(1, abs(y)):
                    same[c] += 1
                else:
                    diffs.append((name, k, "%s cupti %g ncu %g" % (c, x, y)))
    print("| counter | (line, class) pairs | equal |")
    print("|---|---|---|")
    for c in COUNTERS:
        print("| %s | %d | %d |" % (c, total[c], same[c]))
    print("pairs on one side only:", dict(only))
    for d in diffs if listing else diffs[:30]:
        print(*d)
    # Verdicts, both comparisons redone here with VERIFY_BIN and PRED_DIR.
    agree = n = 0
    changed = []
    pred_dir = sys.argv[3]
    tmp = "/tmp/compare-paths"
    os.makedirs(tmp, exist_ok=True)
    for m in sorted(glob.glob(os.path.join(res, "run", "*.measurements.json"))):
        name = os.path.basename(m)[:-len(".measurements.json")]
        dump = os.path.join(res, "ncu", name + ".lines.csv")
        pred = os.path.join(pred_dir, name + ".json")
        if not os.path.exists(dump) or not os.path.exists(pred):
            continue
        f, g = os.path.join(tmp, name + ".run.json"), os.path.join(tmp, name + ".ncu.json")
        subprocess.run([verify, "--predictions", pred, "--measurements", m,
                        "--json-out", f], capture_output=True)
        subprocess.run([verify, "--predictions", pred, "--ncu-lines", dump,
                        "--json-out", g], capture_output=True)
        def rows(p):
            out = {}
            for r in json.load(open(p))["rows"]:
                scope = short(r["scope"])
                k = (r["kernel"], scope, r["quantity"])
                if r["verdict"] in ("agree", "MISMATCH", "within range"):
                    out.setdefault(k, r["verdict"])
            return out
        ra, rb = rows(f), rows(g)
        for k in set(ra) & set(rb):
            n += 1
            if ra[k] == rb[k]:
                agree += 1
            else:
                changed.append((name, k, ra[k], rb[k]))
    print("\njudged rows in both: %d, same verdict: %d (%.1f%%)" % (
        n, agree, 100.0 * agree / n if n else 0))
    for c in changed:
        print(*c)


main()
