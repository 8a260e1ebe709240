//===- HostLoopEval.cpp - Values that a host loop leaves behind -----------===//
//
// Host code often steps its launch sizes in a loop before the launch that
// uses them (the CUDA samples' fastWalshTransform: `for (; log2N > 11;
// log2N -= 2, N >>= 2, M <<= 2)` then `k<<<M, N / 4>>>`; a block rounded up
// to a power of two, `while (bs < n && bs < 1024) bs *= 2;`). When every
// write of the loop's variables is in its header, or in a `while` body that
// holds nothing but such updates, and their start values are known, running
// the updates is the exact value; this file does that, for the loop that
// last writes a variable before the point.
//
//===----------------------------------------------------------------------===//
#include "HostConstEval.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include <functional>

using namespace clang;

namespace cal {

namespace {

/// Iterations simulated before giving up: host loops that size launches
/// run a few dozen times; far more suggests the model is wrong.
constexpr unsigned MaxIterations = 1u << 16;

using Env = llvm::DenseMap<const VarDecl *, int64_t>;

/// The variables a loop header writes: `a = x`, `a op= x`, `++a`, commas.
bool collectWrites(const Expr *E, llvm::SmallVectorImpl<const VarDecl *> &Out) {
  if (!E)
    return true;
  E = E->IgnoreParenImpCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() == BO_Comma)
      return collectWrites(BO->getLHS(), Out) &&
             collectWrites(BO->getRHS(), Out);
    if (BO->isAssignmentOp())
      if (const VarDecl *V = namedVar(BO->getLHS())) {
        Out.push_back(V);
        return true;
      }
    return false;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->isIncrementDecrementOp())
      if (const VarDecl *V = namedVar(UO->getSubExpr())) {
        Out.push_back(V);
        return true;
      }
  return false;
}

/// Evaluates loop-header expressions over \p Vars, with everything else
/// from the evaluator at the loop.
class Simulator {
public:
  Simulator(HostConstEval &AtLoop, Env &Vars) : AtLoop(AtLoop), Vars(Vars) {}

  std::optional<int64_t> eval(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (const VarDecl *V = namedVar(E)) {
      auto It = Vars.find(V);
      if (It != Vars.end())
        return It->second;
      return AtLoop.evalInt(E);
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      if (BO->isAssignmentOp() || BO->getOpcode() == BO_Comma)
        return std::nullopt;
      auto L = eval(BO->getLHS()), R = eval(BO->getRHS());
      if (!L || !R)
        return std::nullopt;
      return foldIntBinary(BO->getOpcode(), *L, *R);
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      auto V = eval(UO->getSubExpr());
      return V ? foldIntUnary(UO->getOpcode(), *V) : std::nullopt;
    }
    // Anything else must not read the loop's variables.
    if (mentionsVars(E))
      return std::nullopt;
    return AtLoop.evalInt(E);
  }

  /// Runs one header expression (init or increment).
  bool step(const Expr *E) {
    if (!E)
      return true;
    E = E->IgnoreParenImpCasts();
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      if (BO->getOpcode() == BO_Comma)
        return step(BO->getLHS()) && step(BO->getRHS());
      const VarDecl *V = namedVar(BO->getLHS());
      if (!V || !BO->isAssignmentOp())
        return false;
      auto R = eval(BO->getRHS());
      if (!R)
        return false;
      if (BO->getOpcode() == BO_Assign)
        return set(V, *R);
      auto It = Vars.find(V);
      if (It == Vars.end())
        return false;
      auto N = foldIntBinary(
          BinaryOperator::getOpForCompoundAssignment(BO->getOpcode()),
          It->second, *R);
      return N && set(V, *N);
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      const VarDecl *V = namedVar(UO->getSubExpr());
      auto It = V ? Vars.find(V) : Vars.end();
      if (It == Vars.end() || !UO->isIncrementDecrementOp())
        return false;
      return set(V, It->second + (UO->isIncrementOp() ? 1 : -1));
    }
    return false;
  }

private:
  /// Keeps the value only while it fits the variable's type: past that the
  /// program wraps (or has undefined behaviour), which is not modelled.
  bool set(const VarDecl *V, int64_t X) {
    ASTContext &Ctx = V->getASTContext();
    QualType T = V->getType();
    if (!T->isIntegerType())
      return false;
    unsigned Bits = Ctx.getTypeSize(T);
    if (Bits < 64) {
      bool Signed = T->isSignedIntegerOrEnumerationType();
      int64_t Lo = Signed ? -(int64_t(1) << (Bits - 1)) : 0;
      int64_t Hi = Signed ? (int64_t(1) << (Bits - 1)) - 1
                          : int64_t((uint64_t(1) << Bits) - 1);
      if (X < Lo || X > Hi)
        return false;
    }
    Vars[V] = X;
    return true;
  }

  bool mentionsVars(const Stmt *S) {
    if (const auto *E = dyn_cast<Expr>(S))
      if (const VarDecl *V = namedVar(E); V && Vars.count(V))
        return true;
    for (const Stmt *C : S->children())
      if (C && mentionsVars(C))
        return true;
    return false;
  }

  HostConstEval &AtLoop;
  Env &Vars;
};

} // namespace

