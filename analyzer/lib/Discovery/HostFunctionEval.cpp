//===- HostFunctionEval.cpp - Integer helpers run on known arguments ------===//
//
// Launch sizes often pass through a small helper before the launch:
// llm.c's `block_size = largestPowerOfTwoLessOrEqual(block_size)`, a
// `while ((n & (n - 1)) > 0) n &= n - 1;` loop. A helper whose body is one
// `return` is folded as an expression (HostConstEval::evalCall); this file
// runs the others statement by statement when they only compute on integer
// locals and parameters. Anything else (memory, floating point, a call
// with effects, an `assert`) gives up: the value stays unknown, never
// guessed.
//
//===----------------------------------------------------------------------===//
#include "HostConstEval.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"

using namespace clang;

namespace cal {

namespace {

/// Statements run per call, loops included; a helper that sizes a launch
/// runs a few dozen.
constexpr unsigned MaxSteps = 1u << 16;
/// Helpers calling helpers.
constexpr unsigned MaxDepth = 4;

class IntegerRunner {
public:
  IntegerRunner(ASTContext &Ctx, unsigned Depth) : Ctx(Ctx), Depth(Depth) {}

  std::optional<int64_t> run(const FunctionDecl *F,
                             ArrayRef<std::optional<int64_t>> Args) {
    const FunctionDecl *Def = nullptr;
    if (Depth > MaxDepth || !F->hasBody(Def) || isa<CXXMethodDecl>(Def) ||
        Def->getNumParams() != Args.size() ||
        !Def->getReturnType()->isIntegralOrEnumerationType())
      return std::nullopt;
    for (unsigned I = 0; I < Args.size(); ++I) {
      // A pointer parameter has no value: reading it fails the run
      // (checkCmdLineFlag(argc, argv, "kernel") never reads argv when
      // argc is 1).
      const ParmVarDecl *P = Def->getParamDecl(I);
      if (P->getType()->isPointerType() && !Args[I])
        continue;
      if (!P->getType()->isIntegralOrEnumerationType() || !Args[I])
        return std::nullopt;
      Vars[P] = *Args[I];
    }
    if (exec(Def->getBody()) != Flow::Return)
      return std::nullopt;
    return Result;
  }

private:
  enum class Flow { Next, Return, Break, Continue, Fail };

  Flow exec(const Stmt *S) {
    if (!S || ++Steps > MaxSteps)
      return Flow::Fail;
    if (const auto *C = dyn_cast<CompoundStmt>(S)) {
      for (const Stmt *B : C->body())
        if (Flow F = exec(B); F != Flow::Next)
          return F;
      return Flow::Next;
    }
    if (isa<NullStmt>(S))
      return Flow::Next;
    if (const auto *D = dyn_cast<DeclStmt>(S)) {
      for (const Decl *X : D->decls()) {
        const auto *V = dyn_cast<VarDecl>(X);
        if (!V || !V->getType()->isIntegralOrEnumerationType() ||
            !V->hasLocalStorage() || !V->getInit())
          return Flow::Fail;
        std::optional<int64_t> I = eval(V->getInit());
        if (!I)
          return Flow::Fail;
        Vars[V] = *I;
      }
      return Flow::Next;
    }
    if (const auto *R = dyn_cast<ReturnStmt>(S)) {
      std::optional<int64_t> V =
          R->getRetValue() ? eval(R->getRetValue()) : std::nullopt;
      if (!V)
        return Flow::Fail;
      Result = *V;
      return Flow::Return;
    }
    if (isa<BreakStmt>(S))
      return Flow::Break;
    if (isa<ContinueStmt>(S))
      return Flow::Continue;
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      if (If->getInit() || If->getConditionVariable() || If->isConsteval())
        return Flow::Fail;
      std::optional<int64_t> C = eval(If->getCond());
      if (!C)
        return Flow::Fail;
      const Stmt *Arm = *C ? If->getThen() : If->getElse();
      return Arm ? exec(Arm) : Flow::Next;
    }
    if (const auto *W = dyn_cast<WhileStmt>(S))
      return loop(nullptr, W->getCond(), nullptr, W->getBody(), false);
    if (const auto *D = dyn_cast<DoStmt>(S))
      return loop(nullptr, D->getCond(), nullptr, D->getBody(), true);
    if (const auto *For = dyn_cast<ForStmt>(S))
      return loop(For->getInit(), For->getCond(), For->getInc(), For->getBody(),
                  false);
    if (const auto *E = dyn_cast<Expr>(S))
      return eval(E) ? Flow::Next : Flow::Fail;
    return Flow::Fail;
  }

