"""Helpers for header-cache.test that lit's shell cannot express.

  age DIR           make every record say its first input had another mtime
                    (as if a toolkit header changed after the build)
  corrupt DIR       overwrite every precompiled file with bytes clang rejects
  preambles DIR     print each record's include lines and why it is unusable
  race CAL DIR OUT ARGS...
                    start 6 analyses at once on an empty cache in background
                    mode, wait for them and for the one builder, then 6 more;
                    write each run's stdout to OUT.N and check the directory
"""
import glob, json, os, subprocess, sys, time


def age(d):
    for rec in glob.glob(os.path.join(d, "*.json")):
        r = json.load(open(rec))
        r["inputs"][0]["mtime"] -= 1
        json.dump(r, open(rec, "w"))


def corrupt(d):
    for pch in glob.glob(os.path.join(d, "*.pch")):
        open(pch, "wb").write(b"not a precompiled header\n" * 100)


def preambles(d):
    for rec in sorted(glob.glob(os.path.join(d, "*.json"))):
        r = json.load(open(rec))
        if "preamble" in r:
            print("preamble:", r["preamble"].replace("\n", "|"),
                  "unusable:", r.get("unusable"))
            if "usable_prefix" in r:
                print("usable prefix:",
                      r["usable_prefix"].replace("\n", "|"))


def run_all(cal, d, out, base, args):
    procs = [subprocess.Popen([cal, "--cache-dir=" + d, "--format=json"] + args,
                              stdout=open(f"{out}.{base + i}", "w"),
                              stderr=subprocess.DEVNULL) for i in range(6)]
    return [p.wait() for p in procs]


def race(cal, d, out, args):
    codes = run_all(cal, d, out, 0, args)
    # The builders run detached; the one that holds the lock leaves a .pch
    # and its record, the others leave nothing.
    deadline = time.time() + 120
    while time.time() < deadline:
        busy = glob.glob(os.path.join(d, "*.lock")) + glob.glob(os.path.join(d, "*.request"))
        if glob.glob(os.path.join(d, "*.json")) and not busy:
            break
        time.sleep(0.2)
    codes += run_all(cal, d, out, 6, args)
    names = sorted(os.path.basename(p) for p in glob.glob(os.path.join(d, "*")))
    print("exit codes:", " ".join(map(str, codes)))
    print("pch files:", sum(n.endswith(".pch") for n in names))
    print("records:", sum(n.endswith(".json") for n in names))
    print("left behind:", [n for n in names if n.endswith((".tmp", ".lock", ".request"))])


if __name__ == "__main__":
    cmd = sys.argv[1]
    if cmd == "age":
        age(sys.argv[2])
    elif cmd == "corrupt":
        corrupt(sys.argv[2])
    elif cmd == "preambles":
        preambles(sys.argv[2])
    elif cmd == "race":
        race(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:])
    else:
        sys.exit("unknown command " + cmd)
