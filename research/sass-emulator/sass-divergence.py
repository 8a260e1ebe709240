#!/usr/bin/env python3
"""Which conditional branches of a SASS listing can split a warp.

A static divergence analysis of `nvdisasm -gi -c` output, used to explain
GPU measurements line by line (docs/testing-at-scale.md): when the analyzer
predicts that a source test splits the warp and the H100 counts no
divergent branch target at that line, the SASS either has no branch there
(the test was if-converted) or the branches it has there test values that
are the same in every lane (the loop control of an unrolled loop, say).
This script tells the two apart, per branch instruction.

The analysis, per kernel, over the basic blocks of the listing:

- a value is *varying* when it may differ between the active lanes of a
  warp; the sources of variance are the thread-dependent special registers
  (`S2R SR_TID.*`, `SR_LANEID`, lane masks, clocks) and every value loaded
  from memory other than the constant bank (conservatively: two lanes may
  read different addresses or a different value);
- `UR`/`UP` registers and constants are uniform by construction (the
  uniform datapath has one value per warp), and so is a `VOTE` result;
- an instruction's result is varying when a source or its guard predicate
  is; a guarded write keeps the old value in the lanes it skips, so the old
  value's variance joins in;
- a conditional branch is varying when its predicate is; at the immediate
  post-dominator of a varying branch (where the split lanes meet again)
  every register written between the two is varying (lanes arrive with the
  values of different paths), which is the usual sync-dependence rule;
- the two steps repeat until nothing changes. `CALL` makes every register
  varying (the callee is not followed).

It errs towards *varying*: registers paired by 64- and 128-bit operations
are tracked as pairs and quads, and anything not understood counts as
varying, so a branch reported uniform cannot split a warp under these
rules; a branch reported varying may still never split in practice.

  research/sass-emulator/sass-divergence.py x.sass [--kernel NAME] [--line FILE:LINE]
prints one row per conditional branch: kernel, pc, source line, `uniform`
or `varying`, and the instruction.
"""

import argparse
import collections
import re
import sys

MARKER = re.compile(r'//## File "([^"]*)", line (\d+)(?: inlined at "([^"]*)", line (\d+))?')
INSN = re.compile(r'/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;')
KERNEL = re.compile(r'^\.text\.(\S+):$')
LABEL = re.compile(r'^(\.L_x_\d+):')
GUARD = re.compile(r'^@(!?)(U?P[0-6T])\s+')
REG = re.compile(r'\b(UR\d+|URZ|R\d+|RZ|UP[0-6T]|P[0-6T])((?:\.\w+)*)')
TARGET = re.compile(r'`\((\.L_x_\d+)\)')

# Special registers whose value differs between the lanes of a warp.
VARYING_SR = re.compile(r'SR_(TID|LANEID|LTMASK|LEMASK|GTMASK|GEMASK|EQMASK|'
                        r'CLOCK|GLOBALTIMER|VIRTUALSMID|SMID|WARPID)')
LOADS = ('LDG', 'LD', 'LDS', 'LDL', 'LDSM', 'ATOM', 'ATOMS', 'ATOMG', 'RED',
         'SHFL', 'TEX', 'TLD', 'TLD4', 'TXQ', 'SULD', 'SUATOM', 'MATCH',
         'REDUX', 'LDGSTS')
NO_DEST = ('ST', 'STG', 'STS', 'STL', 'RED', 'BRA', 'BRX', 'JMP', 'JMX',
           'EXIT', 'RET', 'BAR', 'BSSY', 'BSYNC', 'WARPSYNC', 'NOP', 'CALL',
           'MEMBAR', 'ERRBAR', 'CCTL', 'DEPBAR', 'YIELD', 'BPT', 'KILL',
           'FENCE', 'CGAERRBAR', 'SYNCS', 'ARRIVES', 'UCGABAR_ARV',
           'UCGABAR_WAIT')
# Opcodes that write exactly two predicates first.
TWO_PRED_DEST = ('ISETP', 'FSETP', 'DSETP', 'HSETP2', 'PLOP3', 'UISETP',
                 'UPLOP3')
UNIFORM_CONST = ('RZ', 'URZ', 'PT', 'UPT')


