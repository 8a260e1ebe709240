#!/usr/bin/env python3
"""Oracle 2 (the H100's counters, docs/testing-at-scale.md), the half that
runs here: writes a batch of generated programs (test/fuzz/kernelgen.py, one seed per program) and the
analyzer's predictions for each, for research/gpu-fuzz/run-fuzz-gpu.sh to
measure on the GPU machine.

    research/gpu-fuzz/fuzz-gpu-prepare.py --lint build/bin/cuda-access-lint \\
        --seeds 1000-1039 --kernels 50 --out .devcarry/fuzz-gpu

writes OUT/programs/fuzz_SEED.cu and OUT/predictions/fuzz_SEED.json.
"""

import argparse
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "test", "fuzz"))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import kernelgen  # noqa: E402


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--lint", required=True)
    p.add_argument("--seeds", default="1000-1039")
    p.add_argument("--kernels", type=int, default=50)
    p.add_argument("--out", default=os.path.join(ROOT, ".devcarry", "fuzz-gpu"))
    p.add_argument("--arch", default="sm_90")
    p.add_argument("-j", type=int, default=2)
    p.add_argument("--max-elems", type=int, default=16384,
                   help="elements per array at most: a small pool keeps "
                   "CUPTI's kernel replay (which saves and restores device "
                   "memory) cheap")
    args = p.parse_args()
    a, _, b = args.seeds.partition("-")
    seeds = range(int(a), int(b or a) + 1)
    for d in ("programs", "predictions"):
        os.makedirs(os.path.join(args.out, d), exist_ok=True)

    def one(seed):
        prog = kernelgen.program(seed, args.kernels, max_elems=args.max_elems)
        cu = os.path.join(args.out, "programs", "fuzz_%d.cu" % seed)
        with open(cu, "w") as f:
            f.write("\n".join(prog.cu) + "\n")
        pred = os.path.join(args.out, "predictions", "fuzz_%d.json" % seed)
        r = subprocess.run([args.lint, "--format=json", "--quiet",
                            "--arch=" + args.arch, "--output=" + pred, cu])
        if r.returncode not in (0, 1):
            raise RuntimeError("cuda-access-lint failed on %s" % cu)
        return len(prog.kernels)

    with ThreadPoolExecutor(args.j) as ex:
        n = sum(ex.map(one, seeds))
    print("fuzz-gpu-prepare: %d programs, %d kernels in %s" %
          (len(seeds), n, args.out))


if __name__ == "__main__":
    main()
