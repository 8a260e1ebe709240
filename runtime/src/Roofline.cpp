//===- Roofline.cpp - The analyzer's static roofline against a run --------===//
#include "cal/runtime/Roofline.h"

#include "Format.h"
#include "cal/runtime/Json.h"
#include "cal/runtime/LaunchMatch.h"
#include "cal/runtime/MetricCatalogue.h"

#include <cmath>
#include <cstdio>

namespace cal {

const char *statusName(RooflineStatus S) {
  switch (S) {
  case RooflineStatus::Compared:
    return "compared";
  case RooflineStatus::NotModelled:
    return "not modelled";
  case RooflineStatus::NoPrediction:
    return "no prediction";
  }
  return "?";
}

const char *verdictName(BytesVerdict V) {
  switch (V) {
  case BytesVerdict::Agree:
    return "agree";
  case BytesVerdict::Differ:
    return "differ";
  case BytesVerdict::BoundHolds:
    return "in bound";
  case BytesVerdict::BoundExceeded:
    return "out of bound";
  case BytesVerdict::Unknown:
    return "-";
  }
  return "?";
}

const char *verdictName(BoundVerdict V) {
  switch (V) {
  case BoundVerdict::Holds:
    return "holds";
  case BoundVerdict::Violated:
    return "violated";
  case BoundVerdict::Unknown:
    return "-";
  }
  return "?";
}

static bool positive(double V) { return std::isfinite(V) && V > 0; }

double RooflineDevice::peakOps(const std::string &Class) const {
  auto It = OpsPerClockPerSm.find(Class);
  if (It == OpsPerClockPerSm.end() || !positive(It->second) ||
      !positive(SmCount) || !positive(ClockHz))
    return Unknown;
  return SmCount * ClockHz * It->second;
}

void computeBound(RooflineRow &R, const RooflineDevice &D) {
  // DRAM bytes that L2 may serve (an upper bound) bound no time.
  bool FitsL2 = R.Certainty == "upper-bound";
  R.MemoryBoundS =
      !FitsL2 && std::isfinite(R.PredictedDramBytes) && positive(D.PeakGBps)
          ? R.PredictedDramBytes / (D.PeakGBps * 1e9)
          : Unknown;
  if (FitsL2)
    R.Notes.push_back("no DRAM term: the launch fits in L2");
  R.ComputeBoundS = Unknown;
  std::string Slowest;
  bool AnyClass = false, Missing = false;
  for (const auto &KV : R.Ops) {
    if (!(KV.second > 0))
      continue;
    double Peak = D.peakOps(KV.first);
    if (std::isnan(Peak)) {
      // Leaving the term out keeps the bound a lower bound, only a looser
      // one.
      R.Notes.push_back("no throughput known for '" + KV.first +
                        "' operations: their compute roof is left out");
      Missing = true;
      continue;
    }
    AnyClass = true;
    double T = KV.second / Peak;
    if (std::isnan(R.ComputeBoundS) || T > R.ComputeBoundS)
      R.ComputeBoundS = T, Slowest = KV.first;
  }
  // No operations at all: the compute side costs nothing.
  if (!AnyClass && !Missing && !R.Ops.empty())
    R.ComputeBoundS = 0;
  bool Mem = std::isfinite(R.MemoryBoundS),
       Comp = std::isfinite(R.ComputeBoundS);
  if (!Mem && !Comp) {
    R.BoundS = Unknown;
    R.BoundBy.clear();
  } else if (Mem && (!Comp || R.MemoryBoundS >= R.ComputeBoundS)) {
    R.BoundS = R.MemoryBoundS;
    R.BoundBy = "dram";
  } else {
    R.BoundS = R.ComputeBoundS;
    R.BoundBy = Slowest;
  }
}

namespace {

double metricOr(const LaunchMeasurement &L, const char *Name) {
  auto It = L.Metrics.find(Name);
  return It == L.Metrics.end() ? Unknown : It->second;
}

/// The measured device, completed from the prediction's reference device
/// where the measurements file lacks a figure (clock_khz is recent).
RooflineDevice deviceFor(const DeviceMeasurement &D,
                         const PredictedRoofline &P) {
  RooflineDevice R;
  R.Name = D.Name.empty() ? P.Reference.Name : D.Name;
  auto Pick = [](double Measured, double Reference, double &Into,
                 std::string &Source) {
    if (Measured > 0)
      Into = Measured, Source = "measured";
    else if (positive(Reference))
      Into = Reference, Source = "reference";
  };
  Pick(D.PeakGBps, P.Reference.DramGBps, R.PeakGBps, R.PeakSource);
  Pick(D.SmCount, P.Reference.SmCount, R.SmCount, R.SmSource);
  Pick(D.ClockKHz * 1e3, P.Reference.ClockMHz * 1e6, R.ClockHz, R.ClockSource);
  R.OpsPerClockPerSm = P.Reference.OpsPerClockPerSm;
  return R;
}

void judge(RooflineRow &R) {
  double P = R.PredictedDramBytes, M = R.MeasuredDramBytes;
  if (std::isfinite(P) && std::isfinite(M)) {
    if (M > 0) {
      R.BytesRatio = P / M;
      // The slack only keeps 110/100 from reading 1.1000000000000001.
      double Tol = RooflineBytesTolerance + 1e-12;
      if (R.Certainty == "upper-bound")
        R.Bytes = M <= P * (1 + Tol) ? BytesVerdict::BoundHolds
                                     : BytesVerdict::BoundExceeded;
      else if (R.Certainty == "lower-bound")
        R.Bytes = M >= P * (1 - Tol) ? BytesVerdict::BoundHolds
                                     : BytesVerdict::BoundExceeded;
      else
        R.Bytes = std::fabs(R.BytesRatio - 1) <= Tol ? BytesVerdict::Agree
                                                     : BytesVerdict::Differ;
    } else {
      R.Bytes = P == 0 ? BytesVerdict::Agree : BytesVerdict::Differ;
    }
  }
  if (positive(R.OpsTotal)) {
    if (positive(P))
      R.PredictedAI = R.OpsTotal / P;
    if (positive(M))
      R.MeasuredAI = R.OpsTotal / M;
  } else if (R.OpsTotal == 0) {
    R.PredictedAI = positive(P) ? 0 : Unknown;
    R.MeasuredAI = positive(M) ? 0 : Unknown;
  }
  if (std::isfinite(R.BoundS) && positive(R.MeasuredS)) {
    R.BoundOverMeasured = R.BoundS / R.MeasuredS;
    R.Bound =
        R.BoundS <= R.MeasuredS ? BoundVerdict::Holds : BoundVerdict::Violated;
  }
}

std::string mhz(double Hz) {
  char Buf[32];
  std::snprintf(Buf, sizeof(Buf), "%.0f MHz", Hz / 1e6);
  return Buf;
}

RooflineRow rowFor(const LaunchMeasurement &L, const DeviceMeasurement &Dev,
                   const LaunchMatch &Mt) {
  RooflineRow R;
  R.Launch = L.Label;
  R.Kernel = L.Kernel;
  double Rd = metricOr(L, metric::DramRead),
         Wr = metricOr(L, metric::DramWrite);
  R.MeasuredDramBytes =
      std::isfinite(Rd) && std::isfinite(Wr) ? Rd + Wr : Unknown;
  if (std::isnan(R.MeasuredDramBytes))
    R.Notes.push_back("no DRAM counters measured");
  R.MeasuredS = L.TimedRuns && L.MedianMs > 0 ? L.MedianMs * 1e-3 : Unknown;
  if (std::isnan(R.MeasuredS))
    R.Notes.push_back("not timed");
  if (!Mt.Kernel) {
    R.Status = RooflineStatus::NoPrediction;
    R.Reason = "no predicted kernel with this name, grid and block";
    return R;
  }
  if (Mt.Config == ConfigMatch::Differs) {
    // Operations and bytes scale with the grid: another configuration's
    // roofline says nothing about this launch.
    R.Status = RooflineStatus::NoPrediction;
    R.Reason = Mt.Note;
    return R;
  }
  const PredictedRoofline &P = Mt.Kernel->Roofline;
  if (!P.Modelled) {
    R.Status = RooflineStatus::NotModelled;
    R.Reason = P.Reason.empty() ? "not modelled" : P.Reason;
    return R;
  }
  R.Status = RooflineStatus::Compared;
  R.Certainty = P.Certainty;
  if (R.Certainty != "estimate" && !R.Certainty.empty())
    R.Notes.push_back("predicted DRAM bytes are a" +
                      std::string(R.Certainty == "upper-bound" ? "n " : " ") +
                      R.Certainty);
  if (Mt.Config == ConfigMatch::Assumed)
    R.Notes.push_back("the analyzer assumed this launch's configuration");
  double Threads = 1;
  for (int I = 0; I < 3; ++I)
    Threads *= double(L.Grid[I]) * double(L.Block[I]);
  if (std::isfinite(P.GridThreads) && P.GridThreads != Threads)
    R.Notes.push_back(
        "predicted for " + std::to_string((long long)P.GridThreads) +
        " threads, launched with " + std::to_string((long long)Threads));
  R.PredictedDramBytes = P.DramTotal;
  R.SectorBytes = P.SectorBytes;
  R.OpsTotal = P.OpsTotal;
  R.Ops = P.Ops;
  R.ReferenceBoundUs = P.TimeBoundUs;
  R.Device = deviceFor(Dev, P);
  if (R.Device.ClockSource == "reference")
    R.Notes.push_back("SM clock of the reference device");
  else if (R.Device.ClockSource.empty())
    R.Notes.push_back("no SM clock known: compute roofs left out");
  if (R.Device.PeakSource == "reference")
    R.Notes.push_back("DRAM bandwidth of the reference device");
  if (R.Device.SmSource == "reference")
    R.Notes.push_back("SM count of the reference device");
  if (!R.Ops.empty() && !P.Reference.Name.empty() && !Dev.Name.empty() &&
      positive(P.Reference.SmCount) && Dev.SmCount > 0 &&
      P.Reference.SmCount != Dev.SmCount)
    R.Notes.push_back("per-SM throughput of the reference device " +
                      P.Reference.Name + ", another GPU");
  computeBound(R, R.Device);
  return R;
}

} // namespace

RooflineReport roofline(const Measurements &M, const Predictions &P) {
  RooflineReport Rep;
  std::vector<LaunchMatch> Matches = matchLaunches(M, P);
  for (size_t I = 0; I < M.Launches.size(); ++I) {
    RooflineRow R = rowFor(M.Launches[I], M.Device, Matches[I]);
    judge(R);
    switch (R.Status) {
    case RooflineStatus::Compared:
      Rep.Agree += R.Bytes == BytesVerdict::Agree;
      Rep.Differ += R.Bytes == BytesVerdict::Differ;
      Rep.BytesBoundHolds += R.Bytes == BytesVerdict::BoundHolds;
      Rep.BytesBoundExceeded += R.Bytes == BytesVerdict::BoundExceeded;
      Rep.Holds += R.Bound == BoundVerdict::Holds;
      Rep.Violated += R.Bound == BoundVerdict::Violated;
      break;
    case RooflineStatus::NotModelled:
      ++Rep.NotModelled;
      break;
    case RooflineStatus::NoPrediction:
      ++Rep.NoPrediction;
      break;
    }
    Rep.Rows.push_back(std::move(R));
  }
  return Rep;
}

namespace {

std::string f3(double V) {
  if (std::isnan(V))
    return "-";
  char Buf[32];
  std::snprintf(Buf, sizeof(Buf), "%.3f", V);
  return Buf;
}

std::string scaled(double V, double By) {
  return std::isnan(V) ? "-" : fmt(V / By);
}

std::string deviceLine(const RooflineDevice &D) {
  std::string S =
      D.Name + ": DRAM " + fmt(D.PeakGBps) + " GB/s (" +
      (D.PeakSource.empty() ? "unknown" : D.PeakSource) + "), " +
      sig3(D.SmCount) + " SMs (" +
      (D.SmSource.empty() ? "unknown" : D.SmSource) + "), SM clock " +
      (std::isnan(D.ClockHz) ? std::string("unknown") : mhz(D.ClockHz)) + " (" +
      (D.ClockSource.empty()          ? "unknown"
       : D.ClockSource == "reference" ? "reference device: the "
                                        "measurements have no "
                                        "clock_khz"
                                      : D.ClockSource) +
      "); ops/clock/SM (reference):";
  for (const auto &KV : D.OpsPerClockPerSm)
    S += " " + KV.first + " " + sig3(KV.second);
  return S;
}

} // namespace

RooflineReport rooflineFor(const Measurements &M, const Predictions *P,
                           std::ostream &OS, bool Print) {
  RooflineReport Rep;
  if (P)
    Rep = roofline(M, *P);
  if (Print) {
    OS << "\n";
    printRoofline(OS, Rep);
  }
  return Rep;
}

void printRoofline(std::ostream &OS, const RooflineReport &Rep) {
  // The device figures once per distinct combination (normally one).
  std::vector<std::string> Devices;
  for (const RooflineRow &R : Rep.Rows)
    if (R.Status == RooflineStatus::Compared) {
      std::string D = deviceLine(R.Device);
      bool Seen = false;
      for (const std::string &S : Devices)
        Seen |= S == D;
      if (!Seen)
        Devices.push_back(D);
    }
  OS << "roofline (static estimate, reported, not judged)\n";
  for (const std::string &D : Devices)
    OS << "  " << D << "\n";
  char Buf[512];
  std::snprintf(Buf, sizeof(Buf),
                "%-34s %10s %10s %6s %12s %10s %10s %7s %7s %10s %5s %10s %6s "
                "%9s\n",
                "launch", "DRAM MB p", "DRAM MB m", "p/m", "bytes", "sector MB",
                "Mops", "AI p", "AI m", "bound us", "by", "median us", "b/m",
                "bound");
  OS << Buf;
  for (const RooflineRow &R : Rep.Rows) {
    bool C = R.Status == RooflineStatus::Compared;
    std::snprintf(
        Buf, sizeof(Buf),
        "%-34s %10s %10s %6s %12s %10s %10s %7s %7s %10s %5s %10s %6s %9s",
        R.Launch.c_str(), scaled(R.PredictedDramBytes, 1e6).c_str(),
        scaled(R.MeasuredDramBytes, 1e6).c_str(), f3(R.BytesRatio).c_str(),
        C ? verdictName(R.Bytes) : "-", scaled(R.SectorBytes, 1e6).c_str(),
        scaled(R.OpsTotal, 1e6).c_str(), sig3(R.PredictedAI).c_str(),
        sig3(R.MeasuredAI).c_str(), scaled(R.BoundS, 1e-6).c_str(),
        R.BoundBy.empty() ? "-" : R.BoundBy.c_str(),
        scaled(R.MeasuredS, 1e-6).c_str(), f3(R.BoundOverMeasured).c_str(),
        C ? verdictName(R.Bound) : statusName(R.Status));
    OS << Buf;
    std::string Notes = C ? "" : R.Reason;
    for (const std::string &N : R.Notes)
      Notes += (Notes.empty() ? "" : "; ") + N;
    if (!Notes.empty())
      OS << "  (" << Notes << ")";
    OS << "\n";
  }
  OS << "\nroofline rows: " << Rep.Rows.size() << "; DRAM bytes (within "
     << 100 * RooflineBytesTolerance << "%): estimates agree " << Rep.Agree
     << ", differ " << Rep.Differ << "; bounds hold " << Rep.BytesBoundHolds
     << ", exceeded " << Rep.BytesBoundExceeded << "; time bound holds "
     << Rep.Holds << ", violated " << Rep.Violated << "; not modelled "
     << Rep.NotModelled << ", no prediction " << Rep.NoPrediction << "\n";
}

json::Value toJson(const RooflineReport &Rep) {
  auto Num = [](double V) {
    return std::isfinite(V) ? json::Value(V) : json::Value();
  };
  auto Us = [&](double S) { return Num(S * 1e6); };
  json::Value Rows = json::Value::array();
  for (const RooflineRow &R : Rep.Rows) {
    json::Value O = json::Value::object();
    O["launch"] = R.Launch;
    O["kernel"] = R.Kernel;
    O["status"] = statusName(R.Status);
    O["reason"] = R.Reason;
    O["predicted_dram_bytes"] = Num(R.PredictedDramBytes);
    O["measured_dram_bytes"] = Num(R.MeasuredDramBytes);
    O["dram_bytes_ratio"] = Num(R.BytesRatio);
    O["bytes_verdict"] = verdictName(R.Bytes);
    O["certainty"] = R.Certainty;
    O["sector_bytes"] = Num(R.SectorBytes);
    O["ops_total"] = Num(R.OpsTotal);
    json::Value Ops = json::Value::object();
    for (const auto &KV : R.Ops)
      Ops[KV.first] = KV.second;
    O["ops"] = std::move(Ops);
    O["predicted_arithmetic_intensity"] = Num(R.PredictedAI);
    O["measured_arithmetic_intensity"] = Num(R.MeasuredAI);
    O["memory_bound_us"] = Us(R.MemoryBoundS);
    O["compute_bound_us"] = Us(R.ComputeBoundS);
    O["time_bound_us"] = Us(R.BoundS);
    O["bound_by"] = R.BoundBy;
    O["reference_time_bound_us"] = Num(R.ReferenceBoundUs);
    O["measured_us"] = Us(R.MeasuredS);
    O["bound_over_measured"] = Num(R.BoundOverMeasured);
    O["bound_verdict"] = verdictName(R.Bound);
    if (R.Status == RooflineStatus::Compared) {
      json::Value D = json::Value::object();
      D["name"] = R.Device.Name;
      D["dram_gbps"] = Num(R.Device.PeakGBps);
      D["dram_gbps_source"] = R.Device.PeakSource;
      D["sm_count"] = Num(R.Device.SmCount);
      D["sm_count_source"] = R.Device.SmSource;
      D["clock_mhz"] = Num(R.Device.ClockHz / 1e6);
      D["clock_source"] = R.Device.ClockSource;
      json::Value Opc = json::Value::object();
      for (const auto &KV : R.Device.OpsPerClockPerSm)
        Opc[KV.first] = KV.second;
      D["ops_per_clock_per_sm"] = std::move(Opc);
      O["device"] = std::move(D);
    }
    json::Value Notes = json::Value::array();
    for (const std::string &N : R.Notes)
      Notes.push_back(N);
    O["notes"] = std::move(Notes);
    Rows.push_back(std::move(O));
  }
  return Rows;
}

} // namespace cal
