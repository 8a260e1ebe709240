//===- Analyzer.h - Warp-level prediction for each kernel launch -*- C++
//-*-===//
//
// For each kernel instantiation and launch configuration, runs the SIMT
// interpreter over a representative set of blocks and warps (and over a
// sample of values for unknown parameters) and aggregates the memory-access
// and branch events through the target's models. Returns data; printing is
// the reporters' business.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_ANALYSIS_ANALYZER_H
#define CAL_ANALYSIS_ANALYZER_H

#include "cal/Analysis/Occupancy.h"
#include "cal/Analysis/PassResults.h"
#include "cal/Analysis/Roofline.h"
#include "cal/Discovery/KernelDiscovery.h"
#include "cal/Models/DivergenceModel.h"
#include "cal/Target/TargetModel.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include <array>
#include <chrono>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class Stmt;
class VarDecl;
} // namespace clang

namespace cal {

/// Parameter values tried when a parameter's value is not known (documented
/// in README.md): two samples, one a multiple of a large power of two and
/// one odd, so that both "n is a multiple of everything" and "n is odd" are
/// seen. The k-th unknown parameter in declaration order gets the base value
/// plus k * UnknownParamStep, so that guards such as `k < j && j < n` can
/// hold. Parameters used as a shift count or as a loop bound get values
/// valid for that use (see classifyParamUses).
inline constexpr int64_t UnknownParamSamples[] = {4096, 4097};
inline constexpr int64_t UnknownParamStep = 256;
inline constexpr int64_t ShiftCountSamples[] = {4, 3};
inline constexpr int64_t LoopBoundSamples[] = {16, 17};
inline constexpr int64_t LoopBoundStep = 8;
/// A grid component computed at run time is sampled as the number of
/// blocks that cover as many threads, in that dimension, as the parameter
/// sample (4096, then 4097 threads).
inline constexpr int64_t UnknownGridThreads[] = {4096, 4097};
/// Default launch when nothing else gives one (documented in README.md):
/// a 1-D and a 2-D block shape of the same size are both evaluated.
inline constexpr Dim3 DefaultBlock = {256, 1, 1};
inline constexpr Dim3 DefaultBlock2D = {16, 16, 1};
inline constexpr Dim3 DefaultGrid = {64, 1, 1};
/// Iterations of one loop evaluated exactly before the rest is skipped.
inline constexpr unsigned LoopIterationCap = 64;
/// Loop iterations (of all loops, nested ones included) evaluated for one
/// (kernel, launch configuration), shared out among the evaluated warps.
/// It bounds the analysis time of deeply nested loops; past a warp's share
/// its loops stop early and the affected accesses are marked `range`.
inline constexpr uint64_t KernelIterationBudget = 1u << 14;
/// Depth of __device__ function inlining.
inline constexpr unsigned CallDepthLimit = 8;

/// From the configuration file's Kernels list: the launch and parameter
/// values of the kernels whose name matches, used where the program and the
/// user give none (below annotations and the command line).
struct KernelDefaults {
  std::string Name; ///< a glob over the qualified name ('*' and '?')
  std::optional<Dim3> Block, Grid;
  std::map<std::string, int64_t> Params;
  std::string Origin; ///< "file:line", for messages
};

/// A `// cuda-access-lint:` annotation, or part of one, that was ignored,
/// and why.
struct AnnotationIssue {
  clang::SourceLocation Loc;
  SourcePos Pos;
  std::string Message;
};

struct AnalysisOptions {
  TargetModel Target;
  std::vector<KernelDefaults> ConfigKernels; ///< first match wins
  std::optional<Dim3> Block, Grid;           ///< --block / --grid
  std::map<std::string, int64_t> Params;     ///< --param NAME=VALUE
  std::string KernelFilter;                  ///< --kernel
  bool DumpEvents = false;                   ///< --dump=events
  /// Said in every kernel's assumptions: what the target model implies
  /// (parsed for another architecture, a check that does not apply).
  std::vector<std::string> TargetAssumptions;
  /// Registers per thread per kernel (name or mangled name), from
  /// --registers or ptxas; the occupancy figure is an upper bound without.
  std::map<std::string, unsigned> Registers;
  /// Why a kernel has no register count, when the driver knows better
  /// than the default (nvcc failed, no toolkit).
  std::string RegistersWhy;
  /// --analysis-budget: seconds one file may take (0: no limit), counted
  /// from BudgetFrom (the file's start, parse included) when it is set,
  /// else from the start of the analysis. The parse is clang's and cannot
  /// be cut, so the analysis always keeps at least a quarter of the budget
  /// after it (a file whose headers parse slowly on a loaded machine is
  /// still analysed), and a twentieth is left for the checks and the
  /// report. Past it, loops stop as at their iteration cap, no further warp
  /// is evaluated, and kernels not yet analysed are reported as such. A
  /// launch may use what is left less a reserve for each launch after it,
  /// so that one costly kernel does not leave the others unanalysed.
  double BudgetSeconds = 0;
  std::optional<std::chrono::steady_clock::time_point> BudgetFrom;

