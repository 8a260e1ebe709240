//===- MetricCatalogueTest.cpp - Metric groups on GH100, no GPU needed ----===//
//
// The CUPTI host API builds config images for a named chip without a
// device, so the catalogue's promises (every name valid, every group one
// replay pass) are checked on the CPU machines. The expected pass counts
// come from docs/gpu-facts.md, measured for GH100 with CUDA 13.0.
//
//===----------------------------------------------------------------------===//
#include "cal/runtime/MetricCatalogue.h"
#include "cal/runtime/CuptiStatus.h"
#include "cal/runtime/ProfilerHost.h"

#include <gtest/gtest.h>

#include <set>

using namespace cal;

static const char *Chip = "GH100";

TEST(MetricCatalogue, EveryGroupFitsItsExpectedPassesOnGH100) {
  ASSERT_FALSE(metricCatalogue().empty());
  for (const MetricGroup &G : metricCatalogue()) {
    Expected<size_t> Passes = passCountFor(Chip, G.Metrics);
    ASSERT_TRUE(bool(Passes)) << G.Name << ": " << Passes.error().message();
    EXPECT_EQ(*Passes, G.ExpectedPasses) << G.Name;
    // One pass everywhere: ratios formed inside a group come from one
    // execution of the kernel.
    EXPECT_EQ(G.ExpectedPasses, 1u) << G.Name;
  }
}

TEST(MetricCatalogue, CoversTheQuantitiesTheVerifierCompares) {
  std::set<std::string> All;
  for (const MetricGroup &G : metricCatalogue())
    All.insert(G.Metrics.begin(), G.Metrics.end());
  for (const char *M :
       {metric::GlobalLdSectors, metric::GlobalStSectors,
        metric::GlobalLdRequests, metric::GlobalStRequests,
        metric::SharedLdWavefronts, metric::SharedStWavefronts,
        metric::SharedLdInst, metric::SharedStInst, metric::BranchDivergent,
        metric::ThreadsPerInst, metric::DramRead, metric::DramWrite})
    EXPECT_TRUE(All.count(M)) << M;
}

TEST(MetricCatalogue, RequestsAndSectorsOfBothDirectionsNeedThreePasses) {
  // The reason requests have groups of their own (gpu-facts.md: "requests and
  // sectors for both loads and stores need three").
  Expected<size_t> Passes =
      passCountFor(Chip, {metric::GlobalLdRequests, metric::GlobalLdSectors,
                          metric::GlobalStRequests, metric::GlobalStSectors});
  ASSERT_TRUE(bool(Passes)) << Passes.error().message();
  EXPECT_EQ(*Passes, 3u);
}

TEST(MetricCatalogue, InstrumentedCountersAddAPassNextToHardwareOnes) {
  // gpu-facts.md: smsp__sass_* metrics are instrumented and add a pass when
  // mixed with hardware counters, so they have a group of their own.
  Expected<size_t> Passes =
      passCountFor(Chip, {metric::BranchDivergent, metric::ThreadsPerInst,
                          metric::InstExecuted});
  ASSERT_TRUE(bool(Passes)) << Passes.error().message();
  EXPECT_EQ(*Passes, 2u);
}

TEST(ProfilerHost, UnknownMetricFailsTheWholeAddWithCuptiText) {
  Expected<ProfilerHost> Host = ProfilerHost::create(Chip);
  ASSERT_TRUE(bool(Host)) << Host.error().message();
  Error E = Host->addMetrics({metric::GlobalLdSectors, "no_such__metric.sum"});
  ASSERT_TRUE(bool(E));
  // The message carries the call, CUPTI's own text and the names tried.
  EXPECT_NE(E.message().find("cuptiProfilerHostConfigAddMetrics"),
            std::string::npos);
  EXPECT_NE(E.message().find("CUPTI_ERROR"), std::string::npos);
  EXPECT_NE(E.message().find("no_such__metric.sum"), std::string::npos);
}

TEST(ProfilerHost, ConfigImageIsProducedWithoutADevice) {
  Expected<ProfilerHost> Host = ProfilerHost::create(Chip);
  ASSERT_TRUE(bool(Host)) << Host.error().message();
  ASSERT_FALSE(bool(Host->addMetrics({metric::DramRead, metric::DramWrite})));
  Expected<std::vector<uint8_t>> Image = Host->configImage();
  ASSERT_TRUE(bool(Image)) << Image.error().message();
  EXPECT_FALSE(Image->empty());
  Expected<size_t> Passes = ProfilerHost::passCount(*Image);
  ASSERT_TRUE(bool(Passes));
  EXPECT_EQ(*Passes, 1u);
}

TEST(ProfilerHost, UnknownChipIsAnError) {
  Expected<ProfilerHost> Host = ProfilerHost::create("NOT_A_CHIP");
  EXPECT_FALSE(bool(Host));
}

TEST(CuptiStatus, PrivilegeErrorSaysWhatToChange) {
  // CUPTI returns this when the driver restricts counters to administrators
  // (gpu-facts.md); the verifier maps the code to its exit code 3.
  Error E = cuptiStatus(CUPTI_ERROR_INSUFFICIENT_PRIVILEGES, "cuptiX");
  ASSERT_TRUE(bool(E));
  EXPECT_EQ(E.code(), ProfilingNotPermitted);
  EXPECT_NE(E.message().find("CUPTI_ERROR_INSUFFICIENT_PRIVILEGES"),
            std::string::npos);
  EXPECT_NE(E.message().find("NVreg_RestrictProfilingToAdminUsers=0"),
            std::string::npos);
  EXPECT_NE(E.message().find("root"), std::string::npos);
  EXPECT_FALSE(bool(cuptiStatus(CUPTI_SUCCESS, "cuptiX")));
}
