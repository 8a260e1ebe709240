#!/usr/bin/env python3
"""CPU time of two builds of cuda-access-lint on the same units, interleaved.

Usage: ab-cpu.py --before BIN --after BIN --units LIST [--src DIR] [-n N]
                 [--warm DIR]

LIST is a unit list of scripts/bench.py (repository directory, path, flags,
tab-separated). Each unit is analysed cold (--header-cache=off) N times by
each binary in turn; the figure is the median user+system CPU time of the
child, which a loaded shared machine disturbs less than the wall time.
With --warm, each binary has a header cache of its own under DIR, filled
for the unit (--header-cache=sync, untimed) before the timed runs use it.
Prints each unit's after/before ratio and their median.
"""
import argparse
import resource
import statistics
import subprocess


def cpu(cmd, cwd):
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, cwd=cwd, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--before", required=True)
    ap.add_argument("--after", required=True)
    ap.add_argument("--units", required=True)
    ap.add_argument("--src", default="/work/corpus-unseen")
    ap.add_argument("-n", type=int, default=3)
    ap.add_argument("--warm", help="cache directories under here")
    a = ap.parse_args()
    units = [l.rstrip("\n").split("\t") for l in open(a.units)
             if l.strip() and not l.startswith("#")]
    ratios = []
    for repo, path, flags in units:
        cwd = a.src + "/" + repo
        times = {a.before: [], a.after: []}
        mode = {}
        for i, b in enumerate((a.before, a.after)):
            if not a.warm:
                mode[b] = ["--header-cache=off"]
                continue
            mode[b] = ["--cache-dir=%s/%d" % (a.warm, i)]
            cpu([b, "--header-cache=sync"] + mode[b] +
                ["--quiet", "--format=json", path, "--"] + flags.split(), cwd)
        for _ in range(a.n):
            for b in (a.before, a.after):
                times[b].append(cpu([b] + mode[b] + ["--quiet",
                                                     "--format=json", path,
                                                     "--"] + flags.split(),
                                    cwd))
        mb = statistics.median(times[a.before])
        ma = statistics.median(times[a.after])
        ratios.append(ma / mb)
        print("%.2f  before %.2f s  after %.2f s  %s" % (ma / mb, mb, ma, path),
              flush=True)
    print("median after/before: %.3f over %d units" %
          (statistics.median(ratios), len(ratios)))


if __name__ == "__main__":
    main()