  Flow loop(const Stmt *Init, const Expr *Cond, const Expr *Inc,
            const Stmt *Body, bool BodyFirst) {
    if (Init && exec(Init) != Flow::Next)
      return Flow::Fail;
    for (bool First = true;; First = false) {
      if (!(BodyFirst && First) && Cond) {
        std::optional<int64_t> C = eval(Cond);
        if (!C)
          return Flow::Fail;
        if (!*C)
          return Flow::Next;
      }
      Flow F = exec(Body);
      if (F == Flow::Break)
        return Flow::Next;
      if (F == Flow::Return || F == Flow::Fail)
        return F;
      if (Inc && !eval(Inc))
        return Flow::Fail;
      if (++Steps > MaxSteps)
        return Flow::Fail;
    }
  }

  /// A local or parameter of the function being run.
  const VarDecl *local(const Expr *E) {
    const VarDecl *V = namedVar(E);
    return V && Vars.count(V) ? V : nullptr;
  }

  std::optional<int64_t> eval(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        if (auto It = Vars.find(V); It != Vars.end())
          return It->second;
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      if (BO->isAssignmentOp()) {
        const VarDecl *V = local(BO->getLHS());
        std::optional<int64_t> R = eval(BO->getRHS());
        if (!V || !R)
          return std::nullopt;
        if (BO->isCompoundAssignmentOp()) {
          R = foldIntBinary(
              BinaryOperator::getOpForCompoundAssignment(BO->getOpcode()),
              Vars[V], *R);
          if (!R)
            return std::nullopt;
        }
        return Vars[V] = *R;
      }
      return evalIntBinary(BO, [&](const Expr *X) { return eval(X); });
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      if (UO->isIncrementDecrementOp()) {
        const VarDecl *V = local(UO->getSubExpr());
        if (!V)
          return std::nullopt;
        int64_t Old = Vars[V];
        Vars[V] = UO->isIncrementOp() ? Old + 1 : Old - 1;
        return UO->isPrefix() ? Vars[V] : Old;
      }
      std::optional<int64_t> V = eval(UO->getSubExpr());
      return V ? foldIntUnary(UO->getOpcode(), *V) : std::nullopt;
    }
    if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
      std::optional<int64_t> C = eval(CO->getCond());
      if (!C)
        return std::nullopt;
      return eval(*C ? CO->getTrueExpr() : CO->getFalseExpr());
    }
    if (const auto *CE = dyn_cast<ExplicitCastExpr>(E))
      return CE->getType()->isIntegralOrEnumerationType()
                 ? eval(CE->getSubExpr())
                 : std::nullopt;
    if (const auto *Call = dyn_cast<CallExpr>(E)) {
      const FunctionDecl *F = Call->getDirectCallee();
      if (!F)
        return std::nullopt;
      std::optional<std::vector<std::optional<int64_t>>> Args =
          evalIntArgs(Call, [&](const Expr *A) { return eval(A); });
      return Args ? runIntegerFunction(Ctx, F, *Args, Depth + 1) : std::nullopt;
    }
    // Literals, enumerators, sizeof, constants of the program.
    Expr::EvalResult R;
    if (E->getType()->isIntegralOrEnumerationType() &&
        !E->HasSideEffects(Ctx) && E->EvaluateAsInt(R, Ctx))
      return R.Val.getInt().getExtValue();
    return std::nullopt;
  }

  ASTContext &Ctx;
  unsigned Depth;
  unsigned Steps = 0;
  llvm::DenseMap<const VarDecl *, int64_t> Vars;
  int64_t Result = 0;
};

} // namespace

std::optional<int64_t> runIntegerFunction(ASTContext &Ctx,
                                          const FunctionDecl *F,
                                          ArrayRef<std::optional<int64_t>> Args,
                                          unsigned Depth) {
  return IntegerRunner(Ctx, Depth).run(F, Args);
}

} // namespace cal
