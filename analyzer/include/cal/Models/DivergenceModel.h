//===- DivergenceModel.h - Classifying a branch over warps ------*- C++ -*-===//
//
// Accumulates, for one branch or loop test, the outcome in every evaluated
// warp execution and classifies it as uniform, warp-uniform or divergent.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_MODELS_DIVERGENCEMODEL_H
#define CAL_MODELS_DIVERGENCEMODEL_H

#include <cstdint>
#include <set>
#include <string>

namespace cal {

enum class BranchClass { Uniform, WarpUniform, Divergent, Unknown };
const char *branchClassName(BranchClass C); // "uniform", "warp-uniform", ...

/// What the compiler makes of a source-level branch (docs/compiler-effects.md
/// has the SASS evidence for each):
/// - Branch: a conditional branch (BRA) that splits the warp when its lanes
///   disagree; the hardware counts divergent branch targets.
/// - Predicated: the arms become predicated instructions or selects; no
///   branch target is counted.
/// - PredicatedExit: the lanes that leave the kernel do so through a
///   predicated EXIT (`@P0 EXIT`); the remaining lanes run on without a
///   branch, so no divergent branch target is counted.
enum class BranchLowering { Branch, Predicated, PredicatedExit };
const char *branchLoweringName(BranchLowering L); // "branch", ...

class BranchStats {
public:
  /// One evaluation of the test by one warp: \p Active lanes evaluated it
  /// and \p Taken (a subset of Active) went the "true" way. \p WarpKey
  /// identifies the warp (e.g. linear block * warps + warp) so that the
  /// fraction counts warps, not executions.
  void addExecution(uint64_t WarpKey, uint32_t Active, uint32_t Taken);
  /// One evaluation whose outcome could not be derived.
  void addUnknown(uint64_t WarpKey);

  /// Uniform: every execution in every warp had all active lanes agree and
  ///   all executions agreed with each other.
  /// WarpUniform: lanes always agreed within an execution, but outcomes
  ///   differed between executions (different warps, iterations).
  /// Divergent: some execution split its active lanes.
  /// Unknown: no known execution, or an unknown one and no divergent one.
  BranchClass classify() const;
  /// Divergent warps (warps with at least one split execution) over warps
  /// seen (a warp with only unknown executions counts as seen); 0 with none.
  double divergentWarpFraction() const;
  /// "taken/not-taken" lane counts of the first split execution, or of the
  /// first execution when none split ("32/0"); empty with no known execution.
  std::string laneSplit() const;
  /// Known executions (addExecution with at least one active lane).
  unsigned numExecutions() const;
  /// Executions whose outcome could not be derived (addUnknown).
  unsigned numUnknowns() const;

private:
  unsigned Executions = 0, Unknowns = 0;
  bool SawTrue = false, SawFalse = false, SawSplit = false;
  unsigned SplitTaken = 0, SplitNotTaken = 0; // first split execution
  unsigned FirstTaken = 0, FirstNotTaken = 0; // first execution
  std::set<uint64_t> SeenWarps, DivergentWarps;
};

} // namespace cal

#endif // CAL_MODELS_DIVERGENCEMODEL_H
