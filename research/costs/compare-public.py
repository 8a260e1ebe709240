#!/usr/bin/env python3
"""Predicted against measured savings of fixes to findings in public programs.

The public counterpart of scripts/eval/cost-compare.py (docs/costs.md,
"Fixes in public programs"). For each fix: the analyzer's JSON for the
program (run here, on the copy in .devcarry/costs-public), the launch of the
kernel the program makes, the predicted saving of fixing the named lines
(cost-compare.py's predicted_saving: the launch's estimated time less the
time with those accesses' excess removed), and the kernel's median time
before and after the fix from research/costs/measure-public.sh's ncu CSVs
(gpu__time_duration.sum of every launch of the kernel in every run).

  research/costs/compare-public.py [--lint build/bin/cuda-access-lint] \
      [--results research/costs/public-h100-results.tgz]

The held-out set (research/costs/test-fixes.md) is read from its JSON:

  research/costs/compare-public.py --fixes research/costs/fixes-test.json \
      --dir .devcarry/costs-test --results research/costs/test-h100-results.tgz

The copies under .devcarry/costs-public are not in the repository
(third-party code); research/costs/public-fixes.md says how they were made.
"""
import argparse, csv, importlib.util, io, json, os, re, statistics, subprocess, sys, tarfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
D = ".devcarry/costs-public"

spec = importlib.util.spec_from_file_location(
    "cost_compare", os.path.join(ROOT, "scripts/eval/cost-compare.py"))
cc = importlib.util.module_from_spec(spec)
spec.loader.exec_module(cc)

