//===- NcuReportTest.cpp - Per-line figures from ncu's per-PC counters ----===//
//
// Inputs/ncu-per-pc.csv is a hand-written dump in the format of
// scripts/ncu-source-lines.py: one launch of 4 blocks of 256 threads (8
// warps each, 32 warps in all) whose instructions each run once per warp:
//   line 12  LDS, every lane on (thread_inst_executed_true equals
//            thread_inst_executed): 32 requests, 64 wavefronts -> 2 per
//            request (a two-way conflict);
//   line 13  @!P0 STS of 4 bytes with 256 of 1,024 thread executions on:
//            the requests are the ideal wavefronts, 8 (one per execution
//            with a lane on) -> 8 / 8 = 1 wavefront per request, where
//            dividing by the 32 executions would give 0.25;
//   line 14  @P1 STG of 4 bytes, one lane on in each of the 4 blocks (the
//            `if (tid == 0) out[blockIdx.x] = s[0];` shape): 4 L1 tag
//            requests of one 32-bit slice -> 4 requests (estimated) -> 1
//            sector per request, not 4 / 32 = 0.125;
//   line 11  a branch with 3 divergent targets.
//
//===----------------------------------------------------------------------===//
#include "cal/runtime/NcuReport.h"
#include "cal/runtime/Compare.h"
#include "cal/runtime/Json.h"
#include "cal/runtime/Predictions.h"

#include <gtest/gtest.h>

#include <sstream>

using namespace cal;

namespace {

const std::string Dump = std::string(CAL_TEST_INPUTS) + "/ncu-per-pc.csv";

const ClassCounters *cls(const LaunchMeasurement &L, unsigned Line,
                         const char *Class) {
  for (const LineMeasurement &LM : L.Lines)
    if (LM.Line == Line && LM.Classes.count(Class))
      return &LM.Classes.at(Class);
  return nullptr;
}

TEST(NcuReport, SassClasses) {
  EXPECT_EQ(sassClass("  @!P0 LDG.E.128 R4, desc[UR4][R2.64]", true),
            "global_ld");
  EXPECT_EQ(sassClass("STS.U8 [R3], R4", false), "shared_st");
  // A generic store that never reached global memory is not a request.
  EXPECT_EQ(sassClass("ST.E [R2.64], R5", false), "");
  EXPECT_EQ(sassClass("ST.E [R2.64], R5", true), "global_st");
  EXPECT_EQ(sassClass("FADD R1, R2, R3", true), "");
}

TEST(NcuReport, RequestsCountExecutionsWithAnActiveLane) {
  Expected<Measurements> M = readNcuPcDump(Dump, "prog");
  ASSERT_TRUE(M) << M.error().message();
  ASSERT_EQ(M->Launches.size(), 1u);
  const LaunchMeasurement &L = M->Launches[0];
  EXPECT_EQ(L.MangledName, "_Z3sumPfS_");
  EXPECT_EQ(L.Grid[0], 4u);
  EXPECT_EQ(L.Block[0], 256u);
  const ClassCounters *Lds = cls(L, 12, "shared_ld");
  ASSERT_TRUE(Lds);
  EXPECT_DOUBLE_EQ(Lds->Requests, 32);
  EXPECT_EQ(Lds->RequestsInferred, 0u);
  const ClassCounters *Sts = cls(L, 13, "shared_st");
  ASSERT_TRUE(Sts);
  EXPECT_DOUBLE_EQ(Sts->Executed, 32);
  EXPECT_DOUBLE_EQ(Sts->Requests, 8);
  EXPECT_EQ(Sts->RequestsInferred, 0u);
  const ClassCounters *Stg = cls(L, 14, "global_st");
  ASSERT_TRUE(Stg);
  EXPECT_DOUBLE_EQ(Stg->Requests, 4);
  EXPECT_EQ(Stg->RequestsInferred, 1u);
  const ClassCounters *Br = cls(L, 11, "branch");
  ASSERT_TRUE(Br);
  EXPECT_DOUBLE_EQ(Br->DivergentTargets, 3);
  // The copy's prefix is cut from the path.
  EXPECT_EQ(L.Lines[0].File.rfind("o+r/k.cu", 0), 0u);
}

TEST(NcuReport, LineTable) {
  Expected<Measurements> M = readNcuPcDump(Dump, "prog");
  ASSERT_TRUE(M);
  std::ostringstream OS;
  writeLineTable(*M, "prog", OS);
  EXPECT_NE(OS.str().find("prog,0,_Z3sumPfS_,4x1x1,256x1x1,o+r/k.cu,14,"
                          "global_st,1,32,4,1,4,4,0,0,0\n"),
            std::string::npos)
      << OS.str();
}

TEST(NcuReport, ComparisonDividesByRequests) {
  Expected<Measurements> M = readNcuPcDump(Dump, "prog");
  ASSERT_TRUE(M);
  Expected<json::Value> V = json::parse(R"({"version": 1,
    "tool": "cuda-access-lint", "arch": "sm_90", "kernels": [{
    "name": "sum", "mangled_name": "_Z3sumPfS_", "file": "o+r/k.cu",
    "line": 10, "launch": {"grid": [4, 1, 1], "block": [256, 1, 1]},
    "accesses": [{"file": "o+r/k.cu", "line": 14, "column": 3,
      "space": "global", "kind": "store", "bytes_per_lane": 4,
      "executions_per_warp": 0.125, "active_lanes": 1,
      "sectors_per_request": {"min": 1, "max": 1, "mean": 1},
      "confidence": "exact"},
     {"file": "o+r/k.cu", "line": 13, "column": 3,
      "space": "shared", "kind": "store", "bytes_per_lane": 4,
      "executions_per_warp": 1, "active_lanes": 8,
      "wavefronts_per_request": {"min": 1, "max": 1, "mean": 1},
      "confidence": "exact"}],
    "branches": [], "summary": {}}]})");
  ASSERT_TRUE(V) << V.error().message();
  Expected<Predictions> P = predictionsFromJson(*V);
  ASSERT_TRUE(P) << P.error().message();
  Comparison C = compare(*M, &*P);
  unsigned Seen = 0;
  for (const Row &R : C.Rows)
    if (R.Scope == "o+r/k.cu:14" || R.Scope == "o+r/k.cu:13") {
      ++Seen;
      EXPECT_DOUBLE_EQ(R.Measured, 1) << R.Scope;
      EXPECT_EQ(R.V, Verdict::Agree) << R.Scope;
    }
  EXPECT_EQ(Seen, 2u);
}