class Insn:
    def __init__(self, pc, text, line):
        self.pc, self.text, self.line = pc, text, line
        g = GUARD.match(text)
        self.guard = g.group(2) if g else None
        body = text[g.end():] if g else text
        op, _, rest = body.partition(' ')
        self.op = op
        self.base = op.split('.')[0]
        self.operands = [o.strip() for o in rest.split(',')] if rest.strip() else []
        self.target = None
        t = TARGET.search(rest)
        if t:
            self.target = t.group(1)

    def widths(self):
        """(destination, source) registers per operand: 2 for 64-bit and 4
        for 128-bit values, which occupy consecutive registers."""
        mods = self.op.split('.')[1:]
        types = [m for m in mods if re.fullmatch(r'[USF](8|16|32|64)', m)]
        bits = lambda t: 2 if t.endswith('64') else 1
        if self.base in ('I2F', 'I2FP', 'F2I', 'F2F', 'F2FP', 'I2I', 'FRND'):
            if len(types) >= 2:
                return bits(types[0]), bits(types[1])
            if len(types) == 1:
                return ((1, bits(types[0])) if self.base.startswith('I2F')
                        else (bits(types[0]), 1))
            return 1, 1
        if self.base in ('DADD', 'DMUL', 'DFMA', 'DMNMX', 'DSETP', 'DMMA'):
            return 2, 2
        if self.base in ('SHF', 'IMAD'):
            return (2 if 'WIDE' in mods else 1), 1
        n = 4 if '128' in mods else 2 if '64' in mods else 1
        if self.base in LOADS or self.base in ('LDC', 'ULDC'):
            return n, 1
        return n, n


def regs_of(operand, width):
    """Register names an operand reads or writes, pairs and quads expanded."""
    out = []
    for m in REG.finditer(operand):
        name, mods = m.group(1), m.group(2)
        if name in UNIFORM_CONST:
            continue
        w = width
        if '.64' in mods:
            w = max(w, 2)
        if name[0] in 'UR' and name.lstrip('U')[0] == 'R':
            n = int(re.sub(r'\D', '', name))
            prefix = 'UR' if name.startswith('UR') else 'R'
            out.extend('%s%d' % (prefix, n + i) for i in range(w))
        else:
            out.append(name)
    return out


def is_uniform_name(r):
    return r.startswith('UR') or r.startswith('UP')


def dests_and_sources(ins):
    """(destination registers, source registers) of an instruction. The
    destinations come as (name, certain): the second and later registers of
    a pair or quad are not certain (a 64-bit form may write only 32 bits),
    so they can become varying but never uniform."""
    ops = ins.operands
    if ins.base == 'R2P':
        return [('P%d' % i, False) for i in range(7)], regs_of(ops[1], 1)
    if ins.base in NO_DEST or not ops:
        return [], [r for o in ops for r in regs_of(o, ins.widths()[1])]
    w, sw = ins.widths()
    nd = 1
    if ins.base in TWO_PRED_DEST:
        nd = 2
    elif ins.base == 'VOTE' or ins.base == 'SHFL':
        nd = 2
    else:
        # Carry or predicate outputs follow the destination register.
        while nd < len(ops) and nd < 3 and re.fullmatch(r'U?P[0-6T]', ops[nd]):
            nd += 1
    sure = nd
    if (nd == 1 and len(ops) > 1 and re.fullmatch(r'U?P[0-6T]', ops[0])
            and re.fullmatch(r'U?RZ?\d*', ops[1])):
        # A predicate first, then a register: LOP3.LUT P0, R10, ... writes
        # both; for other opcodes the register is taken as written, but
        # only ever towards varying.
        nd, sure = 2, 2 if ins.base in ('LOP3', 'ULOP3') else 1
    dests = []
    for k, o in enumerate(ops[:nd]):
        rs = regs_of(o, w)
        dests.extend((r, i == 0 and k < sure) for i, r in enumerate(rs))
    if ins.base in ('IMAD', 'IMAD.WIDE') and '.WIDE' in ins.op:
        # IMAD.WIDE d, a, b, c: a and b are 32-bit, c is 64-bit.
        srcs = [r for o in ops[nd:nd + 2] for r in regs_of(o, 1)]
        srcs += [r for o in ops[nd + 2:] for r in regs_of(o, 2)]
    else:
        srcs = [r for o in ops[nd:] for r in regs_of(o, sw)]
    if 'PR' in ops[nd:]:  # P2R packs every predicate
        srcs += ['P%d' % i for i in range(7)]
    return dests, srcs


