//===- LaunchPass.h - The per-launch analyses as named passes --*- C++ -*-===//
//
// analyzeKernels runs, for each launch configuration of each kernel, the
// passes of LaunchPasses.def in order. A pass reads the launch (LaunchState)
// and what earlier passes left there, and keeps its result in the kernel's
// PassResults under its own type; its JSON section, if it has one, is written
// by the pass too. A new analysis is a LaunchPass in a file of its own and
// one line in LaunchPasses.def (CONTRIBUTING.md shows the steps).
//
//===----------------------------------------------------------------------===//
#ifndef CAL_ANALYSIS_LAUNCHPASS_H
#define CAL_ANALYSIS_LAUNCHPASS_H

#include "Sampling.h"
#include "SimtInterpreter.h"
#include "TrafficCounter.h"
#include "cal/Analysis/Analyzer.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/JSON.h"
#include <chrono>
#include <optional>

namespace cal {

/// One launch of one kernel, as the passes see it.
struct LaunchState {
  clang::ASTContext &Ctx;
  /// Shared by every launch of the file: expressions are interned in it.
  ExprContext &EC;
  const KernelInfo &KI;
  const LaunchConfig &LC;
  const AnalysisOptions &Opts;
  /// How the kernel uses each parameter (for the samples of unknown ones).
  const llvm::DenseMap<const clang::ParmVarDecl *, ParamUse> &Uses;
  /// When the file's analysis budget ends, if it has one.
  std::optional<std::chrono::steady_clock::time_point> Deadline;

  // What the interpretation pass leaves for the passes after it.
  /// Bytes and operations per sample over the grid (TrafficCounter.h).
  std::vector<SampleTraffic> Traffic;
  /// Some loop was stopped before its end.
  bool CappedLoops = false;
  /// The first sample's warp setup (parameter values, grid and block).
  WarpSetup FirstSetup;
  /// The analysis budget ran out during the interpretation.
  bool OverBudget = false;
  /// By access: its byte offset in thread terms (Collector::OffsetExprs).
  std::vector<AccessOffset> OffsetExprs;
};

class LaunchPass {
public:
  virtual ~LaunchPass() = default;
  /// The pass's name, in --time-trace; the JSON key of its section.
  virtual llvm::StringRef name() const = 0;
  /// Analyses the launch of \p S; the result goes to \p K.
  virtual void run(LaunchState &S, KernelResult &K) const = 0;
  /// The pass's section of the kernel's JSON entry, under name(); none by
  /// default.
  virtual std::optional<llvm::json::Value> toJSON(const KernelResult &K,
                                                  const TargetModel &TM) const {
    return std::nullopt;
  }
};

/// The passes of LaunchPasses.def, in the order they run.
llvm::ArrayRef<const LaunchPass *> launchPasses();

// Each pass's single instance, defined in its own file.
#define CAL_LAUNCH_PASS(Get) const LaunchPass &Get();
#include "LaunchPasses.def"

} // namespace cal

#endif // CAL_ANALYSIS_LAUNCHPASS_H
