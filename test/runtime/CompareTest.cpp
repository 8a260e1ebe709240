//===- CompareTest.cpp - Predictions against measurements -----------------===//
//
// Synthetic measurements built from hardware rules (a warp of 32 lanes
// reading contiguous floats touches 128 bytes = 4 sectors of 32 bytes; a
// column walk touches 32 sectors) and predictions in the schema of
// docs/prediction-schema.md.
//
//===----------------------------------------------------------------------===//
#include "cal/runtime/Compare.h"
#include "cal/runtime/Json.h"
#include "cal/runtime/MetricCatalogue.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

using namespace cal;

namespace {

LaunchMeasurement launch(const std::string &Label, const std::string &Mangled,
                         double LdSectorsPerReq, double StSectorsPerReq) {
  LaunchMeasurement L;
  L.Label = Label;
  L.MangledName = Mangled;
  L.Kernel = Label;
  L.Grid[0] = 128, L.Grid[1] = 128, L.Grid[2] = 1;
  L.Block[0] = 32, L.Block[1] = 8, L.Block[2] = 1;
  const double Requests = 1 << 19; // warps x requests per warp
  L.Metrics[metric::GlobalLdRequests] = Requests;
  L.Metrics[metric::GlobalLdSectors] = Requests * LdSectorsPerReq;
  L.Metrics[metric::GlobalStRequests] = Requests;
  L.Metrics[metric::GlobalStSectors] = Requests * StSectorsPerReq;
  L.Metrics[metric::BranchDivergent] = 0;
  return L;
}

std::string predictionJson(const std::string &Kernels) {
  return R"({"version": 1, "tool": "cuda-access-lint", "arch": "sm_90",
             "kernels": [)" +
         Kernels + "]}";
}

std::string kernel(const std::string &Mangled, double Ld, double St,
                   const std::string &Extra = "") {
  return R"({"name": "k", "mangled_name": ")" + Mangled +
         R"(", "file": "kernels/t.cu", "line": 1,
         "launch": {"grid": [128, 128, 1], "block": [32, 8, 1]},
         "accesses": [)" +
         Extra + R"(], "branches": [],
         "summary": {
           "global_load": {"requests_per_warp": 4, "sectors_per_request": )" +
         std::to_string(Ld) + R"(},
           "global_store": {"requests_per_warp": 4, "sectors_per_request": )" +
         std::to_string(St) + R"(},
           "shared_load": {"requests_per_warp": 0, "wavefronts_per_request": null},
           "shared_store": {"requests_per_warp": 0, "wavefronts_per_request": null}}})";
}

Predictions parsePredictions(const std::string &Text) {
  Expected<json::Value> V = json::parse(Text);
  EXPECT_TRUE(bool(V)) << V.error().message();
  Expected<Predictions> P = predictionsFromJson(*V);
  EXPECT_TRUE(bool(P)) << P.error().message();
  return *P;
}

const Row *find(const Comparison &C, const std::string &Launch,
                const std::string &Quantity) {
  for (const Row &R : C.Rows)
    if (R.Launch == Launch && R.Quantity == Quantity)
      return &R;
  return nullptr;
}

} // namespace

TEST(Compare, NaiveTransposeAgreesAndWrongPredictionMismatches) {
  Measurements M;
  // Naive transpose: coalesced loads (4), column stores (32).
  M.Launches.push_back(launch("naive", "_Z5naivev", 4, 32));
  Predictions P = parsePredictions(
      predictionJson(kernel("_Z5naivev", 4, 16))); // store predicted wrongly
  Comparison C = compare(M, &P);
  const Row *Ld = find(C, "naive", "global_ld sectors/req");
  const Row *St = find(C, "naive", "global_st sectors/req");
  ASSERT_TRUE(Ld && St);
  EXPECT_EQ(Ld->V, Verdict::Agree);
  EXPECT_EQ(St->V, Verdict::Mismatch);
  EXPECT_EQ(C.Mismatch, 1u);
}

TEST(Compare, ToleranceAbsorbsSmallTails) {
  Measurements M;
  // 4.2 sectors: within max(0.25, 10% of 4) of 4.
  M.Launches.push_back(launch("copy", "_Z4copyv", 4.2, 4));
  Predictions P = parsePredictions(predictionJson(kernel("_Z4copyv", 4, 4)));
  Comparison C = compare(M, &P);
  EXPECT_EQ(find(C, "copy", "global_ld sectors/req")->V, Verdict::Agree);
  EXPECT_EQ(find(C, "copy", "global_ld sectors/req")->Tolerance, "+-0.40");
}

