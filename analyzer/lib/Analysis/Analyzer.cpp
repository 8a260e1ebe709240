//===- Analyzer.cpp - Launch configurations, sampling, aggregation --------===//
#include "cal/Analysis/Analyzer.h"
#include "CompilerEffects.h"
#include "LaunchConfigs.h"
#include "PartitionSurvey.h"
#include "Sampling.h"
#include "SimtInterpreter.h"
#include "StoreForwarding.h"
#include "TrafficCounter.h"

#include "cal/Models/LocalConstantModels.h"
#include "cal/Models/MemoryModels.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "clang/AST/DeclTemplate.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/TimeProfiler.h"
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Regex.h"
#include <functional>

namespace cal {

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
    if ((*B)[0] * (*B)[1] * (*B)[2] > O.Target.MaxThreadsPerBlock)
      return llvm::createStringError(
          "--block=%s has more than %u threads, the limit of %s",
          Block.str().c_str(), O.Target.MaxThreadsPerBlock,
          O.Target.Arch.c_str());
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
         (S < K.Samples.size() ? K.Samples[S].Description
                               : "sample " + std::to_string(S));
  return D;
}

double AccessSummary::headline(const KernelResult &K) const {
  if (sampleDependence(K).empty())
    return mainStat().mean();
  Stat Typical;
  for (auto &[S, St] : PerSample)
    if (S < K.Samples.size() && K.Samples[S].ParamSample == 0) {
      Typical.Sum += St.Sum;
      Typical.Weight += St.Weight;
      Typical.N += St.N;
    }
  return Typical.empty() ? mainStat().mean() : Typical.mean();
}

const Stat &AccessSummary::mainStat() const {
  switch (Space) {
  case AddrSpace::Shared:
    return Wavefronts;
  case AddrSpace::Constant:
    return ConstantRequests;
  default:
    return Sectors;
  }
}

