//===- CompilerEffects.cpp - What the CUDA compiler does to branches ------===//
#include "CompilerEffects.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include <string>
#include <vector>

namespace cal {

namespace {

/// Collects the memory accesses of an arm, as written, and what would
/// prevent treating the arm as straight-line code.
class ArmScan : public clang::RecursiveASTVisitor<ArmScan> {
public:
  explicit ArmScan(const clang::ASTContext &Ctx) : Ctx(Ctx) {}
  std::vector<std::string> Accesses;
  unsigned Nodes = 0;
  bool ControlFlow = false; ///< loops, nested branches, calls, exits
  bool WritesLocals = false;

  bool VisitStmt(clang::Stmt *S) {
    ++Nodes;
    if (llvm::isa<clang::ForStmt>(S) || llvm::isa<clang::WhileStmt>(S) ||
        llvm::isa<clang::DoStmt>(S) || llvm::isa<clang::IfStmt>(S) ||
        llvm::isa<clang::SwitchStmt>(S) || llvm::isa<clang::ReturnStmt>(S) ||
        llvm::isa<clang::BreakStmt>(S) || llvm::isa<clang::ContinueStmt>(S) ||
        llvm::isa<clang::GotoStmt>(S) ||
        llvm::isa<clang::ConditionalOperator>(S))
      ControlFlow = true;
    if (const auto *CE = llvm::dyn_cast<clang::CallExpr>(S))
      // Struct copy-assignment is a call in the AST but plain moves in SASS.
      if (!llvm::isa<clang::CXXOperatorCallExpr>(CE))
        ControlFlow = true;
    if (llvm::isa<clang::DeclStmt>(S))
      WritesLocals = true;
    if (const auto *BO = llvm::dyn_cast<clang::BinaryOperator>(S))
      if (BO->isAssignmentOp() && isLocal(BO->getLHS()))
        WritesLocals = true;
    if (const auto *UO = llvm::dyn_cast<clang::UnaryOperator>(S))
      if (UO->isIncrementDecrementOp() && isLocal(UO->getSubExpr()))
        WritesLocals = true;
    return true;
  }
  bool VisitArraySubscriptExpr(clang::ArraySubscriptExpr *E) {
    record(E);
    return true;
  }
  bool VisitUnaryOperator(clang::UnaryOperator *U) {
    if (U->getOpcode() == clang::UO_Deref)
      record(U);
    return true;
  }

private:
  static bool isLocal(const clang::Expr *E) {
    return llvm::isa<clang::DeclRefExpr>(E->IgnoreParenImpCasts());
  }
  void record(const clang::Expr *E) {
    const clang::SourceManager &SM = Ctx.getSourceManager();
    clang::CharSourceRange R = clang::Lexer::makeFileCharRange(
        clang::CharSourceRange::getTokenRange(E->getSourceRange()), SM,
        Ctx.getLangOpts());
    std::string T =
        R.isValid()
            ? clang::Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str()
            : "?";
    T.erase(std::remove_if(T.begin(), T.end(), ::isspace), T.end());
    Accesses.push_back(std::move(T));
  }
  const clang::ASTContext &Ctx;
};

ArmScan scan(const clang::ASTContext &Ctx, const clang::Stmt *S) {
  ArmScan A(Ctx);
  if (S)
    A.TraverseStmt(const_cast<clang::Stmt *>(S));
  return A;
}

} // namespace

bool armsMergeAccesses(const clang::ASTContext &Ctx, const clang::IfStmt *If) {
  if (!If->getElse())
    return false;
  ArmScan T = scan(Ctx, If->getThen()), E = scan(Ctx, If->getElse());
  return !T.ControlFlow && !E.ControlFlow && !T.WritesLocals &&
         !E.WritesLocals && !T.Accesses.empty() && T.Accesses == E.Accesses;
}

bool likelyPredicated(const clang::ASTContext &Ctx, const clang::IfStmt *If) {
  if (armsMergeAccesses(Ctx, If))
    return true;
  ArmScan T = scan(Ctx, If->getThen()), E = scan(Ctx, If->getElse());
  // A few dozen AST nodes is a handful of instructions per arm.
  return !T.ControlFlow && !E.ControlFlow && T.Nodes + E.Nodes <= 40;
}

} // namespace cal
