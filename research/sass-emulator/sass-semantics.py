#!/usr/bin/env python3
"""The meaning of the SASS instructions that research/sass-emulator/sass-emulate.py runs:
operands (registers, predicates, immediates, constant bank 0, special
registers, address expressions) and the integer and predicate instructions
of the generated kernels, for one lane at a time. A value nobody can know
here (a float, a loaded value) is None; an operand or instruction not
modelled raises Unknown with its text, so no figure is made up.
"""

import re
import struct

M32 = 0xFFFFFFFF
M64 = (1 << 64) - 1


class Unknown(Exception):
    """The kernel's figures cannot be made: says why."""


def sext(v, bits):
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v


IMM = re.compile(r'^-?(0x[0-9a-f]+|\d+)$')
FLOAT = re.compile(r'^-?[\d.]+(e[-+]?\d+)?$|^-?INF$|^\+?QNAN$')
CBANK = re.compile(r'^c\[0x0\]\[(.*)\]$')


class Lane:
    __slots__ = ('r', 'p', 'tid', 'ctaid', 'lane')

    def __init__(self, tid, ctaid, lane):
        self.r, self.p = {}, {}
        self.tid, self.ctaid, self.lane = tid, ctaid, lane


def cread(k, off, size, signed):
    if off < 0 or off + size > len(k.cbank):
        raise Unknown('constant bank offset 0x%x' % off)
    v = int.from_bytes(k.cbank[off:off + size], 'little')
    return sext(v, 8 * size) & M32 if signed else v


def reg(lane, name):
    if name in ('RZ', 'URZ'):
        return 0
    v = lane.r.get(name)
    return v if v is not None else (None if name in lane.r else 0)


def pred(lane, name):
    neg = name.startswith('!')
    name = name.lstrip('!')
    if name in ('PT', 'UPT'):
        v = True
    else:
        v = lane.p.get(name, False)
    if v is None:
        return None
    return (not v) if neg else v


def value(k, lane, op, ins=None):
    """A 32-bit operand value, or None when unknown."""
    op = op.replace('.reuse', '')
    neg = bitnot = absval = False
    if op.startswith('-') and not IMM.match(op) and not FLOAT.match(op):
        neg, op = True, op[1:]
    if op.startswith('~'):
        bitnot, op = True, op[1:]
    if op.startswith('|') and op.endswith('|'):
        absval, op = True, op[1:-1]
    m = IMM.match(op)
    if m:
        return int(op, 0) & M32
    c = CBANK.match(op)
    if c:
        off = address_terms(k, lane, c.group(1))
        if off is None:
            return None
        return cread(k, off, 4, False)  # LDC.64 reads its pair in execute()
    base = op.split('.')[0]
    sel = op.split('.')[1] if '.' in op else ''
    if re.fullmatch(r'U?R\d+|U?RZ', base):
        v = reg(lane, base)
        if v is None:
            return None
        if sel in ('H1',):
            v >>= 16
        elif sel in ('B1', 'B2', 'B3'):
            v >>= 8 * int(sel[1])
    elif base.startswith('SR'):
        return special(lane, op)
    else:
        raise Unknown('operand %r of %s' % (op, ins.text if ins else '?'))
    if absval:
        v = abs(sext(v, 32))
    if bitnot:
        v = ~v
    if neg:
        v = -v
    return v & M32


def special(lane, op):
    if op == 'SRZ':
        return 0
    m = re.match(r'SR_(TID|CTAID)\.([XYZ])', op)
    if m:
        src = lane.tid if m.group(1) == 'TID' else lane.ctaid
        return src['XYZ'.index(m.group(2))]
    if op == 'SR_LANEID':
        return lane.lane
    if op == 'SR_CgaCtaId':
        return 0
    raise Unknown('special register ' + op)


