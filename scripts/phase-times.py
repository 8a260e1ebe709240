#!/usr/bin/env python3
"""Where cuda-access-lint's time goes, from its --time-trace files.

For each trace (cuda-access-lint --time-trace=T.json FILE -- FLAGS): the
file's whole time (span LintFile), clang's parse and semantic analysis
(Frontend, host and device passes together), kernel discovery (Discovery),
the analysis of all launches (Analyze), the checks (Checks) and the JSON
(Report); then the slowest launches over all traces (AnalyzeLaunch, with
the kernel and its configuration).

  phase-times.py T1.json [T2.json ...] [--top N]
"""
import argparse, collections, json, os

PHASES = ["LintFile", "Frontend", "Discovery", "Analyze", "Checks", "Report"]


def load(path):
    spans = collections.defaultdict(float)
    launches = []
    for e in json.load(open(path))["traceEvents"]:
        if e.get("ph") != "X":
            continue
        ms = e["dur"] / 1000.0
        name = e["name"]
        if name in PHASES:
            spans[name] += ms
        if name == "AnalyzeLaunch":
            launches.append((ms, e.get("args", {}).get("detail", "")))
    return spans, launches


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("traces", nargs="+")
    ap.add_argument("--top", type=int, default=10)
    a = ap.parse_args()
    print("| trace | total ms | parse | discovery | analysis | checks | report | analysis share |")
    print("|---|---|---|---|---|---|---|---|")
    all_launches = []
    for t in a.traces:
        s, l = load(t)
        tot = s["LintFile"] or 1e-9
        print("| %s | %.0f | %.0f | %.1f | %.0f | %.1f | %.1f | %.0f%% |" % (
            os.path.basename(t), tot, s["Frontend"], s["Discovery"],
            s["Analyze"], s["Checks"], s["Report"], 100 * s["Analyze"] / tot))
        all_launches += [(ms, os.path.basename(t), d) for ms, d in l]
    print("\nslowest launches:")
    for ms, t, d in sorted(all_launches, reverse=True)[:a.top]:
        print("  %8.0f ms  %s  %s" % (ms, t, d))


main()
