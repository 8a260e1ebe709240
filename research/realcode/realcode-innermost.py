#!/usr/bin/env python3
"""Re-attribute the H100 per-PC rows of the real-code comparison to the
innermost source line of each instruction (docs/real-code-mismatches.md).

Nsight Compute's source view put some instructions of inlined functions on
the line of the call and others on the callee's line; the analyzer predicts
on the callee's line. This script rebuilds each program's translation units
locally with the H100 run's nvcc and flags (`-O2 -arch=sm_90 -lineinfo`,
research/data/realcode-h100/programs.json), reads the line table with
`nvdisasm -gi`, and rewrites every profiled PC's file and line to the
innermost entry of its inlining chain. It checks, instruction by
instruction, that the local binary is the profiled one (the opcode at every
kernel offset); a program whose opcodes differ keeps its rows as profiled.

  research/realcode/realcode-innermost.py --raw RAW_DIR --src SRC --nvdisasm PATH OUT_DIR
  scripts/eval/realcode-compare.py reduce OUT_DIR REDUCED_DIR

RAW_DIR holds the <program>.lines.csv files of scripts/ncu-source-lines.py.
"""
import argparse, collections, csv, importlib.util, json, os, re, subprocess
import sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location(
    "sass_lines", os.path.join(HERE, "..", "sass-emulator", "sass-lines.py"))
sass_lines = importlib.util.module_from_spec(spec)
spec.loader.exec_module(sass_lines)


def opcode(text):
    """The opcode of an instruction, as ncu and nvdisasm both print it."""
    t = re.sub(r"^@!?U?P\w+\s+", "", text.strip())
    return t.split(" ")[0].rstrip(";")


def line_table(prog, src, nvcc, nvdisasm, tmp):
    """(kernel, offset) -> (file base name, line, opcode)."""
    table = {}
    root = os.path.join(src, prog["repo_dir"])
    for tu in prog["tus"]:
        cubin = os.path.join(tmp, os.path.basename(tu) + ".cubin")
        subprocess.run([nvcc, "-O2", "-arch=sm_90", "-lineinfo", "-cubin",
                        *prog.get("flags", []), "-o", cubin, tu], cwd=root,
                       check=True, capture_output=True)
        out = subprocess.run([nvdisasm, "-gi", "-c", cubin], check=True,
                             capture_output=True, text=True).stdout
        sass = os.path.join(tmp, os.path.basename(tu) + ".sass")
        open(sass, "w").write(out)
        for kernel, chain, pc, text in sass_lines.parse(sass):
            if chain:
                table[(kernel, int(pc, 16))] = (chain[0][0], chain[0][1],
                                                opcode(text))
    return table


def remap(raw, out, table):
    rows = list(csv.DictReader(open(raw, newline="")))
    profiled = [r for r in rows if r["file"] and r["pc"].startswith("0x")
                and r["sass"]]
    base = {}
    for r in profiled:
        k = (r["kernel_index"], r["mangled"])
        base[k] = min(base.get(k, int(r["pc"], 16)), int(r["pc"], 16))
    paths = {r["file"].rsplit("/", 1)[-1]: r["file"] for r in profiled}
    moved, kept, differ, missing = set(), set(), set(), set()
    new = {}
    for r in profiled:
        k = (r["kernel_index"], r["mangled"])
        off = int(r["pc"], 16) - base[k]
        t = table.get((r["mangled"], off))
        if t is None or t[0] not in paths:
            missing.add((k, off))
            continue
        if t[2] != opcode(r["sass"]):
            differ.add((k, off))
            continue
        where = (paths[t[0]], str(t[1]))
        (kept if where == (r["file"], r["line"]) else moved).add((k, off))
        new[id(r)] = where
    if not differ:
        for r in profiled:
            if id(r) in new:
                r["file"], r["line"] = new[id(r)]
    w = csv.DictWriter(open(out, "w", newline=""), fieldnames=list(rows[0]))
    w.writeheader()
    w.writerows(rows)
    return len(kept), len(moved), len(differ), len(missing)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--raw", required=True)
    ap.add_argument("--src", required=True)
    ap.add_argument("--nvcc", default="/usr/local/cuda/bin/nvcc")
    ap.add_argument("--nvdisasm", default="nvdisasm")
    ap.add_argument("--programs", default=os.path.join(
        HERE, "..", "data", "realcode-h100", "programs.json"))
    ap.add_argument("out_dir")
    a = ap.parse_args()
    os.makedirs(a.out_dir, exist_ok=True)
    print("program: instructions kept / moved to the innermost line / "
          "opcode differs / not in the line table")
    for prog in json.load(open(a.programs))["programs"]:
        raw = os.path.join(a.raw, prog["name"] + ".lines.csv")
        if not os.path.exists(raw):
            print("%s: no raw rows" % prog["name"])
            continue
        with tempfile.TemporaryDirectory() as tmp:
            table = line_table(prog, a.src, a.nvcc, a.nvdisasm, tmp)
        k, m, d, x = remap(raw, os.path.join(a.out_dir, prog["name"] +
                                             ".lines.csv"), table)
        print("%s: %d / %d / %d / %d%s" % (prog["name"], k, m, d, x,
              "  (opcodes differ: rows kept as profiled)" if d else ""),
              flush=True)


if __name__ == "__main__":
    main()
