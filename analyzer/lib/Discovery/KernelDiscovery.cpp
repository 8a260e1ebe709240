//===- KernelDiscovery.cpp - Kernels and their host launches --------------===//
#include "cal/Discovery/KernelDiscovery.h"
#include "LaunchSites.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Mangle.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"

using namespace clang;

namespace cal {

std::string SourcePos::str() const {
  return File + ":" + std::to_string(Line) + ":" + std::to_string(Column);
}

SourcePos makePos(const ASTContext &Ctx, SourceLocation Loc) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourcePos P;
  PresumedLoc PL = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
  if (PL.isInvalid())
    return P;
  // Paths print relative to the working directory when under it, as the
  // user named them (the tooling layer makes every input path absolute).
  // One spelling per file: a header reached as "./inc/../inc/h.cuh" from one
  // file and "inc/h.cuh" from another is one place.
  llvm::SmallString<256> Name(PL.getFilename());
  llvm::sys::path::remove_dots(Name, /*remove_dot_dot=*/true);
  P.File = std::string(Name);
  static const std::string Cwd = [] {
    llvm::SmallString<256> D;
    llvm::sys::fs::current_path(D);
    return std::string(D) + "/";
  }();
  if (llvm::StringRef(P.File).starts_with(Cwd))
    P.File = P.File.substr(Cwd.size());
  P.Line = PL.getLine();
  P.Column = PL.getColumn();
  return P;
}

namespace {

class Finder : public EnclosingFunctionVisitor<Finder> {
public:
  Finder(ASTContext &Ctx, std::vector<UnresolvedLaunch> &Unresolved,
         const DiscoveryOptions &Opts)
      : Ctx(Ctx), Mangler(Ctx.createMangleContext()), Builder(Ctx, Opts),
        Unresolved(Unresolved) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (!FD->hasAttr<CUDAGlobalAttr>() || inSystemHeader(FD))
      return true;
    // Instantiations are added when launched, or when the file instantiates
    // them explicitly (`template __global__ void k<float>(...);`, a
    // library's only kernels); a plain declaration without a body
    // elsewhere in the file is listed once, at its definition.
    if (FD->isTemplateInstantiation()) {
      if (FD->getTemplateSpecializationKind() ==
              TSK_ExplicitInstantiationDefinition &&
          FD->hasBody())
        kernelFor(FD);
      return true;
    }
    const FunctionDecl *Def = FD->getDefinition();
    if (Def && Def != FD)
      return true;
    if (!Def && FD->getPreviousDecl())
      return true;
    kernelFor(FD);
    return true;
  }

  bool VisitCallExpr(CallExpr *Call) {
    if (!LaunchBuilder::isLaunch(Call) || Call->isValueDependent() ||
        Call->isTypeDependent())
      return true; // not a launch, or inside an uninstantiated host template
    if (inSystemHeader(Call->getBeginLoc()))
      return true; // the toolkit's own launch wrappers
    std::vector<std::pair<const FunctionDecl *, LaunchSite>> Sites;
    size_t Before = Unresolved.size();
    Builder.build(Call, Enclosing.empty() ? nullptr : Enclosing.back(), Sites,
                  Unresolved);
    for (auto &[K, S] : Sites)
      kernelFor(K).Launches.push_back(std::move(S));
    // A launch that does not run is said at the kernel it would launch,
    // when that kernel is listed anyway (a template instance that only such
    // a launch names is not).
    for (size_t I = Before; I < Unresolved.size(); ++I)
      for (const FunctionDecl *K : Unresolved[I].Kernels) {
        const FunctionDecl *Def = K->getDefinition() ? K->getDefinition() : K;
        auto It = Index.find(Def);
        if (It == Index.end())
          continue;
        Kernels[It->second].LaunchesNotRun.push_back(
            "its launch at " + Unresolved[I].Pos.str() + " does not run: " +
            StringRef(Unresolved[I].Reason)
                .drop_front(StringRef(Unresolved[I].Reason)
                                    .starts_with("it does not run: ")
                                ? strlen("it does not run: ")
                                : 0)
                .str());
      }
    return true;
  }

  /// A kernel with no launch of its own whose type a launch through an
  /// unknown pointer has: that launch may be its, and the kernel says so
  /// rather than "no launch found".
  void noteUnresolvedPointers() {
    for (const UnresolvedLaunch &U : Unresolved) {
      if (!U.CalleeType || !U.Kernels.empty())
        continue;
      QualType T(U.CalleeType, 0);
      if (const auto *PT = T->getAs<PointerType>())
        T = PT->getPointeeType();
      else if (const auto *RT = T->getAs<ReferenceType>())
        T = RT->getPointeeType();
      if (!T->isFunctionType())
        continue;
      for (KernelInfo &K : Kernels)
        if (K.Launches.empty() && !K.IsTemplatePattern &&
            Ctx.hasSameType(K.Decl->getType(), T))
          K.LaunchesUnresolved.push_back(
              "the launch through `" + U.CalleeText + "` at " + U.Pos.str() +
              " in " + U.Caller +
              "() has its type, but which kernel it launches is not known "
              "there");
    }
  }

