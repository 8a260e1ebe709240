//===- Predictions.h - The analyzer's JSON predictions ----------*- C++ -*-===//
//
// A reader for docs/prediction-schema.md (version 1). Null numbers become
// NaN: the analyzer's "unknown" stays unknown and is never compared.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_RUNTIME_PREDICTIONS_H
#define CAL_RUNTIME_PREDICTIONS_H

#include "cal/runtime/Error.h"
#include "cal/runtime/JsonFwd.h"

#include <array>
#include <limits>
#include <map>
#include <string>
#include <vector>

namespace cal {

constexpr double Unknown = std::numeric_limits<double>::quiet_NaN();

struct PredictedRange {
  double Min = Unknown, Max = Unknown, Mean = Unknown;
};

struct PredictedAccess {
  std::string File;
  unsigned Line = 0, Column = 0;
  /// An access made inside a system header's function (a CUDA header's
  /// operator): the header's line. A profiler names either line.
  std::string HeaderFile;
  unsigned HeaderLine = 0;
  std::string Space; ///< global | shared | local | constant
  std::string Kind;  ///< load | store | atomic
  double BytesPerLane = Unknown, ExecutionsPerWarp = Unknown;
  double ActiveLanes = Unknown;
  PredictedRange Sectors, Wavefronts;
  std::string Confidence, Reason;
  /// "cost" (schema 1.7): the time fixing its excess saves per launch
  /// (NaN where none was estimated), and its share of the launch's
  /// sectors or wavefronts.
  double SavedUs = Unknown, TrafficShare = Unknown;
};

struct PredictedBranch {
  std::string File;
  unsigned Line = 0;
  std::string Kind, Classification, Reason;
  double DivergentWarpFraction = Unknown;
  bool LikelyPredicated = false;
};

struct PredictedSummary {
  double RequestsPerWarp = Unknown;
  double PerRequest = Unknown; ///< sectors (global) or wavefronts (shared)
};

/// The analyzer's static roofline of one launch (the kernel's "roofline").
/// Every field is optional: an absent number stays Unknown (NaN), an absent
/// object or "modelled": false means not modelled, with Reason saying why.
struct PredictedRoofline {
  bool Present = false;  ///< the kernel object had a "roofline" member
  bool Modelled = false; ///< "modelled": true
  std::string Reason;
  double GridThreads = Unknown;
  double SectorBytes = Unknown; ///< L1<->L2 sector traffic over the grid
  double DramRead = Unknown, DramWrite = Unknown, DramTotal = Unknown;
  /// Operation counts per class ("fp16", "fp32", "fp64", "int", or any
  /// class a later analyzer adds), without "total".
  std::map<std::string, double> Ops, OpsPerThread;
  double OpsTotal = Unknown; ///< "ops.total", else the sum of the classes
  double ArithmeticIntensity = Unknown; ///< null when DramTotal is 0
  struct Device {
    std::string Name;
    double SmCount = Unknown, ClockMHz = Unknown, DramGBps = Unknown;
    std::map<std::string, double> OpsPerClockPerSm;
  } Reference;
  double TimeBoundUs = Unknown;
  std::string BoundBy, Certainty;
  std::vector<std::string> Notes;
};

struct PredictedKernel {
  std::string Name, MangledName, File, Site;
  unsigned Line = 0;
  unsigned SiteLine = 0; ///< line of the launch site ("file:line:col")
  unsigned Grid[3] = {0, 0, 0}, Block[3] = {0, 0, 0};
  /// Grid components computed at run time ("grid": null, "grid_unknown").
  bool GridUnknown[3] = {false, false, false};
  unsigned DynamicSharedBytes = 0;
  /// "launch.source"; "default" with Assumed when no launch was found and
  /// the analyzer evaluated AssumedBlocks instead (schema 1.1).
  std::string LaunchSource;
  bool Assumed = false;
  std::vector<std::array<unsigned, 3>> AssumedBlocks;
  std::vector<PredictedAccess> Accesses;
  std::vector<PredictedBranch> Branches;
  PredictedSummary GlobalLoad, GlobalStore, SharedLoad, SharedStore;
  PredictedRoofline Roofline;
  /// "occupancy": theoretical occupancy in % (NaN when not modelled), and
  /// whether it is exact (registers known) or an upper bound.
  double OccupancyPct = Unknown;
  bool OccupancyExact = false;
  /// "estimated_time" (schema 1.7): the launch's time on the reference
  /// part, NaN where not modelled.
  double EstimatedUs = Unknown;
  std::string EstimatedBoundBy, EstimatedCertainty;
};

struct Predictions {
  std::string Tool, Arch;
  std::vector<PredictedKernel> Kernels;
};

Expected<Predictions> predictionsFromJson(const json::Value &Root);

/// The "roofline" member of one kernel object; \p V may be null (absent).
PredictedRoofline rooflineFromJson(const json::Value *V);

} // namespace cal

#endif // CAL_RUNTIME_PREDICTIONS_H
