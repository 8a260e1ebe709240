//===- LaunchSites.h - Launch sites from launch expressions -----*- C++ -*-===//
//
// Turns one launch expression (`k<<<g, b, s, st>>>(args)`, cudaLaunchKernel,
// cudaLaunchCooperativeKernel, cudaLaunchKernelEx) into LaunchSites: one per
// kernel it may launch (a function pointer may have several certain targets)
// and per distinct set of values its enclosing host function's parameters
// receive from the call sites of this translation unit.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_LIB_DISCOVERY_LAUNCHSITES_H
#define CAL_LIB_DISCOVERY_LAUNCHSITES_H

#include "HostConstEval.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include <deque>

namespace cal {

/// CUDA's dim3 (a launch's grid or block), by value or reference.
bool isDim3(clang::QualType T);
/// "global blockSize taken at its initializer: nothing in main.cpp writes
/// it (another file could)", for HostEvalSession::GlobalsRead.
std::string globalsText(llvm::ArrayRef<std::string> Names,
                        clang::ASTContext &Ctx);

/// A visitor that knows the function it is in (Enclosing.back()), free
/// function or method: the launch search, the call-site index and the
/// calls of other units' functions all ask what calls what.
template <typename Derived>
class EnclosingFunctionVisitor : public clang::RecursiveASTVisitor<Derived> {
  using Base = clang::RecursiveASTVisitor<Derived>;

public:
  bool TraverseFunctionDecl(clang::FunctionDecl *FD) {
    Enclosing.push_back(FD);
    bool R = Base::TraverseFunctionDecl(FD);
    Enclosing.pop_back();
    return R;
  }
  bool TraverseCXXMethodDecl(clang::CXXMethodDecl *MD) {
    Enclosing.push_back(MD);
    bool R = Base::TraverseCXXMethodDecl(MD);
    Enclosing.pop_back();
    return R;
  }

protected:
  std::vector<const clang::FunctionDecl *> Enclosing;
};

/// Every call of each host function in the translation unit, and which
/// functions have their address taken (their callers are then not all known).
class CallSiteIndex {
public:
  explicit CallSiteIndex(clang::ASTContext &Ctx);
  struct Site {
    const clang::CallExpr *Call;
    const clang::FunctionDecl *Caller;
    /// A call through a pointer of the function's type, not by its name.
    bool Indirect = false;
  };
  /// The calls of \p F, or nullopt when they are not all known. With
  /// \p Partial, a function whose address is also taken gives its direct
  /// calls and the calls through pointers of its type (a timing harness's
  /// `pfn(out, in, n, blocks, threads)`), each Indirect, and *Partial says
  /// that others may exist.
  std::optional<std::vector<Site>> callsOf(const clang::FunctionDecl *F,
                                           bool *Partial = nullptr) const;

private:
  friend class CallSiteCollector;
  llvm::DenseMap<const clang::FunctionDecl *, std::vector<Site>> Calls;
  /// Calls through pointers, by the canonical function type called.
  llvm::DenseMap<const clang::Type *, std::vector<Site>> IndirectCalls;
  llvm::DenseMap<const clang::FunctionDecl *, unsigned> Refs, CalleeRefs;
};

class LaunchBuilder {
public:
  LaunchBuilder(clang::ASTContext &Ctx, const DiscoveryOptions &Opts);
  struct Form;

  /// Whether \p E is a launch this builder understands.
  static bool isLaunch(const clang::Expr *E);

  /// The sites of launch \p E written in \p Caller, each with its kernel;
  /// a launch whose kernel is unknown goes to \p Unresolved.
  void
  build(const clang::Expr *E, const clang::FunctionDecl *Caller,
        std::vector<std::pair<const clang::FunctionDecl *, LaunchSite>> &Out,
        std::vector<UnresolvedLaunch> &Unresolved);

private:
  LaunchSite evaluate(const Form &L, const clang::FunctionDecl *Kernel,
                      const CallFrame *Frame);
  std::vector<const CallFrame *> contexts(const clang::FunctionDecl *F,
                                          unsigned Depth);
  const CallFrame *root(const clang::FunctionDecl *F);
  /// Evaluates the launch once per distinct set of integer arguments that
  /// \p F's calls in other translation units pass (External), each a member
  /// with its Choices entry; false when there is no such call.
  bool bindExternally(const clang::FunctionDecl *F,
                      llvm::function_ref<void()> Evaluate,
                      std::vector<std::string> &Choices);
  clang::ASTContext &Ctx;
  HostEvalSession Session;
  std::optional<CallSiteIndex> Index;
  std::deque<CallFrame> Frames;
  llvm::DenseMap<const clang::FunctionDecl *, const CallFrame *> Roots;
  /// The calls of this unit's functions in other units (KernelDiscovery.h),
  /// or null.
  const ExternalCallsFn *External;
  /// Functions whose parameters are bound to another unit's call while
  /// their launch is evaluated (never twice in one evaluation).
  llvm::SmallPtrSet<const clang::FunctionDecl *, 4> BoundExternally;
};

std::string sourceText(const clang::ASTContext &Ctx, const clang::Expr *E);

} // namespace cal

#endif