  static llvm::Expected<AnalysisOptions>
  fromStrings(llvm::StringRef Arch, llvm::StringRef Block, llvm::StringRef Grid,
              llvm::ArrayRef<std::string> Params, llvm::StringRef KernelFilter);
};

/// Running min/max and weighted mean. Each value carries the number of
/// blocks (per sample, normalised) that its evaluated block stands for, so
/// that means are over the whole grid rather than over the evaluated
/// blocks.
struct Stat {
  double Min = std::numeric_limits<double>::infinity();
  double Max = -std::numeric_limits<double>::infinity();
  double Sum = 0;    ///< weighted sum
  double Weight = 0; ///< sum of weights
  uint64_t N = 0;    ///< values added
  void add(double V, double W = 1) {
    Min = V < Min ? V : Min;
    Max = V > Max ? V : Max;
    Sum += V * W;
    Weight += W;
    ++N;
  }
  double mean() const { return Weight > 0 ? Sum / Weight : 0; }
  bool empty() const { return N == 0; }
  /// Every value added was the same.
  bool constant() const { return N == 0 || Min == Max; }
};

/// Unknown: the pointer's target (and so its memory space) could not be
/// derived. Such accesses are listed, but kept out of every space's totals
/// and cost models: counting them as global would invent requests.
enum class AddrSpace { Global, Shared, Local, Constant, Unknown };
enum class AccessKind { Load, Store, Atomic };
const char *addrSpaceName(AddrSpace S);
const char *accessKindName(AccessKind K);

struct AccessSummary {
  /// Where the user wrote the access; for one made inside a system
  /// header's function, the call that reached it, and HeaderPos the
  /// header's line.
  SourcePos Pos;
  std::optional<SourcePos> HeaderPos;
  clang::SourceRange Range;
  AddrSpace Space = AddrSpace::Global;
  AccessKind Kind = AccessKind::Load;
  unsigned BytesPerLane = 0;
  uint64_t Requests = 0;        ///< executions with an active lane
  uint64_t UnknownRequests = 0; ///< executions whose addresses are unknown
  /// Requests weighted by the blocks each evaluated block stands for.
  double WeightedRequests = 0, WeightedUnknownRequests = 0;
  Stat ActiveLanes;
  Stat Sectors, IdealSectors, Lines; ///< global (transactions: legacy)
  /// Legacy models: bytes the transactions move, and the fewest they could.
  Stat TransactionBytes, IdealBytes;
  Stat Wavefronts, IdealWavefronts; ///< shared
  /// Constant: requests the constant cache serves (distinct addresses).
  Stat ConstantRequests;
  /// The per-request figure of the access's space: sectors (global,
  /// local), wavefronts (shared) or serialised requests (constant).
  const Stat &mainStat() const;
  /// Its unit, plural: "sectors", "wavefronts", "constant requests".
  const char *mainUnit() const;
  /// Per sample (launch shape x parameter values): the main figure, to
  /// detect dependence on the sample and variation between warps.
  std::map<unsigned, Stat> PerSample;
  /// Per sample: the ideal of the main figure (it changes with the shape).
  std::map<unsigned, Stat> PerSampleIdeal;
  std::string UnknownReason;
  std::string IndexText; ///< byte offset in thread terms, lane 0
  std::vector<int64_t> FirstWarpOffsets; ///< byte offsets of active lanes
  std::vector<int> FirstWarpLanes;
  bool UnderUnknownBranch = false;
  bool InCappedLoop = false;
  /// The statically declared shared array every request of the access went
  /// to; null when none or several (a fix may change its declaration).
  const clang::VarDecl *SharedArray = nullptr;
  /// Sectors per request as a function of one unknown parameter, where the
  /// offset is an expression of it and the thread indices (ClosedForm.cpp):
  /// "min(32, 4*s)", or cases of Param mod Modulus. Empty when none.
  struct ClosedForm {
    std::string Param;
    std::string Text;     ///< "4 when w mod 8 = 0; ...; 5.75 otherwise"
    std::string Checked;  ///< "w = 64..127 and 4096..4159"
    unsigned Modulus = 0; ///< 0 for a saturating linear form
    /// Residue classes and their value (Modulus > 0); the last is
    /// "otherwise" (an empty residue list).
    std::vector<std::pair<std::vector<unsigned>, double>> Cases;
  };
  std::optional<ClosedForm> Closed;
  /// The main figure and its ideal summed over the requests made in each
  /// barrier phase (KernelResult::PhaseStarts), weighted as Stat weights
  /// them: LaunchTime.cpp times the phases one after another. L2Units:
  /// the sectors that reach L2 (for a global load, those its block had not
  /// loaded before: L1 serves the others; for a store, those L1 does not
  /// merge; Units otherwise). Partial: of a store's, those its warp leaves
  /// partly written. Lines, IdealLines: the 128-byte lines the global or
  /// local requests touch, and the fewest their bytes could touch.
  struct PhaseUse {
    unsigned Phase = 0;
    double Units = 0, Ideal = 0, L2Units = 0, Partial = 0, Lines = 0,
           IdealLines = 0;
  };
  llvm::SmallVector<PhaseUse, 2> Phases;

