//===- LaunchTime.cpp - What a finding costs in time ----------------------===//
//
// Between two block-wide barriers a launch's units overlap: a phase takes
// as long as its slowest term (DRAM, L2 sectors, shared wavefronts, issue
// slots, L1 lines). Across a barrier they do not: the phases add
// up. A finding's saving is the time less the time with its excess removed,
// so a finding on a term that does not bound its phase saves nothing until
// the bounding term is fixed. DRAM bytes follow the excess sectors in the
// proportion the launch's own DRAM estimate bears to its sectors (capped at
// the fetch unit: a sector read alone brings its pair), and in all no more
// than the bytes DRAM moves that no lane uses: a column walk whose
// neighbours reuse the sectors from L2 saves L2 traffic, a stride that no
// other warp reuses saves DRAM bytes too, the members of a structure read
// one by one save none.
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

bool inWavefronts(const AccessSummary &A) {
  return A.Space == AddrSpace::Shared && !A.Wavefronts.empty();
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

/// "; <Fix> saves about 8.1 us of an estimated 40.2 us per launch (grid
/// ..., H100 SXM5 80GB)", or that it saves nothing while another term
/// bounds the launch.
std::string savingText(const KernelResult &K, const TargetModel &TM,
                       StringRef Fix, double SavedUs, double LaunchUs,
                       StringRef BoundBy, StringRef Certainty) {
  std::string S =
      SavedUs > 0
          ? "; " + Fix.str() + " saves about " + timeText(SavedUs) + " of"
          : "; " + Fix.str() + " alone saves no time: the launch is bound by " +
                BoundBy.str() + ", of";
  return S + " an estimated " + timeText(LaunchUs) + " per launch (grid " +
         K.Launch.gridText() + ", " + TM.ReferenceDevice +
         (Certainty == "assumed" ? ", under the assumed launch" : "") + ")";
}
} // namespace

std::array<std::pair<double, const char *>, 5>
LaunchTime::terms(const Traffic &P, const Traffic &Minus,
                  const TargetModel &TM) const {
  double Dram = std::max(0.0, P.DramBytes - Minus.DramBytes) /
                (TM.DeviceDramAchievedGBps * 1e3);
  // A partly written sector whose line L2 does not hold (the launch's
  // bytes do not fit) is slower to take than one L2 holds.
  double Partial = std::max(0.0, P.PartialStores - Minus.PartialStores);
  double Whole = std::max(0.0, P.StoreSectors - Minus.StoreSectors - Partial);
  double L2 = std::max(0.0, P.LoadSectors - Minus.LoadSectors) /
                  perUs(TM, SMsUsed, TM.L2LoadSectorsPerClock) +
              Whole / perUs(TM, SMsUsed, TM.L2StoreSectorsPerClock) +
              Partial / perUs(TM, SMsUsed, partialStoreRate(TM));
  double L1 = TM.L1LinesPerClock > 0
                  ? std::max(0.0, P.L1Lines - Minus.L1Lines) /
                        perUs(TM, SMsUsed, TM.L1LinesPerClock)
                  : 0;
  double Shared = std::max(0.0, P.SharedWavefronts - Minus.SharedWavefronts) /
                  perUs(TM, SMsUsed, TM.SharedWavefrontsPerClock);
  double Issue = IssuePerClock > 0 ? std::max(0.0, P.Issue - Minus.Issue) /
                                         perUs(TM, SMsUsed, IssuePerClock)
                                   : 0;
  return {{{Dram, "dram"},
           {L2, "l2-sectors"},
           {Shared, "shared"},
           {Issue, "issue"},
           {L1, "l1-lines"}}};
}

double LaunchTime::partialStoreRate(const TargetModel &TM) const {
  return DramBytes > 0 && TM.L2PartialStoreSectorsDramPerClock > 0
             ? TM.L2PartialStoreSectorsDramPerClock
             : TM.L2StoreSectorsPerClock;
}

