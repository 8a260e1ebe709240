//===- GlobalWrites.cpp - Globals that nothing in the unit writes ---------===//
//
// `dim3 blockSize(16, 16);` at file scope, read by a launch and written
// nowhere, is the program's block. Another translation unit could still
// write a global of external linkage, so a launch that takes such a value
// says so (LaunchSites.cpp). Here: the globals that this unit may write.
// A use is a write unless it only reads: any assignment or increment whose
// target is rooted at the variable (through members, subscripts and
// parentheses), its address taken, a non-const reference bound to it (an
// argument too) or an array of it passed as a pointer to non-const, a call
// of one of its non-const methods, or a capture by reference.
//
//===----------------------------------------------------------------------===//
#include "HostConstEval.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace cal {
namespace {

/// The global variable an lvalue is part of: `g`, `g.x`, `g.a[i]`.
const VarDecl *rootGlobal(const Expr *E) {
  while (E) {
    E = E->IgnoreParenCasts();
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (ME->isArrow())
        return nullptr;
      E = ME->getBase();
      continue;
    }
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
      E = AS->getBase();
      continue;
    }
    break;
  }
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E);
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  return VD && VD->hasGlobalStorage() && !VD->isLocalVarDecl() ? VD : nullptr;
}

class WriteFinder : public RecursiveASTVisitor<WriteFinder> {
public:
  llvm::DenseSet<const VarDecl *> Written;

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  void mark(const Expr *E) {
    if (const VarDecl *VD = rootGlobal(E))
      Written.insert(VD->getCanonicalDecl());
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      mark(B->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)
      mark(U->getSubExpr());
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) {
    // `g = dim3(...)`, `g += ...`, or any operator whose first operand
    // binds to a non-const reference.
    if (C->getNumArgs() > 0 && C->isAssignmentOp())
      mark(C->getArg(0));
    return true;
  }
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *C) {
    if (const CXXMethodDecl *M = C->getMethodDecl(); M && !M->isConst())
      mark(C->getImplicitObjectArgument());
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *F = C->getDirectCallee();
    for (unsigned I = 0; I < C->getNumArgs(); ++I) {
      const Expr *A = C->getArg(I)->IgnoreParens();
      // A value passed by value is read (`printf("%d", threads)`); only an
      // lvalue bound to a reference, or an array that decays to a
      // pointer, hands the callee the variable itself.
      const auto *Cast = dyn_cast<ImplicitCastExpr>(A);
      bool Decays = Cast && Cast->getCastKind() == CK_ArrayToPointerDecay;
      if (!A->isGLValue() && !Decays)
        continue;
      QualType P = F && I < F->getNumParams() ? F->getParamDecl(I)->getType()
                                              : QualType();
      // Not a const reference or a pointer to const, or a callee whose
      // parameter is not known (variadic, or called through a pointer).
      if (P.isNull() || !(P->isReferenceType() || P->isPointerType()) ||
          !P->getPointeeType().isConstQualified())
        mark(C->getArg(I));
    }
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *C) {
    const CXXConstructorDecl *K = C->getConstructor();
    for (unsigned I = 0; I < C->getNumArgs(); ++I) {
      QualType P =
          I < K->getNumParams() ? K->getParamDecl(I)->getType() : QualType();
      if (!P.isNull() && P->isReferenceType() &&
          !P->getPointeeType().isConstQualified())
        mark(C->getArg(I));
    }
    return true;
  }
  bool VisitVarDecl(VarDecl *V) {
    // `dim3 &r = g;` (a const reference only reads).
    QualType T = V->getType();
    if (T->isReferenceType() && !T->getPointeeType().isConstQualified() &&
        V->getInit())
      mark(V->getInit());
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *L) {
    for (const LambdaCapture &C : L->captures())
      if (C.capturesVariable() && C.getCaptureKind() == LCK_ByRef)
        if (const auto *VD = dyn_cast<VarDecl>(C.getCapturedVar());
            VD && VD->hasGlobalStorage())
          Written.insert(VD->getCanonicalDecl());
    return true;
  }
};

} // namespace

bool HostEvalSession::writtenInUnit(const VarDecl *VD) {
  if (!GlobalWrites) {
    WriteFinder W;
    W.TraverseAST(Ctx);
    GlobalWrites = std::move(W.Written);
  }
  return GlobalWrites->count(VD->getCanonicalDecl());
}

} // namespace cal
