//===- LaunchTime.h - What a finding costs in time -------------*- C++ -*-===//
//
// A launch's time estimated from what the analysis counted over its whole
// grid: per barrier phase, the slowest of the DRAM bytes (the roofline's
// estimate), the global and local sectors the L1-to-L2 path serves, the
// shared-memory wavefronts, each at the reference part's measured rate, and
// the warp instructions the SMs' schedulers issue; the phases one after
// another, or the arithmetic where that is longer. The cost
// of a finding is the difference between that time and the time with the
// finding's access at its ideal: what fixing it alone would save. The rates
// and the rule are in docs/costs.md with the H100 runs that check them.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_ANALYSIS_LAUNCHTIME_H
#define CAL_ANALYSIS_LAUNCHTIME_H

#include "cal/Analysis/Analyzer.h"
#include "llvm/Support/JSON.h"
#include <array>
#include <optional>
#include <string>

namespace cal {

/// What one launch moves, over its whole grid (the mean over the samples),
/// and the time that gives on the reference part.
struct LaunchTime {
  /// What a barrier phase (KernelResult::PhaseStarts) moves over the
  /// launch; also what fixing some accesses removes from one.
  struct Traffic {
    double LoadSectors = 0, StoreSectors = 0; ///< global and local
    double SharedWavefronts = 0;
    double DramBytes = 0; ///< 0 where L2 may hold the launch's bytes
    double Issue = 0;     ///< warp instructions
    /// Of StoreSectors, those their warp left partly written.
    double PartialStores = 0;
    /// The 128-byte lines the global and local requests touch in L1.
    double L1Lines = 0;
  };
  /// By phase, what fixing some accesses removes.
  using Removal = std::vector<Traffic>;