def parse(path):
    """{kernel: [('label', name) | ('insn', Insn)]} in listing order."""
    kernels = collections.OrderedDict()
    kernel, line = None, None
    pending = None
    with open(path) as f:
        for raw in f:
            s = raw.strip()
            k = KERNEL.match(s)
            if k:
                kernel = k.group(1)
                kernels[kernel] = []
                continue
            if kernel is None:
                continue
            m = MARKER.search(s)
            if m:
                if pending is None or pending[1]:
                    pending = [None, False]
                if pending[0] is None:
                    pending[0] = (m.group(1).rsplit('/', 1)[-1], int(m.group(2)))
                pending[1] = m.group(3) is None
                continue
            lab = LABEL.match(s)
            if lab:
                kernels[kernel].append(('label', lab.group(1)))
                continue
            i = INSN.search(s)
            if i:
                if pending is not None:
                    line, pending = pending[0], None
                kernels[kernel].append(('insn', Insn(i.group(1), i.group(2), line)))
    return kernels


class Block:
    def __init__(self, idx):
        self.idx, self.insns, self.labels = idx, [], []
        self.succ, self.pred = [], []


def blocks_of(items):
    blocks = [Block(0)]
    for kind, x in items:
        cur = blocks[-1]
        if kind == 'label':
            if cur.insns or cur.labels:
                if cur.insns:
                    cur = Block(len(blocks))
                    blocks.append(cur)
            cur.labels.append(x)
            continue
        cur.insns.append(x)
        if x.base in ('BRA', 'BRX', 'JMP', 'JMX', 'EXIT', 'RET'):
            blocks.append(Block(len(blocks)))
    blocks = [b for b in blocks if b.insns or b.labels]
    for i, b in enumerate(blocks):
        b.idx = i
    by_label = {l: b for b in blocks for l in b.labels}
    for b in blocks:
        last = b.insns[-1] if b.insns else None
        falls = True
        if last is not None and last.base in ('BRA', 'BRX', 'JMP', 'JMX', 'EXIT', 'RET'):
            if last.target in by_label:
                b.succ.append(by_label[last.target].idx)
            elif last.base in ('BRX', 'JMX'):
                b.succ.extend(range(len(blocks)))  # indirect: anywhere
            # Guarded, or testing an operand of its own (BRA.DIV UR4, ...).
            falls = ((last.guard is not None and last.guard != 'PT')
                     or len(last.operands) > 1
                     or (last.base == 'EXIT' and last.operands))
        if falls and b.idx + 1 < len(blocks):
            b.succ.append(b.idx + 1)
        b.succ = sorted(set(b.succ))
    for b in blocks:
        for s in b.succ:
            blocks[s].pred.append(b.idx)
    return blocks


def post_dominators(blocks):
    """Immediate post-dominator per block index (None: the virtual exit)."""
    n = len(blocks)
    EXIT = n
    full = set(range(n + 1))
    pdom = [set(full) for _ in range(n)] + [{EXIT}]
    changed = True
    while changed:
        changed = False
        for b in reversed(blocks):
            succ = b.succ or [EXIT]
            new = set.intersection(*(pdom[s] for s in succ)) | {b.idx}
            if new != pdom[b.idx]:
                pdom[b.idx], changed = new, True
    ipdom = {}
    for b in blocks:
        # Post-dominators form a chain: the immediate one is the strict
        # post-dominator whose own set is all the others.
        strict = pdom[b.idx] - {b.idx}
        ipdom[b.idx] = next((d for d in strict
                             if d != EXIT and pdom[d] == strict), None)
    return ipdom


def region(blocks, b, stop):
    """Blocks reachable from b's successors without passing stop."""
    seen, work = set(), list(blocks[b].succ)
    while work:
        x = work.pop()
        if x == stop or x in seen:
            continue
        seen.add(x)
        work.extend(blocks[x].succ)
    return seen


