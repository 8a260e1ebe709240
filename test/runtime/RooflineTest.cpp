//===- RooflineTest.cpp - The static roofline against measurements --------===//
//
// Host-only. The expected times are derived in the comments from the bound's
// definition, max(DRAM bytes / bandwidth, max over classes of ops /
// (SMs x clock x ops per clock per SM)), with the H100 SXM5 figures of the
// analyzer's reference device: 132 SMs, 1980 MHz, 3352.32 GB/s, per SM and
// clock 256 fp16, 128 fp32, 64 fp64 and 64 int operations.
//
//===----------------------------------------------------------------------===//
#include "cal/runtime/Roofline.h"
#include "cal/runtime/Json.h"

#include "cal/runtime/MetricCatalogue.h"

#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <vector>

using namespace cal;

namespace {

const char *Reference =
    R"("reference_device": {"name": "H100 SXM5 80GB", "sm_count": 132,
        "clock_mhz": 1980, "dram_gbps": 3352.32,
        "ops_per_clock_per_sm": {"fp16": 256, "fp32": 128, "fp64": 64,
                                 "int": 64}})";

/// A modelled roofline with \p Read + \p Write DRAM bytes and \p Ops (the
/// members of "ops", without total).
std::string roofline(double Read, double Write, const std::string &Ops,
                     const std::string &Extra = "") {
  return R"("roofline": {"modelled": true, "grid_threads": 16777216,
             "sector_bytes": 134217728, "dram_bytes": {"read": )" +
         std::to_string(Read) + R"(, "write": )" + std::to_string(Write) +
         "}, \"ops\": {" + Ops + "}, " + Reference + Extra + "}";
}

/// A kernel of grid 65536 x 256 threads (16777216), as the launches below.
std::string kernel(const std::string &Mangled, const std::string &Roofline) {
  return R"({"name": "k", "mangled_name": ")" + Mangled +
         R"(", "file": "kernels/t.cu", "line": 1,
         "launch": {"grid": [65536, 1, 1], "block": [256, 1, 1]})" +
         (Roofline.empty() ? "" : ", " + Roofline) + "}";
}

Predictions parse(const std::vector<std::string> &Kernels) {
  std::string Text =
      R"({"version": 1, "tool": "cuda-access-lint", "arch": "sm_90",
          "kernels": [)";
  for (size_t I = 0; I < Kernels.size(); ++I)
    Text += (I ? "," : "") + Kernels[I];
  Text += "]}";
  Expected<json::Value> V = json::parse(Text);
  EXPECT_TRUE(bool(V)) << V.error().message();
  Expected<Predictions> P = predictionsFromJson(*V);
  EXPECT_TRUE(bool(P)) << P.error().message();
  return *P;
}

LaunchMeasurement launch(const std::string &Label, const std::string &Mangled,
                         double DramBytes, double MedianUs) {
  LaunchMeasurement L;
  L.Label = L.Kernel = Label;
  L.MangledName = Mangled;
  L.Grid[0] = 65536, L.Grid[1] = L.Grid[2] = 1;
  L.Block[0] = 256, L.Block[1] = L.Block[2] = 1;
  if (!std::isnan(DramBytes)) { // split evenly; only the sum is compared
    L.Metrics[metric::DramRead] = DramBytes / 2;
    L.Metrics[metric::DramWrite] = DramBytes / 2;
  }
  if (!std::isnan(MedianUs)) {
    L.TimedRuns = 20;
    L.MedianMs = MedianUs / 1e3;
  }
  return L;
}

/// The measured H100 of test/data/measurements-h100.json (no clock_khz).
Measurements h100() {
  Measurements M;
  M.Device.Name = "NVIDIA H100 80GB HBM3";
  M.Device.SmCount = 132;
  M.Device.PeakGBps = 3352.32;
  return M;
}

const RooflineRow &row(const RooflineReport &R, const std::string &Label) {
  for (const RooflineRow &Row : R.Rows)
    if (Row.Launch == Label)
      return Row;
  ADD_FAILURE() << "no row " << Label;
  static RooflineRow None;
  return None;
}