TEST(Compare, MissingPredictionSaysSo) {
  Measurements M;
  M.Launches.push_back(launch("copy", "_Z4copyv", 4, 4));
  Predictions P = parsePredictions(predictionJson(kernel("_Z5otherv", 4, 4)));
  Comparison C = compare(M, &P);
  const Row *R = find(C, "copy", "launch");
  ASSERT_TRUE(R);
  EXPECT_EQ(R->V, Verdict::NoPrediction);
  EXPECT_EQ(C.Mismatch, 0u);
  EXPECT_GT(C.NoPrediction, 0u);
}

TEST(Compare, LaunchesOfOneKernelMatchPredictionsInOrder) {
  Measurements M;
  // Same kernel, grid and block, different scalar argument (stride 2, 8).
  M.Launches.push_back(launch("stride_2", "_Z6stridei", 8, 4));
  M.Launches.push_back(launch("stride_8", "_Z6stridei", 32, 4));
  Predictions P = parsePredictions(predictionJson(
      kernel("_Z6stridei", 8, 4) + "," + kernel("_Z6stridei", 32, 4)));
  Comparison C = compare(M, &P);
  EXPECT_EQ(find(C, "stride_2", "global_ld sectors/req")->V, Verdict::Agree);
  EXPECT_EQ(find(C, "stride_8", "global_ld sectors/req")->V, Verdict::Agree);
}

TEST(Compare, PerLineRowsWeighPredictedAccessesOfTheLine) {
  Measurements M;
  LaunchMeasurement L = launch("naive", "_Z5naivev", 4, 32);
  LineMeasurement Line;
  Line.File = "kernels/t.cu";
  Line.Line = 7;
  ClassCounters &St = Line.Classes["global_st"];
  St.Executed = 100;
  St.Sectors = 3200; // 32 sectors per executed store
  St.SectorsIdeal = 400;
  L.Lines.push_back(Line);
  M.Launches.push_back(L);
  std::string Access = R"({"file": "kernels/t.cu", "line": 7, "column": 5,
      "space": "global", "kind": "store", "bytes_per_lane": 4,
      "executions_per_warp": 4, "active_lanes": 32,
      "sectors_per_request": {"min": 32, "max": 32, "mean": 32},
      "confidence": "exact"})";
  Predictions P =
      parsePredictions(predictionJson(kernel("_Z5naivev", 4, 32, Access)));
  Comparison C = compare(M, &P);
  const Row *R = find(C, "naive", "global_st sectors/req");
  ASSERT_TRUE(R);
  // The kernel-level row comes first; look for the line row.
  const Row *LineRow = nullptr;
  for (const Row &X : C.Rows)
    if (X.Scope == "kernels/t.cu:7")
      LineRow = &X;
  ASSERT_TRUE(LineRow);
  EXPECT_DOUBLE_EQ(LineRow->Measured, 32);
  EXPECT_EQ(LineRow->V, Verdict::Agree);
}

TEST(Compare, AnAccessInAHeaderFunctionPairsWithTheHeadersLine) {
  // A bfloat16 load: the analyzer reports it at the user's line 9, made in
  // the header's conversion operator at cuda_bf16.hpp:112; the profiler
  // names the header's line (under another path on the GPU machine). 32
  // lanes x 2 B contiguous = 64 B = 2 sectors.
  Measurements M;
  LaunchMeasurement L = launch("bf16", "_Z4bf16v", 2, 2);
  LineMeasurement Line;
  Line.File = "/usr/local/cuda/targets/x86_64-linux/include/cuda_bf16.hpp";
  Line.Line = 112;
  ClassCounters &Ld = Line.Classes["global_ld"];
  Ld.Executed = 100;
  Ld.Sectors = 200;
  Ld.SectorsIdeal = 200;
  L.Lines.push_back(Line);
  M.Launches.push_back(L);
  std::string Access = R"({"file": "kernels/t.cu", "line": 9, "column": 15,
      "header": {"file": "/usr/local/include/cuda_bf16.hpp", "line": 112,
                 "column": 110},
      "space": "global", "kind": "load", "bytes_per_lane": 2,
      "executions_per_warp": 1, "active_lanes": 32,
      "sectors_per_request": {"min": 2, "max": 2, "mean": 2},
      "confidence": "exact"})";
  Predictions P =
      parsePredictions(predictionJson(kernel("_Z4bf16v", 2, 2, Access)));
  ASSERT_EQ(P.Kernels[0].Accesses[0].HeaderLine, 112u);
  Comparison C = compare(M, &P);
  const Row *LineRow = nullptr;
  for (const Row &X : C.Rows)
    if (X.Scope.find("cuda_bf16.hpp:112") != std::string::npos)
      LineRow = &X;
  ASSERT_TRUE(LineRow);
  EXPECT_DOUBLE_EQ(LineRow->Measured, 2);
  EXPECT_EQ(LineRow->V, Verdict::Agree);
}

