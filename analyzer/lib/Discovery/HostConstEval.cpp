//===- HostConstEval.cpp - Constant values of host launch expressions -----===//
#include "HostConstEval.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace cal {

namespace {
/// Marks locals that are assigned, incremented, have their address taken or
/// are bound to a non-const reference anywhere in the function body: their
/// initializer is then not their value at the launch.
class WriteFinder : public RecursiveASTVisitor<WriteFinder> {
public:
  explicit WriteFinder(llvm::DenseMap<const VarDecl *, bool> &W) : W(W) {}
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp())
      mark(BO->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
      mark(UO->getSubExpr());
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *OC) {
    if (OC->isAssignmentOp() && OC->getNumArgs() > 0)
      mark(OC->getArg(0));
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    // Passing by non-const reference may write the variable.
    if (const FunctionDecl *FD = CE->getDirectCallee())
      for (unsigned I = 0; I < CE->getNumArgs() && I < FD->getNumParams(); ++I)
        if (QualType T = FD->getParamDecl(I)->getType();
            T->isReferenceType() && !T->getPointeeType().isConstQualified())
          mark(CE->getArg(I));
    return true;
  }

private:
  void mark(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    while (const auto *ME = dyn_cast<MemberExpr>(E))
      E = ME->getBase()->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        W[VD] = true;
  }
  llvm::DenseMap<const VarDecl *, bool> &W;
};

const Expr *skipWrappers(const Expr *E) {
  while (true) {
    E = E->IgnoreParenImpCasts();
    if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
      E = M->getSubExpr();
    else if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
      E = B->getSubExpr();
    else if (const auto *C = dyn_cast<ExprWithCleanups>(E))
      E = C->getSubExpr();
    else if (const auto *F = dyn_cast<CXXFunctionalCastExpr>(E))
      E = F->getSubExpr();
    else if (const auto *D = dyn_cast<CXXDefaultArgExpr>(E))
      E = D->getExpr();
    else
      return E;
  }
}
} // namespace

HostConstEval::HostConstEval(ASTContext &Ctx, const Stmt *FunctionBody)
    : Ctx(Ctx), Body(FunctionBody) {}

bool HostConstEval::isNeverWritten(const VarDecl *VD) {
  if (!Scanned && Body) {
    WriteFinder(Written).TraverseStmt(const_cast<Stmt *>(Body));
    Scanned = true;
  }
  // Only locals of this function are safe to follow; a global may be written
  // by any function.
  return VD->isLocalVarDecl() && !VD->getType()->isReferenceType() &&
         !Written.lookup(VD);
}

std::optional<int64_t> HostConstEval::evalInt(const Expr *E) {
  if (!E || E->isValueDependent() || ++Depth > 64) {
    --Depth;
    return std::nullopt;
  }
  struct Guard {
    unsigned &D;
    ~Guard() { --D; }
  } G{Depth};
  E = skipWrappers(E);
  Expr::EvalResult R;
  if (E->getType()->isIntegralOrEnumerationType() && E->EvaluateAsInt(R, Ctx))
    return R.Val.getInt().getExtValue();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (VD && VD->getInit() && isNeverWritten(VD))
      return evalInt(VD->getInit());
    return std::nullopt;
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    // block.x of a followed dim3.
    if (std::optional<Dim3> D = evalDim3(ME->getBase())) {
      StringRef N = ME->getMemberDecl()->getName();
      if (N == "x")
        return (*D)[0];
      if (N == "y")
        return (*D)[1];
      if (N == "z")
        return (*D)[2];
    }
    return std::nullopt;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    auto L = evalInt(BO->getLHS()), Rv = evalInt(BO->getRHS());
    if (!L || !Rv)
      return std::nullopt;
    // Host launch arithmetic is on small positive sizes: plain 64-bit
    // arithmetic with the division guard is exact for it.
    switch (BO->getOpcode()) {
    case BO_Add:
      return *L + *Rv;
    case BO_Sub:
      return *L - *Rv;
    case BO_Mul:
      return *L * *Rv;
    case BO_Div:
      return *Rv ? std::optional<int64_t>(*L / *Rv) : std::nullopt;
    case BO_Rem:
      return *Rv ? std::optional<int64_t>(*L % *Rv) : std::nullopt;
    case BO_Shl:
      return *Rv >= 0 && *Rv < 63 ? std::optional<int64_t>(*L << *Rv)
                                  : std::nullopt;
    case BO_Shr:
      return *Rv >= 0 && *Rv < 63 ? std::optional<int64_t>(*L >> *Rv)
                                  : std::nullopt;
    default:
      return std::nullopt;
    }
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_Minus)
      if (auto V = evalInt(UO->getSubExpr()))
        return -*V;
    return std::nullopt;
  }
  if (const auto *CE = dyn_cast<ExplicitCastExpr>(E))
    return evalInt(CE->getSubExpr());
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    auto C = evalInt(CO->getCond());
    if (!C)
      return std::nullopt;
    return evalInt(*C ? CO->getTrueExpr() : CO->getFalseExpr());
  }
  return std::nullopt;
}

std::optional<Dim3> HostConstEval::evalDim3(const Expr *E) {
  if (!E || E->isValueDependent() || Depth > 64)
    return std::nullopt;
  ++Depth;
  struct Guard {
    unsigned &D;
    ~Guard() { --D; }
  } G{Depth};
  E = skipWrappers(E);
  if (E->getType()->isIntegralOrEnumerationType()) {
    if (auto V = evalInt(E))
      return Dim3{uint64_t(*V), 1, 1};
    return std::nullopt;
  }
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E)) {
    // Copy/move construction from another dim3.
    if (CE->getNumArgs() == 1 &&
        !CE->getArg(0)->getType()->isIntegralOrEnumerationType())
      return evalDim3(CE->getArg(0));
    Dim3 D = {1, 1, 1};
    for (unsigned I = 0; I < CE->getNumArgs() && I < 3; ++I) {
      auto V = evalInt(CE->getArg(I));
      if (!V)
        return std::nullopt;
      D[I] = uint64_t(*V);
    }
    return D;
  }
  if (const auto *IL = dyn_cast<InitListExpr>(E)) {
    Dim3 D = {1, 1, 1};
    for (unsigned I = 0; I < IL->getNumInits() && I < 3; ++I) {
      auto V = evalInt(IL->getInit(I));
      if (!V)
        return std::nullopt;
      D[I] = uint64_t(*V);
    }
    return D;
  }
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
    if (VD && VD->getInit() &&
        (VD->getType().isConstQualified() || VD->isConstexpr() ||
         isNeverWritten(VD)))
      return evalDim3(VD->getInit());
  }
  return std::nullopt;
}

} // namespace cal
