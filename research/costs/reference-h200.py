#!/usr/bin/env python3
"""The seventeen fixes of the reference kernels (scripts/eval/cost-compare.py)
against timings made on the H200: each launch's predicted time redone at
the H100 rates scaled by what the same probes measured on the two parts
(research/costs/compare-public.py's device_scale and rescale), then
cost-compare.py's table.

  research/costs/reference-h200.py --predictions P.json \
      --measurements research/data/timing-h200.json [--svg F]

The measurements are cuda-access-verify's timing of the suite on the H200
(--no-profile --no-sass --measurements-out), as for the H100 record.
"""
import importlib.util, os, sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def load(name, path):
    spec = importlib.util.spec_from_file_location(name, os.path.join(ROOT, path))
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    return m


cc = load("cost_compare", "scripts/eval/cost-compare.py")
cp = load("compare_public", "research/costs/compare-public.py")
scale = cp.device_scale("h200")
find = cc.find_entry
cc.find_entry = lambda kernels, meas, args: cp.rescale(find(kernels, meas, args), scale)
cc.main()
