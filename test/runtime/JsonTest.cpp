//===- JsonTest.cpp - The runtime's JSON lookups, errors and layout -------===//
#include "cal/runtime/Json.h"
#include "cal/runtime/Measurements.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>

using namespace cal;

TEST(Json, RoundTripKeepsMemberOrderAndValues) {
  Expected<json::Value> V = json::parse(
      R"({"b": 1, "a": [1, 2.5, "x\n\u00e9"], "n": null, "t": true})");
  ASSERT_TRUE(bool(V)) << V.error().message();
  ASSERT_EQ(json::members(*V).size(), 4u);
  // Insertion order, not sorted.
  EXPECT_EQ(json::members(*V).begin()->first, "b");
  EXPECT_EQ(json::getNumber(*V, "b"), 1);
  const json::Value *A = json::get(*V, "a");
  ASSERT_TRUE(A && A->is_array());
  EXPECT_DOUBLE_EQ(json::number(json::elements(*A)[1]), 2.5);
  EXPECT_EQ(json::string(json::elements(*A)[2]), "x\n\xc3\xa9");
  EXPECT_TRUE(json::get(*V, "n")->is_null());
  Expected<json::Value> Again = json::parse(json::print(*V));
  ASSERT_TRUE(bool(Again));
  EXPECT_EQ(json::print(*Again), json::print(*V));
}

// The layout every measurements and comparison file has had: files written
// before and after diff only where values differ.
TEST(Json, WriterLayout) {
  json::Value V = json::Value::object();
  V["grid"] = json::Value::array({128, 1, 1});
  V["empty"] = json::Value::array();
  V["none"] = json::Value::object();
  V["ratio"] = 2.0 / 3;
  V["big"] = 1e17;
  V["count"] = uint64_t(1) << 40;
  V["nan"] = std::nan("");
  V["text"] = "a\"b\\c\n\t\x01";
  json::Value Rows = json::Value::array();
  Rows.push_back(json::Value::object({{"k", true}, {"n", nullptr}}));
  V["rows"] = std::move(Rows);
  EXPECT_EQ(json::print(V), R"({
  "grid": [128, 1, 1],
  "empty": [],
  "none": {},
  "ratio": 0.6666666667,
  "big": 1e+17,
  "count": 1099511627776,
  "nan": null,
  "text": "a\"b\\c\n\t\u0001",
  "rows": [
    {
      "k": true,
      "n": null
    }
  ]
})");
}

TEST(Json, LookupsOfAnotherTypeReadAsDefaults) {
  Expected<json::Value> V =
      json::parse(R"({"line": "12", "notes": 3, "name": 4, "ok": 1})");
  ASSERT_TRUE(bool(V));
  EXPECT_EQ(json::getNumber(*V, "line", -1), -1);
  EXPECT_TRUE(json::elements(json::get(*V, "notes")).empty());
  EXPECT_TRUE(json::members(json::get(*V, "missing")).empty());
  EXPECT_EQ(json::getString(*V, "name"), "");
  EXPECT_FALSE(json::boolean(*json::get(*V, "ok")));
  EXPECT_EQ(json::get(*V, "absent"), nullptr);
  EXPECT_EQ(json::get(json::Value::array(), "a"), nullptr); // no object
}

TEST(Json, RejectsMalformedInputWithLineAndColumn) {
  Expected<json::Value> V = json::parse(R"({"a": [1, 2,}")");
  ASSERT_FALSE(bool(V));
  EXPECT_EQ(V.error().message().rfind("1:13: JSON: ", 0), 0u)
      << V.error().message();
  Expected<json::Value> W = json::parse("{\n  \"a\": ,\n}");
  ASSERT_FALSE(bool(W));
  EXPECT_EQ(W.error().message().rfind("2:8: JSON: ", 0), 0u)
      << W.error().message();
  EXPECT_FALSE(bool(json::parse("")));
  EXPECT_FALSE(bool(json::parse("{} x")));
  EXPECT_FALSE(bool(json::parse("[1,]"))); // no trailing commas
}

TEST(Json, ReadFileNamesTheFileLineAndColumn) {
  std::string Path = ::testing::TempDir() + "cal-json-test.json";
  {
    std::ofstream Out(Path);
    Out << "{\"version\": 1,\n \"kernels\": [}\n";
  }
  Expected<json::Value> V = json::readFile(Path);
  ASSERT_FALSE(bool(V));
  EXPECT_EQ(V.error().message().rfind(Path + ":2:14: JSON: ", 0), 0u)
      << V.error().message();
  std::remove(Path.c_str());
  Expected<json::Value> Missing = json::readFile(Path);
  ASSERT_FALSE(bool(Missing));
  EXPECT_EQ(Missing.error().message(), "cannot open '" + Path + "'");
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
