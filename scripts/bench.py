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

Generated mode: `scripts/bench.py --generated N [--repeat R]` writes one
file of N small kernels, each with its host launch (17625 make about
4.5 MB), and benches it as above: the per-kernel costs of generated code.

Scaling mode: `scripts/bench.py --scaling SVG [--repeat R]` times one
generated kernel whose grid-stride loop holds N statements written out
(N = 16 to 1024; scripts/eval/scaling.py's `unrolled`), the tool against
clang's parse of the same file, and draws both times and their difference
(the analysis) against N into SVG, with no plotting library.

Corpus mode: translation units of a public collection, each with its own
flags, run from its repository's directory as the whole-collection surveys
run them (research/unseen-code/survey-dev.py):

  scripts/bench.py --manifest M --src DIR [--sample N --seed S] --list > LIST
  scripts/bench.py --units LIST --src DIR [--repeat N] [--lint BIN]
  scripts/bench.py --manifest M --src DIR [--sample N --seed S] [--repeat N]

M is a whole-collection manifest (research/unseen-code/corpus-*-manifest.json:
repos -> files, each with the repository's flags and its own); the units are
those whose source exists under DIR/<repo dir>, in the manifest's order, or
a seeded random sample of N of them. --list prints them (one unit a line:
repo dir, path, flags, tab-separated) without timing anything, so that a
sample can be recorded before it is measured; --units reads such a list.
For each unit the baseline is the very command the tool builds for it: the
tool is run once with -v (untimed) and prints it (`command: clang++ ...`,
LintRun.cpp), and that command, which already has -fsyntax-only and
--cuda-host-only, is timed with the clang the tool links. The same untimed
run writes a --time-trace; two Frontend spans in it mean the tool also
parsed the device side (`dev`), and such a unit is also timed against
`clang++ -fsyntax-only` of both sides (that command without
--cuda-host-only, with the device side's -target-sdk-version as the tool
gives it). Then, --repeat times, taking turns: the tool cold (an empty
cache directory; its background builder waited for), clang, the tool warm
(a cache directory filled once by --header-cache=sync) and, for `dev`
units, clang on both sides. The tool runs with its default settings (the
10 s analysis budget, the background header cache) and --format=json. Per
unit: medians, their ratios, peak memory ratios, and the longest wall time
of any of the tool's runs. Summary: median and 90th percentile (nearest
rank) over the units of cold/clang and warm/clang, the units whose longest
tool run is over 10 s, and the units clang rejects (left out, listed).
--json FILE keeps every unit's record.
"""
import argparse, glob, json, math, os, random, re, shlex, shutil, statistics
import subprocess, sys, tempfile, threading, time

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


def generated_file(n, tmp):
    """N kernels of a guarded element-wise update, each launched by its own
    host function with a run-time grid: the shape of generated code (one
    kernel per operator) that stresses the per-kernel costs."""
    path = os.path.join(tmp, "generated-%d.cu" % n)
    with open(path, "w") as out:
        out.write("#include <cuda_runtime.h>\n")
        for i in range(n):
            out.write(
                f"__global__ void k{i}(float *a, const float *b, int n) {{\n"
                f"  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
                f"  if (i < n) a[i] = b[i] * {i % 97}.5f + a[(i + {i % 13}) % n];\n"
                f"}}\n"
                f"void launch{i}(float *a, const float *b, int n) "
                f"{{ k{i}<<<(n + 255) / 256, 256>>>(a, b, n); }}\n")
    return path


def main():
    global LINT
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--lint", default=LINT,
                    help="the tool's binary (default: build/bin's)")
    ap.add_argument("--manifest", help="corpus mode: a whole-collection manifest")
    ap.add_argument("--units", help="corpus mode: a list written by --list")
    ap.add_argument("--src", help="corpus mode: where the collections are")
    ap.add_argument("--sample", type=int, help="a random sample of N units")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--list", action="store_true",
                    help="print the units and stop (nothing is timed)")
    ap.add_argument("--json", help="corpus mode: keep every unit's record here")
    ap.add_argument("--timeout", type=float, default=600,
                    help="corpus mode: seconds a process may run")
    ap.add_argument("--generated", type=int, metavar="N",
                    help="bench one generated file of N small kernels, each "
                         "with its host launch (17625: about 4.5 MB)")
    ap.add_argument("--scaling", metavar="SVG",
                    help="time one kernel of 16 to 1024 statements against "
                         "clang and draw the times into SVG")
    ap.add_argument("files", nargs="*")
    a = ap.parse_args()
    LINT = a.lint
    if a.scaling:
        return scaling_main(a)
    if a.manifest or a.units:
        return corpus_main(a)
    gen_tmp = tempfile.mkdtemp(prefix="cal-bench-gen-")
    if a.generated:
        a.files = [generated_file(a.generated, gen_tmp)]
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
            name = os.path.basename(f) if a.generated else os.path.relpath(f, ROOT)
            print(row(name + (" dev" if kind == "dev" else ""),
                      res), flush=True)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
        shutil.rmtree(gen_tmp, ignore_errors=True)
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


# ---------------------------------------------------------------- corpus mode

def manifest_units(path, src):
    """(repo dir, path, flags) of every unit of a whole-collection manifest
    whose source exists under src, in the manifest's order; the flags are
    the repository's then the file's, as survey-dev.py gives them."""
    m = json.load(open(path))
    out = []
    for repo in m["repos"]:
        for f in repo["files"]:
            if isinstance(f, str):
                f = {"path": f}
            flags = list(repo.get("flags", [])) + list(f.get("flags", []))
            if os.path.isfile(os.path.join(src, repo["dir"], f["path"])):
                out.append((repo["dir"], f["path"], flags))
    return out


def read_units(path):
    out = []
    for line in open(path):
        if not line.strip() or line.startswith("#"):
            continue
        d, p, flags = line.rstrip("\n").split("\t")
        out.append((d, p, shlex.split(flags)))
    return out


def run_timed(cmd, cwd, timeout):
    """Wall seconds, peak RSS (KiB) and exit code of one child process
    (None for the code if it ran past timeout and was killed)."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    timer = threading.Timer(timeout, proc.kill)
    timer.start()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    timed_out = not timer.is_alive()
    timer.cancel()
    proc.returncode = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_maxrss, None if timed_out else proc.returncode


ERR = re.compile(r"(fatal )?error: ")


def probe(unit, src, tmp, timeout):
    """The untimed run with -v: the clang command the tool builds for the
    unit (argv[0] made the clang the tool links) and whether it parsed
    the device side too (two Frontend spans in its time trace)."""
    d, p, flags = unit
    trace = os.path.join(tmp, "probe-trace.json")
    cmd = [LINT, "-v", "--header-cache=off", "--format=json",
           "--time-trace=" + trace, p, "--", *flags]
    r = subprocess.run(cmd, cwd=os.path.join(src, d), capture_output=True,
                       text=True, timeout=timeout)
    command = None
    for line in r.stderr.splitlines():
        i = line.find("': command: ")
        if i >= 0:
            command = shlex.split(line[i + len("': command: "):])
    if command is None:
        raise RuntimeError(f"no `command:` note (exit {r.returncode}): "
                           + r.stderr.strip()[-300:])
    command[0] = CLANG
    frontends = count_bytes(trace, b'"name":"Frontend"')
    os.remove(trace)
    return command, frontends >= 2, r.returncode


def count_bytes(path, pat):
    """Occurrences of pat in a file, read 1 MiB at a time. Not json.load: a
    trace is up to 40 MB, its objects hundreds of MB, and what this process
    once held, every child it starts reports as its own peak RSS (the
    high-water mark passes through fork and exec)."""
    n, tail = 0, b""
    try:
        with open(path, "rb") as fh:
            while chunk := fh.read(1 << 20):
                buf = tail + chunk
                n += buf.count(pat)
                tail = buf[-(len(pat) - 1):]
    except OSError:
        pass
    return n


def both_sides(command):
    """The tool's host command without --cuda-host-only: clang parses host
    and device side, the device side with the SDK version the tool gives
    it (buildCompileArgs)."""
    i = command.index("--cuda-host-only")
    return command[:i] + ["-Xclang", "-target-sdk-version=12.9"] + command[i + 1:]


def first_error(cmd, cwd, timeout):
    r = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True,
                       timeout=timeout)
    if r.returncode == 0:
        return None
    for line in r.stderr.splitlines():
        if ERR.search(line):
            return line.strip()
    return f"exit {r.returncode}"


