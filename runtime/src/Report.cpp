//===- Report.cpp - Table, JSON and CSV reporters of a comparison ---------===//
//
// Consumers of Comparison and Measurements: the comparison itself never
// prints.
//
//===----------------------------------------------------------------------===//
#include "cal/runtime/Compare.h"

#include "Format.h"
#include "cal/runtime/Json.h"
#include "cal/runtime/MetricCatalogue.h"
#include "cal/runtime/Timing.h"

#include <cmath>
#include <cstdio>

namespace cal {

void printTable(std::ostream &OS, const Comparison &C) {
  char Buf[512];
  std::snprintf(Buf, sizeof(Buf), "%-34s %-28s %-26s %-14s %-20s %-8s %s\n",
                "launch", "scope", "quantity", "predicted", "measured", "tol",
                "verdict");
  OS << Buf;
  for (const Row &R : C.Rows) {
    std::snprintf(Buf, sizeof(Buf), "%-34s %-28s %-26s %-14s %-20s %-8s %s",
                  R.Launch.c_str(), R.Scope.c_str(), R.Quantity.c_str(),
                  R.PredictedText.empty() ? "-" : R.PredictedText.c_str(),
                  R.MeasuredText.c_str(),
                  R.Tolerance.empty() ? "-" : R.Tolerance.c_str(),
                  verdictName(R.V));
    OS << Buf;
    if (!R.Note.empty())
      OS << "  (" << R.Note << ")";
    OS << "\n";
  }
  unsigned Judged = C.Agree + C.InRange + C.Mismatch;
  OS << "\nrows: " << C.Rows.size() << ", agree " << C.Agree
     << ", within the predicted range only " << C.InRange << ", mismatch "
     << C.Mismatch << ", no prediction " << C.NoPrediction
     << ", no measurement " << C.NoMeasurement;
  if (Judged)
    OS << "; agreement " << (100.0 * C.Agree / Judged) << "% of judged rows";
  OS << "\n";
}

json::Value toJson(const Comparison &C) {
  json::Value Root = json::Value::object();
  Root["version"] = 1;
  Root["have_predictions"] = C.HavePredictions;
  json::Value S = json::Value::object();
  S["rows"] = unsigned(C.Rows.size());
  S["agree"] = C.Agree;
  S["mismatch"] = C.Mismatch;
  S["within_range"] = C.InRange;
  S["no_prediction"] = C.NoPrediction;
  S["no_measurement"] = C.NoMeasurement;
  Root["summary"] = std::move(S);
  json::Value Rows = json::Value::array();
  for (const Row &R : C.Rows) {
    json::Value O = json::Value::object();
    O["launch"] = R.Launch;
    O["kernel"] = R.Kernel;
    O["scope"] = R.Scope;
    O["quantity"] = R.Quantity;
    O["predicted"] = std::isnan(R.Predicted) ? json::Value() : R.Predicted;
    O["measured"] = std::isnan(R.Measured) ? json::Value() : R.Measured;
    O["tolerance"] = R.Tolerance;
    O["verdict"] = verdictName(R.V);
    O["note"] = R.Note;
    Rows.push_back(std::move(O));
  }
  Root["rows"] = std::move(Rows);
  return Root;
}

static std::string csvField(const std::string &S) {
  if (S.find_first_of(",\"\n") == std::string::npos)
    return S;
  std::string Out = "\"";
  for (char C : S)
    Out += C == '"' ? std::string("\"\"") : std::string(1, C);
  return Out + "\"";
}

std::string toCsv(const Comparison &C) {
  std::string Out = "launch,kernel,scope,quantity,predicted,measured,"
                    "tolerance,verdict,note\n";
  for (const Row &R : C.Rows) {
    Out += csvField(R.Launch) + "," + csvField(R.Kernel) + "," +
           csvField(R.Scope) + "," + csvField(R.Quantity) + "," +
           (std::isnan(R.Predicted) ? "" : fmt(R.Predicted)) + "," +
           (std::isnan(R.Measured) ? "" : fmt(R.Measured)) + "," +
           csvField(R.Tolerance) + "," + verdictName(R.V) + "," +
           csvField(R.Note) + "\n";
  }
  return Out;
}

void printBandwidth(std::ostream &OS, const Measurements &M) {
  const DeviceMeasurement &D = M.Device;
  char Buf[256];
  std::snprintf(Buf, sizeof(Buf),
                "%s: theoretical peak %.1f GB/s (%.0f kHz x %.0f bits x 2), "
                "device-to-device copy %.1f GB/s (%.1f%% of peak)\n",
                D.Name.c_str(), D.PeakGBps, D.MemoryClockKHz, D.BusWidthBits,
                D.CopyGBps, 100.0 * D.CopyGBps / D.PeakGBps);
  OS << Buf;
  for (const DeviceMeasurement::Copy &C : D.Copies) {
    std::snprintf(Buf, sizeof(Buf),
                  "  device-to-device copy of %llu bytes: %.4f ms, %.1f GB/s\n",
                  (unsigned long long)C.Bytes, C.Ms, C.GBps);
    OS << Buf;
  }
  // %copy: against the device-to-device copy; %copy=size: against a copy of
  // the launch's own byte count where one was measured.
  std::snprintf(Buf, sizeof(Buf), "%-34s %10s %6s %10s %8s %8s %10s\n",
                "launch", "median ms", "runs", "GB/s", "%peak", "%copy",
                "%copy=size");
  OS << Buf;
  for (const LaunchMeasurement &L : M.Launches) {
    if (!L.TimedRuns)
      continue;
    double G = effectiveGBps(L.BytesRead, L.BytesWritten, L.MedianMs);
    double Same = Unknown;
    for (const DeviceMeasurement::Copy &C : D.Copies)
      if (C.Bytes == L.BytesRead && C.Bytes == L.BytesWritten)
        Same = 100.0 * G / C.GBps;
    std::snprintf(Buf, sizeof(Buf),
                  "%-34s %10.4f %6u %10.1f %8.1f %8.1f %10s\n", L.Label.c_str(),
                  L.MedianMs, L.TimedRuns, G, 100.0 * G / D.PeakGBps,
                  100.0 * G / D.CopyGBps, fmt(Same).c_str());
    OS << Buf;
  }
}

void printCounters(std::ostream &OS, const Measurements &M) {
  auto Get = [](const LaunchMeasurement &L, const char *Name) {
    auto It = L.Metrics.find(Name);
    return It == L.Metrics.end() ? Unknown : It->second;
  };
  char Buf[256];
  std::snprintf(Buf, sizeof(Buf), "%-34s %10s %10s %10s %10s %8s %10s %10s\n",
                "launch", "useful R MB", "DRAM R MB", "useful W MB",
                "DRAM W MB", "thr/inst", "div tgts", "uni tgts");
  OS << Buf;
  for (const LaunchMeasurement &L : M.Launches) {
    std::snprintf(
        Buf, sizeof(Buf),
        "%-34s %10.1f %10.1f %10.1f %10.1f %8s %10.0f %10.0f\n",
        L.Label.c_str(), L.BytesRead / 1e6, Get(L, metric::DramRead) / 1e6,
        L.BytesWritten / 1e6, Get(L, metric::DramWrite) / 1e6,
        fmt(Get(L, metric::ThreadsPerInst)).c_str(),
        Get(L, metric::BranchDivergent), Get(L, metric::BranchUniform));
    OS << Buf;
  }
}

} // namespace cal
