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

#include "cal/Discovery/KernelDiscovery.h"
#include "cal/Models/DivergenceModel.h"
#include "cal/Target/TargetModel.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/Support/Error.h"
#include <limits>
#include <map>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class Stmt;
} // namespace clang

namespace cal {

/// Parameter values tried when a parameter's value is not known: a large
/// power of two and the odd number after it, so that both "n is a multiple
/// of everything" and "n is odd" are seen (documented in README.md).
inline constexpr int64_t UnknownParamSamples[] = {4096, 4097};
/// Default launch when nothing else gives one (documented in README.md).
inline constexpr Dim3 DefaultBlock = {256, 1, 1};
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

struct AnalysisOptions {
  TargetModel Target;
  std::optional<Dim3> Block, Grid;       ///< --block / --grid
  std::map<std::string, int64_t> Params; ///< --param NAME=VALUE
  std::string KernelFilter;              ///< --kernel
  bool DumpEvents = false;               ///< --dump=events

  static llvm::Expected<AnalysisOptions>
  fromStrings(llvm::StringRef Arch, llvm::StringRef Block, llvm::StringRef Grid,
              llvm::ArrayRef<std::string> Params, llvm::StringRef KernelFilter);
};

/// Running min/max/mean.
struct Stat {
  double Min = std::numeric_limits<double>::infinity();
  double Max = -std::numeric_limits<double>::infinity();
  double Sum = 0;
  uint64_t N = 0;
  void add(double V) {
    Min = V < Min ? V : Min;
    Max = V > Max ? V : Max;
    Sum += V;
    ++N;
  }
  double mean() const { return N ? Sum / N : 0; }
  bool empty() const { return N == 0; }
};

enum class AddrSpace { Global, Shared, Local, Constant };
enum class AccessKind { Load, Store, Atomic };
const char *addrSpaceName(AddrSpace S);
const char *accessKindName(AccessKind K);

struct AccessSummary {
  SourcePos Pos;
  clang::SourceRange Range;
  AddrSpace Space = AddrSpace::Global;
  AccessKind Kind = AccessKind::Load;
  unsigned BytesPerLane = 0;
  uint64_t Requests = 0;        ///< executions with an active lane
  uint64_t UnknownRequests = 0; ///< executions whose addresses are unknown
  Stat ActiveLanes;
  Stat Sectors, IdealSectors, Lines; ///< global
  Stat Wavefronts, IdealWavefronts;  ///< shared
  /// Per parameter sample: mean of the main figure, to detect dependence.
  std::map<unsigned, Stat> PerSample;
  std::string UnknownReason;
  std::string IndexText; ///< byte offset in thread terms, lane 0
  std::vector<int64_t> FirstWarpOffsets; ///< byte offsets of active lanes
  std::vector<int> FirstWarpLanes;
  bool UnderUnknownBranch = false;
  bool InCappedLoop = false;

  /// When the per-request figure (sectors or wavefronts) differs between
  /// parameter samples: "4 when off=4096, 5 when off=4097"; else "".
  std::string sampleDependence(const struct KernelResult &K) const;
};

struct BranchSummary {
  SourcePos Pos;
  clang::SourceRange Range;
  std::string Kind; ///< if, conditional, for, while, do, switch
  BranchStats Stats;
  /// No hardware branch is expected: Lowering is not Branch.
  bool LikelyPredicated = false;
  /// What nvcc makes of an `if` (always Branch for loops and switches).
  BranchLowering Lowering = BranchLowering::Branch;

  std::string Reason; ///< why unknown, when it is
  /// Warps disagreed at the same occurrence (n-th evaluation in the warp):
  /// without it, outcomes that change only between iterations (a loop's
  /// exit) are uniform, not warp-uniform.
  bool CrossWarpDiffers = false;
  /// Outcome of the n-th evaluation in the first warp that reached it:
  /// 1 all taken, 0 none taken.
  std::vector<int8_t> OccurrenceOutcome;
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

struct LaunchConfig {
  Dim3 Grid = DefaultGrid, Block = DefaultBlock;
  uint64_t DynamicSharedBytes = 0;
  std::string Source; ///< host-launch, annotation, command-line, ...
  std::string Site;   ///< for host-launch
  std::map<std::string, int64_t> Arguments; ///< known parameter values
};

struct KernelResult {
  std::string Name, MangledName;
  SourcePos Pos;
  LaunchConfig Launch;
  std::vector<std::string> Assumptions;
  std::vector<Dim3> EvaluatedBlocks;
  unsigned WarpsPerBlock = 0;
  uint64_t WarpsEvaluated = 0; ///< over blocks and samples
  unsigned NumSamples = 1;
  std::vector<std::string> SampleDescriptions; ///< "n=4096"
  std::vector<AccessSummary> Accesses;         ///< in source order
  std::vector<BranchSummary> Branches;         ///< in source order
  std::vector<ElidedAccess> NotIssued;         ///< in source order
  std::vector<HiddenBranch> HiddenBranches;    ///< in source order
  std::vector<std::string> Unsupported;        ///< constructs not interpreted
  std::vector<std::string> EventDump;          ///< with --dump=events
};

struct AnalysisResult {
  TargetModel Target;
  std::vector<KernelResult> Kernels;
};

/// Analyzes every kernel of \p Kernels that has a body and passes the
/// filter, once per distinct launch configuration.
AnalysisResult analyzeKernels(clang::ASTContext &Ctx,
                              const std::vector<KernelInfo> &Kernels,
                              const AnalysisOptions &Opts);

} // namespace cal

#endif // CAL_ANALYSIS_ANALYZER_H
