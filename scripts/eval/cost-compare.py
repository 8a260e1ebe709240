#!/usr/bin/env python3
"""Predicted against measured savings of fixing findings (docs/costs.md).

Each fix is a pair of measured launches: a kernel with findings and the
same work written without them (the reference kernels of kernels/, timed on
the GPU by the verifier's suite run). The predicted saving is what the
analyzer's time model says fixing the named accesses of the first kernel
saves: its launch's estimated time less the time with those accesses'
excess removed, recomputed here from the JSON's "estimated_time" terms and
rates and each access's "cost" (LaunchTime.h). The measured saving is the
difference of the two median times.

  cost-compare.py --predictions P.json --measurements M.json \
      [--markdown] [--svg F.svg]

P.json: cuda-access-lint --format=json kernels/*.cu
M.json: the suite's measurement record (test/data/measurements-h100.json)
"""
import argparse, json, math, sys

# (before label, after label, accesses fixed: lines of the before kernel's
# file, argument values that pick the before launch where the grid does
# not, what the fix is)
FIXES = [
    ("coalescing.stride_32", "coalescing.copy_float", [28], {"Stride": 32},
     "consecutive lanes take consecutive elements"),
    ("coalescing.stride_8", "coalescing.copy_float", [28], {"Stride": 8},
     "consecutive lanes take consecutive elements"),
    ("coalescing.stride_3", "coalescing.copy_float", [28], {"Stride": 3},
     "consecutive lanes take consecutive elements"),
    ("coalescing.stride_2", "coalescing.copy_float", [28], {"Stride": 2},
     "consecutive lanes take consecutive elements"),
    ("coalescing.aos_member", "coalescing.copy_float", [53], {},
     "structure of arrays"),
    ("transpose.4096.naive", "transpose.4096.padded", [40], {},
     "stage through a padded shared tile"),
    ("transpose.4000.naive", "transpose.4000.padded", [40], {},
     "stage through a padded shared tile"),
    ("transpose.16384.naive", "transpose.16384.padded", [40], {},
     "stage through a padded shared tile"),
    ("transpose.4096.tile", "transpose.4096.padded", [53], {},
     "pad the shared tile ([32][33])"),
    ("transpose.4000.tile", "transpose.4000.padded", [53], {},
     "pad the shared tile ([32][33])"),
    ("transpose.16384.tile", "transpose.16384.padded", [53], {},
     "pad the shared tile ([32][33])"),
    ("shared_banks.stride_32", "shared_banks.stride_1", [32, 34],
     {"Stride": 32}, "odd shared stride"),
    ("shared_banks.stride_16", "shared_banks.stride_1", [32, 34],
     {"Stride": 16}, "odd shared stride"),
    ("shared_banks.stride_8", "shared_banks.stride_1", [32, 34],
     {"Stride": 8}, "odd shared stride"),
    ("add_matrix.2d", "add_matrix.2d_col", [32, 34], {},
     "consecutive lanes take consecutive columns"),
    ("add_matrix.2d_regrouped", "add_matrix.2d_col_regrouped", [43, 46], {},
     "consecutive lanes take consecutive columns"),
    ("add_matrix.row_loop", "add_matrix.col_loop", [22, 24], {},
     "consecutive lanes take consecutive columns"),
]


def find_entry(kernels, meas, args):
    c = [k for k in kernels
         if k["mangled_name"] == meas["mangled_name"]
         and k["launch"]["grid"] == meas["grid"]
         and k["launch"]["block"] == meas["block"]
         and all(k["launch"].get("arguments", {}).get(n) == v
                 for n, v in args.items())]
    if len(c) != 1:
        sys.exit("error: %d predicted launches match %s" % (len(c), meas["label"]))
    return c[0]


KEYS = ("load_sectors", "store_sectors", "shared_wavefronts", "dram_bytes",
        "warp_instructions", "partial_store_sectors", "l1_lines")


def phase_terms(p, r):
    """A phase's terms in microseconds (LaunchTime::terms); the issue term
    only where the JSON has one (schema 1.9), the partly written store
    sectors' rate and the L1 lines only where it has them (1.10)."""
    partial = p.get("partial_store_sectors", 0.0) if r.get("l2_partial_store_sectors") else 0.0
    l2 = p["load_sectors"] / r["l2_load_sectors"] + \
        max(0.0, p["store_sectors"] - partial) / r["l2_store_sectors"]
    if partial:
        l2 += partial / r["l2_partial_store_sectors"]
    terms = {"dram": p["dram_bytes"] / r["dram_bytes"],
             "l2-sectors": l2,
             "shared": p["shared_wavefronts"] / r["shared_wavefronts"]}
    if r.get("warp_instructions"):
        terms["issue"] = p.get("warp_instructions", 0.0) / r["warp_instructions"]
    if r.get("l1_lines"):
        terms["l1-lines"] = p.get("l1_lines", 0.0) / r["l1_lines"]
    return terms


def time_without(t, removed):
    """The launch's time with the excess of some accesses removed
    (LaunchTime::timeWithout): the barrier phases one after another, each
    as long as its slowest term, or the arithmetic where that is longer.
    removed: per phase, a dict of KEYS."""
    r = t["rates"]
    total = 0.0
    for i, p in enumerate(t["phases"]):
        d = dict(p)
        d.update({k: max(0.0, p.get(k, 0.0) - removed.get(i, {}).get(k, 0.0))
                  for k in KEYS})
        total += max(phase_terms(d, r).values())
    return max(total, t["arithmetic_us"])


