//===- InjectGpuTest.cpp - cuda-access-verify run on the example program --===//
//
// Profiles examples/access_patterns.cu through the injection library and
// checks the counters against hardware rules, not stored numbers:
//  - copy<float>: 32 lanes x 4 bytes = 128 bytes = 4 sectors of 32 bytes
//    per request, loads and stores;
//  - transposeTile: the 32x32 float tile read along a column puts all 32
//    lanes in one bank (consecutive 4-byte words go to consecutive banks of
//    32), so the line's shared loads take 32 wavefronts each; its global
//    accesses stay 4 sectors per request;
//  - parityBranch splits every warp: divergent branch targets > 0;
//  - the default selection takes 3 launches of each configuration;
//  - the program's exit status passes through, an aborted program keeps
//    the launches measured before the signal, and a program that launches
//    nothing is told so.
// Without a device the verifier says "skipped: no CUDA device" and this
// test exits 77 (SKIP_RETURN_CODE).
//
//===----------------------------------------------------------------------===//
#include "cal/runtime/Json.h"
#include "cal/runtime/Measurements.h"
#include "cal/runtime/MetricCatalogue.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <iostream>
#include <sys/wait.h>
#include <unistd.h>

using namespace cal;

namespace {
std::string Verifier, App;

int run(const std::string &Args, const std::string &Out) {
  // The injection library's own measurements: the CUPTI backend, not the
  // default's choice of Nsight Compute where it is installed.
  std::string Cmd = "'" + Verifier +
                    "' run --backend cupti --measurements-out " + Out + " " +
                    Args + " > " + Out + ".log 2>&1";
  int S = std::system(Cmd.c_str());
  return WIFEXITED(S) ? WEXITSTATUS(S) : -1;
}

Measurements load(const std::string &Path) {
  Expected<json::Value> V = json::readFile(Path);
  EXPECT_TRUE(bool(V)) << Path;
  if (!V)
    return {};
  Expected<Measurements> M = measurementsFromJson(*V);
  EXPECT_TRUE(bool(M));
  return M ? *M : Measurements();
}

double ratio(const LaunchMeasurement &L, const char *A, const char *B) {
  auto I = L.Metrics.find(A), J = L.Metrics.find(B);
  if (I == L.Metrics.end() || J == L.Metrics.end() || J->second <= 0)
    return -1;
  return I->second / J->second;
}

std::string Tmp;

TEST(InjectGpu, ExampleProgram) {
  std::string Out = Tmp + "/m.json";
  ASSERT_EQ(run("-- '" + App + "'", Out), 0) << "see " << Out << ".log";
  Measurements M = load(Out);
  unsigned Copies = 0, Tiles = 0, Branches = 0;
  for (const LaunchMeasurement &L : M.Launches) {
    if (L.Kernel == "copy<float>") {
      ++Copies;
      EXPECT_EQ(L.Block[0], 256u);
      EXPECT_EQ(L.Grid[0], (1u << 22) / 256);
      EXPECT_DOUBLE_EQ(
          ratio(L, metric::GlobalLdSectors, metric::GlobalLdRequests), 4.0);
      EXPECT_DOUBLE_EQ(
          ratio(L, metric::GlobalStSectors, metric::GlobalStRequests), 4.0);
      EXPECT_GT(L.MedianMs, 0);
    } else if (L.Kernel == "transposeTile") {
      ++Tiles;
      EXPECT_EQ(L.Block[0], 32u);
      EXPECT_EQ(L.Block[1], 8u);
      bool ColumnRead = false;
      for (const LineMeasurement &Line : L.Lines) {
        auto It = Line.Classes.find("shared_ld");
        if (It != Line.Classes.end() && It->second.Executed > 0 &&
            Line.File.find("access_patterns.cu") != std::string::npos) {
          EXPECT_DOUBLE_EQ(It->second.Wavefronts / It->second.Executed, 32.0)
              << Line.File << ":" << Line.Line;
          ColumnRead = true;
        }
      }
      EXPECT_TRUE(ColumnRead) << "no shared-load line with file:line";
    } else if (L.Kernel == "parityBranch") {
      ++Branches;
      auto It = L.Metrics.find(metric::BranchDivergent);
      ASSERT_NE(It, L.Metrics.end());
      EXPECT_GT(It->second, 0);
    }
  }
  // 5 iterations, the default takes the first 3 of each configuration.
  EXPECT_EQ(Copies, 3u);
  EXPECT_EQ(Tiles, 3u);
  EXPECT_EQ(Branches, 3u);
}

TEST(InjectGpu, FiltersAndPassThrough) {
  std::string Out = Tmp + "/f.json";
  EXPECT_EQ(run("--no-sass --kernel '^copy' --launch-skip 1 --launch-count 2 "
                "-- '" +
                    App + "'",
                Out),
            0);
  Measurements M = load(Out);
  ASSERT_EQ(M.Launches.size(), 2u);
  for (const LaunchMeasurement &L : M.Launches)
    EXPECT_EQ(L.Kernel, "copy<float>");

  // abort() after the first iteration: 128 + SIGABRT, launches kept.
  Out = Tmp + "/a.json";
  EXPECT_EQ(run("--no-sass -- '" + App + "' --abort", Out), 128 + 6);
  EXPECT_EQ(load(Out).Launches.size(), 3u);

  Out = Tmp + "/n.json";
  EXPECT_EQ(run("-- '" + App + "' --no-launch", Out), 5);
}

} // namespace

int main(int Argc, char **Argv) {
  ::testing::InitGoogleTest(&Argc, Argv);
  if (Argc < 3) {
    std::cerr << "usage: cal_inject_gpu_tests VERIFIER APP\n";
    return 2;
  }
  Verifier = Argv[1];
  App = Argv[2];
  char Dir[] = "/tmp/cal-inject-gpu-XXXXXX";
  if (!mkdtemp(Dir))
    return 2;
  Tmp = Dir;
  // The verifier decides whether there is a device, as users see it.
  std::string Probe = "'" + Verifier + "' run --backend cupti -- /bin/true > " +
                      Tmp + "/probe.log 2>&1";
  int S = std::system(Probe.c_str());
  if (WIFEXITED(S) && WEXITSTATUS(S) == 77) {
    std::cout << "skipped: no CUDA device\n";
    return 77;
  }
  return RUN_ALL_TESTS();
}