TEST(Compare, DivergencePredictedButIfConvertedIsAMismatch) {
  Measurements M;
  M.Launches.push_back(launch("add", "_Z3addv", 8, 8));
  std::string K = kernel("_Z3addv", 8, 8);
  // Replace the empty branch list with one divergent, not predicated branch.
  const std::string Empty = R"("branches": [])";
  K.replace(K.find(Empty), Empty.size(),
            R"("branches": [{"file": "kernels/t.cu", "line": 3,
                "kind": "if", "classification": "divergent",
                "divergent_warp_fraction": 1.0, "lane_split": "16/16",
                "likely_predicated": false, "reason": ""}])");
  Predictions P = parsePredictions(predictionJson(K));
  Comparison C = compare(M, &P);
  const Row *R = find(C, "add", "divergent branches");
  ASSERT_TRUE(R);
  EXPECT_EQ(R->PredictedText, "yes");
  EXPECT_EQ(R->V, Verdict::Mismatch); // measured 0 divergent targets
}

TEST(Compare, CsvQuotesFieldsWithCommas) {
  Measurements M;
  M.Launches.push_back(launch("copy", "_Z4copyv", 4, 4));
  Comparison C = compare(M, nullptr);
  std::string Csv = toCsv(C);
  EXPECT_EQ(Csv.rfind("launch,kernel,scope,quantity,predicted,measured,", 0),
            0u);
  EXPECT_NE(Csv.find("no prediction"), std::string::npos);
}

TEST(Compare, LaunchSiteDisambiguatesAFilteredRun) {
  // Only the stride-8 launch was run (a --filter): ordinal matching would
  // pair it with the first prediction of the kernel (stride 2). The launch
  // call starts on line 93 and the predicted sites are on lines 90 and 94.
  Measurements M;
  LaunchMeasurement L = launch("stride_8", "_Z6stridei", 32, 4);
  L.Line = 93;
  M.Launches.push_back(L);
  auto Sited = [](std::string K, int Line) {
    std::string Old = R"("block": [32, 8, 1]})";
    K.replace(K.find(Old), Old.size(),
              R"("block": [32, 8, 1], "site": "kernels/t.cu:)" +
                  std::to_string(Line) + R"(:5"})");
    return K;
  };
  Predictions P = parsePredictions(
      predictionJson(Sited(kernel("_Z6stridei", 8, 4), 90) + "," +
                     Sited(kernel("_Z6stridei", 32, 4), 94)));
  ASSERT_EQ(P.Kernels[1].SiteLine, 94u);
  Comparison C = compare(M, &P);
  EXPECT_EQ(find(C, "stride_8", "global_ld sectors/req")->V, Verdict::Agree);
}

TEST(Compare, TheoreticalOccupancyIsExactOrAnUpperBound) {
  // A block of 32 x 8 = 256 threads = 8 warps; on a 64-warp SM, 6 resident
  // blocks are 48 warps = 75%, 8 blocks 100%. The driver's calculation
  // (metric::TheoreticalOccupancy) is a calculation too: an exact
  // prediction must match it to 0.01; one without registers is an upper
  // bound, agreeing with anything at or below it.
  auto WithOcc = [](const std::string &Mangled, double Pct, bool Exact) {
    std::string K = kernel(Mangled, 4, 4);
    std::string Occ =
        R"("occupancy": {"modelled": true, "theoretical_occupancy_pct": )" +
        std::to_string(Pct) + R"(, "certainty": ")" +
        (Exact ? "exact" : "upper-bound") + "\"}, ";
    return K.insert(K.find("\"mangled_name\""), Occ);
  };
  Measurements M;
  for (const char *N : {"exact", "wrong", "bound", "over"}) {
    M.Launches.push_back(
        launch(N, std::string("_Z") + char('0' + strlen(N)) + N + "v", 4, 4));
    M.Launches.back().Metrics[metric::TheoreticalOccupancy] = 75;
  }
  Predictions P = parsePredictions(predictionJson(
      WithOcc("_Z5exactv", 75, true) + "," + WithOcc("_Z5wrongv", 100, true) +
      "," + WithOcc("_Z5boundv", 100, false) + "," +
      WithOcc("_Z4overv", 50, false)));
  Comparison C = compare(M, &P);
  const char *Q = "theoretical occupancy %";
  ASSERT_TRUE(find(C, "exact", Q));
  EXPECT_EQ(find(C, "exact", Q)->V, Verdict::Agree);
  EXPECT_EQ(find(C, "wrong", Q)->V, Verdict::Mismatch);
  EXPECT_EQ(find(C, "bound", Q)->V, Verdict::Agree);   // 75 <= 100
  EXPECT_EQ(find(C, "over", Q)->V, Verdict::Mismatch); // 75 > 50
}

