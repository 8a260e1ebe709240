//===- WideAccesses.cpp - Where the compiler widens shared accesses -------===//
//
// ptxas places shared variables itself, so it can give them any alignment it
// needs, and it merges 4-byte shared accesses at consecutive addresses of a
// thread into one 8- or 16-byte access where the address is a multiple of
// the width: a struct copied whole, and the same access in successive
// iterations of a fully unrolled loop (`s[c0 + i]` for i = 0..3 is one
// LDS.128). Global pointers carry only their type's alignment, so global
// accesses stay as written. The evidence, SASS of nvcc 13.0 for sm_90, is
// in docs/compiler-effects.md.
//
//===----------------------------------------------------------------------===//
#include "CompilerEffects.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include <algorithm>
#include <optional>

namespace cal {

unsigned sharedCopyPieceBytes(unsigned Size, unsigned Align,
                              unsigned MaxAccess) {
  // A struct aligned to 8 keeps its 8-byte pieces (a {double, float} copy
  // is two STS.64, not one STS.128).
  if (Align != 4 || Size == 0)
    return Align;
  return std::min(Size & -Size, MaxAccess);
}

namespace {

std::optional<int64_t> constantOf(clang::ASTContext &Ctx,
                                  const clang::Expr *E) {
  clang::Expr::EvalResult R;
  if (!E || E->isValueDependent() || !E->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  return R.Val.getInt().getExtValue();
}

/// constantOf, or what a call returns whose callee is one `return` of such
/// a value (`rows()` returning a template's argument): a constant once
/// inlined, as the unroller sees it.
std::optional<int64_t> inlinedConstant(clang::ASTContext &Ctx,
                                       const clang::Expr *E,
                                       unsigned Depth = 0) {
  if (std::optional<int64_t> C = constantOf(Ctx, E))
    return C;
  const auto *CE =
      E ? llvm::dyn_cast<clang::CallExpr>(E->IgnoreParenImpCasts()) : nullptr;
  const clang::FunctionDecl *Def = nullptr;
  if (!CE || Depth >= 4 || !CE->getDirectCallee() ||
      !CE->getDirectCallee()->getBody(Def))
    return std::nullopt;
  const auto *Body =
      llvm::dyn_cast_or_null<clang::CompoundStmt>(Def->getBody());
  const auto *Ret = Body && Body->size() == 1
                        ? llvm::dyn_cast<clang::ReturnStmt>(Body->body_front())
                        : nullptr;
  return Ret ? inlinedConstant(Ctx, Ret->getRetValue(), Depth + 1)
             : std::nullopt;
}

bool isVar(const clang::Expr *E, const clang::VarDecl *V) {
  const auto *DRE =
      llvm::dyn_cast<clang::DeclRefExpr>(E->IgnoreParenImpCasts());
  return DRE && DRE->getDecl() == V;
}

/// The trip count of `for (int i = A; i OP B; i += C)` with A, B and C
/// constants (with \p Inlined, B may be an inlinedConstant); none for any
/// other shape.
std::optional<int64_t> constantTrips(clang::ASTContext &Ctx,
                                     const clang::ForStmt *For,
                                     bool Inlined = false) {
  const auto *DS = llvm::dyn_cast_or_null<clang::DeclStmt>(For->getInit());
  if (!DS || !DS->isSingleDecl())
    return std::nullopt;
  const auto *V = llvm::dyn_cast<clang::VarDecl>(DS->getSingleDecl());
  if (!V || !V->getType()->isIntegerType())
    return std::nullopt;
  std::optional<int64_t> Start = constantOf(Ctx, V->getInit());
  const auto *Cond =
      llvm::dyn_cast_or_null<clang::BinaryOperator>(For->getCond());
  if (!Start || !Cond || !isVar(Cond->getLHS(), V))
    return std::nullopt;
  std::optional<int64_t> Bound = Inlined ? inlinedConstant(Ctx, Cond->getRHS())
                                         : constantOf(Ctx, Cond->getRHS());
  std::optional<int64_t> Step;
  const clang::Expr *Inc = For->getInc();
  if (const auto *UO = llvm::dyn_cast_or_null<clang::UnaryOperator>(Inc)) {
    if (isVar(UO->getSubExpr(), V))
      Step = UO->isIncrementOp() ? 1 : -1;
  } else if (const auto *CA =
                 llvm::dyn_cast_or_null<clang::CompoundAssignOperator>(Inc)) {
    std::optional<int64_t> By = constantOf(Ctx, CA->getRHS());
    if (isVar(CA->getLHS(), V) && By &&
        (CA->getOpcode() == clang::BO_AddAssign ||
         CA->getOpcode() == clang::BO_SubAssign))
      Step = CA->getOpcode() == clang::BO_AddAssign ? *By : -*By;
  }
  if (!Bound || !Step || *Step == 0)
    return std::nullopt;
  int64_t Span;
  switch (Cond->getOpcode()) {
  case clang::BO_LT:
    Span = *Bound - *Start;
    break;
  case clang::BO_LE:
    Span = *Bound - *Start + 1;
    break;
  case clang::BO_GT:
    Span = *Start - *Bound;
    break;
  case clang::BO_GE:
    Span = *Start - *Bound + 1;
    break;
  default:
    return std::nullopt;
  }
  int64_t By = std::abs(*Step);
  bool Up =
      Cond->getOpcode() == clang::BO_LT || Cond->getOpcode() == clang::BO_LE;
  if (Span <= 0)
    return 0;
  if (Up != (*Step > 0))
    return std::nullopt;
  return (Span + By - 1) / By;
}

} // namespace

bool containsLoop(const clang::Stmt *S) {
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    bool Found = false;
    bool VisitStmt(clang::Stmt *S) {
      Found |= llvm::isa<clang::ForStmt, clang::WhileStmt, clang::DoStmt,
                         clang::CXXForRangeStmt>(S);
      return !Found;
    }
  } F;
  F.TraverseStmt(const_cast<clang::Stmt *>(S));
  return F.Found;
}

bool straightLineBody(const clang::Stmt *Loop) {
  const auto *For = llvm::dyn_cast<clang::ForStmt>(Loop);
  if (!For || !For->getBody())
    return false;
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    bool Found = false;
    bool VisitStmt(clang::Stmt *S) {
      const auto *BO = llvm::dyn_cast<clang::BinaryOperator>(S);
      Found |=
          llvm::isa<clang::IfStmt, clang::ConditionalOperator,
                    clang::SwitchStmt, clang::ForStmt, clang::WhileStmt,
                    clang::DoStmt, clang::CXXForRangeStmt, clang::BreakStmt,
                    clang::ContinueStmt, clang::ReturnStmt>(S) ||
          (BO && BO->isLogicalOp());
      return !Found;
    }
  } F;
  F.TraverseStmt(const_cast<clang::Stmt *>(For->getBody()));
  return !F.Found;
}

