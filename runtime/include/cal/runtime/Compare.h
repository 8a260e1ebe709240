//===- Compare.h - Predictions against measurements -------------*- C++ -*-===//
//
// Turns a measurements file and (optionally) the analyzer's predictions into
// rows: one set per kernel launch (sectors per request of global loads and
// stores, wavefronts per shared instruction, divergence) and one per source
// line where per-instruction counters exist. Every row has a verdict; a
// launch or line with no prediction says so rather than disappearing.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_RUNTIME_COMPARE_H
#define CAL_RUNTIME_COMPARE_H

#include "cal/runtime/JsonFwd.h"
#include "cal/runtime/Measurements.h"
#include "cal/runtime/Predictions.h"

#include <ostream>
#include <string>
#include <vector>

namespace cal {

/// Agree: the measured figure is within the tolerance of the predicted
/// headline. InRange, a weaker verdict counted apart: the headline misses,
/// but the measurement lies within the predicted minimum-maximum (a
/// prediction that depends on unknown parameters or configurations); it is
/// neither an agreement nor a mismatch.
enum class Verdict { Agree, Mismatch, NoPrediction, NoMeasurement, InRange };
const char *verdictName(Verdict V);

struct Row {
  std::string Launch;   ///< measurement label
  std::string Kernel;   ///< demangled name
  std::string Scope;    ///< "kernel" or "file:line"
  std::string Quantity; ///< e.g. "global_ld sectors/req"
  double Predicted = Unknown, Measured = Unknown;
  std::string PredictedText, MeasuredText, Tolerance;
  Verdict V = Verdict::NoPrediction;
  std::string Note;
};

/// The tolerance for per-request quantities: |measured - predicted| <=
/// max(AbsTol, RelTol * predicted). Hardware counts for deterministic
/// kernels are exact, so the slack only absorbs tails (the last partial
/// iteration, predicated-off executions) that averages over warps hide.
struct Tolerances {
  double Abs = 0.25;
  double Rel = 0.10;
};

/// A launch's estimated time beside its measured one, and the findings the
/// prediction costs, largest saving first (docs/costs.md).
struct LaunchCost {
  std::string Launch, Kernel;
  double PredictedUs = Unknown, MeasuredUs = Unknown; ///< median of timing
  std::string BoundBy, Certainty;
  struct Finding {
    std::string Scope; ///< "file:line"
    std::string What;  ///< "global store", "shared load"
    double SavedUs = Unknown, TrafficShare = Unknown;
  };
  std::vector<Finding> Findings;
};

struct Comparison {
  std::vector<Row> Rows;
  /// Launches paired with a prediction that has an estimated time.
  std::vector<LaunchCost> Costs;
  unsigned Agree = 0, Mismatch = 0, NoPrediction = 0, NoMeasurement = 0;
  unsigned InRange = 0;
  bool HavePredictions = false;
};

/// \p P may be null: then every row reads "no prediction".
Comparison compare(const Measurements &M, const Predictions *P,
                   const Tolerances &Tol = Tolerances());

void printTable(std::ostream &OS, const Comparison &C);
json::Value toJson(const Comparison &C);
std::string toCsv(const Comparison &C);

/// Effective bandwidth of every timed launch, as a percentage of the
/// theoretical peak and of the device-to-device copy.
void printBandwidth(std::ostream &OS, const Measurements &M);

/// Per-launch counters that have no predicted counterpart but explain the
/// rows: DRAM bytes against the useful bytes, average active threads per
/// warp instruction, divergent and uniform branch targets.
void printCounters(std::ostream &OS, const Measurements &M);

} // namespace cal

#endif // CAL_RUNTIME_COMPARE_H
