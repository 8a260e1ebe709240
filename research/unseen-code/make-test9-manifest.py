#!/usr/bin/env python3
"""Writes corpus-test9-manifest.json: every CUDA translation unit of the
ninth round's test collections (corpora.json's "round9": Sely85/cuda,
darglein/CudaTutorial and thimotyb/cuda-course, the teaching material of
three CUDA courses), in the manifest format of
research/data/corpus-manifest.json.

  research/unseen-code/make-test9-manifest.py --src /work/corpus-unseen \
      > research/unseen-code/corpus-test9-manifest.json

The rule is make-test6-manifest.py's, whose manifest() this script calls
with round9 and programs-test9.json (make-test2-manifest.py's rule: a .cu
file with a `__global__` or a `<<<` that no other .cu file #includes;
-arch=sm_90 for every file; a file that programs-test9.json builds gets its
program's `flags` and the compile options of its `build_flags`, link
options -l... left out). No repository-wide flags: Sely85/cuda and
thimotyb/cuda-course build with none, and darglein/CudaTutorial's include
directories differ per lecture, so its files that no program of
programs-test9.json builds (the left-out bitonic_sort.cu and streams.cu)
get their lecture's CMakeLists.txt include directories
(-I<lecture>/Code/tiny-eigen/include, the Eigen3::Eigen target's, and
-I<lecture>/Code where it says include_directories(.)). None of these
collections keeps a program's kernels in a header, so
make-test8-manifest.py's addition is not needed.
"""
import importlib.util, json, os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location(
    "make_test6_manifest", os.path.join(HERE, "make-test6-manifest.py"))
mt6 = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(mt6)


# darglein/CudaTutorial: lecture directory -> whether its CMakeLists.txt
# has include_directories(.)
LECTURE_DOT = {"1_Introduction": False, "2_Hardware_and_Communication": True,
               "3_Parallel_Algorithms": True, "4_Optimization": False}


def manifest(src):
    out = mt6.manifest(src, round_key="round9", programs="programs-test9.json",
                       note="ninth round's test collections (corpora.json "
                            "round9); see README.md and make-test9-manifest.py",
                       repo_flags={})
    for r in out["repos"]:
        if r["repo"] != "darglein/CudaTutorial":
            continue
        files = []
        for f in r["files"]:
            lec = f.split("/")[0] if isinstance(f, str) else None
            if lec in LECTURE_DOT:
                fl = ["-I%s/Code/tiny-eigen/include" % lec]
                if LECTURE_DOT[lec]:
                    fl.append("-I%s/Code" % lec)
                f = {"path": f, "flags": fl}
            files.append(f)
        r["files"] = files
    return out


if __name__ == "__main__":
    mt6.cli(manifest)