def address_terms(k, lane, text):
    """Sum of the terms of an address expression ([R2.64+UR4+-0x4]...)."""
    total = 0
    for t in text.split('+'):  # '+-0x4' leaves the term '-0x4'
        t = t.strip()
        if not t:
            continue
        scale = 1
        m = re.match(r'^(U?R\d+|U?RZ)((?:\.\w+)*)$', t)
        if m:
            name, mods = m.group(1), m.group(2)
            v = reg(lane, name)
            if v is None:
                return None
            if '.64' in mods:
                hi = 0 if name in ('RZ', 'URZ') else reg(lane, pair(name))
                if hi is None:
                    return None
                v |= hi << 32
            x = re.search(r'\.X(\d+)', mods)
            if x:
                scale = int(x.group(1))
            total += v * scale
        elif IMM.match(t):
            total += int(t, 0)
        else:
            raise Unknown('address term %r' % t)
    return total


def pair(name, i=1):
    n = int(re.sub(r'\D', '', name))
    return re.sub(r'\d+', '', name) + str(n + i)


def setreg(lane, name, v):
    if name in ('RZ', 'URZ', 'PT', 'UPT'):
        return
    lane.r[name] = None if v is None else v & M32


def set64(lane, name, v):
    if name in ('RZ', 'URZ'):
        return
    if v is None:
        lane.r[name] = lane.r[pair(name)] = None
    else:
        lane.r[name] = v & M32
        lane.r[pair(name)] = (v >> 32) & M32


def setpred(lane, name, v):
    if name in ('PT', 'UPT'):
        return
    lane.p[name] = v


def lut3(a, b, c, lut):
    r = 0
    for i in range(8):
        if lut >> i & 1:
            r |= ((a if i & 4 else ~a) & (b if i & 2 else ~b) &
                  (c if i & 1 else ~c))
    return r & M32


def cmp(op, a, b, signed):
    if signed:
        a, b = sext(a, 32), sext(b, 32)
    return {'EQ': a == b, 'NE': a != b, 'LT': a < b, 'LE': a <= b,
            'GT': a > b, 'GE': a >= b}[op]


def half(x):
    return struct.unpack('<H', struct.pack('<e', float(x)))[0]


def all_known(*vs):
    return all(v is not None for v in vs)


# ------------------------------------------------------------ instructions

FLOAT_OPS = ('FADD', 'FMUL', 'FFMA', 'FMNMX', 'FSEL', 'FSETP', 'MUFU', 'I2F',
             'I2FP', 'F2I', 'F2F', 'F2FP', 'DADD', 'DMUL', 'DFMA', 'HADD2',
             'HMUL2', 'HFMA2', 'FRND', 'DSETP', 'FCHK')