bool unrolledFully(clang::ASTContext &Ctx, const clang::Stmt *Loop,
                   const clang::AttributedStmt *Hint) {
  const auto *For = llvm::dyn_cast<clang::ForStmt>(Loop);
  if (!For)
    return false;
  std::optional<int64_t> Trips = constantTrips(Ctx, For);
  if (!Trips || *Trips < 2)
    return false;
  if (Hint)
    for (const clang::Attr *A : Hint->getAttrs()) {
      const auto *LH = llvm::dyn_cast<clang::LoopHintAttr>(A);
      if (!LH || (LH->getOption() != clang::LoopHintAttr::Unroll &&
                  LH->getOption() != clang::LoopHintAttr::UnrollCount))
        continue;
      if (LH->getState() == clang::LoopHintAttr::Disable)
        return false;
      if (LH->getOption() == clang::LoopHintAttr::UnrollCount) {
        std::optional<int64_t> N = constantOf(Ctx, LH->getValue());
        return N && *N >= *Trips;
      }
      return true; // `#pragma unroll`: fully, the trip count being known
    }
  return *Trips <= 16 && !containsLoop(For->getBody());
}

bool unrolledNest(clang::ASTContext &Ctx, const clang::Stmt *Loop,
                  const clang::AttributedStmt *Hint) {
  if (unrolledFully(Ctx, Loop, Hint))
    return true;
  const auto *For = llvm::dyn_cast<clang::ForStmt>(Loop);
  if (!For || !For->getBody())
    return false;
  std::optional<int64_t> Trips = constantTrips(Ctx, For, /*Inlined=*/true);
  if (!Trips)
    return false;
  if (Hint)
    for (const clang::Attr *A : Hint->getAttrs())
      if (const auto *LH = llvm::dyn_cast<clang::LoopHintAttr>(A);
          LH && LH->getState() == clang::LoopHintAttr::Disable)
        return false;
  // The iterations of the whole nest, every inner loop counted as if
  // nested in all the others (an upper bound for loops side by side).
  struct Nest : clang::RecursiveASTVisitor<Nest> {
    clang::ASTContext &Ctx;
    int64_t Iterations;
    explicit Nest(clang::ASTContext &Ctx, int64_t N)
        : Ctx(Ctx), Iterations(N) {}
    bool VisitStmt(clang::Stmt *S) {
      if (!llvm::isa<clang::ForStmt, clang::WhileStmt, clang::DoStmt,
                     clang::CXXForRangeStmt>(S))
        return true;
      const auto *F = llvm::dyn_cast<clang::ForStmt>(S);
      std::optional<int64_t> N =
          F ? constantTrips(Ctx, F, /*Inlined=*/true) : std::nullopt;
      Iterations = N ? Iterations * std::max<int64_t>(*N, 1) : INT64_MAX / 2;
      return Iterations <= 16;
    }
  } N(Ctx, std::max<int64_t>(*Trips, 1));
  N.TraverseStmt(const_cast<clang::Stmt *>(For->getBody()));
  return *Trips <= 1 || N.Iterations <= 16;
}

} // namespace cal
