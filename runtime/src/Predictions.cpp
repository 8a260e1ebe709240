//===- Predictions.cpp - Reading the analyzer's JSON ----------------------===//
#include "cal/runtime/Predictions.h"

#include "cal/runtime/Measurements.h"
#include "cal/Schema/Prediction.h"

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
    R.Min = num(*V, key::Min);
    R.Max = num(*V, key::Max);
    R.Mean = num(*V, key::Mean);
  }
  return R;
}

static PredictedSummary summary(const Value *S, const char *Key,
                                const char *PerRequest) {
  PredictedSummary R;
  const Value *V = S ? S->get(Key) : nullptr;
  if (!V || !V->isObject())
    return R;
  R.RequestsPerWarp = num(*V, key::RequestsPerWarp);
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
  const Value *M = V->get(key::Modelled);
  R.Modelled = M && M->isBool() && M->boolean();
  R.Reason = V->getString(key::Reason);
  if (!R.Modelled) {
    if (R.Reason.empty())
      R.Reason = M ? "not modelled" : "'modelled' missing";
    return R;
  }
  R.GridThreads = num(*V, key::GridThreads);
  R.SectorBytes = num(*V, key::SectorBytes);
  if (const Value *D = V->get(key::DramBytes); D && D->isObject()) {
    R.DramRead = num(*D, key::Read);
    R.DramWrite = num(*D, key::Write);
    R.DramTotal = num(*D, key::Total);
    // An analyzer that writes only the two directions still gives a total.
    if (std::isnan(R.DramTotal) && !std::isnan(R.DramRead) &&
        !std::isnan(R.DramWrite))
      R.DramTotal = R.DramRead + R.DramWrite;
  }
  const Value *Ops = V->get(key::Ops);
  R.Ops = numbers(Ops, key::Total);
  R.OpsTotal = Ops && Ops->isObject() ? num(*Ops, key::Total) : Unknown;
  if (std::isnan(R.OpsTotal) && !R.Ops.empty()) {
    R.OpsTotal = 0;
    for (const auto &KV : R.Ops)
      R.OpsTotal += KV.second;
  }
  R.OpsPerThread = numbers(V->get(key::OpsPerThread), key::Total);
  R.ArithmeticIntensity = num(*V, key::ArithmeticIntensity);
  if (const Value *D = V->get(key::ReferenceDevice); D && D->isObject()) {
    R.Reference.Name = D->getString(key::Name);
    R.Reference.SmCount = num(*D, key::SmCount);
    R.Reference.ClockMHz = num(*D, key::ClockMhz);
    R.Reference.DramGBps = num(*D, key::DramGbps);
    R.Reference.OpsPerClockPerSm = numbers(D->get(key::OpsPerClockPerSm));
  }
  R.TimeBoundUs = num(*V, key::TimeBoundUs);
  R.BoundBy = V->getString(key::BoundBy);
  R.Certainty = V->getString(key::Certainty);
  if (const Value *N = V->get(key::Notes))
    for (const Value &E : N->elements())
      if (E.isString())
        R.Notes.push_back(E.string());
  return R;
}