def transfer(ins, state):
    """state: set of varying registers; returns it updated for ins."""
    dests, srcs = dests_and_sources(ins)
    if ins.base == 'CALL':
        return None  # everything varying
    guard = ins.guard
    gvar = guard is not None and guard in state
    if ins.base == 'S2R':
        var = any(VARYING_SR.search(o) for o in ins.operands)
    elif ins.base in LOADS and ins.base not in ('S2R',):
        var = True
    elif ins.base in ('VOTE', 'VOTEU'):
        var = False
    else:
        var = any(r in state for r in srcs if not is_uniform_name(r))
    var = var or gvar
    out = set(state)
    for r, certain in dests:
        if is_uniform_name(r):
            continue
        if var:
            out.add(r)
        elif certain and not (guard is not None and r in state):
            out.discard(r)
    return out


ALL = 'ALL'


def analyse(items):
    """[(Insn, varying?)] for each conditional branch and predicated exit."""
    blocks = blocks_of(items)
    if not blocks:
        return []
    ipdom = post_dominators(blocks)
    defs = []
    for b in blocks:
        d = set()
        for ins in b.insns:
            d.update(r for r, _ in dests_and_sources(ins)[0]
                     if not is_uniform_name(r))
            if ins.base == 'CALL':
                d.add(ALL)
        defs.append(d)
    varying_branches = set()
    while True:
        extra = collections.defaultdict(set)
        for vb in varying_branches:
            p = ipdom.get(vb)
            if p is None:
                continue
            for x in region(blocks, vb, p):
                extra[p] |= defs[x]
        entry = [None] * len(blocks)  # None: not reached yet
        out = [None] * len(blocks)
        work = collections.deque([0])
        entry[0] = set()
        while work:
            i = work.popleft()
            st = set(entry[i]) | extra[i]
            everything = ALL in st
            for ins in blocks[i].insns:
                if everything:
                    break
                st = transfer(ins, st)
                if st is None:
                    everything = True
            if everything:
                st = {ALL}
            if out[i] == st:
                continue
            out[i] = st
            for s in blocks[i].succ:
                new = st if entry[s] is None else entry[s] | st
                if entry[s] != new:
                    entry[s] = set(new)
                    work.append(s)
        result, now = [], set()
        for b in blocks:
            if entry[b.idx] is None:
                continue
            st = set(entry[b.idx]) | extra[b.idx]
            for ins in b.insns:
                if ALL in st:
                    st = {ALL}
                cond = ins.base in ('BRA', 'EXIT') and (
                    ins.guard not in (None, 'PT') or len(ins.operands) > 1
                    or (ins.base == 'EXIT' and ins.operands))
                if cond or ins.base in ('BRX', 'JMX'):
                    # The guard and any predicate operand (BRA P1, ...:
                    # taken where both hold) decide the branch.
                    conds = [ins.guard] + dests_and_sources(ins)[1]
                    var = (ALL in st or ins.base in ('BRX', 'JMX')
                           or any(c in st for c in conds
                                  if c and not is_uniform_name(c)))
                    result.append((ins, var))
                    if var and ins.base != 'EXIT':
                        now.add(b.idx)
                if ALL not in st:
                    t = transfer(ins, st)
                    st = {ALL} if t is None else t
        if now <= varying_branches:
            return result
        varying_branches |= now


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('sass')
    ap.add_argument('--kernel', help='substring of the mangled kernel name')
    ap.add_argument('--line', help='FILE:LINE (file base name)')
    args = ap.parse_args()
    want = None
    if args.line:
        f, n = args.line.rsplit(':', 1)
        want = (f, int(n))
    for kernel, items in parse(args.sass).items():
        if args.kernel and args.kernel not in kernel:
            continue
        for ins, var in analyse(items):
            if want and ins.line != want:
                continue
            where = '%s:%d' % ins.line if ins.line else '?'
            print('%s %s %s %s %s' % (kernel, ins.pc, where,
                                      'varying' if var else 'uniform', ins.text))
    return 0


if __name__ == '__main__':
    sys.exit(main())