def measure_unit(unit, src, repeat, tmp, timeout):
    d, p, flags = unit
    root = os.path.join(src, d)
    rec = {"repo": d, "path": p, "flags": flags}
    command, dev, probe_rc = probe(unit, src, tmp, timeout)
    rec.update(command=command, dev=dev, probe_rc=probe_rc)
    # Untimed: clang's verdict (and the files read once into the page cache).
    err = first_error(command, root, timeout)
    if err is not None:
        rec["left_out"] = "clang -fsyntax-only rejects it: " + err
        return rec
    cmds = {"clang": command}
    if dev:
        err = first_error(both_sides(command), root, timeout)
        if err is None:
            cmds["both"] = both_sides(command)
        else:
            rec["both_rejected"] = err
    cold_dir, warm_dir = os.path.join(tmp, "cold"), os.path.join(tmp, "warm")
    shutil.rmtree(warm_dir, ignore_errors=True)

    def lint(cache, *opts):
        return [LINT, "--cache-dir=" + cache, "--format=json", *opts, p,
                "--", *flags]
    # The warm cache, filled once (not timed).
    subprocess.run(lint(warm_dir, "--header-cache=sync"), cwd=root,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   timeout=timeout)
    wait_for_builders(warm_dir)
    # What the warm runs will find (untimed): the -v note `header cache: ...`.
    r = subprocess.run([*lint(warm_dir)[:1], "-v", *lint(warm_dir)[1:]],
                       cwd=root, capture_output=True, text=True, timeout=timeout)
    rec["warm_cache"] = sorted({l.split("header cache: ", 1)[1].strip()
                                for l in r.stderr.splitlines()
                                if "header cache: " in l})
    wait_for_builders(warm_dir)
    cmds["warm"] = lint(warm_dir)
    runs = {k: [] for k in ["cold", "clang", "warm", "both"]}
    bad = []
    for _ in range(repeat):
        shutil.rmtree(cold_dir, ignore_errors=True)
        order = [("cold", lint(cold_dir))] + list(cmds.items())
        for k, cmd in order:
            wall, rss, code = run_timed(cmd, root, timeout)
            runs[k].append((wall, rss))
            # 1: findings; 2: the analyzer's "file has errors".
            ok = code == 0 if k in ("clang", "both") else code in (0, 1, 2)
            if not ok:
                bad.append(f"{k} exit {code if code is not None else 'timeout'}")
            # A run that missed starts a builder: let it finish first.
            if k == "cold":
                wait_for_builders(cold_dir)
            elif k == "warm":
                wait_for_builders(warm_dir)
    shutil.rmtree(cold_dir, ignore_errors=True)
    shutil.rmtree(warm_dir, ignore_errors=True)
    for k, r in runs.items():
        if r:
            rec[k] = {"median_s": statistics.median(x[0] for x in r),
                      "runs_s": [round(x[0], 4) for x in r],
                      "max_rss_kib": max(x[1] for x in r)}
    rec["tool_max_s"] = max(x[0] for k in ("cold", "warm") for x in runs[k])
    if bad:
        rec["failures"] = sorted(set(bad))
    return rec