Expected<Predictions> predictionsFromJson(const Value &Root) {
  if (!Root.isObject())
    return Error::failure("predictions: top level is not an object");
  if (Root.getNumber(key::Version) != SchemaVersion)
    return Error::failure("predictions: unsupported version (expected " +
                          std::to_string(SchemaVersion) + ")");
  const Value *Kernels = Root.get(key::Kernels);
  if (!Kernels || !Kernels->isArray())
    return Error::failure("predictions: no 'kernels' array");
  Predictions P;
  P.Tool = Root.getString(key::Tool);
  P.Arch = Root.getString(key::Arch);
  for (const Value &K : Kernels->elements()) {
    PredictedKernel PK;
    PK.Name = K.getString(key::Name);
    PK.MangledName = K.getString(key::MangledName);
    PK.File = normalizeSourcePath(K.getString(key::File));
    PK.Line = unsigned(K.getNumber(key::Line));
    if (const Value *L = K.get(key::Launch)) {
      const Value *G = L->get(key::Grid), *B = L->get(key::Block);
      const Value *GU = L->get(key::GridUnknown);
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
      PK.DynamicSharedBytes = unsigned(L->getNumber(key::DynamicSharedBytes));
      PK.LaunchSource = L->getString(key::Source);
      const Value *As = L->get(key::Assumed);
      PK.Assumed =
          (As && As->isBool() && As->boolean()) || PK.LaunchSource == "default";
      if (const Value *AB = L->get(key::AssumedBlocks))
        for (const Value &Shape : AB->elements()) {
          std::array<unsigned, 3> S{1, 1, 1};
          for (size_t I = 0; I < 3 && I < Shape.elements().size(); ++I)
            S[I] = unsigned(Shape.elements()[I].number());
          PK.AssumedBlocks.push_back(S);
        }
      PK.Site = L->getString(key::Site);
      // "kernels/x.cu:88:5" -> 88
      size_t Last = PK.Site.rfind(':');
      size_t Prev = Last == std::string::npos || Last == 0
                        ? std::string::npos
                        : PK.Site.rfind(':', Last - 1);
      if (Prev != std::string::npos)
        PK.SiteLine = unsigned(std::strtoul(
            PK.Site.substr(Prev + 1, Last - Prev - 1).c_str(), nullptr, 10));
    }
    if (const Value *As = K.get(key::Accesses))
      for (const Value &A : As->elements()) {
        PredictedAccess PA;
        PA.File = normalizeSourcePath(A.getString(key::File));
        PA.Line = unsigned(A.getNumber(key::Line));
        PA.Column = unsigned(A.getNumber(key::Column));
        if (const Value *H = A.get(key::Header); H && H->isObject()) {
          PA.HeaderFile = normalizeSourcePath(H->getString(key::File));
          PA.HeaderLine = unsigned(H->getNumber(key::Line));
        }
        PA.Space = A.getString(key::Space);
        PA.Kind = A.getString(key::Kind);
        PA.BytesPerLane = num(A, key::BytesPerLane);
        PA.ExecutionsPerWarp = num(A, key::ExecutionsPerWarp);
        PA.ActiveLanes = num(A, key::ActiveLanes);
        PA.Sectors = range(A, key::SectorsPerRequest);
        PA.Wavefronts = range(A, key::WavefrontsPerRequest);
        PA.Confidence = A.getString(key::Confidence);
        PA.Reason = A.getString(key::Reason);
        PK.Accesses.push_back(std::move(PA));
      }
    if (const Value *Bs = K.get(key::Branches))
      for (const Value &B : Bs->elements()) {
        PredictedBranch PB;
        PB.File = normalizeSourcePath(B.getString(key::File));
        PB.Line = unsigned(B.getNumber(key::Line));
        PB.Kind = B.getString(key::Kind);
        PB.Classification = B.getString(key::Classification);
        PB.Reason = B.getString(key::Reason);
        PB.DivergentWarpFraction = num(B, key::DivergentWarpFraction);
        const Value *LP = B.get(key::LikelyPredicated);
        PB.LikelyPredicated = LP && LP->boolean();
        PK.Branches.push_back(std::move(PB));
      }
    const Value *S = K.get(key::Summary);
    PK.GlobalLoad = summary(S, key::GlobalLoad, key::SectorsPerRequest);
    PK.GlobalStore = summary(S, key::GlobalStore, key::SectorsPerRequest);
    PK.SharedLoad = summary(S, key::SharedLoad, key::WavefrontsPerRequest);
    PK.SharedStore = summary(S, key::SharedStore, key::WavefrontsPerRequest);
    PK.Roofline = rooflineFromJson(K.get(key::Roofline));
    if (const Value *O = K.get(key::Occupancy);
        O && O->isObject() && O->get(key::Modelled) &&
        O->get(key::Modelled)->isBool() && O->get(key::Modelled)->boolean()) {
      PK.OccupancyPct = num(*O, key::TheoreticalOccupancyPct);
      PK.OccupancyExact = O->getString(key::Certainty) == "exact";
    }
    P.Kernels.push_back(std::move(PK));
  }
  return P;
}

} // namespace cal
