#!/usr/bin/env python3
"""Before/after tables of two survey-dev.py runs over one manifest
(corpus-test.md): the same translation units analysed by two binaries of the
tool, nvcc's verdict taken from a third run (or either run) that had it.

  compare-surveys.py --manifest M --nvcc R0 \
      --before R1 --before-json D1 --after R2 --after-json D2 \
      --merged OUT.json > tables.md

--merged writes one record per file: the flags, nvcc's exit code, time and
first error, and for each binary its exit code, time, first error and (exit
0) the numbers of kernels/launch configurations, of accesses by confidence,
of launch configurations by launch.source, and the normalised reasons of its
unknown accesses. The tallies and normalisations are scripts/corpus-report.py's.
"""
import argparse, collections, importlib.util, json, os, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location(
    "corpus_report", os.path.join(HERE, "..", "..", "scripts", "corpus-report.py"))
cr = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(cr)

POS = re.compile(r"^([^:]+):(\d+):\d+: ")


def load(results, json_dir):
    out = {}
    for r in json.load(open(results)):
        data = None
        if r["rc"] == 0 and r.get("json"):
            try:
                data = json.load(open(os.path.join(json_dir, r["json"])))
            except ValueError:
                data = None
        out[(r["repo"], r["path"])] = (r, data)
    return out


def crashed(rc):
    return rc == "timeout" or (isinstance(rc, int) and (rc < 0 or rc >= 128))


def summary(data):
    s = {"launches": 0, "kernels": 0, "exact": 0, "range": 0, "unknown": 0,
         "sources": collections.Counter(), "reasons": collections.Counter()}
    names = set()
    for k in data.get("kernels", []):
        names.add((k.get("file"), k.get("name")))
        s["launches"] += 1
        s["sources"][k.get("launch", {}).get("source", "?")] += 1
        for a in k.get("accesses", []):
            c = a.get("confidence", "?")
            s[c] = s.get(c, 0) + 1
            if c == "unknown":
                s["reasons"][cr.normalise_reason(a.get("reason", ""))] += 1
    s["kernels"] = len(names)
    s["sources"] = dict(s["sources"])
    s["reasons"] = dict(s["reasons"])
    return s


def source_line(src, repo_dir, cwd_rel_err):
    m = POS.match(cwd_rel_err)
    if not m:
        return ""
    try:
        with open(os.path.join(src, repo_dir, m.group(1)), errors="replace") as fh:
            lines = fh.read().splitlines()
        return lines[int(m.group(2)) - 1].strip()
    except (OSError, IndexError):
        return ""


