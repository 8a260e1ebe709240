"""Prints each launch's static roofline on one line, for FileCheck: the
certainty, bytes, operations per thread, the time bound (3 significant
digits) and the notes."""
import json, sys

d = json.load(open(sys.argv[1]))
for k in d["kernels"]:
    r = k["roofline"]
    if not r["modelled"]:
        print("kernel", k["name"], "not modelled:", r["reason"])
        continue
    ops = " ".join("%s=%g" % (c, r["ops_per_thread"][c])
                   for c in ("fp16", "fp32", "fp64", "int"))
    bound = ("%.3g us by %s" % (r["time_bound_us"], r["bound_by"])
             if r["time_bound_us"] is not None else "no bound")
    print("kernel", k["name"], r["certainty"],
          "threads=%d sectors=%d read=%d write=%d" %
          (r["grid_threads"], r["sector_bytes"], r["dram_bytes"]["read"],
           r["dram_bytes"]["write"]), ops, bound)
    for n in r["notes"]:
        print("note:", n)