PROF = "professional-cuda-c-programming/examples/"
# id, where the finding is (upstream path), analyzer input (a copy; an
# "analysis" copy has the run's command-line sizes written in, same lines),
# nvcc flags, kernel, lines fixed, measurement (tag, kernel) before and
# after, the fix, how the program was run.
FIXES = [
    ("blog-transpose", "NVIDIA-developer-blog/code-samples series/cuda-cpp/transpose/transpose.cu",
     "blogtr/before/transpose.cu", [], "transposeCoalesced", [128],
     ("blogtr.before", "transposeCoalesced"), ("blogtr.after", "transposeCoalesced"),
     "pad tile [32][33] (--fix)", "no arguments: 1024x1024, 101 launches"),
    ("samples-transpose", "NVIDIA/cuda-samples Samples/6_Performance/transpose/transpose.cu",
     "samplestr/analysis/transpose.cu", ["-I" + D + "/samplestr/Common"], "transposeCoalesced", [160],
     ("samplestr.before", "transposeCoalesced"), ("samplestr.after", "transposeCoalesced"),
     "pad tile [32][33] (--fix)", "-dimX=4096 -dimY=4096, 101 launches"),
    ("pcuda-copyCol", PROF + "chapter04/transpose.cu",
     "prof/analysis/transpose.cu", [], "copyCol", [99],
     ("prof4.before", "copyCol"), ("prof4.after", "copyCol"),
     "row walk: out[iy*nx+ix] = in[iy*nx+ix]", "argument 1 (copyCol), 2048x2048, 5 runs"),
    ("pcuda-transposeSmem", PROF + "chapter05/transposeRectangle.cu",
     "prof/before/transposeRectangle.cu", [], "transposeSmem", [268],
     ("prof5.before", "transposeSmem"), ("prof5.before", "transposeSmemPad"),
     "pad tile (the program's transposeSmemPad, IPAD 2)", "no arguments: 4096x4096, 5 runs"),
    ("pcuda-transposeSmemUnroll", PROF + "chapter05/transposeRectangle.cu",
     "prof/before/transposeRectangle.cu", [], "transposeSmemUnroll", [146, 147],
     ("prof5.before", "transposeSmemUnroll"), ("prof5.before", "transposeSmemUnrollPad"),
     "pad tile (the program's transposeSmemUnrollPad)", "no arguments: 4096x4096, 5 runs"),
    ("pcuda-transposeSmemDyn", PROF + "chapter05/transposeRectangle.cu",
     "prof/before/transposeRectangle.cu", [], "transposeSmemDyn", [349],
     ("prof5.before", "transposeSmemDyn"), ("prof5.before", "transposeSmemPadDyn"),
     "pad tile (the program's transposeSmemPadDyn)", "no arguments: 4096x4096, 5 runs"),
    ("pcuda-setRowReadCol", PROF + "chapter05/checkSmemSquare.cu",
     "prof/before/checkSmemSquare.cu", [], "setRowReadCol", [81],
     ("profsq.before", "setRowReadCol"), ("profsq.after", "setRowReadCol"),
     "pad tile [32][33] (--fix)", "no arguments: 1 block, 5 runs"),
    ("pcuda-setColReadCol", PROF + "chapter05/checkSmemSquare.cu",
     "prof/before/checkSmemSquare.cu", [], "setColReadCol", [57, 63],
     ("profsq.before", "setColReadCol"), ("profsq.after", "setColReadCol"),
     "pad tile [32][33] (--fix)", "no arguments: 1 block, 5 runs"),
    ("fan-bank-transpose1", "brucefan1983/CUDA-Programming src/08-shared-memory/bank.cu",
     "bruce/analysis/bank.cu", [], "transpose1", [131],
     ("bruce.before", "transpose1"), ("bruce.after", "transpose1"),
     "pad tile [32][33] (--fix)", "argument 8192 (float), 11 launches"),
    ("packt-transpose-shared", "PacktPublishing/Learn-CUDA-Programming Chapter02/02_memory_overview/04_matrix_transpose/matrix_transpose.cu",
     "packt/before/matrix_transpose.cu", [], "matrix_transpose_shared", [41],
     ("packt.before", "matrix_transpose_shared"), ("packt.after", "matrix_transpose_shared"),
     "pad tile [32][33] (--fix)", "no arguments: 2048x2048 int, 5 runs"),
    ("pcuda-AoS", PROF + "chapter04/simpleMathAoS.cu",
     "aos/before/simpleMathAoS.cu", [], "testInnerStruct", [83, 86],
     ("aos.before", "testInnerStruct"), ("aos.after", "testInnerArray"),
     "structure of arrays (the book's simpleMathSoA.cu)", "no arguments: 2^22 elements, 5 runs"),
]


def probe_rates(path):
    """kernel -> units per SM per clock at the 16 MiB (L2) footprint, and
    kernel.dram at 1 GiB, from a throughput-probe CSV
    (research/probes/throughput-probe.cu)."""
    out = {}
    for line in open(path):
        f = line.strip().split(",")
        if len(f) == 7 and f[1] in ("16777216", "4096"):
            out[f[0]] = float(f[6])
        elif len(f) == 7 and f[1] == "1073741824":
            out[f[0] + ".dram"] = float(f[6])
    return out


def device_scale(device):
    """Multipliers of the analyzer's H100 rates for the device the runs were
    made on: the H200 is the same sm_90 chip (132 SMs, 1980 MHz) with
    faster memory. Each rate is scaled by what the same probe measured on
    the two parts: the throughput probe for L2 sectors and shared
    wavefronts, a 1 GiB device-to-device copy for DRAM (2978.6 GB/s on the
    H100, docs/costs.md). None for the H100."""
    if device == "h100":
        return None
    data = os.path.join(ROOT, "research/data")
    h100 = probe_rates(os.path.join(data, "throughput-h100.csv"))
    other = probe_rates(os.path.join(data, "throughput-%s.csv" % device))
    copy = [float(l.split(",")[1]) for l in open(os.path.join(data, "memcpy-%s.csv" % device))
            if l.startswith("gbps,")]
    return {"dram_bytes": statistics.median(copy) / 2978.6,
            "l2_load_sectors": other["ldSector"] / h100["ldSector"],
            "l2_store_sectors": other["stSector"] / h100["stSector"],
            "shared_wavefronts": other["shConflict"] / h100["shConflict"],
            # partly written store sectors: at the L2 rate where L2 holds
            # the launch's bytes, else at the 1 GiB probe's (rescale picks)
            "l2_partial_store_sectors": other["stSector"] / h100["stSector"],
            "l2_partial_store_sectors_dram": other["stSector.dram"] / h100["stSector.dram"],
            # the same chip at the same clock: one warp instruction a
            # scheduler a clock, one L1 line a clock, on both
            "warp_instructions": 1.0,
            "l1_lines": 1.0}


