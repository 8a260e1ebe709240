//===- Sampling.cpp - Parameter samples and representative blocks ---------===//
#include "Sampling.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace cal {

namespace {

/// Finds, for each parameter, the uses that constrain its value.
class UseFinder : public clang::RecursiveASTVisitor<UseFinder> {
public:
  llvm::DenseMap<const clang::ParmVarDecl *, ParamUse> Uses;

  bool VisitBinaryOperator(clang::BinaryOperator *BO) {
    switch (BO->getOpcode()) {
    case clang::BO_Shl:
    case clang::BO_Shr:
    case clang::BO_ShlAssign:
    case clang::BO_ShrAssign:
      // A shift by the bit width or more is undefined: keep it below.
      mark(BO->getRHS(), ParamUse::ShiftCount);
      break;
    case clang::BO_Div:
    case clang::BO_Rem:
    case clang::BO_DivAssign:
    case clang::BO_RemAssign:
      mark(BO->getRHS(), ParamUse::Divisor);
      break;
    default:
      break;
    }
    return true;
  }

  /// Parameters tested by an `if` or `?:`: a guard such as `row < n` makes
  /// n a problem size even where it also bounds a loop.
  llvm::DenseSet<const clang::ParmVarDecl *> Guards;

  bool VisitIfStmt(clang::IfStmt *IS) {
    if (IS->getCond())
      collect(IS->getCond(), Guards);
    return true;
  }

  bool VisitConditionalOperator(clang::ConditionalOperator *CO) {
    collect(CO->getCond(), Guards);
    return true;
  }

  bool VisitForStmt(clang::ForStmt *FS) {
    // A loop from a thread-dependent start is a grid-stride loop over the
    // problem size (`for (i = tid; i < n; i += stride)`): n is a size, and
    // a small one would leave most threads without work.
    // The start may be a local set from the indices (`int tid = ...; for
    // (int i = tid; ...)`), or the loop variable may be declared before
    // the loop (no init): then its initializer is the start.
    if (!FS->getCond())
      return true;
    llvm::SmallPtrSet<const clang::VarDecl *, 8> Seen;
    bool FromThread = FS->getInit() ? mentionsThreadIndex(FS->getInit(), Seen)
                                    : mentionsThreadIndex(FS->getCond(), Seen);
    if (!FromThread)
      markAll(FS->getCond(), ParamUse::LoopBound);
    return true;
  }

private:
  void mark(const clang::Expr *E, ParamUse U) {
    E = E->IgnoreParenCasts();
    if (const auto *DRE = llvm::dyn_cast<clang::DeclRefExpr>(E))
      if (const auto *P = llvm::dyn_cast<clang::ParmVarDecl>(DRE->getDecl())) {
        ParamUse &Cur = Uses.try_emplace(P, ParamUse::Plain).first->second;
        Cur = std::max(Cur, U);
      }
  }

  void markAll(const clang::Stmt *S, ParamUse U) {
    llvm::DenseSet<const clang::ParmVarDecl *> Ps;
    collect(S, Ps);
    for (const clang::ParmVarDecl *P : Ps) {
      ParamUse &Cur = Uses.try_emplace(P, ParamUse::Plain).first->second;
      Cur = std::max(Cur, U);
    }
  }

  static void collect(const clang::Stmt *S,
                      llvm::DenseSet<const clang::ParmVarDecl *> &Out) {
    if (const auto *DRE = llvm::dyn_cast<clang::DeclRefExpr>(S))
      if (const auto *P = llvm::dyn_cast<clang::ParmVarDecl>(DRE->getDecl()))
        Out.insert(P);
    for (const clang::Stmt *C : S->children())
      if (C)
        collect(C, Out);
  }

  /// Whether \p S reads threadIdx or blockIdx, directly or through the
  /// initializers of the local variables it reads (\p Seen: those already
  /// followed).
  static bool
  mentionsThreadIndex(const clang::Stmt *S,
                      llvm::SmallPtrSetImpl<const clang::VarDecl *> &Seen) {
    if (const auto *DRE = llvm::dyn_cast<clang::DeclRefExpr>(S)) {
      llvm::StringRef N = DRE->getDecl()->getName();
      if (N == "threadIdx" || N == "blockIdx")
        return true;
      const auto *V = llvm::dyn_cast<clang::VarDecl>(DRE->getDecl());
      if (V && V->isLocalVarDecl() && V->getInit() && Seen.insert(V).second)
        return mentionsThreadIndex(V->getInit(), Seen);
    }
    // threadIdx.x is a property reference whose base is an opaque value
    // (clang's __clang_cuda_builtin_vars.h); its children do not show it.
    if (const auto *OV = llvm::dyn_cast<clang::OpaqueValueExpr>(S))
      return OV->getSourceExpr() &&
             mentionsThreadIndex(OV->getSourceExpr(), Seen);
    for (const clang::Stmt *C : S->children())
      if (C && mentionsThreadIndex(C, Seen))
        return true;
    return false;
  }
};

} // namespace

llvm::DenseMap<const clang::ParmVarDecl *, ParamUse>
classifyParamUses(const clang::FunctionDecl *Kernel) {
  UseFinder F;
  if (Kernel->getBody())
    F.TraverseStmt(Kernel->getBody());
  for (auto &[P, U] : F.Uses)
    if (U == ParamUse::LoopBound && F.Guards.contains(P))
      U = ParamUse::Plain;
  return std::move(F.Uses);
}

int64_t paramSample(ParamUse U, unsigned Sample, unsigned Rank) {
  switch (U) {
  case ParamUse::ShiftCount:
    // 3 and 4 are valid shift counts for every integer width.
    return ShiftCountSamples[Sample];
  case ParamUse::LoopBound:
    // Trip counts of 16 to 57: non-zero, and below LoopIterationCap so that
    // the loop is evaluated in full.
    return LoopBoundSamples[Sample] + LoopBoundStep * std::min(Rank, 5u);
  case ParamUse::Divisor: // the samples below are never zero
  case ParamUse::Plain:
    break;
  }
  return UnknownParamSamples[Sample] + UnknownParamStep * Rank;
}

const char *paramUseName(ParamUse U) {
  switch (U) {
  case ParamUse::ShiftCount:
    return "shift count";
  case ParamUse::LoopBound:
    return "loop bound";
  case ParamUse::Divisor:
    return "divisor";
  case ParamUse::Plain:
    break;
  }
  return "";
}

void representativeBlocks(const Dim3 &Grid, std::vector<Dim3> &Blocks,
                          std::vector<uint64_t> &Weights) {
  // Per dimension: first, last and one interior index, which stands for
  // all G - 2 interior blocks (boundary guards differ only at the edges).
  std::array<std::vector<std::pair<uint64_t, uint64_t>>, 3> Reps;
  for (unsigned D = 0; D < 3; ++D) {
    uint64_t G = Grid[D];
    Reps[D].push_back({0, 1});
    if (G >= 2)
      Reps[D].push_back({G - 1, 1});
    if (G >= 3)
      Reps[D].push_back({G / 2, G - 2});
  }
  Blocks.clear();
  Weights.clear();
  for (auto [Z, WZ] : Reps[2])
    for (auto [Y, WY] : Reps[1])
      for (auto [X, WX] : Reps[0]) {
        Blocks.push_back({X, Y, Z});
        Weights.push_back(WX * WY * WZ);
      }
}

} // namespace cal