double LaunchTime::timeWithout(const Removal &R, const TargetModel &TM,
                               std::string *Bound) const {
  // A block's warps wait at each barrier for the slowest of them, and the
  // blocks an SM holds tend to reach their barriers together: the phases
  // follow one another, each as long as its slowest unit. Without a
  // barrier this is the slowest of the launch's terms.
  // By term: the time of the phases it bounds (the first of equal terms).
  auto Slower = [](const auto &A, const auto &B) { return A.first < B.first; };
  auto By = terms({}, {}, TM);
  double Sum = 0;
  for (size_t I = 0; I < Phases.size(); ++I) {
    auto T = terms(Phases[I], I < R.size() ? R[I] : Traffic(), TM);
    auto Max = std::max_element(T.begin(), T.end(), Slower);
    Sum += Max->first;
    By[Max - T.begin()].first += Max->first;
  }
  if (Bound)
    *Bound = OpsUs > Sum
                 ? "arithmetic"
                 : std::max_element(By.begin(), By.end(), Slower)->second;
  return std::max(Sum, OpsUs);
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
  T.Phases.resize(K.PhaseStarts.size() + 1);
  bool Uncounted = K.IssueCapped;
  double PerWarp = T.Warps / K.WarpWeight;
  for (const AccessSummary &A : K.Accesses) {
    Uncounted |= A.InCappedLoop || A.UnknownRequests > 0 ||
                 A.Space == AddrSpace::Unknown;
    bool Sec = inSectors(A, TM);
    if (!Sec && !inWavefronts(A))
      continue;
    for (const AccessSummary::PhaseUse &U : A.Phases) {
      LaunchTime::Traffic &P = T.Phases[U.Phase];
      if (!Sec) {
        P.SharedWavefronts += U.Units * PerWarp;
        continue;
      }
      double Excess = std::max(0.0, U.Units - U.Ideal) * PerWarp;
      T.RequestSectors += U.Units * PerWarp;
      T.ExcessSectors += Excess;
      if (A.Kind == AccessKind::Load) {
        P.LoadSectors += U.L2Units * PerWarp;
        T.LoadExcess += Excess;
        T.LoadIdeal += U.Ideal * PerWarp;
      } else {
        P.StoreSectors += U.L2Units * PerWarp;
        P.PartialStores += std::max(0.0, U.Partial) * PerWarp;
        T.StoreExcess += Excess;
        T.StoreIdeal += U.Ideal * PerWarp;
      }
      P.L1Lines += U.Lines * PerWarp;
    }
  }
  for (size_t I = 0; I < K.PhaseIssue.size() && I < T.Phases.size(); ++I)
    T.Phases[I].Issue = K.PhaseIssue[I] * PerWarp;
  for (const LaunchTime::Traffic &P : T.Phases) {
    T.Issue += P.Issue;
    T.LoadSectors += P.LoadSectors;
    T.StoreSectors += P.StoreSectors;
    T.PartialStores += P.PartialStores;
    T.L1Lines += P.L1Lines;
    T.SharedWavefronts += P.SharedWavefronts;
  }
  T.Certainty = K.Launch.Assumed || !K.Launch.gridKnown() ? "assumed"
                : Uncounted                               ? "lower-bound"
                                                          : "estimate";
  if (!TM.modelsTime()) {
    T.Why = "no measured throughput for " + TM.Arch;
    return T;
  }
  const RooflineResult &R = K.Results.get<RooflineResult>();
  // Bytes that L2 may hold bound nothing (Roofline.cpp). The DRAM bytes are
  // not known by phase: each phase has the share its sectors have.
  if (R.Modelled && R.Certainty != "upper-bound") {
    T.DramBytes = R.dramTotal();
    T.DramUnused = R.DramUnused;
  }
  if (double Sectors = T.LoadSectors + T.StoreSectors)
    for (LaunchTime::Traffic &P : T.Phases)
      P.DramBytes = T.DramBytes * (P.LoadSectors + P.StoreSectors) / Sectors;
  // A scheduler issues only for the warps it holds: a grid of fewer warps
  // than the SMs' schedulers leaves some idle.
  T.IssuePerClock = std::min(TM.WarpIssuePerClock, T.Warps / T.SMsUsed);
  double Clock = T.SMsUsed * TM.DeviceClockMHz; // per us
  // The floating-point units only: the source's integer operations are
  // mostly index and loop arithmetic, which the compiler folds into address
  // offsets and strength-reduces; at the integer units' rate they would
  // make a stencil (cuda-samples' convolutionSeparable: 750 a thread, 53 us
  // estimated) far slower than the H200 ran it (49 and 34 us).
  for (unsigned C = 0; C < NumOpClasses; ++C)
    if (unsigned PerClock =
            OpClass(C) == OpClass::Int ? 0 : opsPerClock(TM, OpClass(C)))
      T.OpsUs = std::max(T.OpsUs, R.Ops[C] / (Clock * PerClock));
  T.Modelled = true;
  T.TotalUs = T.timeWithout({}, TM, &T.BoundBy);
  for (const LaunchTime::Traffic &P : T.Phases) {
    auto Terms = T.terms(P, {}, TM);
    T.DramUs += Terms[0].first;
    T.L2Us += Terms[1].first;
    T.SharedUs += Terms[2].first;
    T.IssueUs += Terms[3].first;
    T.L1Us += Terms[4].first;
  }
  return T;
}