  /// When the per-request figure (sectors or wavefronts) differs between
  /// samples: "4 when off=4096, 5 when off=4097"; else "".
  std::string sampleDependence(const struct KernelResult &K) const;
  /// The headline of the main figure: where it depends on the parameter
  /// samples, the typical case alone (sizes that are multiples of the
  /// access span, the first sample), never a mean with the misaligned
  /// one; else the mean over every evaluated warp.
  double headline(const struct KernelResult &K) const;
};

/// What the evaluated executions of a branch that split a warp cost the
/// warp, as the interpreter counts it (cuda-divergent-branch states it):
/// - for an `if`, the statements each arm ran: expression statements,
///   declarations that initialise a variable, `return` of a value and
///   inline asm, each time one runs, loop iterations and the statements of
///   called functions included (tests, `for` headers, `break`, `continue`
///   and `return;` are not counted);
/// - for a loop, how many more iterations some of the warp's lanes ran than
///   others: the most minus the fewest over the lanes that reached it.
struct DivergenceCost {
  /// An `if` with a non-empty `else`: a split warp runs both arms in turn.
  bool HasElse = false;
  /// Per execution that split the warp: the statements of each arm (if).
  Stat Then, Else;
  /// Per split execution: the shorter arm's statements (the smaller of the
  /// two counts) for an if/else, the arm's for an `if`, the extra
  /// iterations for a loop.
  Stat PerSplit;
  /// PerSplit summed over each divergent warp's split executions, and how
  /// many those were; each warp weighted by the blocks it stands for.
  Stat PerWarp, SplitsPerWarp;
  /// Split executions of an if/else whose then arm was the shorter, whose
  /// else arm was, and whose arms ran as many statements.
  unsigned ThenShorter = 0, ElseShorter = 0, Even = 0;
  /// Lanes left an arm (`return`, `break`, `continue`): they then wait
  /// for the rest of the warp, for a time not counted here.
  bool LanesLeft = false;
  /// A loop (in an arm, or the loop itself) stopped at its iteration cap:
  /// the counts are those evaluated, a lower bound.
  bool LowerBound = false;
  /// The loop's test was unknown for some lane: its trip count is not known.
  bool Unknown = false;
  /// A loop's first split execution: the fewest and the most iterations a
  /// lane ran.
  unsigned FirstMinTrips = 0, FirstMaxTrips = 0;
  /// An if's split executions, by barrier phase: the warp instructions
  /// their arms issued beyond what the same lanes would issue packed into
  /// whole warps by the way they went (weighted as the accesses' figures;
  /// Collector::onSplitArms). What regrouping the work would save.
  llvm::SmallVector<std::pair<unsigned, double>, 1> IdleIssue;
};

/// An integer division or remainder whose divisor is known only at run
/// time (Collector::onDivision): nvcc's sequence for it, where a divisor
/// that is a power of two needs a shift or a mask.
struct DivisionSummary {
  SourcePos Pos;
  clang::SourceRange Range;
  bool Remainder = false;
  /// Whether every evaluated lane's divisor was a power of two, and the
  /// smallest and largest divisor seen.
  bool PowerOfTwo = true;
  int64_t MinDivisor = 0, MaxDivisor = 0;
  /// By barrier phase, the warp instructions the sequence issues beyond
  /// one (weighted as the accesses' figures).
  llvm::SmallVector<std::pair<unsigned, double>, 1> ExtraIssue;
};

struct BranchSummary {
  SourcePos Pos;
  clang::SourceRange Range;
  std::string Kind; ///< if, conditional, for, while, do, switch
  BranchStats Stats;
  /// No hardware branch is expected: Lowering is not Branch.
  bool LikelyPredicated = false;
  /// The test's own range (the condition), for the finding's underline.
  clang::SourceRange TestRange;
  /// What nvcc makes of an `if` (always Branch for loops and switches).
  BranchLowering Lowering = BranchLowering::Branch;
  /// Non-empty when a split of this test costs nothing a user can act on
  /// (divergenceWithoutCost): why. The finding is then a note.
  std::string NoCostWhy;
  /// An `if` kept as a branch only for a read-modify-write through a
  /// pointer (keptForPointerRMW): the arms' range, and whether the accesses
  /// evaluated there were global or shared. nvcc predicates the shape on
  /// shared memory, so arms that touch shared memory only are Predicated.
  clang::SourceRange RmwArms;
  bool RmwShared = false, RmwGlobal = false;

