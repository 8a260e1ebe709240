//===- InterpretationPass.cpp - The warps of a launch, lane by lane -------===//
//
// The pass at the centre of the analysis: plans the samples of the launch
// (the block, the run-time grid, values for unknown parameters), runs the
// SIMT interpreter over the representative blocks' warps of each sample, and
// leaves the kernel's accesses, branches and not-issued accesses in the
// KernelResult, and the traffic for the roofline in the LaunchState.
//
//===----------------------------------------------------------------------===//
#include "Collector.h"
#include "LaunchConfigs.h"
#include "LaunchPass.h"
#include "StoreForwarding.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include <functional>

namespace cal {
namespace {

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
        LC.AssumedWhy + ": assumed block " + dimStr(LC.Block) + " with grid " +
        dimStr(LC.Grid) +
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

class InterpretationPass : public LaunchPass {
public:
  llvm::StringRef name() const override { return "interpretation"; }
  void run(LaunchState &S, KernelResult &K) const override;
};

void InterpretationPass::run(LaunchState &St, KernelResult &K) const {
  clang::ASTContext &Ctx = St.Ctx;
  const LaunchConfig &LC = St.LC;
  const AnalysisOptions &Opts = St.Opts;
  Collector Sink(Ctx, Opts.Target, K, Opts.DumpEvents);
  StoreForwarding Compiled(Ctx, Sink, K, Opts.DumpEvents);
  SimtInterpreter Interp(Ctx, St.EC, Opts.Target, Compiled);
  if (St.Deadline)
    Interp.setDeadline(*St.Deadline);

  // Integer parameters: known values are bound; the rest are sampled.
  std::vector<std::pair<const Expr *, int64_t>> Known;
  std::vector<SampledParam> Sampled;
  // The integer fields of a by-value struct argument are parameters too,
  // named `arg.field`; their uses are not classified.
  std::function<void(clang::QualType, const std::string &, ParamUse)> AddParam =
      [&](clang::QualType T, const std::string &Name, ParamUse Use) {
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
  for (const clang::ParmVarDecl *P : St.KI.Decl->parameters())
    AddParam(P->getType(), P->getNameAsString(), St.Uses.lookup(P));
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
      LoopIterationCap, KernelIterationBudget / std::max<uint64_t>(1, Warps)));
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
    unsigned WarpsPerBlock =
        unsigned((Threads + Opts.Target.WarpSize - 1) / Opts.Target.WarpSize);
    if (S == 0) {
      K.WarpsPerBlock = WarpsPerBlock;
      St.FirstSetup = W;
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
        Sink.WarpKey = (uint64_t(S) * SI.Blocks.size() + BI) *
                           Collector::WarpKeysPerBlock +
                       Wp;
        Sink.WarpText =
            "block" + dimStr(W.BlockIdx) + " warp " + std::to_string(Wp) +
            (SI.Description.empty() ? "" : " [" + SI.Description + "]");
        if (Interp.overBudget()) {
          K.BudgetHit = true;
          break;
        }
        Interp.runWarp(St.KI.Decl, W);
        ++K.WarpsEvaluated;
        K.WarpWeight += Sink.Weight;
      }
    }
    // Integers loaded from warp-uniform addresses take two sample values; a
    // plan of one sample gets its second now.
    if (S == 0 && Interp.sampledLoads() &&
        llvm::none_of(K.Samples,
                      [](const SampleInfo &X) { return X.ParamSample == 1; }))
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
        std::to_string(TargetModel::AllocationAlignment) + "-byte aligned");
  Sink.finish();
  Compiled.finish();
  St.Traffic = Sink.Traffic.samples();
  St.CappedLoops = Sink.cappedLoops();
  St.OffsetExprs = std::move(Sink.OffsetExprs);
  St.OverBudget = Interp.overBudget();
}

} // namespace

const LaunchPass &interpretationPass() {
  static const InterpretationPass P;
  return P;
}

} // namespace cal
