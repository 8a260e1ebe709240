//===- CompilerEffects.cpp - What the CUDA compiler does to branches ------===//
#include "CompilerEffects.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include <algorithm>
#include <string>
#include <vector>

namespace cal {

namespace {

/// The cooperative_groups class and method of a call of one of the groups'
/// index or size queries (`block.thread_index()`, `grid.size()`): inline
/// special-register reads and a little arithmetic, no call. Empty names
/// for any other call.
std::pair<llvm::StringRef, llvm::StringRef>
groupQuery(const clang::CallExpr *CE) {
  const auto *MD =
      llvm::dyn_cast_or_null<clang::CXXMethodDecl>(CE->getDirectCallee());
  if (!MD || !MD->getIdentifier() || !MD->getParent()->getIdentifier())
    return {};
  bool InCG = false;
  for (const clang::DeclContext *C = MD->getDeclContext(); C && !InCG;
       C = C->getParent())
    if (const auto *NS = llvm::dyn_cast<clang::NamespaceDecl>(C))
      InCG = NS->getName() == "cooperative_groups";
  static constexpr llvm::StringLiteral Names[] = {
      "thread_index", "group_index", "group_dim",       "dim_threads",
      "block_index",  "block_rank",  "thread_rank",     "size",
      "num_threads",  "num_blocks",  "meta_group_rank", "meta_group_size",
      "dim_blocks"};
  if (!InCG || !llvm::is_contained(Names, MD->getName()))
    return {};
  return {MD->getParent()->getName(), MD->getName()};
}

/// The source text of \p E without its whitespace (`tile[ty][tx]`), or ""
/// where it has none in a file (inside a macro's expansion).
std::string sourceWithoutSpaces(const clang::ASTContext &Ctx,
                                const clang::Expr *E) {
  const clang::SourceManager &SM = Ctx.getSourceManager();
  clang::CharSourceRange R = clang::Lexer::makeFileCharRange(
      clang::CharSourceRange::getTokenRange(E->getSourceRange()), SM,
      Ctx.getLangOpts());
  if (R.isInvalid())
    return "";
  std::string T = clang::Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
  T.erase(std::remove_if(T.begin(), T.end(), ::isspace), T.end());
  return T;
}

/// Collects the memory accesses of an arm, as written, and what would
/// prevent treating the arm as straight-line code.
class ArmScan : public clang::RecursiveASTVisitor<ArmScan> {
public:
  explicit ArmScan(const clang::ASTContext &Ctx) : Ctx(Ctx) {}
  std::vector<std::string> Accesses;
  unsigned Nodes = 0;
  bool ControlFlow = false; ///< loops, nested branches, calls, exits
  bool WritesLocals = false;
  /// A store through a pointer whose value reads the same pointer
  /// (`p[i] += p[i + s]`): nvcc keeps the branch around it.
  bool PointerReadModifyWrite = false;
  /// A local array indexed by a run-time value (local memory, LDL/STL).
  bool DynamicLocalArray = false;