def rescale(entry, scale):
    """The entry with its estimated time redone at the scaled rates."""
    t = dict(entry["estimated_time"])
    dram = "_dram" if t.get("dram_bytes", 0) > 0 else ""
    t["rates"] = {k: v * scale[k + dram if k + dram in scale else k]
                  for k, v in t["rates"].items()}
    t["us"] = cc.time_without(t, {})
    by = {}
    for p in t["phases"]:
        terms = cc.phase_terms(p, t["rates"])
        k = max(terms, key=terms.get)
        by[k] = by.get(k, 0.0) + terms[k]
    t["bound_by"] = max(by, key=by.get)
    if t["arithmetic_us"] > sum(by.values()):
        t["bound_by"] = "arithmetic"
    return dict(entry, estimated_time=t)


def kernel_key(name):
    """A kernel's name as both sides write it: the analyzer prints an
    unsigned template argument as 1024U, c++filt as 32ul, ncu may print
    1024u or 1024: integer suffixes are dropped; ncu's kernel name has no
    namespace (vectorAdd for ns::vectorAdd): the qualifiers are dropped."""
    name = re.sub(r"^(?:\w+::)+", "", name)
    return re.sub(r"(\d+)(?:[uU][lL]{0,2}|[lL]{1,2}[uU]?)\b", r"\1", name)


