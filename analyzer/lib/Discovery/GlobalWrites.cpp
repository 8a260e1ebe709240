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

/// The constant subscripts and the member path of lvalue \p E rooted at a
/// global (`g[1][0].x`: {1, 0}, "x"); false where a subscript is not
/// constant or a member sits between subscripts.
bool elementOf(const ASTContext &Ctx, const Expr *E,
               std::vector<int64_t> &Index, std::string &Path) {
  while (true) {
    E = E->IgnoreParenImpCasts();
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (!Index.empty())
        return false;
      std::string N = ME->getMemberDecl()->getNameAsString();
      Path = Path.empty() ? N : N + "." + Path;
      E = ME->getBase();
    } else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
      Expr::EvalResult R;
      if (!AS->getIdx()->EvaluateAsInt(R, Ctx))
        return false;
      Index.insert(Index.begin(), R.Val.getInt().getExtValue());
      E = AS->getBase();
    } else {
      return isa<DeclRefExpr>(E);
    }
  }
}

class WriteFinder : public RecursiveASTVisitor<WriteFinder> {
public:
  explicit WriteFinder(const ASTContext &Ctx) : Ctx(Ctx) {}
  llvm::DenseSet<const VarDecl *> Written;
  llvm::DenseMap<const VarDecl *, std::vector<GlobalWrite>> Writes;
  /// Direct calls of each function (InitFunctionWrites.cpp's "called once").
  llvm::DenseMap<const FunctionDecl *, unsigned> Calls;

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitImplicitCode() const { return true; }

  bool TraverseDecl(Decl *D) {
    const auto *F = dyn_cast_or_null<FunctionDecl>(D);
    if (!F || !F->doesThisDeclarationHaveABody())
      return RecursiveASTVisitor::TraverseDecl(D);
    const FunctionDecl *SavedF = Fn;
    llvm::DenseSet<const Stmt *> Saved = std::move(TopLevel);
    Fn = F;
    TopLevel.clear();
    if (const auto *CS = dyn_cast<CompoundStmt>(F->getBody()))
      for (const Stmt *S : CS->body())
        if (const auto *E = dyn_cast<Expr>(S))
          TopLevel.insert(E->IgnoreImplicit());
    bool R = RecursiveASTVisitor::TraverseDecl(D);
    Fn = SavedF;
    TopLevel = std::move(Saved);
    return R;
  }

  /// A write of lvalue \p E; \p Value is the right-hand side of the plain
  /// assignment \p Whole, when it is one.
  void mark(const Expr *E, const Expr *Value = nullptr,
            const Expr *Whole = nullptr) {
    const VarDecl *VD = rootGlobal(E);
    if (!VD)
      return;
    Written.insert(VD->getCanonicalDecl());
    GlobalWrite G;
    G.In = Fn;
    if (Value && Whole && TopLevel.count(Whole) &&
        elementOf(Ctx, E, G.Index, G.Path))
      G.Assign = Value;
    Writes[VD->getCanonicalDecl()].push_back(std::move(G));
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->getOpcode() == BO_Assign)
      mark(B->getLHS(), B->getRHS(), B);
    else if (B->isAssignmentOp())
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
    if (C->getNumArgs() == 2 && C->getOperator() == OO_Equal)
      mark(C->getArg(0), C->getArg(1), C);
    else if (C->getNumArgs() > 0 && C->isAssignmentOp())
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
    if (F)
      ++Calls[F->getCanonicalDecl()];
    // A member operator's first argument is its object: a non-const one
    // may write it (an assignment is VisitCXXOperatorCallExpr's); the
    // parameters take the arguments after it.
    unsigned Shift = 0;
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(C))
      if (const auto *M = dyn_cast_or_null<CXXMethodDecl>(F)) {
        Shift = 1;
        if (!M->isConst() && !Op->isAssignmentOp() && C->getNumArgs() > 0)
          mark(C->getArg(0));
      }
    for (unsigned I = Shift; I < C->getNumArgs(); ++I) {
      const Expr *A = C->getArg(I)->IgnoreParens();
      // A value passed by value is read (`printf("%d", threads)`); only an
      // lvalue bound to a reference, or an array that decays to a
      // pointer, hands the callee the variable itself.
      const auto *Cast = dyn_cast<ImplicitCastExpr>(A);
      bool Decays = Cast && Cast->getCastKind() == CK_ArrayToPointerDecay;
      if (!A->isGLValue() && !Decays)
        continue;
      QualType P = F && I - Shift < F->getNumParams()
                       ? F->getParamDecl(I - Shift)->getType()
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
            VD && VD->hasGlobalStorage()) {
          Written.insert(VD->getCanonicalDecl());
          Writes[VD->getCanonicalDecl()].push_back({Fn, nullptr, {}, ""});
        }
    return true;
  }

private:
  const ASTContext &Ctx;
  const FunctionDecl *Fn = nullptr;
  /// The expressions that are statements of Fn's body.
  llvm::DenseSet<const Stmt *> TopLevel;
};

} // namespace

void HostEvalSession::scanGlobalWrites() {
  if (GlobalWrites)
    return;
  WriteFinder W(Ctx);
  W.TraverseAST(Ctx);
  GlobalWrites = std::move(W.Written);
  WritesOf = std::move(W.Writes);
  CallCounts = std::move(W.Calls);
}

unsigned HostEvalSession::callsOf(const FunctionDecl *F) {
  scanGlobalWrites();
  return CallCounts.lookup(F->getCanonicalDecl());
}

bool HostEvalSession::writtenInUnit(const VarDecl *VD) {
  scanGlobalWrites();
  return GlobalWrites->count(VD->getCanonicalDecl());
}

ArrayRef<GlobalWrite> HostEvalSession::globalWrites(const VarDecl *VD) {
  scanGlobalWrites();
  auto It = WritesOf.find(VD->getCanonicalDecl());
  if (It == WritesOf.end())
    return {};
  return It->second;
}

} // namespace cal
