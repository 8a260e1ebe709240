//===- CallSiteIndex.cpp - Where host functions are called ----------------===//
#include "LaunchSites.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace cal {

class CallSiteCollector : public EnclosingFunctionVisitor<CallSiteCollector> {
public:
  explicit CallSiteCollector(CallSiteIndex &I) : I(I) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitDeclRefExpr(DeclRefExpr *DRE) {
    if (const auto *FD = dyn_cast<FunctionDecl>(DRE->getDecl()))
      ++I.Refs[FD->getCanonicalDecl()];
    return true;
  }
  bool VisitMemberExpr(MemberExpr *ME) {
    if (const auto *FD = dyn_cast<FunctionDecl>(ME->getMemberDecl()))
      ++I.Refs[FD->getCanonicalDecl()];
    return true;
  }
  bool VisitCallExpr(CallExpr *CE) {
    const Expr *Callee = CE->getCallee()->IgnoreParenImpCasts();
    const Decl *D = nullptr;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Callee))
      D = DRE->getDecl();
    else if (const auto *ME = dyn_cast<MemberExpr>(Callee))
      D = ME->getMemberDecl();
    const auto *FD = dyn_cast_or_null<FunctionDecl>(D);
    bool Counted = !Enclosing.empty() &&
                   !Enclosing.back()->isDependentContext() &&
                   !CE->isValueDependent();
    if (!FD) {
      // Through a pointer (`pfnReduce(out, in, n, blocks, threads)`): kept
      // by the type it calls.
      QualType T = Callee->getType();
      if (const auto *PT = T->getAs<PointerType>())
        T = PT->getPointeeType();
      if (Counted && T->isFunctionProtoType() && !isa<CXXMemberCallExpr>(CE))
        I.IndirectCalls[T->getCanonicalTypeInternal().getTypePtr()].push_back(
            {CE, Enclosing.back(), /*Indirect=*/true});
      return true;
    }
    FD = FD->getCanonicalDecl();
    ++I.CalleeRefs[FD];
    // A call in an uninstantiated template is counted in its instances.
    if (Counted)
      I.Calls[FD].push_back({CE, Enclosing.back()});
    return true;
  }

private:
  CallSiteIndex &I;
};

CallSiteIndex::CallSiteIndex(ASTContext &Ctx) {
  CallSiteCollector(*this).TraverseAST(Ctx);
}

std::optional<std::vector<CallSiteIndex::Site>>
CallSiteIndex::callsOf(const FunctionDecl *F, bool *Partial) const {
  F = F->getCanonicalDecl();
  // The program's entry, a virtual method and a function whose address is
  // taken have callers this index cannot see.
  if (F->isMain())
    return std::nullopt;
  if (const auto *MD = dyn_cast<CXXMethodDecl>(F); MD && MD->isVirtual())
    return std::nullopt;
  bool Escapes = Refs.lookup(F) != CalleeRefs.lookup(F);
  if (Partial)
    *Partial = Escapes;
  if (Escapes && !Partial)
    return std::nullopt;
  std::vector<Site> Out = Calls.lookup(F);
  if (Escapes && !isa<CXXMethodDecl>(F))
    llvm::append_range(
        Out, IndirectCalls.lookup(
                 F->getType()->getCanonicalTypeInternal().getTypePtr()));
  return Out;
}

} // namespace cal
