"""Random CUDA kernel generator for differential testing.

One seed gives one program: a .cu file with N kernels, each launched from
host code with constant grid, block and integer arguments, and the same
kernels rendered as host C++ for the native oracle (oracle_rt.h). Both
renderings print every index expression from the same tree, so the oracle
runs the very arithmetic the analyzer evaluates, compiled by the host
compiler.

Undefined behaviour is ruled out by construction: every integer
subexpression carries the interval of its values over every thread of the
grid (threadIdx, blockIdx and the loop counters range over their domains;
parameters are the launch's constants), computed with C++'s promotions and
usual arithmetic conversions. A signed operation whose interval leaves its
type is rejected and redrawn; an unsigned one wraps (its interval becomes
the type's whole range); divisors are positive constants; shift counts are
constants below the promoted width, and signed left shifts need a
non-negative operand that stays in range. Indices are forced into
[0, size) by a mask or modulo and sized from their intervals, so the same
program runs on a GPU without an out-of-bounds access.

Accesses are generated so that nothing is forwarded or dropped by the
compiler model (docs/compiler-effects.md): every access site has its own
array, a site inside a loop adds `counter * stride` so that no iteration
repeats an address, the one shared array is written once and each
statement reading it is followed by a barrier.
"""

import random

# name, bits, signed
INT_TYPES = [
    ("signed char", 8, True), ("unsigned char", 8, False),
    ("short", 16, True), ("unsigned short", 16, False),
    ("int", 32, True), ("unsigned", 32, False),
    ("long long", 64, True), ("unsigned long long", 64, False),
]
TYPE_BY_NAME = {t[0]: t for t in INT_TYPES}
INT = TYPE_BY_NAME["int"]
UINT = TYPE_BY_NAME["unsigned"]


def trange(t):
    _, bits, signed = t
    if signed:
        return -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    return 0, (1 << bits) - 1


def promote(t):
    return INT if t[1] < 32 else t


def common(a, b):
    """C++ usual arithmetic conversions on two promoted integer types."""
    a, b = promote(a), promote(b)
    if a == b:
        return a
    if a[2] == b[2]:
        return a if a[1] > b[1] else b
    u, s = (a, b) if not a[2] else (b, a)
    if u[1] >= s[1]:
        return u
    if s[1] > u[1]:
        return s
    return TYPE_BY_NAME["unsigned " + s[0]]


def convert(iv, t):
    """Interval of a value in interval iv after conversion to t (modular)."""
    lo, hi = iv
    tlo, thi = trange(t)
    if tlo <= lo and hi <= thi:
        return iv
    return tlo, thi


class Reject(Exception):
    pass


class E:
    """An integer expression: its text, C++ type and value interval."""

    def __init__(self, text, ty, iv, lane=False):
        self.text, self.ty, self.iv, self.lane = text, ty, iv, lane


def lit(v, ty=INT):
    if ty[2] or ty[1] < 32:
        return E(str(v), INT if ty[1] < 64 else ty, (v, v))
    return E(str(v) + ("u" if ty[1] == 32 else "ull"), ty, (v, v))


def binop(op, a, b):
    ty = common(a.ty, b.ty)
    x, y = convert(a.iv, ty), convert(b.iv, ty)
    tlo, thi = trange(ty)
    lane = a.lane or b.lane
    if op in "+-*":
        if op == "+":
            c = (x[0] + y[0], x[1] + y[1])
        elif op == "-":
            c = (x[0] - y[1], x[1] - y[0])
        else:
            p = [x[0] * y[0], x[0] * y[1], x[1] * y[0], x[1] * y[1]]
            c = (min(p), max(p))
        if c[0] < tlo or c[1] > thi:
            if ty[2]:
                raise Reject("signed overflow")
            c = (tlo, thi)
    elif op in "/%":
        d = y[0]
        if y[0] != y[1] or d <= 0:
            raise Reject("divisor must be a positive constant")
        if op == "/":
            q = lambda v: int(v / d) if v < 0 else v // d
            c = (q(x[0]), q(x[1]))
        elif x[0] >= 0:
            c = (x[0], x[1]) if x[1] < d else (0, d - 1)
        else:
            c = (-(d - 1), d - 1)
    elif op in ("<<", ">>"):
        ty = promote(a.ty)
        x = a.iv
        tlo, thi = trange(ty)
        s = b.iv[0]
        if b.iv[0] != b.iv[1] or not 0 <= s < ty[1]:
            raise Reject("shift count")
        if op == ">>":
            c = (x[0] >> s, x[1] >> s)
        else:
            c = (x[0] << s, x[1] << s)
            if ty[2] and (x[0] < 0 or c[1] > thi):
                raise Reject("signed shift")
            if c[1] > thi:
                c = (tlo, thi)
    elif op in "&|^":
        if x[0] >= 0 and y[0] >= 0:
            if op == "&":
                c = (0, min(x[1], y[1]))
            else:
                c = (0, (1 << max(x[1], y[1]).bit_length()) - 1)
        elif op == "&" and (x[0] >= 0 or y[0] >= 0):
            c = (0, x[1] if x[0] >= 0 else y[1])
        else:
            c = (tlo, thi)
    else:
        raise AssertionError(op)
    return E("(%s %s %s)" % (a.text, op, b.text), ty, c, lane)