TEST(RooflinePredictions, ReadWithAndWithoutRoofline) {
  // The schema's example, a kernel that says it is not modelled, and one
  // written before the roofline existed.
  Predictions P = parse(
      {kernel("_Z1av", R"("roofline": {
         "modelled": true, "reason": "", "grid_threads": 16777216,
         "sector_bytes": 134217728,
         "dram_bytes": {"read": 67108864, "write": 67108864, "total": 134217728},
         "ops": {"fp16": 0, "fp32": 0, "fp64": 0, "int": 33554432,
                 "total": 33554432},
         "ops_per_thread": {"fp16": 0, "fp32": 0, "fp64": 0, "int": 2},
         "arithmetic_intensity": 0.25, )" +
                           std::string(Reference) +
                           R"(, "time_bound_us": 40.04, "bound_by": "dram",
         "certainty": "estimate", "notes": ["one", "two"]})"),
       kernel("_Z1bv", R"("roofline": {"modelled": false,
                          "reason": "indirect indexing"})"),
       kernel("_Z1cv", ""), kernel("_Z1dv", R"("roofline": {"modelled": true,
         "dram_bytes": {"read": 10, "write": 6}, "ops": {"fp32": 3, "int": 4},
         "arithmetic_intensity": null})")});
  ASSERT_EQ(P.Kernels.size(), 4u);
  const PredictedRoofline &A = P.Kernels[0].Roofline;
  EXPECT_TRUE(A.Present && A.Modelled);
  EXPECT_EQ(A.GridThreads, 16777216);
  EXPECT_EQ(A.SectorBytes, 134217728);
  EXPECT_EQ(A.DramRead, 67108864);
  EXPECT_EQ(A.DramTotal, 134217728);
  EXPECT_EQ(A.Ops.size(), 4u); // the classes, "total" kept apart
  EXPECT_EQ(A.Ops.at("int"), 33554432);
  EXPECT_EQ(A.OpsTotal, 33554432);
  EXPECT_EQ(A.OpsPerThread.at("int"), 2);
  EXPECT_EQ(A.ArithmeticIntensity, 0.25);
  EXPECT_EQ(A.Reference.Name, "H100 SXM5 80GB");
  EXPECT_EQ(A.Reference.SmCount, 132);
  EXPECT_EQ(A.Reference.ClockMHz, 1980);
  EXPECT_EQ(A.Reference.DramGBps, 3352.32);
  EXPECT_EQ(A.Reference.OpsPerClockPerSm.at("fp32"), 128);
  EXPECT_EQ(A.TimeBoundUs, 40.04);
  EXPECT_EQ(A.BoundBy, "dram");
  EXPECT_EQ(A.Certainty, "estimate");
  EXPECT_EQ(A.Notes.size(), 2u);

  const PredictedRoofline &B = P.Kernels[1].Roofline;
  EXPECT_TRUE(B.Present);
  EXPECT_FALSE(B.Modelled);
  EXPECT_EQ(B.Reason, "indirect indexing");

  const PredictedRoofline &C = P.Kernels[2].Roofline;
  EXPECT_FALSE(C.Present || C.Modelled);
  EXPECT_EQ(C.Reason, "no roofline predicted");
  EXPECT_TRUE(std::isnan(C.DramTotal));

  // Without the totals: read + write = 16, fp32 + int = 7; null stays
  // unknown.
  const PredictedRoofline &D = P.Kernels[3].Roofline;
  EXPECT_EQ(D.DramTotal, 16);
  EXPECT_EQ(D.OpsTotal, 7);
  EXPECT_TRUE(std::isnan(D.ArithmeticIntensity));
}