def measured(results):
    """(tag.variant, kernel) -> list of microseconds, from the ncu CSVs."""
    out = {}
    with tarfile.open(results) as t:
        for m in t.getmembers():
            if not (m.name.startswith("ncu/") and m.name.endswith(".csv")):
                continue
            tag = ".".join(os.path.basename(m.name).split(".")[:2])
            lines = t.extractfile(m).read().decode().splitlines()
            head = [i for i, l in enumerate(lines) if l.startswith('"ID"')]
            if not head:
                continue
            for r in csv.DictReader(io.StringIO("\n".join(lines[head[0]:]))):
                if r["Metric Name"] != "gpu__time_duration.sum":
                    continue
                assert r["Metric Unit"] == "ns", r["Metric Unit"]
                k = r["Kernel Name"].split("(")[0]
                if k.startswith("void "):  # a template's name has its return type
                    k = k[len("void "):]
                out.setdefault((tag, kernel_key(k)), []).append(
                    float(r["Metric Value"].replace(",", "")) / 1000.0)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--lint", default=os.path.join(ROOT, "build/bin/cuda-access-lint"))
    ap.add_argument("--results", default=os.path.join(ROOT, "research/costs/public-h100-results.tgz"))
    ap.add_argument("--fixes", help="the fixes as JSON (fixes-test.json); default: FIXES above")
    ap.add_argument("--dir", default=D, help="where the copies are")
    ap.add_argument("--svg", help="write the predicted against measured savings here")
    ap.add_argument("--title", default="fixes in public programs")
    ap.add_argument("--device", default="h100", choices=["h100", "h200"],
                    help="the part the results were measured on (its rates: device_scale)")
    a = ap.parse_args()
    scale = device_scale(a.device)
    fixes = FIXES
    if a.fixes:
        spec = json.load(open(a.fixes))
        fixes = [(f["id"], f["upstream"], f["analyze"], f["flags"], f["kernel"], f["lines"],
                  tuple(f["before"]), tuple(f["after"]), f["fix"], f["run"]) for f in spec]
        # A finding in an included file: its accesses are those of that file.
        in_file = {f["id"]: f["finding_file"] for f in spec if f.get("finding_file")}
        # Divergent branches the same fix regroups (added to the development
        # sets' records after their measurement; see public-fixes.md).
        branch_lines = {f["id"]: f.get("branch_lines", []) for f in spec}
    else:
        in_file, branch_lines = {}, {}
    meas = measured(a.results)
    preds = {}
    rows = []
    for (fid, upstream, src, flags, kernel, lines, mb, ma, what, run) in fixes:
        if (src, tuple(flags)) not in preds:
            cmd = [a.lint, "--format=json", os.path.join(a.dir, src), "--"] + flags
            p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
            preds[(src, tuple(flags))] = json.loads(p.stdout)["kernels"]
        ents = [k for k in preds[(src, tuple(flags))]
                if k["name"] == kernel and k["launch"].get("source") == "host-launch"]
        if not ents:
            sys.exit("error: no host launch of %s in %s" % (kernel, src))
        e = ents[0]
        if scale:
            e = rescale(e, scale)
        if fid in in_file:
            e = dict(e, accesses=[x for x in e["accesses"]
                                  if x.get("file", "").endswith(in_file[fid])])
        pred, launch = cc.predicted_saving(e, lines, branch_lines.get(fid, ()))
        tb = meas[(mb[0], kernel_key(mb[1]))]
        ta = meas[(ma[0], kernel_key(ma[1]))]
        rows.append(dict(
            id=fid, where="%s:%s" % (upstream, ",".join(map(str, lines))), what=what, run=run,
            grid=e["launch"]["grid"], block=e["launch"]["block"],
            assumed=e["launch"].get("assumed"), certainty=e["estimated_time"].get("certainty"),
            bound=e["estimated_time"].get("bound_by"), predicted=pred or 0.0, launch=launch,
            before=statistics.median(tb), after=statistics.median(ta), n=(len(tb), len(ta))))
    print("| fix | finding (file:line) | the fix | launch (grid, block) | bound by | "
          "predicted launch (us) | measured before (us) | measured after (us) | "
          "predicted saving (us) | measured saving (us) | ratio |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    within = 0
    for r in rows:
        p, m = r["predicted"], r["before"] - r["after"]
        r["measured"] = m
        ok = p > 0 and m > 0 and 0.5 <= p / m <= 2
        within += ok
        ratio = "%.2f" % (p / m) if p > 0 and m > 0 else (
            "n/a (measured slower)" if m <= 0 else "n/a (predicted 0)")
        g = lambda v: "(%s)" % ",".join("?" if x is None else str(x) for x in v)
        print("| %s | %s | %s | %s %s, %s | %s | %.1f | %.1f | %.1f | %.1f | %.1f | %s%s |" % (
            r["id"], r["where"], r["what"], g(r["grid"]), g(r["block"]),
            r["certainty"], r["bound"], r["launch"], r["before"], r["after"],
            p, m, ratio, "" if ok else " *"))
    print()
    print("within a factor of 2: %d of %d (%.0f%%); Spearman rank correlation of "
          "predicted and measured savings: %.3f; of predicted launch time and "
          "measured time before: %.3f" % (
              within, len(rows), 100.0 * within / len(rows),
              cc.spearman([r["predicted"] for r in rows], [r["measured"] for r in rows]),
              cc.spearman([r["launch"] for r in rows], [r["before"] for r in rows])))
    if a.svg:
        cc.svg(rows, a.svg, a.title)
    print()
    print("runs: " + "; ".join("%s: %s (launches timed %d/%d)" % (r["id"], r["run"], *r["n"]) for r in rows))


if __name__ == "__main__":
    main()
