import importlib.util, sys
spec = importlib.util.spec_from_file_location(
    "rc", sys.argv[1] + "/realcode-compare.py")
rc = importlib.util.module_from_spec(spec)
spec.loader.exec_module(rc)
def k(grid, block):
    return {"mangled_name": "_Z1kPf",
            "launch": {"grid": grid, "block": block}}
preds = [k([None, 1, 1], [256, 1, 1]), k([None, 4, 1], [16, 16, 1]),
         k([64, 1, 1], [256, 1, 1])]
for what, grid, block in [("run-time grid", "4096x1x1", "256x1x1"),
                          ("other block", "4096x1x1", "128x1x1"),
                          ("known y differs", "16x8x1", "16x16x1"),
                          ("exact", "64x1x1", "256x1x1")]:
    _, how = rc.find_kernel(preds, "_Z1kPf", grid, block, "strict")
    print("%s %s/%s: %s" % (what, grid, block, how))