def execute(k, ins, lane):
    """Runs a non-memory, non-control instruction for one lane."""
    op, b = ins.op, ins.base
    o = ins.operands
    mods = op.split('.')[1:]
    V = lambda i: value(k, lane, o[i], ins)
    if b in ('MOV', 'UMOV'):
        setreg(lane, o[0], V(1))
    elif b in ('IADD3', 'UIADD3'):
        nd = 1
        while nd < len(o) and re.fullmatch(r'U?P[0-6T]', o[nd]):
            nd += 1
        srcs = o[nd:nd + 3]
        carry_in = 0
        if 'X' in mods:
            for p in o[nd + 3:]:
                pv = pred(lane, p)
                if pv is None:
                    return setreg(lane, o[0], None)
                carry_in += int(pv)
        total = carry_in
        for s in srcs:
            s2 = s.replace('.reuse', '')
            if s2.startswith('-') and not IMM.match(s2):
                v = value(k, lane, s2[1:], ins)
                if v is None:
                    return setreg(lane, o[0], None)
                total += (~v & M32) + 1
            else:
                v = value(k, lane, s2, ins)
                if v is None:
                    return setreg(lane, o[0], None)
                total += v
        setreg(lane, o[0], total)
        carry = total >> 32
        outs = o[1:nd]
        # Two carry outputs hold a carry of 0, 1 or 2 as a count (IADD3.X
        # adds both back): the first is set from 1, the second at 2.
        for i, p in enumerate(outs):
            setpred(lane, p, carry > i)
    elif b in ('VIADD',):
        a, c = V(1), V(2)
        setreg(lane, o[0], a + c if all_known(a, c) else None)
    elif b in ('IMAD', 'UIMAD'):
        imad(k, ins, lane, mods)
    elif b in ('LOP3', 'ULOP3'):
        if re.fullmatch(r'U?P[0-6T]', o[0]):
            pdst, o2 = o[0], o[1:]
        else:
            pdst, o2 = None, o
        a, bb, c = (value(k, lane, x, ins) for x in o2[1:4])
        lut = int(o2[4], 0)
        r = lut3(a, bb, c, lut) if all_known(a, bb, c) else None
        setreg(lane, o2[0], r)
        if pdst:
            # The predicate is "result non-zero", or'ed with the predicate
            # operand (and'ed under .PAND): !PT leaves the test alone.
            pin = pred(lane, o2[5]) if len(o2) > 5 else False
            if r is None or pin is None:
                setpred(lane, pdst, None)
            elif 'PAND' in mods:
                setpred(lane, pdst, r != 0 and pin)
            else:
                setpred(lane, pdst, r != 0 or pin)
    elif b in ('PLOP3', 'UPLOP3'):
        ps = [pred(lane, x) for x in o[2:5]]
        if not all_known(*ps):
            setpred(lane, o[0], None)
            setpred(lane, o[1], None)
            return
        a, bb, c = (M32 if p else 0 for p in ps)
        setpred(lane, o[0], lut3(a, bb, c, int(o[5], 0)) & 1 == 1)
        setpred(lane, o[1], lut3(a, bb, c, int(o[6], 0)) & 1 == 1)
    elif b in ('ISETP', 'UISETP'):
        cop = mods[0]
        signed = 'U32' not in mods
        comb = next(m for m in mods if m in ('AND', 'OR', 'XOR'))
        a, bb = V(2), V(3)
        c = pred(lane, o[4])
        if 'EX' in mods:
            lo = pred(lane, o[5])
            if not all_known(a, bb, c, lo):
                r = None
            elif cop == 'EQ':
                r = a == bb and lo
            elif cop == 'NE':
                r = a != bb or lo
            else:
                # The high words decide unless equal; then the low words'
                # comparison (the extra predicate) does.
                strict = cmp({'GE': 'GT', 'LE': 'LT'}.get(cop, cop), a, bb, signed)
                r = strict or (a == bb and lo)
        else:
            r = cmp(cop, a, bb, signed) if all_known(a, bb, c) else None
        if r is None:
            setpred(lane, o[0], None)
            setpred(lane, o[1], None)
            return
        f = {'AND': lambda x, y: x and y, 'OR': lambda x, y: x or y,
             'XOR': lambda x, y: x != y}[comb]
        setpred(lane, o[0], f(r, c))
        setpred(lane, o[1], f(not r, c))
    elif b in ('LEA', 'ULEA'):
        lea(k, ins, lane, mods)
    elif b in ('SHF', 'USHF'):
        a, s, c = V(1), V(2), V(3)
        if not all_known(a, s, c):
            return setreg(lane, o[0], None)
        s &= 0x3f
        w = (c << 32) | a
        if 'L' in mods:
            r = (w << min(s, 64)) & M64
        else:
            if 'S32' in mods or 'S64' in mods:
                w = sext(w, 64)
            r = (w >> min(s, 63)) & M64
        setreg(lane, o[0], r >> 32 if 'HI' in mods else r)
    elif b in ('PRMT', 'UPRMT'):
        a, s, c = V(1), V(2), V(3)
        if not all_known(a, s, c):
            return setreg(lane, o[0], None)
        by = ((c << 32) | a).to_bytes(8, 'little')
        r = 0
        for i in range(4):
            n = (s >> (4 * i)) & 0xf
            v = by[n & 7]
            if n & 8:
                v = 0xff if v & 0x80 else 0
            r |= v << (8 * i)
        setreg(lane, o[0], r)
    elif b in ('SEL', 'USEL'):
        p = pred(lane, o[3])
        a, c = V(1), V(2)
        setreg(lane, o[0], None if p is None else (a if p else c))
    elif b in ('IABS',):
        a = V(1)
        setreg(lane, o[0], None if a is None else abs(sext(a, 32)))
    elif b in ('IMNMX', 'VIMNMX'):
        a, c = V(1), V(2)
        p = pred(lane, o[3]) if len(o) > 3 else ('MIN' in mods)
        signed = 'U32' not in mods
        if not all_known(a, c, p):
            return setreg(lane, o[0], None)
        x, y = (sext(a, 32), sext(c, 32)) if signed else (a, c)
        setreg(lane, o[0], min(x, y) if p else max(x, y))
    elif b in ('POPC', 'UPOPC'):
        a = V(1)
        setreg(lane, o[0], None if a is None else bin(a).count('1'))
    elif b in ('FLO', 'UFLO'):
        a = V(1)
        setreg(lane, o[0], None if a is None else
               (M32 if a == 0 else a.bit_length() - 1))
    elif b == 'BREV':
        a = V(1)
        setreg(lane, o[0], None if a is None else int('{:032b}'.format(a)[::-1], 2))
    elif b in ('LDC', 'ULDC'):
        c = CBANK.match(o[1])
        off = address_terms(k, lane, c.group(1))
        if off is None:
            return setreg(lane, o[0], None)
        if '64' in mods:
            setreg(lane, o[0], cread(k, off, 4, False))
            setreg(lane, pair(o[0]), cread(k, off + 4, 4, False))
        else:
            size = 1 if ('U8' in mods or 'S8' in mods) else 2 if (
                'U16' in mods or 'S16' in mods) else 4
            setreg(lane, o[0], cread(k, off, size, 'S8' in mods or 'S16' in mods))
    elif b in ('S2R', 'S2UR', 'CS2R'):
        v = special(lane, o[1])
        setreg(lane, o[0], v)
        if b == 'CS2R':
            setreg(lane, pair(o[0]), 0)
    elif b == 'R2UR':
        setreg(lane, o[0], V(1))
    elif b == 'HFMA2' and 'MMA' in mods and o[1] == '-RZ' and o[2] == 'RZ':
        setreg(lane, o[0], (half(o[3]) << 16) | half(o[4]))
    elif b in FLOAT_OPS:
        setreg(lane, o[0], None)
        if b in ('FSETP', 'DSETP'):
            setpred(lane, o[0], None)
            setpred(lane, o[1], None)
        if ins.widths()[0] == 2 and b not in ('FSETP', 'DSETP'):
            setreg(lane, pair(o[0]), None)
    elif b in ('NOP', 'BSSY', 'BSYNC', 'BREAK', 'WARPSYNC', 'BMOV', 'DEPBAR',
               'MEMBAR', 'ERRBAR', 'CCTL', 'YIELD'):
        pass
    else:
        raise Unknown('instruction not modelled: ' + ins.text)