const char *AccessSummary::mainUnit() const {
  switch (Space) {
  case AddrSpace::Shared:
    return "wavefronts";
  case AddrSpace::Constant:
    return "constant requests";
  default:
    return "sectors";
  }
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
      : Traffic(TM), AST(AST), TM(TM), K(K), Dump(Dump) {}

  unsigned Sample = 0;
  /// Names of the kernel's parameters whose values are sampled, and the
  /// grid dimensions computed at run time (sampled too).
  llvm::StringSet<> SampledParams;
  std::array<bool, 3> GridSampled = {false, false, false};
  void onSampledLoad(const Expr *Atom) override {
    SampledParams.insert(Atom->getName());
  }
  /// Blocks of the grid the current block stands for, normalised per
  /// sample (see Stat).
  double Weight = 1;
  uint64_t WarpKey = 0;
  std::string WarpText;
  /// Bytes and operations over the grid (Roofline.h).
  TrafficCounter Traffic;

  void onArith(OpClass C, unsigned N, uint32_t Active) override {
    Traffic.addOps(C, N, Active);
  }

  /// For a shared atomic that compiles to a compare-and-swap, the
  /// executions it takes: 1 for atomicCAS; for a floating-point
  /// read-modify-write, a spin loop in which one lane per bank succeeds per
  /// pass, so the lanes of the most used bank (H100 probes). 0 for the
  /// integer atomics, which cost as loads.
  static unsigned casPasses(const clang::Expr *Site,
                            const std::array<LaneAddress, MaxLanes> &Lanes,
                            const TargetModel &TM) {
    const auto *CE = dyn_cast<clang::CallExpr>(Site);
    const clang::FunctionDecl *FD = CE ? CE->getDirectCallee() : nullptr;
    if (!FD || !FD->getIdentifier() || CE->getNumArgs() < 1)
      return 0;
    llvm::StringRef N = FD->getName();
    if (N.starts_with("atomicCAS"))
      return 1;
    clang::QualType T = CE->getArg(0)->getType()->getPointeeType();
    if (!T->isRealFloatingType() || N.starts_with("atomicExch"))
      return 0;
    std::vector<unsigned> PerBank(TM.SharedBanks, 0);
    unsigned Most = 1;
    for (const LaneAddress &L : Lanes)
      if (L)
        Most = std::max(Most, ++PerBank[*L / TM.BankWidthBytes %
                                        TM.SharedBanks]);
    return Most;
  }

  void onAccess(const clang::Expr *Site, AccessKind Kind, const MemObject &Obj,
                unsigned Bytes, uint32_t Active, const LaneAddresses &Addrs,
                bool UnderUnknown) override {
    // An access made inside a system header's function is the user's
    // access at the call that reached it, one per such call; the header's
    // line goes with it (a profiler may name either).
    auto [It, New] = AccessIndex.try_emplace(
        std::make_tuple(Site, unsigned(Kind), Addrs.UserSite),
        K.Accesses.size());
    if (New) {
      AccessSummary &A = K.Accesses.emplace_back();
      const clang::Expr *At = Addrs.UserSite ? Addrs.UserSite : Site;
      A.Pos = makePos(AST, At->getBeginLoc());
      A.Range = At->getSourceRange();
      if (Addrs.UserSite)
        A.HeaderPos = makePos(AST, Site->getBeginLoc());
      A.Space = Obj.Space;
      A.Kind = Kind;
      A.BytesPerLane = Bytes;
      if (Obj.Space == AddrSpace::Shared)
        A.SharedArray = Obj.Decl;
    }
    AccessSummary &A = K.Accesses[It->second];
    if (A.SharedArray != Obj.Decl)
      A.SharedArray = nullptr;
    // A site first reached through a pointer of unknown target takes the
    // space of the first known target seen later.
    if (A.Space == AddrSpace::Unknown)
      A.Space = Obj.Space;
    A.UnderUnknownBranch |= UnderUnknown;
    ++A.Requests;
    A.WeightedRequests += Weight;
    A.ActiveLanes.add(__builtin_popcount(Active), Weight);
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
      A.WeightedUnknownRequests += Weight;
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
    double Main = 0, Ideal = 0;
    // Global and local requests are both costed in L1TEX sectors.
    auto AddSectors = [&](const GlobalCost &C, llvm::StringRef Unit) {
      A.Sectors.add(C.Sectors, Weight);
      A.IdealSectors.add(C.IdealSectors, Weight);
      A.Lines.add(C.Lines, Weight);
      Main = C.Sectors;
      Ideal = C.IdealSectors;
      if (Dump)
        Line += llvm::formatv(" {0}={1} ideal={2}", Unit, C.Sectors,
                              C.IdealSectors);
    };
    if (Obj.Space == AddrSpace::Global) {
      GlobalCost C =
          computeGlobalCost(TM, Lanes, Bytes, Kind == AccessKind::Load);
      if (TM.countsTransactions()) {
        A.TransactionBytes.add(C.TransactionBytes, Weight);
        A.IdealBytes.add(C.IdealBytes, Weight);
      }
      AddSectors(C, TM.globalUnit());
      Traffic.addSectorBytes(TM.countsTransactions()
                                 ? C.TransactionBytes
                                 : C.Sectors * TM.SectorBytes);
      Traffic.addDramUnits(Obj.Base, Kind != AccessKind::Store,
                           Kind != AccessKind::Load, Lanes, Bytes);
    } else if (Obj.Space == AddrSpace::Local) {
      GlobalCost C = computeLocalCost(TM, Lanes, Bytes);
      AddSectors(C, "local sectors");
      Traffic.addSectorBytes(C.Sectors * TM.SectorBytes);
    } else if (Obj.Space == AddrSpace::Constant) {
      unsigned N = computeConstantRequests(Lanes);
      A.ConstantRequests.add(N, Weight);
      Main = N;
      Ideal = 1;
      if (Dump)
        Line += llvm::formatv(" constant requests={0}", N);
    } else if (Obj.Space == AddrSpace::Shared) {
      SharedCost C =
          computeSharedCost(TM, Lanes, Bytes, Kind == AccessKind::Load);
      if (unsigned Passes = Kind == AccessKind::Atomic && TM.SharedCasWavefronts
                                ? casPasses(Site, Lanes, TM)
                                : 0) {
        // A compare-and-swap: a fixed cost per execution, executed once per
        // pass of the spin loop (the first pass is the request counted
        // above).
        C.Wavefronts = C.IdealWavefronts = TM.SharedCasWavefronts;
        A.Requests += Passes - 1;
        A.WeightedRequests += Weight * (Passes - 1);
      }
      A.Wavefronts.add(C.Wavefronts, Weight);
      A.IdealWavefronts.add(C.IdealWavefronts, Weight);
      Main = C.Wavefronts;
      Ideal = C.IdealWavefronts;
      if (Dump)
        Line += llvm::formatv(" wavefronts={0} ideal={1}", C.Wavefronts,
                              C.IdealWavefronts);
    }
    A.PerSample[Sample].add(Main, Weight);
    A.PerSampleIdeal[Sample].add(Ideal, Weight);
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
                uint32_t Taken, uint32_t Unknown, llvm::StringRef Why,
                const Expr *Cond) override {
    auto [It, New] = BranchIndex.try_emplace(S, K.Branches.size());
    if (New) {
      BranchSummary &B = K.Branches.emplace_back();
      B.Pos = makePos(AST, S->getBeginLoc());
      B.Range = S->getSourceRange();
      // The finding underlines the test, as clang does, not the whole
      // statement (an if/else can span many lines).
      const clang::Expr *Test = nullptr;
      if (const auto *If = dyn_cast<clang::IfStmt>(S))
        Test = If->getCond();
      else if (const auto *F = dyn_cast<clang::ForStmt>(S))
        Test = F->getCond();
      else if (const auto *W = dyn_cast<clang::WhileStmt>(S))
        Test = W->getCond();
      else if (const auto *D = dyn_cast<clang::DoStmt>(S))
        Test = D->getCond();
      else if (const auto *Sw = dyn_cast<clang::SwitchStmt>(S))
        Test = Sw->getCond();
      if (Test)
        B.TestRange = Test->getSourceRange();
      B.Kind = Kind.str();
      if (const auto *If = dyn_cast<clang::IfStmt>(S)) {
        B.Lowering = branchLowering(AST, If);
        B.LikelyPredicated = B.Lowering != BranchLowering::Branch;
      }
      B.NoCostWhy = divergenceWithoutCost(S);
    }
    BranchSummary &B = K.Branches[It->second];
    if (Cond && !B.DependsOnSampledParameters)
      B.DependsOnSampledParameters = mentionsSampled(Cond);
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
    Traffic.finish();
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

  /// Whether some loop stopped before its end.
  bool cappedLoops() const { return !Capped.empty(); }

private:
  clang::ASTContext &AST;
  const TargetModel &TM;
  KernelResult &K;
  bool Dump;
  std::map<std::tuple<const void *, unsigned, const void *>, unsigned>
      AccessIndex;
  /// Whether \p E names a sampled parameter; memoised, as expressions are
  /// unique per context and conditions repeat across warps.
  bool mentionsSampled(const Expr *E) {
    auto [It, New] = Mentions.try_emplace(E, false);
    if (!New)
      return It->second;
    bool Atom = E->getKind() == ExprKind::Atom;
    bool M = Atom && ((E->getAtomKind() == AtomKind::Param &&
                       SampledParams.contains(E->getName())) ||
                      (E->getAtomKind() == AtomKind::GridDim &&
                       GridSampled[E->getComponent()]));
    for (unsigned I = 0; !M && I < E->getNumOperands(); ++I)
      M = mentionsSampled(E->getOperand(I));
    return Mentions[E] = M;
  }
  llvm::DenseMap<const Expr *, bool> Mentions;
  llvm::DenseMap<const clang::Stmt *, unsigned> BranchIndex;
  llvm::DenseMap<const clang::Stmt *, unsigned> Occurrence;
  uint64_t OccurrenceWarp = ~0ull;
  llvm::SmallPtrSet<const clang::Stmt *, 4> CappedLoops;
  std::vector<clang::SourceRange> Capped;
};

/// An integer parameter whose value the launch leaves unknown.
struct SampledParam {
  const Expr *Atom;
  std::string Name;
  ParamUse Use;
  unsigned Rank; ///< among the unknown parameters, in declaration order
  /// The counter of a loop around the launch: its first and last values,
  /// which are the two samples.
  std::optional<std::pair<int64_t, int64_t>> Range;
  int64_t sample(unsigned S) const {
    if (Range)
      return S == 0 ? Range->first : Range->second;
    return paramSample(Use, S, Rank);
  }
};

/// "parameters k, n unknown: evaluated with k=4096, n=4352, then k=4097,
/// n=4353 (k: loop bound)".
std::string paramAssumption(const std::vector<SampledParam> &Ps) {
  std::vector<std::string> Names, Uses;
  std::array<std::vector<std::string>, 2> Values;
  for (const SampledParam &P : Ps) {
    Names.push_back(P.Name);
    for (unsigned S = 0; S < 2; ++S)
      Values[S].push_back((Ps.size() > 1 ? P.Name + "=" : std::string()) +
                          std::to_string(P.sample(S)));
    if (P.Range)
      Uses.push_back(P.Name + ": counter of the loop around the launch, " +
                     std::to_string(P.Range->first) + " to " +
                     std::to_string(P.Range->second));
    else if (P.Use != ParamUse::Plain)
      Uses.push_back(P.Name + ": " + paramUseName(P.Use));
  }
  std::string S = "parameter" + std::string(Ps.size() > 1 ? "s " : " ") +
                  llvm::join(Names, ", ") + " unknown: evaluated with " +
                  llvm::join(Values[0], ", ") +
                  (Ps.size() > 1 ? ", then " : " and ") +
                  llvm::join(Values[1], ", ");
  if (!Uses.empty())
    S += " (" + llvm::join(Uses, "; ") + ")";
  return S;
}

/// The samples of a launch: its block (for an assumed launch, the one
/// configsFor chose) with each parameter sample; grid components computed
/// at run time follow the parameter sample. States what is sampled in \p K.
void planSamples(const LaunchConfig &LC, const std::vector<SampledParam> &Ps,
                 KernelResult &K) {
  unsigned ParamSamples = Ps.empty() && LC.gridKnown() ? 1 : 2;
  if (LC.Assumed) {
    K.Assumptions.push_back(
        LC.AssumedWhy + ": assumed block " + dimStr(LC.Block) +
        " with grid " + dimStr(LC.Grid) +
        (LC.Block == DefaultBlock2D
             ? " (the kernel indexes threadIdx or blockDim in y or z)"
             : " (the kernel indexes in one dimension)"));
  }
  for (unsigned D = 0; D < 3; ++D)
    if (LC.GridUnknown[D]) {
      uint64_t B = LC.Block[D];
      K.Assumptions.push_back(llvm::formatv(
          "grid.{0} computed at run time: evaluated as {1} and {2} (blocks "
          "of {3} threads covering {4} and {5} threads)",
          "xyz"[D], (UnknownGridThreads[0] + B - 1) / B,
          (UnknownGridThreads[1] + B - 1) / B, B, UnknownGridThreads[0],
          UnknownGridThreads[1]));
    }
  if (!LC.gridKnown())
    K.SampledWhat.push_back("the run-time grid");
  if (!Ps.empty()) {
    K.Assumptions.push_back(paramAssumption(Ps));
    K.SampledWhat.push_back("unknown parameters");
  }
  for (unsigned PS = 0; PS < ParamSamples; ++PS) {
      SampleInfo &S = K.Samples.emplace_back();
      S.ParamSample = PS;
      S.Block = LC.Block;
      S.Grid = LC.Grid;
      std::vector<std::string> Desc;
      for (unsigned D = 0; D < 3; ++D)
        if (LC.GridUnknown[D])
          S.Grid[D] = (UnknownGridThreads[PS] + LC.Block[D] - 1) / LC.Block[D];
      if (!LC.gridKnown())
        Desc.push_back("grid " + dimStr(S.Grid));
      for (const SampledParam &P : Ps)
        Desc.push_back(P.Name + "=" + std::to_string(P.sample(PS)));
      S.Description = llvm::join(Desc, ", ");
      representativeBlocks(S.Grid, S.Blocks, S.BlockWeights);
    }
  K.NumSamples = unsigned(K.Samples.size());
  K.EvaluatedBlocks = K.Samples.front().Blocks;
}

/// States that values loaded from memory were sampled, in the assumptions
/// and in each sample's description.
void noteSampledLoads(KernelResult &K) {
  K.SampledWhat.push_back("values loaded from memory");
  K.Assumptions.push_back(llvm::formatv(
      "integers loaded from an address that is the same for every lane of "
      "the warp (load@LINE:COL in index expressions) are data: evaluated as "
      "{0} + {2}k and {1} + {2}k, k numbering the loads in order",
      UnknownParamSamples[0], UnknownParamSamples[1], UnknownParamStep));
  for (SampleInfo &S : K.Samples)
    S.Description +=
        (S.Description.empty() ? "" : ", ") +
        llvm::formatv("loaded values {0} + {1}k",
                      UnknownParamSamples[S.ParamSample], UnknownParamStep)
            .str();
  K.NumSamples = unsigned(K.Samples.size());
}

/// Why no access was reached: the tests that every warp decided alike.
std::string noAccessReason(const KernelResult &K) {
  std::vector<std::string> Tests;
  for (const BranchSummary &B : K.Branches)
    if (B.classify() == BranchClass::Uniform && !B.OccurrenceOutcome.empty() &&
        B.OccurrenceOutcome[0] >= 0)
      Tests.push_back(llvm::formatv("{0}:{1} ({2})", B.Pos.Line, B.Pos.Column,
                                    B.OccurrenceOutcome[0] ? "always true"
                                                           : "always false"));
  std::string R = "no evaluated warp reached a memory access";
  if (!Tests.empty())
    R += ": the test" + std::string(Tests.size() > 1 ? "s at " : " at ") +
         llvm::join(Tests, ", ") + " came out the same in every evaluated warp";
  if (!K.SampledWhat.empty())
    R += " (the samples vary " + llvm::join(K.SampledWhat, " and ") + ")";
  if (!K.Unsupported.empty())
    R += "; not followed: " + llvm::join(K.Unsupported, ", ");
  else if (Tests.empty())
    R += " (the kernel makes none that the analyzer follows)";
  return R;
}

} // namespace

