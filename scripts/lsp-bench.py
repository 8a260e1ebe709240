#!/usr/bin/env python3
"""Re-analysis after an edit in the language server, against a cold run.

  scripts/lsp-bench.py [--tool build/bin/cuda-access-lint] [--runs 9]
                       [FILE.cu [KERNEL]]...

For each file (default: kernels/transpose.cu, kernels/coalescing.cu and
examples/access_patterns.cu): the cold time is the median wall time of
`cuda-access-lint --quiet FILE`, a fresh process each time; the edit time is
the median time from a didChange that changes one statement in the body of
KERNEL (default: the file's first __global__ function) to the
publishDiagnostics of that version, in one `cuda-access-lint --lsp` session.
Both use the header cache, warmed by one run before timing: a cold
process still parses the file and loads the precompiled headers, as the
server does after each edit. A second baseline, the first run, is the median
of `cuda-access-lint --quiet --header-cache=off FILE`: a process with
nothing warm, which parses every header as a first run on a machine does
(that run also starts the cache's builder in the background, which this
baseline leaves out). Prints each file's times and the ratios edit/cold
and edit/first run, then the ratios of the summed medians. A benchmark,
not a test: the figures depend on the machine and its load.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "test", "lsp"))
from lspclient import Client  # noqa: E402

DEFAULT_FILES = ["kernels/transpose.cu", "kernels/coalescing.cu",
                 "examples/access_patterns.cu"]


def body_start(text, kernel):
    """The offset just after the `{` that opens KERNEL's body (the first
    __global__ function when kernel is None)."""
    pattern = (r"__global__\s+void\s+%s\s*\(" % re.escape(kernel) if kernel
               else r"__global__\s+void\s+(\w+)\s*\(")
    m = re.search(pattern, text)
    if not m:
        sys.exit("no kernel %s" % (kernel or "(__global__ void)"))
    return text.index("{", m.end()) + 1, kernel or m.group(1)


def timed_runs(cmd, runs):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, cwd=ROOT)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def cold(tool, path, runs):
    # Builds any missing cache entry now, so that every timed run hits it
    # (a background build would still be running during them).
    subprocess.run([tool, "--quiet", "--header-cache=sync", path],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
    return timed_runs([tool, "--quiet", path], runs)


def first_run(tool, path, runs):
    return timed_runs([tool, "--quiet", "--header-cache=off", path], runs)


def edit(tool, path, kernel, runs):
    text = open(os.path.join(ROOT, path)).read()
    at, name = body_start(text, kernel)
    uri = "file://" + os.path.join(ROOT, path)
    c = Client([tool, "--lsp"], cwd=ROOT)
    c.request("initialize", {"processId": os.getpid(), "capabilities": {}})
    c.notify("initialized", {})
    c.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "cuda", "version": 1, "text": text}})
    c.diagnostics(uri, 1, timeout=300)
    times = []
    for v in range(2, runs + 3):
        # A statement of the kernel changes at each edit; its line count
        # and every other kernel stay as they were.
        changed = text[:at] + " (void)%d;" % v + text[at:]
        start = time.perf_counter()
        c.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": v},
            "contentChanges": [{"text": changed}]})
        c.diagnostics(uri, v, timeout=300)
        if v > 2:  # the first edit pays for the server's own warm-up
            times.append(time.perf_counter() - start)
    c.request("shutdown")
    c.notify("exit")
    c.wait_exit()
    return statistics.median(times), name


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tool", default=os.path.join(ROOT, "build", "bin",
                                                   "cuda-access-lint"))
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("inputs", nargs="*",
                    help="FILE.cu, optionally followed by a kernel name")
    a = ap.parse_args()
    pairs = []
    for item in a.inputs or DEFAULT_FILES:
        if item.endswith((".cu", ".cuh")):
            pairs.append([item, None])
        elif pairs:
            pairs[-1][1] = item
    tool = os.path.abspath(a.tool)
    total_cold = total_first = total_edit = 0.0
    print("| file | kernel edited | first run (ms) | cold run, cache warm (ms) "
          "| edit in the server (ms) | edit/first run | edit/cold |")
    print("|---|---|---|---|---|---|---|")
    for path, kernel in pairs:
        f = first_run(tool, path, a.runs)
        c = cold(tool, path, a.runs)
        e, name = edit(tool, path, kernel, a.runs)
        total_first += f
        total_cold += c
        total_edit += e
        print("| %s | %s | %.0f | %.0f | %.0f | %.2fx | %.2fx |" % (
            path, name, f * 1e3, c * 1e3, e * 1e3, e / f, e / c))
    print("\nall files: edit/first run = %.2fx, edit/cold = %.2fx" % (
        total_edit / total_first, total_edit / total_cold))


if __name__ == "__main__":
    main()
