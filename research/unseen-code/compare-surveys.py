#!/usr/bin/env python3
"""Side-by-side tables of survey-dev.py runs over one manifest
(corpus-test.md): the same translation units analysed by several binaries of
the tool (or one binary with other flags), nvcc's verdict taken from a run
that had it.

  compare-surveys.py --manifest M --nvcc R0 --run BEFORE R1 D1 \
      --run AFTER R2 D2 [--run ...] --merged OUT.json > tables.md

(R: survey-dev.py's --results, D: its --json-dir.) --merged writes one
record per file: the flags, nvcc's exit code, time and first error, and for
each run its exit code, time, first error and (exit
0) the numbers of kernels/launch configurations, of accesses by confidence,
of launch configurations by launch.source, and the normalised reasons of its
unknown accesses. The tallies and normalisations are scripts/eval/corpus-report.py's.
"""
import argparse, collections, importlib.util, json, os, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location(
    "corpus_report", os.path.join(HERE, "..", "..", "scripts", "eval", "corpus-report.py"))
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
    ap.add_argument("--run", nargs=3, action="append", required=True,
                    metavar=("NAME", "RESULTS", "JSON_DIR"),
                    help="a survey-dev.py run (repeatable; columns in order)")
    ap.add_argument("--merged")
    a = ap.parse_args()
    manifest = json.load(open(a.manifest))
    nv = {(r["repo"], r["path"]): r for r in json.load(open(a.nvcc))}
    names = [n for n, _, _ in a.run]
    runs = {n: load(r, d) for n, r, d in a.run}
    dirs = {r["repo"]: r["dir"] for r in manifest["repos"]}
    merged = []
    results = {n: [] for n in names}
    for repo, f in cr.entries(manifest):
        key = (repo["repo"], f["path"])
        n = nv[key]
        rec = {"repo": repo["repo"], "path": f["path"],
               "flags": cr.flags_for(repo, f), "nvcc_rc": n["nvcc_rc"],
               "nvcc_s": n["nvcc_s"], "nvcc_error": n["nvcc_error"]}
        for b in names:
            r, data = runs[b][key]
            x = {"rc": r["rc"], "s": r["s"], "error": r["error"]}
            if r.get("lint_flags"):
                x["lint_flags"] = r["lint_flags"]
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
        json.dump({"runs": names, "files": merged}, open(a.merged, "w"),
                  indent=1)
    w = sys.stdout.write
    T = {b: cr.tally(results[b]) for b in names}

    def row(name, fn):
        w("| %s | %s |\n" % (name, " | ".join(str(fn(b)) for b in names)))

    w("| | %s |\n|---|%s\n" % (" | ".join(names), "---|" * len(names)))
    row("translation units", lambda b: len(merged))
    row("nvcc accepts", lambda b: sum(1 for r in merged if r["nvcc_rc"] == 0))
    row("tool exit 0", lambda b: sum(1 for r in merged if r[b]["rc"] == 0))
    row("tool exit 2", lambda b: sum(1 for r in merged if r[b]["rc"] == 2))
    row("crashes (exit < 0 or >= 128)", lambda b: sum(
        1 for r in merged if r[b]["rc"] != "timeout" and crashed(r[b]["rc"])))
    row("hangs (120 s timeout)", lambda b: sum(
        1 for r in merged if r[b]["rc"] == "timeout"))
    row("nvcc accepts, tool rejects", lambda b: sum(
        1 for r in merged if r["nvcc_rc"] == 0 and r[b]["rc"] != 0))
    row("nvcc rejects, tool exit 0", lambda b: sum(
        1 for r in merged if r["nvcc_rc"] != 0 and r[b]["rc"] == 0))
    row("kernels", lambda b: T[b][0]["kernels"])
    row("analysed launch configurations", lambda b: T[b][0]["launches"])
    for c in ("exact", "range", "unknown"):
        row("accesses " + c, lambda b: "%d (%s)" % (
            T[b][3][c], pct(T[b][3][c], sum(T[b][3].values()))))
    row("accesses total", lambda b: sum(T[b][3].values()))
    for s_ in cr.SOURCES:
        row("launch.source " + s_, lambda b: "%d (%s)" % (
            T[b][2][s_], pct(T[b][2][s_], T[b][0]["launches"])))
    row("time of the tool, all files", lambda b: "%.1f s" % sum(
        r[b]["s"] for r in merged))
    w("\nPer repository (%s):\n\n"
      "| repository | TUs | nvcc ok | tool exit 0 | nvcc ok, tool rejects "
      "| exact | range | unknown | host-launch | default |\n"
      "|---|---|---|---|---|---|---|---|---|---|\n" % " / ".join(names))
    for repo in manifest["repos"]:
        rs = [r for r in merged if r["repo"] == repo["repo"]]

        def each(fn):
            return " / ".join(str(fn(b)) for b in names)
        w("| %s | %d | %d | %s | %s | %s | %s | %s | %s | %s |\n" % (
            repo["repo"], len(rs), sum(1 for r in rs if r["nvcc_rc"] == 0),
            each(lambda b: sum(1 for r in rs if r[b]["rc"] == 0)),
            each(lambda b: sum(1 for r in rs if r["nvcc_rc"] == 0 and r[b]["rc"] != 0)),
            each(lambda b: sum(r[b].get("exact", 0) for r in rs)),
            each(lambda b: sum(r[b].get("range", 0) for r in rs)),
            each(lambda b: sum(r[b].get("unknown", 0) for r in rs)),
            each(lambda b: sum(r[b].get("sources", {}).get("host-launch", 0) for r in rs)),
            each(lambda b: sum(r[b].get("sources", {}).get("default", 0) for r in rs))))
    w("\nCrashes and hangs:\n\n")
    bad = [(b, r) for r in merged for b in names if crashed(r[b]["rc"])]
    for b, r in bad:
        w("- %s %s/%s: %s\n" % (b, r["repo"], r["path"], r[b]["rc"]))
    if not bad:
        w("- none\n")
    for b in names:
        w("\nnvcc accepts, %s rejects, by first error (normalised):\n\n"
          "| first error | files | example (file: source line) |\n"
          "|---|---|---|\n" % b)
        groups = collections.OrderedDict()
        for r in merged:
            if r["nvcc_rc"] == 0 and r[b]["rc"] != 0:
                groups.setdefault(cr.normalise_error(r[b]["error"]), []).append(r)
        for e, rs in sorted(groups.items(), key=lambda kv: -len(kv[1])):
            ex = rs[0]
            w("| `%s` | %d | %s/%s: `%s` |\n" % (
                e, len(rs), ex["repo"].split("/")[1], ex["path"],
                ex[b].get("error_line", "")))
        if not groups:
            w("| (none) | 0 | |\n")
    w("\nnvcc rejects (out of scope; first error of nvcc):\n\n"
      "| file | nvcc exit | nvcc's first error | tool %s |\n|---|---|---|---|\n"
      % " / ".join(names))
    for r in merged:
        if r["nvcc_rc"] != 0:
            w("| %s/%s | %s | `%s` | %s |\n" % (
                r["repo"].split("/")[1], r["path"], r["nvcc_rc"],
                re.sub(r"^.*?(error: )", r"\1", r["nvcc_error"])[:120],
                " / ".join(str(r[b]["rc"]) for b in names)))
    for b in names:
        w("\nTop reasons for `unknown`, %s (normalised):\n\n"
          "| reason | accesses |\n|---|---|\n" % b)
        for reason, c in T[b][5].most_common(10):
            w("| %s | %d |\n" % (reason.replace("|", "\\|"), c))
        if not T[b][5]:
            w("| (none) | 0 |\n")
    if len(names) >= 2:
        x_, y_ = names[-2], names[-1]
        w("\nFiles analysed by both %s and %s whose numbers differ "
          "(exact/range/unknown, launch configurations by source):\n\n" % (x_, y_))
        n = 0
        for r in merged:
            x, y = r[x_], r[y_]
            if x["rc"] != 0 or y["rc"] != 0:
                continue
            fx = (x.get("exact"), x.get("range"), x.get("unknown"), x.get("sources"))
            fy = (y.get("exact"), y.get("range"), y.get("unknown"), y.get("sources"))
            if fx != fy:
                n += 1
                w("- %s/%s: %s/%s/%s %s -> %s/%s/%s %s\n" % (
                    r["repo"].split("/")[1], r["path"], *fx, *fy))
        if not n:
            w("- none\n")


if __name__ == "__main__":
    main()
