#!/usr/bin/env python3
"""Writes corpus-test5-manifest.json: every CUDA translation unit of the
fifth round's test collections (corpora.json's "round5":
PacktPublishing/Learn-CUDA-Programming, and of NVIDIA/cuda-samples the
directories Samples/0_Introduction, Samples/2_Concepts_and_Techniques and
Samples/6_Performance), in the manifest format of
research/data/corpus-manifest.json.

  research/unseen-code/make-test5-manifest.py --src /work/corpus-unseen \
      > research/unseen-code/corpus-test5-manifest.json

The rule is make-test2-manifest.py's, which this script calls with round5
and programs-test5.json: a .cu file with a `__global__` or a `<<<` that no
other .cu file #includes; -arch=sm_90 for every file; a file that
programs-test5.json builds gets its program's `flags` and the compile
options of its `build_flags` (link options -l... left out). Two additions:
a collection's files are only those under its `paths` (corpora.json; the
three cuda-samples directories: `ONLY=test5 extract.sh` copies no others,
this keeps the manifest the same if a whole copy is there), and every file
gets its collection's include directory, which all of its build files name:
cuda-samples' CMakeLists.txt `include_directories(../../../Common)` and
`cxx_std_17` (-ICommon -std=c++17), the book's Makefiles'
`-I${CUDA_PATH}/samples/common/inc`, the samples' helpers that CUDA 11.6
and later no longer install, here the collection's own copy
(-I../NVIDIA+cuda-samples/Common).
"""
import importlib.util, json, os, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location(
    "make_test2_manifest", os.path.join(HERE, "make-test2-manifest.py"))
mt2 = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(mt2)

REPO_FLAGS = {
    "PacktPublishing/Learn-CUDA-Programming": ["-I../NVIDIA+cuda-samples/Common"],
    "NVIDIA/cuda-samples": ["-std=c++17", "-ICommon"],
}


def manifest(src):
    out = mt2.manifest(src, round_key="round5", programs="programs-test5.json",
                       note="fifth round's test collections (corpora.json "
                            "round5); see README.md and make-test5-manifest.py")
    colls = json.load(open(os.path.join(HERE, "corpora.json")))["round5"]["test"]
    paths = {c["repo"]: c.get("paths") for c in colls["collections"]}
    for r in out["repos"]:
        r["flags"] += REPO_FLAGS.get(r["repo"], [])
        if paths.get(r["repo"]):
            keep = re.compile(paths[r["repo"]])
            r["files"] = [f for f in r["files"] if keep.search(
                f["path"] if isinstance(f, dict) else f)]
    return out


if __name__ == "__main__":
    import argparse
    ap = argparse.ArgumentParser()
    ap.add_argument("--src", default="/work/corpus-unseen")
    a = ap.parse_args()
    json.dump(manifest(a.src), sys.stdout, indent=1)
    sys.stdout.write("\n")
