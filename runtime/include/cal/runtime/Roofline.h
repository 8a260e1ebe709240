//===- Roofline.h - The analyzer's static roofline against a run -*- C++
//-*-===//
//
// The analyzer predicts, per launch, the DRAM bytes and the operations of
// the whole grid and from them a lower bound on the kernel's time for a
// reference device (the kernel's "roofline"). Here that prediction meets a
// measurement: the predicted DRAM bytes against dram__bytes_read.sum +
// dram__bytes_write.sum, and the time bound, recomputed for the device that
// was measured, against the median time. The roofline is an estimate: its
// verdicts are reported, never folded into the comparison's exit code.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_RUNTIME_ROOFLINE_H
#define CAL_RUNTIME_ROOFLINE_H

#include "cal/runtime/JsonFwd.h"
#include "cal/runtime/Measurements.h"
#include "cal/runtime/Predictions.h"

#include <map>
#include <ostream>
#include <string>
#include <vector>

namespace cal {

/// Predicted and measured DRAM bytes agree when |predicted / measured - 1|
/// is at most this.
constexpr double RooflineBytesTolerance = 0.10;

enum class RooflineStatus {
  Compared,    ///< a modelled prediction for this launch
  NotModelled, ///< the analyzer said "modelled": false (or wrote nothing)
  NoPrediction ///< no predicted kernel for this launch and configuration
};
/// An estimate agrees or differs; a predicted upper bound (the launch fits
/// in L2) or lower bound (some work not counted) holds or is exceeded, with
/// the same tolerance.
enum class BytesVerdict { Agree, Differ, BoundHolds, BoundExceeded, Unknown };
enum class BoundVerdict { Holds, Violated, Unknown };
const char *statusName(RooflineStatus S);
const char *verdictName(BytesVerdict V);
const char *verdictName(BoundVerdict V);

/// The device the bounds are computed for: the measured one, with whatever
/// the measurements file lacks taken from the prediction's reference device.
struct RooflineDevice {
  std::string Name;
  double PeakGBps = Unknown, SmCount = Unknown, ClockHz = Unknown;
  /// "measured" (clock_khz of the measurements) or "reference" (the
  /// prediction's reference_device.clock_mhz); likewise for the others.
  std::string ClockSource, PeakSource, SmSource;
  /// Per-SM throughput per class: always the reference device's (the
  /// measurements do not record it).
  std::map<std::string, double> OpsPerClockPerSm;

  /// Operations per second of class \p Class over the whole device, or
  /// Unknown.
  double peakOps(const std::string &Class) const;
};

struct RooflineRow {
  std::string Launch, Kernel;
  RooflineStatus Status = RooflineStatus::NoPrediction;
  /// The prediction's certainty: estimate, upper-bound or lower-bound.
  std::string Certainty;
  std::string Reason; ///< why not compared
  double PredictedDramBytes = Unknown, MeasuredDramBytes = Unknown;
  double BytesRatio = Unknown; ///< predicted / measured
  double SectorBytes = Unknown;
  double OpsTotal = Unknown;
  std::map<std::string, double> Ops;
  double PredictedAI = Unknown, MeasuredAI = Unknown; ///< ops per DRAM byte
  double MemoryBoundS = Unknown;     ///< predicted bytes / peak bandwidth
  double ComputeBoundS = Unknown;    ///< the slowest op class alone
  double BoundS = Unknown;           ///< max of the two
  std::string BoundBy;               ///< "dram" or the op class
  double ReferenceBoundUs = Unknown; ///< the analyzer's, reference device
  double MeasuredS = Unknown;        ///< median time
  double BoundOverMeasured = Unknown;
  BytesVerdict Bytes = BytesVerdict::Unknown;
  BoundVerdict Bound = BoundVerdict::Unknown;
  RooflineDevice Device;
  std::vector<std::string> Notes;
};

struct RooflineReport {
  std::vector<RooflineRow> Rows;
  unsigned Agree = 0, Differ = 0, Holds = 0, Violated = 0;
  unsigned BytesBoundHolds = 0, BytesBoundExceeded = 0;
  unsigned NotModelled = 0, NoPrediction = 0;
};

/// The time bound of \p R on device \p D: max(DRAM bytes / peak bandwidth,
/// max over classes c of ops[c] / (SMs x clock x ops per clock per SM of c)).
/// Fills MemoryBoundS, ComputeBoundS, BoundS, BoundBy; a class with
/// operations but no known throughput adds a note and no term.
void computeBound(RooflineRow &R, const RooflineDevice &D);

/// One row per launch of \p M, paired with \p P as the comparison pairs
/// them (matchLaunches).
RooflineReport roofline(const Measurements &M, const Predictions &P);

void printRoofline(std::ostream &OS, const RooflineReport &R);
/// What both modes of cuda-access-verify do: the report of \p M against
/// \p P (empty without predictions), printed to \p OS after a blank line
/// when \p Print.
RooflineReport rooflineFor(const Measurements &M, const Predictions *P,
                           std::ostream &OS, bool Print);
/// An array, one object per row, the table's fields.
json::Value toJson(const RooflineReport &R);
/// A standalone SVG document: log-log roofline plot of the measured device,
/// predicted and measured point per launch; launches that cannot be placed
/// on log axes are listed under the plot.
std::string rooflineSvg(const RooflineReport &R);

} // namespace cal

#endif // CAL_RUNTIME_ROOFLINE_H
