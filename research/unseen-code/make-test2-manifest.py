#!/usr/bin/env python3
"""Writes corpus-test2-manifest.json: every CUDA translation unit of the
second round's test collections (corpora.json's "round2":
NVIDIA-developer-blog/code-samples, CodedK/CUDA-by-Example), in the manifest
format of research/data/corpus-manifest.json; see corpus-test2.md.

  research/unseen-code/make-test2-manifest.py --src /work/corpus-unseen \
      > research/unseen-code/corpus-test2-manifest.json

Translation units: make-dev-manifest.py's rule (a .cu file with a
`__global__` or a `<<<` that no other .cu file #includes), plus the other
files programs-test2.json builds as CUDA (separate-compilation-linking's
.cpp files, `-x cu`) that pass the same `__global__`/`<<<` test.
Flags: -arch=sm_90 for every file; a file that programs-test2.json builds
gets its program's `flags` and the compile options of its `build_flags`
(link options -l... left out: the survey compiles with -c; nvcc -c rejects
separate-compilation-linking's main.cpp without -rdc=true). Other files:
none.
"""
import argparse, importlib.util, json, os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location(
    "make_dev_manifest", os.path.join(HERE, "make-dev-manifest.py"))
mdm = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(mdm)



def has_kernel(path):
    with open(path, errors="replace") as fh:
        t = fh.read()
    return "__global__" in t or "<<<" in t


def manifest(src, round_key="round2", programs="programs-test2.json",
             note="second round's test collections (corpora.json round2); "
                  "see corpus-test2.md and make-test2-manifest.py"):
    """The manifest of corpora.json's ROUND_KEY test collections under SRC,
    with the flags of the programs file PROGRAMS (make-test3-manifest.py
    calls it for round3)."""
    colls = json.load(open(os.path.join(HERE, "corpora.json")))[round_key]["test"]
    progs = json.load(open(os.path.join(HERE, programs)))["programs"]
    out = {"version": 1, "note": note, "repos": []}
    for c in colls["collections"]:
        repo, d = c["repo"], c["repo"].replace("/", "+")
        root = os.path.join(src, d)
        flags = {}
        for p in progs:
            if p["repo"] == repo:
                fl = p.get("flags", []) + [x for x in p.get("build_flags", [])
                                           if not x.startswith("-l")]
                for t in p["tus"]:
                    flags[t] = fl
        files = sorted(set(mdm.tus(root)) | {
            t for t in flags if not t.endswith(".cu")
            and has_kernel(os.path.join(root, t))})
        out["repos"].append({
            "repo": repo, "commit": c["commit"], "dir": d,
            "flags": ["-arch=sm_90"],
            "files": [{"path": f, "flags": flags[f]} if flags.get(f) else f
                      for f in files]})
    return out


def main(**kw):
    ap = argparse.ArgumentParser()
    ap.add_argument("--src", default="/work/corpus-unseen")
    a = ap.parse_args()
    json.dump(manifest(a.src, **kw), sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