TEST(RooflineDeviceRecord, ClockKHzRoundTripsAndIsOptional) {
  Measurements M = h100();
  M.Device.ClockKHz = 1980000;
  Expected<Measurements> Back = measurementsFromJson(toJson(M));
  ASSERT_TRUE(bool(Back));
  EXPECT_EQ(Back->Device.ClockKHz, 1980000);
  EXPECT_EQ(Back->Device.SmCount, 132);

  // A file from before clock_khz: read as 0 (unknown), and not written
  // back as a made-up value.
  json::Value Old = toJson(h100());
  EXPECT_EQ(json::get(*json::get(Old, "device"), "clock_khz"), nullptr);
  Expected<Measurements> OldBack = measurementsFromJson(Old);
  ASSERT_TRUE(bool(OldBack));
  EXPECT_EQ(OldBack->Device.ClockKHz, 0);
  // Merging an old sweep with a new one keeps the clock.
  mergeMeasurements(*OldBack, *Back);
  EXPECT_EQ(OldBack->Device.ClockKHz, 1980000);
}

RooflineDevice referenceH100() {
  RooflineDevice D;
  D.Name = "H100";
  D.PeakGBps = 3352.32;
  D.SmCount = 132;
  D.ClockHz = 1980e6;
  D.OpsPerClockPerSm = {
      {"fp16", 256}, {"fp32", 128}, {"fp64", 64}, {"int", 64}};
  return D;
}

TEST(RooflineBound, MemoryBound) {
  RooflineRow R;
  // 64 MiB = 67108864 B at 3352.32 GB/s: 67108864 / 3.35232e12 s
  // = 20.0186 us. 2^25 int operations at 132 x 1.98e9 x 64 = 1.672704e13
  // per second: 33554432 / 1.672704e13 s = 2.0060 us. The larger wins.
  R.PredictedDramBytes = 67108864;
  R.Ops = {{"fp32", 0}, {"int", 33554432}};
  computeBound(R, referenceH100());
  EXPECT_NEAR(R.MemoryBoundS * 1e6, 20.0186, 1e-4);
  EXPECT_NEAR(R.ComputeBoundS * 1e6, 2.0060, 1e-4);
  EXPECT_NEAR(R.BoundS * 1e6, 20.0186, 1e-4);
  EXPECT_EQ(R.BoundBy, "dram");
}

TEST(RooflineBound, ComputeBoundTakesTheSlowestClass) {
  RooflineRow R;
  // 2^32 fp32 operations at 132 x 1.98e9 x 128 = 3.345408e13 per second:
  // 128.384 us; 2^30 fp64 at 1.672704e13: 64.192 us; DRAM 20.0186 us (as
  // above). The bound is the fp32 term.
  R.PredictedDramBytes = 67108864;
  R.Ops = {{"fp32", 4294967296.0}, {"fp64", 1073741824.0}};
  computeBound(R, referenceH100());
  EXPECT_NEAR(R.ComputeBoundS * 1e6, 128.384, 1e-3);
  EXPECT_NEAR(R.BoundS * 1e6, 128.384, 1e-3);
  EXPECT_EQ(R.BoundBy, "fp32");
}

TEST(RooflineBound, UnknownClassIsLeftOutWithANote) {
  RooflineRow R;
  R.PredictedDramBytes = 67108864;
  R.Ops = {{"tensor", 1e15}}; // no throughput known for it
  computeBound(R, referenceH100());
  EXPECT_TRUE(std::isnan(R.ComputeBoundS));
  EXPECT_NEAR(R.BoundS * 1e6, 20.0186, 1e-4);
  EXPECT_EQ(R.BoundBy, "dram");
  ASSERT_EQ(R.Notes.size(), 1u);
  EXPECT_NE(R.Notes[0].find("tensor"), std::string::npos);
}