def pct(n, d):
    return "%.1f%%" % (100.0 * n / d) if d else "-"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--manifest", required=True)
    ap.add_argument("--src", default="/work/corpus-unseen")
    ap.add_argument("--nvcc", required=True, help="results with nvcc_rc")
    ap.add_argument("--before", required=True)
    ap.add_argument("--before-json", required=True)
    ap.add_argument("--after", required=True)
    ap.add_argument("--after-json", required=True)
    ap.add_argument("--merged")
    a = ap.parse_args()
    manifest = json.load(open(a.manifest))
    nv = {(r["repo"], r["path"]): r for r in json.load(open(a.nvcc))}
    runs = {"before": load(a.before, a.before_json),
            "after": load(a.after, a.after_json)}
    dirs = {r["repo"]: r["dir"] for r in manifest["repos"]}
    merged = []
    results = {"before": [], "after": []}
    for repo, f in cr.entries(manifest):
        key = (repo["repo"], f["path"])
        n = nv[key]
        rec = {"repo": repo["repo"], "path": f["path"],
               "flags": cr.flags_for(repo, f), "nvcc_rc": n["nvcc_rc"],
               "nvcc_s": n["nvcc_s"], "nvcc_error": n["nvcc_error"]}
        for b in ("before", "after"):
            r, data = runs[b][key]
            x = {"rc": r["rc"], "s": r["s"], "error": r["error"]}
            if r["error"]:
                x["error_line"] = source_line(a.src, dirs[repo["repo"]],
                                              r["error"])
            if data is not None:
                x.update(summary(data))
            rec[b] = x
            results[b].append(((repo, f), (r["rc"], data,
                                           "" if data else r["error"])))
        merged.append(rec)
    if a.merged:
        json.dump(merged, open(a.merged, "w"), indent=1)
    w = sys.stdout.write
    T = {b: cr.tally(results[b]) for b in results}

    def col(b, fn):
        return fn(b)

    # robustness
    w("| | BEFORE | AFTER |\n|---|---|---|\n")
    rows = [
        ("translation units", lambda b: len(merged)),
        ("nvcc accepts", lambda b: sum(1 for r in merged if r["nvcc_rc"] == 0)),
        ("tool exit 0", lambda b: sum(1 for r in merged if r[b]["rc"] == 0)),
        ("tool exit 2", lambda b: sum(1 for r in merged if r[b]["rc"] == 2)),
        ("crashes (exit < 0 or >= 128)", lambda b: sum(
            1 for r in merged if r[b]["rc"] != "timeout" and crashed(r[b]["rc"]))),
        ("hangs (120 s timeout)", lambda b: sum(
            1 for r in merged if r[b]["rc"] == "timeout")),
        ("nvcc accepts, tool exit 2", lambda b: sum(
            1 for r in merged if r["nvcc_rc"] == 0 and r[b]["rc"] != 0)),
        ("nvcc rejects, tool exit 0", lambda b: sum(
            1 for r in merged if r["nvcc_rc"] != 0 and r[b]["rc"] == 0)),
        ("kernels", lambda b: T[b][0]["kernels"]),
        ("analysed launch configurations", lambda b: T[b][0]["launches"]),
    ]
    for name, fn in rows:
        w("| %s | %s | %s |\n" % (name, fn("before"), fn("after")))
    for c in ("exact", "range", "unknown"):
        w("| accesses %s | %s | %s |\n" % (c, *(
            "%d (%s)" % (T[b][3][c], pct(T[b][3][c], sum(T[b][3].values())))
            for b in ("before", "after"))))
    w("| accesses total | %d | %d |\n" % tuple(
        sum(T[b][3].values()) for b in ("before", "after")))
    for s in cr.SOURCES:
        w("| launch.source %s | %s | %s |\n" % (s, *(
            "%d (%s)" % (T[b][2][s], pct(T[b][2][s], T[b][0]["launches"]))
            for b in ("before", "after"))))
    w("| time of the tool, all files | %.1f s | %.1f s |\n" % tuple(
        sum(r[b]["s"] for r in merged) for b in ("before", "after")))
    w("\nPer repository (BEFORE / AFTER):\n\n"
      "| repository | TUs | nvcc ok | tool exit 0 | nvcc ok, tool exit 2 "
      "| exact | range | unknown | host-launch | default |\n"
      "|---|---|---|---|---|---|---|---|---|---|\n")
    for repo in manifest["repos"]:
        rs = [r for r in merged if r["repo"] == repo["repo"]]

        def two(fn):
            return "%s / %s" % (fn("before"), fn("after"))
        w("| %s | %d | %d | %s | %s | %s | %s | %s | %s | %s |\n" % (
            repo["repo"], len(rs), sum(1 for r in rs if r["nvcc_rc"] == 0),
            two(lambda b: sum(1 for r in rs if r[b]["rc"] == 0)),
            two(lambda b: sum(1 for r in rs if r["nvcc_rc"] == 0 and r[b]["rc"] != 0)),
            two(lambda b: sum(r[b].get("exact", 0) for r in rs)),
            two(lambda b: sum(r[b].get("range", 0) for r in rs)),
            two(lambda b: sum(r[b].get("unknown", 0) for r in rs)),
            two(lambda b: sum(r[b].get("sources", {}).get("host-launch", 0) for r in rs)),
            two(lambda b: sum(r[b].get("sources", {}).get("default", 0) for r in rs))))
    w("\nCrashes and hangs:\n\n")
    bad = [(b, r) for r in merged for b in ("before", "after") if crashed(r[b]["rc"])]
    for b, r in bad:
        w("- %s %s/%s: %s\n" % (b, r["repo"], r["path"], r[b]["rc"]))
    if not bad:
        w("- none\n")
    w("\nnvcc accepts, the tool rejects:\n\n"
      "| file | BEFORE | AFTER | first error (AFTER, else BEFORE) | source line |\n"
      "|---|---|---|---|---|\n")
    for r in merged:
        if r["nvcc_rc"] == 0 and (r["before"]["rc"] != 0 or r["after"]["rc"] != 0):
            x = r["after"] if r["after"]["rc"] != 0 else r["before"]
            w("| %s/%s | exit %s | exit %s | `%s` | `%s` |\n" % (
                r["repo"].split("/")[1], r["path"], r["before"]["rc"],
                r["after"]["rc"], cr.normalise_error(x["error"]),
                x.get("error_line", "")))
    w("\nnvcc rejects (out of scope; first error of nvcc):\n\n"
      "| file | nvcc exit | nvcc's first error | tool BEFORE / AFTER |\n|---|---|---|---|\n")
    for r in merged:
        if r["nvcc_rc"] != 0:
            w("| %s/%s | %s | `%s` | %s / %s |\n" % (
                r["repo"].split("/")[1], r["path"], r["nvcc_rc"],
                re.sub(r"^.*?(error: )", r"\1", r["nvcc_error"])[:120],
                r["before"]["rc"], r["after"]["rc"]))
    for b in ("before", "after"):
        w("\nTop reasons for `unknown`, %s (normalised):\n\n"
          "| reason | accesses |\n|---|---|\n" % b.upper())
        for reason, c in T[b][5].most_common(10):
            w("| %s | %d |\n" % (reason.replace("|", "\\|"), c))
        if not T[b][5]:
            w("| (none) | 0 |\n")
    w("\nFiles whose numbers differ (BEFORE -> AFTER; exact/range/unknown, "
      "launch configurations):\n\n")
    n = 0
    for r in merged:
        x, y = r["before"], r["after"]
        fx = (x["rc"], x.get("exact"), x.get("range"), x.get("unknown"), x.get("launches"), x.get("sources"))
        fy = (y["rc"], y.get("exact"), y.get("range"), y.get("unknown"), y.get("launches"), y.get("sources"))
        if fx != fy:
            n += 1
            w("- %s/%s: exit %s %s/%s/%s, %s %s -> exit %s %s/%s/%s, %s %s\n" % (
                r["repo"].split("/")[1], r["path"], *fx, *fy))
    if not n:
        w("- none\n")


if __name__ == "__main__":
    main()
