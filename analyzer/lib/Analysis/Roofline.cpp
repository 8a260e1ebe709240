//===- Roofline.cpp - Static roofline per launch --------------------------===//
//
// The DRAM estimate assumes that L2 keeps what one launch reuses: each
// object is read from DRAM once per fetch unit and written once per sector
// that the launch touches, counted per evaluated block and bounded by the
// span the evaluated lanes touched (docs/roofline.md says where this holds
// on the H100 and where it does not).
//
//===----------------------------------------------------------------------===//
#include "cal/Analysis/Roofline.h"
#include "LaunchPass.h"
#include "cal/Schema/Prediction.h"
#include "llvm/Support/FormatVariadic.h"
#include <algorithm>

using namespace cal;

const char *cal::opClassName(OpClass C) {
  switch (C) {
  case OpClass::Fp16:
    return "fp16";
  case OpClass::Fp32:
    return "fp32";
  case OpClass::Fp64:
    return "fp64";
  case OpClass::Int:
    return "int";
  }
  return "";
}

unsigned cal::opsPerClock(const TargetModel &TM, OpClass C) {
  switch (C) {
  case OpClass::Fp16:
    return TM.Fp16OpsPerClock;
  case OpClass::Fp32:
    return TM.Fp32OpsPerClock;
  case OpClass::Fp64:
    return TM.Fp64OpsPerClock;
  case OpClass::Int:
    return TM.IntOpsPerClock;
  }
  return 0;
}

double RooflineResult::opsTotal() const {
  double T = 0;
  for (double O : Ops)
    T += O;
  return T;
}

/// Bytes of [Lo, Hi) in whole units of \p Unit; 0 when empty.
static double spanBytes(uint64_t Lo, uint64_t Hi, uint64_t Unit) {
  if (Hi <= Lo)
    return 0;
  return double((Hi + Unit - 1) / Unit * Unit - Lo / Unit * Unit);
}

static std::string mib(double Bytes) {
  return llvm::formatv("{0:F1} MiB", Bytes / (1 << 20)).str();
}

RooflineResult cal::computeRoofline(const TargetModel &TM,
                                    const std::vector<SampleTraffic> &Samples,
                                    const std::vector<std::string> &Incomplete,
                                    const std::vector<std::string> &Sampled) {
  RooflineResult R;
  if (Samples.empty()) {
    R.Why = "no block was evaluated";
    return R;
  }
  R.Modelled = true;
  double N = double(Samples.size());
  for (const SampleTraffic &S : Samples) {
    R.GridThreads += S.GridThreads / N;
    R.SectorBytes += S.SectorBytes / N;
    for (unsigned C = 0; C < NumOpClasses; ++C)
      R.Ops[C] += S.Ops[C] / N;
    for (const auto &[Base, O] : S.Objects) {
      double ReadSpan = spanBytes(O.ReadLo, O.ReadHi, TM.DramFetchBytes);
      double WriteSpan = spanBytes(O.WriteLo, O.WriteHi, TM.SectorBytes);
      double Read = std::min(O.Read, ReadSpan);
      double Write = std::min(O.Write, WriteSpan);
      R.DramRead += Read / N;
      R.DramWrite += Write / N;
      // Bytes that blocks use again count once, as the units do.
      R.DramUnused += (Read - std::min(O.ReadUsed, Read) + Write -
                       std::min(O.WriteUsed, Write)) /
                      N;
      // An object read and written in place counts its span once.
      double Union = ReadSpan + WriteSpan;
      if (ReadSpan > 0 && WriteSpan > 0)
        Union = std::min(Union, double(std::max(O.ReadHi, O.WriteHi) -
                                       std::min(O.ReadLo, O.WriteLo)));
      R.Footprint += Union / N;
    }
  }
  if (!Incomplete.empty()) {
    R.Certainty = "lower-bound";
    for (const std::string &I : Incomplete)
      R.Notes.push_back("not counted: " + I);
  } else if (TM.DeviceL2Bytes && R.Footprint <= double(TM.DeviceL2Bytes)) {
    R.Certainty = "upper-bound";
    R.Notes.push_back(
        "the launch touches " + mib(R.Footprint) + ", which fits in the " +
        mib(double(TM.DeviceL2Bytes)) + " L2 of the " + TM.ReferenceDevice +
        ": what earlier launches and copies left there is not read from "
        "DRAM again, and what it writes may stay in L2 after it");
  } else {
    R.Certainty = "estimate";
  }
  if (!Sampled.empty()) {
    std::string What;
    for (const std::string &S : Sampled)
      What += (What.empty() ? "" : " and ") + S;
    R.Notes.push_back("totals are the mean over samples that vary " + What);
  }
  // The time bound: the slowest of DRAM and each unit, at the reference
  // part's peaks. DRAM bytes that L2 may serve bound nothing.
  if (!TM.modelsThroughput() || TM.ReferenceDevice.empty()) {
    R.Notes.push_back("no reference part for " + TM.Arch +
                      ": no time bound (the verifier computes one for the "
                      "GPU it runs on)");
    return R;
  }
  double Best = 0;
  if (R.Certainty != "upper-bound") {
    Best = R.dramTotal() / (TM.DeviceDramGBps * 1e9);
    R.BoundBy = "dram";
  } else {
    R.Notes.push_back("the time bound leaves DRAM out, as L2 may serve the "
                      "launch's bytes");
  }
  double Clock = double(TM.DeviceSMs) * TM.DeviceClockMHz * 1e6;
  for (unsigned C = 0; C < NumOpClasses; ++C) {
    unsigned PerClock = opsPerClock(TM, OpClass(C));
    if (!PerClock || R.Ops[C] == 0)
      continue;
    double T = R.Ops[C] / (Clock * PerClock);
    if (T > Best) {
      Best = T;
      R.BoundBy = opClassName(OpClass(C));
    }
  }
  if (Best > 0) {
    R.HasBound = true;
    R.TimeBoundUs = Best * 1e6;
  } else {
    R.BoundBy.clear();
  }
  return R;
}