TEST(RooflineBound, RecomputedForTheMeasuredDevice) {
  // 2^34 int operations, 64 MiB. Measured device: 114 SMs at 1755 MHz,
  // 2000 GB/s. Compute: 17179869184 / (114 x 1.755e9 x 64 = 1.280448e13)
  // = 1341.71 us; memory: 67108864 / 2e12 = 33.554 us. Without clock_khz
  // the reference clock 1980 MHz is used with the measured 114 SMs:
  // 17179869184 / (114 x 1.98e9 x 64 = 1.444608e13) = 1189.24 us.
  std::string Ops = R"("int": 17179869184)";
  Predictions P = parse({kernel("_Z1av", roofline(33554432, 33554432, Ops))});
  Measurements M;
  M.Device.Name = "smaller GPU";
  M.Device.SmCount = 114;
  M.Device.PeakGBps = 2000;
  M.Device.ClockKHz = 1755000;
  M.Launches.push_back(launch("a", "_Z1av", 67108864, 2000));
  RooflineReport R = roofline(M, P);
  ASSERT_EQ(R.Rows.size(), 1u);
  const RooflineRow &Row = R.Rows[0];
  EXPECT_EQ(Row.Device.ClockSource, "measured");
  EXPECT_NEAR(Row.MemoryBoundS * 1e6, 33.554, 1e-3);
  EXPECT_NEAR(Row.BoundS * 1e6, 1341.71, 1e-2);
  EXPECT_EQ(Row.BoundBy, "int");
  bool SaysOtherGpu = false;
  for (const std::string &N : Row.Notes)
    SaysOtherGpu |= N.find("another GPU") != std::string::npos;
  EXPECT_TRUE(SaysOtherGpu); // per-SM throughput is the reference's

  M.Device.ClockKHz = 0;
  RooflineReport Old = roofline(M, P);
  EXPECT_EQ(Old.Rows[0].Device.ClockSource, "reference");
  EXPECT_NEAR(Old.Rows[0].BoundS * 1e6, 1189.24, 1e-2);
}

TEST(RooflineVerdicts, BytesAndBound) {
  // Predicted DRAM bytes 1e8 in each kernel except "boundary" (1.1e8).
  // 1e8 B at 3352.32 GB/s = 29.8301 us, the bound of each (no operations).
  std::string Rf = roofline(5e7, 5e7, R"("int": 0)");
  Predictions P =
      parse({kernel("_Z5agreev", Rf), kernel("_Z6differv", Rf),
             kernel("_Z8boundaryv", roofline(5.5e7, 5.5e7, R"("int": 0)")),
             kernel("_Z8untimedv", Rf),
             kernel("_Z3offv", R"("roofline": {"modelled": false,
                            "reason": "a loop bound the analyzer cannot read"})"),
             kernel("_Z3oldv", "")});
  Measurements M = h100();
  // 1e8 / 1.1e8 = 0.909: |0.909 - 1| = 0.091 <= 0.10, agree; measured 30 us
  // >= 29.83 us, the bound holds.
  M.Launches.push_back(launch("agree", "_Z5agreev", 1.1e8, 30));
  // 1e8 / 0.9e8 = 1.111: 0.111 > 0.10, differ; 29 us < 29.83 us: violated.
  M.Launches.push_back(launch("differ", "_Z6differv", 0.9e8, 29));
  // 1.1e8 / 1e8 = 1.10 exactly: at the tolerance, which is inclusive.
  M.Launches.push_back(launch("boundary", "_Z8boundaryv", 1e8, 100));
  M.Launches.push_back(launch("untimed", "_Z8untimedv", NAN, NAN));
  M.Launches.push_back(launch("off", "_Z3offv", 1e8, 30));
  M.Launches.push_back(launch("old", "_Z3oldv", 1e8, 30));
  M.Launches.push_back(launch("stranger", "_Z8strangerv", 1e8, 30));
  RooflineReport R = roofline(M, P);
  ASSERT_EQ(R.Rows.size(), 7u);

  const RooflineRow &A = row(R, "agree");
  EXPECT_EQ(A.Status, RooflineStatus::Compared);
  EXPECT_NEAR(A.BytesRatio, 1.0 / 1.1, 1e-12);
  EXPECT_EQ(A.Bytes, BytesVerdict::Agree);
  EXPECT_NEAR(A.BoundS * 1e6, 29.8301, 1e-4);
  EXPECT_EQ(A.BoundBy, "dram");
  EXPECT_EQ(A.Bound, BoundVerdict::Holds);
  EXPECT_NEAR(A.BoundOverMeasured, 29.8301 / 30, 1e-5);
  // The clock came from the reference device (h100() has no clock_khz).
  EXPECT_EQ(A.Device.ClockSource, "reference");

  const RooflineRow &D = row(R, "differ");
  EXPECT_EQ(D.Bytes, BytesVerdict::Differ);
  EXPECT_EQ(D.Bound, BoundVerdict::Violated);
  EXPECT_GT(D.BoundOverMeasured, 1);

  EXPECT_EQ(row(R, "boundary").Bytes, BytesVerdict::Agree);

  const RooflineRow &U = row(R, "untimed");
  EXPECT_EQ(U.Status, RooflineStatus::Compared);
  EXPECT_EQ(U.Bytes, BytesVerdict::Unknown);
  EXPECT_EQ(U.Bound, BoundVerdict::Unknown);

  const RooflineRow &Off = row(R, "off");
  EXPECT_EQ(Off.Status, RooflineStatus::NotModelled);
  EXPECT_EQ(Off.Reason, "a loop bound the analyzer cannot read");
  EXPECT_EQ(row(R, "old").Status, RooflineStatus::NotModelled);
  EXPECT_EQ(row(R, "old").Reason, "no roofline predicted");
  EXPECT_EQ(row(R, "stranger").Status, RooflineStatus::NoPrediction);

  EXPECT_EQ(R.Agree, 2u); // agree, boundary
  EXPECT_EQ(R.Differ, 1u);
  EXPECT_EQ(R.Holds, 2u); // agree, boundary
  EXPECT_EQ(R.Violated, 1u);
  EXPECT_EQ(R.NotModelled, 2u);
  EXPECT_EQ(R.NoPrediction, 1u);

  // The JSON rows carry the same figures; unknowns are null.
  json::Value J = toJson(R);
  ASSERT_EQ(json::elements(J).size(), 7u);
  const json::Value &JA = json::elements(J)[0];
  EXPECT_EQ(json::getString(JA, "launch"), "agree");
  EXPECT_EQ(json::getString(JA, "bytes_verdict"), "agree");
  EXPECT_EQ(json::getString(JA, "bound_verdict"), "holds");
  EXPECT_NEAR(json::getNumber(JA, "time_bound_us"), 29.8301, 1e-4);
  EXPECT_EQ(json::getNumber(JA, "measured_dram_bytes"), 1.1e8);
  EXPECT_TRUE(json::get(json::elements(J)[3], "measured_us")->is_null());
  EXPECT_EQ(json::getString(json::elements(J)[4], "status"), "not modelled");
}

