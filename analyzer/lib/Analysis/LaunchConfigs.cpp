//===- LaunchConfigs.cpp - Launch configurations a kernel is analysed under
//===//
#include "LaunchConfigs.h"
#include "Annotations.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/GlobPattern.h"

namespace cal {

llvm::Expected<Dim3> parseDim3(llvm::StringRef Opt, llvm::StringRef S) {
  Dim3 D = {1, 1, 1};
  llvm::SmallVector<llvm::StringRef, 3> Parts;
  S.split(Parts, ',');
  if (Parts.empty() || Parts.size() > 3)
    return llvm::createStringError("invalid --%s value '%s' (expected "
                                   "X[,Y[,Z]])",
                                   Opt.str().c_str(), S.str().c_str());
  for (unsigned I = 0; I < Parts.size(); ++I) {
    uint64_t V;
    if (Parts[I].trim().getAsInteger(10, V) || V == 0)
      return llvm::createStringError("invalid --%s value '%s' (expected "
                                     "positive integers X[,Y[,Z]])",
                                     Opt.str().c_str(), S.str().c_str());
    D[I] = V;
  }
  return D;
}

std::string dimStr(const Dim3 &D) {
  return llvm::formatv("({0},{1},{2})", D[0], D[1], D[2]);
}

std::string LaunchConfig::gridText() const {
  std::string S = "(";
  for (unsigned I = 0; I < 3; ++I)
    S += (I ? "," : "") +
         (GridUnknown[I] ? std::string("?") : std::to_string(Grid[I]));
  return S + ")";
}

namespace {

/// \p Name is a parameter, or an integer field `arg.field` of a by-value
/// struct parameter (the interpreter names those fields so).
bool hasParam(const KernelInfo &KI, llvm::StringRef Name) {
  auto [Head, Path] = Name.split('.');
  for (const clang::ParmVarDecl *P : KI.Decl->parameters()) {
    if (P->getName() != Head)
      continue;
    clang::QualType T = P->getType();
    for (llvm::StringRef Rest = Path; !Rest.empty();) {
      auto [Field, Tail] = Rest.split('.');
      const auto *RD = T->getAsRecordDecl();
      if (!RD)
        return false;
      const clang::FieldDecl *Found = nullptr;
      for (const clang::FieldDecl *FD : RD->fields())
        if (FD->getName() == Field)
          Found = FD;
      if (!Found)
        return false;
      T = Found->getType();
      Rest = Tail;
    }
    return true;
  }
  return false;
}

/// Parameter values the user gave, with where from: the annotation's, then
/// the command line's over them.
using UserValues = std::map<std::string, std::pair<int64_t, const char *>>;

/// Sets the kernel's parameters named in \p Values over \p C's arguments,
/// stating each value that differs from what the launch passes.
void applyOverrides(const KernelInfo &KI, const UserValues &Values,
                    LaunchConfig &C) {
  for (auto &[N, VF] : Values) {
    auto [V, From] = VF;
    if (!hasParam(KI, N))
      continue;
    auto It = C.Arguments.find(N);
    if (It != C.Arguments.end() && It->second == V)
      continue;
    C.Overrides.push_back(N + "=" + std::to_string(V) + " (" + From + ")");
    C.Arguments[N] = V;
  }
}

/// The configuration file's entry for the kernel: the first whose glob
/// matches its qualified name, with or without template arguments.
const KernelDefaults *configDefaultsFor(const KernelInfo &KI,
                                        const AnalysisOptions &Opts) {
  llvm::StringRef Name = KI.Name;
  llvm::StringRef Bare = Name.split('<').first;
  for (const KernelDefaults &KD : Opts.ConfigKernels) {
    llvm::Expected<llvm::GlobPattern> G = llvm::GlobPattern::create(KD.Name);
    if (!G) {
      llvm::consumeError(G.takeError());
      if (KD.Name == Name || KD.Name == Bare)
        return &KD;
      continue;
    }
    if (G->match(Name) || G->match(Bare))
      return &KD;
  }
  return nullptr;
}

/// Sets the configuration file's parameter values where \p C has none of
/// its own: they are defaults, below what the launch passes.
void applyConfigParams(const KernelInfo &KI, const KernelDefaults *KD,
                       LaunchConfig &C) {
  if (!KD)
    return;
  for (auto &[N, V] : KD->Params) {
    if (!hasParam(KI, N) || C.Arguments.count(N))
      continue;
    C.Overrides.push_back(N + "=" + std::to_string(V) + " (" + KD->Origin +
                          ")");
    C.Arguments[N] = V;
  }
}

/// A launch from a host `<<<...>>>`, or nullopt (with a note) when CUDA
/// would reject it or its block is computed at run time.
std::optional<LaunchConfig> hostConfig(const LaunchSite &L,
                                       const TargetModel &TM,
                                       std::vector<std::string> &Notes) {
  PartialDim3 G = L.GridDims, B = L.BlockDims;
  for (unsigned I = 0; I < 3; ++I)
    if (!G[I] && L.GridDefaulted[I])
      G[I] = 1;
  if (!B[0] || !B[1] || !B[2]) {
    // The block shapes every warp; without it there is nothing to sample
    // from the launch.
    Notes.push_back("launch at " + L.Pos.str() +
                    " has a block computed at run time; not used");
    return std::nullopt;
  }
  if (!*B[0] || !*B[1] || !*B[2] ||
      *B[0] * *B[1] * *B[2] > TM.MaxThreadsPerBlock || (G[0] && !*G[0]) ||
      (G[1] && !*G[1]) || (G[2] && !*G[2])) {
    // Such a launch runs no thread: CUDA rejects it.
    Notes.push_back("launch at " + L.Pos.str() +
                    " has an empty grid or block, or more than " +
                    std::to_string(TM.MaxThreadsPerBlock) +
                    " threads per block, and fails; not used");
    return std::nullopt;
  }
  LaunchConfig C;
  for (unsigned I = 0; I < 3; ++I) {
    C.Block[I] = *B[I];
    C.Grid[I] = G[I].value_or(0);
    C.GridUnknown[I] = !G[I];
  }
  C.DynamicSharedBytes = L.SharedBytes.value_or(0);
  C.Source = "host-launch";
  C.Site = L.Pos.str();
  C.Origin = L.Origin;
  C.Choices = L.Choices;
  C.RegistersAssumed = L.RegistersAssumed;
  C.PointerCallAssumed = L.PointerCallAssumed;
  for (const LaunchArgument &A : L.Args)
    if (A.PointerOffsetBytes && *A.PointerOffsetBytes && !A.Param.empty())
      C.PointerOffsets[A.Param] = *A.PointerOffsetBytes;
  for (const LaunchArgument &A : L.Args)
    if (A.Value && !A.Param.empty())
      C.Arguments[A.Param] = *A.Value;
    else if (A.Range && !A.Param.empty())
      C.ArgumentRanges[A.Param] = *A.Range;
  return C;
}

/// Whether the kernel (or a device function it calls, in this translation
/// unit) reads the y or z component of threadIdx or blockDim.
bool indexesIn2D(const KernelInfo &KI) {
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    bool Found = false;
    llvm::SmallPtrSet<const clang::FunctionDecl *, 8> Seen;
    void check(const clang::Expr *Base, llvm::StringRef Member) {
      Base = Base->IgnoreParenImpCasts();
      if (const auto *OV = llvm::dyn_cast<clang::OpaqueValueExpr>(Base))
        Base = OV->getSourceExpr()->IgnoreParenImpCasts();
      const auto *DRE = llvm::dyn_cast<clang::DeclRefExpr>(Base);
      if (DRE && (Member == "y" || Member == "z") &&
          (DRE->getDecl()->getName() == "threadIdx" ||
           DRE->getDecl()->getName() == "blockDim"))
        Found = true;
    }
    // threadIdx.y: a property of clang's built-in variable, or a field of
    // the minimal header's struct.
    bool VisitMSPropertyRefExpr(clang::MSPropertyRefExpr *E) {
      check(E->getBaseExpr(), E->getPropertyDecl()->getName());
      return !Found;
    }
    bool VisitMemberExpr(clang::MemberExpr *ME) {
      check(ME->getBase(), ME->getMemberNameInfo().getAsString());
      return !Found;
    }
    bool VisitCallExpr(clang::CallExpr *CE) {
      const clang::FunctionDecl *FD = CE->getDirectCallee();
      if (FD && FD->hasBody() && Seen.insert(FD).second &&
          !FD->getASTContext().getSourceManager().isInSystemHeader(
              FD->getLocation()))
        TraverseStmt(FD->getBody());
      return !Found;
    }
  } F;
  if (KI.Decl && KI.Decl->getBody())
    F.TraverseStmt(KI.Decl->getBody());
  return F.Found;
}

} // namespace