std::optional<AccessCost> accessCost(const KernelResult &K, const LaunchTime &T,
                                     const TargetModel &TM,
                                     const AccessSummary &A) {
  bool Sec = inSectors(A, TM);
  if (!Sec && !inWavefronts(A))
    return std::nullopt;
  double Per = Sec ? A.Sectors.mean() : A.Wavefronts.mean();
  double Ideal = Sec ? A.IdealSectors.mean() : A.IdealWavefronts.mean();
  if (Per <= Ideal + 1e-9)
    return std::nullopt;
  double Excess = launchRequests(K, A, T.Warps) * (Per - Ideal);
  double Total = Sec ? T.RequestSectors : T.SharedWavefronts;
  if (Excess <= 0 || Total <= 0)
    return std::nullopt;
  AccessCost C;
  C.ExcessUnits = Excess;
  C.Unit = Sec ? "sectors" : "wavefronts";
  C.TrafficShare = Excess / Total;
  C.Certainty = T.Certainty;
  if (!T.Modelled)
    return C;
  // DRAM bytes per excess sector: the launch's DRAM bytes per sector byte,
  // at most the fetch unit a lone sector brings, and no more than the
  // launch's unused bytes shared over all excess sectors: where one
  // access's unused bytes are another's (the members of a structure read
  // one by one), DRAM moves them either way.
  double PerSector = 0;
  if (Sec && T.ExcessSectors > 0)
    PerSector = std::min({T.DramBytes / Total, double(TM.DramFetchBytes),
                          T.DramUnused / T.ExcessSectors});
  // L2 serves a load's excess sectors only where its warp had not loaded
  // them before: the loads' L2 sectors over their ideal, shared over their
  // excess.
  double L2PerLoadSector =
      T.LoadExcess > 0
          ? std::clamp((T.LoadSectors - T.LoadIdeal) / T.LoadExcess, 0.0, 1.0)
          : 0;
  // Likewise a store's excess sectors reach L2 only as far as L1 does not
  // merge them into the warp's earlier stores.
  double L2PerStoreSector =
      T.StoreExcess > 0
          ? std::clamp((T.StoreSectors - T.StoreIdeal) / T.StoreExcess, 0.0,
                       1.0)
          : 0;
  C.ByPhase.resize(T.Phases.size());
  double PerWarp = T.Warps / K.WarpWeight;
  for (const AccessSummary::PhaseUse &U : A.Phases) {
    double E = std::max(0.0, U.Units - U.Ideal) * PerWarp;
    LaunchTime::Traffic &R = C.ByPhase[U.Phase];
    if (!Sec)
      R.SharedWavefronts += E;
    else if (A.Kind == AccessKind::Load)
      R.LoadSectors += E * L2PerLoadSector;
    else {
      R.StoreSectors += E * L2PerStoreSector;
      // Fixed, the store writes whole sectors.
      R.PartialStores += std::max(0.0, U.Partial) * PerWarp;
    }
    if (Sec)
      R.L1Lines += std::max(0.0, U.Lines - U.IdealLines) * PerWarp;
    R.DramBytes += E * PerSector;
    C.ExcessDram += R.DramBytes;
  }
  C.Timed = true;
  C.LaunchUs = T.TotalUs;
  C.BoundBy = T.BoundBy;
  C.SavedUs = T.TotalUs - T.timeWithout(C.ByPhase, TM);
  return C;
}

namespace {
std::optional<IssueSaving>
issueSaving(const KernelResult &K, const LaunchTime &T, const TargetModel &TM,
            llvm::ArrayRef<std::pair<unsigned, double>> ByPhase,
            const char *Key) {
  if (!T.Modelled || T.Issue <= 0 || K.WarpWeight <= 0)
    return std::nullopt;
  IssueSaving S;
  S.Key = Key;
  S.ByPhase.resize(T.Phases.size());
  double PerWarp = T.Warps / K.WarpWeight;
  for (const auto &[Phase, N] : ByPhase)
    if (Phase < S.ByPhase.size()) {
      S.ByPhase[Phase].Issue += N * PerWarp;
      S.Issue += N * PerWarp;
    }
  if (S.Issue <= 0)
    return std::nullopt;
  S.Share = S.Issue / T.Issue;
  S.LaunchUs = T.TotalUs;
  S.BoundBy = T.BoundBy;
  S.Certainty = T.Certainty;
  S.SavedUs = T.TotalUs - T.timeWithout(S.ByPhase, TM);
  return S;
}
} // namespace

std::optional<IssueSaving> branchTime(const KernelResult &K,
                                      const LaunchTime &T,
                                      const TargetModel &TM,
                                      const BranchSummary &B) {
  return issueSaving(K, T, TM, B.Cost.IdleIssue, "idle_warp_instructions");
}

