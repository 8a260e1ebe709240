//===- DivergenceModel.cpp - Classifying a branch over warps --------------===//
//
// A branch costs the warp both paths only when its active lanes disagree in
// one execution; lanes agreeing within every warp but warps disagreeing with
// each other costs nothing extra. The statistics below keep just enough to
// tell those apart and to show one representative split.
//
//===----------------------------------------------------------------------===//
#include "cal/Models/DivergenceModel.h"
#include "llvm/ADT/bit.h"
#include <cassert>

using namespace cal;

const char *cal::branchClassName(BranchClass C) {
  switch (C) {
  case BranchClass::Uniform:
    return "uniform";
  case BranchClass::WarpUniform:
    return "warp-uniform";
  case BranchClass::Divergent:
    return "divergent";
  case BranchClass::Unknown:
    return "unknown";
  }
  return "unknown";
}

const char *cal::branchLoweringName(BranchLowering L) {
  switch (L) {
  case BranchLowering::Branch:
    return "branch";
  case BranchLowering::Predicated:
    return "predicated";
  case BranchLowering::PredicatedExit:
    return "predicated-exit";
  }
  return "branch";
}

void BranchStats::addExecution(uint64_t WarpKey, uint32_t Active,
                               uint32_t Taken) {
  assert((Taken & ~Active) == 0 && "a taken lane must be active");
  // A warp with no active lane evaluates nothing, so it says nothing about
  // the branch.
  if (Active == 0)
    return;
  unsigned NumTaken = llvm::popcount(Taken);
  unsigned NumNotTaken = llvm::popcount(Active & ~Taken);
  if (Executions++ == 0) {
    FirstTaken = NumTaken;
    FirstNotTaken = NumNotTaken;
  }
  SeenWarps.insert(WarpKey);
  SawTrue |= NumTaken > 0;
  SawFalse |= NumNotTaken > 0;
  // Both directions among the active lanes of one execution: the warp runs
  // both paths one after the other.
  if (NumTaken > 0 && NumNotTaken > 0) {
    if (!SawSplit) {
      SplitTaken = NumTaken;
      SplitNotTaken = NumNotTaken;
    }
    SawSplit = true;
    DivergentWarps.insert(WarpKey);
  }
}

void BranchStats::addUnknown(uint64_t WarpKey) {
  ++Unknowns;
  // The warp reached the branch, so it counts among the warps seen even
  // though its outcome is not known.
  SeenWarps.insert(WarpKey);
}

BranchClass BranchStats::classify() const {
  // One observed split is proof of divergence whatever else is unknown.
  if (SawSplit)
    return BranchClass::Divergent;
  // Without a split, an unknown execution might have been one.
  if (Executions == 0 || Unknowns > 0)
    return BranchClass::Unknown;
  // Every execution was unanimous; both outcomes seen means they came from
  // different executions.
  if (SawTrue && SawFalse)
    return BranchClass::WarpUniform;
  return BranchClass::Uniform;
}

double BranchStats::divergentWarpFraction() const {
  if (SeenWarps.empty())
    return 0.0;
  return double(DivergentWarps.size()) / double(SeenWarps.size());
}

std::string BranchStats::laneSplit() const {
  if (Executions == 0)
    return "";
  if (SawSplit)
    return std::to_string(SplitTaken) + "/" + std::to_string(SplitNotTaken);
  return std::to_string(FirstTaken) + "/" + std::to_string(FirstNotTaken);
}

unsigned BranchStats::numExecutions() const { return Executions; }

unsigned BranchStats::numUnknowns() const { return Unknowns; }
