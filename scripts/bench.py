#!/usr/bin/env python3
"""Benchmark: cuda-access-lint against `clang -fsyntax-only` on the same file
with the same flags, measured in the same run. Prints, per file and overall,
the ratios of wall time and of peak memory (max RSS). Not a test: it
asserts nothing. The targets (README): cold at most 1.10x, warm at most 0.3x.

Cold: the tool with an empty header cache (HeaderCache.h), as on a first run;
it parses every header and starts the builder of the cache entry in the
background, which the next measurement waits for (the user does not).
Warm: the tool with that entry in place. Off: the tool with
--header-cache=off, which is what the tool cost before the cache existed. Each has its own cache directory
under a temporary folder, so the user's cache is neither read nor written.

A file whose own text writes `__CUDA_ARCH__` (marked `dev` in the table) is
parsed twice by the analyzer, host and device side; its ratios are given
against the host-side parse and, in the last two columns (warm, cold),
against clang parsing both sides (`clang -fsyntax-only` without
--cuda-host-only), which is what a CUDA compiler does with the file. A file
that clang itself rejects is left out (its parse stops early). Every run is
a fresh process.

Usage: scripts/bench.py [--repeat N] [files...]   (default: kernels/*.cu and
the lit test sources)
"""
import argparse, glob, os, shutil, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LINT = os.path.join(ROOT, "build", "bin", "cuda-access-lint")
CLANG = "/usr/lib/llvm-22/bin/clang++"
EXTRA = ["-I" + os.path.join(ROOT, "runtime", "include")]
CCCL = "/usr/local/cuda/include/cccl"


def baseline_args(path, sides="--cuda-host-only"):
    # The same arguments the analyzer's frontend builds (CudaFrontend.cpp).
    # Both sides: the device side needs the SDK version the driver gives only
    # to the host side, or its `<<<>>>` launches are errors.
    side = [sides] if sides else ["-Xclang", "-target-sdk-version=12.9"]
    # CUDA 13 keeps libcu++, CUB and Thrust in include/cccl, which nvcc and
    # the analyzer search (CudaFrontend.cpp); without it clang stops at the
    # first <cuda/std/...> and its time means nothing.
    cccl = ["-isystem", CCCL] if os.path.isdir(CCCL) else []
    return [CLANG, "-x", "cuda", *side, "-fsyntax-only",
            "-std=c++17", "--cuda-gpu-arch=sm_90", "-nocudalib", "-fgpu-rdc",
            "-Wno-unknown-cuda-version", "--cuda-path=/usr/local/cuda",
            *cccl, *EXTRA, path]


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
    code = os.waitstatus_to_exitcode(status)
    # 1: findings or a clang error; 2: the analyzer's "file has errors".
    if code not in (0, 1, 2):
        sys.exit(f"bench: {' '.join(cmd)} failed with status {status}")
    # clang's own errors stop its parse early: such a baseline compares
    # nothing (the caller leaves the file out of the totals).
    if cmd[0] == CLANG and code != 0:
        raise BaselineFailed(" ".join(cmd))
    return wall, usage.ru_maxrss


class BaselineFailed(Exception):
    pass


def wait_for_builders(cache, limit=120):
    """Until the background builder of a cold run has finished (its lock and
    request files are gone), so that it does not load later measurements."""
    deadline = time.time() + limit
    while time.time() < deadline:
        if not (glob.glob(os.path.join(cache, "*.lock")) +
                glob.glob(os.path.join(cache, "*.request"))):
            return
        time.sleep(0.05)


def lint_cmd(f, cache, *opts):
    return [LINT, "--cache-dir=" + cache, "--format=json", *opts, f, "--",
            *EXTRA]


def measure_file(f, kind, repeat, tmp):
    """Median wall time and max RSS of: clang, lint cold, lint warm, and for
    `dev` files clang on both sides. The commands take turns, so that a
    change of machine load hits them alike."""
    cold_dir, warm_dir = os.path.join(tmp, "cold"), os.path.join(tmp, "warm")
    # Warm the warm cache once (not measured), synchronously.
    subprocess.run(lint_cmd(f, warm_dir, "--header-cache=sync"),
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    cmds = {"clang": baseline_args(f), "warm": lint_cmd(f, warm_dir),
            "off": lint_cmd(f, warm_dir, "--header-cache=off")}
    if kind == "dev":
        cmds["both"] = baseline_args(f, sides=None)
    runs = {k: [] for k in ["clang", "off", "cold", "warm", "both"]}
    for _ in range(repeat):
        shutil.rmtree(cold_dir, ignore_errors=True)
        runs["cold"].append(measure(lint_cmd(f, cold_dir)))
        wait_for_builders(cold_dir)
        for k, cmd in cmds.items():
            runs[k].append(measure(cmd))
    return {k: (statistics.median(x[0] for x in r), max(x[1] for x in r))
            for k, r in runs.items() if r}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    files = a.files or sorted(glob.glob(os.path.join(ROOT, "kernels", "*.cu")) +
                              glob.glob(os.path.join(ROOT, "test", "lit", "*", "*.cu")))
    print(f"{'file':46} {'clang s':>7} {'off s':>6} {'cold s':>6} "
          f"{'warm s':>6} {'off x':>6} {'cold x':>6} {'warm x':>6} "
          f"{'cold mem':>8} {'warm mem':>8} {'vs both':>7} {'cold/both':>9}",
          flush=True)
    keys = ["clang", "off", "cold", "warm", "both"]
    tot = {kind: {k: [0.0, 0] for k in keys} for kind in ("one", "dev")}
    tmp = tempfile.mkdtemp(prefix="cal-bench-")
    try:
        for f in files:
            kind = "dev" if needs_device_pass(f) else "one"
            try:
                res = measure_file(f, kind, a.repeat, tmp)
            except BaselineFailed as e:
                print(f"{os.path.relpath(f, ROOT):46} left out: clang -fsyntax-only "
                      f"fails on it ({e})", flush=True)
                continue
            for k, (t, m) in res.items():
                tot[kind][k][0] += t
                tot[kind][k][1] = max(tot[kind][k][1], m)
            print(row(os.path.relpath(f, ROOT) + (" dev" if kind == "dev" else ""),
                      res), flush=True)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    for kind, label in (("one", "TOTAL one pass (time summed, memory max)"),
                        ("dev", "TOTAL device pass")):
        t = tot[kind]
        if t["clang"][0]:
            print(row(label, {k: tuple(v) for k, v in t.items() if v[0]}))


def row(name, r):
    """Times, then ratios to clang (warm against both sides in the last
    column), then peak memory ratios."""
    ct, cm = r["clang"]
    ft, ot, wt = r["off"][0], r["cold"][0], r["warm"][0]
    both = f"{wt / r['both'][0]:7.2f}" if "both" in r else ""
    cold_both = f"{ot / r['both'][0]:9.2f}" if "both" in r else ""
    return (f"{name:46} {ct:7.3f} {ft:6.3f} {ot:6.3f} {wt:6.3f} "
            f"{ft / ct:6.2f} {ot / ct:6.2f} {wt / ct:6.2f} "
            f"{r['cold'][1] / cm:8.2f} {r['warm'][1] / cm:8.2f} {both:>7} "
            f"{cold_both:>9}")


if __name__ == "__main__":
    main()