# Element types: name, size, alignment, the fields summed into the
# accumulator (None: a scalar).
ELEMS = [
    ("signed char", 1, 1, None), ("short", 2, 2, None), ("float", 4, 4, None),
    ("int", 4, 4, None), ("double", 8, 8, None), ("long long", 8, 8, None),
    ("char2", 2, 2, ["x", "y"]), ("char4", 4, 4, ["x", "y", "z", "w"]),
    ("short2", 4, 4, ["x", "y"]), ("short4", 8, 8, ["x", "y", "z", "w"]),
    ("float2", 8, 8, ["x", "y"]), ("int2", 8, 8, ["x", "y"]),
    ("float4", 16, 16, ["x", "y", "z", "w"]),
    ("int4", 16, 16, ["x", "y", "z", "w"]), ("double2", 16, 16, ["x", "y"]),
    ("S3f", 12, 4, ["a", "b", "c"]), ("S3s", 6, 2, ["a", "b", "c"]),
    ("S4f8", 16, 8, ["a", "b", "c", "d"]),
    ("S8f16", 32, 16, ["v[%d]" % i for i in range(8)]),
]
ELEM = {e[0]: e for e in ELEMS}
SHARED_ELEMS = ["float", "int", "double", "short", "signed char", "float2",
                "float4", "long long", "int2"]
STRUCTS = """struct S3f { float a, b, c; };
struct S3s { short a, b, c; };
struct alignas(8) S4f8 { float a, b, c, d; };
struct alignas(16) S8f16 { float v[8]; };
"""

BLOCKS = [(32, 1, 1), (64, 1, 1), (16, 1, 1), (48, 1, 1), (96, 1, 1),
          (20, 1, 1), (33, 1, 1), (128, 1, 1), (16, 16, 1), (8, 4, 2),
          (32, 4, 1), (48, 2, 1), (96, 2, 1), (7, 5, 3), (16, 8, 2),
          (4, 4, 4), (24, 3, 1), (1, 1, 1), (256, 1, 1), (12, 6, 2)]

MAX_ELEMS = 1 << 20  # per array: keeps the GPU program's buffers small


class Kernel:
    def __init__(self, name):
        self.name = name
        self.params = []      # (kind, c type, name, value or elem info)
        self.body = []        # statements (tuples, see Gen.stmt_*)
        self.shared = None    # (elem, dims)
        self.funcs = []       # device functions: (cu text, host text)
        self.arrays = 0


