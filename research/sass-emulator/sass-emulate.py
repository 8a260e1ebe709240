#!/usr/bin/env python3
"""Runs a generated program's compiled kernels (their SASS) lane by lane and
counts what the H100's per-line counters count.

Oracle 2 compares the analyzer, which reasons about the CUDA source, with
the H100's per-line SASS counters. Where the two disagree, the question is
whether the compiled code explains the measurement. This script answers it
by executing the SASS itself (`nvdisasm -gi -c` of the program built as
research/gpu-fuzz/run-fuzz-gpu.sh builds it) for every thread of the launch the
program makes, warp by warp, and counting per instruction: warp-level
executions, 32-byte sectors of global accesses, shared-memory wavefronts,
and branch executions whose active lanes went both ways. Summed per source
line as `cuda-access-verify` sums the counters, these are figures of the
compiled code, to be set beside both the measurement and the prediction.

What it models, and how:

- Integer and predicate instructions that the generated kernels use (IADD3,
  IMAD in its forms, LOP3, LEA, SHF, PRMT, ISETP, PLOP3, SEL, and their
  uniform-datapath twins), constants from bank 0 (block and grid sizes, and
  the kernel parameters laid out as the CUDA ABI lays them out from 0x210,
  with the values and 256-byte aligned pool offsets of the program's own
  launch), and the special registers. Floating-point results and loaded
  values are *unknown*; a branch or an address that depends on one stops
  the kernel's emulation with a reason (no figure is made up).
- Scheduling: each warp runs the lowest PC any of its live lanes waits at,
  with every lane waiting there. With the blocks laid out as nvcc lays them
  out (a join after both of its arms, a loop's exit after its body), this
  reconverges where the hardware's BSSY/BSYNC does. `BAR.SYNC` waits for
  every warp of the block.
- Counting, as the counters count: an instruction executes once per warp
  that reaches it, whether or not its guard leaves a lane on (an
  instruction with every lane predicated off counts as executed with no
  sector, docs/gpu-facts.md); sectors are the distinct 32-byte sectors of
  the lanes whose guard holds; shared wavefronts follow the target model's
  rule for sm_90 (banks of 4 bytes, 1/2/4 phases for 4/8/16-byte lanes,
  half the phases for 8- and 16-byte loads when every quad of lanes reads at
  most 16 distinct bytes, no two of its words in one bank); a branch
  diverges when its guarded lanes go both ways.

  research/sass-emulator/sass-emulate.py PROGRAM.cu PROGRAM.sass [--kernel NAME]
prints, per kernel and source line, the emulated figures.
"""

import argparse
import collections
import importlib.util
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def _load(name, file):
    spec = importlib.util.spec_from_file_location(name, os.path.join(HERE, file))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


sd = _load("sass_divergence", "sass-divergence.py")
sem = _load("sass_semantics", "sass-semantics.py")
POOL = 0x7F0000000000  # the pool's base: any 256-byte aligned address
LOCAL_STACK = 0xFFFC00
STEP_CAP = 2_000_000
Unknown, Lane, sext = sem.Unknown, sem.Lane, sem.sext
pred, setreg, setpred = sem.pred, sem.setreg, sem.setpred
pair, execute = sem.pair, sem.execute
address_terms = sem.address_terms


# ---------------------------------------------------------------- launches

LAUNCH = re.compile(r'(\w+)<<<dim3\((\d+), (\d+), (\d+)\), dim3\((\d+), (\d+), (\d+)\)>>>\((.*)\);')
ARG = re.compile(r'\(([^()]*?)\)\s*(?:\(pool \+ (\d+)\)|(-?\d+))')
SIZES = {'char': 1, 'signed char': 1, 'unsigned char': 1, 'short': 2,
         'unsigned short': 2, 'int': 4, 'unsigned': 4, 'unsigned int': 4,
         'long long': 8, 'unsigned long long': 8, 'long': 8,
         'unsigned long': 8, 'float': 4, 'double': 8}