  std::string Reason; ///< why unknown, when it is
  /// Warps disagreed at the same occurrence (n-th evaluation in the warp):
  /// without it, outcomes that change only between iterations (a loop's
  /// exit) are uniform, not warp-uniform.
  bool CrossWarpDiffers = false;
  /// Outcome of the n-th evaluation in the first warp that reached it:
  /// 1 all taken, 0 none taken.
  std::vector<int8_t> OccurrenceOutcome;
  /// The test names a kernel parameter whose value was sampled: whether
  /// and where it splits a warp may differ for the program's value.
  bool DependsOnSampledParameters = false;
  /// What its splits cost the warp.
  DivergenceCost Cost;
  BranchClass classify() const;
};

/// Executions of a source access that the compiled code does not issue:
/// nvcc keeps the value in a register (a load of what the thread stored or
/// loaded before), or a later store overwrites the stored value before
/// anything can read it (docs/compiler-effects.md).
struct ElidedAccess {
  SourcePos Pos;
  AddrSpace Space = AddrSpace::Global;
  AccessKind Kind = AccessKind::Load;
  unsigned BytesPerLane = 0;
  uint64_t Executions = 0; ///< warp executions not issued
  std::string Reason;      ///< "value forwarded from the store at 12:5"
};

/// A division or square root that compiles to a fast path and a
/// data-dependent slow-path call: lanes may diverge with no branch in the
/// source (docs/compiler-effects.md).
struct HiddenBranch {
  SourcePos Pos;
  clang::SourceRange Range;
  std::string Operation; ///< "float division", "double square root", ...
  /// "possible slow-path divergence: IEEE float division compiles to ...".
  std::string note() const;
};

/// The compiler-effects pass's result: the kernel's hidden branches, in
/// source order.
struct HiddenBranchList {
  std::vector<HiddenBranch> Branches;
};

struct LaunchConfig {
  Dim3 Grid = DefaultGrid, Block = DefaultBlock;
  /// Grid components computed at run time: they are sampled (see
  /// UnknownGridThreads) and Grid holds 0 there.
  std::array<bool, 3> GridUnknown = {false, false, false};
  /// No launch was found: the block (and grid) are the analyzer's
  /// assumption, and every block shape of AssumedBlocks is evaluated.
  bool Assumed = false;
  std::vector<Dim3> AssumedBlocks;
  /// Why the launch is assumed: "no launch found", or that the launches
  /// found compute their block at run time.
  std::string AssumedWhy;
  uint64_t DynamicSharedBytes = 0;
  std::string Source; ///< host-launch, annotation, command-line, ...
  std::string Site;   ///< for host-launch
  /// For a host launch found in another translation unit: where
  /// (LaunchSite::Origin); empty otherwise.
  std::string Origin;
  std::map<std::string, int64_t> Arguments; ///< known parameter values
  /// Parameters whose argument is the counter of a loop around the launch:
  /// its first and last values. They are sampled at those two values.
  std::map<std::string, std::pair<int64_t, int64_t>> ArgumentRanges;
  /// Parameters whose value an annotation or --param set over the launch's
  /// own argument: "n=100 (--param)".
  std::vector<std::string> Overrides;
  /// A member of a launch set: the values that chose this configuration
  /// (LaunchSite::Choices).
  std::vector<std::string> Choices;
  /// LaunchSite::RegistersAssumed: no figure of this launch is exact.
  bool RegistersAssumed = false;
  /// LaunchSite::PointerCallAssumed: no figure of this launch is exact.
  bool PointerCallAssumed = false;
  /// Pointer arguments passed as an allocation plus a constant: the byte
  /// offset of element 0 from the allocation's aligned start.
  std::map<std::string, int64_t> PointerOffsets;
  bool gridKnown() const {
    return !GridUnknown[0] && !GridUnknown[1] && !GridUnknown[2];
  }
  /// "(?,1,1)": the grid with its run-time components as "?".
  std::string gridText() const;
};

/// One evaluated hypothesis: a block shape, a grid and values for the
/// unknown parameters, with the representative blocks and their weights.
struct SampleInfo {
  std::string Description; ///< "block (16,16,1), n=4097"
  Dim3 Block, Grid;
  unsigned ParamSample = 0; ///< which of the two parameter samples
  std::vector<Dim3> Blocks;
  /// Blocks of the grid each evaluated block stands for (they sum to the
  /// grid's block count).
  std::vector<uint64_t> BlockWeights;
};

/// Partition camping (a target with a partition layout): for one global
/// access, where the first requests of the blocks that run at once go.
struct PartitionUse {
  SourcePos Pos;
  clang::SourceRange Range;
  AccessKind Kind = AccessKind::Load;
  std::string Object;         ///< the array's name
  uint64_t PartitionMask = 0; ///< bit p: partition p is touched
  unsigned Chunks = 0;        ///< distinct partition-sized chunks touched
  bool Unknown = false;       ///< some address could not be derived
};

/// The blocks followed for partition camping and what they touched first.
struct PartitionSurvey {
  unsigned Blocks = 0;            ///< blocks in launch order, run at once
  unsigned BlocksPerSM = 0;       ///< of them, per multiprocessor
  std::string Sample;             ///< the sample's description, when sampled
  std::vector<PartitionUse> Uses; ///< in source order
};

struct KernelResult {
  std::string Name, MangledName;
  SourcePos Pos;
  clang::SourceLocation Loc; ///< the kernel's declaration, for remarks
  LaunchConfig Launch;
  std::vector<std::string> Assumptions;
  /// What the global figure counts: TargetModel::globalUnit().
  std::string GlobalUnit = "sectors";
  std::vector<Dim3> EvaluatedBlocks; ///< of the first sample
  unsigned WarpsPerBlock = 0;
  uint64_t WarpsEvaluated = 0; ///< over blocks and samples
  /// Evaluated warps weighted as their accesses are (see Stat).
  double WarpWeight = 0;
  unsigned NumSamples = 1;
  std::vector<SampleInfo> Samples;
  /// What differs between samples, for the reasons of `range` figures:
  /// "the assumed block shape", "the run-time grid", "unknown parameters".
  std::vector<std::string> SampledWhat;
  /// Why no evaluated warp reached a memory access (empty if one did).
  std::string NoAccessReason;
  std::vector<AccessSummary> Accesses;      ///< in source order
  /// A warp's barrier phases: the stretch of its execution before the
  /// first block-wide barrier (`__syncthreads*`, a block group's sync) is
  /// phase 0; phase I > 0 is what follows the barrier at PhaseStarts[I - 1]
  /// until the next one, in every warp and iteration that runs it.
  std::vector<SourcePos> PhaseStarts;
  /// By phase, the warp instructions the evaluated warps issue (weighted
  /// as the accesses' figures; Collector.cpp counts them).
  std::vector<double> PhaseIssue;
  /// Some loop stopped at the iteration cap: PhaseIssue is a lower bound.
  bool IssueCapped = false;
  std::vector<DivisionSummary> Divisions;   ///< in the order first run
  std::vector<BranchSummary> Branches;      ///< in source order
  std::vector<ElidedAccess> NotIssued;      ///< in source order
  /// Problems with the kernel's annotation (on the first analysis of a
  /// kernel only, so that they are reported once).
  std::vector<AnnotationIssue> AnnotationIssues;
  std::vector<std::string> Unsupported; ///< constructs not interpreted
  /// The analysis budget ended this launch's evaluation early: its figures
  /// cover the warps and iterations evaluated before (a range, said so).
  bool BudgetHit = false;
  std::vector<std::string> EventDump;   ///< with --dump=events
  /// What the per-launch analyses found, by result type: OccupancyResult,
  /// RooflineResult, PartitionSurvey, HiddenBranchList, ...
  PassResults Results;
};

struct AnalysisResult {
  TargetModel Target;
  std::vector<KernelResult> Kernels;
  /// Parameter names of the analysed kernels, for checking --param.
  std::vector<std::string> ParamNames;
};

/// An error naming the first --param of \p Opts that names no parameter in
/// \p ParamNames, suggesting the nearest one; success otherwise.
llvm::Error checkParamNames(const AnalysisOptions &Opts,
                            llvm::ArrayRef<std::string> ParamNames);

/// Adds the JSON section of each per-launch analysis that has one to the
/// kernel's entry \p Entry (docs/prediction-schema.md).
void addPassSections(const KernelResult &K, const TargetModel &TM,
                     llvm::json::Object &Entry);

/// Analyzes every kernel of \p Kernels that has a body and passes the
/// filter, once per distinct launch configuration.
AnalysisResult analyzeKernels(clang::ASTContext &Ctx,
                              const std::vector<KernelInfo> &Kernels,
                              const AnalysisOptions &Opts);

} // namespace cal

#endif // CAL_ANALYSIS_ANALYZER_H
