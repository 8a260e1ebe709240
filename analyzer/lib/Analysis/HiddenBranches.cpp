//===- HiddenBranches.cpp - Branches the compiler adds --------------------===//
//
// IEEE-rounded division and square root compile to a fast path plus a
// data-dependent call of a slow path (SASS, nvcc 13.0 -arch=sm_90:
// `FCHK P0, R0, R3` / `@P0 BRA` around `CALL.REL.NOINC
// __internal_..._div_rn_noftz_f32_slowpath`; `@!P0 BRA` around
// `__cuda_sm20_sqrt_rn_f32_slowpath`). Lanes whose operands take the slow
// path diverge from the others with no branch in the source. Evidence and
// the cases without a slow path are in docs/compiler-effects.md.
//
//===----------------------------------------------------------------------===//
#include "CompilerEffects.h"
#include "LaunchPass.h"
#include "cal/Schema/Prediction.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <cmath>

namespace cal {

namespace {

/// Division by a power of two is exact: nvcc multiplies by the inverse
/// (probe fdiv2: `a[i] / 2.0f` has no FCHK and no call).
bool isPowerOfTwoConstant(const clang::ASTContext &Ctx, const clang::Expr *E) {
  llvm::APFloat V(0.0);
  if (!E->EvaluateAsFloat(V, Ctx))
    return false;
  int Exp;
  return V.isFiniteNonZero() &&
         std::fabs(std::frexp(V.convertToDouble(), &Exp)) == 0.5;
}

class Finder : public clang::RecursiveASTVisitor<Finder> {
public:
  Finder(clang::ASTContext &Ctx, std::vector<HiddenBranch> &Out)
      : Ctx(Ctx), Out(Out) {}

  void scan(const clang::FunctionDecl *FD, unsigned Depth) {
    const clang::FunctionDecl *Def = nullptr;
    if (Depth > CallDepthLimit || !FD->hasBody(Def) || !Seen.insert(Def).second)
      return;
    this->Depth = Depth;
    TraverseStmt(Def->getBody());
  }

  bool VisitBinaryOperator(clang::BinaryOperator *BO) {
    if (BO->getOpcode() != clang::BO_Div &&
        BO->getOpcode() != clang::BO_DivAssign)
      return true;
    clang::QualType T = BO->getType();
    if (const auto *CA = llvm::dyn_cast<clang::CompoundAssignOperator>(BO))
      T = CA->getComputationResultType();
    const auto *BT = T->getAs<clang::BuiltinType>();
    if (!BT || isPowerOfTwoConstant(Ctx, BO->getRHS()))
      return true;
    if (BT->getKind() == clang::BuiltinType::Double)
      // --use_fast_math leaves double division IEEE (probe ddiv: the
      // __cuda_sm20_div_rn_f64_full call stays).
      add(BO, "double division");
    else if (BT->getKind() == clang::BuiltinType::Float &&
             !BO->getFPFeaturesInEffect(Ctx.getLangOpts()).getAllowReciprocal())
      // -ffast-math allows the reciprocal: one MUFU.RCP, no slow path.
      add(BO, "float division");
    return true;
  }

  bool VisitCallExpr(clang::CallExpr *CE) {
    const clang::FunctionDecl *FD = CE->getDirectCallee();
    if (!FD)
      return true;
    if (FD->getIdentifier()) {
      llvm::StringRef N = FD->getName();
      const auto *BT = CE->getType()->getAs<clang::BuiltinType>();
      bool IsSqrt =
          N == "sqrt" || N == "sqrtf" || N == "__fsqrt_rn" || N == "__dsqrt_rn";
      if (IsSqrt && BT && BT->getKind() == clang::BuiltinType::Double)
        // Probe dsqrt: the f64 medium path stays under --use_fast_math.
        add(CE, "double square root");
      else if (IsSqrt && BT && BT->getKind() == clang::BuiltinType::Float &&
               !Ctx.getLangOpts().FastMath && !Ctx.getLangOpts().ApproxFunc)
        add(CE, "float square root");
    }
    // __device__ functions are inlined, their divisions included; library
    // wrappers (clang's CUDA maths headers) are not user code.
    if (FD->hasBody() &&
        !Ctx.getSourceManager().isInSystemHeader(FD->getLocation())) {
      unsigned Saved = Depth;
      scan(FD, Depth + 1);
      Depth = Saved;
    }
    return true;
  }

private:
  void add(const clang::Expr *E, const char *What) {
    HiddenBranch H;
    H.Pos = makePos(Ctx, E->getBeginLoc());
    H.Range = E->getSourceRange();
    H.Operation = What;
    Out.push_back(std::move(H));
  }

  clang::ASTContext &Ctx;
  std::vector<HiddenBranch> &Out;
  llvm::SmallPtrSet<const clang::FunctionDecl *, 8> Seen;
  unsigned Depth = 0;
};

} // namespace

std::string HiddenBranch::note() const {
  return "possible slow-path divergence: IEEE " + Operation +
         " compiles to a fast path and a data-dependent slow-path call";
}

std::vector<HiddenBranch>
findHiddenBranches(clang::ASTContext &Ctx, const clang::FunctionDecl *Kernel) {
  std::vector<HiddenBranch> Out;
  Finder F(Ctx, Out);
  F.scan(Kernel, 0);
  std::stable_sort(Out.begin(), Out.end(),
                   [](const HiddenBranch &X, const HiddenBranch &Y) {
                     return std::tie(X.Pos.File, X.Pos.Line, X.Pos.Column) <
                            std::tie(Y.Pos.File, Y.Pos.Line, Y.Pos.Column);
                   });
  return Out;
}

namespace {

class HiddenBranchPass : public LaunchPass {
public:
  llvm::StringRef name() const override { return "hidden_branches"; }
  void run(LaunchState &S, KernelResult &K) const override {
    K.Results.get<HiddenBranchList>().Branches =
        findHiddenBranches(S.Ctx, S.KI.Decl);
  }
  std::optional<llvm::json::Value> toJSON(const KernelResult &K,
                                          const TargetModel &) const override;
};

std::optional<llvm::json::Value>
HiddenBranchPass::toJSON(const KernelResult &K, const TargetModel &) const {
  llvm::json::Array Hidden;
  for (const HiddenBranch &H : K.Results.get<HiddenBranchList>().Branches)
    Hidden.push_back(llvm::json::Object{{key::File, H.Pos.File},
                                        {key::Line, H.Pos.Line},
                                        {key::Column, H.Pos.Column},
                                        {"operation", H.Operation},
                                        {"note", H.note()}});
  return llvm::json::Value(std::move(Hidden));
}

} // namespace

const LaunchPass &hiddenBranchPass() {
  static const HiddenBranchPass P;
  return P;
}

} // namespace cal
