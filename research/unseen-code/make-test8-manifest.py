#!/usr/bin/env python3
"""Writes corpus-test8-manifest.json: every CUDA translation unit of the
eighth round's test collections (corpora.json's "round8":
ArchaeaSoftware/cudahandbook and RichardAns/CUDA-Programs, the example code
of the books "The CUDA Handbook" and "Programming in Parallel with CUDA"),
in the manifest format of research/data/corpus-manifest.json.

  research/unseen-code/make-test8-manifest.py --src /work/corpus-unseen \
      > research/unseen-code/corpus-test8-manifest.json

The rule is make-test6-manifest.py's, whose manifest() this script calls
with round8 and programs-test8.json (make-test2-manifest.py's rule: a .cu
file with a `__global__` or a `<<<` that no other .cu file #includes;
-arch=sm_90 for every file; a file that programs-test8.json builds gets its
program's `flags` and the compile options of its `build_flags`, link
options -l... left out), with one addition that corpora.json's round8
states: a .cu file also counts when a header it includes from the
repository (#include "...", relative to the including file, transitively)
has the `__global__` or `<<<`. Most of the Handbook's programs keep their
kernels in .cuh files beside them (reduction/reduction.cu,
concurrency/concurrencyKernelKernel.cu...), so without it the manifest
would lack the translation units of programs that programs-test8.json
measures. Per repository: the Handbook's files get its CMakeLists.txt's
language standard and include directory (CMAKE_CUDA_STANDARD 17,
include_directories(chLib): -std=c++17 -IchLib); Ansorge's the include
directories of its Makefiles (CX_ROOT, the repository's include/: -Iinclude;
NVCUDASAMPLES_ROOT, NVIDIA/cuda-samples' Common/, which extract.sh ONLY=test8
copies beside it: -I../NVIDIA+cuda-samples/Common).
"""
import importlib.util, json, os, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location(
    "make_test6_manifest", os.path.join(HERE, "make-test6-manifest.py"))
mt6 = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(mt6)
mdm = mt6.mt2.mdm  # make-dev-manifest.py, for its INC_CU

REPO_FLAGS = {
    "ArchaeaSoftware/cudahandbook": ["-std=c++17", "-IchLib"],
    "RichardAns/CUDA-Programs": ["-Iinclude", "-I../NVIDIA+cuda-samples/Common"],
}
INC_LOCAL = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


def _text(path):
    with open(path, errors="replace") as fh:
        return fh.read()


def kernel_in_includes(root, rel, seen=None):
    """Whether a header that ROOT/REL includes with #include "..." (a file
    of the repository, relative to REL's directory), or one of its own such
    headers, has a `__global__` or `<<<`."""
    seen = set() if seen is None else seen
    for inc in INC_LOCAL.findall(_text(os.path.join(root, rel))):
        h = os.path.normpath(os.path.join(os.path.dirname(rel), inc))
        if h in seen or h.startswith("..") or not os.path.isfile(os.path.join(root, h)):
            continue
        seen.add(h)
        t = _text(os.path.join(root, h))
        if "__global__" in t or "<<<" in t or kernel_in_includes(root, h, seen):
            return True
    return False


def manifest(src):
    out = mt6.manifest(src, round_key="round8", programs="programs-test8.json",
                       note="eighth round's test collections (corpora.json "
                            "round8); see README.md and make-test8-manifest.py",
                       repo_flags=REPO_FLAGS)
    progs = json.load(open(os.path.join(HERE, "programs-test8.json")))["programs"]
    for r in out["repos"]:
        root = os.path.join(src, r["dir"])

        def path(f):
            return f["path"] if isinstance(f, dict) else f
        have = {path(f) for f in r["files"]}
        flags = {}
        for p in progs:
            if p["repo"] == r["repo"]:
                fl = p.get("flags", []) + [x for x in p.get("build_flags", [])
                                           if not x.startswith("-l")]
                for t in p["tus"]:
                    flags[t] = fl
        cus, included = [], set()
        for dp, _, fs in os.walk(root):
            for fn in fs:
                if fn.endswith(".cu"):
                    c = os.path.relpath(os.path.join(dp, fn), root)
                    cus.append(c)
                    for inc in mdm.INC_CU.findall(_text(os.path.join(dp, fn))):
                        included.add(os.path.normpath(
                            os.path.join(os.path.dirname(c), inc)))
        more = [c for c in cus if c not in have and c not in included
                and kernel_in_includes(root, c)]
        r["files"] = sorted(r["files"] + [{"path": c, "flags": flags[c]}
                                          if flags.get(c) else c for c in more],
                            key=path)
    return out


if __name__ == "__main__":
    mt6.cli(manifest)
