//===- ErrorPlaces.cpp - Which functions hold a parse's errors ------------===//
#include "ErrorPlaces.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace cal {

namespace {

struct Body {
  SourceRange Range; ///< expansion range of the whole definition
  const FunctionDecl *FD;
};

/// Every function definition and lambda, template patterns included (an
/// error in an instantiation is reported at the pattern's text).
class BodyCollector : public RecursiveASTVisitor<BodyCollector> {
public:
  explicit BodyCollector(const SourceManager &SM) : SM(SM) {}

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->doesThisDeclarationHaveABody())
      add(FD->getSourceRange(), FD);
    return true;
  }
  bool VisitLambdaExpr(LambdaExpr *LE) {
    add(LE->getSourceRange(), LE->getCallOperator());
    return true;
  }

  std::vector<Body> Bodies;

private:
  void add(SourceRange R, const FunctionDecl *FD) {
    SourceRange E(SM.getExpansionLoc(R.getBegin()),
                  SM.getExpansionRange(R.getEnd()).getEnd());
    if (E.isValid())
      Bodies.push_back({E, FD});
  }
  const SourceManager &SM;
};

bool within(const SourceManager &SM, SourceRange R, SourceLocation L) {
  return !SM.isBeforeInTranslationUnit(L, R.getBegin()) &&
         !SM.isBeforeInTranslationUnit(R.getEnd(), L);
}

bool isHostOnly(const FunctionDecl *FD) {
  // constexpr functions carry implicit host and device attributes in CUDA.
  return !FD->hasAttr<CUDADeviceAttr>() && !FD->hasAttr<CUDAGlobalAttr>();
}

} // namespace

bool ErrorPlaces::contains(const SourceManager &SM, SourceLocation L) const {
  L = SM.getExpansionLoc(L);
  for (SourceRange R : Functions)
    if (within(SM, R, L))
      return true;
  return false;
}

ErrorPlaces locateErrors(ASTContext &Ctx,
                         llvm::ArrayRef<SourceLocation> Errors) {
  ErrorPlaces P;
  if (Errors.empty())
    return P;
  const SourceManager &SM = Ctx.getSourceManager();
  BodyCollector C(SM);
  C.TraverseDecl(Ctx.getTranslationUnitDecl());
  for (SourceLocation L : Errors) {
    if (L.isInvalid()) {
      P.OnlyInHostCode = false;
      continue;
    }
    L = SM.getExpansionLoc(L);
    // The innermost body holding the error: a lambda inside a host function
    // may be a __device__ lambda.
    const Body *In = nullptr;
    for (const Body &B : C.Bodies)
      if (within(SM, B.Range, L) &&
          (!In || SM.isBeforeInTranslationUnit(In->Range.getBegin(),
                                               B.Range.getBegin())))
        In = &B;
    if (!In) {
      P.OnlyInHostCode = false; // a declaration, a header's top level...
      continue;
    }
    if (!isHostOnly(In->FD))
      P.OnlyInHostCode = false;
    if (llvm::is_contained(P.Functions, In->Range))
      continue;
    P.Functions.push_back(In->Range);
    P.Names.push_back(In->FD->getQualifiedNameAsString());
  }
  return P;
}

} // namespace cal
