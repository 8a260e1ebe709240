//===- Analyzer.cpp - Each launch of each kernel through the passes -------===//
#include "cal/Analysis/Analyzer.h"
#include "LaunchConfigs.h"
#include "LaunchPass.h"
#include "Sampling.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/TimeProfiler.h"
#include <chrono>
#include <cstdio>
#include <cstdlib>

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

/// Why no access was reached: the tests that every warp decided alike.
std::string noAccessReason(const KernelResult &K) {
  std::vector<std::string> Tests;
  for (const BranchSummary &B : K.Branches)
    if (B.classify() == BranchClass::Uniform && !B.OccurrenceOutcome.empty() &&
        B.OccurrenceOutcome[0] >= 0)
      Tests.push_back(llvm::formatv("{0} ({1})", B.Pos.str(),
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

/// The assumptions that follow from the launch itself: where it was found,
/// the set member it is, values given over the program's, the grid, and the
/// pointer arguments' alignment.
static void describeLaunch(const LaunchConfig &LC, KernelResult &K) {
  // The launch is the program's, but the file analysed does not show it:
  // say where it was found.
  if (!LC.Origin.empty())
    K.Assumptions.push_back("launch found in " + LC.Origin);
  // One member of a set of configurations the program can launch.
  for (const std::string &C : LC.Choices)
    K.Assumptions.push_back("launch set member: " + C);
  if (!LC.Overrides.empty())
    K.Assumptions.push_back(std::string(LC.Source == "host-launch"
                                            ? "argument values set over the "
                                              "launch's: "
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
}

/// One launch: the kernel's entry, the passes of LaunchPasses.def in order,
/// then what the budget and an empty kernel leave to say.
static void analyzeLaunch(LaunchState &S, std::vector<std::string> &Notes,
                          std::vector<AnnotationIssue> &Issues,
                          KernelResult &K) {
  const KernelInfo &KI = S.KI;
  // Fault injection for the test of the crash recovery (lit
  // interpreter/crash-recovery.cu): never set in normal use.
  if (const char *Crash = std::getenv("CAL_TEST_CRASH_IN_KERNEL");
      Crash && KI.Name == Crash)
    LLVM_BUILTIN_TRAP;
  K.AnnotationIssues = std::move(Issues); // the first analysis only
  Issues.clear();
  K.Name = KI.Name;
  K.MangledName = KI.MangledName;
  K.Pos = KI.Pos;
  K.Loc = KI.Decl->getLocation();
  K.Launch = S.LC;
  K.Assumptions = Notes;
  K.GlobalUnit = S.Opts.Target.globalUnit().str();
  describeLaunch(S.LC, K);
  for (const LaunchPass *P : launchPasses()) {
    llvm::TimeTraceScope Span(P->name());
    P->run(S, K);
  }
  if (S.OverBudget) {
    K.BudgetHit = true;
    K.Unsupported.push_back(
        "analysis budget: this launch's share of the file's " +
        budgetText(S.Opts.BudgetSeconds) +
        " s ran out; its figures cover the warps and loop iterations "
        "evaluated before (--analysis-budget)");
  }
  if (K.Accesses.empty() && K.NotIssued.empty()) {
    K.NoAccessReason = noAccessReason(K);
    K.Assumptions.push_back(K.NoAccessReason);
  }
}

/// A template that nothing in the file instantiates: its entry says so
/// (every kernel is accounted for).
static KernelResult uninstantiated(const KernelInfo &KI,
                                   const AnalysisOptions &Opts) {
  LaunchConfig None;
  None.Assumed = true;
  None.Source = "default";
  None.AssumedWhy = "no instantiation";
  return unanalysed(
      KI, None, Opts,
      "template kernel with no instantiation in this translation unit "
      "(no launch and no explicit instantiation): not analysed",
      /*Unsupported=*/false);
}

AnalysisResult analyzeKernels(clang::ASTContext &Ctx,
                              const std::vector<KernelInfo> &Kernels,
                              const AnalysisOptions &Opts) {
  llvm::CrashRecoveryContext::Enable();
  using Clock = std::chrono::steady_clock;
  std::optional<Clock::time_point> Deadline;
  Clock::duration Reserve{};
  // The launches of the kernels after each one, counted as one per launch
  // site (a site may be several configurations: the reserve is a floor).
  std::vector<size_t> LaterLaunches(Kernels.size() + 1, 0);
  for (size_t I = Kernels.size(); I-- > 0;)
    LaterLaunches[I] =
        LaterLaunches[I + 1] + std::max<size_t>(1, Kernels[I].Launches.size());
  size_t LaunchesLeft = LaterLaunches[0];
  for (size_t I = 0; I < Kernels.size(); ++I)
    LaterLaunches[I] = LaterLaunches[I + 1];
  if (Opts.BudgetSeconds > 0) {
    auto Budget = std::chrono::microseconds(int64_t(Opts.BudgetSeconds * 1e6));
    Clock::time_point Now = Clock::now();
    Deadline = Now + Budget;
    if (Opts.BudgetFrom)
      Deadline =
          std::max(*Opts.BudgetFrom + Budget - Budget / 20, Now + Budget / 4);
    // Each launch after the current one keeps up to 0.5 s, and at most
    // half of what is left of the budget is kept for all of them.
    Reserve = std::min<Clock::duration>(
        std::chrono::milliseconds(500),
        (*Deadline - Now) / (2 * std::max<size_t>(1, LaunchesLeft)));
  }
  AnalysisResult Result;
  Result.Target = Opts.Target;
  for (size_t KIndex = 0; KIndex < Kernels.size(); ++KIndex) {
    const KernelInfo &KI = Kernels[KIndex];
    bool Selected = Opts.KernelFilter.empty() ||
                    KI.Name.find(Opts.KernelFilter) != std::string::npos;
    if (KI.IsTemplatePattern && KI.Decl && Selected &&
        KI.Decl->getDescribedFunctionTemplate() &&
        KI.Decl->getDescribedFunctionTemplate()->specializations().empty()) {
      Result.Kernels.push_back(uninstantiated(KI, Opts));
      continue;
    }
    if (KI.IsTemplatePattern || !KI.Decl || !KI.Decl->hasBody() || !Selected)
      continue;
    for (const clang::ParmVarDecl *P : KI.Decl->parameters())
      addParamNames(P->getType(), P->getNameAsString(), Result.ParamNames);
    llvm::DenseMap<const clang::ParmVarDecl *, ParamUse> Uses =
        classifyParamUses(KI.Decl);
    std::vector<std::string> Notes;
    std::vector<AnnotationIssue> Issues;
    std::vector<LaunchConfig> Configs =
        configsFor(Ctx, KI, Opts, Notes, Issues);
    for (size_t CI = 0; CI < Configs.size(); ++CI) {
      LaunchConfig &LC = Configs[CI];
      size_t Index = Result.Kernels.size();
      // This kernel's launches after this one, then the later kernels'.
      size_t After = Configs.size() - CI - 1 + LaterLaunches[KIndex];
      // A launch stops its interpretation at its deadline, but its other
      // passes still run: one reserve of grace, so that the launch after
      // a cut one is not skipped for that overrun.
      if (Deadline && Clock::now() > *Deadline + Reserve) {
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
      std::optional<Clock::time_point> LaunchDeadline = Deadline;
      if (Deadline)
        LaunchDeadline =
            std::max(Clock::now(), *Deadline - Reserve * int64_t(After));
      // Expressions of one launch: no result keeps one, and a context per
      // launch keeps the set of unique nodes small (its lookups miss the
      // cache less) and the file's memory bounded by its largest launch.
      ExprContext EC;
      LaunchState S{Ctx, EC, KI, LC, Opts, Uses, LaunchDeadline};
      auto Run = [&] {
        // One span per launch in --time-trace (a no-op when not tracing).
        llvm::TimeTraceScope Span("AnalyzeLaunch", [&] {
          return KI.Name + " grid " + dimStr(LC.Grid) + " block " +
                 dimStr(LC.Block);
        });
        analyzeLaunch(S, Notes, Issues, Result.Kernels.emplace_back());
      };
      // An unexpected construct must cost one kernel its figures, never
      // the run: a crash in this launch's analysis is reported as such.
      llvm::CrashRecoveryContext CRC;
      if (!CRC.RunSafely(Run)) {
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
