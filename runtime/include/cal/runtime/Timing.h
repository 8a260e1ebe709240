//===- Timing.h - Bandwidth arithmetic and event timing ---------*- C++ -*-===//
//
// Timing is kept apart from profiling: replay and SASS patching distort
// durations, so kernels are timed in runs with no profiler active, after a
// warm-up, as the median of many event-timed launches.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_RUNTIME_TIMING_H
#define CAL_RUNTIME_TIMING_H

#include <cstdint>
#include <vector>

namespace cal {

/// Median of \p Samples (mean of the middle two for an even count); NaN when
/// empty.
double median(std::vector<double> Samples);

/// Theoretical DRAM bandwidth in GB/s (1e9 bytes/s): memory clock x bus
/// width x 2, the factor 2 for double data rate. The clock is the device
/// attribute cudaDevAttrMemoryClockRate, in kHz.
double theoreticalPeakGBps(double MemoryClockKHz, double BusWidthBits);

/// Effective bandwidth in GB/s: (bytes read + bytes written) / time.
double effectiveGBps(uint64_t BytesRead, uint64_t BytesWritten,
                     double Milliseconds);

/// How many timed runs to make so that they take about \p TargetMs in all,
/// clamped to [MinRuns, MaxRuns], given one run's duration.
unsigned chooseRunCount(double OneRunMs, double TargetMs, unsigned MinRuns,
                        unsigned MaxRuns);

} // namespace cal

#endif // CAL_RUNTIME_TIMING_H