TEST(Compare, AHeadlineOutsideTheToleranceIsOnlyWithinRange) {
  // o[y * w + x] with 16-wide rows and an unknown w: 4 sectors per request
  // when w is a multiple of 8 floats, 5.75 otherwise (a 16-lane half row of
  // 64 bytes then straddles a third 32-byte sector in 3 of 4 rows). A
  // prediction whose headline is the mean 4.88 of the two cases, with the
  // range [4, 5.75], against a measured 4.00: the headline misses by 0.88,
  // more than the tolerance max(0.25, 10% of 4.88), so the row is not an
  // agreement; the measurement lies in the range: "within range".
  Measurements M;
  LaunchMeasurement L = launch("rows", "_Z4rowsv", 4, 4);
  LineMeasurement Line;
  Line.File = "kernels/t.cu";
  Line.Line = 9;
  ClassCounters &Ld = Line.Classes["global_ld"];
  Ld.Executed = 100;
  Ld.Sectors = 400;
  Ld.SectorsIdeal = 400;
  L.Lines.push_back(Line);
  M.Launches.push_back(L);
  std::string Access = R"({"file": "kernels/t.cu", "line": 9, "column": 5,
      "space": "global", "kind": "load", "bytes_per_lane": 4,
      "executions_per_warp": 1, "active_lanes": 32,
      "sectors_per_request": {"min": 4, "max": 5.75, "mean": 4.875},
      "confidence": "range"})";
  Predictions P =
      parsePredictions(predictionJson(kernel("_Z4rowsv", 4, 4, Access)));
  Comparison C = compare(M, &P);
  const Row *LineRow = nullptr;
  for (const Row &X : C.Rows)
    if (X.Scope == "kernels/t.cu:9")
      LineRow = &X;
  ASSERT_TRUE(LineRow);
  EXPECT_EQ(LineRow->V, Verdict::InRange);
  EXPECT_EQ(C.InRange, 1u);
  EXPECT_STREQ(verdictName(LineRow->V), "within range");
}

TEST(Compare, EstimatedTimeBesideTheMeasuredOne) {
  // The analyzer's time model for the naive transpose at 4096 (docs/costs.md:
  // 196.7 us, its store's excess 162.8 us of it) against the H100's median
  // of 0.3296 ms (test/data/measurements-h100.json). The store's cost comes
  // first; a cost without a time (a target with no rates) follows, and an
  // access with no excess is not listed.
  Measurements M;
  LaunchMeasurement L = launch("naive", "_Z5naivev", 4, 32);
  L.TimedRuns = 200;
  L.MedianMs = 0.3296;
  M.Launches.push_back(L);
  std::string Accesses = R"(
      {"file": "kernels/t.cu", "line": 9, "space": "global", "kind": "load",
       "cost": {"saved_us": null, "share_of_launch_sectors": 0.1}},
      {"file": "kernels/t.cu", "line": 10, "space": "global", "kind": "store",
       "cost": {"saved_us": 162.8, "share_of_launch_sectors": 0.78}},
      {"file": "kernels/t.cu", "line": 11, "space": "global", "kind": "load"})";
  std::string K = kernel("_Z5naivev", 4, 32, Accesses);
  K.insert(K.size() - 1, R"(, "estimated_time": {"modelled": true,
      "us": 196.7, "bound_by": "l2-sectors", "certainty": "estimate"})");
  Predictions P = parsePredictions(predictionJson(K));
  Comparison C = compare(M, &P);
  ASSERT_EQ(C.Costs.size(), 1u);
  const LaunchCost &LC = C.Costs[0];
  EXPECT_EQ(LC.Launch, "naive");
  EXPECT_DOUBLE_EQ(LC.PredictedUs, 196.7);
  EXPECT_DOUBLE_EQ(LC.MeasuredUs, 329.6);
  EXPECT_EQ(LC.BoundBy, "l2-sectors");
  ASSERT_EQ(LC.Findings.size(), 2u);
  EXPECT_EQ(LC.Findings[0].Scope, "kernels/t.cu:10");
  EXPECT_EQ(LC.Findings[0].What, "global store");
  EXPECT_DOUBLE_EQ(LC.Findings[0].SavedUs, 162.8);
  EXPECT_EQ(LC.Findings[1].Scope, "kernels/t.cu:9");
  EXPECT_TRUE(std::isnan(LC.Findings[1].SavedUs));
  EXPECT_DOUBLE_EQ(LC.Findings[1].TrafficShare, 0.1);

  // A prediction without an estimated time (an older analyzer, or a
  // target with no rates) has no cost entry.
  Predictions Old =
      parsePredictions(predictionJson(kernel("_Z5naivev", 4, 32)));
  EXPECT_TRUE(compare(M, &Old).Costs.empty());
}