TEST(RooflineVerdicts, PredictedBoundsAreJudgedAsBounds) {
  // Predicted 1e8 DRAM bytes in each. An upper bound (the launch fits in
  // L2) holds while measured <= 1e8 x 1.10 and is exceeded above; a lower
  // bound (work not counted) holds while measured >= 1e8 x 0.90.
  auto With = [](const char *Certainty) {
    return roofline(5e7, 5e7, R"("int": 33554432)",
                    std::string(R"(, "certainty": ")") + Certainty + "\"");
  };
  Predictions P = parse({kernel("_Z2u1v", With("upper-bound")),
                         kernel("_Z2u2v", With("upper-bound")),
                         kernel("_Z2l1v", With("lower-bound")),
                         kernel("_Z2l2v", With("lower-bound"))});
  Measurements M = h100();
  M.Launches.push_back(launch("u1", "_Z2u1v", 4e4, 30));   // far under: holds
  M.Launches.push_back(launch("u2", "_Z2u2v", 1.2e8, 30)); // 1.2 > 1.1
  M.Launches.push_back(launch("l1", "_Z2l1v", 3e9, 30));   // far over: holds
  M.Launches.push_back(launch("l2", "_Z2l2v", 0.8e8, 30)); // 0.8 < 0.9
  RooflineReport R = roofline(M, P);
  EXPECT_EQ(row(R, "u1").Bytes, BytesVerdict::BoundHolds);
  EXPECT_EQ(row(R, "u2").Bytes, BytesVerdict::BoundExceeded);
  EXPECT_EQ(row(R, "l1").Bytes, BytesVerdict::BoundHolds);
  EXPECT_EQ(row(R, "l2").Bytes, BytesVerdict::BoundExceeded);
  EXPECT_EQ(R.BytesBoundHolds, 2u);
  EXPECT_EQ(R.BytesBoundExceeded, 2u);
  EXPECT_EQ(R.Agree + R.Differ, 0u);
  // Bytes that L2 may serve bound no time: the upper-bound rows keep only
  // the integer term, 33554432 / (132 x 1.98e9 x 64) = 2.00597 us; the
  // lower-bound rows keep DRAM, 1e8 / 3352.32e9 = 29.8301 us.
  EXPECT_EQ(row(R, "u1").BoundBy, "int");
  EXPECT_NEAR(row(R, "u1").BoundS * 1e6, 2.00597, 1e-4);
  EXPECT_EQ(row(R, "l1").BoundBy, "dram");
  EXPECT_NEAR(row(R, "l1").BoundS * 1e6, 29.8301, 1e-4);
}

