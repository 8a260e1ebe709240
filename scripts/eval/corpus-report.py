#!/usr/bin/env python3
"""Run cuda-access-lint over a corpus of public CUDA code and tabulate.

The corpus itself is never committed: a manifest (research/data/corpus-manifest.json)
names each repository, the commit it was taken at, the translation units and
the compiler flags they need; the sources live in a scratch directory with one
sub-directory per repository (see docs/real-code.md for how it is filled).

  corpus-report.py --manifest M --src DIR [--lint BIN] [--json-dir D]
  corpus-report.py --write-manifest M --src DIR   # regenerate the file list

The report is a markdown table on standard output: files parsed / failed (by
exit code), kernels, launches by `launch.source`, accesses by confidence and
space, the top reasons for `unknown`, and warnings per check.
"""

import argparse
import collections
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import time

CHECK_RE = re.compile(r"(warning|remark): .*\[(cuda-[a-z-]+)\]\s*$")
INCLUDE_RE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+\.cu)[>"]', re.M)
SOURCES = ["host-launch", "annotation", "command-line", "launch-bounds",
           "default"]


def normalise_reason(reason):
    """Collapse the variable parts of a reason so that equal causes count
    together: quoted names, numbers and source positions."""
    r = reason.strip() or "(no reason given)"
    # A quote after a letter is an apostrophe ("pointer's"), not a name.
    r = re.sub(r"(?<![A-Za-z])'[^']*'", "'X'", r)
    r = re.sub(r"\"[^\"]*\"", "'X'", r)
    # A place is file:line:column; the file varies like the numbers do.
    r = re.sub(r"[^\s()'\"]+:\d+:\d+\b", "N:N", r)
    r = re.sub(r"\b\d+(\.\d+)?\b", "N", r)
    r = re.sub(r"\s+", " ", r)
    return r[:110]


def normalise_error(line):
    """'file:12:3: error: no matching function for call to 'max'' ->
    'no matching function for call to 'max''."""
    m = re.search(r": (?:fatal )?error: (.*)$", line)
    return (m.group(1) if m else line).strip()[:110]


def run_one(lint, root, path, flags, timeout, json_dir, tag):
    """Returns (exit code or 'timeout', parsed JSON or None, text): the
    text-format output when the file analysed, else its first error."""
    cmd = [lint, "--format=json", path, "--"] + flags
    try:
        p = subprocess.run(cmd, cwd=root, capture_output=True, text=True,
                           timeout=timeout)
    except subprocess.TimeoutExpired:
        return "timeout", None, ""
    data = None
    if p.returncode != 0:
        errs = [l for l in p.stderr.splitlines()
                if re.search(r": (fatal )?error: ", l)]
        return p.returncode, None, errs[0] if errs else p.stderr[-200:]
    try:
        data = json.loads(p.stdout)
    except ValueError:
        return "bad-json", None, ""
    if json_dir:
        with open(os.path.join(json_dir, tag + ".json"), "w") as f:
            f.write(p.stdout)
    text = ""
    if data is not None:
        # Warnings per check come from the text format (the JSON has no
        # diagnostics); only files that analysed are run a second time.
        try:
            t = subprocess.run([lint, path, "--"] + flags, cwd=root,
                               capture_output=True, text=True,
                               timeout=timeout)
            text = t.stdout + t.stderr
        except subprocess.TimeoutExpired:
            text = ""
    return p.returncode, data, text


def entries(manifest):
    for repo in manifest["repos"]:
        for f in repo["files"]:
            if isinstance(f, str):
                f = {"path": f}
            yield repo, f


def tally(results):
    t = collections.Counter()
    exits = collections.Counter()
    errors = collections.Counter()
    repo_sources = collections.defaultdict(collections.Counter)
    by_source = collections.Counter()
    conf = collections.Counter()
    space = collections.defaultdict(collections.Counter)
    reasons = collections.Counter()
    checks = collections.Counter()
    kernel_names = set()
    for (repo, f), (rc, data, text) in results:
        exits[rc] += 1
        if data is None:
            if text:
                errors[normalise_error(text)] += 1
            continue
        t["parsed"] += 1
        for k in data.get("kernels", []):
            kernel_names.add((repo["repo"], k.get("file"), k.get("name")))
            t["launches"] += 1
            src = k.get("launch", {}).get("source", "?")
            by_source[src] += 1
            repo_sources[repo["repo"]][src] += 1
            for a in k.get("accesses", []):
                c = a.get("confidence", "?")
                conf[c] += 1
                space[a.get("space", "?")][c] += 1
                if c == "unknown":
                    reasons[normalise_reason(a.get("reason", ""))] += 1
        for line in text.splitlines():
            m = CHECK_RE.search(line)
            if m:
                checks[m.group(2)] += 1
    t["kernels"] = len(kernel_names)
    return (t, exits, by_source, conf, space, reasons, checks, errors,
            repo_sources)


def pct(n, d):
    return "%.1f%%" % (100.0 * n / d) if d else "-"


def report(results, manifest, out):
    (t, exits, by_source, conf, space, reasons, checks, errors,
     repo_sources) = tally(results)
    files = len(results)
    w = out.write
    w("| files | parsed (exit 0) | failed |\n|---|---|---|\n")
    failed = ", ".join("exit %s: %d" % (k, v) for k, v in
                       sorted(exits.items(), key=lambda kv: str(kv[0]))
                       if k != 0) or "none"
    w("| %d | %d | %s |\n\n" % (files, t["parsed"], failed))
    w("Per repository (parsed / files): %s\n\n" % ", ".join(
        "%s %d/%d" % (r["repo"],
                      sum(1 for (rr, _), (_, d, _) in results
                          if rr is r and d is not None),
                      sum(1 for (rr, _), _ in results if rr is r))
        for r in manifest["repos"]))
    n = t["launches"]
    w("| kernels | analysed launch configurations |\n|---|---|\n")
    w("| %d | %d |\n\n" % (t["kernels"], n))
    w("| launch.source | launches | share |\n|---|---|---|\n")
    for s in SOURCES + sorted(set(by_source) - set(SOURCES)):
        if s in by_source or s in SOURCES:
            w("| %s | %d | %s |\n" % (s, by_source[s], pct(by_source[s], n)))
    w("\n| repository | %s |\n|---|%s\n" % (" | ".join(SOURCES),
                                             "---|" * len(SOURCES)))
    for r in manifest["repos"]:
        c = repo_sources[r["repo"]]
        w("| %s | %s |\n" % (r["repo"], " | ".join(str(c[s]) for s in SOURCES)))
    total = sum(conf.values())
    w("\n| accesses | exact | range | unknown | total |\n"
      "|---|---|---|---|---|\n")
    w("| all | %d (%s) | %d (%s) | %d (%s) | %d |\n" % (
        conf["exact"], pct(conf["exact"], total), conf["range"],
        pct(conf["range"], total), conf["unknown"],
        pct(conf["unknown"], total), total))
    for sp in sorted(space):
        c = space[sp]
        w("| %s | %d | %d | %d | %d |\n" % (sp, c["exact"], c["range"],
                                           c["unknown"], sum(c.values())))
    w("\n| top reasons for `unknown` (normalised) | accesses |\n|---|---|\n")
    for r, c in reasons.most_common(10):
        w("| %s | %d |\n" % (r.replace("|", "\\|"), c))
    w("\n| first error of a file that did not analyse (normalised) | files "
      "|\n|---|---|\n")
    for e, c in errors.most_common(10):
        w("| %s | %d |\n" % (e.replace("|", "\\|"), c))
    w("\n| check | findings |\n|---|---|\n")
    for c, v in sorted(checks.items()):
        w("| %s | %d |\n" % (c, v))
    if not checks:
        w("| (none) | 0 |\n")


def flags_for(repo, f):
    return list(repo.get("flags", [])) + list(f.get("flags", []))


def write_manifest(path, src, repos):
    """Scans each repository directory for translation units: .cu files
    that no other file #includes, with a kernel or a launch."""
    out = {"version": 1, "repos": []}
    for r in repos:
        root = os.path.join(src, r["dir"])
        cus = []
        for dp, _, fs in os.walk(root):
            for fn in fs:
                if fn.endswith(".cu"):
                    cus.append(os.path.relpath(os.path.join(dp, fn), root))
        included = set()
        texts = {}
        for c in cus:
            with open(os.path.join(root, c), errors="replace") as fh:
                texts[c] = fh.read()
            for inc in INCLUDE_RE.findall(texts[c]):
                included.add(os.path.normpath(
                    os.path.join(os.path.dirname(c), inc)))
        exclude = [re.compile(x) for x in r.get("exclude", [])]
        files = sorted(c for c in cus if c not in included
                       and ("__global__" in texts[c] or "<<<" in texts[c])
                       and not any(x.search(c) for x in exclude))
        entry = {k: v for k, v in r.items()}
        entry["files"] = files
        out["repos"].append(entry)
    with open(path, "w") as fh:
        json.dump(out, fh, indent=1)
        fh.write("\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--manifest", default="research/data/corpus-manifest.json")
    ap.add_argument("--src", required=True,
                    help="directory holding one sub-directory per repository")
    ap.add_argument("--lint", default="build/bin/cuda-access-lint")
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--json-dir", help="keep each file's JSON here")
    ap.add_argument("--write-manifest", action="store_true",
                    help="rescan --src and rewrite the manifest's file lists")
    a = ap.parse_args()
    with open(a.manifest) as fh:
        manifest = json.load(fh)
    if a.write_manifest:
        write_manifest(a.manifest, a.src, manifest["repos"])
        return 0
    lint = os.path.abspath(a.lint)
    if a.json_dir:
        os.makedirs(a.json_dir, exist_ok=True)
    work = list(entries(manifest))
    start = time.time()

    def job(item):
        repo, f = item
        root = os.path.join(a.src, repo["dir"])
        tag = (repo["dir"] + "__" + f["path"]).replace("/", "__")
        return run_one(lint, root, f["path"], flags_for(repo, f), a.timeout,
                       a.json_dir, tag)

    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        outs = list(ex.map(job, work))
    results = list(zip(work, outs))
    for (repo, f), (rc, _, _) in results:
        if rc != 0:
            print("failed (exit %s): %s/%s" % (rc, repo["repo"], f["path"]),
                  file=sys.stderr)
    report(results, manifest, sys.stdout)
    print("\n(%d files in %.0f s)" % (len(work), time.time() - start),
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
