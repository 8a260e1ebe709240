//===- LaunchTime.cpp - What a finding costs in time ----------------------===//
//
// The launch's time is the slowest of its terms, as for a kernel that keeps
// every unit busy at once; a finding's saving is that time less the time
// with its excess removed, so a finding on a term that does not bound the
// launch saves nothing until the bounding term is fixed. DRAM bytes follow
// the excess sectors in the proportion the launch's own DRAM estimate bears
// to its sectors (capped at the fetch unit: a sector read alone brings its
// pair): a column walk whose neighbours reuse the sectors from L2 saves L2
// traffic, a stride that no other warp reuses saves DRAM bytes too.
//
//===----------------------------------------------------------------------===//
#include "cal/Analysis/LaunchTime.h"
#include "cal/Analysis/Roofline.h"
#include "llvm/Support/FormatVariadic.h"
#include <algorithm>
#include <array>

using namespace llvm;

namespace cal {

namespace {
/// Requests of \p A over the launch: its executions per warp times the
/// grid's warps.
double launchRequests(const KernelResult &K, const AccessSummary &A,
                      double Warps) {
  return K.WarpWeight > 0 ? A.WeightedRequests / K.WarpWeight * Warps : 0;
}

bool inSectors(const AccessSummary &A, const TargetModel &TM) {
  return (A.Space == AddrSpace::Global || A.Space == AddrSpace::Local) &&
         !A.Sectors.empty() && !TM.countsTransactions();
}

/// Units per microsecond over \p SMs SMs at \p PerClock each.
double perUs(const TargetModel &TM, double SMs, double PerClock) {
  return SMs * TM.DeviceClockMHz * PerClock;
}

std::string timeText(double Us) {
  if (Us >= 100)
    return formatv("{0:F2} ms", Us / 1000).str();
  if (Us >= 1)
    return formatv("{0:F1} us", Us).str();
  return formatv("{0:F3} us", Us).str();
}
} // namespace

std::array<std::pair<double, const char *>, 4>
LaunchTime::terms(double DLoad, double DStore, double DWave, double DDram,
                  const TargetModel &TM) const {
  double Dram =
      std::max(0.0, DramBytes - DDram) / (TM.DeviceDramAchievedGBps * 1e3);
  double L2 = std::max(0.0, LoadSectors - DLoad) /
                  perUs(TM, SMsUsed, TM.L2LoadSectorsPerClock) +
              std::max(0.0, StoreSectors - DStore) /
                  perUs(TM, SMsUsed, TM.L2StoreSectorsPerClock);
  double Shared = std::max(0.0, SharedWavefronts - DWave) /
                  perUs(TM, SMsUsed, TM.SharedWavefrontsPerClock);
  return {{{Dram, "dram"},
           {L2, "l2-sectors"},
           {Shared, "shared"},
           {OpsUs, "arithmetic"}}};
}

double LaunchTime::timeWithout(double DLoad, double DStore, double DWave,
                               double DDram, const TargetModel &TM,
                               std::string *Bound) const {
  auto Terms = terms(DLoad, DStore, DWave, DDram, TM);
  auto *Max = std::max_element(
      std::begin(Terms), std::end(Terms),
      [](const auto &A, const auto &B) { return A.first < B.first; });
  if (Bound)
    *Bound = Max->second;
  return Max->first;
}

LaunchTime launchTime(const KernelResult &K, const TargetModel &TM) {
  LaunchTime T;
  if (K.Samples.empty() || K.WarpWeight <= 0) {
    T.Why = "no warp was evaluated";
    return T;
  }
  double Blocks = 0;
  for (const SampleInfo &S : K.Samples) {
    uint64_t Threads = S.Block[0] * S.Block[1] * S.Block[2];
    double B = double(S.Grid[0] * S.Grid[1] * S.Grid[2]);
    Blocks += B;
    T.Warps += B * double((Threads + TM.WarpSize - 1) / TM.WarpSize);
  }
  T.Warps /= double(K.Samples.size());
  Blocks /= double(K.Samples.size());
  T.SMsUsed = std::min(Blocks, double(TM.DeviceSMs));
  bool Uncounted = false;
  for (const AccessSummary &A : K.Accesses) {
    Uncounted |= A.InCappedLoop || A.UnknownRequests > 0 ||
                 A.Space == AddrSpace::Unknown;
    double Req = launchRequests(K, A, T.Warps);
    if (inSectors(A, TM))
      (A.Kind == AccessKind::Load ? T.LoadSectors : T.StoreSectors) +=
          Req * A.Sectors.mean();
    else if (A.Space == AddrSpace::Shared && !A.Wavefronts.empty())
      T.SharedWavefronts += Req * A.Wavefronts.mean();
  }
  T.Certainty = K.Launch.Assumed || !K.Launch.gridKnown() ? "assumed"
                : Uncounted                               ? "lower-bound"
                                                          : "estimate";
  if (!TM.modelsTime()) {
    T.Why = "no measured throughput for " + TM.Arch;
    return T;
  }
  const RooflineResult &R = K.Results.get<RooflineResult>();
  // Bytes that L2 may hold bound nothing (Roofline.cpp).
  if (R.Modelled && R.Certainty != "upper-bound")
    T.DramBytes = R.dramTotal();
  double Clock = T.SMsUsed * TM.DeviceClockMHz; // per us
  for (unsigned C = 0; C < NumOpClasses; ++C)
    if (unsigned PerClock = opsPerClock(TM, OpClass(C)))
      T.OpsUs = std::max(T.OpsUs, R.Ops[C] / (Clock * PerClock));
  T.Modelled = true;
  T.TotalUs = T.timeWithout(0, 0, 0, 0, TM, &T.BoundBy);
  auto Terms = T.terms(0, 0, 0, 0, TM);
  T.DramUs = Terms[0].first;
  T.L2Us = Terms[1].first;
  T.SharedUs = Terms[2].first;
  return T;
}

std::optional<AccessCost> accessCost(const KernelResult &K, const LaunchTime &T,
                                     const TargetModel &TM,
                                     const AccessSummary &A) {
  bool Sec = inSectors(A, TM);
  bool Sh = A.Space == AddrSpace::Shared && !A.Wavefronts.empty();
  if (!Sec && !Sh)
    return std::nullopt;
  double Per = Sec ? A.Sectors.mean() : A.Wavefronts.mean();
  double Ideal = Sec ? A.IdealSectors.mean() : A.IdealWavefronts.mean();
  if (Per <= Ideal + 1e-9)
    return std::nullopt;
  double Excess = launchRequests(K, A, T.Warps) * (Per - Ideal);
  double Total = Sec ? T.LoadSectors + T.StoreSectors : T.SharedWavefronts;
  if (Excess <= 0 || Total <= 0)
    return std::nullopt;
  AccessCost C;
  C.ExcessUnits = Excess;
  C.Unit = Sec ? "sectors" : "wavefronts";
  C.TrafficShare = Excess / Total;
  C.Certainty = T.Certainty;
  if (!T.Modelled)
    return C;
  double DLoad = 0, DStore = 0, DWave = 0, DDram = 0;
  if (Sec) {
    (A.Kind == AccessKind::Load ? DLoad : DStore) = Excess;
    double SectorBytes = Total * TM.SectorBytes;
    double PerByte = std::min(T.DramBytes / SectorBytes,
                              double(TM.DramFetchBytes) / TM.SectorBytes);
    DDram = Excess * TM.SectorBytes * PerByte;
    C.ExcessDram = DDram;
  } else {
    DWave = Excess;
  }
  C.Timed = true;
  C.LaunchUs = T.TotalUs;
  C.BoundBy = T.BoundBy;
  C.SavedUs = T.TotalUs - T.timeWithout(DLoad, DStore, DWave, DDram, TM);
  return C;
}

json::Object LaunchTime::toJSON(const TargetModel &TM) const {
  if (!Modelled)
    return json::Object{{"modelled", false}, {"reason", Why}};
  // Per microsecond over the SMs used: enough to redo the time without any
  // set of findings (scripts/eval/cost-compare.py).
  json::Object Rates{
      {"dram_bytes", TM.DeviceDramAchievedGBps * 1e3},
      {"l2_load_sectors", perUs(TM, SMsUsed, TM.L2LoadSectorsPerClock)},
      {"l2_store_sectors", perUs(TM, SMsUsed, TM.L2StoreSectorsPerClock)},
      {"shared_wavefronts", perUs(TM, SMsUsed, TM.SharedWavefrontsPerClock)}};
  return json::Object{{"modelled", true},
                      {"us", TotalUs},
                      {"bound_by", BoundBy},
                      {"certainty", Certainty},
                      {"sms_used", SMsUsed},
                      {"dram_bytes", DramBytes},
                      {"load_sectors", LoadSectors},
                      {"store_sectors", StoreSectors},
                      {"shared_wavefronts", SharedWavefronts},
                      {"dram_us", DramUs},
                      {"l2_sectors_us", L2Us},
                      {"shared_us", SharedUs},
                      {"arithmetic_us", OpsUs},
                      {"rates", std::move(Rates)}};
}

json::Object AccessCost::toJSON() const {
  json::Object O{{std::string("excess_") + Unit, ExcessUnits},
                 {"excess_dram_bytes", ExcessDram},
                 {std::string("share_of_launch_") + Unit, TrafficShare},
                 {"certainty", Certainty}};
  O["saved_us"] = Timed ? json::Value(SavedUs) : nullptr;
  O["launch_us"] = Timed ? json::Value(LaunchUs) : nullptr;
  O["bound_by"] = Timed ? json::Value(BoundBy) : nullptr;
  return O;
}

std::string AccessCost::text(const KernelResult &K,
                             const TargetModel &TM) const {
  std::string S =
      formatv("{0:F0}% of the launch's {1}", TrafficShare * 100, Unit).str();
  if (!Timed)
    return S;
  S += SavedUs > 0
           ? "; fixing it saves about " + timeText(SavedUs) + " of"
           : "; fixing it alone saves no time: the launch is bound by " +
                 BoundBy + ", of";
  S += " an estimated " + timeText(LaunchUs) + " per launch (grid " +
       K.Launch.gridText() + ", " + TM.ReferenceDevice +
       (Certainty == "assumed" ? ", under the assumed launch" : "") + ")";
  return S;
}

} // namespace cal