/// A parameter's name and, for a by-value struct, its fields' names
/// (`arg.field`), as --param may set them.
static void addParamNames(clang::QualType T, const std::string &Name,
                          std::vector<std::string> &Names) {
  if (!llvm::is_contained(Names, Name))
    Names.push_back(Name);
  if (const auto *RD = T->getAsRecordDecl())
    for (const clang::FieldDecl *FD : RD->fields())
      addParamNames(FD->getType(), Name + "." + FD->getNameAsString(), Names);
}

llvm::Error checkParamNames(const AnalysisOptions &Opts,
                            llvm::ArrayRef<std::string> ParamNames) {
  for (auto &[Name, V] : Opts.Params) {
    if (llvm::is_contained(ParamNames, Name))
      continue;
    std::string Best;
    unsigned BestDist = ~0u;
    for (const std::string &P : ParamNames) {
      unsigned D = llvm::StringRef(Name).edit_distance(P);
      if (D < BestDist)
        BestDist = D, Best = P;
    }
    // Suggest only a plausible typo, as clang does.
    std::string Hint = !Best.empty() && BestDist <= (Name.size() + 2) / 3 + 1
                           ? "; did you mean '" + Best + "'?"
                           : "";
    return llvm::createStringError("--param '%s' names no parameter of an "
                                   "analysed kernel%s",
                                   Name.c_str(), Hint.c_str());
  }
  return llvm::Error::success();
}

