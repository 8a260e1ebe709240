#!/usr/bin/env python3
"""Scaling benchmark: the analyzer's time and peak memory as a function of
the number of kernels in a file, the number of evaluated warps, the
trip count of a loop, and the statements of one kernel's loop body, each
against `clang -fsyntax-only` of the same
generated file measured in the same run. Not a test: it asserts nothing.

Every point is a fresh process, the median of --repeat runs, with the
header cache off (the parse is then what clang's is). Prints a table, writes
scaling.csv into --out, and, when matplotlib is installed (Debian:
python3-matplotlib), one SVG per axis.

  scripts/eval/scaling.py [--repeat 3] [--out research/data/scaling]
"""
import argparse, csv, os, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LINT = os.path.join(ROOT, "build", "bin", "cuda-access-lint")
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from importlib import import_module  # noqa: E402

bench = import_module("bench")


def kernel(i, trip=4, block=256):
    """One kernel with a coalesced load, a strided store, a shared-memory
    round trip and a loop of `trip` iterations, and its host launch."""
    return f"""
__global__ void k{i}(const float *a, float *b, int n) {{
  __shared__ float s[1024];
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = a[t];
  __syncthreads();
  float acc = 0;
  for (int j = 0; j < {trip}; ++j)
    acc += s[(threadIdx.x + j) % 256];
  b[t * 2] = acc;
}}
void launch{i}(const float *a, float *b) {{ k{i}<<<64, {block}>>>(a, b, 1 << 20); }}
"""


def unrolled(statements):
    """One kernel whose grid-stride loop holds `statements` statements written
    out (macro-unrolled code): the cost per statement of a long body."""
    body = "".join(f"    acc += a[i] * {j % 97}.5f;\n" for j in range(statements))
    return f"""
__global__ void u(const float *a, float *b, int n) {{
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x) {{
    float acc = 0;
{body}    b[i] = acc;
  }}
}}
void launch(const float *a, float *b) {{ u<<<64, 256>>>(a, b, 1 << 20); }}
"""


def file_text(kernels, trip=4, block=256):
    return "".join(kernel(i, trip, block) for i in range(kernels))


def median_runs(cmds, repeat):
    runs = [[] for _ in cmds]
    for _ in range(repeat):
        for r, cmd in zip(runs, cmds):
            r.append(bench.measure(cmd))
    return [(statistics.median(x[0] for x in r), max(x[1] for x in r))
            for r in runs]


AXES = {
    # name: (label, values, text for a value)
    "kernels": ("kernels in the file", [1, 25, 50, 100, 200, 400],
                lambda v: file_text(v)),
    # The analyzer evaluates every warp of the grid's representative
    # blocks (first, middle, last per dimension): 3 blocks of 64 here.
    "warps": ("warps per block (16 kernels, 3 evaluated blocks each)",
              [1, 2, 4, 8, 16, 32], lambda v: file_text(16, block=32 * v)),
    "trip": ("iterations of each kernel's loop (16 kernels)",
             [1, 4, 16, 64, 256, 1024, 4096],
             lambda v: file_text(16, trip=v)),
    "statements": ("statements in one kernel's loop body (1 kernel)",
                   [16, 64, 256, 1024], unrolled),
}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--out", default=os.path.join(ROOT, "research", "data",
                                                  "scaling"))
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "gen.cu")
        for axis, (label, values, make) in AXES.items():
            print(f"# {label}", flush=True)
            print(f"{'value':>8} {'lint s':>8} {'clang s':>8} {'lint-clang s':>12} "
                  f"{'lint MiB':>9} {'clang MiB':>9}", flush=True)
            for v in values:
                with open(path, "w") as fh:
                    fh.write(make(v))
                lint = [LINT, "--header-cache=off", "--format=json",
                        "--quiet", path, "--"]
                (lt, lm), (ct, cm) = median_runs(
                    [lint, bench.baseline_args(path)], a.repeat)
                rows.append({"axis": axis, "value": v, "lint_s": lt,
                             "clang_s": ct, "lint_kib": lm, "clang_kib": cm})
                print(f"{v:>8} {lt:8.3f} {ct:8.3f} {lt - ct:12.3f} "
                      f"{lm / 1024:9.1f} {cm / 1024:9.1f}", flush=True)
    with open(os.path.join(a.out, "scaling.csv"), "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    try:
        import matplotlib
        matplotlib.use("svg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is not installed (Debian: python3-matplotlib): "
              "no plots", file=sys.stderr)
        return
    matplotlib.rcParams["svg.hashsalt"] = "cuda-access-lint"  # stable output
    for axis, (label, _, _) in AXES.items():
        pts = [r for r in rows if r["axis"] == axis]
        x = [r["value"] for r in pts]
        fig, (t, m) = plt.subplots(1, 2, figsize=(9, 3.5))
        t.plot(x, [r["lint_s"] for r in pts], "o-", label="cuda-access-lint")
        t.plot(x, [r["clang_s"] for r in pts], "s--", label="clang -fsyntax-only")
        m.plot(x, [r["lint_kib"] / 1024 for r in pts], "o-",
               label="cuda-access-lint")
        m.plot(x, [r["clang_kib"] / 1024 for r in pts], "s--",
               label="clang -fsyntax-only")
        for ax, y in ((t, "wall time (s)"), (m, "peak memory (MiB)")):
            ax.set_xlabel(label)
            ax.set_ylabel(y)
            ax.set_xscale("log" if axis in ("trip", "statements")
                          else "linear")
            ax.grid(True, alpha=0.3)
            ax.legend(fontsize=8)
        fig.tight_layout()
        fig.savefig(os.path.join(a.out, f"scaling-{axis}.svg"),
                    metadata={"Date": None})
        plt.close(fig)


if __name__ == "__main__":
    main()