TEST(NcuReport, BadInputIsAnError) {
  Expected<Measurements> M = readNcuPcDump(
      std::string(CAL_TEST_INPUTS) + "/two-launches-h100.json", "x");
  ASSERT_FALSE(M);
  EXPECT_NE(M.error().message().find("not a per-PC dump"), std::string::npos);
  EXPECT_FALSE(readNcuPcDump("/nonexistent.csv", "x"));
}

} // namespace

namespace {
TEST(NcuReport, CuptiRequestsAreTheOpCounters) {
  // Measured on the H100 (docs/verify-run-h100.md): hw5/reductions.cu:59, a
  // shared tree load under `if (tid < s)`, ran 81,920 warp executions, of
  // which 15,360 had an active lane (smsp__sass_inst_executed_op_shared_ld,
  // equal to its ideal wavefronts, one per 4-byte request): 15,360
  // wavefronts are 1 per request, not 0.19 per execution.
  ClassCounters C;
  C.Executed = 81920;
  C.OpExecuted = 15360;
  C.Wavefronts = 15360;
  EXPECT_DOUBLE_EQ(requestsOf(C), 15360);
  // An atomic has no op counter: every executed instruction.
  ClassCounters A;
  A.Executed = 640;
  EXPECT_DOUBLE_EQ(requestsOf(A), 640);
  // Nsight Compute's requests come first where counted.
  ClassCounters N;
  N.Executed = 32;
  N.Requests = 4;
  EXPECT_DOUBLE_EQ(requestsOf(N), 4);
}
} // namespace
