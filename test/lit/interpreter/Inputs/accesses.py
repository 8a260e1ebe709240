"""Prints the prediction file's kernels one fact per line, for FileCheck:
assumptions, samples, branches and accesses (line, space, kind, confidence,
min-max of the per-request figure, reason)."""
import json, sys

d = json.load(open(sys.argv[1]))
for k in d["kernels"]:
    print("kernel", k["name"])
    for a in k["assumptions"]:
        print("assumption:", a)
    for s in k["evaluated"]["per_sample"]:
        print("sample:", s["description"])
    for b in k["branches"]:
        print("branch", b["line"], b["classification"],
              "depends_on_samples=%s" % b.get("depends_on_samples"),
              b.get("reason", ""))
    for a in k["accesses"]:
        st = a.get("sectors_per_request") or a.get("wavefronts_per_request")
        fig = "%g-%g" % (st["min"], st["max"]) if st else "-"
        print("access", a["line"], a["space"], a["kind"], a["confidence"], fig,
              a.get("reason", ""))