  std::vector<KernelInfo> take() {
    noteUnresolvedPointers();
    // Patterns and plain kernels in source order, each pattern followed by
    // its launched instantiations; then instantiations of patterns that were
    // not listed (declared in a system header, say).
    std::vector<KernelInfo> Out;
    std::vector<bool> Done(Kernels.size(), false);
    auto Emit = [&](unsigned I) {
      Done[I] = true;
      Out.push_back(std::move(Kernels[I]));
    };
    // Each pattern's instantiations, in order: one pass, not one per
    // kernel (a generated file has tens of thousands of kernels).
    llvm::DenseMap<const FunctionDecl *, std::vector<unsigned>> ByPattern;
    std::vector<bool> Inst(Kernels.size(), false);
    for (unsigned J : Order)
      if ((Inst[J] = Kernels[J].Decl->isTemplateInstantiation()))
        ByPattern[Kernels[J].Decl->getTemplateInstantiationPattern()].push_back(
            J);
    for (unsigned I : Order) {
      if (Done[I] || Inst[I])
        continue;
      const FunctionDecl *FD = Kernels[I].Decl;
      Emit(I);
      auto It = ByPattern.find(FD);
      if (It != ByPattern.end())
        for (unsigned J : It->second)
          if (!Done[J])
            Emit(J);
    }
    for (unsigned J : Order)
      if (!Done[J])
        Emit(J);
    return Out;
  }

private:
  bool inSystemHeader(const Decl *D) {
    return inSystemHeader(D->getLocation());
  }
  bool inSystemHeader(SourceLocation L) {
    return Ctx.getSourceManager().isInSystemHeader(
        Ctx.getSourceManager().getExpansionLoc(L));
  }

  KernelInfo &kernelFor(const FunctionDecl *FD) {
    if (const FunctionDecl *Def = FD->getDefinition())
      FD = Def;
    auto [It, New] = Index.try_emplace(FD, Kernels.size());
    if (!New)
      return Kernels[It->second];
    Order.push_back(Kernels.size());
    KernelInfo &K = Kernels.emplace_back();
    K.Decl = FD;
    llvm::raw_string_ostream NS(K.Name);
    FD->getNameForDiagnostic(NS, Ctx.getPrintingPolicy(), /*Qualified=*/true);
    K.IsTemplatePattern = FD->getDescribedFunctionTemplate() != nullptr;
    if (!K.IsTemplatePattern && !FD->isDependentContext() &&
        !Mangler->shouldMangleDeclName(FD)) {
      // An `extern "C"` kernel's device symbol is its plain name
      // (conjugateGradientMultiBlockCG's gpuConjugateGradient, as Nsight
      // Compute reported it on the H100); clang's kernel mangler would
      // make up "_Z20gpuConjugateGradient".
      K.MangledName = FD->getName().str();
    } else if (!K.IsTemplatePattern && !FD->isDependentContext()) {
      llvm::raw_string_ostream MS(K.MangledName);
      Mangler->mangleName(GlobalDecl(FD, KernelReferenceKind::Kernel), MS);
      // clang marks a static kernel's name with internal linkage ("_ZL6d_init
      // ..."); the device code nvcc builds names it without the mark
      // ("_Z6d_init...", as Nsight Compute reported a static kernel on the
      // H100), and the verifier pairs launches by this name.
      if (StringRef(K.MangledName).starts_with("_ZL"))
        K.MangledName.erase(2, 1);
    }
    K.Pos = makePos(Ctx, FD->getLocation());
    if (const auto *LB = FD->getAttr<CUDALaunchBoundsAttr>()) {
      Expr::EvalResult R;
      if (LB->getMaxThreads() && !LB->getMaxThreads()->isValueDependent() &&
          LB->getMaxThreads()->EvaluateAsInt(R, Ctx))
        K.LaunchBoundsMaxThreads = R.Val.getInt().getZExtValue();
    }
    return K;
  }

  ASTContext &Ctx;
  std::unique_ptr<MangleContext> Mangler;
  std::vector<KernelInfo> Kernels;
  std::vector<unsigned> Order;
  llvm::DenseMap<const FunctionDecl *, unsigned> Index;
  LaunchBuilder Builder;
  std::vector<UnresolvedLaunch> &Unresolved;
};

} // namespace

std::vector<KernelInfo> discoverKernels(ASTContext &Ctx,
                                        std::vector<UnresolvedLaunch> *U,
                                        const DiscoveryOptions &Opts) {
  std::vector<UnresolvedLaunch> Ignored;
  Finder F(Ctx, U ? *U : Ignored, Opts);
  F.TraverseAST(Ctx);
  return F.take();
}

} // namespace cal