/// A kernel entry with no figures, for a launch that was not analysed:
/// \p Why goes to assumptions[] and, when \p Unsupported, unsupported[].
static KernelResult unanalysed(const KernelInfo &KI, const LaunchConfig &LC,
                               const AnalysisOptions &Opts, std::string Why,
                               bool Unsupported) {
  KernelResult K;
  K.Name = KI.Name;
  K.MangledName = KI.MangledName;
  K.Pos = KI.Pos;
  K.Loc = KI.Decl->getLocation();
  K.Launch = LC;
  K.GlobalUnit = Opts.Target.globalUnit().str();
  K.NoAccessReason = Why;
  if (Unsupported)
    K.Unsupported.push_back(Why);
  K.Assumptions.push_back(std::move(Why));
  return K;
}

/// "60", "0.5", "1e-06": the budget as the user wrote it, more or less.
static std::string budgetText(double Seconds) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%g", Seconds);
  return Buf;
}

AnalysisResult analyzeKernels(clang::ASTContext &Ctx,
                              const std::vector<KernelInfo> &Kernels,
                              const AnalysisOptions &Opts) {
  llvm::CrashRecoveryContext::Enable();
  std::optional<std::chrono::steady_clock::time_point> Deadline;
  if (Opts.BudgetSeconds > 0)
    Deadline = std::chrono::steady_clock::now() +
               std::chrono::microseconds(int64_t(Opts.BudgetSeconds * 1e6));
  AnalysisResult Result;
  Result.Target = Opts.Target;
  ExprContext EC;
  for (const KernelInfo &KI : Kernels) {
    if (KI.IsTemplatePattern && KI.Decl &&
        (Opts.KernelFilter.empty() ||
         KI.Name.find(Opts.KernelFilter) != std::string::npos) &&
        KI.Decl->getDescribedFunctionTemplate() &&
        KI.Decl->getDescribedFunctionTemplate()->specializations().empty()) {
      // Every kernel is accounted for: a template nothing instantiates in
      // this file has no code to analyse, and says so.
      LaunchConfig None;
      None.Assumed = true;
      None.Source = "default";
      None.AssumedWhy = "no instantiation";
      Result.Kernels.push_back(unanalysed(
          KI, None, Opts,
          "template kernel with no instantiation in this translation unit "
          "(no launch and no explicit instantiation): not analysed",
          /*Unsupported=*/false));
      continue;
    }
    if (KI.IsTemplatePattern || !KI.Decl || !KI.Decl->hasBody())
      continue;
    if (!Opts.KernelFilter.empty() &&
        KI.Name.find(Opts.KernelFilter) == std::string::npos)
      continue;
    for (const clang::ParmVarDecl *P : KI.Decl->parameters())
      addParamNames(P->getType(), P->getNameAsString(), Result.ParamNames);
    llvm::DenseMap<const clang::ParmVarDecl *, ParamUse> Uses =
        classifyParamUses(KI.Decl);
    std::vector<std::string> Notes;
    std::vector<AnnotationIssue> Issues;
    for (LaunchConfig &LC : configsFor(Ctx, KI, Opts, Notes, Issues)) {
      size_t Index = Result.Kernels.size();
      if (Deadline && std::chrono::steady_clock::now() > *Deadline) {
        // The file's budget is spent: this launch is not evaluated at all.
        KernelResult &K = Result.Kernels.emplace_back(unanalysed(
            KI, LC, Opts,
            "analysis budget: the file's " + budgetText(Opts.BudgetSeconds) +
                " s were spent before this launch; not analysed "
                "(--analysis-budget)",
            /*Unsupported=*/true));
        K.BudgetHit = true;
        continue;
      }
      auto AnalyseLaunch = [&] {
        // One span per launch in --time-trace (a no-op when not tracing).
        llvm::TimeTraceScope Span("AnalyzeLaunch", [&] {
          auto D = [](const Dim3 &V) {
            return "(" + std::to_string(V[0]) + "," + std::to_string(V[1]) +
                   "," + std::to_string(V[2]) + ")";
          };
          return KI.Name + " grid " + D(LC.Grid) + " block " + D(LC.Block);
        });
        // Fault injection for the test of the recovery below (lit
        // interpreter/crash-recovery.cu): never set in normal use.
        if (const char *Crash = std::getenv("CAL_TEST_CRASH_IN_KERNEL");
            Crash && KI.Name == Crash)
          LLVM_BUILTIN_TRAP;
        KernelResult &K = Result.Kernels.emplace_back();
        K.AnnotationIssues = std::move(Issues); // the first analysis only
        Issues.clear();
        K.Name = KI.Name;
        K.MangledName = KI.MangledName;
        K.Pos = KI.Pos;
        K.Loc = KI.Decl->getLocation();
        K.Launch = LC;
        K.Assumptions = Notes;
        K.GlobalUnit = Opts.Target.globalUnit().str();
        if (!LC.Assumed) {
          std::optional<unsigned> Regs;
          for (const std::string &N : {KI.Name, KI.MangledName})
            if (auto It = Opts.Registers.find(N); It != Opts.Registers.end())
              Regs = It->second;
          K.Occupancy = computeOccupancy(
              Opts.Target, unsigned(LC.Block[0] * LC.Block[1] * LC.Block[2]),
              Regs, staticSharedBytes(Ctx, KI.Decl), LC.DynamicSharedBytes);
          if (!Regs && !Opts.RegistersWhy.empty())
            K.Occupancy.RegistersWhy = Opts.RegistersWhy;
          // A block larger than __launch_bounds__'s maximum does not launch
          // (Programming Guide, "Launch Bounds": the launch fails).
          if (KI.LaunchBoundsMaxThreads && K.Occupancy.Modelled &&
              K.Occupancy.ThreadsPerBlock > *KI.LaunchBoundsMaxThreads) {
            K.Occupancy.BlocksPerSM = K.Occupancy.ActiveWarpsPerSM = 0;
            K.Occupancy.Percent = 0;
            K.Occupancy.Exact = true;
            K.Occupancy.LimitedBy = "__launch_bounds__(" +
                                    std::to_string(*KI.LaunchBoundsMaxThreads) +
                                    "): the block does not launch";
          }
        } else {
          K.Occupancy.Why = "no launch: the block is assumed";
        }
        // The launch is the program's, but the file analysed does not show
        // it: say where it was found.
        if (!LC.Origin.empty())
          K.Assumptions.push_back("launch found in " + LC.Origin);
        // One member of a set of configurations the program can launch.
        for (const std::string &C : LC.Choices)
          K.Assumptions.push_back("launch set member: " + C);
        if (!LC.Overrides.empty())
          K.Assumptions.push_back(
              std::string(LC.Source == "host-launch"
                              ? "argument values set over the launch's: "
                              : "parameter values given: ") +
              llvm::join(LC.Overrides, ", "));
        if (!LC.Assumed && LC.Source != "host-launch" && LC.Grid == DefaultGrid)
          K.Assumptions.push_back("no grid given: assumed " + dimStr(LC.Grid));
        K.Assumptions.push_back("pointer arguments are " +
                                std::to_string(TargetModel::AllocationAlignment) +
                                "-byte aligned (cudaMalloc) and do not overlap");
        for (auto &[P, Off] : LC.PointerOffsets)
          K.Assumptions.push_back("pointer argument " + P + " starts " +
                                  std::to_string(Off) +
                                  " bytes from an allocation's start (as the "
                                  "launch passes it)");
        Collector Sink(Ctx, Opts.Target, K, Opts.DumpEvents);
        StoreForwarding Compiled(Ctx, Sink, K, Opts.DumpEvents);
        SimtInterpreter Interp(Ctx, EC, Opts.Target, Compiled);
      if (Deadline)
        Interp.setDeadline(*Deadline);

        // Integer parameters: known values are bound; the rest are sampled.
        std::vector<std::pair<const Expr *, int64_t>> Known;
        std::vector<SampledParam> Sampled;
        // The integer fields of a by-value struct argument are parameters
        // too, named `arg.field`; their uses are not classified.
        std::function<void(clang::QualType, const std::string &, ParamUse)>
            AddParam = [&](clang::QualType T, const std::string &Name,
                           ParamUse Use) {
              if (const auto *RD = T->getAsRecordDecl()) {
                for (const clang::FieldDecl *FD : RD->fields())
                  AddParam(FD->getType(), Name + "." + FD->getNameAsString(),
                           ParamUse());
                return;
              }
              if (!T->isIntegralOrEnumerationType())
                return;
              IntType IT{unsigned(Ctx.getTypeSize(T)),
                         T->isSignedIntegerOrEnumerationType()};
              const Expr *Atom = Interp.paramAtom(Name, IT);
              auto It = LC.Arguments.find(Name);
              if (It != LC.Arguments.end())
                Known.push_back({Atom, It->second});
              else {
                Sampled.push_back(
                    {Atom, Name, Use, unsigned(Sampled.size()), std::nullopt});
                auto R = LC.ArgumentRanges.find(Name);
                if (R != LC.ArgumentRanges.end())
                  Sampled.back().Range = R->second;
                Sink.SampledParams.insert(Name);
              }
            };
        for (const clang::ParmVarDecl *P : KI.Decl->parameters())
          AddParam(P->getType(), P->getNameAsString(), Uses.lookup(P));
        planSamples(LC, Sampled, K);
        llvm::append_range(K.Assumptions, Opts.TargetAssumptions);
        for (unsigned D = 0; D < 3; ++D)
          Sink.GridSampled[D] = LC.GridUnknown[D];

        uint64_t Warps = 0;
        for (const SampleInfo &S : K.Samples)
          Warps +=
              S.Blocks.size() *
              ((S.Block[0] * S.Block[1] * S.Block[2] + Opts.Target.WarpSize - 1) /
               Opts.Target.WarpSize);
        Interp.setIterationBudget(std::max<uint64_t>(
            LoopIterationCap,
            KernelIterationBudget / std::max<uint64_t>(1, Warps)));
        WarpSetup FirstSetup;
        for (unsigned S = 0; S < K.Samples.size(); ++S) {
          const SampleInfo &SI = K.Samples[S];
          WarpSetup W;
          W.BlockDim = SI.Block;
          W.GridDim = SI.Grid;
          for (auto &[A, V] : Known)
            W.KnownParams[A] = V;
          for (const SampledParam &P : Sampled)
            W.ParamValues[P.Atom] = P.sample(SI.ParamSample);
          W.LoadSample = SI.ParamSample;
          W.PointerOffsets = LC.PointerOffsets;
          uint64_t Threads = SI.Block[0] * SI.Block[1] * SI.Block[2];
          unsigned WarpsPerBlock = unsigned((Threads + Opts.Target.WarpSize - 1) /
                                            Opts.Target.WarpSize);
          if (S == 0) {
            K.WarpsPerBlock = WarpsPerBlock;
            FirstSetup = W;
          }
          double GridBlocks = double(SI.Grid[0]) * SI.Grid[1] * SI.Grid[2];
          Sink.Sample = S;
          for (unsigned BI = 0; BI < SI.Blocks.size(); ++BI) {
            W.BlockIdx = SI.Blocks[BI];
            // Each sample counts once, whatever its grid's size.
            Sink.Weight = double(SI.BlockWeights[BI]) / GridBlocks;
            Sink.Traffic.beginBlock(S, GridBlocks * double(Threads),
                                    SI.BlockWeights[BI]);
            for (unsigned Wp = 0; Wp < WarpsPerBlock; ++Wp) {
              W.WarpInBlock = Wp;
              Sink.WarpKey = (uint64_t(S) * SI.Blocks.size() + BI) * 4096 + Wp;
              Sink.WarpText =
                  "block" + dimStr(W.BlockIdx) + " warp " + std::to_string(Wp) +
                  (SI.Description.empty() ? "" : " [" + SI.Description + "]");
              if (Interp.overBudget()) {
                K.BudgetHit = true;
                break;
              }
              Interp.runWarp(KI.Decl, W);
              ++K.WarpsEvaluated;
              K.WarpWeight += Sink.Weight;
            }
          }
          // Integers loaded from warp-uniform addresses take two sample
          // values; a plan of one sample gets its second now.
          if (S == 0 && Interp.sampledLoads() &&
              llvm::none_of(K.Samples, [](const SampleInfo &X) {
                return X.ParamSample == 1;
              }))
            for (unsigned I = 0, N = unsigned(K.Samples.size()); I < N; ++I) {
              SampleInfo Second = K.Samples[I];
              Second.ParamSample = 1;
              K.Samples.push_back(std::move(Second));
            }
        }
        if (Interp.sampledLoads())
          noteSampledLoads(K);
        if (!Interp.loadedPointerSites().empty())
          K.Assumptions.push_back(
              "pointers loaded from global memory (at " +
              llvm::join(Interp.loadedPointerSites(), ", ") +
              ") point to global memory, each to a buffer of its own, " +
              std::to_string(TargetModel::AllocationAlignment) +
              "-byte aligned");
        Sink.finish();
        Compiled.finish();
        if (!LC.Assumed) {
          std::vector<std::string> Incomplete;
          if (Sink.cappedLoops())
            Incomplete.push_back("loops stopped before their end");
          if (!K.Unsupported.empty())
            Incomplete.push_back("calls not followed");
          if (llvm::any_of(K.Accesses, [](const AccessSummary &A) {
                return A.Space == AddrSpace::Unknown ||
                       (A.Space == AddrSpace::Global && A.UnknownRequests);
              }))
            Incomplete.push_back("global accesses of unknown address");
          K.Roofline = computeRoofline(Opts.Target, Sink.Traffic.samples(),
                                       Incomplete, K.SampledWhat);
        } else {
          K.Roofline.Why = "no launch: the grid is assumed";
        }
        if (Opts.Target.Partitions && !K.Samples.empty())
          surveyPartitions(Ctx, EC, Opts.Target, KI.Decl, K.Samples.front(),
                           FirstSetup, K);
        if (Interp.overBudget()) {
          K.BudgetHit = true;
          K.Unsupported.push_back(
              "analysis budget: the file's " +
              budgetText(Opts.BudgetSeconds) +
              " s ran out during this launch; its figures cover the warps "
              "and loop iterations evaluated before (--analysis-budget)");
        }
        K.HiddenBranches = findHiddenBranches(Ctx, KI.Decl);
        if (K.Accesses.empty() && K.NotIssued.empty()) {
          K.NoAccessReason = noAccessReason(K);
          K.Assumptions.push_back(K.NoAccessReason);
        }
      };
      // An unexpected construct must cost one kernel its figures, never
      // the run: a crash in this launch's analysis is reported as such.
      llvm::CrashRecoveryContext CRC;
      if (!CRC.RunSafely(AnalyseLaunch)) {
        Result.Kernels.resize(Index);
        Result.Kernels.push_back(
            unanalysed(KI, LC, Opts,
                       "internal error: the analysis of this launch stopped; "
                       "nothing of it is reported",
                       /*Unsupported=*/true));
      }
    }
  }
  return Result;
}

} // namespace cal
