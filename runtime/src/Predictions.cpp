//===- Predictions.cpp - Reading the analyzer's JSON ----------------------===//
#include "cal/runtime/Predictions.h"

#include "cal/Schema/Prediction.h"
#include "cal/runtime/Json.h"
#include "cal/runtime/Measurements.h"

#include <cmath>
#include <cstdlib>

namespace cal {

using json::Value;

static double num(const Value &O, const char *Key) {
  const Value *V = json::get(O, Key);
  return V && V->is_number() ? json::number(*V) : Unknown;
}

static PredictedRange range(const Value &O, const char *Key) {
  PredictedRange R;
  const Value *V = json::get(O, Key);
  if (!V)
    return R;
  if (V->is_number()) { // a bare number is an exact value
    R.Min = R.Max = R.Mean = json::number(*V);
    return R;
  }
  if (V->is_object()) {
    R.Min = num(*V, key::Min);
    R.Max = num(*V, key::Max);
    R.Mean = num(*V, key::Mean);
  }
  return R;
}

static PredictedSummary summary(const Value *S, const char *Key,
                                const char *PerRequest) {
  PredictedSummary R;
  const Value *V = S ? json::get(*S, Key) : nullptr;
  if (!V || !V->is_object())
    return R;
  R.RequestsPerWarp = num(*V, key::RequestsPerWarp);
  R.PerRequest = num(*V, PerRequest);
  return R;
}

/// Numeric members of an object, by name; \p Skip (e.g. "total") left out.
static std::map<std::string, double> numbers(const Value *O,
                                             const char *Skip = nullptr) {
  std::map<std::string, double> R;
  if (!O || !O->is_object())
    return R;
  for (const auto &KV : json::members(*O))
    if (KV.second.is_number() && (!Skip || KV.first != Skip))
      R[KV.first] = json::number(KV.second);
  return R;
}

PredictedRoofline rooflineFromJson(const Value *V) {
  PredictedRoofline R;
  if (!V || !V->is_object()) {
    R.Reason = V ? "'roofline' is not an object" : "no roofline predicted";
    return R;
  }
  R.Present = true;
  const Value *M = json::get(*V, key::Modelled);
  R.Modelled = M && json::boolean(*M);
  R.Reason = json::getString(*V, key::Reason);
  if (!R.Modelled) {
    if (R.Reason.empty())
      R.Reason = M ? "not modelled" : "'modelled' missing";
    return R;
  }
  R.GridThreads = num(*V, key::GridThreads);
  R.SectorBytes = num(*V, key::SectorBytes);
  if (const Value *D = json::get(*V, key::DramBytes); D && D->is_object()) {
    R.DramRead = num(*D, key::Read);
    R.DramWrite = num(*D, key::Write);
    R.DramTotal = num(*D, key::Total);
    // An analyzer that writes only the two directions still gives a total.
    if (std::isnan(R.DramTotal) && !std::isnan(R.DramRead) &&
        !std::isnan(R.DramWrite))
      R.DramTotal = R.DramRead + R.DramWrite;
  }
  const Value *Ops = json::get(*V, key::Ops);
  R.Ops = numbers(Ops, key::Total);
  R.OpsTotal = Ops && Ops->is_object() ? num(*Ops, key::Total) : Unknown;
  if (std::isnan(R.OpsTotal) && !R.Ops.empty()) {
    R.OpsTotal = 0;
    for (const auto &KV : R.Ops)
      R.OpsTotal += KV.second;
  }
  R.OpsPerThread = numbers(json::get(*V, key::OpsPerThread), key::Total);
  R.ArithmeticIntensity = num(*V, key::ArithmeticIntensity);
  if (const Value *D = json::get(*V, key::ReferenceDevice);
      D && D->is_object()) {
    R.Reference.Name = json::getString(*D, key::Name);
    R.Reference.SmCount = num(*D, key::SmCount);
    R.Reference.ClockMHz = num(*D, key::ClockMhz);
    R.Reference.DramGBps = num(*D, key::DramGbps);
    R.Reference.OpsPerClockPerSm =
        numbers(json::get(*D, key::OpsPerClockPerSm));
  }
  R.TimeBoundUs = num(*V, key::TimeBoundUs);
  R.BoundBy = json::getString(*V, key::BoundBy);
  R.Certainty = json::getString(*V, key::Certainty);
  if (const Value *N = json::get(*V, key::Notes))
    for (const Value &E : json::elements(*N))
      if (E.is_string())
        R.Notes.push_back(json::string(E));
  return R;
}

Expected<Predictions> predictionsFromJson(const Value &Root) {
  if (!Root.is_object())
    return Error::failure("predictions: top level is not an object");
  if (json::getNumber(Root, key::Version) != SchemaVersion)
    return Error::failure("predictions: unsupported version (expected " +
                          std::to_string(SchemaVersion) + ")");
  const Value *Kernels = json::get(Root, key::Kernels);
  if (!Kernels || !Kernels->is_array())
    return Error::failure("predictions: no 'kernels' array");
  Predictions P;
  P.Tool = json::getString(Root, key::Tool);
  P.Arch = json::getString(Root, key::Arch);
  for (const Value &K : json::elements(*Kernels)) {
    PredictedKernel PK;
    PK.Name = json::getString(K, key::Name);
    PK.MangledName = json::getString(K, key::MangledName);
    PK.File = normalizeSourcePath(json::getString(K, key::File));
    PK.Line = unsigned(json::getNumber(K, key::Line));
    if (const Value *L = json::get(K, key::Launch)) {
      const Value::array_t &G = json::elements(json::get(*L, key::Grid));
      const Value::array_t &B = json::elements(json::get(*L, key::Block));
      const Value::array_t &GU =
          json::elements(json::get(*L, key::GridUnknown));
      for (size_t I = 0; I < 3; ++I) {
        const Value *GI = I < G.size() ? &G[I] : nullptr;
        // A null component was computed at run time: any value matches.
        PK.GridUnknown[I] =
            (GI && !GI->is_number()) || (I < GU.size() && json::boolean(GU[I]));
        PK.Grid[I] = GI && GI->is_number() ? unsigned(json::number(*GI))
                     : GI                  ? 0
                                           : 1;
        PK.Block[I] = I < B.size() ? unsigned(json::number(B[I])) : 1;
      }
      PK.DynamicSharedBytes =
          unsigned(json::getNumber(*L, key::DynamicSharedBytes));
      PK.LaunchSource = json::getString(*L, key::Source);
      const Value *As = json::get(*L, key::Assumed);
      PK.Assumed = (As && json::boolean(*As)) || PK.LaunchSource == "default";
      if (const Value *AB = json::get(*L, key::AssumedBlocks))
        for (const Value &Shape : json::elements(*AB)) {
          std::array<unsigned, 3> S{1, 1, 1};
          for (size_t I = 0; I < 3 && I < json::elements(Shape).size(); ++I)
            S[I] = unsigned(json::number(json::elements(Shape)[I]));
          PK.AssumedBlocks.push_back(S);
        }
      PK.Site = json::getString(*L, key::Site);
      // "kernels/x.cu:88:5" -> 88
      size_t Last = PK.Site.rfind(':');
      size_t Prev = Last == std::string::npos || Last == 0
                        ? std::string::npos
                        : PK.Site.rfind(':', Last - 1);
      if (Prev != std::string::npos)
        PK.SiteLine = unsigned(std::strtoul(
            PK.Site.substr(Prev + 1, Last - Prev - 1).c_str(), nullptr, 10));
    }
    if (const Value *As = json::get(K, key::Accesses))
      for (const Value &A : json::elements(*As)) {
        PredictedAccess PA;
        PA.File = normalizeSourcePath(json::getString(A, key::File));
        PA.Line = unsigned(json::getNumber(A, key::Line));
        PA.Column = unsigned(json::getNumber(A, key::Column));
        if (const Value *H = json::get(A, key::Header); H && H->is_object()) {
          PA.HeaderFile = normalizeSourcePath(json::getString(*H, key::File));
          PA.HeaderLine = unsigned(json::getNumber(*H, key::Line));
        }
        PA.Space = json::getString(A, key::Space);
        PA.Kind = json::getString(A, key::Kind);
        PA.BytesPerLane = num(A, key::BytesPerLane);
        PA.ExecutionsPerWarp = num(A, key::ExecutionsPerWarp);
        PA.ActiveLanes = num(A, key::ActiveLanes);
        PA.Sectors = range(A, key::SectorsPerRequest);
        PA.Wavefronts = range(A, key::WavefrontsPerRequest);
        PA.Confidence = json::getString(A, key::Confidence);
        PA.Reason = json::getString(A, key::Reason);
        if (const Value *C = json::get(A, "cost"); C && C->is_object()) {
          PA.SavedUs = num(*C, "saved_us");
          PA.TrafficShare = num(*C, "share_of_launch_sectors");
          if (std::isnan(PA.TrafficShare))
            PA.TrafficShare = num(*C, "share_of_launch_wavefronts");
        }
        PK.Accesses.push_back(std::move(PA));
      }
    if (const Value *Bs = json::get(K, key::Branches))
      for (const Value &B : json::elements(*Bs)) {
        PredictedBranch PB;
        PB.File = normalizeSourcePath(json::getString(B, key::File));
        PB.Line = unsigned(json::getNumber(B, key::Line));
        PB.Kind = json::getString(B, key::Kind);
        PB.Classification = json::getString(B, key::Classification);
        PB.Reason = json::getString(B, key::Reason);
        PB.DivergentWarpFraction = num(B, key::DivergentWarpFraction);
        const Value *LP = json::get(B, key::LikelyPredicated);
        PB.LikelyPredicated = LP && json::boolean(*LP);
        PK.Branches.push_back(std::move(PB));
      }
    const Value *S = json::get(K, key::Summary);
    PK.GlobalLoad = summary(S, key::GlobalLoad, key::SectorsPerRequest);
    PK.GlobalStore = summary(S, key::GlobalStore, key::SectorsPerRequest);
    PK.SharedLoad = summary(S, key::SharedLoad, key::WavefrontsPerRequest);
    PK.SharedStore = summary(S, key::SharedStore, key::WavefrontsPerRequest);
    PK.Roofline = rooflineFromJson(json::get(K, key::Roofline));
    const Value *O = json::get(K, key::Occupancy);
    if (const Value *M = O ? json::get(*O, key::Modelled) : nullptr;
        M && json::boolean(*M)) {
      PK.OccupancyPct = num(*O, key::TheoreticalOccupancyPct);
      PK.OccupancyExact = json::getString(*O, key::Certainty) == "exact";
    }
    if (const Value *T = json::get(K, "estimated_time");
        T && T->is_object() && json::get(*T, "modelled") &&
        json::boolean(*json::get(*T, "modelled"))) {
      PK.EstimatedUs = num(*T, "us");
      PK.EstimatedBoundBy = json::getString(*T, "bound_by");
      PK.EstimatedCertainty = json::getString(*T, key::Certainty);
    }
    P.Kernels.push_back(std::move(PK));
  }
  return P;
}

} // namespace cal
