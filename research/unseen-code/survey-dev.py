#!/usr/bin/env python3
"""Whole-collection robustness survey over a corpus manifest (corpus-dev.md).

For every translation unit of the manifest, one at a time:
  1. nvcc FLAGS -c FILE -o /tmp/... (the compiler's verdict), unless --no-nvcc;
  2. cuda-access-lint --format=json FILE -- FLAGS, with its exit code,
     standard error and wall time kept (JSON and .stderr under --json-dir).
Both run in the repository's directory under --src, under `nice -n 10`, with
--timeout seconds each. Results go to --results (JSON, one record per file);
`--report` reads that file back and prints the markdown tables (the
tallies are scripts/eval/corpus-report.py's).

  survey-dev.py --manifest M --src DIR --lint BIN --json-dir D --results R
      [--no-nvcc] [--lint-arg=--header-cache=off] [--clang-spelling]
  survey-dev.py --manifest M --results R --report > tables.md
"""
import argparse, collections, json, os, re, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "scripts"))
import importlib.util
_spec = importlib.util.spec_from_file_location(
    "corpus_report", os.path.join(HERE, "..", "..", "scripts", "eval", "corpus-report.py"))
cr = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(cr)

ERR = re.compile(r"(: (fatal )?error: |\(\d+\): (catastrophic )?error: |^error: )")


def first_error(text):
    for l in text.splitlines():
        if ERR.search(l):
            return l.strip()
    return ""


def clang_spelling(flags):
    """nvcc's spelling of the manifest's flags in clang's, for a build of the
    tool that predates its nvcc-flag translation (corpus-test.md's BEFORE):
    -arch=sm_NN -> --cuda-gpu-arch=sm_NN, -rdc=true -> -fgpu-rdc,
    --use_fast_math -> -ffast-math, -Xcompiler X -> X."""
    out, i = [], 0
    while i < len(flags):
        f = flags[i]
        if f.startswith("-arch=sm_"):
            out.append("--cuda-gpu-arch=" + f[len("-arch="):])
        elif f == "-rdc=true":
            out.append("-fgpu-rdc")
        elif f == "--use_fast_math":
            out.append("-ffast-math")
        elif f == "-Xcompiler" and i + 1 < len(flags):
            i += 1
            out.extend(flags[i].split(","))
        else:
            out.append(f)
        i += 1
    return out


def run(cmd, cwd, timeout):
    t0 = time.time()
    try:
        p = subprocess.run(["nice", "-n", "10"] + cmd, cwd=cwd,
                           capture_output=True, text=True, timeout=timeout)
        return p.returncode, p.stdout, p.stderr, time.time() - t0
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
        err = e.stderr.decode(errors="replace") if isinstance(e.stderr, bytes) else (e.stderr or "")
        return "timeout", out, err, time.time() - t0


def survey(a, manifest):
    os.makedirs(a.json_dir, exist_ok=True)
    done = {}
    if os.path.exists(a.results):
        for r in json.load(open(a.results)):
            done[(r["repo"], r["path"])] = r
    out = []
    work = list(cr.entries(manifest))
    for i, (repo, f) in enumerate(work):
        key = (repo["repo"], f["path"])
        if key in done and not (a.redo and re.search(a.only or "", repo["repo"] + "/" + f["path"])):
            out.append(done[key])
            continue
        root = os.path.join(a.src, repo["dir"])
        flags = cr.flags_for(repo, f)
        tag = (repo["dir"] + "__" + f["path"]).replace("/", "__")
        rec = {"repo": repo["repo"], "path": f["path"], "flags": flags}
        if not a.no_nvcc:
            rc, so, se, dt = run(["nvcc"] + flags + ["-c", f["path"], "-o",
                                 "/tmp/corpus-dev-nvcc.o"], root, a.timeout)
            rec.update(nvcc_rc=rc, nvcc_s=round(dt, 1),
                       nvcc_error=first_error(so + se))
        lflags = clang_spelling(flags) if a.clang_spelling else flags
        rc, so, se, dt = run([a.lint, "--format=json"] + a.lint_arg +
                             [f["path"], "--"] + lflags, root, a.timeout)
        if a.clang_spelling:
            rec["lint_flags"] = lflags
        rec.update(rc=rc, s=round(dt, 1), error=first_error(se),
                   stderr_tail=se.splitlines()[-8:])
        with open(os.path.join(a.json_dir, tag + ".stderr"), "w") as fh:
            fh.write(se)
        if rc == 0:
            with open(os.path.join(a.json_dir, tag + ".json"), "w") as fh:
                fh.write(so)
        rec["json"] = tag + ".json" if rc == 0 else None
        out.append(rec)
        print("[%d/%d] nvcc %s lint %s %.1fs %s" % (
            i + 1, len(work), rec.get("nvcc_rc"), rc, dt, f["path"]),
            file=sys.stderr, flush=True)
        json.dump(out + [done[k] for k in done if k not in
                         {(r["repo"], r["path"]) for r in out}],
                  open(a.results, "w"), indent=1)
    json.dump(out, open(a.results, "w"), indent=1)


def report(a, manifest):
    recs = {(r["repo"], r["path"]): r for r in json.load(open(a.results))}
    results = []
    for repo, f in cr.entries(manifest):
        r = recs.get((repo["repo"], f["path"]))
        if r is None:
            continue
        data = None
        if r["rc"] == 0 and r.get("json"):
            try:
                data = json.load(open(os.path.join(a.json_dir, r["json"])))
            except ValueError:
                data = None
        rc = r["rc"] if data is not None or r["rc"] != 0 else "bad-json"
        results.append(((repo, f), (rc, data, "" if data else r["error"])))
    cr.report(results, manifest, sys.stdout)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--manifest", required=True)
    ap.add_argument("--src", default="/work/corpus-unseen")
    ap.add_argument("--lint", default="/tmp/cal-snapshot")
    ap.add_argument("--json-dir", default="/tmp/corpus-dev-json")
    ap.add_argument("--results", default="/tmp/corpus-dev-results.json")
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("--no-nvcc", action="store_true")
    ap.add_argument("--lint-arg", action="append", default=[],
                    help="an option for the tool before FILE (repeatable), "
                         "e.g. --lint-arg=--header-cache=off")
    ap.add_argument("--clang-spelling", action="store_true",
                    help="give the tool the flags in clang's spelling "
                         "(clang_spelling); nvcc gets them as they are")
    ap.add_argument("--redo", action="store_true",
                    help="run again the files already in --results "
                         "(with --only, those whose REPO/PATH matches)")
    ap.add_argument("--only", help="regular expression for --redo")
    ap.add_argument("--report", action="store_true")
    a = ap.parse_args()
    manifest = json.load(open(a.manifest))
    if a.report:
        report(a, manifest)
    else:
        survey(a, manifest)


if __name__ == "__main__":
    main()
