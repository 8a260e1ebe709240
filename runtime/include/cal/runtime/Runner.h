//===- Runner.h - Run the kernel suite and measure it -----------*- C++ -*-===//
//
// Three sweeps over the suite, each re-running the suite functions from
// scratch: timing with no profiler attached, then the range profiler, then
// SASS patching. Every launch is identified by its label; the sweeps' results
// are merged into one LaunchMeasurement per label.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_RUNTIME_RUNNER_H
#define CAL_RUNTIME_RUNNER_H

#include "cal/runtime/Error.h"
#include "cal/runtime/Measurements.h"

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace cal {

struct RunOptions {
  /// Only launches whose label starts with one of these comma-separated
  /// prefixes ("=label" selects that label exactly); empty means all.
  std::string Filter;
  bool Timing = true;
  bool RangeProfile = true;
  /// SASS patching. Measured on the H100 with CUDA 13.0, only the first
  /// kernel launched after the SASS configuration is patched, and the
  /// configuration cannot be set twice in a process: in-process, only the
  /// first selected launch gets per-line data. The verifier therefore runs
  /// one child process per launch (see CudaAccessVerify.cpp).
  bool Sass = true;
  /// Launch once per label and measure nothing (for ncu, compute-sanitizer).
  bool LaunchOnly = false;
  /// Allocate and fill as usual but launch nothing: lists the labels.
  bool DryRun = false;
  unsigned WarmupRuns = 3;
  unsigned MinRuns = 20;
  unsigned MaxRuns = 200;
  double TargetMsPerLaunch = 200;
  /// Bytes of the device-to-device copy used as the practical peak.
  uint64_t CopyBytes = uint64_t(1) << 30;
  /// Further copy sizes: one float matrix of each transposition size.
  std::vector<uint64_t> ExtraCopyBytes = {uint64_t(4000) * 4000 * 4,
                                          uint64_t(4096) * 4096 * 4,
                                          uint64_t(16384) * 16384 * 4};
};

/// True when \p Label passes the comma-separated prefix \p Filter.
bool labelMatches(const std::string &Filter, const std::string &Label);

/// Runs the suite on device 0. Progress goes to \p Log. A failure to open the
/// device is returned with ErrorCode::NoDevice; a profiling permission
/// failure with ErrorCode::ProfilingNotPermitted; per-launch failures are
/// recorded as notes on the launch instead.
Expected<Measurements> runSuite(const RunOptions &Options, std::ostream &Log);

} // namespace cal

#endif // CAL_RUNTIME_RUNNER_H
