//===- JsonTest.cpp - The runtime's JSON reader and writer ----------------===//
#include "cal/runtime/Json.h"
#include "cal/runtime/Measurements.h"

#include <gtest/gtest.h>

using namespace cal;

TEST(Json, RoundTripKeepsMemberOrderAndValues) {
  Expected<json::Value> V = json::parse(
      R"({"b": 1, "a": [1, 2.5, "x\n\u00e9"], "n": null, "t": true})");
  ASSERT_TRUE(bool(V)) << V.error().message();
  ASSERT_EQ(V->members().size(), 4u);
  EXPECT_EQ(V->members()[0].first, "b"); // insertion order, not sorted
  EXPECT_EQ(V->getNumber("b"), 1);
  const json::Value *A = V->get("a");
  ASSERT_TRUE(A && A->isArray());
  EXPECT_DOUBLE_EQ(A->elements()[1].number(), 2.5);
  EXPECT_EQ(A->elements()[2].string(), "x\n\xc3\xa9");
  EXPECT_TRUE(V->get("n")->isNull());
  Expected<json::Value> Again = json::parse(V->dump());
  ASSERT_TRUE(bool(Again));
  EXPECT_EQ(Again->dump(), V->dump());
}

TEST(Json, RejectsMalformedInputWithOffset) {
  Expected<json::Value> V = json::parse(R"({"a": [1, 2,}")");
  ASSERT_FALSE(bool(V));
  EXPECT_NE(V.error().message().find("offset"), std::string::npos);
}

TEST(Measurements, RoundTripThroughJson) {
  Measurements M;
  M.Device.Name = "test device";
  M.Device.Chip = "GH100";
  M.Device.ComputeMajor = 9;
  M.Device.CopyGBps = 123.5;
  LaunchMeasurement L;
  L.Label = "transpose.4096.naive";
  L.MangledName = "_Z14transposeNaivePfPKfi";
  L.Grid[0] = L.Grid[1] = 128;
  L.Grid[2] = 1;
  L.BytesRead = 1u << 26;
  L.Metrics["l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum"] = 4194304;
  LineMeasurement Line;
  Line.File = "kernels/transpose.cu";
  Line.Line = 42;
  Line.Classes["global_st"].Sectors = 64;
  Line.Classes["global_st"].Executed = 2;
  L.Lines.push_back(Line);
  M.Launches.push_back(L);

  Expected<Measurements> Back = measurementsFromJson(toJson(M));
  ASSERT_TRUE(bool(Back)) << Back.error().message();
  ASSERT_EQ(Back->Launches.size(), 1u);
  const LaunchMeasurement &B = Back->Launches[0];
  EXPECT_EQ(B.Label, L.Label);
  EXPECT_EQ(B.Grid[1], 128u);
  EXPECT_EQ(B.BytesRead, L.BytesRead);
  EXPECT_EQ(B.Metrics.at("l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum"),
            4194304);
  ASSERT_EQ(B.Lines.size(), 1u);
  EXPECT_EQ(B.Lines[0].Classes.at("global_st").Sectors, 64);
  EXPECT_EQ(Back->Device.ComputeMajor, 9);
}

TEST(Measurements, MergeTakesEachSweepsPart) {
  Measurements Timing, Counters;
  LaunchMeasurement T;
  T.Label = "x";
  T.TimedRuns = 20;
  T.MedianMs = 1.5;
  Timing.Launches.push_back(T);
  LaunchMeasurement C;
  C.Label = "x";
  C.MangledName = "_Z1xv";
  C.Metrics["m"] = 7;
  Counters.Launches.push_back(C);
  mergeMeasurements(Timing, Counters);
  ASSERT_EQ(Timing.Launches.size(), 1u);
  EXPECT_EQ(Timing.Launches[0].MedianMs, 1.5);
  EXPECT_EQ(Timing.Launches[0].MangledName, "_Z1xv");
  EXPECT_EQ(Timing.Launches[0].Metrics.at("m"), 7);
}

TEST(Measurements, NormalizeSourcePathKeepsRepositorySuffix) {
  EXPECT_EQ(normalizeSourcePath("/root/work/main/kernels/transpose.cu"),
            "kernels/transpose.cu");
  EXPECT_EQ(normalizeSourcePath("kernels/a.cu"), "kernels/a.cu");
  EXPECT_EQ(normalizeSourcePath("/x/mykernels/a.cu"), "/x/mykernels/a.cu");
}