def ratios(rec):
    c = rec["clang"]["median_s"]
    out = {"cold": rec["cold"]["median_s"] / c,
           "warm": rec["warm"]["median_s"] / c,
           "cold_mem": rec["cold"]["max_rss_kib"] / rec["clang"]["max_rss_kib"],
           "warm_mem": rec["warm"]["max_rss_kib"] / rec["clang"]["max_rss_kib"]}
    if "both" in rec:
        b = rec["both"]["median_s"]
        out["cold_both"] = rec["cold"]["median_s"] / b
        out["warm_both"] = rec["warm"]["median_s"] / b
    return out


def p90(xs):
    """90th percentile, nearest rank."""
    xs = sorted(xs)
    return xs[max(0, math.ceil(0.9 * len(xs)) - 1)]


HEAD = (f"{'clang s':>7} {'cold s':>6} {'warm s':>6} {'cold x':>6} "
        f"{'warm x':>6} {'max s':>6} {'cmem x':>6} {'wmem x':>6} "
        f"{'both s':>6} {'c/both':>6} {'w/both':>6}  unit")


def corpus_row(rec):
    r = ratios(rec)
    both = (f"{rec['both']['median_s']:6.3f} {r['cold_both']:6.2f} "
            f"{r['warm_both']:6.2f}" if "both" in rec else " " * 20)
    name = rec["repo"].split("+")[-1] + "/" + rec["path"]
    flags = (" dev" if rec["dev"] else "") + \
        (" [" + ", ".join(rec["failures"]) + "]" if "failures" in rec else "")
    return (f"{rec['clang']['median_s']:7.3f} {rec['cold']['median_s']:6.3f} "
            f"{rec['warm']['median_s']:6.3f} {r['cold']:6.2f} {r['warm']:6.2f} "
            f"{rec['tool_max_s']:6.2f} {r['cold_mem']:6.2f} {r['warm_mem']:6.2f} "
            f"{both}  {name}{flags}")


