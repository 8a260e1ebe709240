//===- LaunchMatchTest.cpp - Measured launches to predicted kernels -------===//
//
// The expected names follow the Itanium C++ ABI demangling rules (return
// type before a function template's name, parameter list after it); the
// manglings are those nvcc emits for the declarations in the comments.
//
//===----------------------------------------------------------------------===//
#include "cal/runtime/LaunchMatch.h"
#include "cal/runtime/Compare.h"
#include "cal/runtime/Json.h"
#include "cal/runtime/MetricCatalogue.h"

#include <gtest/gtest.h>

using namespace cal;

namespace {

// template <typename T> __global__ void copy(T *, const T *, int), T=float
const char *CopyFloat = "_Z4copyIfEvPT_PKS0_i";

TEST(KernelName, StripsReturnTypeAndParameters) {
  EXPECT_EQ(kernelNameFromMangled(CopyFloat), "copy<float>");
  EXPECT_EQ(kernelNameFromMangled("_Z13transposeTilePfPKfi"), "transposeTile");
  EXPECT_EQ(kernelNameFromMangled("_ZN2ns1kILi3EEEvPf"), "ns::k<3>");
  EXPECT_EQ(kernelNameFromMangled("_Z6scaledIjLj2EEvPT_i"),
            "scaled<unsigned int, 2u>");
  // extern "C" kernels are not mangled: the name stays.
  EXPECT_EQ(kernelNameFromMangled("plain_c_kernel"), "plain_c_kernel");
}

TEST(KernelName, CanonicalSpelling) {
  EXPECT_EQ(canonicalKernelName("scaled<float, 2>"), "scaled<float,2>");
  EXPECT_EQ(canonicalKernelName("scaled<unsigned int, 2u>"),
            canonicalKernelName("scaled<unsigned int, 2U>"));
  EXPECT_EQ(canonicalKernelName("::ns::k< 3 >"), "ns::k<3>");
  // Identifiers keep their digits and letters.
  EXPECT_EQ(canonicalKernelName("k2u<float2>"), "k2u<float2>");
  EXPECT_NE(canonicalKernelName("k<float>"), canonicalKernelName("k<double>"));
  // The demangler writes an integer argument of a non-int type as a cast.
  EXPECT_EQ(canonicalKernelName("f<(short)4, (Kind)0>"), "f<4,0>");
  EXPECT_EQ(canonicalKernelName("f<(long)-1>"), "f<-1>");
  // A parenthesised expression that is not a cast of a number is kept.
  EXPECT_EQ(canonicalKernelName("f<(a)+1>"), "f<(a)+1>");
  // One spelling of the anonymous namespace.
  EXPECT_EQ(canonicalKernelName("{anonymous}::k<float>"),
            canonicalKernelName("(anonymous namespace)::k<float>"));
}

PredictedKernel kernel(const std::string &Name, const std::string &Mangled,
                       std::array<unsigned, 3> Grid,
                       std::array<unsigned, 3> Block) {
  PredictedKernel K;
  K.Name = Name;
  K.MangledName = Mangled;
  for (int I = 0; I < 3; ++I)
    K.Grid[I] = Grid[I], K.Block[I] = Block[I];
  return K;
}

LaunchMeasurement launch(const std::string &Mangled,
                         std::array<unsigned, 3> Grid,
                         std::array<unsigned, 3> Block) {
  LaunchMeasurement L;
  L.MangledName = Mangled;
  L.Kernel = kernelNameFromMangled(Mangled);
  L.Label = "#0 " + L.Kernel;
  for (int I = 0; I < 3; ++I)
    L.Grid[I] = Grid[I], L.Block[I] = Block[I];
  return L;
}

TEST(SameKernel, MangledWhenBothHaveItElseByName) {
  LaunchMeasurement L = launch(CopyFloat, {1, 1, 1}, {1, 1, 1});
  EXPECT_TRUE(sameKernel(L, kernel("copy<float>", CopyFloat, {}, {})));
  // Same name, other mangling: another overload or instantiation.
  EXPECT_FALSE(
      sameKernel(L, kernel("copy<float>", "_Z4copyIfEvPT_PKS0_l", {}, {})));
  EXPECT_TRUE(sameKernel(L, kernel("copy<float>", "", {}, {})));
  EXPECT_FALSE(sameKernel(L, kernel("copy<double>", "", {}, {})));
}

TEST(SameKernel, EnumeratorArgumentByItsValue) {
  // enum class DeviceMemoryType { SHARED, GLOBAL };
  // template <DeviceMemoryType M> __global__ void f(float *);
  // Nsight Compute's demangled name (a measurement without the mangled one)
  // spells the argument as a cast of its value; clang spells the enumerator,
  // and the prediction's mangled name holds the value.
  const char *Shared = "_Z1fIL16DeviceMemoryType0EEvPf";
  LaunchMeasurement L;
  L.Kernel = "f<(DeviceMemoryType)0>";
  EXPECT_TRUE(
      sameKernel(L, kernel("f<DeviceMemoryType::SHARED>", Shared, {}, {})));
  EXPECT_FALSE(sameKernel(L, kernel("f<DeviceMemoryType::GLOBAL>",
                                    "_Z1fIL16DeviceMemoryType1EEvPf", {}, {})));
  // An older ncu_report's "mangled" column holds the demangled name.
  LaunchMeasurement N;
  N.MangledName = N.Kernel = "f<(DeviceMemoryType)0>";
  EXPECT_TRUE(
      sameKernel(N, kernel("f<DeviceMemoryType::SHARED>", Shared, {}, {})));
  EXPECT_FALSE(sameKernel(N, kernel("f<DeviceMemoryType::GLOBAL>",
                                    "_Z1fIL16DeviceMemoryType1EEvPf", {}, {})));
  // The ordinary launch record: both mangled names, compared exactly.
  LaunchMeasurement M = launch(Shared, {1, 1, 1}, {1, 1, 1});
  EXPECT_EQ(M.Kernel, "f<(DeviceMemoryType)0>");
  EXPECT_TRUE(
      sameKernel(M, kernel("f<DeviceMemoryType::SHARED>", Shared, {}, {})));
}

TEST(SameKernel, StaticKernelWithoutInternalLinkageMark) {
  // A static kernel: clang's host mangling "_ZL6d_initmPf" carries the
  // internal-linkage "L", the device's name (as Nsight Compute reported a
  // static kernel on the H100) does not.
  LaunchMeasurement L = launch("_Z6d_initmPf", {1, 1, 1}, {1, 1, 1});
  EXPECT_TRUE(sameKernel(L, kernel("d_init", "_ZL6d_initmPf", {}, {})));
  EXPECT_TRUE(sameKernel(L, kernel("d_init", "_Z6d_initmPf", {}, {})));
  EXPECT_FALSE(sameKernel(L, kernel("d_init", "_ZL6d_initmPd", {}, {})));
}

TEST(SameKernel, StaticKernelOfSeparateCompilation) {
  // With -rdc=true nvcc prefixes a static kernel's name with its own
  // hashes: the name Nsight Compute reported on the H100 for
  // jacobiCudaGraphs' `static __global__ void JacobiMethod(...)`
  // (research/unseen-code/h100-test6/cs-jacobiCudaGraphs.csv).
  LaunchMeasurement L = launch("__nv_static_30__c3d9f5d0_9_jacobi_cu_3dc991e0__"
                               "Z12JacobiMethodPKfPKdfPdS3_S3_",
                               {66, 1, 1}, {256, 1, 1});
  EXPECT_TRUE(sameKernel(
      L, kernel("JacobiMethod", "_Z12JacobiMethodPKfPKdfPdS3_S3_", {}, {})));
  EXPECT_FALSE(
      sameKernel(L, kernel("finalError", "_Z10finalErrorPdS_", {}, {})));
}

TEST(MatchLaunch, ExactConfigurationAmongSeveral) {
  Predictions P;
  P.Kernels.push_back(
      kernel("copy<float>", CopyFloat, {64, 1, 1}, {128, 1, 1}));
  P.Kernels.push_back(
      kernel("copy<float>", CopyFloat, {32, 1, 1}, {256, 1, 1}));
  LaunchMatch M = matchLaunch(launch(CopyFloat, {32, 1, 1}, {256, 1, 1}), P);
  ASSERT_TRUE(M.Kernel);
  EXPECT_EQ(M.Kernel, &P.Kernels[1]);
  EXPECT_EQ(M.Config, ConfigMatch::Exact);
}

TEST(MatchLaunch, RunTimeGridComponentMatchesAnyValue) {
  Predictions P;
  P.Kernels.push_back(kernel("copy<float>", CopyFloat, {0, 1, 1}, {256, 1, 1}));
  P.Kernels[0].GridUnknown[0] = true;
  LaunchMatch M = matchLaunch(launch(CopyFloat, {4096, 1, 1}, {256, 1, 1}), P);
  EXPECT_EQ(M.Kernel, &P.Kernels[0]);
  EXPECT_EQ(M.Config, ConfigMatch::Exact);
  // The block still has to agree.
  M = matchLaunch(launch(CopyFloat, {4096, 1, 1}, {128, 1, 1}), P);
  EXPECT_EQ(M.Config, ConfigMatch::Differs);
}

TEST(MatchLaunch, AssumedLaunchCoveringTheBlock) {
  Predictions P;
  PredictedKernel K = kernel("copy<float>", CopyFloat, {0, 1, 1}, {256, 1, 1});
  K.Assumed = true;
  K.LaunchSource = "default";
  K.AssumedBlocks = {{256, 1, 1}, {16, 16, 1}};
  P.Kernels.push_back(K);
  LaunchMatch M = matchLaunch(launch(CopyFloat, {10, 1, 1}, {16, 16, 1}), P);
  EXPECT_EQ(M.Kernel, &P.Kernels[0]);
  EXPECT_EQ(M.Config, ConfigMatch::Assumed);
  M = matchLaunch(launch(CopyFloat, {10, 1, 1}, {64, 1, 1}), P);
  EXPECT_EQ(M.Config, ConfigMatch::Differs);
  EXPECT_NE(M.Note.find("assumed"), std::string::npos) << M.Note;
  EXPECT_NE(M.Note.find("not a model error"), std::string::npos) << M.Note;
}

TEST(MatchLaunch, UnknownKernel) {
  Predictions P;
  P.Kernels.push_back(kernel("other", "_Z5otherv", {1, 1, 1}, {1, 1, 1}));
  EXPECT_FALSE(matchLaunch(launch(CopyFloat, {1, 1, 1}, {1, 1, 1}), P).Kernel);
}

TEST(SourcePaths, SuffixAndBaseName) {
  EXPECT_TRUE(sameSourceFile("/home/u/app/examples/a.cu", "examples/a.cu"));
  EXPECT_TRUE(sameSourceFile("examples/a.cu", "/home/u/app/examples/a.cu"));
  EXPECT_TRUE(sameSourceFile("./examples//a.cu", "examples/a.cu"));
  EXPECT_TRUE(sameSourceFile("/build/x/a.cu", "src/a.cu")); // base name
  // A suffix must start at a component: "xa.cu" is not "a.cu".
  EXPECT_FALSE(sameSourceFile("/src/xa.cu", "a.cu"));
  EXPECT_FALSE(sameSourceFile("a.cu", ""));
  EXPECT_FALSE(sameSourceFile("/src/a.cu", "/src/b.cu"));
}

// End to end through the predictions reader and compare(): a launch whose
// configuration is not the predicted one is reported as such, and nothing
// about it counts as a mismatch.
TEST(CompareInjected, ConfigurationDifferenceIsNotAMismatch) {
  const char *Json = R"({"version": 1, "kernels": [
    {"name": "copy<float>", "mangled_name": "", "file": "examples/a.cu",
     "line": 3,
     "launch": {"grid": [null, 1, 1], "grid_unknown": [true, false, false],
                "block": [256, 1, 1], "source": "default", "assumed": true,
                "assumed_blocks": [[256, 1, 1]]},
     "summary": {"global_load": {"requests_per_warp": 1,
                                 "sectors_per_request": 4}},
     "accesses": [{"file": "examples/a.cu", "line": 5, "space": "global",
                   "kind": "load", "sectors_per_request": 4,
                   "executions_per_warp": 1}]}]})";
  Expected<json::Value> V = json::parse(Json);
  ASSERT_TRUE(bool(V));
  Expected<Predictions> P = predictionsFromJson(*V);
  ASSERT_TRUE(bool(P));
  ASSERT_EQ(P->Kernels.size(), 1u);
  EXPECT_TRUE(P->Kernels[0].Assumed);
  EXPECT_TRUE(P->Kernels[0].GridUnknown[0]);

  Measurements M;
  LaunchMeasurement L = launch(CopyFloat, {8, 1, 1}, {128, 1, 1});
  // 32 lanes x 4 bytes = 128 bytes = 4 sectors; 8 would be a mismatch if
  // judged.
  L.Metrics[metric::GlobalLdSectors] = 800;
  L.Metrics[metric::GlobalLdRequests] = 100;
  M.Launches.push_back(L);
  Comparison C = compare(M, &*P);
  EXPECT_EQ(C.Mismatch, 0u);
  bool ConfigRow = false;
  for (const Row &R : C.Rows)
    if (R.Quantity == "launch configuration") {
      ConfigRow = true;
      EXPECT_EQ(R.V, Verdict::NoPrediction);
      EXPECT_NE(R.Note.find("not a model error"), std::string::npos);
    }
  EXPECT_TRUE(ConfigRow);

  // The block the analyzer assumed: judged, and the per-line row matches
  // the predicted access through the path's suffix.
  M.Launches[0] = launch(CopyFloat, {8, 1, 1}, {256, 1, 1});
  M.Launches[0].Metrics[metric::GlobalLdSectors] = 400;
  M.Launches[0].Metrics[metric::GlobalLdRequests] = 100;
  LineMeasurement Line;
  Line.File = "/home/someone/project/examples/a.cu";
  Line.Line = 5;
  Line.Classes["global_ld"].Executed = 100;
  Line.Classes["global_ld"].Sectors = 400;
  M.Launches[0].Lines.push_back(Line);
  C = compare(M, &*P);
  EXPECT_EQ(C.Mismatch, 0u);
  unsigned Judged = 0;
  for (const Row &R : C.Rows)
    if (R.V == Verdict::Agree)
      ++Judged;
  EXPECT_EQ(Judged, 2u); // kernel global_ld and the line's global_ld
}

} // namespace