namespace cal {
namespace {

/// Bytes, operations and the time bound over the launch's grid
/// (docs/prediction-schema.md, docs/roofline.md).
static llvm::json::Value rooflineJSON(const RooflineResult &R,
                                      const TargetModel &TM) {
  if (!R.Modelled)
    return llvm::json::Object{{key::Modelled, false}, {key::Reason, R.Why}};
  llvm::json::Object Ops, PerThread, PerClock;
  for (unsigned C = 0; C < NumOpClasses; ++C) {
    const char *N = opClassName(OpClass(C));
    Ops[N] = R.Ops[C];
    PerThread[N] = R.GridThreads > 0 ? R.Ops[C] / R.GridThreads : 0.0;
    PerClock[N] = int64_t(opsPerClock(TM, OpClass(C)));
  }
  Ops[key::Total] = R.opsTotal();
  llvm::json::Array Notes;
  for (const std::string &N : R.Notes)
    Notes.push_back(N);
  llvm::json::Value Device = nullptr;
  if (TM.modelsThroughput()) {
    bool Part = !TM.ReferenceDevice.empty();
    Device = llvm::json::Object{
        {key::Name, Part ? llvm::json::Value(TM.ReferenceDevice) : nullptr},
        {key::SmCount,
         Part ? llvm::json::Value(int64_t(TM.DeviceSMs)) : nullptr},
        {key::ClockMhz,
         Part ? llvm::json::Value(int64_t(TM.DeviceClockMHz)) : nullptr},
        {key::DramGbps, Part ? llvm::json::Value(TM.DeviceDramGBps) : nullptr},
        {"l2_bytes",
         Part ? llvm::json::Value(int64_t(TM.DeviceL2Bytes)) : nullptr},
        {"dram_fetch_bytes", int64_t(TM.DramFetchBytes)},
        {key::OpsPerClockPerSm, std::move(PerClock)}};
  }
  double Dram = R.dramTotal();
  return llvm::json::Object{
      {key::Modelled, true},
      {key::GridThreads, R.GridThreads},
      {key::SectorBytes, R.SectorBytes},
      {key::DramBytes, llvm::json::Object{{key::Read, R.DramRead},
                                          {key::Write, R.DramWrite},
                                          {key::Total, Dram}}},
      {"footprint_bytes", R.Footprint},
      {key::Ops, std::move(Ops)},
      {key::OpsPerThread, std::move(PerThread)},
      {key::ArithmeticIntensity,
       Dram > 0 ? llvm::json::Value(R.opsTotal() / Dram) : nullptr},
      {key::ReferenceDevice, std::move(Device)},
      {key::TimeBoundUs,
       R.HasBound ? llvm::json::Value(R.TimeBoundUs) : nullptr},
      {key::BoundBy, R.HasBound ? llvm::json::Value(R.BoundBy) : nullptr},
      {key::Certainty, R.Certainty},
      {key::Notes, std::move(Notes)}};
}

class RooflinePass : public LaunchPass {
public:
  llvm::StringRef name() const override { return key::Roofline; }
  void run(LaunchState &S, KernelResult &K) const override;
  std::optional<llvm::json::Value>
  toJSON(const KernelResult &K, const TargetModel &TM) const override {
    return rooflineJSON(K.Results.get<RooflineResult>(), TM);
  }
};

void RooflinePass::run(LaunchState &S, KernelResult &K) const {
  RooflineResult &R = K.Results.get<RooflineResult>();
  if (S.LC.Assumed) {
    R.Why = "no launch: the grid is assumed";
    return;
  }
  std::vector<std::string> Incomplete;
  if (S.CappedLoops)
    Incomplete.push_back("loops stopped before their end");
  if (!K.Unsupported.empty())
    Incomplete.push_back("calls not followed");
  if (llvm::any_of(K.Accesses, [](const AccessSummary &A) {
        return A.Space == AddrSpace::Unknown ||
               (A.Space == AddrSpace::Global && A.UnknownRequests);
      }))
    Incomplete.push_back("global accesses of unknown address");
  R = computeRoofline(S.Opts.Target, S.Traffic, Incomplete, K.SampledWhat);
}

} // namespace

const LaunchPass &rooflinePass() {
  static const RooflinePass P;
  return P;
}

} // namespace cal
