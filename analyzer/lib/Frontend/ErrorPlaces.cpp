//===- ErrorPlaces.cpp - Which code a parse's errors touch ----------------===//
#include "ErrorPlaces.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace cal {

namespace {

/// The expansion range of a definition's text. An instantiation has its
/// pattern's text, where clang reports the instantiation's errors.
SourceRange textRange(const SourceManager &SM, SourceRange R) {
  return {SM.getExpansionLoc(R.getBegin()),
          SM.getExpansionRange(R.getEnd()).getEnd()};
}

bool within(const SourceManager &SM, SourceRange R, SourceLocation L) {
  return !SM.isBeforeInTranslationUnit(L, R.getBegin()) &&
         !SM.isBeforeInTranslationUnit(R.getEnd(), L);
}

bool isHostOnly(const FunctionDecl *FD) {
  // constexpr functions carry implicit host and device attributes in CUDA.
  return !FD->hasAttr<CUDADeviceAttr>() && !FD->hasAttr<CUDAGlobalAttr>();
}

struct Body {
  SourceRange Range;
  const FunctionDecl *FD;
};

/// Every function definition and lambda, template patterns included.
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
  /// What clang built in place of an expression it rejected: the rest of
  /// the function's AST is intact.
  bool VisitRecoveryExpr(RecoveryExpr *RE) {
    SourceRange E = textRange(SM, RE->getSourceRange());
    if (E.isValid())
      Recoveries.push_back(E);
    return true;
  }

  std::vector<Body> Bodies;
  std::vector<SourceRange> Recoveries;

private:
  void add(SourceRange R, const FunctionDecl *FD) {
    SourceRange E = textRange(SM, R);
    if (E.isValid())
      Bodies.push_back({E, FD});
  }
  const SourceManager &SM;
};

/// The functions a body calls or constructs with, host-only ones left out:
/// device code cannot run them.
class CalleeCollector : public RecursiveASTVisitor<CalleeCollector> {
public:
  bool VisitDeclRefExpr(DeclRefExpr *E) { return add(E->getDecl()); }
  bool VisitMemberExpr(MemberExpr *E) { return add(E->getMemberDecl()); }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    return add(E->getConstructor());
  }

  std::vector<const FunctionDecl *> Callees;

private:
  bool add(const Decl *D) {
    if (const auto *FD = dyn_cast_or_null<FunctionDecl>(D))
      if (const FunctionDecl *Def = FD->getDefinition())
        if (!isHostOnly(Def))
          Callees.push_back(Def);
    return true;
  }
};

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
  C.TraverseAST(Ctx);
  for (SourceLocation L : Errors) {
    if (L.isInvalid()) {
      P.OutsideFunctions = true;
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
      P.OutsideFunctions = true;
      continue;
    }
    bool Host = isHostOnly(In->FD);
    // An error in host code that clang replaced by a RecoveryExpr (a call
    // no overload fits, such as host `max(float, float)`, which nvcc
    // accepts) leaves the function's other statements as written; the
    // expression's value is unknown, and every variable it names counts as
    // possibly written (VarWrites). The function's launches stay usable.
    if (Host && llvm::any_of(C.Recoveries, [&](SourceRange R) {
          return within(SM, In->Range, R.getBegin()) && within(SM, R, L);
        })) {
      std::string Name = In->FD->getQualifiedNameAsString();
      if (!llvm::is_contained(P.RecoveredHostFunctionNames, Name))
        P.RecoveredHostFunctionNames.push_back(Name);
      continue;
    }
    if (!Host)
      P.DeviceErrors.push_back(L);
    if (llvm::is_contained(P.Functions, In->Range))
      continue;
    P.Functions.push_back(In->Range);
    if (Host)
      P.HostFunctionNames.push_back(In->FD->getQualifiedNameAsString());
  }
  return P;
}

std::optional<SourceLocation> errorReachedFrom(const FunctionDecl *Kernel,
                                               const ErrorPlaces &EP,
                                               const SourceManager &SM) {
  if (EP.DeviceErrors.empty() || !Kernel)
    return std::nullopt;
  llvm::SmallPtrSet<const FunctionDecl *, 32> Seen;
  std::vector<const FunctionDecl *> Work = {Kernel};
  while (!Work.empty()) {
    const FunctionDecl *FD = Work.back();
    Work.pop_back();
    if (!Seen.insert(FD).second)
      continue;
    // An instantiation whose body had an error may be left without one;
    // its pattern's text is where the error was reported.
    const FunctionDecl *Text = FD;
    if (!FD->hasBody())
      Text = FD->getTemplateInstantiationPattern();
    if (!Text)
      continue;
    SourceRange R = textRange(SM, Text->getSourceRange());
    for (SourceLocation L : EP.DeviceErrors)
      if (within(SM, R, L))
        return L;
    if (!FD->hasBody())
      continue;
    CalleeCollector CC;
    // The whole declaration: constructor initializers call functions too.
    CC.TraverseDecl(const_cast<FunctionDecl *>(FD));
    Work.insert(Work.end(), CC.Callees.begin(), CC.Callees.end());
  }
  return std::nullopt;
}

} // namespace cal
