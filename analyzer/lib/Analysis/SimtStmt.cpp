//===- SimtStmt.cpp - Statements under an active mask ---------------------===//
//
// Control flow follows SIMT semantics: both sides of a divergent branch run,
// each under its own mask; a loop runs while any lane is live; break,
// continue and return remove lanes from the mask until the construct that
// rejoins them.
//
//===----------------------------------------------------------------------===//
#include "CompilerEffects.h"
#include "SimtInterpreter.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/StmtCXX.h"

namespace cal {

EventSink::~EventSink() = default;

SimtInterpreter::SimtInterpreter(clang::ASTContext &AST, ExprContext &EC,
                                 const TargetModel &TM, EventSink &Sink)
    : AST(AST), EC(EC), TM(TM), Sink(Sink) {}

SimtInterpreter::~SimtInterpreter() = default;

const std::string &SimtInterpreter::where(const clang::Stmt *S) {
  // Asked for on every load (the reason of its opaque value): cached, as
  // presumed-location lookups are slow.
  auto [It, New] = Where.try_emplace(S);
  if (New) {
    // With its file: a reason may name a place in a header, and every
    // place a message names says which file it is in.
    It->second = makePos(AST, S->getBeginLoc()).str();
  }
  return It->second;
}

void SimtInterpreter::runWarp(const clang::FunctionDecl *Kernel,
                              const WarpSetup &W) {
  // Lanes take consecutive linear thread indices, x fastest, as the
  // hardware forms warps; lanes past the block's last thread are inactive.
  uint64_t Threads = W.BlockDim[0] * W.BlockDim[1] * W.BlockDim[2];
  LiveLanes = 0;
  LoadSample = W.LoadSample;
  forgetLocal();
  LoopLocalWrites.clear();
  Regions.clear();
  LocalEscaped = false;
  if (Kernel != LoadAtomsOf) {
    LoadAtoms.clear();
    LoadAtomsOf = Kernel;
  }
  for (unsigned I = 0; I < TM.WarpSize && I < MaxLanes; ++I) {
    Bindings &B = Lane[I];
    uint64_t T = uint64_t(W.WarpInBlock) * TM.WarpSize + I;
    if (T < Threads)
      LiveLanes |= 1u << I;
    B.ThreadIdx[0] = T % W.BlockDim[0];
    B.ThreadIdx[1] = (T / W.BlockDim[0]) % W.BlockDim[1];
    B.ThreadIdx[2] = T / (W.BlockDim[0] * W.BlockDim[1]);
    for (unsigned D = 0; D < 3; ++D) {
      B.BlockIdx[D] = W.BlockIdx[D];
      B.BlockDim[D] = W.BlockDim[D];
      B.GridDim[D] = W.GridDim[D];
    }
    B.Atoms = W.ParamValues;
  }
  Frame F;
  Frames.push_back(&F);
  for (const clang::ParmVarDecl *P : Kernel->parameters()) {
    Value V;
    clang::QualType T = P->getType();
    if (T->isIntegralOrEnumerationType()) {
      V.Kind = Value::Int;
      V.Type = {unsigned(AST.getTypeSize(T)),
                T->isSignedIntegerOrEnumerationType()};
      const Expr *Atom = paramAtom(P->getName(), V.Type);
      auto Known = W.KnownParams.find(Atom);
      V.L.fill(Known == W.KnownParams.end()
                   ? Atom
                   : EC.getConst(Known->second, V.Type));
    } else if (T->isPointerType()) {
      V.Kind = Value::Ptr;
      V.Base = objectFor(P);
      auto Off = W.PointerOffsets.find(P->getNameAsString());
      V.L.fill(EC.getConst(Off == W.PointerOffsets.end() ? 0 : Off->second,
                           IntType::i64()));
    } else if (T->isRecordType()) {
      V = paramRecord(P, T, P->getNameAsString(), W);
    }
    F.Vars[P] = V;
  }
  IterationsLeft = IterationBudget;
  uint32_t Active = LiveLanes;
  Held.clear();
  LoopRuns.clear();
  if (Active)
    exec(Kernel->getBody(), Active);
  releaseHeld();
  Sink.onWarpEnd();
  Frames.pop_back();
  Exits.clear();
}

const MemObject *SimtInterpreter::objectFor(const clang::VarDecl *VD) {
  // Every `extern __shared__` array, in the kernel or in a function (the
  // SharedMemory<T> idiom declares one per instantiation), names the start
  // of the block's dynamic shared memory: one object.
  static const char DynamicShared = 0;
  bool Dynamic = VD->hasAttr<clang::CUDASharedAttr>() &&
                 VD->hasExternalStorage() &&
                 VD->getType()->isIncompleteArrayType();
  const void *Key = Dynamic ? static_cast<const void *>(&DynamicShared) : VD;
  auto It = ObjectOf.find(Key);
  if (It != ObjectOf.end())
    return It->second;
  MemObject &M = Objects.emplace_back();
  M.Name = VD->getNameAsString();
  if (!Dynamic)
    M.Decl = VD;
  if (isKernelParam(VD)) {
    // Kernel pointer arguments come from cudaMalloc, which aligns to 256
    // bytes; distinct arguments are placed far apart so they never share a
    // sector.
    M.Space = AddrSpace::Global;
    M.Base = uint64_t(NextGlobal++) << TargetModel::GlobalObjectSpacingShift;
    M.Param = true;
    M.Restrict = VD->getType().isRestrictQualified();
  } else if (VD->hasAttr<clang::CUDASharedAttr>()) {
    // Each shared array starts on a 64 KiB boundary: a multiple of the
    // bank row (banks x width), so its element 0 is in bank 0, as for an
    // array placed alone.
    M.Space = AddrSpace::Shared;
    M.Base = uint64_t(NextShared++) << TargetModel::SharedObjectSpacingShift;
  } else if (VD->hasAttr<clang::CUDAConstantAttr>()) {
    M.Space = AddrSpace::Constant;
    M.Base = uint64_t(NextGlobal++) << TargetModel::GlobalObjectSpacingShift;
  } else if (VD->hasGlobalStorage()) {
    M.Space = AddrSpace::Global;
    M.Base = uint64_t(NextGlobal++) << TargetModel::GlobalObjectSpacingShift;
  } else {
    M.Space = AddrSpace::Local;
    M.Base = uint64_t(NextLocal++) << 24;
  }
  if (Dynamic)
    M.Name = "extern __shared__";
  ObjectOf[Key] = &M;
  return &M;
}

bool SimtInterpreter::isKernelParam(const clang::VarDecl *VD) {
  const auto *P = dyn_cast<clang::ParmVarDecl>(VD);
  const auto *FD =
      P ? dyn_cast_or_null<clang::FunctionDecl>(P->getDeclContext()) : nullptr;
  return P && (!FD || FD->hasAttr<clang::CUDAGlobalAttr>());
}

const MemObject *SimtInterpreter::objectForTemp(const Value *Slot) {
  auto [It, New] = ObjectOf.try_emplace(Slot, nullptr);
  if (New) {
    MemObject &M = Objects.emplace_back();
    M.Name = "temporary";
    M.Space = AddrSpace::Local;
    M.Base = uint64_t(NextLocal++) << 24;
    It->second = &M;
  }
  return It->second;
}

void SimtInterpreter::freshObject(const void *Key) {
  auto It = ObjectOf.find(Key);
  if (It != ObjectOf.end())
    forgetLocal(It->second, ~0u, {}, 0);
}

const Expr *SimtInterpreter::loadIn(const Expr *E) {
  auto Memo = LoadIn.find(E);
  if (Memo != LoadIn.end())
    return Memo->second;
  const Expr *A = E->getKind() == ExprKind::Atom &&
                          E->getAtomKind() == AtomKind::Param &&
                          E->getName().starts_with("load@")
                      ? E
                      : nullptr;
  for (unsigned I = 0; !A && I < E->getNumOperands(); ++I)
    A = loadIn(E->getOperand(I));
  return LoadIn[E] = A;
}

const Expr *SimtInterpreter::firstLane(const Value &V, uint32_t Active) {
  return V.Kind == Value::Int && Active ? V.L[__builtin_ctz(Active)] : nullptr;
}

SimtInterpreter::Value SimtInterpreter::test(const clang::Expr *Cond,
                                             uint32_t Active, uint32_t &True,
                                             uint32_t &False,
                                             std::string &Why) {
  Value V = eval(Cond, Active);
  split(V, Active, True, False, Why);
  return V;
}

void SimtInterpreter::split(const Value &V, uint32_t Active, uint32_t &True,
                            uint32_t &False, std::string &Why) {
  True = False = 0;
  if (V.Kind != Value::Int) {
    Why = V.Kind == Value::Ptr ? "pointer test" : "non-integer condition";
    return;
  }
  // A test on a value loaded from memory is data: its sample value would
  // pick one side for the whole warp and hide the other side's accesses.
  // Its lanes take both sides, as for any test the analyzer cannot decide.
  if (const Expr *E =
          LoadAtoms.empty() || !Active ? nullptr : V.L[__builtin_ctz(Active)])
    if (const Expr *L = loadIn(E)) {
      const clang::Expr *Site = LoadAtomSites.lookup(L);
      Why =
          "test on the value loaded from memory at " +
          (Site ? where(Site) : L->getName().drop_front(strlen("load@")).str());
      return;
    }
  std::array<EvalResult, MaxLanes> Rs;
  evalLanes(V.L, Active, Rs);
  for (unsigned I = 0; I < MaxLanes; ++I) {
    if (!(Active >> I & 1))
      continue;
    const EvalResult &R = Rs[I];
    if (!R.Known) {
      if (Why.empty())
        Why = R.Blocker && R.Blocker->isOpaque()
                  ? R.Blocker->getName().str()
                  : (R.Why ? R.Why : "unknown value");
      continue;
    }
    (R.Value ? True : False) |= 1u << I;
  }
}

/// After an `if` whose test \p Undecided lanes could not evaluate: both
/// sides ran for them, so a variable of \p F that the sides changed holds,
/// in those lanes, the value of one side or the other (or the old one).
/// Which, the analyzer cannot say: the value becomes unknown there, instead
/// of the last side's (a binary search's `if (data[mid] < v) pos = mid;`
/// would otherwise always move `pos`). Variables declared inside the sides
/// are out of scope and left alone.
void SimtInterpreter::forgetUndecided(
    Frame &F, const llvm::DenseMap<const clang::VarDecl *, Value> &Before,
    uint32_t Undecided, const clang::IfStmt *If) {
  for (auto &[VD, V] : F.Vars) {
    auto Old = Before.find(VD);
    if (Old == Before.end())
      continue;
    const Value &B = Old->second;
    bool Changed = false;
    for (unsigned I = 0; I < MaxLanes && !Changed; ++I)
      Changed = (Undecided >> I & 1) && V.L[I] != B.L[I];
    if (!Changed && V.sameTarget(B))
      continue;
    std::string Why = "'" + VD->getNameAsString() +
                      "' set under a test the analyzer cannot decide at " +
                      where(If);
    if (V.Kind != Value::Int || !V.sameTarget(B) || V.Type != B.Type) {
      if (V.Kind != Value::Int && V.Kind != Value::Ptr)
        continue; // a register-held struct: fields are not followed here
      V = opaque(VD->getType(), Why);
      continue;
    }
    const Expr *Unknown = EC.getOpaque(Why, V.Type);
    for (unsigned I = 0; I < MaxLanes; ++I)
      if ((Undecided >> I & 1) && V.L[I] != B.L[I])
        V.L[I] = Unknown;
  }
}

void SimtInterpreter::exec(const clang::Stmt *S, uint32_t &Active) {
  if (!S || !Active)
    return;
  Frame &F = *Frames.back();
  switch (S->getStmtClass()) {
  case clang::Stmt::CompoundStmtClass:
    for (const clang::Stmt *C : cast<clang::CompoundStmt>(S)->body()) {
      if (!Active)
        break;
      exec(C, Active);
    }
    return;
  case clang::Stmt::DeclStmtClass: {
    bool Initialises = false;
    for (const clang::Decl *D : cast<clang::DeclStmt>(S)->decls())
      if (const auto *VD = dyn_cast<clang::VarDecl>(D)) {
        execDecl(VD, Active);
        Initialises |= VD->getInit() && !VD->hasAttr<clang::CUDASharedAttr>() &&
                       !VD->isStaticLocal();
      }
    if (Initialises)
      countStatement();
    return;
  }
  case clang::Stmt::IfStmtClass: {
    const auto *If = cast<clang::IfStmt>(S);
    if (If->getInit()) {
      // A header, like a `for`'s: not a statement of the cost.
      uint64_t Before = Statements;
      exec(If->getInit(), Active);
      Statements = Before;
    }
    if (If->isConsteval() || !If->getCond()) {
      exec(If->getThen(), Active);
      return;
    }
    uint32_t T, Fl;
    std::string Why;
    Value V = test(If->getCond(), Active, T, Fl, Why);
    uint32_t U = Active & ~(T | Fl);
    Sink.onBranch(S, "if", Active, T, U, Why, firstLane(V, Active));
    // Lanes whose test is unknown run both sides (the accesses there are
    // flagged as executing under an unknown condition), and the variables
    // the sides change hold one of two values there (forgetUndecided).
    std::optional<llvm::DenseMap<const clang::VarDecl *, Value>> Before;
    if (U) {
      ++UnknownBranchDepth;
      Before = F.Vars;
    }
    auto [Merge, New] = MergedArms.try_emplace(If, false);
    if (New)
      Merge->second = armsMergeAccesses(AST, If);
    if (Merge->second) {
      // The compiler hoists the common accesses out of the branch: they
      // run once for the lanes of both arms (the arithmetic becomes a
      // select, which the interpreter does not need to follow). The lanes
      // of the else arm run the then arm's stores here, which they do not.
      beginRegion(Active & ~T);
      exec(If->getThen(), Active);
      endRegion();
      if (U) {
        --UnknownBranchDepth;
        forgetUndecided(F, *Before, U, If);
      }
      return;
    }
    uint32_t A1 = T | U, A2 = Fl | U;
    uint32_t In1 = A1, In2 = A2;
    uint64_t S0 = Statements, C0 = CappedLoopRuns;
    beginRegion(U);
    exec(If->getThen(), A1);
    endRegion();
    uint64_t S1 = Statements;
    beginRegion(U);
    exec(If->getElse(), A2);
    endRegion();
    // Lanes of both sides: the warp ran the two arms one after the other.
    if (T && Fl)
      Sink.onSplitArms(If, S1 - S0, Statements - S1, A1 != In1 || A2 != In2,
                       CappedLoopRuns != C0);
    if (U) {
      --UnknownBranchDepth;
      forgetUndecided(F, *Before, U, If);
    }
    Active = A1 | A2;
    return;
  }
  case clang::Stmt::ForStmtClass: {
    const auto *For = cast<clang::ForStmt>(S);
    execLoop(S, For->getInit(), For->getCond(), For->getInc(), For->getBody(),
             true, "for", Active);
    return;
  }
  case clang::Stmt::WhileStmtClass: {
    const auto *W = cast<clang::WhileStmt>(S);
    execLoop(S, nullptr, W->getCond(), nullptr, W->getBody(), true, "while",
             Active);
    return;
  }
  case clang::Stmt::DoStmtClass: {
    const auto *D = cast<clang::DoStmt>(S);
    execLoop(S, nullptr, D->getCond(), nullptr, D->getBody(), false, "do",
             Active);
    return;
  }
  case clang::Stmt::SwitchStmtClass:
    execSwitch(S, Active);
    return;
  case clang::Stmt::BreakStmtClass:
    if (!Exits.empty())
      Exits.back().Broken |= Active;
    Active = 0;
    return;
  case clang::Stmt::ContinueStmtClass:
    // continue skips enclosing switches and lands on the innermost loop.
    for (auto It = Exits.rbegin(); It != Exits.rend(); ++It)
      if (!It->IsSwitch) {
        It->Continued |= Active;
        break;
      }
    Active = 0;
    return;
  case clang::Stmt::ReturnStmtClass: {
    const auto *R = cast<clang::ReturnStmt>(S);
    if (R->getRetValue())
      countStatement();
    if (F.Fn && F.Fn->getReturnType()->isReferenceType() && R->getRetValue()) {
      // A reference is returned as the location it names.
      LValue LV = evalLValue(R->getRetValue(), Active);
      if (LV.Kind == LValue::Var && !LV.F)
        LV.F = &F;
      if (F.RetLV.Kind == LValue::None && F.RetLV.Why.empty())
        F.RetLV = LV;
      else if (F.RetLV.Kind == LValue::Mem && LV.Kind == LValue::Mem &&
               F.RetLV.Base == LV.Base)
        for (unsigned I = 0; I < MaxLanes; ++I) {
          if (Active >> I & 1)
            F.RetLV.Off[I] = LV.Off[I];
        }
      else if (F.RetLV.Kind != LValue::Var || LV.Kind != LValue::Var ||
               F.RetLV.VD != LV.VD || F.RetLV.Slot != LV.Slot ||
               F.RetLV.Path != LV.Path) {
        F.RetLV = LValue();
        F.RetLV.Why = "reference returned to different locations per lane";
      }
    } else if (const clang::Expr *RV = R->getRetValue()) {
      Value V = eval(RV, Active);
      if (!F.HasRet) {
        F.Ret = V;
        F.HasRet = true;
      } else if (F.Ret.sameTarget(V)) {
        for (unsigned I = 0; I < MaxLanes; ++I)
          if (Active >> I & 1)
            F.Ret.L[I] = V.L[I];
      } else {
        F.Ret = Value();
      }
    }
    F.Returned |= Active;
    Active = 0;
    return;
  }
  case clang::Stmt::NullStmtClass:
    return;
  case clang::Stmt::CXXForRangeStmtClass:
    execForRange(cast<clang::CXXForRangeStmt>(S), Active);
    return;
  case clang::Stmt::AttributedStmtClass:
    LoopHint = cast<clang::AttributedStmt>(S);
    exec(LoopHint->getSubStmt(), Active);
    return;
  case clang::Stmt::LabelStmtClass:
    exec(cast<clang::LabelStmt>(S)->getSubStmt(), Active);
    return;
  case clang::Stmt::GCCAsmStmtClass:
    countStatement();
    execAsm(cast<clang::GCCAsmStmt>(S), Active);
    return;
  case clang::Stmt::GotoStmtClass:
  case clang::Stmt::CXXTryStmtClass:
    onUnsupported(S, std::string(S->getStmtClassName()) + " at " + where(S) +
                         " is not interpreted");
    return;
  default:
    if (const auto *E = dyn_cast<clang::Expr>(S)) {
      countStatement();
      (void)eval(E, Active);
      return;
    }
    onUnsupported(S, std::string(S->getStmtClassName()) + " at " + where(S) +
                         " is not interpreted");
  }
}

void SimtInterpreter::execAsm(const clang::GCCAsmStmt *A, uint32_t Active) {
  // Inline PTX: `mov.u32 %0, %%laneid;` (and the other special registers
  // the interpreter knows) gives the lane's value; any other output is
  // unknown, with the asm as the reason. Memory the asm may touch is not
  // counted, and said so when it can (a "memory" clobber or an "m"
  // operand).
  std::string Text = A->getAsmString();
  llvm::StringRef T = llvm::StringRef(Text).trim();
  std::string Short = T.take_front(48).str();
  for (unsigned I = 0; I < A->getNumInputs(); ++I)
    (void)eval(A->getInputExpr(I), Active);
  bool TouchesMemory = false;
  for (unsigned I = 0; I < A->getNumClobbers(); ++I)
    TouchesMemory |= A->getClobber(I) == "memory";
  for (unsigned I = 0; I < A->getNumOutputs(); ++I) {
    const clang::Expr *Out = A->getOutputExpr(I);
    clang::QualType OT = Out->getType();
    std::string C = A->getOutputConstraint(I);
    if (llvm::StringRef(C).contains('m')) {
      TouchesMemory = true;
      continue;
    }
    LValue LV = evalLValue(Out, Active);
    Value V;
    // `mov.u32 %0, %%laneid;` with %0 this output: the lane index.
    std::string Mov = "%" + std::to_string(I) + ", %%laneid";
    auto IT = intType(OT);
    if (IT && A->getNumOutputs() == 1 && T.starts_with("mov.") &&
        llvm::StringRef(Text).contains(Mov)) {
      V.Kind = Value::Int;
      V.Type = *IT;
      for (unsigned L = 0; L < MaxLanes; ++L)
        V.L[L] = EC.getConst(L, *IT);
    } else {
      V = opaque(OT, "the output of the inline asm at " + where(A) + " ('" +
                         Short + "')");
    }
    if (LV.Kind == LValue::Var)
      writeVar(LV, V, Active);
  }
  if (TouchesMemory)
    onUnsupported(A, "inline asm at " + where(A) + " ('" + Short +
                         "') may access memory; its accesses are not "
                         "counted");
}

void SimtInterpreter::execDecl(const clang::VarDecl *VD, uint32_t Active) {
  Frame &F = *Frames.back();
  clang::QualType T = VD->getType();
  if (VD->hasAttr<clang::CUDASharedAttr>() || T->isArrayType() ||
      VD->isStaticLocal()) {
    const MemObject *Obj = objectFor(VD); // memory, not a register
    // A local array declared again (in a loop, a callee called again) is a
    // new object: nothing stored in the old one is in it.
    if (Obj->Space == AddrSpace::Local)
      forgetLocal(Obj, Active, {}, 0);
    return;
  }
  if (T->isReferenceType()) {
    if (const clang::Expr *Init = VD->getInit())
      F.Refs[VD] = bindReference(VD, Init, F, Active);
    return;
  }
  if (const clang::Expr *Init = VD->getInit()) {
    Value V = eval(Init, Active);
    F.Vars[VD] = convert(V, T);
    return;
  }
  F.Vars[VD] = opaque(T, "'" + VD->getNameAsString() + "' is uninitialized");
}

void SimtInterpreter::execLoop(const clang::Stmt *Loop, const clang::Stmt *Init,
                               const clang::Expr *Cond, const clang::Stmt *Inc,
                               const clang::Stmt *Body, bool TestFirst,
                               llvm::StringRef Kind, uint32_t &Active) {
  // The header (init, increment) is not a statement of the cost.
  if (Init) {
    uint64_t Before = Statements;
    exec(Init, Active);
    Statements = Before;
  }
  uint32_t Live = Active, Exited = 0;
  const uint32_t Entered = Active;
  bool Unknown = false, Capped = false;
  LoopLocalWrites.emplace_back();
  const clang::AttributedStmt *Hint = LoopHint;
  LoopHint = nullptr;
  if (Hint && Hint->getSubStmt() != Loop)
    Hint = nullptr;
  LoopRuns.push_back(
      {unrolledFully(AST, Loop, Hint) && straightLineBody(Loop), 0});
  auto [Nest, NewNest] = UnrolledNests.try_emplace(Loop, false);
  if (NewNest)
    Nest->second = unrolledNest(AST, Loop, Hint);
  bool Unrolled = Nest->second;
  Sink.onLoop(Loop, true, Unrolled);
  // Iterations each lane ran: lanes leave for good (test, break, return),
  // so a lane's count is the iteration it left in.
  std::array<unsigned, MaxLanes> Trips{};
  for (unsigned Iter = 0; Live; ++Iter) {
    if (Cond && (TestFirst || Iter > 0)) {
      uint32_t T, Fl;
      std::string Why;
      Value V = test(Cond, Live, T, Fl, Why);
      uint32_t U = Live & ~(T | Fl);
      Sink.onBranch(Loop, Kind, Live, T, U, Why, firstLane(V, Live));
      Exited |= Fl;
      if (U) {
        // An unknown trip count cannot be followed lane by lane: run one
        // more iteration for the lanes with an unknown test, then stop.
        if (!Unknown) {
          Unknown = true;
          ++UnknownBranchDepth;
          // Until the loop ends, what these lanes run they may not run.
          beginRegion(U);
          T |= U;
        } else {
          Exited |= U;
        }
      }
      Live = T;
      if (!Live)
        break;
    }
    // The clock is read every 256 iterations, not on each (a hot path).
    // A warp that has spent its iterations still runs one of each loop it
    // reaches later: the loops after a long one are sampled too, not
    // skipped (the nest of such first iterations is as long as the code).
    bool Spent = IterationsLeft == 0 && Iter > 0;
    if (Iter >= LoopIterationCap || Spent ||
        ((IterationsLeft & 255) == 0 && overBudget())) {
      // Past the cap the remaining iterations are skipped; the lanes still
      // live carry on after the loop, and the sink marks what was sampled.
      Sink.onLoopCapped(Loop);
      // The iterations skipped would store into the local objects the loop
      // stored into: what they hold is not known.
      for (const MemObject *Obj : LoopLocalWrites.back())
        forgetLocal(Obj, ~0u, {}, 0);
      ++CappedLoopRuns;
      Capped = true;
      Exited |= Live;
      break;
    }
    if (IterationsLeft)
      --IterationsLeft;
    for (uint32_t M = Live; M; M &= M - 1)
      ++Trips[__builtin_ctz(M)];
    LoopRuns.back().Iter = Iter;
    Exits.push_back({});
    uint32_t A = Live;
    exec(Body, A);
    Exit E = Exits.back();
    Exits.pop_back();
    Exited |= E.Broken;
    A |= E.Continued;
    if (Inc) {
      uint64_t Before = Statements;
      exec(Inc, A);
      Statements = Before;
    }
    Live = A;
  }
  Sink.onLoop(Loop, false, Unrolled);
  // What the loop held back for merging ends with it.
  releaseHeld(LoopRuns.size() - 1);
  LoopRuns.pop_back();
  if (Unknown) {
    --UnknownBranchDepth;
    endRegion();
  }
  // An enclosing loop stored into what this one stored into.
  llvm::SmallPtrSet<const MemObject *, 4> Wrote =
      std::move(LoopLocalWrites.back());
  LoopLocalWrites.pop_back();
  if (!LoopLocalWrites.empty())
    LoopLocalWrites.back().insert(Wrote.begin(), Wrote.end());
  if (Entered) {
    unsigned Min = ~0u, Max = 0;
    for (uint32_t M = Entered; M; M &= M - 1) {
      unsigned N = Trips[__builtin_ctz(M)];
      Min = std::min(Min, N);
      Max = std::max(Max, N);
    }
    if (Min != Max || Unknown || Capped)
      Sink.onLoopTrips(Loop, Min, Max, Capped, Unknown);
  }
  Active = Exited;
}

void SimtInterpreter::execSwitch(const clang::Stmt *S, uint32_t &Active) {
  const auto *Sw = cast<clang::SwitchStmt>(S);
  if (Sw->getInit()) {
    uint64_t Before = Statements;
    exec(Sw->getInit(), Active);
    Statements = Before;
  }
  Value C = eval(Sw->getCond(), Active);
  std::array<std::optional<int64_t>, MaxLanes> Vals;
  uint32_t Known = 0;
  std::string Why = "non-integer switch condition";
  if (C.Kind == Value::Int)
    for (unsigned I = 0; I < MaxLanes; ++I)
      if (Active >> I & 1) {
        EvalResult R = EC.evaluate(C.L[I], Lane[I]);
        if (R.Known) {
          Vals[I] = R.Value;
          Known |= 1u << I;
        } else if (R.Blocker && R.Blocker->isOpaque()) {
          Why = R.Blocker->getName().str();
        }
      }
  // For classification, "taken" is the lanes that agree with the first
  // known lane: the switch is uniform exactly when all lanes agree.
  uint32_t Agree = 0;
  int First = Known ? __builtin_ctz(Known) : -1;
  for (unsigned I = 0; I < MaxLanes; ++I)
    if ((Known >> I & 1) && Vals[I] == Vals[First])
      Agree |= 1u << I;
  Sink.onBranch(S, "switch", Active, Agree, Active & ~Known, Why,
                firstLane(C, Active));
  const auto *Body = dyn_cast_or_null<clang::CompoundStmt>(Sw->getBody());
  if (!Body) {
    onUnsupported(S, "switch without a compound body at " + where(S));
    return;
  }
  // Walk the body once; lanes join at their case label and fall through.
  uint32_t Matched = 0, Running = 0;
  uint32_t Unknown = Active & ~Known;
  Exits.push_back({0, 0, true});
  // Lanes of an unknown condition run every case (UndecidedDepth).
  UndecidedDepth += Unknown != 0;
  const clang::Stmt *Default = nullptr;
  for (const clang::SwitchCase *SC = Sw->getSwitchCaseList(); SC;
       SC = SC->getNextSwitchCase())
    if (isa<clang::DefaultStmt>(SC))
      Default = SC;
  for (const clang::Stmt *Child : Body->body()) {
    const clang::Stmt *Cur = Child;
    while (const auto *SC = dyn_cast<clang::SwitchCase>(Cur)) {
      uint32_t Join = 0;
      if (const auto *CS = dyn_cast<clang::CaseStmt>(SC)) {
        clang::Expr::EvalResult R;
        if (CS->getLHS()->EvaluateAsInt(R, AST)) {
          int64_t V = R.Val.getInt().getExtValue();
          for (unsigned I = 0; I < MaxLanes; ++I)
            if ((Known >> I & 1) && *Vals[I] == V)
              Join |= 1u << I;
        }
      } else if (SC == Default) {
        // Default takes the lanes no case label matches.
        uint32_t AnyCase = 0;
        for (const clang::SwitchCase *O = Sw->getSwitchCaseList(); O;
             O = O->getNextSwitchCase())
          if (const auto *CS = dyn_cast<clang::CaseStmt>(O)) {
            clang::Expr::EvalResult R;
            if (CS->getLHS()->EvaluateAsInt(R, AST))
              for (unsigned I = 0; I < MaxLanes; ++I)
                if ((Known >> I & 1) &&
                    *Vals[I] == R.Val.getInt().getExtValue())
                  AnyCase |= 1u << I;
          }
        Join = Known & ~AnyCase;
      }
      Join |= Unknown;
      Running |= Join & ~Matched;
      Matched |= Join;
      Cur = SC->getSubStmt();
    }
    exec(Cur, Running);
  }
  UndecidedDepth -= Unknown != 0;
  Exit E = Exits.back();
  Exits.pop_back();
  Active = Running | E.Broken | (Active & ~Matched & ~Unknown);
}

} // namespace cal
