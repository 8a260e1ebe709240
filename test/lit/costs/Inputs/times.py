"""Prints each kernel's estimated time and the time cost of its divergent
branches from the analyzer's JSON, one line each, for FileCheck."""
import json
import sys

for k in json.load(open(sys.argv[1]))["kernels"]:
    t = k["estimated_time"]
    print("%s bound_by=%s us=%.4f issue_us=%.4f warp_instructions=%.0f" %
          (k["name"], t["bound_by"], t["us"], t["issue_us"], t["warp_instructions"]))
    print("%s l2 store_sectors=%.1f load_sectors=%.1f partial_store_sectors=%.1f l1_lines=%.1f" %
          (k["name"], t["store_sectors"], t["load_sectors"],
           t["partial_store_sectors"], t["l1_lines"]))
    for b in k["branches"]:
        c = b.get("cost")
        if c:
            print("%s branch %d idle_warp_instructions=%.0f share=%.3f saved_us=%.4f" %
                  (k["name"], b["line"], c["idle_warp_instructions"],
                   c["share_of_launch_warp_instructions"], c["saved_us"]))