std::optional<IssueSaving> divisionTime(const KernelResult &K,
                                        const LaunchTime &T,
                                        const TargetModel &TM,
                                        const DivisionSummary &D) {
  return issueSaving(K, T, TM, D.ExtraIssue, "extra_warp_instructions");
}

namespace {
json::Object trafficJSON(const LaunchTime::Traffic &P) {
  return json::Object{{"load_sectors", P.LoadSectors},
                      {"store_sectors", P.StoreSectors},
                      {"partial_store_sectors", P.PartialStores},
                      {"shared_wavefronts", P.SharedWavefronts},
                      {"dram_bytes", P.DramBytes},
                      {"warp_instructions", P.Issue},
                      {"l1_lines", P.L1Lines}};
}
} // namespace

void IssueSaving::addJSON(json::Object &O) const {
  json::Array Phases;
  for (const LaunchTime::Traffic &P : ByPhase)
    Phases.push_back(trafficJSON(P));
  O[Key] = Issue;
  O["share_of_launch_warp_instructions"] = Share;
  O["excess_by_phase"] = std::move(Phases);
  O["saved_us"] = SavedUs;
  O["launch_us"] = LaunchUs;
  O["bound_by"] = BoundBy;
  O["time_certainty"] = Certainty;
}

std::string IssueSaving::text(const KernelResult &K, const TargetModel &TM,
                              StringRef What, StringRef Fix) const {
  return formatv("{0:F0}% of the launch's issued instructions {1}", Share * 100,
                 What)
             .str() +
         savingText(K, TM, Fix, SavedUs, LaunchUs, BoundBy, Certainty);
}

json::Object LaunchTime::toJSON(const KernelResult &K,
                                const TargetModel &TM) const {
  if (!Modelled)
    return json::Object{{"modelled", false}, {"reason", Why}};
  // Per microsecond over the SMs used: enough to redo the time without any
  // set of findings (scripts/eval/cost-compare.py).
  json::Object Rates{
      {"dram_bytes", TM.DeviceDramAchievedGBps * 1e3},
      {"l2_load_sectors", perUs(TM, SMsUsed, TM.L2LoadSectorsPerClock)},
      {"l2_store_sectors", perUs(TM, SMsUsed, TM.L2StoreSectorsPerClock)},
      {"shared_wavefronts", perUs(TM, SMsUsed, TM.SharedWavefrontsPerClock)},
      {"warp_instructions", perUs(TM, SMsUsed, IssuePerClock)},
      {"l2_partial_store_sectors", perUs(TM, SMsUsed, partialStoreRate(TM))},
      {"l1_lines", perUs(TM, SMsUsed, TM.L1LinesPerClock)}};
  json::Array PhaseList;
  for (size_t I = 0; I < Phases.size(); ++I) {
    json::Object O = trafficJSON(Phases[I]);
    O["after_barrier"] =
        I ? json::Value(formatv("{0}:{1}", K.PhaseStarts[I - 1].Line,
                                K.PhaseStarts[I - 1].Column)
                            .str())
          : nullptr;
    auto T = terms(Phases[I], {}, TM);
    O["us"] = llvm::max_element(T, [](const auto &A, const auto &B) {
                return A.first < B.first;
              })->first;
    PhaseList.push_back(std::move(O));
  }
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
                      {"warp_instructions", Issue},
                      {"issue_us", IssueUs},
                      {"partial_store_sectors", PartialStores},
                      {"l1_lines", L1Lines},
                      {"l1_us", L1Us},
                      {"arithmetic_us", OpsUs},
                      {"phases", std::move(PhaseList)},
                      {"rates", std::move(Rates)}};
}

json::Object AccessCost::toJSON() const {
  json::Object O{{std::string("excess_") + Unit, ExcessUnits},
                 {"excess_dram_bytes", ExcessDram},
                 {std::string("share_of_launch_") + Unit, TrafficShare},
                 {"certainty", Certainty}};
  if (Timed) {
    json::Array Phases;
    for (const LaunchTime::Traffic &P : ByPhase)
      Phases.push_back(trafficJSON(P));
    O["excess_by_phase"] = std::move(Phases);
  }
  O["saved_us"] = Timed ? json::Value(SavedUs) : nullptr;
  O["launch_us"] = Timed ? json::Value(LaunchUs) : nullptr;
  O["bound_by"] = Timed ? json::Value(BoundBy) : nullptr;
  return O;
}

std::string AccessCost::text(const KernelResult &K,
                             const TargetModel &TM) const {
  std::string S =
      formatv("{0:F0}% of the launch's {1}", TrafficShare * 100, Unit).str();
  return Timed ? S + savingText(K, TM, "fixing it", SavedUs, LaunchUs, BoundBy,
                                Certainty)
               : S;
}

} // namespace cal