std::optional<int64_t> HostConstEval::afterLoop(const VarDecl *VD) {
  if (!ownsLocal(VD) || !VD->getType()->isIntegerType())
    return std::nullopt;
  ASTContext &Ctx = S.Ctx;
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation PointBegin = SM.getExpansionLoc(Point->getBeginLoc());
  std::vector<VarWrites::Write> Writes = S.writes(Frame->F).writesOf(VD);
  // The last statement before the point, on its chain, that writes VD must
  // be a `for` loop whose header alone writes it, or a `while` loop whose
  // body is only updates.
  const Stmt *Loop = nullptr;
  for (const Stmt *C = Point; C && !Loop;) {
    auto Ps = Ctx.getParents(*C);
    const Stmt *P = Ps.empty() ? nullptr : Ps[0].get<Stmt>();
    if (isa_and_nonnull<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(P))
      return std::nullopt; // a loop around the point: its writes come back
    if (const auto *CS = dyn_cast_or_null<CompoundStmt>(P)) {
      const Stmt *Last = nullptr;
      for (const Stmt *B : CS->body()) {
        if (B == C)
          break;
        for (const VarWrites::Write &W : Writes)
          if (stmtWithin(SM, W.E, B))
            Last = B;
      }
      if (Last) {
        if (!isa<ForStmt, WhileStmt>(Last))
          return std::nullopt;
        Loop = Last;
      }
    }
    C = P;
  }
  if (!Loop)
    return std::nullopt;
  // The test, the start and the updates of each iteration: a `for` loop's
  // header, or a `while` loop whose body holds nothing but updates.
  const Expr *Cond = nullptr, *InitExpr = nullptr;
  llvm::SmallVector<const Stmt *, 4> Updates;
  if (const auto *FS = dyn_cast<ForStmt>(Loop)) {
    Cond = FS->getCond();
    InitExpr = dyn_cast_or_null<Expr>(FS->getInit());
    if (FS->getInit() && !InitExpr)
      return std::nullopt; // a declaration: its variable ends with the loop
    if (FS->getInc())
      Updates.push_back(FS->getInc());
  } else {
    const auto *WS = cast<WhileStmt>(Loop);
    Cond = WS->getCond();
    if (WS->getConditionVariable())
      return std::nullopt;
    if (const auto *CS = dyn_cast<CompoundStmt>(WS->getBody()))
      Updates.append(CS->body_begin(), CS->body_end());
    else
      Updates.push_back(WS->getBody());
    if (Updates.empty())
      return std::nullopt;
  }
  if (!Cond)
    return std::nullopt;
  // Every write of the loop's variables inside it is an update, and none is
  // between the loop and the point (the loop was the last writer).
  llvm::SmallVector<const VarDecl *, 4> Vars;
  for (const Stmt *U : Updates)
    if (!isa<Expr>(U) || !collectWrites(cast<Expr>(U), Vars))
      return std::nullopt;
  if (!collectWrites(InitExpr, Vars))
    return std::nullopt;
  if (!llvm::is_contained(Vars, VD))
    return std::nullopt;
  for (const VarDecl *V : Vars) {
    if (!ownsLocal(V))
      return std::nullopt;
    for (const VarWrites::Write &W : S.writes(Frame->F).writesOf(V)) {
      bool Counted = InitExpr && stmtWithin(SM, W.E, InitExpr);
      for (const Stmt *U : Updates)
        Counted |= stmtWithin(SM, W.E, U);
      if (stmtWithin(SM, W.E, Loop) && !Counted)
        return std::nullopt;
    }
  }
  // A variable the test reads that the body writes would change the trip
  // count behind the simulation's back.
  llvm::SmallVector<const VarDecl *, 8> Read;
  std::function<void(const Stmt *)> Collect = [&](const Stmt *St) {
    if (const auto *E = dyn_cast<Expr>(St))
      if (const VarDecl *V = namedVar(E))
        Read.push_back(V);
    for (const Stmt *C : St->children())
      if (C)
        Collect(C);
  };
  Collect(Cond);
  for (const VarDecl *V : Read) {
    if (llvm::is_contained(Vars, V) || !ownsLocal(V))
      continue;
    for (const VarWrites::Write &W : S.writes(Frame->F).writesOf(V))
      if (stmtWithin(SM, W.E, Loop))
        return std::nullopt;
  }
  for (const VarWrites::Write &W : Writes) {
    SourceLocation L = SM.getExpansionLoc(W.E->getBeginLoc());
    if (!stmtWithin(SM, W.E, Loop) &&
        SM.isBeforeInTranslationUnit(SM.getExpansionLoc(Loop->getEndLoc()),
                                     L) &&
        SM.isBeforeInTranslationUnit(L, PointBegin))
      return std::nullopt;
  }
  // Start values: what reaches the loop.
  HostConstEval AtLoop(S, Frame, Loop);
  Env Values;
  Simulator Sim(AtLoop, Values);
  if (!Sim.step(InitExpr))
    return std::nullopt;
  for (const VarDecl *V : Vars)
    if (!Values.count(V)) {
      DeclRefExpr *Ref =
          DeclRefExpr::Create(Ctx, NestedNameSpecifierLoc(), SourceLocation(),
                              const_cast<VarDecl *>(V), false, V->getLocation(),
                              V->getType().getNonReferenceType(), VK_LValue);
      std::optional<int64_t> X = AtLoop.evalInt(Ref);
      if (!X)
        return std::nullopt;
      Values[V] = *X;
    }
  for (unsigned I = 0;; ++I) {
    if (I == MaxIterations)
      return std::nullopt;
    std::optional<int64_t> Go = Sim.eval(Cond);
    if (!Go)
      return std::nullopt;
    if (!*Go)
      break;
    for (const Stmt *U : Updates)
      if (!Sim.step(cast<Expr>(U)))
        return std::nullopt;
  }
  return Values.lookup(VD);
}

} // namespace cal
