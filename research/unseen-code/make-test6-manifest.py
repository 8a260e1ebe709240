#!/usr/bin/env python3
"""Writes corpus-test6-manifest.json: every CUDA translation unit of the
sixth round's test collections (corpora.json's "round6":
myurtoglu/cudaforengineers, and of NVIDIA/cuda-samples the directories
Samples/1_Utilities, Samples/3_CUDA_Features, Samples/4_CUDA_Libraries and
Samples/5_Domain_Specific), in the manifest format of
research/data/corpus-manifest.json.

  research/unseen-code/make-test6-manifest.py --src /work/corpus-unseen \
      > research/unseen-code/corpus-test6-manifest.json

The rule is make-test2-manifest.py's, which this script calls with round6
and programs-test6.json: a .cu file with a `__global__` or a `<<<` that no
other .cu file #includes; -arch=sm_90 for every file; a file that
programs-test6.json builds gets its program's `flags` and the compile
options of its `build_flags` (link options -l... left out). As in
make-test5-manifest.py, a collection's files are only those under its
`paths` (corpora.json), and cuda-samples' files get the collection's
include directory and language standard, which all of its CMakeLists.txt
name (include_directories(../../../Common), cxx_std_17: -ICommon
-std=c++17). One addition: files under a collection's `exclude` (corpora.json;
the samples of an older test corpus, BlackScholes and fastWalshTransform)
are left out. cudaforengineers' Makefiles name no include directory.
"""
import importlib.util, json, os, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location(
    "make_test2_manifest", os.path.join(HERE, "make-test2-manifest.py"))
mt2 = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(mt2)

REPO_FLAGS = {
    "NVIDIA/cuda-samples": ["-std=c++17", "-ICommon"],
}


def manifest(src, round_key="round6", programs="programs-test6.json",
             note="sixth round's test collections (corpora.json round6); "
                  "see README.md and make-test6-manifest.py",
             repo_flags=REPO_FLAGS, file_flags=None, extra=None):
    """make-test2-manifest.py's manifest of ROUND_KEY, with REPO_FLAGS added
    per repository and each collection's `paths` and `exclude` applied (also
    the seventh round's, make-test7-manifest.py). FILE_FLAGS: repository ->
    {path: compile flags} of files no program builds (key None: every such
    file of the repository); EXTRA: repository -> paths the rule misses,
    added as units (the later rounds' scripts)."""
    out = mt2.manifest(src, round_key=round_key, programs=programs, note=note)
    colls = json.load(open(os.path.join(HERE, "corpora.json")))[round_key]["test"]
    by_repo = {c["repo"]: c for c in colls["collections"]}
    for r in out["repos"]:
        r["flags"] += repo_flags.get(r["repo"], [])
        c = by_repo[r["repo"]]
        keep = re.compile(c["paths"]) if c.get("paths") else None
        drop = re.compile(c["exclude"]) if c.get("exclude") else None

        def path(f):
            return f["path"] if isinstance(f, dict) else f
        r["files"] = [f for f in r["files"]
                      if (keep is None or keep.search(path(f)))
                      and (drop is None or not drop.search(path(f)))]
        rule = (file_flags or {}).get(r["repo"], {})
        have = {path(f) for f in r["files"]}
        more = [f for f in (extra or {}).get(r["repo"], [])
                if f not in have and os.path.exists(
                    os.path.join(src, r["dir"], f))]
        files = []
        for f in sorted(r["files"] + more, key=path):
            if isinstance(f, str):
                fl = rule.get(f, rule.get(None))
                if fl:
                    f = {"path": f, "flags": fl}
            files.append(f)
        r["files"] = files
    return out


def cli(make):
    """The command line of each round's script: --src, the manifest of
    make(src) on standard output."""
    import argparse
    ap = argparse.ArgumentParser()
    ap.add_argument("--src", default="/work/corpus-unseen")
    a = ap.parse_args()
    json.dump(make(a.src), sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    cli(manifest)