TEST(RooflineVerdicts, ArithmeticIntensities) {
  // 2^25 int operations over 128 MiB predicted: 33554432 / 134217728 =
  // 0.25; over 64 MiB measured: 0.5.
  Predictions P = parse(
      {kernel("_Z1av", roofline(67108864, 67108864, R"("int": 33554432)"))});
  Measurements M = h100();
  M.Launches.push_back(launch("a", "_Z1av", 67108864, 100));
  RooflineReport R = roofline(M, P);
  EXPECT_EQ(R.Rows[0].PredictedAI, 0.25);
  EXPECT_EQ(R.Rows[0].MeasuredAI, 0.5);
  EXPECT_EQ(R.Rows[0].Bytes, BytesVerdict::Differ); // 128 MiB / 64 MiB = 2
}

/// A small XML well-formedness check: one root element, every tag closed in
/// order, attribute values quoted, '&' only in the five named entities or a
/// character reference, no '<' in text.
bool wellFormed(const std::string &S, std::string &Root, std::string &Why) {
  std::vector<std::string> Stack;
  size_t I = 0;
  unsigned Roots = 0;
  auto Entity = [&](size_t At) {
    size_t End = S.find(';', At);
    if (End == std::string::npos || End - At > 8)
      return false;
    std::string E = S.substr(At + 1, End - At - 1);
    static const std::set<std::string> Named = {"amp", "lt", "gt", "quot",
                                                "apos"};
    return Named.count(E) || (E.size() > 1 && E[0] == '#');
  };
  while (I < S.size()) {
    if (S[I] == '&' && !Entity(I))
      return Why = "bad entity at " + std::to_string(I), false;
    if (S[I] != '<') {
      ++I;
      continue;
    }
    if (S.compare(I, 2, "<?") == 0) {
      I = S.find("?>", I);
      if (I == std::string::npos)
        return Why = "unterminated <?", false;
      I += 2;
      continue;
    }
    size_t End = I + 1;
    char Quote = 0;
    for (; End < S.size(); ++End) {
      if (Quote) {
        if (S[End] == Quote)
          Quote = 0;
        else if (S[End] == '<')
          return Why = "'<' in an attribute", false;
        else if (S[End] == '&' && !Entity(End))
          return Why = "bad entity in an attribute", false;
      } else if (S[End] == '"' || S[End] == '\'') {
        Quote = S[End];
      } else if (S[End] == '>') {
        break;
      }
    }
    if (End >= S.size())
      return Why = "unterminated tag", false;
    std::string Tag = S.substr(I + 1, End - I - 1);
    I = End + 1;
    if (Tag[0] == '/') {
      std::string Name = Tag.substr(1);
      if (Stack.empty() || Stack.back() != Name)
        return Why = "</" + Name + "> closes nothing open", false;
      Stack.pop_back();
      continue;
    }
    bool SelfClosing = Tag.back() == '/';
    std::string Name = Tag.substr(0, Tag.find_first_of(" \t\n/"));
    if (Stack.empty()) {
      if (++Roots > 1)
        return Why = "a second root element", false;
      Root = Name;
    }
    if (!SelfClosing)
      Stack.push_back(Name);
  }
  if (!Stack.empty())
    return Why = "<" + Stack.back() + "> never closed", false;
  return Roots == 1 || (Why = "no root element", false);
}

