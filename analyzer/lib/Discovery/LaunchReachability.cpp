//===- LaunchReachability.cpp - Whether a launch runs in a frame ----------===//
//
// A launch inside an `if` or `switch` whose test the values of its calling
// context decide, or after an `if (test) return;` whose test holds, does not
// run there: `dispatch(kernel_num, ...)` with kernel_num 1 never reaches
// `case 2:`.
//
//===----------------------------------------------------------------------===//
#include "HostConstEval.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"

using namespace clang;

namespace cal {

/// Whether the launch \p E can run in frame \p F: false when an enclosing
/// `if` of its function has a condition known to lead elsewhere, as
/// `if (block_size == 16) k<16><<<...>>>` when block_size is 32.
/// The values test \p Cond, evaluated at \p At in frame \p F, can take:
/// its one value, or, when it reads one variable with several definitions
/// (`kernel_num = 1; if (argc > 1) kernel_num = atoi(argv[1]);`), its value
/// under each member of that variable's set (LaunchSets.cpp). Empty when
/// unknown. The session's launch-set state is left as it was.
static std::vector<int64_t> testValues(HostEvalSession &S, const CallFrame *F,
                                       const Stmt *At, const Expr *Cond) {
  std::vector<HostEvalSession::Undecided> Open = std::move(S.Open);
  bool Record = S.RecordUndecided, Argc = S.ArgcRead;
  S.Open.clear();
  S.RecordUndecided = true;
  std::vector<int64_t> Out;
  if (std::optional<int64_t> V = HostConstEval(S, F, At).evalInt(Cond)) {
    Out.push_back(*V);
  } else if (S.Open.size() == 1 && !S.chosen(S.Open[0].Var, S.Open[0].Path)) {
    HostEvalSession::Undecided U = S.Open[0];
    std::string Why;
    std::optional<HostConstEval::ValueSet> VS =
        HostConstEval(S, U.Frame, U.Point).valueSet(U.Var, U.Path, Why);
    for (size_t I = 0; VS && I < VS->Values.size(); ++I) {
      S.Chosen[{U.Var, U.Path}] = VS->Values[I];
      std::optional<int64_t> V = HostConstEval(S, F, At).evalInt(Cond);
      if (!V || VS->Total != VS->Values.size()) {
        Out.clear();
        break;
      }
      Out.push_back(*V);
    }
    S.Chosen.erase({U.Var, U.Path});
  }
  S.Open = std::move(Open);
  S.RecordUndecided = Record;
  // A test decided by taking argc as 1 makes the launch's presence an
  // assumption of the run without arguments too.
  S.ArgcRead = Argc || (S.ArgcRead && !Out.empty());
  return Out;
}

/// Whether the label \p L of \p Sw is taken under no value the switch's
/// test can have: a `case` of another value, or `default` when a case
/// matches each of them.
static bool labelNotTaken(HostEvalSession &S, const CallFrame *F,
                          const SwitchStmt *Sw, const SwitchCase *L) {
  // The switch's own test: the `case` around the launch must not tell it
  // (HostConstEval takes a never-written variable's value from that case).
  const CallFrame *LaunchFrame = S.LaunchFrame;
  S.LaunchFrame = nullptr;
  std::vector<int64_t> Vs = Sw->getCond() ? testValues(S, F, Sw, Sw->getCond())
                                          : std::vector<int64_t>();
  S.LaunchFrame = LaunchFrame;
  if (Vs.empty())
    return false;
  auto CaseValue = [&](const CaseStmt *C) -> std::optional<int64_t> {
    if (C->caseStmtIsGNURange())
      return std::nullopt;
    return HostConstEval(S, nullptr, nullptr).evalInt(C->getLHS());
  };
  if (const auto *C = dyn_cast<CaseStmt>(L)) {
    std::optional<int64_t> CV = CaseValue(C);
    return CV && !llvm::is_contained(Vs, *CV);
  }
  return llvm::all_of(Vs, [&](int64_t V) {
    for (const SwitchCase *C = Sw->getSwitchCaseList(); C;
         C = C->getNextSwitchCase())
      if (const auto *CS = dyn_cast<CaseStmt>(C))
        if (std::optional<int64_t> CV = CaseValue(CS); CV && *CV == V)
          return true;
    return false;
  });
}

/// Whether \p S is a `return` or a block that ends in one.
static bool returnsAlways(const Stmt *S) {
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(S))
    return !CS->body_empty() && returnsAlways(CS->body_back());
  return isa_and_nonnull<ReturnStmt>(S);
}

/// Whether \p E may run in frame \p F: no `if` whose test is known leads
/// elsewhere, no `switch` whose value is known selects another label, and
/// the same holds for the call that entered each frame of the chain
/// (`dispatch(kernel_num, ...)` with kernel_num 1 never runs `case 2:`).
bool mayRun(HostEvalSession &S, const CallFrame *F, const Expr *E) {
  for (; F; E = F->Site, F = F->Parent) {
    if (!E || !F->F || !F->F->getBody())
      return true;
    const Stmt *Child = E;
    const Stmt *Body = F->F->getBody();
    while (Child && Child != Body) {
      DynTypedNodeList Ps = S.Ctx.getParents(*Child);
      while (!Ps.empty() && Ps[0].get<VarDecl>())
        Ps = S.Ctx.getParents(*Ps[0].get<VarDecl>());
      const Stmt *P = Ps.empty() ? nullptr : Ps[0].get<Stmt>();
      if (const auto *If = dyn_cast_or_null<IfStmt>(P);
          If && (Child == If->getThen() || Child == If->getElse())) {
        std::vector<int64_t> Cs = testValues(S, F, If, If->getCond());
        if (!Cs.empty() && llvm::all_of(Cs, [&](int64_t C) {
              return (C != 0) != (Child == If->getThen());
            }))
          return false;
      }
      if (const auto *CS = dyn_cast_or_null<CompoundStmt>(P)) {
        // `if (n <= b) return;` before it, with a test known to hold.
        for (const Stmt *Before : CS->body()) {
          if (Before == Child)
            break;
          const auto *If = dyn_cast<IfStmt>(Before);
          if (!If || If->getElse() || !returnsAlways(If->getThen()))
            continue;
          std::vector<int64_t> Cs = testValues(S, F, If, If->getCond());
          if (!Cs.empty() && llvm::all_of(Cs, [](int64_t C) { return C != 0; }))
            return false;
        }
        DynTypedNodeList Qs = S.Ctx.getParents(*CS);
        const auto *Sw = Qs.empty() ? nullptr : Qs[0].get<SwitchStmt>();
        if (Sw && Sw->getBody() == CS)
          if (const SwitchCase *L = governingLabel(CS, Child);
              L && labelNotTaken(S, F, Sw, L))
            return false;
      }
      Child = P;
    }
  }
  return true;
}

} // namespace cal
