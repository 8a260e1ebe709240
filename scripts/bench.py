#!/usr/bin/env python3
"""Benchmark: cuda-access-lint against `clang -fsyntax-only` on the same file
with the same flags, measured in the same run. Prints, per file and overall,
the ratios of wall time and of peak memory (max RSS). Not a test: it
asserts nothing; the target (see README) is at most 1.10x for files that
need one pass.

A file whose own text writes `__CUDA_ARCH__` (marked `dev` in the table) is
parsed twice by the analyzer, host and device side; its ratio is given
against the host-side parse and, in the last column, against clang parsing
both sides (`clang -fsyntax-only` without --cuda-host-only), which is what a
CUDA compiler does with the file. Every run is a fresh process.

Usage: scripts/bench.py [--repeat N] [files...]   (default: kernels/*.cu and
the lit test sources)
"""
import argparse, glob, os, statistics, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LINT = os.path.join(ROOT, "build", "bin", "cuda-access-lint")
CLANG = "/usr/lib/llvm-22/bin/clang++"
EXTRA = ["-I" + os.path.join(ROOT, "runtime", "include")]


def baseline_args(path, sides="--cuda-host-only"):
    # The same arguments the analyzer's frontend builds (CudaFrontend.cpp).
    # Both sides: the device side needs the SDK version the driver gives only
    # to the host side, or its `<<<>>>` launches are errors.
    side = [sides] if sides else ["-Xclang", "-target-sdk-version=12.9"]
    return [CLANG, "-x", "cuda", *side, "-fsyntax-only",
            "-std=c++17", "--cuda-gpu-arch=sm_90", "-nocudalib", "-fgpu-rdc",
            "-Wno-unknown-cuda-version", "--cuda-path=/usr/local/cuda",
            *EXTRA, path]


def needs_device_pass(path):
    """As the analyzer decides it: `__CUDA_ARCH__` in the file or in a
    header it includes with quotes from its own directory."""
    text = open(path, errors="replace").read()
    if "__CUDA_ARCH__" in text:
        return True
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("#include") and '"' in line:
            inc = os.path.join(os.path.dirname(path), line.split('"')[1])
            if os.path.exists(inc) and "__CUDA_ARCH__" in open(inc).read():
                return True
    return False


def measure(cmd):
    """Wall seconds and peak RSS (KiB) of one child process."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    # 1: findings or a clang error; 2: the analyzer's "file has errors".
    if os.waitstatus_to_exitcode(status) not in (0, 1, 2):
        sys.exit(f"bench: {' '.join(cmd)} failed with status {status}")
    return wall, usage.ru_maxrss


def median_runs(cmds, repeat):
    """Median wall time and peak RSS of each command. The commands take
    turns, so that a change of machine load hits them alike."""
    runs = [[] for _ in cmds]
    for _ in range(repeat):
        for r, cmd in zip(runs, cmds):
            r.append(measure(cmd))
    return [(statistics.median(x[0] for x in r), max(x[1] for x in r))
            for r in runs]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    files = a.files or sorted(glob.glob(os.path.join(ROOT, "kernels", "*.cu")) +
                              glob.glob(os.path.join(ROOT, "test", "lit", "*", "*.cu")))
    print(f"{'file':48} {'lint s':>7} {'clang s':>7} {'time x':>7} "
          f"{'lint MiB':>8} {'clang MiB':>9} {'mem x':>6} {'vs both':>7}")
    # Totals per kind of file: [lint s, clang s, lint KiB, clang KiB, both s]
    tot = {"one": [0.0, 0.0, 0, 0, 0.0], "dev": [0.0, 0.0, 0, 0, 0.0]}
    for f in files:
        kind = "dev" if needs_device_pass(f) else "one"
        cmds = [[LINT, "--format=json", f, "--", *EXTRA], baseline_args(f)]
        if kind == "dev":
            cmds.append(baseline_args(f, sides=None))
        res = median_runs(cmds, a.repeat)
        (lt, lm), (bt, bm) = res[0], res[1]
        both = ""
        t = tot[kind]
        t[:4] = [t[0] + lt, t[1] + bt, max(t[2], lm), max(t[3], bm)]
        if kind == "dev":
            wt = res[2][0]
            t[4] += wt
            both = f"{lt / wt:7.2f}"
        name = os.path.relpath(f, ROOT) + (" dev" if kind == "dev" else "")
        print(f"{name:48} {lt:7.3f} {bt:7.3f} {lt / bt:7.2f} "
              f"{lm / 1024:8.1f} {bm / 1024:9.1f} {lm / bm:6.2f} {both:>7}")
    for kind, label in (("one", "TOTAL one pass (time summed, memory max)"),
                        ("dev", "TOTAL device pass")):
        t = tot[kind]
        if not t[1]:
            continue
        both = f"{t[0] / t[4]:7.2f}" if t[4] else ""
        print(f"{label:48} {t[0]:7.3f} {t[1]:7.3f} {t[0] / t[1]:7.2f} "
              f"{t[2] / 1024:8.1f} {t[3] / 1024:9.1f} {t[2] / t[3]:6.2f} "
              f"{both:>7}")


if __name__ == "__main__":
    main()
