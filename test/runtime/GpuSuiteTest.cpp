//===- GpuSuiteTest.cpp - End-to-end measurement on a real GPU ------------===//
//
// Runs a few suite launches under the range profiler and the SASS Metrics
// API and checks the counters against hardware rules, not against stored
// numbers: 32 lanes reading consecutive floats need 128 bytes = 4 sectors
// of 32 bytes per request, stride-2 floats 8; a stride-2 32-bit shared
// store makes 2 lanes share each bank (2 wavefronts); a lane-dependent trip
// count diverges. Without a device it prints "skipped: no CUDA device" and
// exits 77, which ctest reports as skipped (SKIP_RETURN_CODE).
//
//===----------------------------------------------------------------------===//
#include "cal/runtime/Json.h"
#include "cal/runtime/MetricCatalogue.h"
#include "cal/runtime/Runner.h"

#include <gtest/gtest.h>

#include <cuda_runtime.h>

#include <cstdlib>
#include <iostream>
#include <sstream>
#include <unistd.h>

using namespace cal;

namespace {
Measurements *Measured = nullptr;
std::string Verifier; // path of cuda-access-verify

const LaunchMeasurement &get(const std::string &Label) {
  for (const LaunchMeasurement &L : Measured->Launches)
    if (L.Label == Label)
      return L;
  ADD_FAILURE() << "no launch " << Label;
  static LaunchMeasurement None;
  return None;
}

double ratio(const LaunchMeasurement &L, const char *A, const char *B) {
  auto I = L.Metrics.find(A), J = L.Metrics.find(B);
  if (I == L.Metrics.end() || J == L.Metrics.end() || J->second <= 0)
    return -1;
  return I->second / J->second;
}
} // namespace

TEST(GpuSuite, CoalescedAndStridedFloatLoads) {
  EXPECT_DOUBLE_EQ(ratio(get("coalescing.copy_float"), metric::GlobalLdSectors,
                         metric::GlobalLdRequests),
                   4.0);
  EXPECT_DOUBLE_EQ(ratio(get("coalescing.stride_2"), metric::GlobalLdSectors,
                         metric::GlobalLdRequests),
                   8.0);
}

TEST(GpuSuite, SharedStrideTwoStoresTakeTwoWavefronts) {
  // Per-line counters come from the verifier, which measures SASS counters
  // in one process per launch.
  ASSERT_FALSE(Verifier.empty()) << "usage: cal_runtime_gpu_tests VERIFIER";
  std::string Tmp = "/tmp/cal-gpu-test-" + std::to_string(getpid()) + ".json";
  std::string Cmd = Verifier +
                    " --no-timing --no-profile --filter "
                    "=shared_banks.stride_2 --measurements-out " +
                    Tmp + " >/dev/null";
  ASSERT_EQ(std::system(Cmd.c_str()), 0);
  Expected<json::Value> V = json::readFile(Tmp);
  ASSERT_TRUE(bool(V)) << V.error().message();
  Expected<Measurements> Sass = measurementsFromJson(*V);
  ASSERT_TRUE(bool(Sass)) << Sass.error().message();
  ASSERT_EQ(Sass->Launches.size(), 1u);
  const LaunchMeasurement &L = Sass->Launches[0];
  double Wavefronts = 0, Executed = 0;
  for (const LineMeasurement &Line : L.Lines)
    if (Line.Classes.count("shared_st")) {
      Wavefronts += Line.Classes.at("shared_st").Wavefronts;
      Executed += Line.Classes.at("shared_st").Executed;
    }
  ASSERT_GT(Executed, 0) << "no per-line shared store data";
  EXPECT_DOUBLE_EQ(Wavefronts / Executed, 2.0);
}

TEST(GpuSuite, LaneDependentTripCountDiverges) {
  const LaunchMeasurement &L = get("divergence.lane_trip_count");
  ASSERT_TRUE(L.Metrics.count(metric::BranchDivergent));
  EXPECT_GT(L.Metrics.at(metric::BranchDivergent), 0);
}

TEST(GpuSuite, TimingIsPositiveAndCopyIsBelowPeak) {
  const LaunchMeasurement &L = get("coalescing.copy_float");
  EXPECT_GT(L.TimedRuns, 0u);
  EXPECT_GT(L.MedianMs, 0);
  EXPECT_GT(Measured->Device.CopyGBps, 0);
  EXPECT_LT(Measured->Device.CopyGBps, Measured->Device.PeakGBps);
}

int main(int Argc, char **Argv) {
  int Count = 0;
  if (cudaGetDeviceCount(&Count) != cudaSuccess || Count == 0) {
    std::cout << "skipped: no CUDA device\n";
    return 77;
  }
  ::testing::InitGoogleTest(&Argc, Argv);
  if (Argc > 1)
    Verifier = Argv[1];
  RunOptions Opt;
  Opt.Sass = false; // one kernel per process: see the shared test
  Opt.Filter = "coalescing.copy_float,coalescing.stride_2,shared_banks."
               "stride_2,divergence.lane_trip_count";
  Opt.MinRuns = 5;
  Opt.MaxRuns = 20;
  Opt.CopyBytes = uint64_t(1) << 28;
  std::ostringstream Log;
  Expected<Measurements> M = runSuite(Opt, Log);
  if (!M) {
    Error E = M.takeError();
    std::cout << "measurement failed: " << E.message() << "\n" << Log.str();
    return E.code() == NoDevice ? 77 : 1;
  }
  Measured = &*M;
  return RUN_ALL_TESTS();
}
