//===- Analyzer.cpp - Launch configurations, sampling, aggregation --------===//
#include "cal/Analysis/Analyzer.h"
#include "CompilerEffects.h"
#include "SimtInterpreter.h"
#include "StoreForwarding.h"

#include "cal/Models/MemoryModels.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Regex.h"

namespace cal {

static llvm::Expected<Dim3> parseDim3(llvm::StringRef Opt, llvm::StringRef S) {
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

llvm::Expected<AnalysisOptions> AnalysisOptions::fromStrings(
    llvm::StringRef Arch, llvm::StringRef Block, llvm::StringRef Grid,
    llvm::ArrayRef<std::string> Params, llvm::StringRef KernelFilter) {
  AnalysisOptions O;
  llvm::Expected<TargetModel> TM = TargetModel::get(Arch);
  if (!TM)
    return TM.takeError();
  O.Target = *TM;
  if (!Block.empty()) {
    auto B = parseDim3("block", Block);
    if (!B)
      return B.takeError();
    if ((*B)[0] * (*B)[1] * (*B)[2] > 1024)
      return llvm::createStringError("--block=%s has more than 1024 threads",
                                     Block.str().c_str());
    O.Block = *B;
  }
  if (!Grid.empty()) {
    auto G = parseDim3("grid", Grid);
    if (!G)
      return G.takeError();
    O.Grid = *G;
  }
  for (const std::string &P : Params) {
    auto [Name, Val] = llvm::StringRef(P).split('=');
    int64_t V;
    if (Name.empty() || Val.trim().getAsInteger(0, V))
      return llvm::createStringError(
          "invalid --param '%s' (expected NAME=INTEGER)", P.c_str());
    O.Params[Name.trim().str()] = V;
  }
  O.KernelFilter = KernelFilter.str();
  return O;
}

std::string AccessSummary::sampleDependence(const KernelResult &K) const {
  if (PerSample.size() < 2)
    return "";
  double Lo = PerSample.begin()->second.mean(), Hi = Lo;
  for (auto &[S, St] : PerSample) {
    Lo = std::min(Lo, St.mean());
    Hi = std::max(Hi, St.mean());
  }
  if (Hi - Lo < 1e-9)
    return "";
  std::string D;
  for (auto &[S, St] : PerSample)
    D += (D.empty() ? "" : ", ") +
         (St.mean() == double(int64_t(St.mean()))
              ? std::to_string(int64_t(St.mean()))
              : llvm::formatv("{0:F2}", St.mean()).str()) +
         " when " +
         (S < K.SampleDescriptions.size() ? K.SampleDescriptions[S]
                                          : "sample " + std::to_string(S));
  return D;
}

BranchClass BranchSummary::classify() const {
  BranchClass C = Stats.classify();
  return C == BranchClass::WarpUniform && !CrossWarpDiffers
             ? BranchClass::Uniform
             : C;
}

namespace {

class Collector : public EventSink {
public:
  Collector(clang::ASTContext &AST, const TargetModel &TM, KernelResult &K,
            bool Dump)
      : AST(AST), TM(TM), K(K), Dump(Dump) {}

  unsigned Sample = 0;
  uint64_t WarpKey = 0;
  std::string WarpText;

  void onAccess(const clang::Expr *Site, AccessKind Kind, const MemObject &Obj,
                unsigned Bytes, uint32_t Active, const LaneAddresses &Addrs,
                bool UnderUnknown) override {
    auto [It, New] =
        AccessIndex.try_emplace({Site, unsigned(Kind)}, K.Accesses.size());
    if (New) {
      AccessSummary &A = K.Accesses.emplace_back();
      A.Pos = makePos(AST, Site->getBeginLoc());
      A.Range = Site->getSourceRange();
      A.Space = Obj.Space;
      A.Kind = Kind;
      A.BytesPerLane = Bytes;
    }
    AccessSummary &A = K.Accesses[It->second];
    A.UnderUnknownBranch |= UnderUnknown;
    ++A.Requests;
    A.ActiveLanes.add(__builtin_popcount(Active));
    std::array<LaneAddress, MaxLanes> Lanes;
    const EvalResult *Bad = nullptr;
    for (unsigned I = 0; I < MaxLanes; ++I)
      if (Active >> I & 1) {
        if (!Addrs.Addr[I].Known) {
          Bad = &Addrs.Addr[I];
          break;
        }
        Lanes[I] = uint64_t(Addrs.Addr[I].Value);
      }
    std::string Line;
    if (Dump)
      Line = llvm::formatv("access {0}:{1} {2} {3} {4}B {5} active={6}",
                           A.Pos.Line, A.Pos.Column, addrSpaceName(A.Space),
                           accessKindName(Kind), Bytes, WarpText,
                           __builtin_popcount(Active));
    if (Bad) {
      ++A.UnknownRequests;
      if (A.UnknownReason.empty())
        A.UnknownReason =
            Bad->Blocker && Bad->Blocker->isOpaque()
                ? "address depends on " + Bad->Blocker->getName().str()
                : std::string(Bad->Why ? Bad->Why : "unknown address");
      if (Dump)
        K.EventDump.push_back(Line + " unknown: " + A.UnknownReason);
      return;
    }
    if (A.IndexText.empty() && Addrs.Lane0Offset)
      A.IndexText = Addrs.Lane0Offset->str();
    if (A.FirstWarpOffsets.empty())
      for (unsigned I = 0; I < MaxLanes; ++I)
        if (Lanes[I]) {
          A.FirstWarpLanes.push_back(I);
          A.FirstWarpOffsets.push_back(int64_t(*Lanes[I] - Obj.Base));
        }
    double Main = 0;
    if (Obj.Space == AddrSpace::Global) {
      GlobalCost C = computeGlobalCost(TM, Lanes, Bytes);
      A.Sectors.add(C.Sectors);
      A.IdealSectors.add(C.IdealSectors);
      A.Lines.add(C.Lines);
      Main = C.Sectors;
      if (Dump)
        Line +=
            llvm::formatv(" sectors={0} ideal={1}", C.Sectors, C.IdealSectors);
    } else if (Obj.Space == AddrSpace::Shared) {
      SharedCost C = computeSharedCost(TM, Lanes, Bytes);
      A.Wavefronts.add(C.Wavefronts);
      A.IdealWavefronts.add(C.IdealWavefronts);
      Main = C.Wavefronts;
      if (Dump)
        Line += llvm::formatv(" wavefronts={0} ideal={1}", C.Wavefronts,
                              C.IdealWavefronts);
    }
    A.PerSample[Sample].add(Main);
    if (Dump) {
      Line += " offsets:";
      unsigned Shown = 0;
      for (unsigned I = 0; I < MaxLanes && Shown < 4; ++I)
        if (Lanes[I]) {
          Line += llvm::formatv(" {0}:{1}", I, int64_t(*Lanes[I] - Obj.Base));
          ++Shown;
        }
      K.EventDump.push_back(Line);
    }
  }

  void onBranch(const clang::Stmt *S, llvm::StringRef Kind, uint32_t Active,
                uint32_t Taken, uint32_t Unknown,
                llvm::StringRef Why) override {
    auto [It, New] = BranchIndex.try_emplace(S, K.Branches.size());
    if (New) {
      BranchSummary &B = K.Branches.emplace_back();
      B.Pos = makePos(AST, S->getBeginLoc());
      B.Range = S->getSourceRange();
      B.Kind = Kind.str();
      if (const auto *If = dyn_cast<clang::IfStmt>(S)) {
        B.Lowering = branchLowering(AST, If);
        B.LikelyPredicated = B.Lowering != BranchLowering::Branch;
      }
    }
    BranchSummary &B = K.Branches[It->second];
    uint32_t Known = Active & ~Unknown;
    if (Known)
      B.Stats.addExecution(WarpKey, Known, Taken & Known);
    if (OccurrenceWarp != WarpKey) {
      Occurrence.clear();
      OccurrenceWarp = WarpKey;
    }
    unsigned N = Occurrence[S]++;
    if (Known && !Unknown &&
        ((Taken & Known) == 0 || (Taken & Known) == Known)) {
      int8_t Out = (Taken & Known) ? 1 : 0;
      if (N >= B.OccurrenceOutcome.size())
        B.OccurrenceOutcome.resize(N + 1, -1);
      if (B.OccurrenceOutcome[N] < 0)
        B.OccurrenceOutcome[N] = Out;
      else if (B.OccurrenceOutcome[N] != Out)
        B.CrossWarpDiffers = true;
    }
    if (Unknown) {
      B.Stats.addUnknown(WarpKey);
      if (B.Reason.empty())
        B.Reason = "condition depends on " + Why.str();
    }
    if (Dump)
      K.EventDump.push_back(llvm::formatv(
          "branch {0}:{1} {2} {3} active={4:x8} taken={5:x8} unknown={6:x8}",
          B.Pos.Line, B.Pos.Column, Kind, WarpText, Active, Taken & Known,
          Unknown));
  }

  void onLoopCapped(const clang::Stmt *Loop) override {
    if (!CappedLoops.insert(Loop).second)
      return;
    SourcePos P = makePos(AST, Loop->getBeginLoc());
    K.Assumptions.push_back(llvm::formatv(
        "loop at {0}:{1} evaluated for its first iterations only (at most {2} "
        "per loop, {3} per kernel)",
        P.Line, P.Column, LoopIterationCap, KernelIterationBudget));
    Capped.push_back(Loop->getSourceRange());
  }

  void onUnsupported(const clang::Stmt *S, llvm::StringRef What) override {
    if (std::find(K.Unsupported.begin(), K.Unsupported.end(), What) ==
        K.Unsupported.end())
      K.Unsupported.push_back(What.str());
  }

  void finish() {
    const clang::SourceManager &SM = AST.getSourceManager();
    for (AccessSummary &A : K.Accesses)
      for (clang::SourceRange R : Capped)
        if (!SM.isBeforeInTranslationUnit(A.Range.getBegin(), R.getBegin()) &&
            !SM.isBeforeInTranslationUnit(R.getEnd(), A.Range.getBegin()))
          A.InCappedLoop = true;
    auto Before = [&](SourcePos X, SourcePos Y) {
      return std::tie(X.File, X.Line, X.Column) <
             std::tie(Y.File, Y.Line, Y.Column);
    };
    std::stable_sort(K.Accesses.begin(), K.Accesses.end(),
                     [&](const AccessSummary &X, const AccessSummary &Y) {
                       return Before(X.Pos, Y.Pos);
                     });
    std::stable_sort(K.Branches.begin(), K.Branches.end(),
                     [&](const BranchSummary &X, const BranchSummary &Y) {
                       return Before(X.Pos, Y.Pos);
                     });
  }

private:
  clang::ASTContext &AST;
  const TargetModel &TM;
  KernelResult &K;
  bool Dump;
  std::map<std::pair<const void *, unsigned>, unsigned> AccessIndex;
  llvm::DenseMap<const clang::Stmt *, unsigned> BranchIndex;
  llvm::DenseMap<const clang::Stmt *, unsigned> Occurrence;
  uint64_t OccurrenceWarp = ~0ull;
  llvm::SmallPtrSet<const clang::Stmt *, 4> CappedLoops;
  std::vector<clang::SourceRange> Capped;
};

/// `// cuda-access-lint: block(32,8) grid(128,128) param(n=4096)` in the
/// comment lines right above the kernel (documented in README.md).
std::optional<LaunchConfig> annotationFor(clang::ASTContext &Ctx,
                                          const clang::FunctionDecl *FD,
                                          std::vector<std::string> &Notes) {
  const clang::SourceManager &SM = Ctx.getSourceManager();
  clang::SourceLocation Begin = FD->getBeginLoc();
  if (const auto *TD = FD->getPrimaryTemplate())
    Begin = TD->getBeginLoc();
  else if (const auto *Pattern = FD->getTemplateInstantiationPattern())
    if (const auto *TD = Pattern->getDescribedFunctionTemplate())
      Begin = TD->getBeginLoc();
  Begin = SM.getExpansionLoc(Begin);
  clang::FileID FID = SM.getFileID(Begin);
  bool Invalid = false;
  llvm::StringRef Buf = SM.getBufferData(FID, &Invalid);
  if (Invalid)
    return std::nullopt;
  unsigned Off = SM.getFileOffset(Begin);
  // Only the run of `//` comment lines directly above the declaration (or
  // its template header) counts, so that one kernel's annotation never
  // applies to the next.
  llvm::StringRef Above = Buf.substr(0, Off);
  Above = Above.substr(
      0, Above.rfind('\n') == llvm::StringRef::npos ? 0 : Above.rfind('\n'));
  llvm::StringRef Ann;
  while (!Above.empty()) {
    size_t NL = Above.rfind('\n');
    llvm::StringRef Line =
        (NL == llvm::StringRef::npos ? Above : Above.substr(NL + 1)).trim();
    if (!Line.starts_with("//"))
      break;
    size_t At = Line.find("cuda-access-lint:");
    if (At != llvm::StringRef::npos) {
      Ann = Line.substr(At);
      break;
    }
    Above =
        NL == llvm::StringRef::npos ? llvm::StringRef() : Above.substr(0, NL);
  }
  if (Ann.empty())
    return std::nullopt;
  LaunchConfig C;
  C.Source = "annotation";
  llvm::Regex Dim("(block|grid)\\(([0-9, ]+)\\)");
  llvm::Regex Param("param\\(([^)]*)\\)");
  llvm::SmallVector<llvm::StringRef, 3> M;
  llvm::StringRef Rest = Ann;
  bool Any = false;
  while (Dim.match(Rest, &M)) {
    auto D = parseDim3(M[1], M[2]);
    if (!D) {
      Notes.push_back("ignored annotation: " + llvm::toString(D.takeError()));
      return std::nullopt;
    }
    (M[1] == "block" ? C.Block : C.Grid) = *D;
    Any = true;
    Rest = Rest.substr(Rest.find(M[0]) + M[0].size());
  }
  if (Param.match(Ann, &M)) {
    llvm::SmallVector<llvm::StringRef, 4> Ps;
    M[1].split(Ps, ',');
    for (llvm::StringRef P : Ps) {
      auto [N, V] = P.split('=');
      int64_t X;
      if (!V.trim().getAsInteger(0, X)) {
        C.Arguments[N.trim().str()] = X;
        Any = true;
      }
    }
  }
  if (!Any)
    return std::nullopt;
  return C;
}

std::vector<LaunchConfig> configsFor(clang::ASTContext &Ctx,
                                     const KernelInfo &KI,
                                     const AnalysisOptions &Opts,
                                     std::vector<std::string> &Notes) {
  std::vector<LaunchConfig> Out;
  for (const LaunchSite &L : KI.Launches) {
    if (!L.Grid || !L.Block) {
      Notes.push_back("launch at " + L.Pos.str() +
                      " has a non-constant configuration; not used");
      continue;
    }
    const Dim3 &G = *L.Grid, &B = *L.Block;
    if (!G[0] || !G[1] || !G[2] || !B[0] || !B[1] || !B[2] ||
        B[0] * B[1] * B[2] > 1024) {
      // Such a launch runs no thread: CUDA rejects it.
      Notes.push_back("launch at " + L.Pos.str() +
                      " has an empty grid or block, or more than 1024 "
                      "threads per block, and fails; not used");
      continue;
    }
    LaunchConfig C;
    C.Grid = *L.Grid;
    C.Block = *L.Block;
    C.DynamicSharedBytes = L.SharedBytes.value_or(0);
    C.Source = "host-launch";
    C.Site = L.Pos.str();
    for (const LaunchArgument &A : L.Args)
      if (A.Value && !A.Param.empty())
        C.Arguments[A.Param] = *A.Value;
    bool Dup = false;
    for (const LaunchConfig &O : Out)
      Dup |= O.Grid == C.Grid && O.Block == C.Block &&
             O.DynamicSharedBytes == C.DynamicSharedBytes &&
             O.Arguments == C.Arguments;
    if (!Dup)
      Out.push_back(std::move(C));
  }
  if (!Out.empty())
    return Out;
  if (auto A = annotationFor(Ctx, KI.Decl, Notes)) {
    for (auto &[N, V] : Opts.Params)
      A->Arguments.try_emplace(N, V);
    return {*A};
  }
  LaunchConfig C;
  if (Opts.Block || Opts.Grid || !Opts.Params.empty()) {
    C.Source = "command-line";
    if (Opts.Block)
      C.Block = *Opts.Block;
    if (Opts.Grid)
      C.Grid = *Opts.Grid;
    C.Arguments = Opts.Params;
    if (!Opts.Block && KI.LaunchBoundsMaxThreads)
      C.Block = {*KI.LaunchBoundsMaxThreads, 1, 1};
    return {C};
  }
  if (KI.LaunchBoundsMaxThreads) {
    C.Source = "launch-bounds";
    C.Block = {*KI.LaunchBoundsMaxThreads, 1, 1};
    return {C};
  }
  C.Source = "default";
  return {C};
}

std::string dimStr(const Dim3 &D) {
  return llvm::formatv("({0},{1},{2})", D[0], D[1], D[2]);
}

} // namespace

AnalysisResult analyzeKernels(clang::ASTContext &Ctx,
                              const std::vector<KernelInfo> &Kernels,
                              const AnalysisOptions &Opts) {
  AnalysisResult Result;
  Result.Target = Opts.Target;
  ExprContext EC;
  for (const KernelInfo &KI : Kernels) {
    if (KI.IsTemplatePattern || !KI.Decl || !KI.Decl->hasBody())
      continue;
    if (!Opts.KernelFilter.empty() &&
        KI.Name.find(Opts.KernelFilter) == std::string::npos)
      continue;
    std::vector<std::string> Notes;
    for (LaunchConfig &LC : configsFor(Ctx, KI, Opts, Notes)) {
      KernelResult &K = Result.Kernels.emplace_back();
      K.Name = KI.Name;
      K.MangledName = KI.MangledName;
      K.Pos = KI.Pos;
      K.Launch = LC;
      K.Assumptions = Notes;
      if (LC.Source == "default")
        K.Assumptions.push_back(
            "no launch configuration found: assumed block " + dimStr(LC.Block) +
            " and grid " + dimStr(LC.Grid));
      K.Assumptions.push_back("pointer arguments are 256-byte aligned "
                              "(cudaMalloc) and do not overlap");
      Collector Sink(Ctx, Opts.Target, K, Opts.DumpEvents);
      StoreForwarding Compiled(Ctx, Sink, K, Opts.DumpEvents);
      SimtInterpreter Interp(Ctx, EC, Opts.Target, Compiled);

      // Integer parameters: known values are bound; the rest are sampled.
      std::vector<std::pair<const Expr *, int64_t>> Known;
      std::vector<const Expr *> Sampled;
      std::vector<std::string> SampledNames;
      for (const clang::ParmVarDecl *P : KI.Decl->parameters()) {
        clang::QualType T = P->getType();
        if (!T->isIntegralOrEnumerationType())
          continue;
        IntType IT{unsigned(Ctx.getTypeSize(T)),
                   T->isSignedIntegerOrEnumerationType()};
        const Expr *Atom = Interp.paramAtom(P->getName(), IT);
        auto It = LC.Arguments.find(P->getNameAsString());
        if (It != LC.Arguments.end())
          Known.push_back({Atom, It->second});
        else {
          Sampled.push_back(Atom);
          SampledNames.push_back(P->getNameAsString());
        }
      }
      unsigned NumSamples =
          Sampled.empty() ? 1 : std::size(UnknownParamSamples);
      if (!Sampled.empty())
        K.Assumptions.push_back(
            "parameter" + std::string(Sampled.size() > 1 ? "s " : " ") +
            llvm::join(SampledNames, ", ") + " unknown: evaluated with " +
            llvm::formatv("{0} and {1}", UnknownParamSamples[0],
                          UnknownParamSamples[1])
                .str());
      K.NumSamples = NumSamples;

      // First, last and an interior block: boundary guards such as
      // `if (i < n)` differ between them.
      const Dim3 &G = LC.Grid;
      for (Dim3 B : {Dim3{0, 0, 0}, Dim3{G[0] - 1, G[1] - 1, G[2] - 1},
                     Dim3{G[0] / 2, G[1] / 2, G[2] / 2}})
        if (std::find(K.EvaluatedBlocks.begin(), K.EvaluatedBlocks.end(), B) ==
            K.EvaluatedBlocks.end())
          K.EvaluatedBlocks.push_back(B);
      uint64_t Threads = LC.Block[0] * LC.Block[1] * LC.Block[2];
      K.WarpsPerBlock =
          unsigned((Threads + Opts.Target.WarpSize - 1) / Opts.Target.WarpSize);
      uint64_t Warps =
          uint64_t(NumSamples) * K.EvaluatedBlocks.size() * K.WarpsPerBlock;
      Interp.setIterationBudget(std::max<uint64_t>(
          LoopIterationCap,
          KernelIterationBudget / std::max<uint64_t>(1, Warps)));
      for (unsigned S = 0; S < NumSamples; ++S) {
        WarpSetup W;
        W.BlockDim = LC.Block;
        W.GridDim = LC.Grid;
        for (auto &[A, V] : Known)
          W.KnownParams[A] = V;
        std::string Desc;
        for (unsigned I = 0; I < Sampled.size(); ++I) {
          W.ParamValues[Sampled[I]] = UnknownParamSamples[S];
          Desc += (I ? ", " : "") + SampledNames[I] + "=" +
                  std::to_string(UnknownParamSamples[S]);
        }
        K.SampleDescriptions.push_back(Desc);
        Sink.Sample = S;
        for (unsigned BI = 0; BI < K.EvaluatedBlocks.size(); ++BI) {
          W.BlockIdx = K.EvaluatedBlocks[BI];
          for (unsigned Wp = 0; Wp < K.WarpsPerBlock; ++Wp) {
            W.WarpInBlock = Wp;
            Sink.WarpKey =
                (uint64_t(S) * K.EvaluatedBlocks.size() + BI) * 4096 + Wp;
            Sink.WarpText = "block" + dimStr(W.BlockIdx) + " warp " +
                            std::to_string(Wp) +
                            (Desc.empty() ? "" : " [" + Desc + "]");
            Interp.runWarp(KI.Decl, W);
            ++K.WarpsEvaluated;
          }
        }
      }
      Sink.finish();
      Compiled.finish();
      K.HiddenBranches = findHiddenBranches(Ctx, KI.Decl);
    }
  }
  return Result;
}

} // namespace cal
