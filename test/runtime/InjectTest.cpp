//===- InjectTest.cpp - Injection settings, filters and records -----------===//
#include "cal/runtime/Inject.h"
#include "cal/runtime/Json.h"
#include "cal/runtime/MetricCatalogue.h"
#include "cal/runtime/ProfilerHost.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <unistd.h>

using namespace cal;

namespace {

const unsigned G1[3] = {64, 1, 1}, G2[3] = {128, 1, 1}, B[3] = {256, 1, 1};

Expected<InjectSettings>
roundTrip(const std::vector<std::pair<std::string, std::string>> &Env) {
  std::map<std::string, std::string> Vars(Env.begin(), Env.end());
  return fromEnvironment([&](const char *Name) -> const char * {
    auto It = Vars.find(Name);
    return It == Vars.end() ? nullptr : It->second.c_str();
  });
}

TEST(InjectSettings, EnvironmentRoundTrip) {
  InjectSettings S;
  S.Mode = InjectMode::Sass;
  S.OutPath = "/tmp/x y.jsonl";
  S.KernelRegex = "^copy<.*>$";
  S.Skip = 2;
  S.Count = 5;
  S.SassIndex = 7;
  Expected<InjectSettings> R = roundTrip(toEnvironment(S));
  ASSERT_TRUE(bool(R)) << R.error().message();
  EXPECT_EQ(R->Mode, S.Mode);
  EXPECT_EQ(R->OutPath, S.OutPath);
  EXPECT_EQ(R->KernelRegex, S.KernelRegex);
  EXPECT_EQ(R->Skip, S.Skip);
  EXPECT_EQ(R->Count, S.Count);
  EXPECT_EQ(R->SassIndex, S.SassIndex);

  // Unset options stay unset: the default selection.
  InjectSettings D;
  D.OutPath = "/tmp/o";
  R = roundTrip(toEnvironment(D));
  ASSERT_TRUE(bool(R));
  EXPECT_EQ(R->Mode, InjectMode::Profile);
  EXPECT_EQ(R->Skip, 0u);
  EXPECT_EQ(R->Count, -1);
  EXPECT_EQ(R->SassIndex, -1);
}

TEST(InjectSettings, Errors) {
  EXPECT_FALSE(bool(roundTrip({}))); // no output file
  EXPECT_FALSE(
      bool(roundTrip({{injectenv::Out, "o"}, {injectenv::Mode, "x"}})));
  EXPECT_FALSE(
      bool(roundTrip({{injectenv::Out, "o"}, {injectenv::Count, "-1"}})));
  EXPECT_FALSE(
      bool(roundTrip({{injectenv::Out, "o"}, {injectenv::Skip, "3x"}})));
  // sass mode measures one launch: which one must be said.
  EXPECT_FALSE(
      bool(roundTrip({{injectenv::Out, "o"}, {injectenv::Mode, "sass"}})));
}

LaunchFilter filter(const std::string &Regex, unsigned Skip, int Count) {
  InjectSettings S;
  S.KernelRegex = Regex;
  S.Skip = Skip;
  S.Count = Count;
  Expected<LaunchFilter> F = LaunchFilter::create(S);
  EXPECT_TRUE(bool(F));
  return std::move(*F);
}

TEST(LaunchFilter, DefaultIsThreePerDistinctConfiguration) {
  LaunchFilter F = filter("", 0, -1);
  std::vector<int> Got;
  for (int I = 0; I < 5; ++I) {
    Got.push_back(F.next("copy<float>", G1, B));
    Got.push_back(F.next("copy<float>", G2, B)); // another configuration
  }
  // Indices among the selected launches, in launch order.
  EXPECT_EQ(Got, (std::vector<int>{0, 1, 2, 3, 4, 5, -1, -1, -1, -1}));
  EXPECT_EQ(F.seen(), 10u);
  EXPECT_EQ(F.selected(), 6u);
}

TEST(LaunchFilter, SkipAndCountArePerKernel) {
  LaunchFilter F = filter("", 1, 2);
  std::vector<int> Got;
  for (int I = 0; I < 4; ++I) {
    // Configurations alternate; the count is per kernel regardless.
    Got.push_back(F.next("copy<float>", I % 2 ? G1 : G2, B));
    Got.push_back(F.next("transpose", G1, B));
  }
  EXPECT_EQ(Got, (std::vector<int>{-1, -1, 0, 1, 2, 3, -1, -1}));
}

TEST(LaunchFilter, CountZeroAndRegex) {
  LaunchFilter None = filter("", 0, 0);
  EXPECT_EQ(None.next("k", G1, B), -1);
  LaunchFilter F = filter("^copy<(float|int)>$", 0, 1);
  EXPECT_EQ(F.next("copy<double>", G1, B), -1);
  EXPECT_EQ(F.next("transpose", G1, B), -1);
  EXPECT_EQ(F.next("copy<float>", G1, B), 0);
  EXPECT_EQ(F.next("copy<float>", G1, B), -1);
  EXPECT_EQ(F.next("copy<int>", G1, B), 1);
  InjectSettings Bad;
  Bad.KernelRegex = "copy<(";
  Expected<LaunchFilter> E = LaunchFilter::create(Bad);
  ASSERT_FALSE(bool(E));
  EXPECT_NE(E.error().message().find("regular expression"), std::string::npos);
}

TEST(InjectRecords, WrittenLinesReadBackAndACutOffLineIsSkipped) {
  DeviceMeasurement Dev;
  Dev.Name = "test device";
  Dev.Chip = "GH100";
  LaunchMeasurement L;
  L.Label = "#1 copy<float>";
  L.MangledName = "_Z4copyIfEvPT_PKS0_i";
  L.DemangledName = L.Kernel = "copy<float>";
  L.Grid[0] = 64, L.Block[0] = 256, L.Block[1] = L.Block[2] = 1;
  L.DynamicSharedBytes = 48;
  L.Metrics["dram__bytes_read.sum"] = 1024;
  L.Notes.push_back("a note\nwith a newline");
  std::string Launch = launchRecord(1, Dev, L, 42);
  // One record, one line, whatever the strings hold.
  EXPECT_EQ(Launch.find('\n'), Launch.size() - 1);
  std::string Status = statusRecord("not-permitted", "no\naccess", 42);
  EXPECT_EQ(Status.find('\n'), Status.size() - 1);

  char Path[] = "/tmp/cal-inject-test-XXXXXX";
  int Fd = mkstemp(Path);
  ASSERT_GE(Fd, 0);
  close(Fd);
  {
    std::ofstream Out(Path);
    Out << Launch << Status;
    Out << Launch.substr(0, Launch.size() / 2); // killed mid-write
  }
  Expected<InjectRecords> R = readInjectRecords(Path);
  std::remove(Path);
  ASSERT_TRUE(bool(R));
  EXPECT_FALSE(R->Ended);
  EXPECT_EQ(R->Malformed, 1u);
  ASSERT_EQ(R->Launches.count(1), 1u);
  const LaunchMeasurement &Back = R->Launches.at(1);
  EXPECT_EQ(Back.DemangledName, "copy<float>");
  EXPECT_EQ(Back.Grid[0], 64u);
  EXPECT_EQ(Back.Block[0], 256u);
  EXPECT_EQ(Back.DynamicSharedBytes, 48u);
  EXPECT_EQ(Back.Metrics.at("dram__bytes_read.sum"), 1024);
  EXPECT_EQ(R->Device.Chip, "GH100");
  ASSERT_EQ(R->Status.size(), 1u);
  EXPECT_EQ(R->Status[0].first, "not-permitted");
  EXPECT_EQ(R->Status[0].second, "no\naccess");

  // A file that was never written (no CUDA in the program) is empty.
  Expected<InjectRecords> Missing = readInjectRecords("/nonexistent/x.jsonl");
  ASSERT_TRUE(bool(Missing));
  EXPECT_TRUE(Missing->Launches.empty());
}

TEST(InjectRecords, EndRecordAndSassMerge) {
  std::string End = endRecord(10, 4, 1);
  Expected<json::Value> V = json::parse(End);
  ASSERT_TRUE(bool(V));
  EXPECT_EQ(json::getNumber(*V, "launches"), 10);

  LaunchMeasurement A, S;
  A.MangledName = S.MangledName = "_Z1kv";
  A.Grid[0] = S.Grid[0] = 2;
  LineMeasurement Line;
  Line.File = "a.cu";
  Line.Line = 3;
  S.Lines.push_back(Line);
  EXPECT_TRUE(mergeSassLaunch(A, S));
  EXPECT_EQ(A.Lines.size(), 1u);
  // A SASS run that selected another launch at this index is not merged.
  LaunchMeasurement C;
  C.MangledName = "_Z1kv";
  S.Grid[0] = 3;
  EXPECT_FALSE(mergeSassLaunch(C, S));
  EXPECT_TRUE(C.Lines.empty());
  EXPECT_EQ(C.Notes.size(), 1u);
}

// The injected launch gets one config image: the CUPTI host API must accept
// the union of the catalogue and the duration for GH100 (the H100), and it
// needs at least as many passes as the largest group alone.
TEST(InjectMetrics, OneConfigImageOnGH100) {
  std::vector<std::string> All = injectRangeMetrics();
  Expected<size_t> Passes = passCountFor("GH100", All);
  ASSERT_TRUE(bool(Passes)) << Passes.error().message();
  for (const MetricGroup &G : metricCatalogue())
    EXPECT_GE(*Passes, G.ExpectedPasses) << G.Name;
  EXPECT_NE(std::find(All.begin(), All.end(), InjectDurationMetric), All.end());
}

} // namespace
