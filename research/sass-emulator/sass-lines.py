#!/usr/bin/env python3
"""SASS instructions attributed to a source line, with nvcc's inlining chain.

Reads the output of `nvdisasm -gi -c x.cubin` (line markers with "inlined at"
chains) and prints, per kernel, the memory and branch instructions whose
innermost `//## File` marker is FILE:LINE, each with the chain of call lines
it was inlined through.  Used for docs/real-code-mismatches.md: ncu's source
view attributes an instruction to one line of that chain, and the analyzer
to the innermost one.

  nvdisasm -gi -c x.cubin > x.sass
  research/sass-emulator/sass-lines.py x.sass --line scan.cu:50 [--kernel NAME] [--all]
"""

import argparse
import re
import sys

MARKER = re.compile(r'//## File "([^"]*)", line (\d+)(?: inlined at "([^"]*)", line (\d+))?')
INSN = re.compile(r'/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;')
KERNEL = re.compile(r'^\.text\.(\S+):$')
# Opcodes the ncu reduction classifies (docs/real-code.md, "class" column).
INTERESTING = re.compile(r'^(@!?U?P\w+\s+)?(LDG|STG|LDS|STS|LDSM|LD|ST|ATOM|ATOMS|RED|'
                         r'ATOMG|BRA|BRX|EXIT|RET|CALL|WARPSYNC|BSSY|BSYNC|BAR)\b')


def parse(path):
    """Yields (kernel, chain, pc, text); chain[0] is the innermost line."""
    kernel, chain, pending = None, [], []
    with open(path) as f:
        for raw in f:
            line = raw.rstrip('\n')
            k = KERNEL.match(line.strip())
            if k:
                kernel, chain, pending = k.group(1), [], []
                continue
            m = MARKER.search(line)
            if m:
                # One line-table row prints as a run of markers: the
                # innermost line first, each "inlined at" naming the next
                # call site, the last without "inlined at". Several rows may
                # share an address; the last one holds for the instruction.
                if not pending or pending[-1][1]:
                    pending.append(([], False))
                pending[-1][0].append((m.group(1).rsplit('/', 1)[-1], int(m.group(2))))
                pending[-1] = (pending[-1][0], m.group(3) is None)
                continue
            i = INSN.search(line)
            if i and kernel:
                if pending:
                    chain, pending = pending[-1][0], []
                yield kernel, chain, i.group(1), i.group(2)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('sass')
    ap.add_argument('--line', required=True, help='FILE:LINE (file base name)')
    ap.add_argument('--kernel', help='substring of the mangled kernel name')
    ap.add_argument('--all', action='store_true',
                    help='every instruction, not only memory and branches')
    ap.add_argument('--any-level', action='store_true',
                    help='match LINE anywhere in the inlining chain')
    args = ap.parse_args()
    fname, lno = args.line.rsplit(':', 1)
    want = (fname, int(lno))
    for kernel, chain, pc, text in parse(args.sass):
        if args.kernel and args.kernel not in kernel:
            continue
        hit = (chain[:1] == [want]) or (args.any_level and want in chain)
        if not hit or not (args.all or INTERESTING.match(text)):
            continue
        where = ' <- '.join(f'{f}:{n}' for f, n in chain)
        print(f'{kernel} {pc} {text:<48} [{where}]')
    return 0


if __name__ == '__main__':
    sys.exit(main())
