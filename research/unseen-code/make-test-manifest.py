#!/usr/bin/env python3
"""Writes corpus-test-manifest.json: every CUDA translation unit of the two
test collections of corpora.json (deeperlearning/professional-cuda-c-programming,
gpgpu-sim/ispass2009-benchmarks), with the flags each needs, in the manifest
format of research/data/corpus-manifest.json. The translation-unit rule is
make-dev-manifest.py's (a .cu file with a `__global__` or a `<<<` that no
other .cu file #includes); see corpus-test.md.

  research/unseen-code/make-test-manifest.py --src /work/corpus-unseen \
      > research/unseen-code/corpus-test-manifest.json

Flags:
- the book: its Makefiles' `nvcc -O2 -arch=sm_20/sm_30/sm_35` with
  -arch=sm_90 (nvcc 13 builds nothing older), and their other compile flags
  (link flags -l... left out: the survey compiles with -c): chapter 3's
  examples and solutions/chapter03/nestedHelloWorld{New,Limited}.cu
  -rdc=true, chapter 6 and chapter 10's crypt.openmp.cu -Xcompiler -fopenmp
  (programs-test.json's build_flags); a file that calls __shfl, __shfl_up,
  __shfl_down or __shfl_xor (no mask; not declared for sm_70 and later)
  `-include ../compat/shfl-sync.h`, as programs-test.json does for the two
  chapter-5 programs measured on the H100.
- ISPASS 2009: the programs build with the CUDA SDK 2.x common.mk (not in
  the repository), which compiles in the program's directory with -I. and
  the SDK's common/inc (cutil.h; absent here, so nvcc rejects the files that
  include it): -arch=sm_90 -O2 and -I<program directory> (the programs
  include their own headers and kernel .cu files with <...>), plus each
  Makefile's own: DG `-Dp_N=6 -DNDG3d -DCUDA -IDG/include`; CP (Parboil)
  `-ICP/common/include`; WP (makefile) `-DCUDA -DXXX=8 -DYYY=8 -DMKX=28
  -DDEBUG_I=59 -DDEBUG_J=45 -DDEBUG_K=1 --use_fast_math`; AES `-O3`
  (its CUFLAGS) instead of -O2. CP's `-Xcompiler -m32` is left out.
  Repository-wide, as make-dev-manifest.py does for SHOC and Tartan:
  -DcudaThreadSynchronize=cudaDeviceSynchronize (removed in CUDA 13; used
  by 11 of the 18 units) and -DclockRate=major (WP's wsm5.cu prints the
  cudaDeviceProp field CUDA 13 removed; host code only).
"""
import argparse, importlib.util, json, os, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location(
    "make_dev_manifest", os.path.join(HERE, "make-dev-manifest.py"))
mdm = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(mdm)

COMMITS = json.load(open(os.path.join(HERE, "corpora.json")))["test"]
COMMITS = {c["repo"]: c["commit"] for c in COMMITS["collections"]}
ARCH = "-arch=sm_90"
SHFL = re.compile(r"\b__shfl(_up|_down|_xor)?\s*\(")
SHFL_FLAGS = ["-include", "../compat/shfl-sync.h"]
RDC_SOLUTIONS = {"solutions/chapter03/nestedHelloWorldNew.cu",
                 "solutions/chapter03/nestedHelloWorldLimited.cu"}
OPENMP = ["-Xcompiler", "-fopenmp"]


def book_flags(root, f):
    fl = []
    if f.startswith("examples/chapter03/") or f in RDC_SOLUTIONS:
        fl += ["-rdc=true"]
    if (f.startswith("examples/chapter06/")
            or f == "examples/chapter10/crypt.openmp.cu"):
        fl += OPENMP
    with open(os.path.join(root, f), errors="replace") as fh:
        if SHFL.search(fh.read()):
            fl += SHFL_FLAGS
    return fl


ISPASS_PROG = {
    "DG": ["-Dp_N=6", "-DNDG3d", "-DCUDA", "-IDG/include"],
    "CP": ["-ICP/common/include"],
    "WP": ["-DCUDA", "-DXXX=8", "-DYYY=8", "-DMKX=28", "-DDEBUG_I=59",
           "-DDEBUG_J=45", "-DDEBUG_K=1", "--use_fast_math"],
}


def ispass_flags(f):
    prog = f.split("/")[0]
    opt = "-O3" if prog == "AES" else "-O2"
    return [opt, "-I" + os.path.dirname(f)] + ISPASS_PROG.get(prog, [])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--src", default="/work/corpus-unseen")
    a = ap.parse_args()
    out = {"version": 1,
           "note": "test collections of corpora.json; see corpus-test.md "
                   "and make-test-manifest.py",
           "repos": []}
    for repo, d in [("deeperlearning/professional-cuda-c-programming",
                     "deeperlearning+professional-cuda-c-programming"),
                    ("gpgpu-sim/ispass2009-benchmarks",
                     "gpgpu-sim+ispass2009-benchmarks")]:
        root = os.path.join(a.src, d)
        entry = {"repo": repo, "commit": COMMITS[repo], "dir": d}
        files = mdm.tus(root)
        if repo.startswith("deeperlearning/"):
            entry["flags"] = ["-O2", ARCH]
            entry["files"] = [({"path": f, "flags": book_flags(root, f)}
                               if book_flags(root, f) else f) for f in files]
        else:
            entry["flags"] = [ARCH, mdm.SYNC, "-DclockRate=major"]
            entry["files"] = [{"path": f, "flags": ispass_flags(f)}
                              for f in files]
        out["repos"].append(entry)
    json.dump(out, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