class Gen:
    def __init__(self, seed, max_elems=MAX_ELEMS):
        self.r = random.Random(seed)
        self.max_elems = max_elems

    # ---- expressions ------------------------------------------------------
    def leaf(self, k, env, uniform):
        r = self.r
        choices = ["const", "bid", "bdim", "param", "local"]
        if not uniform:
            choices += ["tid"] * 4
        else:
            choices += ["tidyz"]
        if env.get("func"):
            # A device function's body: its parameters and constants.
            choices = ["const", "local", "local", "local"]
        c = r.choice(choices)
        bx, by, bz = k.block
        gx, gy, gz = k.grid
        if c == "tid":
            d = r.choice("xxxyz")
            n = {"x": bx, "y": by, "z": bz}[d]
            return E("threadIdx." + d, UINT, (0, n - 1), True)
        if c == "tidyz":
            # Uniform within a warp only when whole rows fill warps; the
            # oracle decides, not the generator.
            d = r.choice("yz")
            n = {"y": by, "z": bz}[d]
            return E("threadIdx." + d, UINT, (0, n - 1), True)
        if c == "bid":
            d = r.choice("xyz")
            n = {"x": gx, "y": gy, "z": gz}[d]
            return E("blockIdx." + d, UINT, (0, n - 1))
        if c == "bdim":
            d = r.choice("xyz")
            n = {"x": bx, "y": by, "z": bz}[d]
            return E("blockDim." + d, UINT, (n, n))
        if c == "param":
            ints = [p for p in k.params if p[0] == "int"]
            if ints:
                p = r.choice(ints)
                return E(p[2], TYPE_BY_NAME[p[1]], (p[3], p[3]))
        if c == "local" and env.get("locals"):
            name, t, iv, lane = r.choice(env["locals"])
            if not (uniform and lane):
                return E(name, t, iv, lane)
        return lit(r.choice([0, 1, 2, 3, 4, 5, 7, 8, 16, 31, 32, 33, 64, 100]))

    def expr(self, k, env, depth, uniform=False):
        r = self.r
        for _ in range(50):
            try:
                return self._expr(k, env, depth, uniform)
            except Reject:
                continue
        return lit(1)

    def _expr(self, k, env, depth, uniform):
        r = self.r
        if depth <= 0 or r.random() < 0.25:
            e = self.leaf(k, env, uniform)
        else:
            op = r.choice(["+", "+", "-", "*", "*", "/", "%", "<<", ">>",
                           "&", "^", "|"])
            a = self._expr(k, env, depth - 1, uniform)
            if op in ("/", "%"):
                b = lit(r.choice([1, 2, 3, 4, 5, 7, 8, 12, 16, 32, 33]))
            elif op in ("<<", ">>"):
                b = lit(r.randrange(0, 6))
            elif op == "&":
                b = r.choice([lit(r.choice([1, 3, 7, 15, 31, 63, 255])),
                              self._expr(k, env, depth - 1, uniform)])
            else:
                b = self._expr(k, env, depth - 1, uniform)
            if r.random() < 0.5:
                a, b = (b, a) if op in "+*&^|" else (a, b)
            e = binop(op, a, b)
        if r.random() < 0.15:
            t = r.choice(INT_TYPES)
            e = E("(%s)%s" % (t[0], e.text), t, convert(e.iv, t), e.lane)
        return e

    def index(self, k, env, size_hint):
        """An index expression in [0, size) plus the array size it needs."""
        r = self.r
        e = self.expr(k, env, r.randrange(1, 4))
        if r.random() < 0.6:
            # Most real indices move with the lane: a strided thread term
            # makes coalescing and bank conflicts vary.
            d = r.choice("xxxxyz")
            n = {"x": k.block[0], "y": k.block[1], "z": k.block[2]}[d]
            t = E("threadIdx." + d, UINT, (0, n - 1), True)
            stride = lit(r.choice([1, 1, 1, 2, 3, 4, 8, 16, 17, 32, 33, 64]))
            try:
                e = binop("+", binop("*", t, stride), e) if r.random() < 0.5 \
                    else binop("+", e, binop("*", t, stride))
            except Reject:
                pass
        if r.random() < 0.2 and len(k.funcs) < 3:
            e = self.devfunc_index(k, env, e)
        lo, hi = e.iv
        if lo < 0 or hi >= size_hint:
            m = r.choice([size_hint, 255, 1023, 4095, 63])
            m = min(m, size_hint)
            if r.random() < 0.5 and (m + 1) & m == 0:
                e2 = binop("&", e, lit(m))
            else:
                e2 = binop("%", e, lit(m + 1 if (m + 1) & m == 0 else m))
            if e2.iv[0] < 0:  # a negative dividend keeps its sign: offset it
                e2 = binop("+", e2, lit(-e2.iv[0]))
            e = e2
        # Loop counters: each iteration moves to fresh addresses. With the
        # innermost stride c >= 1 and each outer one at least the inner
        # trip count times the inner stride, the counters' sum is injective
        # over the iteration space, so no lane repeats an address.
        mult = 1
        span = e.iv[1] + 1
        for name, trip in reversed(env.get("loops", [])):
            c = mult * r.choice([1, 4, 32, span])
            e = binop("+", e, E("%s * %d" % (name, c), INT,
                                (0, (trip - 1) * c)))
            mult = c * trip
        return e, e.iv[1] + 1

    def devfunc_index(self, k, env, arg):
        n = len(k.funcs)
        name = "%s_idx%d" % (k.name, n)
        pt = self.r.choice(INT_TYPES)
        a = E("a", pt, convert(arg.iv, pt), arg.lane)
        b_e = self.expr(k, env, 1)
        bt = self.r.choice([INT, UINT])
        b = E("b", bt, convert(b_e.iv, bt), b_e.lane)
        fenv = {"func": True,
                "locals": [("a", a.ty, a.iv, a.lane), ("b", b.ty, b.iv, b.lane)]}
        body = None
        for _ in range(50):
            try:
                body = self._expr(k, fenv, 2, False)
                break
            except Reject:
                continue
        if body is None:
            body = a
        rt = body.ty
        sig = "%s %s(%s a, %s b)" % (rt[0], name, pt[0], bt[0])
        k.funcs.append(("__device__ %s {\n  return %s;\n}\n" % (sig, body.text),
                        "static %s {\n  return %s;\n}\n" % (sig, body.text)))
        return E("%s(%s, %s)" % (name, arg.text, b_e.text), rt, body.iv,
                 arg.lane or b_e.lane)

    def cond(self, k, env, uniform):
        if self.r.random() < 0.15:
            # && and || split the mask inside one test.
            return "(%s) %s (%s)" % (self.cond1(k, env, uniform),
                                     self.r.choice(["&&", "||"]),
                                     self.cond1(k, env, uniform))
        return self.cond1(k, env, uniform)

    def cond1(self, k, env, uniform):
        e = self.expr(k, env, self.r.randrange(1, 3), uniform)
        lo, hi = e.iv
        hi = min(hi, lo + 4096)
        c = self.r.randint(lo, hi)
        op = self.r.choice(["<", "<=", "==", "!=", ">", ">="])
        t = promote(e.ty)
        cl = lit(c, t) if c >= 0 else lit(c)
        return "%s %s %s" % (e.text, op, cl.text)

    # ---- statements -------------------------------------------------------
    def array(self, k, elem, kind):
        name = "p%d" % k.arrays
        k.arrays += 1
        k.params.append(["ptr", elem, name, [0, kind]])
        return name

    def stmt_access(self, k, env, kind=None, scalar=False):
        r = self.r
        kind = kind or r.choice(["load", "load", "load", "store"])
        elem = r.choice([e for e in ELEMS if not scalar or e[3] is None])
        name = self.array(k, elem[0], kind)
        trips = env.get("trip_product", 1) * 64
        hint = min(self.max_elems // trips, r.choice([4096, 65536, MAX_ELEMS]))
        idx, size = self.index(k, env, max(hint, 64))
        for p in k.params:
            if p[2] == name:
                p[3][0] = size
        return ("access", kind, elem, name, idx.text)

    def stmt_shared(self, k, env, kind):
        elem, dims = k.shared
        idxs = []
        for d in dims:
            e = self.expr(k, env, self.r.randrange(1, 3))
            if self.r.random() < 0.6:
                t = E("threadIdx.x", UINT, (0, k.block[0] - 1), True)
                s = lit(self.r.choice([1, 1, 2, 3, 4, 8, 16, 32, 33]))
                try:
                    e = binop("+", binop("*", t, s), e)
                except Reject:
                    pass
            if e.iv[0] < 0 or e.iv[1] >= d:
                e = binop("%", e, lit(d))
                if e.iv[0] < 0:
                    e = binop("+", e, lit(-e.iv[0]))
                    e = binop("%", e, lit(d))
            idxs.append(e.text)
        return ("shared", kind, ELEM[elem], "sh", idxs)

    def stmt_devload(self, k, env):
        elem = ELEM[self.r.choice(["float", "int", "double", "float2",
                                   "short", "int4", "S3f"])]
        n = len(k.funcs)
        fname = "%s_ld%d" % (k.name, n)
        idx_t = self.r.choice(["int", "unsigned", "long long"])
        acc = sum_expr(elem, "t")
        cu = ("__device__ float %s(const %s *q, %s i) {\n"
              "  %s t = q[i];\n  return %s;\n}\n" %
              (fname, elem[0], idx_t, elem[0], acc))
        host = ("static float %s(Arr<const %s> q, %s i) {\n"
                "  %s t = cal_ld(%s, q, i);\n  return %s;\n}\n" %
                (fname, elem[0], idx_t, elem[0], "%SITE%", acc))
        k.funcs.append((cu, host))
        calls = []
        for _ in range(self.r.randrange(1, 3)):
            name = self.array(k, elem[0], "load")
            idx, size = self.index(k, env, min(65536, self.max_elems))
            if TYPE_BY_NAME[idx_t][2] is False and idx.iv[0] < 0:
                raise Reject("negative")
            for p in k.params:
                if p[2] == name:
                    p[3][0] = size
            calls.append((name, idx.text))
        return ("devload", fname, len(k.funcs) - 1, elem, calls)

    def block(self, k, env, depth, n):
        out = []
        for _ in range(n):
            out.append(self.stmt(k, env, depth))
        return out

    def stmt(self, k, env, depth):
        r = self.r
        choices = ["access"] * 4
        if depth > 0:
            choices += ["if", "ifelse", "ternary", "switch", "for", "for"]
        if len(k.funcs) < 3:
            choices += ["devload"]
        if env.get("loops"):
            choices += ["jump"]
        elif not k.shared and env.get("in_if"):
            choices += ["return"]
        c = r.choice(choices)
        if c == "jump":
            return ("jump", r.choice(["break", "continue"]))
        if c == "return":
            return ("jump", "return")
        if c == "access":
            return self.stmt_access(k, env)
        if c == "devload":
            try:
                return self.stmt_devload(k, env)
            except Reject:
                return self.stmt_access(k, env)
        if c in ("if", "ifelse"):
            cnd = self.cond(k, env, r.random() < 0.4)
            inner = dict(env)
            inner["in_if"] = True
            then = self.block(k, inner, depth - 1, r.randrange(1, 3))
            els = self.block(k, inner, depth - 1, r.randrange(1, 3)) \
                if c == "ifelse" else None
            return ("if", cnd, then, els)
        if c == "ternary":
            cnd = self.cond(k, env, r.random() < 0.4)
            a = self.stmt_access(k, env, "load", scalar=True)
            b = self.stmt_access(k, env, "load", scalar=True)
            return ("ternary", cnd, a, b)
        if c == "switch":
            e = self.expr(k, env, 2, r.random() < 0.4)
            n = r.randrange(2, 5)
            cases = [self.block(k, env, depth - 1, 1) for _ in range(n)]
            return ("switch", e.text, n, cases)
        # for loop: constant, parameter or lane-dependent trip count
        loops = env.get("loops", [])
        budget = env.get("trip_product", 1)
        name = "i%d" % env["counter"][0]
        env["counter"][0] += 1
        kind = r.choice(["const", "param", "lane"])
        trip = r.randrange(1, 5)
        if budget * trip > 12:
            trip = 1
        if kind == "const":
            bound = str(trip)
        elif kind == "param":
            pname = "n%d" % len(k.params)
            k.params.append(["int", "int", pname, trip])
            bound = pname
        else:
            bound = "(int)(threadIdx.x %% %d) + 1" % trip
        inner = dict(env)
        inner["loops"] = loops + [(name, trip)]
        inner["trip_product"] = budget * trip
        body = self.block(k, inner, depth - 1, r.randrange(1, 3))
        return ("for", name, bound, body)

    # ---- kernels ----------------------------------------------------------
    def kernel(self, name):
        r = self.r
        k = Kernel(name)
        k.block = r.choice(BLOCKS)
        k.grid = (r.randrange(1, 6), r.randrange(1, 4), r.randrange(1, 3))
        for i in range(r.randrange(0, 3)):
            t = r.choice(INT_TYPES)
            v = r.randrange(0, 100 if t[1] > 8 else 100)
            k.params.append(["int", t[0], "q%d" % i, v])
        env = {"locals": [], "counter": [0]}
        k.locals = []
        for i in range(r.randrange(0, 3)):
            e = self.expr(k, env, 2)
            t = r.choice(INT_TYPES)
            iv = convert(e.iv, t)
            k.locals.append((t[0], "v%d" % i, e.text))
            env["locals"].append(("v%d" % i, t, iv, e.lane))
        if r.random() < 0.5:
            elem = r.choice(SHARED_ELEMS)
            size = ELEM[elem][1]
            if r.random() < 0.5:
                cols = r.choice([8, 16, 32, 64]) + r.choice([0, 0, 1, 2, 4])
                rows = r.choice([8, 16, 32])
                dims = [rows, cols]
            else:
                dims = [r.choice([256, 512, 1024])]
            while (prod(dims) * size) % 128:
                dims[0] += 1
            k.shared = (elem, dims)
        k.body = self.block(k, env, 2, r.randrange(2, 6))
        if k.shared:
            k.shared_store = self.stmt_shared(k, env, "store")
            k.shared_loads = [self.stmt_shared(k, env, "load")
                              for _ in range(r.randrange(1, 3))]
            if r.random() < 0.5:
                cnd = self.cond(k, env, False)
                k.shared_loads[0] = ("if", cnd, [k.shared_loads[0]], None)
        k.final = self.stmt_access(k, env, "store")
        return k


def prod(xs):
    p = 1
    for x in xs:
        p *= x
    return p


def sum_expr(elem, var):
    if elem[3] is None:
        return "(float)%s" % var
    return " + ".join("(float)%s.%s" % (var, f) for f in elem[3])


def generate(seed, count, prefix="k", max_elems=MAX_ELEMS):
    g = Gen(seed, max_elems)
    return [g.kernel("%s%d_%d" % (prefix, seed, i)) for i in range(count)]


# ---- rendering ---------------------------------------------------------
class Program:
    """Both renderings of a list of kernels, and the table of sites."""

    def __init__(self, kernels, header):
        self.kernels = kernels
        self.cu, self.host = [], []
        self.sites = {}  # id -> (line, column, what)
        self.tmp = 0
        self.header = header
        self.render()

    def emit(self, cu, host=None):
        self.cu.append(cu)
        self.host.append(cu if host is None else host)
        return len(self.cu)  # this line's number

    def site(self, what, line, col):
        sid = len(self.sites)
        self.sites[sid] = (line, col, what)
        return sid

    def next_line(self):
        return len(self.cu) + 1

    def render(self):
        for l in self.header.rstrip("\n").split("\n"):
            self.emit(l, "")
        self.emit("", '#include "oracle_rt.h"')
        for l in STRUCTS.rstrip("\n").split("\n"):
            self.emit(l)
        for k in self.kernels:
            self.kernel(k)
        self.host_main()
        self.cu_main()

    def func(self, cu, host, site_what=None):
        cl, hl = cu.rstrip("\n").split("\n"), host.rstrip("\n").split("\n")
        for c, h in zip(cl, hl):
            if "%SITE%" in h:
                line = self.next_line()
                sid = self.site(site_what, line, c.index("q[") + 1)
                h = h.replace("%SITE%", str(sid))
                self.func_sites.append(sid)
            self.emit(c, h)

    def kernel(self, k):
        self.func_sites = []
        self.devload_sites = {}
        for i, (cu, host) in enumerate(k.funcs):
            before = len(self.func_sites)
            self.func(cu, host, "load")
            if len(self.func_sites) > before:
                self.devload_sites[i] = self.func_sites[-1]
        cparams, hparams = [], []
        for kind, ty, name, info in k.params:
            if kind == "ptr":
                const = "const " if info[1] == "load" else ""
                cparams.append("%s%s *%s" % (const, ty, name))
                hparams.append("Arr<%s%s> %s" % (const, ty, name))
            else:
                cparams.append("%s %s" % (ty, name))
                hparams.append("%s %s" % (ty, name))
        self.emit("__global__ void %s(%s) {" % (k.name, ", ".join(cparams)),
                  "static void %s_host(%s) {" % (k.name, ", ".join(hparams)))
        ind = "  "
        if k.shared:
            elem, dims = k.shared
            self.emit(ind + "__shared__ %s sh%s;" % (
                elem, "".join("[%d]" % d for d in dims)),
                ind + "Arr<%s> sh{0, CalShared, %d};" % (
                    elem, dims[1] if len(dims) > 1 else 0))
        self.emit(ind + "float acc = 0.0f;")
        for t, name, text in k.locals:
            self.emit(ind + "%s %s = %s;" % (t, name, text))
        for s in k.body:
            self.stmt(s, ind)
        if k.shared:
            self.stmt(k.shared_store, ind)
            self.emit(ind + "__syncthreads();")
            for s in k.shared_loads:
                self.stmt(s, ind)
                self.emit(ind + "__syncthreads();")
        self.stmt(k.final, ind)
        self.emit("}")

    def temp(self):
        self.tmp += 1
        return "t%d" % self.tmp

    def access(self, s, ind, prefix=None):
        """Emits an access; prefix: the ternary's arm text before it."""
        _, kind, elem, name, idx = s[:5]
        shared = s[0] == "shared"
        if shared:
            sub = "".join("[%s]" % i for i in idx)
            hargs = ", ".join(idx)
            ld, st = ("cal_ld2", "cal_st2") if len(idx) == 2 else ("cal_ld", "cal_st")
        else:
            sub = "[%s]" % idx
            hargs = idx
            ld, st = "cal_ld", "cal_st"
        ref = name + sub
        line = self.next_line()
        if kind == "load":
            if elem[3] is None:
                pre = ind + "acc += (float)"
                sid = self.site("load", line, len(pre) + 1)
                self.emit(pre + ref + ";",
                          pre + "%s(%d, %s, %s);" % (ld, sid, name, hargs))
            else:
                t = self.temp()
                pre = ind + "%s %s = " % (elem[0], t)
                sid = self.site("load", line, len(pre) + 1)
                self.emit(pre + ref + ";",
                          pre + "%s(%d, %s, %s);" % (ld, sid, name, hargs))
                self.emit(ind + "acc += %s;" % sum_expr(elem, t))
        else:
            if elem[3] is None:
                value = "(%s)acc" % elem[0]
            else:
                value = self.temp()
                self.emit(ind + "%s %s;" % (elem[0], value))
                for f in elem[3]:
                    self.emit(ind + "%s.%s = acc;" % (value, f))
            line = self.next_line()
            sid = self.site("store", line, len(ind) + 1)
            self.emit(ind + "%s = %s;" % (ref, value),
                      ind + "%s(%d, %s, %s);" % (st, sid, name, hargs))

    def stmt(self, s, ind):
        kind = s[0]
        if kind in ("access", "shared"):
            self.access(s, ind)
        elif kind == "jump":
            self.emit(ind + s[1] + ";")
        elif kind == "devload":
            _, fname, fi, elem, calls = s
            for name, idx in calls:
                self.tmp += 1
                self.emit(ind + "acc += %s(%s, %s);" % (fname, name, idx),
                          ind + "{ CalCall c_(%d); acc += %s(%s, %s); }" %
                          (self.tmp, fname, name, idx))
        elif kind == "if":
            _, cnd, then, els = s
            line = self.next_line()
            sid = self.site("if", line, len(ind) + 1)
            self.emit(ind + "if (%s) {" % cnd,
                      ind + "if (cal_br(%d, %s)) {" % (sid, cnd))
            for t in then:
                self.stmt(t, ind + "  ")
            if els:
                self.emit(ind + "} else {")
                for t in els:
                    self.stmt(t, ind + "  ")
            self.emit(ind + "}")
        elif kind == "ternary":
            _, cnd, a, b = s
            line = self.next_line()
            pre = ind + "acc += "
            sid = self.site("?:", line, len(pre) + 1)
            arm = len(ind) + len("    ? (float)") + 1
            sa = self.site("load", line + 1, arm)
            sb = self.site("load", line + 2, arm)
            self.emit(pre + "(%s)" % cnd,
                      pre + "cal_br(%d, (%s))" % (sid, cnd))
            self.emit(ind + "    ? (float)%s[%s]" % (a[3], a[4]),
                      ind + "    ? (float)cal_ld(%d, %s, %s)" % (sa, a[3], a[4]))
            self.emit(ind + "    : (float)%s[%s];" % (b[3], b[4]),
                      ind + "    : (float)cal_ld(%d, %s, %s);" % (sb, b[3], b[4]))
        elif kind == "switch":
            _, e, n, cases = s
            line = self.next_line()
            sid = self.site("switch", line, len(ind) + 1)
            sw = "(int)((%s) & 7u)" % e
            self.emit(ind + "switch (%s) {" % sw,
                      ind + "switch (cal_sw(%d, %s)) {" % (sid, sw))
            for i, body in enumerate(cases):
                label = "default" if i == n - 1 else "case %d" % i
                self.emit(ind + "%s: {" % label)
                for t in body:
                    self.stmt(t, ind + "  ")
                self.emit(ind + "  break;")
                self.emit(ind + "}")
            self.emit(ind + "}")
        elif kind == "for":
            _, name, bound, body = s
            line = self.next_line()
            sid = self.site("for", line, len(ind) + 1)
            self.emit(ind + "for (int %s = 0; %s < %s; ++%s) {" %
                      (name, name, bound, name),
                      ind + "{ CalLoop L%s; for (int %s = 0; cal_br(%d, %s < %s); "
                      "++%s, L%s.next()) {" % (name, name, sid, name, bound,
                                              name, name))
            for t in body:
                self.stmt(t, ind + "  ")
            self.emit(ind + "}", ind + "} }")
        else:
            raise AssertionError(kind)

    def layout(self, k):
        """Byte offsets of the kernel's arrays in one pool, 256-aligned as
        cudaMalloc's, and the pool's size."""
        offs, off = {}, 0
        for kind, ty, name, info in k.params:
            if kind == "ptr":
                offs[name] = off
                off += (info[0] * ELEM[ty][1] + 255) // 256 * 256
        return offs, max(off, 256)

    def args(self, k, host):
        offs, _ = self.layout(k)
        out = []
        for i, (kind, ty, name, info) in enumerate(k.params):
            const = "const " if kind == "ptr" and info[1] == "load" else ""
            if kind == "ptr" and host:
                out.append("Arr<%s%s>{%dull << 32, CalGlobal, 0}" %
                           (const, ty, i + 1))
            elif kind == "ptr":
                out.append("(%s%s *)(pool + %d)" % (const, ty, offs[name]))
            else:
                out.append("(%s)%d" % (ty, info))
        return out

    def host_main(self):
        lines = ["int main() {"]
        for k in self.kernels:
            lines.append('  cal_oracle::run("%s", dim3{%d, %d, %d}, '
                         'dim3{%d, %d, %d}, [] { %s_host(%s); });' %
                         ((k.name,) + k.grid + k.block +
                          (k.name, ", ".join(self.args(k, True)))))
        lines.append("  return 0;\n}")
        self.host.extend(lines)

    def cu_main(self):
        pool = 0
        for k in self.kernels:
            self.cu.append("void launch_%s(char *pool) {" % k.name)
            self.cu.append("  %s<<<dim3(%d, %d, %d), dim3(%d, %d, %d)>>>(%s);"
                           % ((k.name,) + k.grid + k.block +
                              (", ".join(self.args(k, False)),)))
            self.cu.append("}")
            pool = max(pool, self.layout(k)[1])
        self.pool_bytes = pool
        self.cu.append("#ifndef CAL_FUZZ_NO_MAIN")
        self.cu.append("int main() {")
        self.cu.append("  char *pool = nullptr;")
        self.cu.append("  if (cudaMalloc(&pool, %d) != cudaSuccess)" % pool)
        self.cu.append("    return 1;")
        self.cu.append("  cudaMemset(pool, 0, %d);" % pool)
        for k in self.kernels:
            self.cu.append("  launch_%s(pool);" % k.name)
        self.cu.append("  if (cudaDeviceSynchronize() != cudaSuccess)")
        self.cu.append("    return 1;")
        self.cu.append("  cudaFree(pool);")
        self.cu.append("  return 0;")
        self.cu.append("}")
        self.cu.append("#endif")


def program(seed, count, prefix="k", max_elems=MAX_ELEMS):
    header = ("// Generated by test/fuzz/kernelgen.py, seed %d, %d kernels.\n"
              "// nvcc includes cuda_runtime.h itself.\n" % (seed, count))
    return Program(generate(seed, count, prefix, max_elems), header)


if __name__ == "__main__":
    import sys
    p = program(int(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 4)
    sys.stdout.write("\n".join(p.cu if "--host" not in sys.argv else p.host) + "\n")