def corpus_main(a):
    if not a.src:
        sys.exit("bench: --src DIR is needed with --manifest or --units")
    if a.units:
        units = read_units(a.units)
    else:
        units = manifest_units(a.manifest, a.src)
        if a.sample is not None:
            idx = sorted(random.Random(a.seed).sample(range(len(units)),
                                                      min(a.sample, len(units))))
            units = [units[i] for i in idx]
    if a.list:
        for d, p, flags in units:
            print(f"{d}\t{p}\t{shlex.join(flags)}")
        return
    print(f"# {LINT}: " + subprocess.run([LINT, "--version"], capture_output=True,
          text=True).stdout.splitlines()[0], flush=True)
    print(f"# {CLANG}; {len(units)} units; --repeat {a.repeat}; "
          f"started {time.strftime('%Y-%m-%d %H:%M:%S')}; load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    print(HEAD, flush=True)
    recs, left_out, failed = [], [], []
    tmp = tempfile.mkdtemp(prefix="cal-bench-")
    try:
        for u in units:
            name = u[0].split("+")[-1] + "/" + u[1]
            try:
                rec = measure_unit(u, a.src, a.repeat, tmp, a.timeout)
            except (RuntimeError, subprocess.TimeoutExpired) as e:
                failed.append((name, str(e)))
                print(f"{'':>82}  {name} NOT MEASURED: {e}", flush=True)
                continue
            if "left_out" in rec:
                left_out.append((name, rec["left_out"]))
                print(f"{'left out':>82}  {name}: {rec['left_out']}", flush=True)
            else:
                recs.append(rec)
                print(corpus_row(rec), flush=True)
            if a.json:
                json.dump(recs + [{"left_out": n, "why": w} for n, w in left_out],
                          open(a.json, "w"), indent=1)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"# finished {time.strftime('%Y-%m-%d %H:%M:%S')}; load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    summary(recs, left_out, failed, len(units))


def summary(recs, left_out, failed, n):
    print(f"\nSUMMARY: {n} units; {len(recs)} measured; {len(left_out)} left out "
          f"(clang rejects them); {len(failed)} not measured (the tool's probe "
          f"failed)")
    if not recs:
        return
    rs = [ratios(r) for r in recs]
    cold = [r["cold"] for r in rs]
    warm = [r["warm"] for r in rs]
    dev = [r for r in recs if r["dev"]]
    print(f"  cold / clang (the tool's host command): median {statistics.median(cold):.2f}"
          f"  p90 {p90(cold):.2f}  (target: median <= 1.05, p90 <= 1.5)")
    print(f"  warm / clang (the tool's host command): median {statistics.median(warm):.2f}"
          f"  p90 {p90(warm):.2f}  (target: median <= 0.3, p90 <= 1.0)")
    # Units that need the device pass against clang parsing both sides.
    alt_c = [r.get("cold_both", r["cold"]) for r in rs]
    alt_w = [r.get("warm_both", r["warm"]) for r in rs]
    print(f"  with the {len(dev)} dev units against clang on both sides "
          f"({sum('cold_both' in r for r in rs)} of them parsed by clang): "
          f"cold median {statistics.median(alt_c):.2f} p90 {p90(alt_c):.2f}; "
          f"warm median {statistics.median(alt_w):.2f} p90 {p90(alt_w):.2f}")
    one = [r for r, x in zip(rs, recs) if not x["dev"]]
    if one:
        print(f"  one-pass units only ({len(one)}): cold median "
              f"{statistics.median(r['cold'] for r in one):.2f} p90 "
              f"{p90([r['cold'] for r in one]):.2f}; warm median "
              f"{statistics.median(r['warm'] for r in one):.2f} p90 "
              f"{p90([r['warm'] for r in one]):.2f}")
    over = [r for r in recs if r["tool_max_s"] > 10]
    print(f"  units whose longest tool run (cold or warm, default budget) is "
          f"over 10 s: {len(over)}"
          + "".join(f"\n    {r['tool_max_s']:.2f} s {r['repo']}/{r['path']}"
                    for r in over))
    slow = sorted(recs, key=lambda r: -r["tool_max_s"])[:10]
    print("  slowest units (longest tool run; medians clang / cold / warm):")
    for r in slow:
        print(f"    {r['tool_max_s']:6.2f} s  {r['clang']['median_s']:.2f} / "
              f"{r['cold']['median_s']:.2f} / {r['warm']['median_s']:.2f}  "
              f"{r['repo']}/{r['path']}{' dev' if r['dev'] else ''}")
    fails = [r for r in recs if "failures" in r]
    if fails:
        print("  units with a failed or timed-out run:" + "".join(
            f"\n    {r['repo']}/{r['path']}: {', '.join(r['failures'])}"
            for r in fails))
    for name, why in left_out:
        print(f"  left out: {name}: {why}")
    for name, why in failed:
        print(f"  not measured: {name}: {why}")


STATEMENTS = [16, 32, 64, 128, 256, 512, 1024]


def svg_plot(xs, series, xlabel, ylabel):
    """A line plot, x on a log2 scale, as SVG text: `series` is a list of
    (label, ys, colour, dashed)."""
    W, H, L, R, T, B = 640, 380, 70, 20, 20, 60
    ymax = max(max(ys) for _, ys, _, _ in series) * 1.1
    lx = [math.log2(x) for x in xs]
    px = lambda x: L + (math.log2(x) - lx[0]) / (lx[-1] - lx[0]) * (W - L - R)
    py = lambda y: H - B - y / ymax * (H - T - B)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" '
           f'font-family="sans-serif" font-size="12">',
           f'<rect width="{W}" height="{H}" fill="white"/>',
           f'<line x1="{L}" y1="{H - B}" x2="{W - R}" y2="{H - B}" stroke="black"/>',
           f'<line x1="{L}" y1="{T}" x2="{L}" y2="{H - B}" stroke="black"/>']
    for x in xs:
        out.append(f'<text x="{px(x):.1f}" y="{H - B + 16}" '
                   f'text-anchor="middle">{x}</text>')
    step = 10 ** math.floor(math.log10(ymax / 2))
    step *= 2 if ymax / step > 10 else 1
    y = 0.0
    while y <= ymax:
        out.append(f'<line x1="{L}" y1="{py(y):.1f}" x2="{W - R}" '
                   f'y2="{py(y):.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{L - 6}" y="{py(y) + 4:.1f}" '
                   f'text-anchor="end">{y:g}</text>')
        y += step
    out.append(f'<text x="{(L + W - R) / 2}" y="{H - 20}" '
               f'text-anchor="middle">{xlabel}</text>')
    out.append(f'<text x="16" y="{(T + H - B) / 2}" text-anchor="middle" '
               f'transform="rotate(-90 16 {(T + H - B) / 2})">{ylabel}</text>')
    for i, (label, ys, colour, dashed) in enumerate(series):
        pts = " ".join(f"{px(x):.1f},{py(v):.1f}" for x, v in zip(xs, ys))
        dash = ' stroke-dasharray="6 4"' if dashed else ""
        out.append(f'<polyline points="{pts}" fill="none" stroke="{colour}" '
                   f'stroke-width="2"{dash}/>')
        for x, v in zip(xs, ys):
            out.append(f'<circle cx="{px(x):.1f}" cy="{py(v):.1f}" r="3" '
                       f'fill="{colour}"/>')
        out.append(f'<line x1="{L + 20}" y1="{T + 14 + 18 * i}" x2="{L + 50}" '
                   f'y2="{T + 14 + 18 * i}" stroke="{colour}" stroke-width="2"'
                   f'{dash}/>')
        out.append(f'<text x="{L + 58}" y="{T + 18 + 18 * i}">{label}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def scaling_main(a):
    """--scaling: the tool's time against statements in one kernel."""
    import importlib.util
    spec = importlib.util.spec_from_file_location(
        "scaling", os.path.join(ROOT, "scripts", "eval", "scaling.py"))
    scaling = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(scaling)
    tmp = tempfile.mkdtemp(prefix="cal-bench-scaling-")
    rows = []
    try:
        path = os.path.join(tmp, "unrolled.cu")
        print(f"{'statements':>10} {'tool s':>8} {'clang s':>8} {'ratio':>6} "
              f"{'analysis s':>10} {'ms/statement':>12}", flush=True)
        for n in STATEMENTS:
            with open(path, "w") as fh:
                fh.write(scaling.unrolled(n))
            lint = [LINT, "--header-cache=off", "--format=json", "--quiet",
                    path, "--"]
            (t, _), (c, _) = scaling.median_runs(
                [lint, baseline_args(path)], a.repeat)
            rows.append((n, t, c))
            print(f"{n:>10} {t:8.3f} {c:8.3f} {t / c:6.2f} {t - c:10.3f} "
                  f"{(t - c) / n * 1000:12.2f}", flush=True)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    xs = [n for n, _, _ in rows]
    svg = svg_plot(xs, [
        ("cuda-access-lint", [t for _, t, _ in rows], "#1f77b4", False),
        ("clang -fsyntax-only", [c for _, _, c in rows], "#ff7f0e", True),
        ("the difference (the analysis)", [t - c for _, t, c in rows],
         "#2ca02c", False)],
        "statements in the kernel's loop body (log scale)", "wall time (s)")
    with open(a.scaling, "w") as fh:
        fh.write(svg)
    print(f"wrote {a.scaling}")


if __name__ == "__main__":
    main()