  bool VisitStmt(clang::Stmt *S) {
    if (!generatesNothing(S))
      ++Nodes;
    if (llvm::isa<clang::ForStmt>(S) || llvm::isa<clang::WhileStmt>(S) ||
        llvm::isa<clang::DoStmt>(S) || llvm::isa<clang::IfStmt>(S) ||
        llvm::isa<clang::SwitchStmt>(S) || llvm::isa<clang::ReturnStmt>(S) ||
        llvm::isa<clang::BreakStmt>(S) || llvm::isa<clang::ContinueStmt>(S) ||
        llvm::isa<clang::GotoStmt>(S) ||
        llvm::isa<clang::ConditionalOperator>(S))
      ControlFlow = true;
    if (const auto *CE = llvm::dyn_cast<clang::CallExpr>(S))
      // Struct copy-assignment is a call in the AST but plain moves in SASS;
      // `threadIdx.x` is a property whose semantic form calls
      // `__fetch_builtin_x()`, a special-register read in SASS.
      if (!llvm::isa<clang::CXXOperatorCallExpr>(CE) && !isBuiltinIndex(CE) &&
          !isSingleInstruction(CE) && !isGroupQuery(CE))
        ControlFlow = true;
    if (llvm::isa<clang::DeclStmt>(S))
      WritesLocals = true;
    if (const auto *BO = llvm::dyn_cast<clang::BinaryOperator>(S)) {
      if (BO->isAssignmentOp() && isLocal(BO->getLHS()))
        WritesLocals = true;
      if (const clang::ValueDecl *Base = pointerBase(BO->getLHS()))
        if (BO->isCompoundAssignmentOp() || readsThrough(BO->getRHS(), Base))
          PointerReadModifyWrite = true;
    }
    if (const auto *UO = llvm::dyn_cast<clang::UnaryOperator>(S))
      if (UO->isIncrementDecrementOp() && isLocal(UO->getSubExpr()))
        WritesLocals = true;
    return true;
  }
  bool VisitArraySubscriptExpr(clang::ArraySubscriptExpr *E) {
    record(E);
    if (const clang::VarDecl *V = arrayVar(E))
      if (V->hasLocalStorage() && !llvm::isa<clang::ParmVarDecl>(V) &&
          !E->getIdx()->isIntegerConstantExpr(Ctx))
        DynamicLocalArray = true;
    return true;
  }
  bool VisitUnaryOperator(clang::UnaryOperator *U) {
    if (U->getOpcode() == clang::UO_Deref)
      record(U);
    return true;
  }

private:
  /// The wrappers of a struct copy, which compile to nothing beyond the
  /// load and store they surround: temporaries, cleanups, no-op casts, a
  /// copy or move construction, and the callee of a copy assignment
  /// (`v[t] = __hadd2(v[t], v[t + k])` of __half2 counts as `v[t] = v[t] +
  /// v[t + k]` of float does).
  static bool generatesNothing(const clang::Stmt *S) {
    if (llvm::isa<clang::ExprWithCleanups, clang::MaterializeTemporaryExpr,
                  clang::CXXBindTemporaryExpr>(S))
      return true;
    if (const auto *IC = llvm::dyn_cast<clang::ImplicitCastExpr>(S)) {
      if (IC->getCastKind() == clang::CK_NoOp)
        return true;
      if (IC->getCastKind() == clang::CK_FunctionToPointerDecay)
        return generatesNothing(IC->getSubExpr());
    }
    if (const auto *CC = llvm::dyn_cast<clang::CXXConstructExpr>(S))
      return CC->getConstructor()->isCopyOrMoveConstructor();
    if (const auto *DR = llvm::dyn_cast<clang::DeclRefExpr>(S))
      if (const auto *MD = llvm::dyn_cast<clang::CXXMethodDecl>(DR->getDecl()))
        return MD->isCopyAssignmentOperator() || MD->isMoveAssignmentOperator();
    return false;
  }
  static bool isBuiltinIndex(const clang::CallExpr *CE) {
    const clang::FunctionDecl *FD = CE->getDirectCallee();
    return FD && FD->getIdentifier() &&
           FD->getName().starts_with("__fetch_builtin_");
  }
  /// A cooperative group's index or size (`block.thread_index().x`,
  /// `tile.thread_rank()`): inline special-register reads and a little
  /// arithmetic, no call. `if (block.thread_index().x < s) d[...] += d[...]`
  /// on shared memory measured no branch instruction on the H100
  /// (docs/compiler-effects.md).
  bool isGroupQuery(const clang::CallExpr *CE) const {
    const clang::FunctionDecl *FD = CE->getDirectCallee();
    return FD && Ctx.getSourceManager().isInSystemHeader(FD->getLocation()) &&
           !groupQuery(CE).second.empty();
  }
  /// A CUDA or C maths function that compiles to one or two ALU
  /// instructions (FMNMX, IMNMX, FADD.FTZ |x|, POPC, FLO, ...), with no
  /// call and no slow path: `s[t] = max(s[t + k], s[t])` is predicated.
  bool isSingleInstruction(const clang::CallExpr *CE) const {
    const clang::FunctionDecl *FD = CE->getDirectCallee();
    if (!FD || !FD->getIdentifier() ||
        !Ctx.getSourceManager().isInSystemHeader(FD->getLocation()))
      return false;
    static constexpr llvm::StringLiteral Names[] = {
        "min", "max", "fmin", "fmax", "fminf", "fmaxf", "umin", "umax", "llmin",
        "llmax", "ullmin", "ullmax", "abs", "labs", "llabs", "fabs", "fabsf",
        "copysign", "copysignf", "__saturatef", "__popc", "__popcll", "__clz",
        "__clzll", "__ffs", "__ffsll", "__brev", "__brevll", "__mul24",
        "__umul24", "__mulhi", "__umulhi", "__fadd_rn", "__fmul_rn",
        "__fmaf_rn", "__dadd_rn", "__dmul_rn",
        // Warp votes are one VOTE instruction, predicated like any other:
        // `if (tid != 0) r = __all_sync(m, tid);` measured no divergent
        // target on the H100 (docs/compiler-effects.md).
        "__all_sync", "__any_sync", "__ballot_sync", "__activemask",
        // Half-precision arithmetic is one HADD2/HMUL2/HFMA2
        // (fp16ScalarProduct: `if (t < k) v[t] = __hadd2(v[t], v[t + k]);` on
        // shared memory measured no branch instruction).
        "__hadd2", "__hsub2", "__hmul2", "__hfma2", "__hadd", "__hsub",
        "__hmul", "__hfma"};
    return llvm::is_contained(Names, FD->getName());
  }
  /// The array variable \p E subscripts directly (`a[i]` of `int a[8]`).
  static const clang::VarDecl *arrayVar(const clang::ArraySubscriptExpr *E) {
    const auto *DR =
        llvm::dyn_cast<clang::DeclRefExpr>(E->getBase()->IgnoreParenImpCasts());
    const auto *V = DR ? llvm::dyn_cast<clang::VarDecl>(DR->getDecl()) : nullptr;
    return V && V->getType()->isArrayType() ? V : nullptr;
  }
  /// The pointer variable of `p[i]` (not of an array variable, which is
  /// shared, constant or local memory): global memory in practice.
  static const clang::ValueDecl *pointerBase(const clang::Expr *E) {
    const auto *AS =
        llvm::dyn_cast<clang::ArraySubscriptExpr>(E->IgnoreParenImpCasts());
    if (!AS || arrayVar(AS))
      return nullptr;
    const auto *DR =
        llvm::dyn_cast<clang::DeclRefExpr>(AS->getBase()->IgnoreParenImpCasts());
    return DR && DR->getType()->isPointerType() ? DR->getDecl() : nullptr;
  }
  /// \p S reads `Base[...]`.
  static bool readsThrough(const clang::Stmt *S, const clang::ValueDecl *Base) {
    if (!S)
      return false;
    if (const auto *E = llvm::dyn_cast<clang::Expr>(S))
      if (pointerBase(E) == Base)
        return true;
    for (const clang::Stmt *C : S->children())
      if (readsThrough(C, Base))
        return true;
    return false;
  }
  static bool isLocal(const clang::Expr *E) {
    return llvm::isa<clang::DeclRefExpr>(E->IgnoreParenImpCasts());
  }
  void record(const clang::Expr *E) {
    std::string T = sourceWithoutSpaces(Ctx, E);
    Accesses.push_back(T.empty() ? "?" : std::move(T));
  }
  const clang::ASTContext &Ctx;
};

ArmScan scan(const clang::ASTContext &Ctx, const clang::Stmt *S) {
  ArmScan A(Ctx);
  if (S)
    A.TraverseStmt(const_cast<clang::Stmt *>(S));
  return A;
}

/// The only parent of \p S, or a null node.
clang::DynTypedNode parentOf(clang::ASTContext &Ctx, const clang::Stmt *S) {
  clang::DynTypedNodeList P = Ctx.getParents(*S);
  return P.size() == 1 ? P[0] : clang::DynTypedNode();
}

/// The function whose body contains \p S.
const clang::FunctionDecl *enclosingFunction(clang::ASTContext &Ctx,
                                             const clang::Stmt *S) {
  for (clang::DynTypedNode N = parentOf(Ctx, S);;) {
    if (const auto *FD = N.get<clang::FunctionDecl>())
      return FD;
    const auto *P = N.get<clang::Stmt>();
    if (!P)
      return nullptr;
    N = parentOf(Ctx, P);
  }
}

bool isKernel(const clang::FunctionDecl *FD) {
  return FD && FD->hasAttr<clang::CUDAGlobalAttr>();
}

/// `;` and `return;` after a statement leave its lanes at the kernel's end.
bool isNoOpTail(const clang::Stmt *S) {
  if (llvm::isa<clang::NullStmt>(S))
    return true;
  const auto *R = llvm::dyn_cast<clang::ReturnStmt>(S);
  return R && !R->getRetValue();
}

/// Nothing but the end of a kernel follows \p S: it is the last statement
/// of the kernel's body, or of an arm of an `if` that is itself in tail
/// position. A loop body is never a tail (the loop test follows it).
bool inKernelTail(clang::ASTContext &Ctx, const clang::Stmt *S) {
  while (true) {
    clang::DynTypedNode N = parentOf(Ctx, S);
    if (const auto *FD = N.get<clang::FunctionDecl>())
      return isKernel(FD) && FD->getBody() == S;
    const auto *P = N.get<clang::Stmt>();
    if (!P)
      return false;
    if (const auto *CS = llvm::dyn_cast<clang::CompoundStmt>(P)) {
      auto It = std::find(CS->body_begin(), CS->body_end(), S);
      if (It == CS->body_end() ||
          !std::all_of(std::next(It), CS->body_end(), isNoOpTail))
        return false;
    } else if (const auto *If = llvm::dyn_cast<clang::IfStmt>(P)) {
      if (S != If->getThen() && S != If->getElse())
        return false;
    } else if (!llvm::isa<clang::AttributedStmt>(P) &&
               !llvm::isa<clang::LabelStmt>(P)) {
      return false;
    }
    S = P;
  }
}

/// The arm is `return;`, or straight-line code ending in `return;` that is
/// small enough to predicate: `{ out[i] = 0; return; }`.
bool isExitArm(const clang::ASTContext &Ctx, const clang::Stmt *Arm) {
  if (isNoOpTail(Arm) && !llvm::isa<clang::NullStmt>(Arm))
    return true;
  const auto *CS = llvm::dyn_cast<clang::CompoundStmt>(Arm);
  if (!CS || CS->body_empty())
    return false;
  const auto *R = llvm::dyn_cast<clang::ReturnStmt>(CS->body_back());
  if (!R || R->getRetValue())
    return false;
  ArmScan A(Ctx);
  for (const clang::Stmt *C : CS->body())
    if (C != R)
      A.TraverseStmt(const_cast<clang::Stmt *>(C));
  return !A.ControlFlow && A.Nodes <= 40;
}

/// An exit arm with statements before its `return;` (`if (i < w - 1) {
/// y[i] = fill; return; }`), followed in its block by a loop: nvcc lays the
/// arm out of line and branches to it (`@!P0 BRA`), as the SASS of
/// research/compiler-effects/early-exits.cu shows, instead of predicating
/// the arm's statements and its EXIT; the H100 counted a divergent target
/// on such an `if` (docs/compiler-effects.md). A bare `return;` stays an
/// `@P0 EXIT` before any loop.
bool exitArmBeforeLoop(clang::ASTContext &Ctx, const clang::IfStmt *If) {
  const auto *Arm = llvm::dyn_cast<clang::CompoundStmt>(If->getThen());
  if (isNoOpTail(If->getThen()) ||
      (Arm && std::all_of(Arm->body_begin(), Arm->body_end(), isNoOpTail)))
    return false;
  auto Ps = Ctx.getParents(*If);
  const auto *CS = Ps.empty() ? nullptr : Ps[0].get<clang::CompoundStmt>();
  if (!CS)
    return false;
  bool After = false;
  for (const clang::Stmt *S : CS->body()) {
    if (After && containsLoop(S))
      return true;
    After |= S == If;
  }
  return false;
}

bool isEmptyArm(const clang::Stmt *S) {
  if (!S || llvm::isa<clang::NullStmt>(S))
    return true;
  const auto *CS = llvm::dyn_cast<clang::CompoundStmt>(S);
  return CS && CS->body_empty();
}

} // namespace

static bool predicatedArms(const clang::ASTContext &Ctx,
                           const clang::IfStmt *If, bool *OnlyForPointerRMW);

BranchLowering branchLowering(clang::ASTContext &Ctx, const clang::IfStmt *If,
                              bool *OnlyForPointerRMW) {
  if (OnlyForPointerRMW)
    *OnlyForPointerRMW = false;
  if (isEmptyArm(If->getElse()) && isKernel(enclosingFunction(Ctx, If)) &&
      ((isExitArm(Ctx, If->getThen()) && !exitArmBeforeLoop(Ctx, If)) ||
       inKernelTail(Ctx, If)))
    return BranchLowering::PredicatedExit;
  return predicatedArms(Ctx, If, OnlyForPointerRMW) ? BranchLowering::Predicated
                                                    : BranchLowering::Branch;
}

bool armsMergeAccesses(const clang::ASTContext &Ctx, const clang::IfStmt *If) {
  if (!If->getElse())
    return false;
  ArmScan T = scan(Ctx, If->getThen()), E = scan(Ctx, If->getElse());
  return !T.ControlFlow && !E.ControlFlow && !T.WritesLocals &&
         !E.WritesLocals && !T.Accesses.empty() && T.Accesses == E.Accesses;
}

namespace {
/// Whether \p E reads threadIdx/blockIdx/blockDim/gridDim \p Name.
bool readsBuiltin(const clang::Stmt *E, llvm::StringRef Name) {
  if (!E)
    return false;
  if (const auto *DRE = llvm::dyn_cast<clang::DeclRefExpr>(E))
    if (DRE->getDecl()->getName() == Name)
      return true;
  // `blockDim.x` is a property read whose base is an OpaqueValueExpr, which
  // has no children of its own.
  if (const auto *OV = llvm::dyn_cast<clang::OpaqueValueExpr>(E))
    return readsBuiltin(OV->getSourceExpr(), Name);
  // A cooperative group's sizes: a block's are blockDim's, a grid's
  // threads are blockDim x gridDim (`i += grid.size()`).
  // (Static ones, such as group_dim(), are plain calls.)
  if (const auto *CE = llvm::dyn_cast<clang::CallExpr>(E)) {
    auto [Class, Method] = groupQuery(CE);
    bool Sizes = Method == "size" || Method == "num_threads";
    if (Class == "thread_block" && Name == "blockDim" &&
        (Sizes || Method == "group_dim" || Method == "dim_threads"))
      return true;
    if (Class == "grid_group" && Sizes)
      return Name == "blockDim" || Name == "gridDim";
    if (Class == "grid_group" && Name == "gridDim" &&
        (Method == "group_dim" || Method == "dim_blocks" ||
         Method == "num_blocks"))
      return true;
  }
  for (const clang::Stmt *C : E->children())
    if (readsBuiltin(C, Name))
      return true;
  return false;
}

/// The variables \p E names.
void namedVars(const clang::Stmt *E,
               llvm::SmallVectorImpl<const clang::VarDecl *> &Out) {
  if (!E)
    return;
  if (const auto *DRE = llvm::dyn_cast<clang::DeclRefExpr>(E))
    if (const auto *VD = llvm::dyn_cast<clang::VarDecl>(DRE->getDecl()))
      Out.push_back(VD);
  for (const clang::Stmt *C : E->children())
    namedVars(C, Out);
}

/// How \p S (a loop's increment or body) steps one of \p Vars: by an amount
/// that reads gridDim (`i += blockDim.x * gridDim.x`, or through a local
/// `stride` set from it), by one that reads blockDim only
/// (`i += blockDim.x`), or neither.
enum class Stride { None, Block, Grid };
Stride threadStride(const clang::Stmt *S,
                    llvm::ArrayRef<const clang::VarDecl *> Vars) {
  if (!S)
    return Stride::None;
  if (const auto *CA = llvm::dyn_cast<clang::CompoundAssignOperator>(S)) {
    const auto *L = llvm::dyn_cast<clang::DeclRefExpr>(
        CA->getLHS()->IgnoreParenImpCasts());
    if (CA->getOpcode() == clang::BO_AddAssign && L &&
        llvm::is_contained(Vars, L->getDecl())) {
      const clang::Expr *R = CA->getRHS()->IgnoreParenImpCasts();
      if (const auto *RD = llvm::dyn_cast<clang::DeclRefExpr>(R))
        if (const auto *SV = llvm::dyn_cast<clang::VarDecl>(RD->getDecl()))
          if (SV->getInit())
            R = SV->getInit();
      if (readsBuiltin(R, "blockDim"))
        return readsBuiltin(R, "gridDim") ? Stride::Grid : Stride::Block;
      // The block size as a constant (`i += numThreads * gridDim.x`, with
      // numThreads the template parameter the launch's block matches).
      if (readsBuiltin(R, "gridDim"))
        return Stride::Grid;
    }
  }
  // Not into nested loops: their steps are theirs.
  for (const clang::Stmt *C : S->children())
    if (C && !llvm::isa<clang::ForStmt, clang::WhileStmt, clang::DoStmt>(C))
      if (Stride St = threadStride(C, Vars); St != Stride::None)
        return St;
  return Stride::None;
}

/// Whether \p S assigns to one of \p Vars the result of atomicCAS.
bool assignsCAS(const clang::Stmt *S,
                llvm::ArrayRef<const clang::VarDecl *> Vars) {
  if (!S)
    return false;
  auto IsCAS = [](const clang::Expr *E) {
    const auto *CE =
        llvm::dyn_cast<clang::CallExpr>(E->IgnoreParenCasts());
    const clang::FunctionDecl *FD = CE ? CE->getDirectCallee() : nullptr;
    return FD && FD->getIdentifier() &&
           FD->getName().starts_with("atomicCAS");
  };
  if (const auto *BO = llvm::dyn_cast<clang::BinaryOperator>(S))
    if (BO->getOpcode() == clang::BO_Assign && IsCAS(BO->getRHS()))
      if (const auto *L = llvm::dyn_cast<clang::DeclRefExpr>(
              BO->getLHS()->IgnoreParenImpCasts()))
        if (llvm::is_contained(Vars, L->getDecl()))
          return true;
  for (const clang::Stmt *C : S->children())
    if (assignsCAS(C, Vars))
      return true;
  return false;
}
} // namespace

std::string divergenceWithoutCost(const clang::Stmt *Branch) {
  const clang::Expr *Cond = nullptr;
  const clang::Stmt *Body = nullptr, *Inc = nullptr;
  if (const auto *F = llvm::dyn_cast<clang::ForStmt>(Branch))
    Cond = F->getCond(), Body = F->getBody(), Inc = F->getInc();
  else if (const auto *W = llvm::dyn_cast<clang::WhileStmt>(Branch))
    Cond = W->getCond(), Body = W->getBody();
  else if (const auto *D = llvm::dyn_cast<clang::DoStmt>(Branch))
    Cond = D->getCond(), Body = D->getBody();
  if (!Cond)
    return "";
  llvm::SmallVector<const clang::VarDecl *, 4> Vars;
  namedVars(Cond, Vars);
  Stride St = threadStride(Inc, Vars);
  if (St == Stride::None)
    St = threadStride(Body, Vars);
  if (St == Stride::Grid)
    return "a grid-stride loop: only its last, partial iteration splits a "
           "warp, once per warp (the size is not a multiple of the grid's "
           "threads)";
  // The same idiom within a block (llm.c's matmul_backward_bias: a block
  // sums a column in steps of its size; measured on the H100, no divergent
  // target where the size is a multiple of the block).
  if (St == Stride::Block)
    return "a block-stride loop: only its last, partial iteration splits a "
           "warp, once per warp (the size is not a multiple of the block's "
           "threads)";
  if (assignsCAS(Body, Vars))
    return "the retry loop of a compare-and-swap: lanes leave as their swap "
           "succeeds; the cost is contention on the address, not the branch";
  return "";
}

namespace {
/// The one plain assignment an arm holds (`{ t[y][x] = v; }` or
/// `t[y][x] = v;`), or null.
const clang::BinaryOperator *soleAssignment(const clang::Stmt *Arm) {
  if (const auto *CS = llvm::dyn_cast_or_null<clang::CompoundStmt>(Arm))
    Arm = CS->size() == 1 ? CS->body_front() : nullptr;
  const auto *E = llvm::dyn_cast_or_null<clang::Expr>(Arm);
  const auto *BO =
      E ? llvm::dyn_cast<clang::BinaryOperator>(E->IgnoreImplicit()) : nullptr;
  return BO && BO->getOpcode() == clang::BO_Assign ? BO : nullptr;
}

/// `if (in range) tile[ty][tx] = in[row * n + col]; else tile[ty][tx] = 0;`:
/// both arms assign the same element, the else arm a constant. nvcc loads
/// under the predicate and stores once, whatever the length of the index
/// arithmetic (the zero-padded tile loads of tiled matrix products and
/// convolutions; docs/compiler-effects.md).
bool selectOfOneElement(const clang::ASTContext &Ctx, const clang::IfStmt *If) {
  const clang::BinaryOperator *T = soleAssignment(If->getThen()),
                              *E = soleAssignment(If->getElse());
  if (!T || !E || !E->getRHS()->IgnoreParenImpCasts()->isEvaluatable(Ctx))
    return false;
  std::string L = sourceWithoutSpaces(Ctx, T->getLHS());
  return !L.empty() && L == sourceWithoutSpaces(Ctx, E->getLHS());
}
} // namespace

/// likelyPredicated() with, where it does not hold only because of a
/// read-modify-write through a pointer, \p OnlyForPointerRMW set: one scan
/// of the arms serves both.

static bool predicatedArms(const clang::ASTContext &Ctx,
                           const clang::IfStmt *If, bool *OnlyForPointerRMW) {
  if (OnlyForPointerRMW)
    *OnlyForPointerRMW = false;
  if (armsMergeAccesses(Ctx, If))
    return true;
  ArmScan T = scan(Ctx, If->getThen()), E = scan(Ctx, If->getElse());
  // A few dozen AST nodes is a handful of instructions per arm: 60 keeps
  // the guarded tile copies that nvcc predicates (docs/compiler-effects.md).
  bool Small = !T.ControlFlow && !E.ControlFlow && T.Nodes + E.Nodes <= 60;
  if (T.DynamicLocalArray || E.DynamicLocalArray)
    return false;
  // nvcc keeps the branch around a read-modify-write through a pointer
  // (`if (tid < s) g[tid] += g[tid + s];`, global memory) and around
  // local-memory arrays indexed at run time, however short the arm; it
  // predicates the same shapes on shared arrays (docs/compiler-effects.md).
  if (T.PointerReadModifyWrite || E.PointerReadModifyWrite) {
    if (OnlyForPointerRMW)
      *OnlyForPointerRMW = Small;
    return false;
  }
  if (!T.ControlFlow && !E.ControlFlow && selectOfOneElement(Ctx, If))
    return true;
  return Small;
}

bool likelyPredicated(const clang::ASTContext &Ctx, const clang::IfStmt *If) {
  return predicatedArms(Ctx, If, nullptr);
}

} // namespace cal
