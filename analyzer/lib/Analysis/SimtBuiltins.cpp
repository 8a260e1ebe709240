//===- SimtBuiltins.cpp - CUDA builtins and intrinsics, by name -----------===//
//
// The one table of CUDA device builtins the interpreter knows, each with its
// semantics: synchronisation, cache-hinted loads and stores, atomics,
// integer intrinsics, warp shuffles and votes (register operations between
// the lanes of a warp), and the calls that touch memory the analysis cannot
// see (textures, surfaces, cuRAND). It is consulted before a callee is
// inlined, so that a toolkit header's implementation (tex1Dfetch's inline
// asm, curand's state updates) never shows up as made-up accesses.
//
//===----------------------------------------------------------------------===//
#include "SimtInterpreter.h"
#include "clang/Basic/SourceManager.h"

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/StringMap.h"

namespace cal {

using Value = SimtInterpreter::Value;
using LValue = SimtInterpreter::LValue;

namespace {

enum class Builtin {
  Barrier,     ///< no value, no memory access of its own
  BlockVote,   ///< __syncthreads_count/_and/_or: depends on other warps
  Load,        ///< __ldg(p) and the cache-hinted loads: reads *p
  Store,       ///< __stcg(p, v) and friends: writes *p
  Atomic,      ///< reads and writes *arg0; result unknown
  Mul24,       ///< low 32 bits of the product of the low 24 bits (signed)
  UMul24,      ///< the same, unsigned
  MulHi,       ///< high 32 bits of the 64-bit signed product
  UMulHi,      ///< high 32 bits of the 64-bit unsigned product
  Mul64Hi,     ///< high 64 bits of the 128-bit signed product
  UMul64Hi,    ///< high 64 bits of the 128-bit unsigned product
  Popc,        ///< number of set bits
  Clz,         ///< leading zeros
  Ffs,         ///< 1 + index of the least significant set bit; 0 for 0
  Brev,        ///< bit reversal
  Min,         ///< integer min
  Max,         ///< integer max
  Abs,         ///< integer absolute value
  Shfl,        ///< value of lane srcLane (within width)
  ShflUp,      ///< value of lane - delta
  ShflDown,    ///< value of lane + delta
  ShflXor,     ///< value of lane ^ laneMask
  Ballot,      ///< bit per active lane whose predicate is true
  Any,         ///< any active lane's predicate true
  All,         ///< every active lane's predicate true
  ActiveMask,  ///< the active lanes
  LaneId,      ///< this lane's index in the warp
  NotFollowed, ///< accesses memory the analysis does not model
  Maths,       ///< pure arithmetic on values the interpreter does not track
  Identity,    ///< __builtin_expect(x, e) and the like: the value of x
};

struct BuiltinInfo {
  Builtin Kind;
  /// Warp builtins: true for the pre-CUDA-9 spelling without a mask.
  bool NoMask = false;
  /// NotFollowed: what the call is, for the not-followed list.
  const char *What = "";
  /// 64-bit variant of a bit intrinsic (__popcll, __clzll, ...).
  bool Wide = false;
};

/// The table. Bit-width variants and legacy spellings are separate
/// entries, so that a name is all it takes to know the semantics.
const llvm::StringMap<BuiltinInfo> &builtinTable() {
  static const llvm::StringMap<BuiltinInfo> Table = [] {
    llvm::StringMap<BuiltinInfo> T;
    auto Add = [&](llvm::StringRef N, BuiltinInfo I) { T[N] = I; };
    for (const char *N :
         {"__syncthreads", "__syncwarp", "__threadfence", "__threadfence_block",
          "__threadfence_system", "__nanosleep", "__trap", "__brkpt",
          "__prof_trigger", "__assert_fail", "__assertfail"})
      Add(N, {Builtin::Barrier});
    for (const char *N :
         {"__syncthreads_count", "__syncthreads_and", "__syncthreads_or"})
      Add(N, {Builtin::BlockVote});
    for (const char *N :
         {"__ldg", "__ldca", "__ldcg", "__ldcs", "__ldlu", "__ldcv"})
      Add(N, {Builtin::Load});
    for (const char *N : {"__stwb", "__stcg", "__stcs", "__stwt"})
      Add(N, {Builtin::Store});
    for (const char *N : {"atomicAdd", "atomicSub", "atomicExch", "atomicMin",
                          "atomicMax", "atomicInc", "atomicDec", "atomicCAS",
                          "atomicAnd", "atomicOr", "atomicXor"})
      for (const char *Scope : {"", "_block", "_system"})
        Add(std::string(N) + Scope, {Builtin::Atomic});
    Add("__mul24", {Builtin::Mul24});
    Add("__umul24", {Builtin::UMul24});
    Add("__mulhi", {Builtin::MulHi});
    Add("__umulhi", {Builtin::UMulHi});
    Add("__mul64hi", {Builtin::Mul64Hi});
    Add("__umul64hi", {Builtin::UMul64Hi});
    Add("__popc", {Builtin::Popc});
    Add("__popcll", {Builtin::Popc, false, "", true});
    Add("__clz", {Builtin::Clz});
    Add("__clzll", {Builtin::Clz, false, "", true});
    Add("__ffs", {Builtin::Ffs});
    Add("__ffsll", {Builtin::Ffs, false, "", true});
    Add("__brev", {Builtin::Brev});
    Add("__brevll", {Builtin::Brev, false, "", true});
    for (const char *N : {"min", "umin", "llmin", "ullmin"})
      Add(N, {Builtin::Min});
    for (const char *N : {"max", "umax", "llmax", "ullmax"})
      Add(N, {Builtin::Max});
    for (const char *N : {"abs", "labs", "llabs"})
      Add(N, {Builtin::Abs});
    Add("__shfl_sync", {Builtin::Shfl});
    Add("__shfl_up_sync", {Builtin::ShflUp});
    Add("__shfl_down_sync", {Builtin::ShflDown});
    Add("__shfl_xor_sync", {Builtin::ShflXor});
    Add("__shfl", {Builtin::Shfl, true});
    Add("__shfl_up", {Builtin::ShflUp, true});
    Add("__shfl_down", {Builtin::ShflDown, true});
    Add("__shfl_xor", {Builtin::ShflXor, true});
    Add("__ballot_sync", {Builtin::Ballot});
    Add("__any_sync", {Builtin::Any});
    Add("__all_sync", {Builtin::All});
    Add("__ballot", {Builtin::Ballot, true});
    Add("__any", {Builtin::Any, true});
    Add("__all", {Builtin::All, true});
    Add("__activemask", {Builtin::ActiveMask});
    for (const char *N :
         {"__builtin_expect", "__builtin_expect_with_probability",
          "__builtin_assume_aligned"})
      Add(N, {Builtin::Identity});
    for (const char *N : {"__builtin_assume", "__builtin_unreachable"})
      Add(N, {Builtin::Barrier});
    Add("__lane_id", {Builtin::LaneId});
    // Texture and surface fetches go through the texture unit with their
    // own addressing; cuRAND reads and writes its state in memory. Neither
    // is a global request the analysis could predict.
    for (const char *N : {"tex1Dfetch",
                          "tex1D",
                          "tex2D",
                          "tex3D",
                          "tex1DLayered",
                          "tex2DLayered",
                          "texCubemap",
                          "texCubemapLayered",
                          "tex2Dgather",
                          "tex1DLod",
                          "tex2DLod",
                          "tex3DLod",
                          "tex1DLayeredLod",
                          "tex2DLayeredLod",
                          "texCubemapLod",
                          "tex1DGrad",
                          "tex2DGrad",
                          "tex3DGrad",
                          "tex1DLayeredGrad",
                          "tex2DLayeredGrad",
                          "tex2D_sparse",
                          "tex3D_sparse"})
      Add(N, {Builtin::NotFollowed, false, "texture fetch"});
    for (const char *Dim : {"1D", "2D", "3D", "1DLayered", "2DLayered",
                            "Cubemap", "CubemapLayered"})
      for (const char *Op : {"read", "write"})
        Add(std::string("surf") + Dim + Op,
            {Builtin::NotFollowed, false, "surface access"});
    for (const char *N : {"curand",
                          "curand_init",
                          "curand_uniform",
                          "curand_uniform2_double",
                          "curand_uniform4",
                          "curand_uniform_double",
                          "curand_normal",
                          "curand_normal2",
                          "curand_normal4",
                          "curand_normal_double",
                          "curand_normal2_double",
                          "curand_log_normal",
                          "curand_log_normal2",
                          "curand_log_normal4",
                          "curand_log_normal_double",
                          "curand_log_normal2_double",
                          "curand_poisson",
                          "curand_poisson4",
                          "curand_discrete",
                          "curand_discrete4",
                          "curand4",
                          "skipahead",
                          "skipahead_sequence"})
      Add(N, {Builtin::NotFollowed, false, "cuRAND generator"});
    // Floating-point maths: pure functions of values the interpreter does
    // not track (their libdevice forms, __nv_*, are matched by prefix).
    for (const char *N : {"sqrtf",
                          "sqrt",
                          "rsqrtf",
                          "rsqrt",
                          "cbrtf",
                          "expf",
                          "exp",
                          "exp2f",
                          "exp2",
                          "exp10f",
                          "expm1f",
                          "logf",
                          "log",
                          "log2f",
                          "log2",
                          "log10f",
                          "log1pf",
                          "powf",
                          "pow",
                          "sinf",
                          "sin",
                          "cosf",
                          "cos",
                          "tanf",
                          "tan",
                          "sinpif",
                          "cospif",
                          "asinf",
                          "acosf",
                          "atanf",
                          "atan2f",
                          "atan2",
                          "sinhf",
                          "coshf",
                          "tanhf",
                          "tanh",
                          "erff",
                          "erfcf",
                          "fabsf",
                          "fabs",
                          "fminf",
                          "fmaxf",
                          "fmin",
                          "fmax",
                          "floorf",
                          "floor",
                          "ceilf",
                          "ceil",
                          "truncf",
                          "trunc",
                          "roundf",
                          "round",
                          "rintf",
                          "rint",
                          "nearbyintf",
                          "fmaf",
                          "fma",
                          "fmodf",
                          "fmod",
                          "hypotf",
                          "copysignf",
                          "isnan",
                          "isinf",
                          "isfinite",
                          "signbit",
                          "__expf",
                          "__exp10f",
                          "__logf",
                          "__log2f",
                          "__log10f",
                          "__powf",
                          "__sinf",
                          "__cosf",
                          "__tanf",
                          "__fdividef",
                          "__frcp_rn",
                          "__fsqrt_rn",
                          "__frsqrt_rn",
                          "__saturatef",
                          "__fadd_rn",
                          "__fsub_rn",
                          "__fmul_rn",
                          "__fmaf_rn",
                          "__fdiv_rn",
                          "__dadd_rn",
                          "__dmul_rn",
                          "__fma_rn",
                          "__float2int_rn",
                          "__float2int_rz",
                          "__float2uint_rn",
                          "__int2float_rn",
                          "__uint2float_rn",
                          "__float_as_int",
                          "__int_as_float",
                          "__float_as_uint",
                          "__uint_as_float",
                          "__double_as_longlong",
                          "__longlong_as_double",
                          "__float2half",
                          "__half2float",
                          "__double2float_rn"})
      Add(N, {Builtin::Maths});
    return T;
  }();
  return Table;
}

/// libdevice (`__nv_sqrtf`) and clang's own builtins (`__builtin_fabsf`)
/// taking values only are pure arithmetic.
bool isPureLibraryCall(const clang::FunctionDecl *FD, llvm::StringRef Name) {
  if (!Name.starts_with("__nv_") && !FD->getBuiltinID())
    return false;
  for (const clang::ParmVarDecl *P : FD->parameters())
    if (P->getType()->isPointerType() || P->getType()->isReferenceType())
      return false;
  return true;
}

uint64_t bitReverse(uint64_t X, unsigned Bits) {
  uint64_t R = 0;
  for (unsigned I = 0; I < Bits; ++I)
    R |= ((X >> I) & 1) << (Bits - 1 - I);
  return R;
}

} // namespace

bool modelledByName(llvm::StringRef Name) { return builtinTable().count(Name); }

Value SimtInterpreter::argValue(const clang::Expr *A, uint32_t Active) {
  // A `const T &` parameter (std::min) receives an lvalue: read it; or a
  // materialised temporary: its value.
  if (const auto *MT =
          dyn_cast<clang::MaterializeTemporaryExpr>(skipWrappers(A)))
    return eval(MT->getSubExpr(), Active);
  if (A->isGLValue())
    return load(A, evalLValue(A, Active), A->getType(), Active);
  return eval(A, Active);
}

Value SimtInterpreter::perLane(const Value &X, IntType RT, llvm::StringRef Name,
                               uint32_t Active,
                               llvm::function_ref<int64_t(uint64_t)> F) {
  // The result is computed lane by lane from the lanes' known values;
  // symbolic operands are bound per warp, so this is exact for the warp.
  Value R;
  R.Kind = Value::Int;
  R.Type = RT;
  const Expr *Unknown = nullptr;
  for (unsigned I = 0; I < MaxLanes; ++I) {
    EvalResult E;
    if (X.Kind == Value::Int && (Active >> I & 1))
      E = EC.evaluate(X.L[I], Lane[I]);
    if (E.Known) {
      uint64_t U = uint64_t(E.Value);
      if (X.Type.Bits < 64)
        U &= (uint64_t(1) << X.Type.Bits) - 1;
      R.L[I] = EC.getConst(F(U), RT);
      continue;
    }
    if (!Unknown)
      Unknown = EC.getOpaque(Name.str() + " of an unknown value", RT);
    R.L[I] = Unknown;
  }
  return R;
}

Value SimtInterpreter::shuffle(const clang::CallExpr *CE, unsigned Mode,
                               bool NoMask, uint32_t Active) {
  // __shfl*_sync(mask, var, lane/delta/laneMask, width = warpSize). Each
  // lane reads `var` of a source lane; width splits the warp into
  // segments (CUDA Programming Guide, warp shuffle functions).
  unsigned First = NoMask ? 0 : 1;
  clang::QualType T = CE->getType();
  if (!NoMask)
    (void)eval(CE->getArg(0), Active);
  if (CE->getNumArgs() < First + 2)
    return opaque(T, "malformed shuffle");
  Value V = eval(CE->getArg(First), Active);
  Value S = eval(CE->getArg(First + 1), Active);
  Value W;
  bool HasWidth = CE->getNumArgs() > First + 2;
  if (HasWidth)
    W = eval(CE->getArg(First + 2), Active);
  // Floating-point values are not tracked either way; a shuffled struct
  // (`__half`, a vector type) has no lane values to move.
  if (V.Kind != Value::Int && V.Kind != Value::Ptr)
    return Value();
  Value R = V;
  const Expr *Unknown = nullptr;
  auto Opaque = [&](llvm::StringRef Why) {
    if (!Unknown)
      Unknown = EC.getOpaque(Why.str() + " at " + where(CE),
                             V.Kind == Value::Int ? V.Type : IntType::i64());
    return Unknown;
  };
  for (unsigned I = 0; I < MaxLanes; ++I) {
    if (!(Active >> I & 1))
      continue;
    int64_t Width = MaxLanes;
    if (W.Kind == Value::Int) {
      EvalResult E = EC.evaluate(W.L[I], Lane[I]);
      Width = E.Known ? E.Value : 0;
    }
    EvalResult Src =
        S.Kind == Value::Int ? EC.evaluate(S.L[I], Lane[I]) : EvalResult();
    if (Width <= 0 || Width > int64_t(MaxLanes) || (Width & (Width - 1)) ||
        !Src.Known || (HasWidth && W.Kind != Value::Int)) {
      R.L[I] = Opaque("shuffle with an unknown source lane");
      continue;
    }
    int64_t Seg = int64_t(I) / Width * Width, Pos = int64_t(I) % Width;
    uint64_t D = uint64_t(Src.Value);
    int64_t From = I;
    switch (Mode) {
    case 0: // __shfl: lane srcLane % width of this segment
      From = Seg + int64_t(D % uint64_t(Width));
      break;
    case 1: // __shfl_up: own value when lane - delta leaves the segment
      From = Pos >= int64_t(D) ? int64_t(I) - int64_t(D) : I;
      break;
    case 2: // __shfl_down: own value when lane + delta leaves the segment
      From = Pos + int64_t(D) < Width ? int64_t(I) + int64_t(D) : I;
      break;
    default: // __shfl_xor: own value when the partner is in a later segment
      From = int64_t(I ^ (D & (MaxLanes - 1)));
      if (From >= Seg + Width)
        From = I;
      break;
    }
    if (!(Active >> From & 1)) {
      R.L[I] = Opaque("shuffle from an inactive lane");
      continue;
    }
    // The source lane's expression means its own thread's value: evaluate
    // it with that lane's bindings unless it is the same in every lane.
    const Expr *X = V.L[From];
    if (!X) {
      R.L[I] = Opaque("shuffle of an unknown value");
      continue;
    }
    if (X->dependsOnThreadIdx()) {
      EvalResult E = EC.evaluate(X, Lane[From]);
      X = E.Known ? EC.getConst(E.Value, X->getType())
                  : Opaque("shuffle of a lane-dependent unknown value");
    }
    R.L[I] = X;
  }
  return convert(R, T);
}

Value SimtInterpreter::vote(const clang::CallExpr *CE, unsigned Mode,
                            bool NoMask, uint32_t Active) {
  // Mode 0: __ballot, 1: __any, 2: __all, over the active lanes the mask
  // names (lanes outside the mask do not take part).
  clang::QualType T = CE->getType();
  unsigned First = NoMask ? 0 : 1;
  uint32_t Mask = Active;
  if (!NoMask) {
    Value M = eval(CE->getArg(0), Active);
    EvalResult E;
    if (M.Kind == Value::Int)
      E = EC.evaluate(M.L[__builtin_ctz(Active)], Lane[__builtin_ctz(Active)]);
    if (E.Known)
      Mask &= uint32_t(E.Value);
  }
  if (CE->getNumArgs() <= First)
    return opaque(T, "malformed vote");
  uint32_t True, False;
  std::string Why;
  Value P = eval(CE->getArg(First), Active);
  split(P, Mask, True, False, Why);
  uint32_t Unknown = Mask & ~(True | False);
  std::optional<int64_t> R;
  if (Mode == 0 && !Unknown)
    R = True;
  else if (Mode == 1 && (True || !Unknown))
    R = True != 0;
  else if (Mode == 2 && (False || !Unknown))
    R = False == 0;
  auto IT = intType(T);
  if (!R || !IT)
    return opaque(T,
                  "warp vote on " + (Why.empty() ? "an unknown value" : Why));
  Value V;
  V.Kind = Value::Int;
  V.Type = *IT;
  V.L.fill(EC.getConst(*R, *IT));
  return V;
}

std::optional<Value> SimtInterpreter::evalBuiltin(const clang::CallExpr *CE,
                                                  uint32_t Active) {
  const clang::FunctionDecl *FD = CE->getDirectCallee();
  // Members (`v.min(a, b)`) and operators are never builtins.
  if (!FD || !FD->getIdentifier() || isa<clang::CXXMethodDecl>(FD))
    return std::nullopt;
  if (!Active) {
    // With no lane active a header's body, inlined, did nothing; one the
    // parse skipped (SkippedBodies.h) does nothing either, rather than
    // reading as a call not followed.
    if (llvm::any_of(FD->redecls(), [](const clang::FunctionDecl *R) {
          return R->hasSkippedBody();
        })) {
      for (const clang::Expr *A : CE->arguments())
        (void)argValue(A, Active);
      return CE->getType()->isVoidType() ? Value()
                                         : opaque(CE->getType(), "no lane");
    }
    return std::nullopt;
  }
  llvm::StringRef Name = FD->getName();
  clang::QualType T = CE->getType();
  const auto &Table = builtinTable();
  static const BuiltinInfo PureMaths{Builtin::Maths};
  auto It = Table.find(Name);
  const BuiltinInfo *Found = nullptr;
  // A shuffle of the program's own with a built-in's name (a
  // `float4 __shfl_down(float4, ...)` that shuffles per component) is the
  // program's: interpreted from its body.
  bool Users = FD->hasBody() &&
               !AST.getSourceManager().isInSystemHeader(FD->getLocation());
  bool Shuffle = It != Table.end() &&
                 It->second.Kind >= Builtin::Shfl &&
                 It->second.Kind <= Builtin::ShflXor;
  if (It != Table.end() && !(Users && Shuffle))
    Found = &It->second;
  else if (!FD->hasBody() && isPureLibraryCall(FD, Name))
    Found = &PureMaths;
  else
    return std::nullopt;
  const BuiltinInfo &B = *Found;
  unsigned N = CE->getNumArgs();
  auto Args = [&] {
    std::vector<Value> A;
    for (const clang::Expr *E : CE->arguments())
      A.push_back(argValue(E, Active));
    return A;
  };
  auto IntResult = [&](const Value &V) -> Value {
    return V.Kind == Value::Int ? convert(V, T) : opaque(T, Name);
  };
  auto Result = [&](llvm::StringRef Why) -> Value {
    if (T->isVoidType())
      return Value();
    return opaque(T, "result of '" + Name.str() + "'" +
                         (Why.empty() ? "" : " (" + Why.str() + ")") + " at " +
                         where(CE));
  };
  auto Target = [&](const Value &P) {
    if (P.Kind == Value::Ptr)
      return memoryAt(P);
    LValue LV;
    LV.Kind = LValue::Mem; // an access all the same, of unknown address
    LV.Why = "pointer argument of '" + Name.str() + "' is not tracked";
    LV.Off.fill(EC.getOpaque(LV.Why, IntType::i64()));
    return LV;
  };
  IntType I32 = IntType::i32(), U32 = IntType::u32(), I64 = IntType::i64();
  IntType U64{64, false};
  auto Lanes2 =
      [&](const std::vector<Value> &A, IntType Ty,
          llvm::function_ref<const Expr *(const Expr *, const Expr *)> F)
      -> Value {
    if (A.size() != 2 || A[0].Kind != Value::Int || A[1].Kind != Value::Int)
      return opaque(T, "operand of '" + Name.str() + "' is not an integer");
    Value V;
    V.Kind = Value::Int;
    V.Type = Ty;
    V.L = zipLanes(A[0].L, A[1].L, [&](const Expr *X, const Expr *Y) {
      return F(EC.getCast(X, Ty), EC.getCast(Y, Ty));
    });
    return convert(V, T);
  };
  switch (B.Kind) {
  case Builtin::Barrier:
    for (const clang::Expr *E : CE->arguments())
      (void)eval(E, Active);
    // Barriers and fences order memory: values held in registers end.
    // Nothing merges across them either.
    if (Name.starts_with("__sync") || Name.starts_with("__threadfence")) {
      releaseHeld();
      Sink.onBarrier(CE);
    }
    return Result("");
  case Builtin::BlockVote:
    for (const clang::Expr *E : CE->arguments())
      (void)eval(E, Active);
    releaseHeld();
    Sink.onBarrier(CE);
    return Result("a vote over the whole block");
  case Builtin::Load: {
    if (N != 1)
      break;
    Value P = eval(CE->getArg(0), Active);
    return load(CE, Target(P), T, Active);
  }
  case Builtin::Store: {
    if (N != 2)
      break;
    Value P = eval(CE->getArg(0), Active);
    Value V = eval(CE->getArg(1), Active);
    store(CE, Target(P), V, CE->getArg(0)->getType()->getPointeeType(), Active,
          AccessKind::Store);
    return Value();
  }
  case Builtin::Atomic: {
    if (N < 1 || !CE->getArg(0)->getType()->isPointerType())
      break;
    Value P = eval(CE->getArg(0), Active);
    for (unsigned I = 1; I < N; ++I)
      (void)eval(CE->getArg(I), Active);
    clang::QualType PT = CE->getArg(0)->getType()->getPointeeType();
    LValue LV = Target(P);
    if (LV.Kind == LValue::Var) // atomicAdd(&x, 1) on a register variable
      store(CE, LV, opaque(PT, "result of '" + Name.str() + "'"), PT, Active,
            AccessKind::Atomic);
    else
      report(CE, AccessKind::Atomic, LV,
             unsigned(AST.getTypeSizeInChars(PT).getQuantity()), Active);
    return Result("");
  }
  case Builtin::Mul24:
  case Builtin::UMul24:
    // Only the low 24 bits of each operand enter the multiplier: sign- or
    // zero-extend them, then keep the low 32 bits of the product.
    return Lanes2(Args(), B.Kind == Builtin::Mul24 ? I32 : U32,
                  [&](const Expr *X, const Expr *Y) {
                    auto Low24 = [&](const Expr *E) {
                      if (B.Kind == Builtin::UMul24)
                        return EC.getBinary(BinaryOp::And, E,
                                            EC.getConst(0xffffff, U32));
                      return EC.getBinary(
                          BinaryOp::Shr,
                          EC.getBinary(BinaryOp::Shl, E, EC.getConst(8, I32)),
                          EC.getConst(8, I32));
                    };
                    return EC.getBinary(BinaryOp::Mul, Low24(X), Low24(Y));
                  });
  case Builtin::MulHi:
  case Builtin::UMulHi: {
    // The 64-bit product of the 32-bit operands, shifted down by 32.
    bool S = B.Kind == Builtin::MulHi;
    Value V = Lanes2(Args(), S ? I64 : U64, [&](const Expr *X, const Expr *Y) {
      return EC.getBinary(BinaryOp::Shr, EC.getBinary(BinaryOp::Mul, X, Y),
                          EC.getConst(32, I32));
    });
    return V;
  }
  case Builtin::Mul64Hi:
  case Builtin::UMul64Hi: {
    // A 128-bit product: computed per lane from known values.
    std::vector<Value> A = Args();
    if (A.size() != 2 || A[0].Kind != Value::Int || A[1].Kind != Value::Int)
      return opaque(T, "operand of '" + Name.str() + "' is not an integer");
    bool S = B.Kind == Builtin::Mul64Hi;
    Value Y = A[1];
    Value R = perLane(A[0], S ? I64 : U64, Name, Active,
                      [](uint64_t X) { return int64_t(X); });
    for (unsigned I = 0; I < MaxLanes; ++I) {
      if (!(Active >> I & 1) || !R.L[I]->isConst())
        continue;
      EvalResult E = EC.evaluate(Y.L[I], Lane[I]);
      if (!E.Known) {
        R.L[I] = EC.getOpaque(Name.str() + " of an unknown value", R.Type);
        continue;
      }
      int64_t X = R.L[I]->getConstValue();
      int64_t Hi =
          S ? int64_t((__int128(X) * __int128(E.Value)) >> 64)
            : int64_t((unsigned __int128)(uint64_t(X)) * uint64_t(E.Value) >>
                      64);
      R.L[I] = EC.getConst(Hi, R.Type);
    }
    return convert(R, T);
  }
  case Builtin::Popc:
  case Builtin::Clz:
  case Builtin::Ffs:
  case Builtin::Brev: {
    std::vector<Value> A = Args();
    if (A.size() != 1 || A[0].Kind != Value::Int)
      return opaque(T, "operand of '" + Name.str() + "' is not an integer");
    unsigned Bits = B.Wide ? 64 : 32;
    Value X =
        convert(A[0], B.Wide ? AST.UnsignedLongLongTy : AST.UnsignedIntTy);
    IntType RT = B.Kind == Builtin::Brev ? (B.Wide ? U64 : U32) : I32;
    Builtin K = B.Kind;
    return convert(perLane(X, RT, Name, Active,
                           [&](uint64_t U) -> int64_t {
                             switch (K) {
                             case Builtin::Popc:
                               return __builtin_popcountll(U);
                             case Builtin::Clz:
                               return U ? __builtin_clzll(U) - (64 - Bits)
                                        : Bits;
                             case Builtin::Ffs:
                               return U ? __builtin_ctzll(U) + 1 : 0;
                             default:
                               return int64_t(bitReverse(U, Bits));
                             }
                           }),
                   T);
  }
  case Builtin::Min:
  case Builtin::Max: {
    std::vector<Value> A = Args();
    if (A.size() != 2 || A[0].Kind != Value::Int || A[1].Kind != Value::Int)
      return convert(Value(), T); // fmin-like overloads: not tracked
    auto IT = intType(T);
    if (!IT)
      return Value();
    BinaryOp Op = B.Kind == Builtin::Min ? BinaryOp::Min : BinaryOp::Max;
    return Lanes2(A, *IT, [&](const Expr *X, const Expr *Y) {
      return EC.getBinary(Op, X, Y);
    });
  }
  case Builtin::Abs: {
    std::vector<Value> A = Args();
    auto IT = intType(T);
    if (A.size() != 1 || A[0].Kind != Value::Int || !IT)
      return convert(Value(), T);
    Value V = convert(A[0], T);
    // |x| = x < 0 ? -x : x (wrapping for the most negative value, as the
    // hardware's abs does).
    V.L = mapLanes(V.L, [&](const Expr *X) {
      return EC.getSelect(EC.getBinary(BinaryOp::LT, X, EC.getConst(0, *IT)),
                          EC.getUnary(UnaryOp::Neg, X), X);
    });
    return V;
  }
  case Builtin::Shfl:
  case Builtin::ShflUp:
  case Builtin::ShflDown:
  case Builtin::ShflXor:
    return shuffle(CE, unsigned(B.Kind) - unsigned(Builtin::Shfl), B.NoMask,
                   Active);
  case Builtin::Ballot:
  case Builtin::Any:
  case Builtin::All:
    return vote(CE, unsigned(B.Kind) - unsigned(Builtin::Ballot), B.NoMask,
                Active);
  case Builtin::ActiveMask:
  case Builtin::LaneId: {
    auto IT = intType(T);
    if (!IT)
      break;
    Value V;
    V.Kind = Value::Int;
    V.Type = *IT;
    // The mask is the same in every lane; the lane id is the lane.
    for (unsigned I = 0; I < MaxLanes; ++I)
      V.L[I] = EC.getConst(
          B.Kind == Builtin::ActiveMask ? (Active & LiveLanes) : I, *IT);
    return V;
  }
  case Builtin::NotFollowed:
    for (const clang::Expr *E : CE->arguments())
      (void)eval(E, Active);
    onUnsupported(CE, "call to '" + Name.str() + "' (" + B.What + ") at " +
                          where(CE) +
                          " is not followed; its memory accesses are "
                          "not counted");
    return Result(B.What);
  case Builtin::Identity:
    if (N >= 1) {
      Value V = eval(CE->getArg(0), Active);
      for (unsigned I = 1; I < N; ++I)
        (void)eval(CE->getArg(I), Active);
      return convert(V, T);
    }
    break;
  case Builtin::Maths:
    for (const clang::Expr *E : CE->arguments())
      (void)eval(E, Active);
    // One result per call, a fused multiply-add two (as FLOP counts do);
    // a transcendental is several instructions on the hardware, counted
    // once here (docs/roofline.md).
    countOps(T, Name.contains("fma") ? 2 : 1, Active);
    return T->isVoidType()
               ? Value()
               : opaque(T, "result of '" + Name.str() + "' at " + where(CE));
  }
  // A table name with an unexpected signature (a user's own `min` on
  // structs): not a builtin after all.
  return std::nullopt;
}

} // namespace cal
