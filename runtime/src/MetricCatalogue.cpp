//===- MetricCatalogue.cpp - The groups of counters collected -------------===//
#include "cal/runtime/MetricCatalogue.h"

namespace cal {

const std::vector<MetricGroup> &metricCatalogue() {
  using namespace metric;
  static const std::vector<MetricGroup> Groups = {
      {"global",
       {GlobalLdSectors, GlobalStSectors, GlobalLdInst, GlobalStInst, DramRead,
        DramWrite},
       1,
       "global sectors with their warp instructions and DRAM traffic; "
       "sectors and requests of one direction already need two passes"},
      {"global-requests-ld",
       {GlobalLdRequests},
       1,
       "global load requests (warp instructions with at least one active "
       "lane), the denominator of sectors per request"},
      {"global-requests-st", {GlobalStRequests}, 1, "global store requests"},
      {"shared",
       {SharedLdWavefronts, SharedStWavefronts, SharedLdConflicts,
        SharedStConflicts, SharedLdInst, SharedStInst},
       1,
       "shared wavefronts, bank conflicts and shared warp instructions"},
      {"divergence",
       {BranchTargets, BranchDivergent, BranchUniform},
       1,
       "branch targets (instrumented SASS counters, which take a pass of "
       "their own when mixed with hardware counters)"},
      {"threads",
       {ThreadsPerInst, InstExecuted, ThreadInstExecuted},
       1,
       "average active threads per executed warp instruction"},
      {"occupancy",
       {AchievedOccupancy},
       1,
       "achieved occupancy, in % of the SM's warp slots (the theoretical "
       "one is the driver's calculation at launch, not a counter)"},
  };
  return Groups;
}

const std::vector<SassMetricSpec> &sassMetricCatalogue() {
  using namespace metric;
  static const std::vector<SassMetricSpec> Specs = {
      {SassInst, true},
      {SassSectors, true},
      {SassSectorsIdeal, true},
      {SassWavefronts, true},
      {SassWavefrontsIdeal, true},
      {SassDivergent, true},
      {SassGlobalLd, false},
      {SassGlobalSt, false},
      {SassSharedLd, false},
      {SassSharedSt, false},
      {SassThreadInst, false},
  };
  return Specs;
}

} // namespace cal
