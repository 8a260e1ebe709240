#!/usr/bin/env python3
"""Dump the per-instruction (per-PC) counters of an Nsight Compute report.

Runs where `ncu` is installed (it imports ncu_report from ncu's
extras/python). For every profiled kernel launch in the report it writes one
CSV row per (PC, instanced metric) with the kernel's mangled name, grid and
block, the PC's source file and line (needs -lineinfo) and its SASS text:

  kernel_index,mangled,grid,block,pc,file,line,sass,metric,value

Which metrics are instanced by PC depends on the sections collected
(SourceCounters gives executed instructions, global sectors and their ideal,
shared wavefronts and their ideal, divergent branch targets); every such
metric is written, so that scripts/eval/realcode-compare.py decides what to use.

  ncu-source-lines.py REPORT.ncu-rep > lines.csv
"""

import csv
import glob
import os
import shutil
import sys


def import_ncu_report():
    try:
        import ncu_report  # noqa: F401
        return ncu_report
    except ImportError:
        pass
    ncu = shutil.which("ncu")
    roots = []
    if ncu:
        roots.append(os.path.dirname(os.path.realpath(ncu)))
    roots += glob.glob("/opt/nvidia/nsight-compute/*")
    roots += glob.glob("/usr/local/cuda*/nsight-compute*")
    for r in roots:
        p = os.path.join(r, "extras", "python")
        if os.path.isdir(p):
            sys.path.insert(0, p)
            import ncu_report
            return ncu_report
    sys.exit("ncu-source-lines: ncu_report not found")


def dims(action, prefix):
    vals = []
    for c in "xyz":
        m = action.metric_by_name("launch__%s_dim_%s" % (prefix, c))
        vals.append(str(m.as_uint64()) if m is not None else "?")
    return "x".join(vals)


def main():
    ncu_report = import_ncu_report()
    ctx = ncu_report.load_report(sys.argv[1])
    out = csv.writer(sys.stdout)
    out.writerow(["kernel_index", "mangled", "grid", "block", "pc", "file",
                  "line", "sass", "metric", "value"])
    index = 0
    for r in range(ctx.num_ranges()):
        rng = ctx.range_by_idx(r)
        for a in range(rng.num_actions()):
            action = rng.action_by_idx(a)
            try:
                mangled = action.name(ncu_report.IAction.NameBase_MANGLED)
            except Exception:  # older ncu_report: no name base
                mangled = action.name()
            grid, block = dims(action, "grid"), dims(action, "block")
            where = {}
            for name in sorted(action.metric_names()):
                m = action.metric_by_name(name)
                try:
                    if not m.has_correlation_ids():
                        continue
                    ids = m.correlation_ids()
                    n = m.num_instances()
                except Exception:
                    continue
                for i in range(n):
                    try:
                        pc = ids.as_uint64(i)
                        v = m.as_double(i)
                    except Exception:
                        continue
                    if pc not in where:
                        f, line, sass = "", 0, ""
                        try:
                            si = action.source_info(pc)
                            if si is not None:
                                f, line = si.file_name(), si.line()
                        except Exception:
                            pass
                        try:
                            sass = action.sass_by_pc(pc)
                        except Exception:
                            pass
                        where[pc] = (f, line, sass)
                    f, line, sass = where[pc]
                    out.writerow([index, mangled, grid, block, hex(pc), f,
                                  line, sass, name, repr(v)])
            index += 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
