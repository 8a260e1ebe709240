#!/usr/bin/env python3
"""Writes corpus-dev-manifest.json: every CUDA translation unit of the three
development collections of corpora.json (a .cu file with a `__global__` or a
`<<<` that no other .cu file #includes, the rule of scripts/eval/corpus-report.py
--write-manifest), with the flags each needs, in the manifest format of
research/data/corpus-manifest.json (paths and flags relative to the repository's
directory under --src; per-file flags in {"path", "flags"} entries).

  research/unseen-code/make-dev-manifest.py --src /work/corpus-unseen \
      > research/unseen-code/corpus-dev-manifest.json

Flags come from the collections' Makefiles (include directories, -D); the
architecture is -arch=sm_90 everywhere (the Makefiles' sm_60 is not built by
nvcc 13); SHOC and Tartan also get -DcudaThreadSynchronize=cudaDeviceSynchronize
(removed in CUDA 13), as research/data/corpus-manifest.json does for Rodinia, and
Tartan -DcomputeMode=major -DclockRate=major (its copies of the samples'
helper_cuda.h read two cudaDeviceProp fields that CUDA 13 removed). Quoted #includes that the Makefile-derived directories do not
resolve are looked up in the file's program directory (and the collection's
common/inc) and that header's directory is added (Tartan only; reported in
"resolved").
"""
import argparse, json, os, re, sys

INC_CU = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+\.cu)[>"]', re.M)
INC_Q = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)
COMMITS = json.load(open(os.path.join(os.path.dirname(__file__),
                                      "corpora.json")))["development"]
COMMITS = {c["repo"]: c["commit"] for c in COMMITS["collections"]}
ARCH = "-arch=sm_90"
# CUDA 13 removed cudaThreadSynchronize; research/data/corpus-manifest.json
# passes the same -D for Rodinia and polybenchGpu.
SYNC = "-DcudaThreadSynchronize=cudaDeviceSynchronize"


def tus(root):
    cus = []
    for dp, _, fs in os.walk(root):
        for fn in fs:
            if fn.endswith(".cu"):
                cus.append(os.path.relpath(os.path.join(dp, fn), root))
    texts, included = {}, set()
    for c in cus:
        with open(os.path.join(root, c), errors="replace") as fh:
            texts[c] = fh.read()
        for inc in INC_CU.findall(texts[c]):
            included.add(os.path.normpath(os.path.join(os.path.dirname(c),
                                                       inc)))
    return sorted(c for c in cus if c not in included
                  and ("__global__" in texts[c] or "<<<" in texts[c]))


def tartan_flags(f):
    """Makefile flags of a Tartan file, as paths from the repository root."""
    p = f.split("/")
    fl = []
    if p[0] == "microbenchmark":
        prog = "/".join(p[:2])
        fl += ["-I" + prog, "-Imicrobenchmark/common/inc"]
        if p[1].endswith("_cl"):
            fl += ["-I" + prog + "/src"]
    elif p[0] == "scale-out":
        prog = "/".join(p[:3])
        fl += ["-I" + prog, "-Iscale-out/common/inc",
               "-Iscale-out/common/libconfig-1.4.9"]
        name = p[2]
        if name == "comd":
            fl += ["-DMAXATOMS=64", "-DDO_MPI", "-DCOMD_DOUBLE", "-DNDEBUG"]
        elif name == "hit":
            fl += ["-DNSS=128"]
        elif name == "diffusion":
            fl += ["-Xcompiler", "-fopenmp"]
        elif name == "prbench":
            fl += ["-I" + prog + "/cub"]
    elif p[0] == "scale-up":
        prog = "/".join(p[:3])
        name = p[2]
        fl += ["-I" + prog, "-Iscale-up/common/inc"]
        if name == "convnet2":
            fl = ["-I" + prog + "/" + p[3] + "/include",
                  "-Iscale-up/common/inc"]
        elif name == "trueke":
            fl += ["-D_FORCE_INLINES", "-Xcompiler", "-fopenmp"]
        elif name in ("gmm", "cusimann"):
            fl += ["-Xcompiler", "-fopenmp"]
    else:
        prog = os.path.dirname(f)
    return prog, fl


def resolve(root, f, prog, flags, extra_roots):
    """Adds -I for quoted includes that nothing resolves, searching the
    program's directory tree (and extra_roots) for the header."""
    added, seen = [], set()
    todo = [f]
    while todo:
        cur = todo.pop()
        if cur in seen:
            continue
        seen.add(cur)
        try:
            text = open(os.path.join(root, cur), errors="replace").read()
        except OSError:
            continue
        for inc in INC_Q.findall(text):
            dirs = [os.path.dirname(cur)] + [x[2:] for x in flags + added
                                             if x.startswith("-I")]
            hit = next((os.path.normpath(os.path.join(d, inc)) for d in dirs
                        if os.path.isfile(os.path.join(root, d, inc))), None)
            if hit is None:
                cands = []
                for base in [prog] + extra_roots:
                    for dp, _, fs in os.walk(os.path.join(root, base)):
                        rel = os.path.relpath(os.path.join(dp, os.path.basename(inc)), root)
                        if os.path.basename(inc) in fs and rel.endswith(inc):
                            cands.append(rel)
                if cands:
                    cands.sort(key=len)
                    hit = cands[0]
                    d = hit[: len(hit) - len(inc)].rstrip("/") or "."
                    added.append("-I" + d)
            if hit is not None:
                todo.append(hit)
    return added


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--src", default="/work/corpus-unseen")
    a = ap.parse_args()
    out = {"version": 1,
           "note": "development collections of corpora.json; see "
                   "corpus-dev.md and make-dev-manifest.py",
           "repos": []}
    resolved = {}
    for repo, d in [("olcf/cuda-training-series", "olcf+cuda-training-series"),
                    ("vetter/shoc", "vetter+shoc"),
                    ("uuudown/Tartan", "uuudown+Tartan")]:
        root = os.path.join(a.src, d)
        entry = {"repo": repo, "commit": COMMITS[repo], "dir": d}
        files = tus(root)
        if repo == "vetter/shoc":
            # config.mk: -I$(top_srcdir)/src/common, CUDA_CPPFLAGS:
            # -I$(top_srcdir)/src/cuda/common; config.h is configure's output,
            # compat/shoc/config.h stands in for it.
            entry["flags"] = [ARCH, "-Isrc/common", "-Isrc/cuda/common",
                              "-I../compat/shoc", SYNC]
            entry["files"] = files
        elif repo == "uuudown/Tartan":
            # common/inc/helper_cuda.h (a CUDA 8/9 samples copy) reads
            # cudaDeviceProp::computeMode and ::clockRate, which CUDA 13
            # removed; both -D are host-side only and touch no kernel.
            entry["flags"] = [ARCH, SYNC, "-DcomputeMode=major",
                              "-DclockRate=major"]
            entry["files"] = []
            for f in files:
                prog, fl = tartan_flags(f)
                common = [x[2:] for x in fl if x.endswith("common/inc")]
                add = resolve(root, f, prog, fl, common)
                if add:
                    resolved[f] = add
                entry["files"].append({"path": f, "flags": fl + add})
        else:
            entry["flags"] = [ARCH]
            entry["files"] = files
        out["repos"].append(entry)
    out["resolved"] = resolved
    json.dump(out, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