  bool Modelled = false;
  std::string Why;  ///< when not modelled
  double Warps = 0; ///< warps of the grid
  /// SMs the grid's blocks can occupy: the rates of L1, L2 and the units
  /// are per SM, and a grid of 16 blocks uses 16 of them.
  double SMsUsed = 0;
  double LoadSectors = 0, StoreSectors = 0; ///< global and local
  double SharedWavefronts = 0;
  double DramBytes = 0; ///< 0 where L2 may hold the launch's bytes
  /// Of DramBytes, those no lane uses (RooflineResult::DramUnused): all
  /// that fixing the accesses' excess sectors can save in DRAM.
  double DramUnused = 0;
  /// The global and local sectors the requests touch (in L1; LoadSectors
  /// and StoreSectors are those L2 serves), and those over the accesses'
  /// ideal.
  double RequestSectors = 0, ExcessSectors = 0;
  /// Of the loads and of the stores: the sectors over their ideal in L1,
  /// and the ideal.
  double LoadExcess = 0, LoadIdeal = 0, StoreExcess = 0, StoreIdeal = 0;
  std::vector<Traffic> Phases;
  double OpsUs = 0; ///< the slowest arithmetic unit
  double TotalUs = 0;
  std::string BoundBy; ///< "dram", "l2-sectors", "shared", "issue",
                       ///< "l1-lines", "arithmetic"
  /// "estimate" under the program's launch; "assumed" where the block or
  /// grid was assumed or sampled; "lower-bound" where requests were not
  /// counted (a loop stopped at its cap, addresses or spaces unknown).
  std::string Certainty;
  /// Warp instructions the grid issues (KernelResult::PhaseIssue).
  double Issue = 0;
  /// Warp instructions an SM issues a clock: one per scheduler, as long as
  /// the SM holds a warp for each.
  double IssuePerClock = 0;
  /// The terms of the time summed over the phases, in microseconds.
  double DramUs = 0, L2Us = 0, SharedUs = 0, IssueUs = 0, L1Us = 0;
  double PartialStores = 0, L1Lines = 0; ///< summed over the phases
  /// The kernel entry's "estimated_time" (docs/prediction-schema.md).
  llvm::json::Object toJSON(const KernelResult &K, const TargetModel &TM) const;
  /// The DRAM, L2-sector, shared, issue and L1-line terms of phase \p P,
  /// in microseconds, with \p Minus removed.
  std::array<std::pair<double, const char *>, 5>
  terms(const Traffic &P, const Traffic &Minus, const TargetModel &TM) const;
  /// Per SM per clock, the partly written store sectors' rate: the L2 one
  /// where L2 holds the launch's bytes, else the DRAM-resident one.
  double partialStoreRate(const TargetModel &TM) const;
  /// The time with \p R removed: the phases one after another, each as
  /// long as its slowest term, or the arithmetic where that is longer.
  double timeWithout(const Removal &R, const TargetModel &TM,
                     std::string *Bound = nullptr) const;
};

/// Null where the target has no measured rates or nothing was evaluated.
LaunchTime launchTime(const KernelResult &K, const TargetModel &TM);

/// What access \p A costs over the launch beyond its ideal.
struct AccessCost {
  double ExcessUnits = 0; ///< sectors or wavefronts over the launch
  const char *Unit = "sectors";
  /// The DRAM bytes the excess sectors stand for (LaunchTime.cpp).
  double ExcessDram = 0;
  /// The excess by barrier phase (units in the sector or wavefront field).
  LaunchTime::Removal ByPhase;
  double TrafficShare = 0; ///< of the launch's sectors or wavefronts
  bool Timed = false;      ///< the target models time
  double SavedUs = 0, LaunchUs = 0;
  std::string BoundBy, Certainty;
  /// The finding's "cost" in JSON and SARIF.
  llvm::json::Object toJSON() const;
  /// "58% of the launch's sectors; fixing it saves about 0.15 ms of an
  /// estimated 0.20 ms per launch (grid (4096,1,1), H100 SXM5 80GB)".
  std::string text(const KernelResult &K, const TargetModel &TM) const;
};

/// The cost of \p A beyond its ideal (global and local: sectors; shared:
/// wavefronts) in launch \p K, whose time is \p T (launchTime, computed
/// once per launch); nullopt where it has no excess or no launch total.
std::optional<AccessCost> accessCost(const KernelResult &K, const LaunchTime &T,
                                     const TargetModel &TM,
                                     const AccessSummary &A);

/// What removing some of a launch's warp instructions would save: those a
/// divergent `if` issues for idle lanes (DivergenceCost::IdleIssue), or a
/// run-time division's sequence (DivisionSummary::ExtraIssue).
struct IssueSaving {
  /// "idle_warp_instructions" or "extra_warp_instructions".
  const char *Key = "";
  double Issue = 0; ///< warp instructions over the launch
  LaunchTime::Removal ByPhase;
  double Share = 0; ///< of the launch's warp instructions
  double SavedUs = 0, LaunchUs = 0;
  std::string BoundBy, Certainty;
  /// Added to the finding's "cost" in JSON and SARIF.
  void addJSON(llvm::json::Object &O) const;
  /// The same alone: the branch's or division's "cost" in the kernel's
  /// JSON.
  llvm::json::Object toJSON() const {
    llvm::json::Object O;
    addJSON(O);
    return O;
  }
  /// "12% of the launch's issued instructions <are for idle lanes>;
  /// <regrouping the lanes> saves about 8.1 us of an estimated 40.2 us per
  /// launch (grid ..., H100 SXM5 80GB)".
  std::string text(const KernelResult &K, const TargetModel &TM,
                   llvm::StringRef What, llvm::StringRef Fix) const;
};
/// Null where the launch's time is not modelled or the branch issued
/// nothing for idle lanes.
std::optional<IssueSaving> branchTime(const KernelResult &K,
                                      const LaunchTime &T,
                                      const TargetModel &TM,
                                      const BranchSummary &B);
/// The same for a run-time division's extra instructions.
std::optional<IssueSaving> divisionTime(const KernelResult &K,
                                        const LaunchTime &T,
                                        const TargetModel &TM,
                                        const DivisionSummary &D);

} // namespace cal

#endif // CAL_ANALYSIS_LAUNCHTIME_H
