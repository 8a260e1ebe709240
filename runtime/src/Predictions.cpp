//===- Predictions.cpp - Reading the analyzer's JSON ----------------------===//
#include "cal/runtime/Predictions.h"

#include "cal/runtime/Measurements.h"

#include <cmath>
#include <cstdlib>

namespace cal {

using json::Value;

static double num(const Value &O, const char *Key) {
  const Value *V = O.get(Key);
  return V && V->isNumber() ? V->number() : Unknown;
}

static PredictedRange range(const Value &O, const char *Key) {
  PredictedRange R;
  const Value *V = O.get(Key);
  if (!V)
    return R;
  if (V->isNumber()) { // a bare number is an exact value
    R.Min = R.Max = R.Mean = V->number();
    return R;
  }
  if (V->isObject()) {
    R.Min = num(*V, "min");
    R.Max = num(*V, "max");
    R.Mean = num(*V, "mean");
  }
  return R;
}

static PredictedSummary summary(const Value *S, const char *Key,
                                const char *PerRequest) {
  PredictedSummary R;
  const Value *V = S ? S->get(Key) : nullptr;
  if (!V || !V->isObject())
    return R;
  R.RequestsPerWarp = num(*V, "requests_per_warp");
  R.PerRequest = num(*V, PerRequest);
  return R;
}

/// Numeric members of an object, by name; \p Skip (e.g. "total") left out.
static std::map<std::string, double> numbers(const Value *O,
                                             const char *Skip = nullptr) {
  std::map<std::string, double> R;
  if (!O || !O->isObject())
    return R;
  for (const auto &KV : O->members())
    if (KV.second.isNumber() && (!Skip || KV.first != Skip))
      R[KV.first] = KV.second.number();
  return R;
}

PredictedRoofline rooflineFromJson(const Value *V) {
  PredictedRoofline R;
  if (!V || !V->isObject()) {
    R.Reason = V ? "'roofline' is not an object" : "no roofline predicted";
    return R;
  }
  R.Present = true;
  const Value *M = V->get("modelled");
  R.Modelled = M && M->isBool() && M->boolean();
  R.Reason = V->getString("reason");
  if (!R.Modelled) {
    if (R.Reason.empty())
      R.Reason = M ? "not modelled" : "'modelled' missing";
    return R;
  }
  R.GridThreads = num(*V, "grid_threads");
  R.SectorBytes = num(*V, "sector_bytes");
  if (const Value *D = V->get("dram_bytes"); D && D->isObject()) {
    R.DramRead = num(*D, "read");
    R.DramWrite = num(*D, "write");
    R.DramTotal = num(*D, "total");
    // An analyzer that writes only the two directions still gives a total.
    if (std::isnan(R.DramTotal) && !std::isnan(R.DramRead) &&
        !std::isnan(R.DramWrite))
      R.DramTotal = R.DramRead + R.DramWrite;
  }
  const Value *Ops = V->get("ops");
  R.Ops = numbers(Ops, "total");
  R.OpsTotal = Ops && Ops->isObject() ? num(*Ops, "total") : Unknown;
  if (std::isnan(R.OpsTotal) && !R.Ops.empty()) {
    R.OpsTotal = 0;
    for (const auto &KV : R.Ops)
      R.OpsTotal += KV.second;
  }
  R.OpsPerThread = numbers(V->get("ops_per_thread"), "total");
  R.ArithmeticIntensity = num(*V, "arithmetic_intensity");
  if (const Value *D = V->get("reference_device"); D && D->isObject()) {
    R.Reference.Name = D->getString("name");
    R.Reference.SmCount = num(*D, "sm_count");
    R.Reference.ClockMHz = num(*D, "clock_mhz");
    R.Reference.DramGBps = num(*D, "dram_gbps");
    R.Reference.OpsPerClockPerSm = numbers(D->get("ops_per_clock_per_sm"));
  }
  R.TimeBoundUs = num(*V, "time_bound_us");
  R.BoundBy = V->getString("bound_by");
  R.Certainty = V->getString("certainty");
  if (const Value *N = V->get("notes"))
    for (const Value &E : N->elements())
      if (E.isString())
        R.Notes.push_back(E.string());
  return R;
}

Expected<Predictions> predictionsFromJson(const Value &Root) {
  if (!Root.isObject())
    return Error::failure("predictions: top level is not an object");
  if (Root.getNumber("version") != 1)
    return Error::failure("predictions: unsupported version (expected 1)");
  const Value *Kernels = Root.get("kernels");
  if (!Kernels || !Kernels->isArray())
    return Error::failure("predictions: no 'kernels' array");
  Predictions P;
  P.Tool = Root.getString("tool");
  P.Arch = Root.getString("arch");
  for (const Value &K : Kernels->elements()) {
    PredictedKernel PK;
    PK.Name = K.getString("name");
    PK.MangledName = K.getString("mangled_name");
    PK.File = normalizeSourcePath(K.getString("file"));
    PK.Line = unsigned(K.getNumber("line"));
    if (const Value *L = K.get("launch")) {
      const Value *G = L->get("grid"), *B = L->get("block");
      const Value *GU = L->get("grid_unknown");
      for (int I = 0; I < 3; ++I) {
        const Value *GI =
            G && G->elements().size() > size_t(I) ? &G->elements()[I] : nullptr;
        // A null component was computed at run time: any value matches.
        PK.GridUnknown[I] =
            (GI && !GI->isNumber()) ||
            (GU && GU->elements().size() > size_t(I) &&
             GU->elements()[I].isBool() && GU->elements()[I].boolean());
        PK.Grid[I] = GI && GI->isNumber() ? unsigned(GI->number()) : GI ? 0 : 1;
        PK.Block[I] = B && B->elements().size() > size_t(I)
                          ? unsigned(B->elements()[I].number())
                          : 1;
      }
      PK.DynamicSharedBytes = unsigned(L->getNumber("dynamic_shared_bytes"));
      PK.LaunchSource = L->getString("source");
      const Value *As = L->get("assumed");
      PK.Assumed =
          (As && As->isBool() && As->boolean()) || PK.LaunchSource == "default";
      if (const Value *AB = L->get("assumed_blocks"))
        for (const Value &Shape : AB->elements()) {
          std::array<unsigned, 3> S{1, 1, 1};
          for (size_t I = 0; I < 3 && I < Shape.elements().size(); ++I)
            S[I] = unsigned(Shape.elements()[I].number());
          PK.AssumedBlocks.push_back(S);
        }
      PK.Site = L->getString("site");
      // "kernels/x.cu:88:5" -> 88
      size_t Last = PK.Site.rfind(':');
      size_t Prev = Last == std::string::npos || Last == 0
                        ? std::string::npos
                        : PK.Site.rfind(':', Last - 1);
      if (Prev != std::string::npos)
        PK.SiteLine = unsigned(std::strtoul(
            PK.Site.substr(Prev + 1, Last - Prev - 1).c_str(), nullptr, 10));
    }
    if (const Value *As = K.get("accesses"))
      for (const Value &A : As->elements()) {
        PredictedAccess PA;
        PA.File = normalizeSourcePath(A.getString("file"));
        PA.Line = unsigned(A.getNumber("line"));
        PA.Column = unsigned(A.getNumber("column"));
        PA.Space = A.getString("space");
        PA.Kind = A.getString("kind");
        PA.BytesPerLane = num(A, "bytes_per_lane");
        PA.ExecutionsPerWarp = num(A, "executions_per_warp");
        PA.ActiveLanes = num(A, "active_lanes");
        PA.Sectors = range(A, "sectors_per_request");
        PA.Wavefronts = range(A, "wavefronts_per_request");
        PA.Confidence = A.getString("confidence");
        PA.Reason = A.getString("reason");
        PK.Accesses.push_back(std::move(PA));
      }
    if (const Value *Bs = K.get("branches"))
      for (const Value &B : Bs->elements()) {
        PredictedBranch PB;
        PB.File = normalizeSourcePath(B.getString("file"));
        PB.Line = unsigned(B.getNumber("line"));
        PB.Kind = B.getString("kind");
        PB.Classification = B.getString("classification");
        PB.Reason = B.getString("reason");
        PB.DivergentWarpFraction = num(B, "divergent_warp_fraction");
        const Value *LP = B.get("likely_predicated");
        PB.LikelyPredicated = LP && LP->boolean();
        PK.Branches.push_back(std::move(PB));
      }
    const Value *S = K.get("summary");
    PK.GlobalLoad = summary(S, "global_load", "sectors_per_request");
    PK.GlobalStore = summary(S, "global_store", "sectors_per_request");
    PK.SharedLoad = summary(S, "shared_load", "wavefronts_per_request");
    PK.SharedStore = summary(S, "shared_store", "wavefronts_per_request");
    PK.Roofline = rooflineFromJson(K.get("roofline"));
    if (const Value *O = K.get("occupancy");
        O && O->isObject() && O->get("modelled") &&
        O->get("modelled")->isBool() && O->get("modelled")->boolean()) {
      PK.OccupancyPct = num(*O, "theoretical_occupancy_pct");
      PK.OccupancyExact = O->getString("certainty") == "exact";
    }
    P.Kernels.push_back(std::move(PK));
  }
  return P;
}

} // namespace cal