std::vector<LaunchConfig> configsFor(clang::ASTContext &Ctx,
                                     const KernelInfo &KI,
                                     const AnalysisOptions &Opts,
                                     std::vector<std::string> &Notes,
                                     std::vector<AnnotationIssue> &Issues) {
  std::optional<Annotation> Ann = annotationFor(Ctx, KI.Decl, Issues);
  const KernelDefaults *KD = configDefaultsFor(KI, Opts);
  // The user's values win over the launch's: the command line over the
  // annotation.
  UserValues User;
  if (Ann)
    for (auto &[N, V] : Ann->Params)
      User[N] = {V, "annotation"};
  for (auto &[N, V] : Opts.Params)
    User[N] = {V, "--param"};
  std::vector<LaunchConfig> Out;
  // The launches from host code first: one from device code runs only
  // after them (dynamic parallelism), and the first launch is the one a
  // profiler of the program's first run sees.
  std::vector<const LaunchSite *> Sites;
  for (const LaunchSite &L : KI.Launches)
    Sites.push_back(&L);
  std::stable_partition(Sites.begin(), Sites.end(),
                        [](const LaunchSite *L) { return !L->FromDevice; });
  for (const LaunchSite *LP : Sites) {
    const LaunchSite &L = *LP;
    std::optional<LaunchConfig> C = hostConfig(L, Opts.Target, Notes);
    if (!C)
      continue;
    applyOverrides(KI, User, *C);
    applyConfigParams(KI, KD, *C);
    bool Dup = false;
    for (const LaunchConfig &O : Out)
      Dup |= O.Grid == C->Grid && O.GridUnknown == C->GridUnknown &&
             O.Block == C->Block &&
             O.DynamicSharedBytes == C->DynamicSharedBytes &&
             O.Arguments == C->Arguments &&
             O.ArgumentRanges == C->ArgumentRanges &&
             O.PointerOffsets == C->PointerOffsets;
    if (!Dup)
      Out.push_back(std::move(*C));
  }
  if (!Out.empty())
    return Out;

  LaunchConfig C;
  bool FromCommandLine = Opts.Block || Opts.Grid || !Opts.Params.empty();
  if (Ann)
    C.Source = "annotation";
  else if (FromCommandLine)
    C.Source = "command-line";
  else if (KD && (KD->Block || KD->Grid))
    C.Source = "config-file";
  else if (KI.LaunchBoundsMaxThreads)
    C.Source = "launch-bounds";
  else
    C.Source = "default";
  applyOverrides(KI, User, C);
  applyConfigParams(KI, KD, C);
  if (Ann && Ann->Block)
    C.Block = *Ann->Block;
  else if (Opts.Block)
    C.Block = *Opts.Block;
  else if (KD && KD->Block)
    C.Block = *KD->Block;
  else if (KI.LaunchBoundsMaxThreads)
    C.Block = {*KI.LaunchBoundsMaxThreads, 1, 1};
  else {
    // Nothing says how the kernel is launched: one shape, chosen from the
    // kernel's own indexing (a kernel that reads threadIdx.y or blockDim.y
    // is written for a 2-D block), never a mean over shapes that are true
    // of no launch.
    C.Assumed = true;
    C.AssumedBlocks = {indexesIn2D(KI) ? DefaultBlock2D : DefaultBlock};
    C.Block = C.AssumedBlocks.front();
    if (C.Block == DefaultBlock2D)
      C.Grid = DefaultGrid2D;
    // Launches that were found but not usable say why in the notes.
    C.AssumedWhy = !KI.Launches.empty()         ? "no usable launch found"
                   : !KI.LaunchesNotRun.empty() ? KI.LaunchesNotRun.front()
                   : !KI.LaunchesUnresolved.empty()
                       ? "no launch resolved: " + KI.LaunchesUnresolved.front()
                       : "no launch found";
  }
  if (Ann && Ann->Grid)
    C.Grid = *Ann->Grid;
  else if (Opts.Grid)
    C.Grid = *Opts.Grid;
  else if (KD && KD->Grid)
    C.Grid = *KD->Grid;
  if (C.Source == "config-file")
    C.Site = KD->Origin;
  return {C};
}

} // namespace cal
