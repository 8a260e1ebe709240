#!/usr/bin/env python3
"""Precision and recall of the analyzer's warnings against per-line counters.

A warning (severity "warning", not a note) of a check is judged on its
source line against what Nsight Compute measured there, over every measured
launch (the reduced CSVs of measure-device.sh):
  cuda-uncoalesced-global  sectors / ideal sectors of the line's global
                           loads and stores >= 1.25 (the check's default
                           MinExcessRatio)
  cuda-shared-bank-conflict wavefronts / ideal wavefronts of the line's
                           shared loads and stores >= 1.25
  cuda-divergent-branch    divergent branch targets > 0 on the line
A warning on a line with no measurement of that kind is not judged. Recall
counts the measured lines past the same rule that carry a warning.

A warning is judged against the launches of its own kernel (the mangled
name of the kernel its note names): a template's other instantiation, or
another kernel whose code shares the line (an inlined device function),
was measured under other sizes, and Nsight Compute measures only the first
launch of each kernel name. A warning whose kernel was not measured is not
judged. --by-line judges every warning against every measured launch of its
line instead (the rule of the rounds before the tenth).

  warning-precision.py --measured DIR --json DIR [--false] [--by-line]
(--json: the analyzer's JSON kept by realcode-compare.py --keep-json)
"""
import argparse, collections, csv, glob, json, os

RULES = {
    "cuda-uncoalesced-global": ("global", "sectors", "sectors_ideal"),
    "cuda-shared-bank-conflict": ("shared", "wavefronts", "wavefronts_ideal"),
    "cuda-divergent-branch": ("branch", "divergent_targets", None),
}


def norm(path):
    # The CSVs name files <owner>+<repo>/<path>; the JSON names <path>.
    return path.split("/", 1)[1] if "+" in path.split("/", 1)[0] else path


def measured(dir_, by_line):
    """(file, line, kernel) -> {kind: [num, ideal]} summed over launches;
    kernel is the mangled name, or "" with by_line."""
    m = collections.defaultdict(lambda: collections.defaultdict(lambda: [0.0, 0.0]))
    for f in glob.glob(os.path.join(dir_, "*.csv")):
        for r in csv.DictReader(open(f)):
            kind = r["class"].split("_")[0]
            if kind not in ("global", "shared", "branch") or r["class"].endswith("atom"):
                continue
            key = (norm(r["file"]), int(r["line"]),
                   "" if by_line else r["mangled"])
            if kind == "branch":
                m[key]["branch"][0] += float(r["divergent_targets"] or 0)
            else:
                num, ideal = ("sectors", "sectors_ideal") if kind == "global" else ("wavefronts", "wavefronts_ideal")
                m[key][kind][0] += float(r[num] or 0)
                m[key][kind][1] += float(r[ideal] or 0)
    return m


def past(kind, v):
    if kind == "branch":
        return v[0] > 0
    return v[1] > 0 and v[0] / v[1] >= 1.25


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--measured", required=True)
    ap.add_argument("--json", required=True)
    ap.add_argument("--false", action="store_true",
                    help="list each false warning with the measured figures")
    ap.add_argument("--by-line", action="store_true",
                    help="judge a warning against every measured launch of "
                         "its line, whatever the kernel")
    a = ap.parse_args()
    m = measured(a.measured, a.by_line)
    warned = collections.defaultdict(set)
    for f in glob.glob(os.path.join(a.json, "*.json")):
        try:
            d = json.load(open(f))
        except Exception:
            continue
        mangled = {k["name"]: k.get("mangled_name", "") for k in d.get("kernels", [])}
        for w in d.get("findings", []):
            if w.get("severity") == "warning" and not w.get("suppressed") and w["check"] in RULES:
                kernel = ""
                if not a.by_line:
                    note = next((n for n in w.get("notes", []) if n.startswith("in kernel '")), "")
                    kernel = mangled.get(note[len("in kernel '"):].split("'", 1)[0], "")
                warned[w["check"]].add((w["file"], w["line"], kernel))
    print("| check | warnings judged | true | false | precision | measured lines past the rule | warned | recall |")
    print("|---|---|---|---|---|---|---|---|")
    for check, (kind, _, _) in RULES.items():
        judged = [k for k in warned[check] if kind in m.get(k, {})]
        tp = sum(past(kind, m[k][kind]) for k in judged)
        positives = [k for k, v in m.items() if kind in v and past(kind, v[kind])]
        hit = sum(k in warned[check] for k in positives)
        prec = f"{100 * tp / len(judged):.1f}%" if judged else "-"
        rec = f"{100 * hit / len(positives):.1f}%" if positives else "-"
        print(f"| {check} | {len(judged)} | {tp} | {len(judged) - tp} | {prec} | {len(positives)} | {hit} | {rec} |")
        if a.false:
            for k in sorted(judged):
                if not past(kind, m[k][kind]):
                    print(f"|   false: {k[0]}:{k[1]} {k[2]} measured {m[k][kind][0]:g} / ideal {m[k][kind][1]:g} |")


if __name__ == "__main__":
    main()
