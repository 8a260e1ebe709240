#!/usr/bin/env python3
"""The analyzer's warp instructions (estimated_time.warp_instructions)
against ncu's sm__inst_executed.sum for the kernels of the development
fixes, and each kernel's measured time against its issue time (the
instructions over 4 a clock on 132 SMs at 1980 MHz).

The counters are research/costs/profile-dev.sh's H200 run
(research/costs/dev-profile-h200.tgz); the copies those programs were built
from are in .devcarry/costs-{public,test,test2} (make-*-copies.sh).

  research/costs/issue-compare.py [--lint build/bin/cuda-access-lint]
      [--profile research/costs/dev-profile-h200.tgz]
"""
import argparse, collections, csv, io, json, math, os, statistics, subprocess, sys, tarfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import importlib.util
spec = importlib.util.spec_from_file_location("cp", os.path.join(ROOT, "research/costs/compare-public.py"))
cp = importlib.util.module_from_spec(spec)
spec.loader.exec_module(cp)

ISSUE_PER_US = 4 * 132 * 1980.0


def counters(path):
    """(tag, kernel) -> metric -> list of values, from the CSVs in the tarball."""
    out = collections.defaultdict(lambda: collections.defaultdict(list))
    with tarfile.open(path) as t:
        for m in t.getmembers():
            if not (m.isfile() and "/ncu/" in m.name and m.name.endswith(".csv")):
                continue
            tag = ".".join(os.path.basename(m.name).split(".")[:2])
            text = t.extractfile(m).read().decode()
            rows = [l for l in text.splitlines() if l.startswith('"')]
            for r in csv.DictReader(io.StringIO("\n".join(rows))):
                k = r["Kernel Name"].split("(")[0].replace("void ", "")
                try:
                    v = float(r["Metric Value"].replace(",", ""))
                except ValueError:
                    continue
                out[(tag, k)][r["Metric Name"]].append(v)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lint", default=os.path.join(ROOT, "build/bin/cuda-access-lint"))
    ap.add_argument("--profile", default=os.path.join(ROOT, "research/costs/dev-profile-h200.tgz"))
    a = ap.parse_args()
    meas = counters(a.profile)
    sets = [(".devcarry/costs-public", [dict(analyze=f[2], flags=f[3], measured=[f[6], f[7]])
                                        for f in cp.FIXES])]
    for fx, d in (("research/costs/fixes-test.json", ".devcarry/costs-test"),
                  ("research/costs/fixes-test2.json", ".devcarry/costs-test2")):
        sets.append((d, [dict(analyze=f["analyze"], flags=f["flags"], measured=[f["before"], f["after"]])
                         for f in json.load(open(os.path.join(ROOT, fx)))]))
    preds, seen, ratios = {}, set(), []
    print("| measured as | kernel | warp instructions (analyzer) | sm__inst_executed (ncu) | ratio | issue time (us) | measured time (us) |")
    print("|---|---|---|---|---|---|---|")
    for d, fixes in sets:
        for f in fixes:
            key = (f["analyze"], tuple(f["flags"]))
            if key not in preds:
                p = subprocess.run([a.lint, "--format=json", os.path.join(d, f["analyze"]), "--"] + f["flags"],
                                   cwd=ROOT, capture_output=True, text=True)
                preds[key] = json.loads(p.stdout)["kernels"]
            for tag, k in f["measured"]:
                if (tag, k) in seen or (tag, k) not in meas:
                    continue
                # Only the programs analysed: an "after" build is another copy.
                if tag.endswith(".after"):
                    continue
                ents = [e for e in preds[key] if e["name"] == k and e["launch"].get("source") == "host-launch"]
                if not ents:
                    continue
                seen.add((tag, k))
                est = ents[0]["estimated_time"].get("warp_instructions", 0)
                m = meas[(tag, k)]
                inst = statistics.median(m["sm__inst_executed.sum"])
                us = statistics.median(m["gpu__time_duration.sum"]) / 1e3
                r = est / inst
                ratios.append(r)
                print("| %s | `%s` | %.3g | %.3g | %.2f | %.1f | %.1f |" % (tag, k, est, inst, r, inst / ISSUE_PER_US, us))
    logs = [math.log(r) for r in ratios]
    print("\n%d kernels: within a factor of 2: %d; within 1.5: %d; geometric mean ratio %.2f; range %.2f to %.2f" % (
        len(ratios), sum(abs(l) < math.log(2) for l in logs), sum(abs(l) < math.log(1.5) for l in logs),
        math.exp(sum(logs) / len(logs)), min(ratios), max(ratios)))


if __name__ == "__main__":
    main()
