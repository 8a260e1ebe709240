//===- InitFunctionWrites.cpp - Globals set up by one init function -------===//
//
// `dim3 grid[3][2], block[3][2];` at file scope, filled by one function that
// main calls before the code that launches (`setParameters(); runTest(0);`):
// the launch reads what that function stored. The rule holds only where
// the order is certain:
//   - every write of the global in the unit is a plain assignment that is a
//     statement of one function W's body (not under a test or a loop), to
//     the variable, a member, or an element with constant subscripts;
//   - W is called exactly once in the unit, as a statement of main's body;
//   - the launch's chain of calls starts in main at a later statement of
//     its body.
// The value is the last such assignment to the element and member read,
// evaluated from constants and constant globals (W's locals are not kept).
//
//===----------------------------------------------------------------------===//
#include "HostConstEval.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace cal {
namespace {

/// Whether \p W may return before its last statement (then a statement of
/// its body need not run).
bool returnsEarly(const FunctionDecl *W) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const Stmt *Last = nullptr;
    bool Found = false;
    bool VisitReturnStmt(ReturnStmt *R) {
      Found |= R != Last;
      return true;
    }
  } F;
  const auto *Body = dyn_cast<CompoundStmt>(W->getBody());
  if (!Body)
    return true;
  F.Last = Body->body_empty() ? nullptr : Body->body_back();
  F.TraverseStmt(const_cast<CompoundStmt *>(Body));
  return F.Found;
}

/// The top-level statement of \p Body that holds \p S, or null.
const Stmt *topLevel(const CompoundStmt *Body, const Stmt *S,
                     const SourceManager &SM) {
  for (const Stmt *Child : Body->body())
    if (stmtWithin(SM, S, Child))
      return Child;
  return nullptr;
}

} // namespace

std::optional<InitWrite> HostEvalSession::initWrite(const VarDecl *VD,
                                                    ArrayRef<int64_t> Index,
                                                    StringRef Path) {
  const FunctionDecl *W = nullptr;
  for (const GlobalWrite &G : globalWrites(VD)) {
    if (!G.Assign || (W && W != G.In))
      return std::nullopt;
    W = G.In;
  }
  if (!W || W->isMain() || !W->getBody() || callsOf(W) != 1 || returnsEarly(W))
    return std::nullopt;
  // main calls W as a statement of its body, before the launch's chain.
  const CallFrame *Root = LaunchFrame;
  const Stmt *Entry = LaunchPoint;
  while (Root && Root->Parent) {
    Entry = Root->Site;
    Root = Root->Parent;
  }
  if (!Root || !Root->F->isMain() || Root->Site || !Entry)
    return std::nullopt;
  const auto *Main = dyn_cast_or_null<CompoundStmt>(Root->F->getBody());
  const SourceManager &SM = Ctx.getSourceManager();
  const Stmt *Launching = Main ? topLevel(Main, Entry, SM) : nullptr;
  if (!Launching)
    return std::nullopt;
  bool CalledBefore = false;
  for (const Stmt *Child : Main->body()) {
    if (Child == Launching)
      break;
    const auto *C = dyn_cast<CallExpr>(Child);
    CalledBefore |= C && C->getDirectCallee() &&
                    C->getDirectCallee()->getCanonicalDecl() ==
                        W->getCanonicalDecl();
  }
  if (!CalledBefore)
    return std::nullopt;
  // The last assignment of W to the element read: its value, and what
  // remains of the member path inside it.
  std::optional<InitWrite> Found;
  for (const GlobalWrite &G : globalWrites(VD)) {
    if (ArrayRef<int64_t>(G.Index) != Index)
      continue;
    StringRef Rest = Path;
    if (!G.Path.empty()) {
      if (Path != G.Path && !Path.starts_with(G.Path + "."))
        continue;
      Rest = Path.drop_front(std::min(Path.size(), G.Path.size() + 1));
    }
    Found = InitWrite{G.Assign, Rest.str(), W};
  }
  return Found;
}

} // namespace cal