TEST(RooflineSvg, WellFormedAndEveryLaunchPlacedOrListed) {
  Predictions P = parse(
      {kernel("_Z1av", roofline(67108864, 67108864, R"("int": 33554432)")),
       // No operations: no place on a log axis, listed under the plot.
       kernel("_Z1bv", roofline(67108864, 67108864, R"("int": 0)")),
       // No DRAM bytes predicted: only the measured point is drawn.
       kernel("_Z1cv", roofline(0, 0, R"("fp32": 4194304)")),
       kernel("_Z1dv", R"("roofline": {"modelled": false,
                          "reason": "needs <templates> & \"luck\""})")});
  Measurements M = h100();
  M.Launches.push_back(launch("copy <float> & 'more'", "_Z1av", 1.4e8, 65));
  M.Launches.push_back(launch("zero-ops", "_Z1bv", 1.3e8, 64));
  M.Launches.push_back(launch("in-l2", "_Z1cv", 2e4, 7));
  M.Launches.push_back(launch("opaque", "_Z1dv", 1e8, 30));
  M.Launches.push_back(launch("unpredicted", "_Z1ev", 1e8, 30));
  RooflineReport R = roofline(M, P);
  std::string Svg = rooflineSvg(R);

  std::string Root, Why;
  // The checker itself rejects what it should.
  EXPECT_FALSE(wellFormed("<svg><g></svg>", Root, Why));
  EXPECT_FALSE(wellFormed("<svg>a & b</svg>", Root, Why));
  EXPECT_FALSE(wellFormed("<svg/><svg/>", Root, Why));
  EXPECT_TRUE(wellFormed(Svg, Root, Why)) << Why;
  EXPECT_EQ(Root, "svg");
  EXPECT_NE(Svg.find("xmlns=\"http://www.w3.org/2000/svg\""),
            std::string::npos);

  // The escaped label, once as a point group or once in the list.
  auto Placed = [&](const std::string &EscapedLabel) {
    return Svg.find("<g class=\"launch\" data-launch=\"" + EscapedLabel +
                    "\"") != std::string::npos;
  };
  auto Listed = [&](const std::string &EscapedLabel) {
    return Svg.find("<text class=\"noplot\" data-launch=\"" + EscapedLabel +
                    "\"") != std::string::npos;
  };
  std::string First = "copy &lt;float&gt; &amp; &#39;more&#39;";
  EXPECT_TRUE(Placed(First) && !Listed(First));
  EXPECT_TRUE(Listed("zero-ops") && !Placed("zero-ops"));
  EXPECT_TRUE(Placed("in-l2") && !Listed("in-l2"));
  EXPECT_TRUE(Listed("opaque") && !Placed("opaque"));
  EXPECT_TRUE(Listed("unpredicted") && !Placed("unpredicted"));
  EXPECT_NE(Svg.find("needs &lt;templates&gt; &amp; &quot;luck&quot;"),
            std::string::npos);
  // Two distinct markers: the first launch has both, "in-l2" only the
  // measured one.
  auto Count = [&](const std::string &Needle) {
    size_t N = 0;
    for (size_t At = Svg.find(Needle); At != std::string::npos;
         At = Svg.find(Needle, At + 1))
      ++N;
    return N;
  };
  EXPECT_EQ(Count("<circle class=\"pred\""), 2u); // one is the legend's
  EXPECT_EQ(Count("<rect class=\"meas\""), 3u);   // one is the legend's
  // The roofs of the classes present: int (with fp64, equal throughput,
  // merged only if fp64 were present) and fp32.
  EXPECT_NE(Svg.find(">int roof<"), std::string::npos);
  EXPECT_NE(Svg.find(">fp32 roof<"), std::string::npos);
  EXPECT_EQ(Svg.find(">fp16 roof<"), std::string::npos);
}

} // namespace
