//===- ExternalCalls.cpp - Calls of functions other units define ----------===//
//
// A project often launches its kernels from a wrapper in the kernel's file,
// `void reduce(float *d, int n, int threads) { k<<<n / threads, threads>>>(d);
// }`, called only from main.cpp. The kernel file's own parse sees the launch
// but not the values of `threads`. This side of the lookup runs in the other
// unit: each call of a function that unit declares but does not define is
// recorded with the integer and dim3 arguments its host evaluation knows, as
// the
// launch discovery evaluates a configuration (HostConstEval.h), and the
// wrapper's unit binds its parameters to them (LaunchSites.cpp).
//
//===----------------------------------------------------------------------===//
#include "LaunchSites.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Mangle.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace cal {

bool isDim3(QualType T) {
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  return RD && RD->getName() == "dim3";
}

/// Calls of a function followed into its own calls in this unit, one level:
/// `run(f, 256)` in main of `void run(fn f, int t) { f(d, t); }`.
static constexpr unsigned MaxCallerSites = 8;

std::string linkageName(MangleContext &M, const FunctionDecl &F) {
  if (!M.shouldMangleDeclName(&F))
    return F.getName().str();
  std::string S;
  llvm::raw_string_ostream OS(S);
  M.mangleName(GlobalDecl(&F), OS);
  return S;
}

namespace {

class CallCollector : public EnclosingFunctionVisitor<CallCollector> {
public:
  explicit CallCollector(ASTContext &Ctx)
      : Ctx(Ctx), Mangler(Ctx.createMangleContext()), Session(Ctx), Index(Ctx) {
  }

  bool VisitCallExpr(CallExpr *CE) {
    if (Enclosing.empty() || Enclosing.back()->isDependentContext() ||
        CE->isValueDependent() || CE->isTypeDependent() ||
        isa<CUDAKernelCallExpr>(CE) || isa<CXXOperatorCallExpr>(CE) ||
        inSystemHeader(CE->getBeginLoc()) ||
        Enclosing.back()->hasAttr<CUDAGlobalAttr>() ||
        (Enclosing.back()->hasAttr<CUDADeviceAttr>() &&
         !Enclosing.back()->hasAttr<CUDAHostAttr>()))
      return true;
    const FunctionDecl *Direct = CE->getDirectCallee();
    if (Direct ? !wanted(Direct)
               : !CE->getCallee()->getType()->isPointerType() &&
                     !CE->getCallee()->getType()->isFunctionType())
      return true;
    record(CE, Direct, root(Enclosing.back()), 0);
    return true;
  }

  std::vector<std::pair<std::string, ExternalCall>> Out;

private:
  bool inSystemHeader(SourceLocation L) const {
    const SourceManager &SM = Ctx.getSourceManager();
    return SM.isInSystemHeader(SM.getExpansionLoc(L));
  }

  /// A host function of the project that another unit defines, with a
  /// parameter a launch configuration can read.
  bool wanted(const FunctionDecl *F) const {
    if (F->isDefined() || !F->isExternallyVisible() || F->getBuiltinID() ||
        F->hasAttr<CUDAGlobalAttr>() || inSystemHeader(F->getLocation()))
      return false;
    return llvm::any_of(F->parameters(), [](const ParmVarDecl *P) {
      return P->getType()->isIntegralOrEnumerationType() ||
             isDim3(P->getType());
    });
  }

  const CallFrame *root(const FunctionDecl *F) {
    return &Frames.emplace_back(CallFrame{F, nullptr, nullptr});
  }

  void record(const CallExpr *CE, const FunctionDecl *Direct,
              const CallFrame *Frame, unsigned Depth) {
    Session.UsedFrames.clear();
    Session.GlobalsRead.clear();
    HostConstEval Ev(Session, Frame, CE);
    std::vector<const FunctionDecl *> Targets;
    if (Direct)
      Targets = {Direct};
    else
      Targets = Ev.targets(CE->getCallee());
    llvm::erase_if(Targets, [&](const FunctionDecl *F) { return !wanted(F); });
    std::vector<std::optional<int64_t>> Args;
    std::vector<PartialDim3> Dims;
    for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
      const Expr *A = CE->getArg(I);
      Args.push_back(A->getType()->isIntegralOrEnumerationType()
                         ? Ev.evalInt(A)
                         : std::nullopt);
      Dims.push_back(isDim3(A->getType()) ? Ev.evalDim3(A) : PartialDim3{});
    }
    // What the call passes depends on the caller's parameters: take them
    // from each of its calls in this unit instead.
    if (Depth == 0 && Session.UsedFrames.count(Frame)) {
      auto Calls = Index.callsOf(Frame->F);
      if (Calls && !Calls->empty() && Calls->size() <= MaxCallerSites) {
        for (const CallSiteIndex::Site &S : *Calls)
          record(
              CE, Direct,
              &Frames.emplace_back(CallFrame{Frame->F, S.Call, root(S.Caller)}),
              Depth + 1);
        return;
      }
    }
    for (const FunctionDecl *T : Targets) {
      ExternalCall C;
      C.Pos = makePos(Ctx, CE->getBeginLoc());
      C.Caller = Frame->F->getNameAsString();
      C.Args = Args;
      C.Dims = Dims;
      if (!Session.GlobalsRead.empty())
        C.Globals = globalsText(Session.GlobalsRead, Ctx);
      Out.emplace_back(linkageName(*Mangler, *T), std::move(C));
    }
  }

  ASTContext &Ctx;
  std::unique_ptr<MangleContext> Mangler;
  HostEvalSession Session;
  CallSiteIndex Index;
  std::deque<CallFrame> Frames;
};

} // namespace

std::vector<std::pair<std::string, ExternalCall>>
callsOfUndefinedFunctions(ASTContext &Ctx) {
  CallCollector C(Ctx);
  C.TraverseAST(Ctx);
  return std::move(C.Out);
}

} // namespace cal