def launches(cu_path):
    """{kernel: (grid, block, param bytes)} from the program's launches."""
    out = {}
    with open(cu_path) as f:
        for line in f:
            m = LAUNCH.search(line)
            if not m:
                continue
            name = m.group(1)
            grid = tuple(int(m.group(i)) for i in (2, 3, 4))
            block = tuple(int(m.group(i)) for i in (5, 6, 7))
            params = bytearray()
            for a in ARG.finditer(m.group(8)):
                ty, off, val = a.group(1).strip(), a.group(2), a.group(3)
                if ty.endswith('*'):
                    size, v = 8, POOL + int(off)
                else:
                    size, v = SIZES[ty.replace('const ', '')], int(val)
                while len(params) % size:
                    params.append(0)
                params += (v & ((1 << (8 * size)) - 1)).to_bytes(size, 'little')
            out[name] = (grid, block, bytes(params))
    return out


class Kernel:
    def __init__(self, name, items, grid, block, params):
        self.name, self.grid, self.block = name, grid, block
        self.code, self.labels = [], {}
        for kind, x in items:
            if kind == 'label':
                self.labels[x] = len(self.code)
            else:
                self.code.append(x)
        for ins in self.code:
            g = sd.GUARD.match(ins.text)
            ins.gneg = bool(g and g.group(1))
        cb = bytearray(0x210) + params + bytes(64)
        for i, v in enumerate(block):
            cb[4 * i:4 * i + 4] = v.to_bytes(4, 'little')
        for i, v in enumerate(grid):
            cb[0xc + 4 * i:0x10 + 4 * i] = v.to_bytes(4, 'little')
        cb[0x28:0x2c] = LOCAL_STACK.to_bytes(4, 'little')
        self.cbank = bytes(cb)
        # per pc: [executions, sectors, wavefronts, divergent executions,
        # executions with a lane whose guard holds]
        self.stats = collections.defaultdict(lambda: [0, 0, 0, 0, 0])
        self.record = None  # a list to keep each shared access's lanes in


# ----------------------------------------------------------------- memory

MEM_LOADS = ('LDG', 'LD', 'LDS', 'LDL')
MEM_STORES = ('STG', 'ST', 'STS', 'STL')


def width_of(ins):
    mods = ins.op.split('.')[1:]
    if '128' in mods:
        return 16
    if '64' in mods:
        return 8
    if 'U16' in mods or 'S16' in mods:
        return 2
    if 'U8' in mods or 'S8' in mods:
        return 1
    return 4


def mem_address(k, lane, ins):
    o = ins.operands
    text = o[1] if ins.base in MEM_LOADS else o[0]
    text = re.sub(r'^desc\[[^]]*\]', '', text)
    m = re.match(r'^\[(.*)\]$', text)
    if not m:
        raise Unknown('address %r' % text)
    return address_terms(k, lane, m.group(1))