def imad(k, ins, lane, mods):
    o = ins.operands
    nd = 1
    while nd < len(o) and re.fullmatch(r'U?P[0-6T]', o[nd]):
        nd += 1
    a, bb = value(k, lane, o[nd], ins), value(k, lane, o[nd + 1], ins)
    signed = 'U32' not in mods and 'MOV' not in mods
    wide = 'WIDE' in mods
    c = value(k, lane, o[nd + 2], ins)
    # IMAD.WIDE and IMAD.HI add a 64-bit c: a register pair. nvcc's signed
    # division by 7 sets R4 = 0 and runs IMAD.HI R4, R5, m, R4 to add
    # n << 32 (R5 = n) to the product before taking its high word.
    if (wide or 'HI' in mods) and c is not None:
        cb = CBANK.match(o[nd + 2])
        if re.fullmatch(r'U?R\d+', o[nd + 2]):
            hi = reg(lane, pair(o[nd + 2]))
        elif cb:
            off = address_terms(k, lane, cb.group(1))
            hi = None if off is None else cread(k, off + 4, 4, False)
        else:
            hi = M32 if (c >> 31 and o[nd + 2].startswith('-')) else 0
        c = None if hi is None else c | (hi << 32)
    carry = 0
    if 'X' in mods:
        p = pred(lane, o[nd + 3]) if len(o) > nd + 3 else False
        if p is None:
            c = None
        else:
            carry = int(p)
    if not all_known(a, bb, c):
        return (set64 if wide else setreg)(lane, o[0], None)
    if 'HI' in mods:
        x, y = (sext(a, 32), sext(bb, 32)) if signed else (a, bb)
        r = (x * y + c + (carry << 32)) >> 32
        setreg(lane, o[0], r)
    elif wide:
        x, y = (sext(a, 32), sext(bb, 32)) if signed else (a, bb)
        r = x * y + c + carry
        set64(lane, o[0], r & M64)
        if nd > 1:
            setpred(lane, o[1], (x * y + c + carry) >> 64 != 0)
    else:
        r = a * bb + c + carry
        setreg(lane, o[0], r)
        if nd > 1:
            setpred(lane, o[1], (r >> 32) != 0)


