//===- Timing.cpp - Bandwidth arithmetic ----------------------------------===//
#include "cal/runtime/Timing.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cal {

double median(std::vector<double> Samples) {
  if (Samples.empty())
    return std::numeric_limits<double>::quiet_NaN();
  std::sort(Samples.begin(), Samples.end());
  size_t N = Samples.size();
  return N % 2 ? Samples[N / 2] : 0.5 * (Samples[N / 2 - 1] + Samples[N / 2]);
}

double theoreticalPeakGBps(double MemoryClockKHz, double BusWidthBits) {
  // kHz -> Hz, bits -> bytes, two transfers per clock.
  return MemoryClockKHz * 1e3 * (BusWidthBits / 8.0) * 2.0 / 1e9;
}

double effectiveGBps(uint64_t BytesRead, uint64_t BytesWritten,
                     double Milliseconds) {
  if (!(Milliseconds > 0))
    return std::numeric_limits<double>::quiet_NaN();
  return double(BytesRead + BytesWritten) / (Milliseconds * 1e-3) / 1e9;
}

unsigned chooseRunCount(double OneRunMs, double TargetMs, unsigned MinRuns,
                        unsigned MaxRuns) {
  if (!(OneRunMs > 0))
    return MaxRuns;
  double Want = std::ceil(TargetMs / OneRunMs);
  return unsigned(std::clamp(Want, double(MinRuns), double(MaxRuns)));
}

} // namespace cal
