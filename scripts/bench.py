#!/usr/bin/env python3
"""Benchmark: cuda-access-lint against `clang -fsyntax-only` on the same file
with the same flags, measured in the same run. Prints, per file and overall,
the ratios of wall time and of peak memory (max RSS). Not a test: it
asserts nothing; the target (see README) is at most 1.10x.

Usage: scripts/bench.py [--repeat N] [files...]   (default: kernels/*.cu and
the lit test sources)
"""
import argparse, glob, os, statistics, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LINT = os.path.join(ROOT, "build", "bin", "cuda-access-lint")
CLANG = "/usr/lib/llvm-22/bin/clang++"
EXTRA = ["-I" + os.path.join(ROOT, "runtime", "include")]


def baseline_args(path):
    # The same arguments the analyzer's frontend builds (CudaFrontend.cpp).
    return [CLANG, "-x", "cuda", "--cuda-host-only", "-fsyntax-only",
            "-std=c++17", "--cuda-gpu-arch=sm_90", "-nocudalib",
            "-Wno-unknown-cuda-version", "--cuda-path=/usr/local/cuda",
            *EXTRA, path]


def measure(cmd):
    """Wall seconds and peak RSS (KiB) of one child process."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) not in (0, 1):
        sys.exit(f"bench: {' '.join(cmd)} failed with status {status}")
    return wall, usage.ru_maxrss


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    files = a.files or sorted(glob.glob(os.path.join(ROOT, "kernels", "*.cu")) +
                              glob.glob(os.path.join(ROOT, "test", "lit", "*", "*.cu")))
    print(f"{'file':45} {'lint s':>7} {'clang s':>7} {'time x':>7} "
          f"{'lint MiB':>8} {'clang MiB':>9} {'mem x':>6}")
    tot = [0.0, 0.0, 0, 0]
    for f in files:
        lint = [measure([LINT, "--format=json", f, "--", *EXTRA])
                for _ in range(a.repeat)]
        base = [measure(baseline_args(f)) for _ in range(a.repeat)]
        lt = statistics.median(x[0] for x in lint)
        bt = statistics.median(x[0] for x in base)
        lm = max(x[1] for x in lint)
        bm = max(x[1] for x in base)
        tot = [tot[0] + lt, tot[1] + bt, max(tot[2], lm), max(tot[3], bm)]
        print(f"{os.path.relpath(f, ROOT):45} {lt:7.3f} {bt:7.3f} {lt / bt:7.2f} "
              f"{lm / 1024:8.1f} {bm / 1024:9.1f} {lm / bm:6.2f}")
    print(f"{'TOTAL (time summed, memory max)':45} {tot[0]:7.3f} {tot[1]:7.3f} "
          f"{tot[0] / tot[1]:7.2f} {tot[2] / 1024:8.1f} {tot[3] / 1024:9.1f} "
          f"{tot[2] / tot[3]:6.2f}")


if __name__ == "__main__":
    main()
