//===- Measurements.h - Raw measurements of one suite run -------*- C++ -*-===//
//
// What the GPU run produces, before any comparison: per launch, its identity
// (mangled name, grid, block), the timing, the range-profiler counters and
// the per-line sums of the SASS counters. Saved as JSON so that comparisons
// with predictions can be redone on a machine without a GPU.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_RUNTIME_MEASUREMENTS_H
#define CAL_RUNTIME_MEASUREMENTS_H

#include "cal/runtime/Error.h"
#include "cal/runtime/JsonFwd.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace cal {

/// SASS counters summed over the instructions of one class on one line.
/// Classes: "global_ld", "global_st", "global" (direction unknown, e.g.
/// atomics), "shared_ld", "shared_st", "shared", "branch".
struct ClassCounters {
  unsigned Instructions = 0; ///< distinct PCs
  double Executed = 0;       ///< smsp__sass_inst_executed
  double OpExecuted = 0;     ///< ..._op_{global,shared}_{ld,st}
  double ThreadExecuted = 0; ///< smsp__sass_thread_inst_executed
  /// Executions with at least one predicated-on lane (NcuReport.h defines
  /// them); 0 where the counters to tell are not collected (the CUPTI path:
  /// Executed is the denominator then).
  double Requests = 0;
  unsigned RequestsInferred = 0; ///< instructions whose Requests estimate
  double Sectors = 0, SectorsIdeal = 0;
  double Wavefronts = 0, WavefrontsIdeal = 0;
  double DivergentTargets = 0;
};

/// The denominator of a per-request figure: the executions with an active
/// lane (NcuReport.h). From Nsight Compute's counters, Requests; from
/// CUPTI's SASS metrics, the op counters (smsp__sass_inst_executed_op_*
/// count only executions with an active lane, measured on the H100: a
/// predicated shared load run by 81,920 warp executions counted 15,360, as
/// many as its ideal wavefronts); else every executed instruction.
inline double requestsOf(const ClassCounters &C) {
  if (C.Requests > 0)
    return C.Requests;
  return C.OpExecuted > 0 ? C.OpExecuted : C.Executed;
}

struct LineMeasurement {
  std::string File; ///< as in the line table; see normalizeSourcePath
  unsigned Line = 0;
  std::map<std::string, ClassCounters> Classes;
};

struct LaunchMeasurement {
  std::string Label, Suite, SourceFile;
  unsigned Line = 0; ///< line of the SuiteContext::launch call, 0 if unknown
  std::string Kernel, MangledName;
  /// The full demangled signature (parameter types included); set for
  /// launches of a program profiled through the injection library.
  std::string DemangledName;
  unsigned Grid[3] = {0, 0, 0}, Block[3] = {0, 0, 0};
  unsigned DynamicSharedBytes = 0;
  uint64_t BytesRead = 0, BytesWritten = 0;

  unsigned TimedRuns = 0;
  double MedianMs = 0, MinMs = 0, MaxMs = 0;

  std::map<std::string, double> Metrics; ///< range-profiler values
  std::vector<LineMeasurement> Lines;    ///< from the SASS Metrics API
  std::vector<std::string> Notes;        ///< failures and warnings
};

struct DeviceMeasurement {
  std::string Name, Chip;
  int ComputeMajor = 0, ComputeMinor = 0, SmCount = 0;
  int DriverVersion = 0, RuntimeVersion = 0, CuptiVersion = 0;
  double MemoryClockKHz = 0, BusWidthBits = 0, L2Bytes = 0;
  double PeakGBps = 0;
  /// SM clock (cudaDevAttrClockRate, kHz; "clock_khz"), for compute roofs.
  /// 0 when unknown: files written before it was recorded lack it.
  double ClockKHz = 0;
  /// cudaMemcpy device-to-device of CopyBytes, bytes read + written / time.
  uint64_t CopyBytes = 0;
  double CopyMs = 0, CopyGBps = 0;
  /// The same at other sizes (those of the transposition matrices), since a
  /// 64 MiB copy pays launch and tail costs that a 1 GiB copy hides.
  struct Copy {
    uint64_t Bytes = 0;
    double Ms = 0, GBps = 0;
  };
  std::vector<Copy> Copies;
};

struct Measurements {
  DeviceMeasurement Device;
  std::string Command; ///< how the run was invoked
  std::vector<std::string> SassMetrics;
  std::vector<std::string> Notes; ///< sweeps that could not run, and why
  std::vector<LaunchMeasurement> Launches;
};

/// Merges \p From into \p Into by launch label: timing, counters and lines
/// are taken from \p From where \p Into has none, so that sweeps run in
/// separate processes combine into one file.
void mergeMeasurements(Measurements &Into, const Measurements &From);

json::Value toJson(const Measurements &M);
Expected<Measurements> measurementsFromJson(const json::Value &V);

/// Repository-relative form of a source path: the suffix starting at the
/// last "kernels/" component, or the path unchanged.
std::string normalizeSourcePath(const std::string &Path);

} // namespace cal

#endif // CAL_RUNTIME_MEASUREMENTS_H
