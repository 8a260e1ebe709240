//===- SimtExpr.cpp - Expressions, per lane -------------------------------===//
//
// Integer rvalues become per-lane symbolic expressions; lvalues become a
// variable or memory at per-lane byte offsets. Reading memory reports a load,
// writing it a store; the value read is opaque, since the analyzer never
// knows memory contents.
//
//===----------------------------------------------------------------------===//
#include "CompilerEffects.h"
#include "Sampling.h"
#include "SimtInterpreter.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/StmtVisitor.h"
#include "clang/Basic/SourceManager.h"

namespace cal {

using Value = SimtInterpreter::Value;
using LValue = SimtInterpreter::LValue;

std::optional<IntType> intTypeOf(const clang::ASTContext &AST,
                                 clang::QualType T) {
  T = T.getCanonicalType();
  if (T->isBooleanType())
    return IntType::boolean();
  if (!T->isIntegralOrEnumerationType())
    return std::nullopt;
  return IntType{unsigned(AST.getTypeSize(T)),
                 T->isSignedIntegerOrEnumerationType()};
}

LaneExprs
SimtInterpreter::mapLanes(const LaneExprs &A,
                          llvm::function_ref<const Expr *(const Expr *)> F) {
  LaneExprs R;
  // Lanes usually share one expression: compute it once.
  for (unsigned I = 0; I < MaxLanes; ++I)
    R[I] = (I && A[I] == A[I - 1]) ? R[I - 1] : F(A[I]);
  return R;
}

LaneExprs SimtInterpreter::zipLanes(
    const LaneExprs &A, const LaneExprs &B,
    llvm::function_ref<const Expr *(const Expr *, const Expr *)> F) {
  LaneExprs R;
  for (unsigned I = 0; I < MaxLanes; ++I)
    R[I] =
        (I && A[I] == A[I - 1] && B[I] == B[I - 1]) ? R[I - 1] : F(A[I], B[I]);
  return R;
}

Value SimtInterpreter::opaque(clang::QualType T, llvm::StringRef Why) {
  Value V;
  if (auto IT = intType(T)) {
    V.Kind = Value::Int;
    V.Type = *IT;
    V.L.fill(EC.getOpaque(Why, *IT));
  } else if (T->isPointerType()) {
    V.Kind = Value::Ptr;
    V.Base = nullptr;
    V.Why = Why.str();
    V.L.fill(EC.getOpaque(Why, IntType::i64()));
  }
  return V;
}

Value SimtInterpreter::convert(const Value &V, clang::QualType To) {
  if (V.Kind == Value::Int) {
    if (auto IT = intType(To)) {
      if (*IT == V.Type)
        return V;
      Value R = V;
      R.Type = *IT;
      if (IT->Bits == 1) // to bool: x != 0
        R.L = mapLanes(V.L, [&](const Expr *E) {
          return EC.getBinary(BinaryOp::NE, E, EC.getConst(0, V.Type));
        });
      else
        R.L = mapLanes(V.L, [&](const Expr *E) { return EC.getCast(E, *IT); });
      return R;
    }
    if (To->isPointerType())
      return opaque(To, "pointer made from an integer");
    return Value();
  }
  if (V.Kind == Value::Ptr) {
    if (To->isPointerType() || To->isArrayType())
      return V;
    if (To->isBooleanType())
      return opaque(To, "pointer tested for null");
    if (To->isIntegralOrEnumerationType())
      return opaque(To, "pointer converted to an integer");
    return Value();
  }
  if (intType(To) || To->isPointerType())
    return opaque(To, "value converted from a floating-point or aggregate");
  return V;
}

Value SimtInterpreter::builtinIndex(const clang::Expr *E) {
  // threadIdx.x is a PseudoObjectExpr over an MSPropertyRefExpr on the
  // built-in variable (clang's __clang_cuda_builtin_vars.h).
  const auto *PO = dyn_cast<clang::PseudoObjectExpr>(E);
  if (!PO)
    return Value();
  const auto *MP = dyn_cast<clang::MSPropertyRefExpr>(
      PO->getSyntacticForm()->IgnoreParens());
  if (!MP)
    return Value();
  const clang::Expr *BaseE = MP->getBaseExpr()->IgnoreParenImpCasts();
  if (const auto *OV = dyn_cast<clang::OpaqueValueExpr>(BaseE))
    BaseE = OV->getSourceExpr()->IgnoreParenImpCasts();
  const auto *DRE = dyn_cast<clang::DeclRefExpr>(BaseE);
  if (!DRE)
    return Value();
  llvm::StringRef Var = DRE->getDecl()->getName();
  llvm::StringRef Field = MP->getPropertyDecl()->getName();
  unsigned C = Field == "x" ? 0 : Field == "y" ? 1 : Field == "z" ? 2 : 3;
  if (C == 3)
    return Value();
  Value V;
  V.Kind = Value::Int;
  V.Type = IntType::u32();
  const Expr *A = nullptr;
  if (Var == "threadIdx")
    A = EC.getBuiltin(AtomKind::ThreadIdx, C);
  else if (Var == "blockIdx")
    A = EC.getBuiltin(AtomKind::BlockIdx, C);
  else if (Var == "blockDim")
    // The launch fixes the block's shape: fold it so that index
    // expressions read as `blockIdx.x*256 + threadIdx.x`.
    A = EC.getConst(Lane[0].BlockDim[C], IntType::u32());
  else if (Var == "gridDim")
    A = EC.getConst(Lane[0].GridDim[C], IntType::u32());
  else
    return Value();
  V.L.fill(A);
  return V;
}

const char *addrSpaceName(AddrSpace S) {
  switch (S) {
  case AddrSpace::Global:
    return "global";
  case AddrSpace::Shared:
    return "shared";
  case AddrSpace::Local:
    return "local";
  case AddrSpace::Constant:
    return "constant";
  case AddrSpace::Unknown:
    return "unknown";
  }
  return "global";
}

const char *accessKindName(AccessKind K) {
  switch (K) {
  case AccessKind::Load:
    return "load";
  case AccessKind::Store:
    return "store";
  case AccessKind::Atomic:
    return "atomic";
  }
  return "load";
}

void SimtInterpreter::report(const clang::Expr *Site, AccessKind K,
                             const LValue &LV, unsigned Bytes,
                             uint32_t Active) {
  Active &= LiveLanes;
  if (!Active)
    return;
  static const MemObject UnknownObj{AddrSpace::Unknown, "<unknown>", 0};
  const MemObject &Obj = LV.Base ? *LV.Base : UnknownObj;
  LaneAddresses A;
  std::string PointerWhy =
      "the pointer's target is unknown (" +
      (LV.Why.empty() ? std::string("pointer of unknown origin") : LV.Why) +
      ")";
  if (LV.Base)
    evalLanes(LV.Off, Active, A.Addr);
  if (K != AccessKind::Load) {
    // A write through a pointer of unknown target may land in any local
    // object whose address the thread let out.
    if (!LV.Base)
      forgetLocal();
    else if (LV.Base->Space == AddrSpace::Local) {
      forgetLocal(LV.Base, Active, A.Addr, Bytes);
      if (!LoopLocalWrites.empty())
        LoopLocalWrites.back().insert(LV.Base);
    }
  }
  for (unsigned I = 0; I < MaxLanes; ++I) {
    if (!(Active >> I & 1))
      continue;
    if (!LV.Base) {
      A.Addr[I].Known = false;
      A.Addr[I].Blocker = nullptr;
      A.Addr[I].Why = PointerWhy.c_str();
      continue;
    }
    if (A.Addr[I].Known)
      A.Addr[I].Value += int64_t(LV.Base->Base);
  }
  A.Lane0Offset = LV.Off[__builtin_ctz(Active)];
  A.UserSite = userSite(Site);
  if (holdForMerge(Site, K, Obj, Bytes, Active, A))
    return;
  Sink.onAccess(Site, K, Obj, Bytes, Active, A, UnknownBranchDepth > 0);
}

Value SimtInterpreter::load(const clang::Expr *Site, const LValue &LV,
                            clang::QualType T, uint32_t Active) {
  if (LV.Kind == LValue::Var) {
    if (LV.Slot || !LV.Path.empty() ||
        (LV.F && !llvm::is_contained(Frames, LV.F)))
      return readVar(LV, T);
    Frame &F = LV.F ? *LV.F : *Frames.back();
    auto It = F.Vars.find(LV.VD);
    if (It != F.Vars.end())
      return It->second;
    // A variable of an enclosing frame is never visible (inlined callees
    // get their own); a global constant is folded by clang.
    clang::Expr::EvalResult R;
    if (LV.VD->getInit() && LV.VD->getType().isConstQualified() &&
        LV.VD->getInit()->EvaluateAsInt(R, AST))
      if (auto IT = intType(T)) {
        Value V;
        V.Kind = Value::Int;
        V.Type = *IT;
        V.L.fill(EC.getConst(R.Val.getInt().getExtValue(), *IT));
        return V;
      }
    return opaque(T, "value of '" + LV.VD->getNameAsString() + "'");
  }
  if (LV.Kind == LValue::Mem) {
    // An array-typed lvalue is only decayed, not read; records (double2)
    // are read whole.
    if (!T->isArrayType())
      reportCopy(Site, AccessKind::Load, LV, T, Active);
    if (std::optional<Value> V = localValue(LV, T, Active))
      return *V;
    if (std::optional<Value> V = sampledLoad(Site, LV, T, Active))
      return *V;
    if (std::optional<Value> V = loadedPointer(Site, LV, T, Active))
      return *V;
    return opaque(T, "value loaded from memory at " + where(Site));
  }
  return opaque(T, LV.Why.empty() ? "unknown location" : LV.Why);
}

bool SimtInterpreter::inSystemHeader(const clang::Expr *E) {
  auto [It, New] = SystemHeaderExpr.try_emplace(E, false);
  if (New) {
    const clang::SourceManager &SM = AST.getSourceManager();
    It->second = SM.isInSystemHeader(SM.getExpansionLoc(E->getBeginLoc()));
  }
  return It->second;
}

/// A CUDA header's operator or wrapper (`__nv_bfloat16::operator float`,
/// `__half2`'s assignment, an atomic's wrapper) makes the access in the
/// header; the user wrote it where the call is. The innermost call written
/// outside the system headers is that place.
const clang::Expr *SimtInterpreter::userSite(const clang::Expr *Site) {
  if (!inSystemHeader(Site))
    return nullptr;
  for (auto It = Frames.rbegin(); It != Frames.rend(); ++It)
    if ((*It)->CallSite && !inSystemHeader((*It)->CallSite))
      return (*It)->CallSite;
  return nullptr;
}

std::optional<int64_t> SimtInterpreter::uniformAddress(const LValue &LV,
                                                       uint32_t Active) {
  std::array<EvalResult, MaxLanes> Rs;
  evalLanes(LV.Off, Active, Rs);
  std::optional<int64_t> Addr;
  for (uint32_t M = Active; M; M &= M - 1) {
    const EvalResult &R = Rs[__builtin_ctz(M)];
    if (!R.Known || (Addr && *Addr != R.Value))
      return std::nullopt;
    Addr = R.Value;
  }
  return Addr;
}

/// A pointer that every active lane loads from one address of global
/// memory (`elem->data`, `ptrs[blockIdx.x]`): device memory holds device
/// pointers, which address global memory (a shared or local address means
/// nothing outside its block or thread, so programs do not store them
/// there). It is taken to point to a buffer of its own, allocated as a
/// kernel argument's is (256-byte aligned, apart from the others); the
/// kernel's assumptions say so. Pointers loaded per lane stay unknown.
std::optional<SimtInterpreter::Value>
SimtInterpreter::loadedPointer(const clang::Expr *Site, const LValue &LV,
                               clang::QualType T, uint32_t Active) {
  Active &= LiveLanes;
  if (!T->isPointerType() || T->getPointeeType()->isFunctionType() ||
      !LV.Base || LV.Base->Space != AddrSpace::Global || !Active)
    return std::nullopt;
  std::optional<int64_t> Addr = uniformAddress(LV, Active);
  if (!Addr)
    return std::nullopt;
  auto [It, New] = LoadedPointers.try_emplace({LV.Base, *Addr}, nullptr);
  if (New) {
    MemObject &M = Objects.emplace_back();
    M.Space = AddrSpace::Global;
    M.Name = "*(" + LV.Base->Name + " + " + std::to_string(*Addr) + ")";
    M.Base = uint64_t(NextGlobal++) << TargetModel::GlobalObjectSpacingShift;
    It->second = &M;
    std::string W = where(Site);
    if (!llvm::is_contained(LoadedPointerSites, W))
      LoadedPointerSites.push_back(W);
  }
  Value V;
  V.Kind = Value::Ptr;
  V.Base = It->second;
  V.L.fill(EC.getConst(0, IntType::i64()));
  return V;
}

/// An integer that every active lane loads from the same address is one
/// value for the warp (`start = limits[blockIdx.x]`, or a __shared__ scalar
/// that thread 0 wrote before a barrier). Its value is data, but being the
/// same in every lane it moves the warp's addresses together: it is
/// evaluated like an unknown parameter, at sample values (Sampling.h), and
/// what depends on it is reported as depending on those samples. Values
/// loaded per lane stay unknown.
std::optional<SimtInterpreter::Value>
SimtInterpreter::sampledLoad(const clang::Expr *Site, const LValue &LV,
                             clang::QualType T, uint32_t Active) {
  std::optional<IntType> IT = intType(T);
  Active &= LiveLanes;
  // The same offset in local memory is a different address in each thread
  // (its own copy of the array): one value per lane, not per warp.
  if (!LV.Base || !IT || !Active || LV.Base->Space == AddrSpace::Local)
    return std::nullopt;
  std::optional<int64_t> Addr = uniformAddress(LV, Active);
  if (!Addr)
    return std::nullopt;
  auto [It, New] = LoadAtoms.try_emplace(Site);
  if (New) {
    // The atom's name, in index expressions, is short (load@LINE:COL); the
    // reasons that name the load say where it is, file included.
    SourcePos P = makePos(AST, Site->getBeginLoc());
    It->second = {EC.getParam("load@" + std::to_string(P.Line) + ":" +
                                  std::to_string(P.Column),
                              *IT),
                  unsigned(LoadAtoms.size() - 1)};
    LoadAtomSites[It->second.first] = Site;
  }
  auto [Atom, Rank] = It->second;
  int64_t Sample =
      IT->normalize(paramSample(ParamUse::Plain, LoadSample, Rank));
  for (Bindings &B : Lane)
    B.Atoms[Atom] = Sample;
  Sink.onSampledLoad(Atom);
  Value V;
  V.Kind = Value::Int;
  V.Type = *IT;
  V.L.fill(Atom);
  return V;
}

void SimtInterpreter::assign(const clang::VarDecl *VD, Frame &F, const Value &V,
                             uint32_t Active) {
  auto It = F.Vars.find(VD);
  if (It == F.Vars.end() || !It->second.sameTarget(V) ||
      It->second.Type != V.Type) {
    // A change of kind or target under a partial mask cannot be merged
    // lane by lane; whole-warp assignments simply replace. Lanes that have
    // returned from the function never read its variables again
    // (`if (x >= w) return; p = base + x;`).
    if ((Active | F.Returned) == LiveLanes || It == F.Vars.end())
      F.Vars[VD] = V;
    else
      F.Vars[VD] = opaque(VD->getType(), "'" + VD->getNameAsString() +
                                             "' assigned differently per lane");
    return;
  }
  for (unsigned I = 0; I < MaxLanes; ++I)
    if (Active >> I & 1)
      It->second.L[I] = V.L[I];
}

void SimtInterpreter::store(const clang::Expr *Site, const LValue &LV,
                            const Value &V, clang::QualType T, uint32_t Active,
                            AccessKind Kind) {
  if (LV.Kind == LValue::Var) {
    // Through a reference to a temporary, VD is the reference itself.
    writeVar(LV,
             convert(V, LV.VD && LV.Path.empty()
                            ? LV.VD->getType().getNonReferenceType()
                            : T),
             Active);
    return;
  }
  if (LV.Kind == LValue::Mem) {
    reportCopy(Site, Kind, LV, T, Active);
    if (Kind == AccessKind::Store)
      rememberLocal(LV, V, T, Active);
    // A local address stored where others may read it: a pointer into a
    // local object, or a struct with pointer fields (not followed).
    bool ToLocal = LV.Base && LV.Base->Space == AddrSpace::Local;
    if (!ToLocal && V.Kind == Value::Ptr && V.Base &&
        V.Base->Space == AddrSpace::Local)
      LocalEscaped = true;
    if (!ToLocal && V.Kind != Value::Ptr)
      if (const clang::RecordDecl *RD = T->getAsRecordDecl())
        for (const clang::FieldDecl *FD : RD->fields())
          LocalEscaped |= FD->getType()->isPointerType();
  }
}

bool SimtInterpreter::mayWriteLocal(const clang::Stmt *S) {
  if (LocalEscaped)
    return true;
  auto GivesAddress = [](clang::QualType T) {
    return T->isPointerType() || T->isArrayType() || T->isMemberPointerType() ||
           (T->isReferenceType() &&
            !T.getNonReferenceType().isConstQualified());
  };
  auto ArgsGiveAddress = [&](auto Args, const clang::FunctionDecl *FD) {
    unsigned N = 0;
    for (const clang::Expr *A : Args) {
      clang::QualType PT = FD && N < FD->getNumParams()
                               ? FD->getParamDecl(N)->getType()
                               : A->getType();
      ++N;
      if (GivesAddress(PT) || GivesAddress(A->getType()) ||
          A->getType()->isRecordType())
        return true;
    }
    return false;
  };
  if (const auto *CE = dyn_cast<clang::CallExpr>(S)) {
    if (isa<clang::CXXMemberCallExpr>(CE) ||
        (isa<clang::CXXOperatorCallExpr>(CE) &&
         llvm::isa_and_nonnull<clang::CXXMethodDecl>(CE->getDirectCallee())))
      return true;
    return ArgsGiveAddress(CE->arguments(), CE->getDirectCallee());
  }
  if (const auto *CC = dyn_cast<clang::CXXConstructExpr>(S))
    return ArgsGiveAddress(CC->arguments(), CC->getConstructor());
  return true;
}

void SimtInterpreter::endRegion() {
  Region R = Regions.back();
  Regions.pop_back();
  unsigned Parent = Regions.empty() ? 0 : Regions.back().Id;
  for (unsigned I = 0; I < MaxLanes; ++I)
    for (auto It = LocalMemory[I].begin(); It != LocalMemory[I].end();) {
      if (It->second.Region != R.Id) {
        ++It;
      } else if (R.Undecided >> I & 1) {
        It = LocalMemory[I].erase(It);
      } else {
        It->second.Region = Parent;
        ++It;
      }
    }
}

void SimtInterpreter::forgetLocal(const MemObject *Obj, uint32_t Active,
                                  const std::array<EvalResult, MaxLanes> &Addr,
                                  unsigned Bytes) {
  for (uint32_t M = Active; M; M &= M - 1) {
    unsigned I = __builtin_ctz(M);
    auto &Slots = LocalMemory[I];
    auto It = Slots.lower_bound({Obj, INT64_MIN});
    while (It != Slots.end() && It->first.first == Obj) {
      int64_t At = It->first.second;
      bool Overlaps =
          !Addr[I].Known || (At < Addr[I].Value + int64_t(Bytes) &&
                             Addr[I].Value < At + int64_t(It->second.Bytes));
      It = Overlaps ? Slots.erase(It) : std::next(It);
    }
  }
}

/// A store of an integer or a pointer into local memory: each lane can
/// read it back (LocalMemory), within the region it was stored in and,
/// where the lane ran it for certain, after (Regions). report() has already
/// forgotten what it overwrites.
void SimtInterpreter::rememberLocal(const LValue &LV, const Value &V,
                                    clang::QualType T, uint32_t Active) {
  Active &= LiveLanes;
  if (!Active || !LV.Base || LV.Base->Space != AddrSpace::Local ||
      UndecidedDepth || (V.Kind != Value::Int && V.Kind != Value::Ptr) ||
      !(intType(T) || T->isPointerType()))
    return;
  auto Stored = std::make_shared<const Value>(convert(V, T));
  if (Stored->Kind != Value::Int && Stored->Kind != Value::Ptr)
    return;
  unsigned Bytes = unsigned(AST.getTypeSizeInChars(T).getQuantity());
  std::array<EvalResult, MaxLanes> Off;
  evalLanes(LV.Off, Active, Off);
  for (uint32_t M = Active; M; M &= M - 1) {
    unsigned I = __builtin_ctz(M);
    if (Off[I].Known)
      LocalMemory[I][{LV.Base, Off[I].Value}] = {
          Bytes, Stored, Regions.empty() ? 0 : Regions.back().Id};
  }
}

/// What every active lane stored at the local-memory address it reads, as
/// one value (rememberLocal); none unless each lane's slot is there, of the
/// same size, and all the lanes' values point to the same target.
std::optional<SimtInterpreter::Value>
SimtInterpreter::localValue(const LValue &LV, clang::QualType T,
                            uint32_t Active) {
  Active &= LiveLanes;
  if (!Active || !LV.Base || LV.Base->Space != AddrSpace::Local ||
      !(intType(T) || T->isPointerType()))
    return std::nullopt;
  unsigned Bytes = unsigned(AST.getTypeSizeInChars(T).getQuantity());
  std::array<EvalResult, MaxLanes> Off;
  evalLanes(LV.Off, Active, Off);
  const Value *First = nullptr;
  Value R;
  for (uint32_t M = Active; M; M &= M - 1) {
    unsigned I = __builtin_ctz(M);
    if (!Off[I].Known)
      return std::nullopt;
    auto It = LocalMemory[I].find({LV.Base, Off[I].Value});
    if (It == LocalMemory[I].end() || It->second.Bytes != Bytes)
      return std::nullopt;
    const Value &S = *It->second.V;
    if (!First) {
      First = &S;
      R = S;
    } else if (!S.sameTarget(*First) || S.Type != First->Type) {
      return std::nullopt;
    }
    R.L[I] = S.L[I];
  }
  return convert(R, T);
}

void SimtInterpreter::reportCopy(const clang::Expr *Site, AccessKind K,
                                 const LValue &LV, clang::QualType T,
                                 uint32_t Active) {
  unsigned Size = unsigned(AST.getTypeSizeInChars(T).getQuantity());
  if (!T->isRecordType() || Size == 0) {
    report(Site, K, LV, Size, Active);
    return;
  }
  // A struct copied per lane is one request per piece the compiler emits:
  // pieces as wide as the struct's alignment, at most the widest access.
  // nvcc 13.0, sm_90: a 48-byte struct aligned to 16 is 3 LDG.E.128, to 8
  // is 6 LDG.E.64, to 4 is 12 LDG.E (docs/analyzer.md).
  unsigned Align = unsigned(AST.getTypeAlignInChars(T).getQuantity());
  unsigned Piece = std::min({Align, TM.MaxAccessBytes, Size});
  if (LV.Base && LV.Base->Space == AddrSpace::Shared)
    if (unsigned Wide = sharedCopyPieceBytes(Size, Align, TM.MaxAccessBytes);
        Wide > Piece && lanesAligned(LV, Active, Wide))
      Piece = Wide;
  if (Piece == 0 || Size % Piece) {
    report(Site, K, LV, Size, Active);
    return;
  }
  for (unsigned Off = 0; Off < Size; Off += Piece) {
    LValue At = LV;
    if (Off)
      At.Off = mapLanes(LV.Off, [&](const Expr *O) {
        return EC.getBinary(BinaryOp::Add, O, EC.getConst(Off, IntType::i64()));
      });
    report(Site, K, At, Piece, Active);
  }
}

bool SimtInterpreter::lanesAligned(const LValue &LV, uint32_t Active,
                                   unsigned Bytes) {
  // What the compiler can prove from the offset's form (a parameter
  // factor, `(row * m + col) * 2`, aligns only as far as its constant
  // factors do), and what the evaluated addresses are. Shared objects are
  // placed as aligned as that needs.
  std::array<EvalResult, MaxLanes> Rs;
  evalLanes(LV.Off, Active, Rs);
  for (uint32_t M = Active; M; M &= M - 1) {
    unsigned I = __builtin_ctz(M);
    const EvalResult &R = Rs[I];
    if (!R.Known || (int64_t(LV.Base->Base) + R.Value) % Bytes ||
        knownPowerOfTwo(LV.Off[I], Bytes) < Bytes)
      return false;
  }
  return Active != 0;
}

const LValue *SimtInterpreter::thisObject(const clang::Expr *E) const {
  const LValue &This = Frames.back()->This;
  if (isa<clang::CXXThisExpr>(E->IgnoreParenImpCasts()))
    return &This;
  // Explicit casts within the class hierarchy (`*static_cast<const Derived
  // *>(this)`, the CRTP idiom) name the same object. Only a register-held
  // one is taken through them: its fields are found by declaration, where
  // a base at a nonzero offset would move a memory address.
  if (This.Kind != LValue::Var)
    return nullptr;
  for (E = E->IgnoreParens(); const auto *CE = dyn_cast<clang::CastExpr>(E);
       E = CE->getSubExpr()->IgnoreParens())
    switch (CE->getCastKind()) {
    case clang::CK_NoOp:
    case clang::CK_BaseToDerived:
    case clang::CK_DerivedToBase:
    case clang::CK_UncheckedDerivedToBase:
      break;
    default:
      return nullptr;
    }
  return isa<clang::CXXThisExpr>(E) ? &This : nullptr;
}

LValue SimtInterpreter::bindReference(const clang::VarDecl *Ref,
                                      const clang::Expr *Init, Frame &Into,
                                      uint32_t Active) {
  const clang::Expr *E = skipWrappers(Init);
  // A temporary (`const int &c = t + 1;`, or an argument `f(t + 1)` for a
  // `const int &` parameter) lives as long as the reference: keep its
  // value under the reference's own decl, in the frame the reference
  // belongs to.
  const clang::Expr *Temp = nullptr;
  if (const auto *MT = dyn_cast<clang::MaterializeTemporaryExpr>(E))
    Temp = MT->getSubExpr();
  else if (E->isPRValue())
    Temp = E;
  clang::QualType T = Ref->getType().getNonReferenceType();
  if (Temp && !T->isRecordType() && !T->isArrayType()) {
    Into.Vars[Ref] = convert(eval(Temp, Active), T);
    LValue LV;
    LV.Kind = LValue::Var;
    LV.VD = Ref;
    LV.F = &Into;
    return LV;
  }
  if (Temp) {
    // A record temporary (`const double2 &v = make_double2(...)`) is held
    // in registers, field by field, in the frame evaluating it (the
    // caller's, for a parameter).
    if (T->isRecordType())
      return materialize(Temp, Active);
    (void)eval(Temp, Active);
    LValue LV;
    LV.Why = "reference to a temporary of type " + T.getAsString();
    return LV;
  }
  LValue LV = evalLValue(E, Active);
  if (LV.Kind == LValue::Var && !LV.F)
    LV.F = Frames.back(); // pin the caller's frame before a callee's is pushed
  return LV;
}

LValue SimtInterpreter::evalLValue(const clang::Expr *E, uint32_t Active) {
  E = skipWrappers(E);
  LValue LV;
  if (const auto *DRE = dyn_cast<clang::DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<clang::VarDecl>(DRE->getDecl());
    if (!VD) {
      LV.Why = "not a variable";
      return LV;
    }
    // A reference parameter or a lambda's capture by reference.
    if (auto Bound = lookupBinding(VD))
      return *Bound;
    if (VD->getType()->isReferenceType()) {
      // A reference names what it was bound to, in whichever frame.
      auto It = Frames.back()->Refs.find(VD);
      if (It != Frames.back()->Refs.end())
        return It->second;
      LV.Why = "reference '" + VD->getNameAsString() + "' of unknown binding";
      return LV;
    }
    bool Memory = VD->hasAttr<clang::CUDASharedAttr>() ||
                  VD->getType()->isArrayType() || VD->hasGlobalStorage();
    if (Memory &&
        !(VD->hasGlobalStorage() && VD->getType().isConstQualified() &&
          !VD->getType()->isArrayType())) {
      LV.Kind = LValue::Mem;
      LV.Base = objectFor(VD);
      LV.Off.fill(EC.getConst(0, IntType::i64()));
      return LV;
    }
    LV.Kind = LValue::Var;
    LV.VD = VD;
    return LV;
  }
  if (const auto *AS = dyn_cast<clang::ArraySubscriptExpr>(E)) {
    Value B = eval(AS->getBase(), Active);
    Value Idx = eval(AS->getIdx(), Active);
    if (B.Kind != Value::Ptr) {
      LV.Why = "subscript of an untracked pointer";
      return LV;
    }
    int64_t Elem = AST.getTypeSizeInChars(AS->getType()).getQuantity();
    Value At = B;
    if (Idx.Kind != Value::Int) {
      At.L.fill(EC.getOpaque("non-integer index", IntType::i64()));
      return memoryAt(At);
    }
    // Indices are sign- or zero-extended to the pointer width first, as
    // C++ pointer arithmetic does.
    At.L = zipLanes(B.L, Idx.L, [&](const Expr *O, const Expr *I) {
      return EC.getBinary(BinaryOp::Add, O,
                          EC.getBinary(BinaryOp::Mul,
                                       EC.getCast(I, IntType::i64()),
                                       EC.getConst(Elem, IntType::i64())));
    });
    return memoryAt(At);
  }
  if (const auto *UO = dyn_cast<clang::UnaryOperator>(E)) {
    if (UO->getOpcode() == clang::UO_Deref) {
      if (const LValue *This = thisObject(UO->getSubExpr()))
        return *This;
      Value P = eval(UO->getSubExpr(), Active);
      if (P.Kind != Value::Ptr) {
        LV.Why = "dereference of an untracked pointer";
        return LV;
      }
      return memoryAt(P);
    }
    if (UO->getOpcode() == clang::UO_PreInc ||
        UO->getOpcode() == clang::UO_PreDec) {
      (void)evalUnary(UO, Active);
      return evalLValue(UO->getSubExpr(), Active);
    }
  }
  if (const auto *ME = dyn_cast<clang::MemberExpr>(E)) {
    const auto *FD = dyn_cast<clang::FieldDecl>(ME->getMemberDecl());
    LValue Base;
    const LValue *This = ME->isArrow() ? thisObject(ME->getBase()) : nullptr;
    if (This) {
      Base = *This;
    } else if (ME->isArrow()) {
      Value P = eval(ME->getBase(), Active);
      if (P.Kind == Value::Ptr)
        Base = memoryAt(P);
    } else {
      Base = evalLValue(ME->getBase(), Active);
    }
    if (Base.Kind == LValue::Var && FD) {
      // A field of a struct held in registers; a reference member names
      // the location it was bound to.
      if (FD->getType()->isReferenceType())
        return fieldRef(Base, FD);
      Base.Path.push_back(FD);
      return Base;
    }
    if (Base.Kind != LValue::Mem || !FD) {
      // A member of a register-held struct (e.g. a local double2) is no
      // memory access.
      LV.Why = "member of a value held in registers";
      return LV;
    }
    const clang::ASTRecordLayout &RL = AST.getASTRecordLayout(FD->getParent());
    int64_t Off = int64_t(RL.getFieldOffset(FD->getFieldIndex()) / 8);
    LV = Base;
    LV.Off = mapLanes(Base.Off, [&](const Expr *O) {
      return EC.getBinary(BinaryOp::Add, O, EC.getConst(Off, IntType::i64()));
    });
    return LV;
  }
  if (const auto *BO = dyn_cast<clang::BinaryOperator>(E)) {
    if (BO->isAssignmentOp() || BO->isCompoundAssignmentOp()) {
      (void)evalBinary(BO, Active);
      return evalLValue(BO->getLHS(), Active);
    }
    if (BO->getOpcode() == clang::BO_Comma) {
      (void)eval(BO->getLHS(), Active);
      return evalLValue(BO->getRHS(), Active);
    }
  }
  if (const auto *CE = dyn_cast<clang::CastExpr>(E)) {
    if (CE->getCastKind() == clang::CK_NoOp ||
        CE->getCastKind() == clang::CK_LValueBitCast)
      return evalLValue(CE->getSubExpr(), Active);
    // Fields are unique declarations: a base of a register-held struct is
    // the struct itself.
    if (CE->getCastKind() == clang::CK_UncheckedDerivedToBase ||
        CE->getCastKind() == clang::CK_DerivedToBase) {
      LValue B = evalLValue(CE->getSubExpr(), Active);
      if (B.Kind != LValue::Mem)
        return B;
      // In memory, the base sits at its layout offset in the derived.
      int64_t Off = 0;
      const clang::CXXRecordDecl *Derived =
          CE->getSubExpr()->getType()->getAsCXXRecordDecl();
      for (const clang::CXXBaseSpecifier *BS : CE->path()) {
        const clang::CXXRecordDecl *Base = BS->getType()->getAsCXXRecordDecl();
        if (!Derived || !Base || BS->isVirtual()) {
          LV.Why = "virtual base class subobject";
          return LV;
        }
        Off += AST.getASTRecordLayout(Derived)
                   .getBaseClassOffset(Base)
                   .getQuantity();
        Derived = Base;
      }
      B.Off = mapLanes(B.Off, [&](const Expr *O) {
        return EC.getBinary(BinaryOp::Add, O, EC.getConst(Off, IntType::i64()));
      });
      return B;
    }
  }
  if (const auto *MT = dyn_cast<clang::MaterializeTemporaryExpr>(E))
    return materialize(MT->getSubExpr(), Active);
  if (const auto *CO = dyn_cast<clang::ConditionalOperator>(E)) {
    // `(c ? a[i] : b[i]) = v`: one location per lane, when both arms name
    // the same object (or the same register-held variable).
    uint32_t Tm, Fm;
    std::string Why;
    test(CO->getCond(), Active, Tm, Fm, Why);
    uint32_t U = Active & ~(Tm | Fm);
    LValue A = evalLValue(CO->getTrueExpr(), Tm | U);
    LValue B = evalLValue(CO->getFalseExpr(), Fm | U);
    if (!U && A.Kind == LValue::Mem && B.Kind == LValue::Mem &&
        A.Base == B.Base) {
      for (unsigned I = 0; I < MaxLanes; ++I)
        if (Fm >> I & 1)
          A.Off[I] = B.Off[I];
      return A;
    }
    if (A.Kind == LValue::Var && B.Kind == LValue::Var && A.VD == B.VD &&
        A.F == B.F && A.Slot == B.Slot && A.Path == B.Path)
      return A;
    return unfollowed(E);
  }
  if (const auto *CE = dyn_cast<clang::CallExpr>(E)) {
    // std::min(a, b) returns a reference to one of its arguments; its
    // value is the builtin's (evalCast), its location is not tracked.
    if (evalBuiltin(CE, Active)) {
      LV.Why = "reference returned by a builtin";
      return LV;
    }
    // A call returning a reference (`float &at(float *p, int i)`): the
    // inlined callee's return names the location (SimtCalls.cpp).
    return evalCallLValue(CE, Active);
  }
  (void)eval(E, Active);
  return unfollowed(E);
}

LValue SimtInterpreter::unfollowed(const clang::Expr *E) {
  // Memory or a register, nobody knows: an access through it is reported
  // with space unknown rather than dropped.
  LValue LV;
  LV.Kind = LValue::Mem;
  LV.Why = std::string("lvalue ") + E->getStmtClassName() + " at " + where(E) +
           " is not followed";
  LV.Off.fill(EC.getOpaque(LV.Why, IntType::i64()));
  return LV;
}

/// One Visit method per expression kind: clang's ConstStmtVisitor picks the
/// most specific one (a CompoundAssignOperator falls back to
/// VisitBinaryOperator, a CXXMemberCallExpr to VisitCallExpr, ...).
class SimtInterpreter::ExprEvaluator
    : public clang::ConstStmtVisitor<ExprEvaluator, Value, uint32_t> {
public:
  explicit ExprEvaluator(SimtInterpreter &I) : I(I) {}

  Value VisitCastExpr(const clang::CastExpr *E, uint32_t A) {
    return I.evalCast(E, A);
  }
  Value VisitBinaryOperator(const clang::BinaryOperator *E, uint32_t A) {
    return I.evalBinary(E, A);
  }
  Value VisitUnaryOperator(const clang::UnaryOperator *E, uint32_t A) {
    return I.evalUnary(E, A);
  }
  Value VisitCallExpr(const clang::CallExpr *E, uint32_t A) {
    return I.evalCall(E, A);
  }
  Value VisitPseudoObjectExpr(const clang::PseudoObjectExpr *E, uint32_t) {
    Value V = I.builtinIndex(E);
    return V.Kind != Value::Other ? V
                                  : I.opaque(E->getType(), "property access");
  }
  Value VisitConditionalOperator(const clang::ConditionalOperator *E,
                                 uint32_t A);
  Value VisitArraySubscriptExpr(const clang::ArraySubscriptExpr *E,
                                uint32_t A) {
    return I.load(E, I.evalLValue(E, A), E->getType(), A);
  }
  // Reached for array- or record-typed lvalues used without decay, and
  // for lvalues bound to references: a register-held value is read.
  Value VisitDeclRefExpr(const clang::DeclRefExpr *E, uint32_t A) {
    return readNamed(E, A);
  }
  Value VisitMemberExpr(const clang::MemberExpr *E, uint32_t A) {
    return readNamed(E, A);
  }
  // Objects, aggregates and closures (SimtCalls.cpp).
  Value VisitInitListExpr(const clang::InitListExpr *E, uint32_t A) {
    return I.evalInitList(E, A);
  }
  Value VisitCXXConstructExpr(const clang::CXXConstructExpr *E, uint32_t A) {
    return I.evalConstruct(E, A);
  }
  Value VisitLambdaExpr(const clang::LambdaExpr *E, uint32_t A) {
    return I.evalLambda(E, A);
  }
  Value VisitCXXThisExpr(const clang::CXXThisExpr *E, uint32_t) {
    const LValue &This = I.Frames.back()->This;
    if (This.Kind == LValue::Mem)
      return pointerTo(This);
    return I.opaque(E->getType(), "pointer to an object held in registers");
  }
  Value VisitCXXDefaultInitExpr(const clang::CXXDefaultInitExpr *E,
                                uint32_t A) {
    return I.eval(E->getExpr(), A);
  }
  Value VisitMaterializeTemporaryExpr(const clang::MaterializeTemporaryExpr *E,
                                      uint32_t A) {
    return I.eval(E->getSubExpr(), A);
  }
  Value VisitCXXDefaultArgExpr(const clang::CXXDefaultArgExpr *E, uint32_t A) {
    return I.eval(E->getExpr(), A);
  }
  Value VisitFloatingLiteral(const clang::FloatingLiteral *, uint32_t) {
    return Value();
  }
  Value VisitCXXNullPtrLiteralExpr(const clang::CXXNullPtrLiteralExpr *,
                                   uint32_t) {
    return Value();
  }
  /// Anything else is listed, and its value is opaque.
  Value VisitExpr(const clang::Expr *E, uint32_t) {
    std::string What = std::string(E->getStmtClassName()) + " at " + I.where(E);
    I.onUnsupported(E, What + " is not interpreted");
    return I.opaque(E->getType(), What);
  }

private:
  Value readNamed(const clang::Expr *E, uint32_t A) {
    LValue LV = I.evalLValue(E, A);
    if (LV.Kind == LValue::Var)
      return I.load(E, LV, E->getType(), A);
    return I.opaque(E->getType(), LV.Why);
  }

  SimtInterpreter &I;
};

Value SimtInterpreter::ExprEvaluator::VisitConditionalOperator(
    const clang::ConditionalOperator *E, uint32_t Active) {
  // Both arms run, each for its lanes (and the unknown lanes for both);
  // the result picks per lane.
  uint32_t Tm, Fm;
  std::string Why;
  Value C = I.test(E->getCond(), Active, Tm, Fm, Why);
  uint32_t U = Active & ~(Tm | Fm);
  // An lvalue conditional that is read (`x = c ? a[i] : b[i]`) reads
  // each arm for its own lanes.
  // Lanes whose test is unknown run both arms, as for an `if`: the
  // accesses there are flagged as executing under an unknown condition.
  if (U)
    ++I.UnknownBranchDepth;
  I.beginRegion(U);
  Value A = I.argValue(E->getTrueExpr(), Tm | U);
  I.endRegion();
  I.beginRegion(U);
  Value B = I.argValue(E->getFalseExpr(), Fm | U);
  I.endRegion();
  if (U)
    --I.UnknownBranchDepth;
  // A test the whole warp decides alike selects one arm, whatever the
  // other holds (`warpId < 4 ? &A[...] : &B[...]`: one array per warp).
  if (!U && !Fm)
    return A;
  if (!U && !Tm)
    return B;
  if (!A.sameTarget(B) || A.Kind == Value::Other ||
      (A.Kind == Value::Int && A.Type != B.Type))
    return I.opaque(E->getType(),
                    "conditional of mixed values at " + I.where(E));
  Value R = A;
  for (unsigned L = 0; L < MaxLanes; ++L) {
    if (Fm >> L & 1)
      R.L[L] = B.L[L];
    else if ((U >> L & 1) && C.Kind == Value::Int) {
      // A lane an arm did not evaluate (it left the arm early) has no
      // value to select.
      if (!C.L[L] || !A.L[L] || !B.L[L])
        return I.opaque(E->getType(),
                        "conditional with a lane of no value at " + I.where(E));
      R.L[L] = I.EC.getSelect(C.L[L], A.L[L], B.L[L]);
    }
  }
  return R;
}

Value SimtInterpreter::eval(const clang::Expr *E, uint32_t Active) {
  E = skipWrappers(E);
  clang::QualType T = E->getType();
  // Constants (sizeof, constexpr, template arguments, enumerators) fold
  // through clang's own evaluator, asked once per expression: the answer
  // does not change between warps or iterations.
  if (auto IT = intType(T)) {
    auto [It, New] = ConstantOf.try_emplace(E);
    if (New) {
      clang::Expr::EvalResult R;
      if (!E->isValueDependent() && !E->HasSideEffects(AST) &&
          E->EvaluateAsInt(R, AST))
        It->second = EC.getConst(R.Val.getInt().getExtValue(), *IT);
    }
    if (const Expr *C = It->second) {
      Value V;
      V.Kind = Value::Int;
      V.Type = *IT;
      V.L.fill(C);
      return V;
    }
  }
  return ExprEvaluator(*this).Visit(E, Active);
}

} // namespace cal