def lea(k, ins, lane, mods):
    o = ins.operands
    nd = 2 if len(o) > 1 and re.fullmatch(r'U?P[0-6T]', o[1]) else 1
    src = o[nd:]
    V = lambda x: value(k, lane, x, ins)
    if 'HI' in mods:
        sx = 'SX32' in mods
        if sx:
            # LEA.HI[.X].SX32 d, a, b, shift[, carry]
            a, bb, s = V(src[0]), V(src[1]), int(src[2], 0)
            c = (M32 if a is not None and a >> 31 else 0) if a is not None else None
            rest = src[3:]
        else:
            a, bb, c, s = V(src[0]), V(src[1]), V(src[2]), int(src[3], 0)
            rest = src[4:]
        carry = 0
        if 'X' in mods and rest:
            p = pred(lane, rest[0])
            carry = None if p is None else int(p)
        if not all_known(a, bb, c, carry):
            return setreg(lane, o[0], None)
        w = (c << 32) | a
        r = ((w << s) >> 32) + bb + carry
        setreg(lane, o[0], r)
        if nd == 2:
            setpred(lane, o[1], (r >> 32) != 0)
    else:
        # LEA d, [carry,] a, b, shift = (a << shift) + b. A negated operand
        # is added as its complement plus one, so that the carry out is the
        # one a 64-bit subtraction needs (LEA R12, P2, -R13, R2, 0x4 with
        # IADD3.X R8, R3, -0x1, RZ, P2).
        neg_a = src[0].startswith('-') and not IMM.match(src[0])
        neg_b = src[1].startswith('-') and not IMM.match(src[1])
        a = V(src[0][1:] if neg_a else src[0])
        bb = V(src[1][1:] if neg_b else src[1])
        s = int(src[2], 0)
        if not all_known(a, bb):
            setreg(lane, o[0], None)
            if nd == 2:
                setpred(lane, o[1], None)
            return
        sh = (a << s) & M32
        r = (((~sh) & M32) + 1 if neg_a else sh) + (((~bb) & M32) + 1 if neg_b else bb)
        setreg(lane, o[0], r)
        if nd == 2:
            setpred(lane, o[1], (r >> 32) != 0)


