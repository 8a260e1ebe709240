//===- TimingTest.cpp - Bandwidth arithmetic ------------------------------===//
#include "cal/runtime/Timing.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace cal;

TEST(Timing, MedianOfOddAndEvenCounts) {
  EXPECT_EQ(median({3, 1, 2}), 2);
  EXPECT_EQ(median({4, 1, 3, 2}), 2.5);
  EXPECT_TRUE(std::isnan(median({})));
}

TEST(Timing, TheoreticalPeakIsClockTimesBusTimesTwo) {
  // The H100 SXM reports a 2,619,000 kHz memory clock and a 5,120-bit bus
  // (docs/measurements-h100.md): 2.619e9 Hz x 640 bytes x 2 = 3352.32 GB/s.
  EXPECT_NEAR(theoreticalPeakGBps(2619000, 5120), 3352.32, 1e-6);
  // The slides' GTX 280: 1,107 MHz, 512 bits -> 141.7 GB/s.
  EXPECT_NEAR(theoreticalPeakGBps(1107000, 512), 141.696, 1e-6);
}

TEST(Timing, EffectiveBandwidthCountsReadsAndWrites) {
  // Copying 1 GB in 1 ms moves 2 GB: 2000 GB/s.
  EXPECT_NEAR(effectiveGBps(1000000000, 1000000000, 1.0), 2000, 1e-9);
  EXPECT_TRUE(std::isnan(effectiveGBps(1, 1, 0)));
}

TEST(Timing, RunCountAimsAtTargetWithinBounds) {
  EXPECT_EQ(chooseRunCount(1.0, 200, 20, 200), 200u);
  EXPECT_EQ(chooseRunCount(5.0, 200, 20, 200), 40u);
  EXPECT_EQ(chooseRunCount(50.0, 200, 20, 200), 20u);
}