def sectors(addrs, w):
    s = set()
    for a in addrs:
        s.update(range(a // 32, (a + w - 1) // 32 + 1))
    return len(s)


def wavefronts(lane_addrs, w, store):
    """lane_addrs: {lane index in warp: address}; the sm_90 rule."""
    width = max(w, 4)
    phases = max(1, 32 * width // 128)
    if phases > 1 and not store:
        narrow = True
        for q in range(0, 32, 4):
            by = set()
            for l in range(q, q + 4):
                if l in lane_addrs:
                    by.update(range(lane_addrs[l], lane_addrs[l] + w))
            # At most 16 distinct bytes, no two of its words in one bank.
            banks = [b // 4 % 32 for b in {x // 4 * 4 for x in by}]
            if len(by) > 16 or len(banks) != len(set(banks)):
                narrow = False
                break
        if narrow:
            phases //= 2
    per, total = 32 // phases, 0
    for p in range(phases):
        words = collections.defaultdict(set)
        for l in range(p * per, (p + 1) * per):
            if l in lane_addrs:
                for byte in range(lane_addrs[l], lane_addrs[l] + w):
                    words[(byte // 4) % 32].add(byte // 4)
        total += max((len(v) for v in words.values()), default=0)
    return total


# --------------------------------------------------------------- the warps

class Warp:
    def __init__(self, lanes):
        self.lanes = lanes          # Lane objects, index = lane id in warp
        self.pc = [0] * len(lanes)
        self.done = [False] * len(lanes)
        self.waiting = [False] * len(lanes)


def run_warp(k, w, steps):
    """Runs until every live lane waits at a barrier or has exited."""
    n = len(w.lanes)
    while True:
        live = [i for i in range(n) if not w.done[i] and not w.waiting[i]]
        if not live:
            return steps
        pc = min(w.pc[i] for i in live)
        act = [i for i in live if w.pc[i] == pc]
        steps += 1
        if steps > STEP_CAP:
            raise Unknown('more than %d warp instructions' % STEP_CAP)
        if pc >= len(k.code):
            raise Unknown('ran past the end of the kernel')
        ins = k.code[pc]
        st = k.stats[pc]
        st[0] += 1
        guard = []
        for i in act:
            if ins.guard is None:
                guard.append(True)
                continue
            g = pred(w.lanes[i], ('!' if ins.gneg else '') + ins.guard)
            if g is None:
                raise Unknown('guard of %s at %s unknown' % (ins.text, ins.pc))
            guard.append(g)
        on = [i for i, g in zip(act, guard) if g]
        if on:
            st[4] += 1
        b = ins.base
        nxt = pc + 1
        if b == 'BRA':
            cond = [o for o in ins.operands[:-1] if re.fullmatch(r'!?U?P[0-6T]', o)]
            taken, not_taken = [], []
            for i, g in zip(act, guard):
                t = g
                for c in cond:
                    v = pred(w.lanes[i], c)
                    if v is None:
                        raise Unknown('branch condition at %s unknown' % ins.pc)
                    t = t and v
                if '.DIV' in ins.op:
                    t = False  # the warp is converged whenever we run it
                (taken if t else not_taken).append(i)
            if taken and not_taken:
                st[3] += 1
            tgt = k.labels[ins.target]
            for i in taken:
                w.pc[i] = tgt
            for i in not_taken:
                w.pc[i] = nxt
            continue
        if b == 'EXIT':
            # EXIT P1: only the lanes where the guard and P1 both hold.
            for i in on:
                if all(pred(w.lanes[i], c) for c in ins.operands
                       if re.fullmatch(r'!?U?P[0-6T]', c)):
                    w.done[i] = True
            for i in act:
                if not w.done[i]:
                    w.pc[i] = nxt
            continue
        if b == 'BAR':
            for i in act:
                w.waiting[i] = True
                w.pc[i] = nxt
            continue
        if b in ('VOTEU', 'VOTE'):
            # VOTEU.ALL UP0, P0: over the lanes that run it.
            vals = [pred(w.lanes[i], ins.operands[-1]) for i in act]
            if any(v is None for v in vals):
                raise Unknown('vote over an unknown predicate')
            r = all(vals) if 'ALL' in ins.op else any(vals)
            for i in on:
                setpred(w.lanes[i], ins.operands[0], r)
        elif b in MEM_LOADS or b in MEM_STORES or b in ('ATOMS', 'ATOMG', 'ATOM', 'RED'):
            if b in ('ATOMS', 'ATOMG', 'ATOM', 'RED'):
                raise Unknown('atomics are not modelled')
            wd = width_of(ins)
            addrs = {}
            for i in on:
                a = mem_address(k, w.lanes[i], ins)
                if a is None:
                    raise Unknown('address of %s at %s unknown' % (ins.text, ins.pc))
                addrs[i] = a
            if b in ('LDG', 'STG', 'LD', 'ST'):
                st[1] += sectors(addrs.values(), wd)
            elif b in ('LDS', 'STS'):
                st[2] += wavefronts(addrs, wd, b == 'STS')
                if k.record is not None:
                    k.record.append((pc, dict(addrs), wd, b == 'STS'))
            if b in MEM_LOADS:
                regs = max(1, wd // 4)
                for i in on:
                    for j in range(regs):
                        setreg(w.lanes[i], pair(ins.operands[0], j), None)
        else:
            for i in on:
                execute(k, ins, w.lanes[i])
        for i in act:
            w.pc[i] = nxt


def emulate(k, sampled=False):
    """Fills k.stats for the whole grid, or with \p sampled for the blocks
    the analyzer evaluates only (per grid dimension the first, the middle
    G / 2 and the last)."""
    gx, gy, gz = k.grid
    bx, by, bz = k.block
    nthreads = bx * by * bz
    steps = 0
    pick = (lambda g: sorted({0, g // 2, g - 1})) if sampled else range
    for cz in pick(gz):
        for cy in pick(gy):
            for cx in pick(gx):
                warps = []
                for base in range(0, nthreads, 32):
                    lanes = []
                    for t in range(base, min(base + 32, nthreads)):
                        tid = (t % bx, (t // bx) % by, t // (bx * by))
                        lanes.append(Lane(tid, (cx, cy, cz), t - base))
                    warps.append(Warp(lanes))
                while True:
                    for w in warps:
                        steps = run_warp(k, w, steps)
                    if all(all(w.done) for w in warps):
                        break
                    for w in warps:  # every live lane is at the barrier
                        w.waiting = [False] * len(w.lanes)


def per_line(k):
    """{line: {'executed', 'sectors', 'wavefronts', 'divergent', 'classes'}}."""
    out = collections.defaultdict(lambda: collections.Counter())
    for pc, (ex, sec, wav, div, on) in k.stats.items():
        ins = k.code[pc]
        if not ins.line:
            continue
        # The counters file an instruction under a memory class only if some
        # execution had a lane on; one that never did is in no class, and
        # its executions count nowhere.
        if not on and ins.base != 'BRA':
            continue
        line = ins.line[1]
        b = ins.base
        if b in ('LDG', 'LD'):
            cls = 'global_ld'
        elif b in ('STG', 'ST'):
            cls = 'global_st'
        elif b == 'LDS':
            cls = 'shared_ld'
        elif b == 'STS':
            cls = 'shared_st'
        elif b == 'BRA':
            cls = 'branch'
        else:
            continue
        c = out[line]
        c[cls + ' executed'] += ex
        c[cls + ' sectors'] += sec
        c[cls + ' wavefronts'] += wav
        c['divergent'] += div
    return {line: dict(c) for line, c in out.items()}


def run_program(cu, sass, only=None, sampled=False):
    """{kernel name: per_line dict, or Unknown's reason as a string}."""
    ls = launches(cu)
    res = {}
    for mangled, items in sd.parse(sass).items():
        name = next((n for n in ls if '%d%s' % (len(n), n) in mangled), None)
        if name is None or (only and name not in only):
            continue
        grid, block, params = ls[name]
        k = Kernel(name, items, grid, block, params)
        try:
            emulate(k, sampled)
            res[name] = per_line(k)
        except Unknown as e:
            res[name] = str(e)
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('cu')
    ap.add_argument('sass')
    ap.add_argument('--kernel', action='append')
    ap.add_argument('--sampled-blocks', action='store_true',
                    help="only the blocks the analyzer evaluates (first, "
                    "middle, last per grid dimension)")
    args = ap.parse_args()
    for name, r in run_program(args.cu, args.sass, args.kernel,
                               args.sampled_blocks).items():
        if isinstance(r, str):
            print('%s: unknown: %s' % (name, r))
            continue
        for line in sorted(r):
            c = r[line]
            parts = []
            for cls in ('global_ld', 'global_st', 'shared_ld', 'shared_st'):
                ex = c.get(cls + ' executed', 0)
                if ex:
                    q = c.get(cls + (' sectors' if cls.startswith('global') else ' wavefronts'), 0)
                    parts.append('%s %.2f (%d/%d)' % (cls, q / ex, q, ex))
            if c.get('divergent'):
                parts.append('divergent branch executions %d' % c['divergent'])
            if parts:
                print('%s line %d: %s' % (name, line, '; '.join(parts)))
    return 0


if __name__ == '__main__':
    sys.exit(main())