def predicted_saving(entry, lines, branch_lines=()):
    """The saving of fixing the accesses on lines, and the divergent
    branches (their idle lanes regrouped) and run-time divisions (a shift
    or a mask) on branch_lines."""
    t = entry["estimated_time"]
    if not t.get("modelled"):
        return None, None
    removed = {}
    n = 0
    fixed = [a for a in entry["accesses"] if a["line"] in lines] + \
        [b for b in entry.get("branches", []) + entry.get("divisions", [])
         if b["line"] in branch_lines]
    for a in fixed:
        if "cost" not in a:
            continue
        n += 1
        for i, e in enumerate(a["cost"]["excess_by_phase"]):
            ph = removed.setdefault(i, dict.fromkeys(KEYS, 0.0))
            for k in KEYS:
                ph[k] += e.get(k, 0.0)
    if n == 0:
        return None, t["us"]
    return t["us"] - time_without(t, removed), t["us"]


def ranks(v):
    order = sorted(range(len(v)), key=lambda i: v[i])
    r = [0.0] * len(v)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and v[order[j + 1]] == v[order[i]]:
            j += 1
        for k in range(i, j + 1):
            r[order[k]] = (i + j) / 2.0 + 1
        i = j + 1
    return r


def spearman(x, y):
    rx, ry = ranks(x), ranks(y)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    vx = math.sqrt(sum((a - mx) ** 2 for a in rx))
    vy = math.sqrt(sum((b - my) ** 2 for b in ry))
    return cov / (vx * vy) if vx and vy else float("nan")


def svg(rows, path, title="fixes of the reference kernels, H100"):
    """Predicted against measured saving, log-log, with the factor-2 band."""
    pts = [(r["measured"], r["predicted"]) for r in rows
           if r["measured"] > 0 and r["predicted"] and r["predicted"] > 0]
    lo = min(min(p) for p in pts) / 2
    hi = max(max(p) for p in pts) * 2
    W, P = 480, 50
    f = lambda v: P + (math.log10(v) - math.log10(lo)) / (
        math.log10(hi) - math.log10(lo)) * (W - 2 * P)
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
           'font-family="sans-serif" font-size="11">' % (W, W),
           '<rect width="100%" height="100%" fill="white"/>']
    for k, dash in ((1, ""), (2, ' stroke-dasharray="4 3"'),
                    (0.5, ' stroke-dasharray="4 3"')):
        # y = k x across the plot: from the left or bottom edge to the top
        # or right one.
        (x0, y0), (x1, y1) = ((lo, lo * k), (hi / k, hi)) if k >= 1 else (
            (lo / k, lo), (hi, hi * k))
        out.append('<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" '
                   'stroke="#999"%s/>' % (f(x0), W - f(y0), f(x1), W - f(y1), dash))
    for m, p in pts:
        out.append('<circle cx="%.1f" cy="%.1f" r="3.5" fill="#1f77b4"/>' % (f(m), W - f(p)))
    out.append('<text x="%d" y="%d" text-anchor="middle">measured saving (us, log)</text>' % (W / 2, W - 12))
    out.append('<text x="14" y="%d" transform="rotate(-90 14 %d)" text-anchor="middle">'
               'predicted saving (us, log)</text>' % (W / 2, W / 2))
    for v in (1, 10, 100, 1000):
        if lo <= v <= hi:
            out.append('<text x="%.1f" y="%d" text-anchor="middle">%g</text>' % (f(v), W - P + 14, v))
            out.append('<text x="%d" y="%.1f" text-anchor="end">%g</text>' % (P - 4, W - f(v) + 4, v))
    out.append('<text x="%d" y="20" text-anchor="middle">%s: '
               'solid y = x, dashed 2x and 0.5x</text>' % (W / 2, title))
    out.append("</svg>")
    open(path, "w").write("\n".join(out) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--predictions", required=True)
    ap.add_argument("--measurements", required=True)
    ap.add_argument("--svg")
    a = ap.parse_args()
    kernels = json.load(open(a.predictions))["kernels"]
    meas = {l["label"]: l for l in json.load(open(a.measurements))["launches"]}
    rows = []
    for before, after, lines, args, what in FIXES:
        if before not in meas or after not in meas:
            sys.exit("error: no measurement labelled %s or %s" % (before, after))
        mb, ma = meas[before], meas[after]
        e = find_entry(kernels, mb, args)
        pred, launch = predicted_saving(e, lines)
        tb = mb["timing"]["median_ms"] * 1000
        ta = ma["timing"]["median_ms"] * 1000
        rows.append({"before": before, "after": after, "what": what,
                     "predicted": pred, "launch": launch, "t_before": tb,
                     "measured": tb - ta,
                     "bound": e["estimated_time"].get("bound_by")})
    print("| fix | what | bound by | predicted launch (us) | measured (us) "
          "| predicted saving (us) | measured saving (us) | ratio |")
    print("|---|---|---|---|---|---|---|---|")
    within = 0
    for r in rows:
        p, m = r["predicted"], r["measured"]
        ok = p and m > 0 and 0.5 <= p / m <= 2
        within += bool(ok)
        ratio = "%.2f" % (p / m) if p and m > 0 else "n/a (measured %s)" % (
            "slower" if m <= 0 else "-")
        print("| %s -> %s | %s | %s | %.1f | %.1f | %.1f | %.1f | %s%s |" % (
            r["before"], r["after"].split(".")[-1], r["what"], r["bound"],
            r["launch"], r["t_before"], p or 0, m, ratio, "" if ok else " *"))
    ps = [r["predicted"] or 0 for r in rows]
    ms = [r["measured"] for r in rows]
    print()
    print("within a factor of 2: %d of %d (%.0f%%); Spearman rank correlation "
          "of predicted and measured savings: %.3f" % (
              within, len(rows), 100.0 * within / len(rows), spearman(ps, ms)))
    if a.svg:
        svg(rows, a.svg)


if __name__ == "__main__":
    main()
