//===- JsonReport.cpp - The prediction file (docs/prediction-schema.md) ---===//
#include "cal/Analysis/LaunchTime.h"
#include "cal/Report/AnalysisReport.h"
#include "cal/Report/DiscoveryReport.h"
#include "cal/Schema/Prediction.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace cal {

Confidence accessConfidence(const AccessSummary &A, const KernelResult &K) {
  if (A.Space == AddrSpace::Unknown)
    return {"unknown", "memory space unknown: " + A.UnknownReason};
  if (A.UnknownRequests == A.Requests)
    return {"unknown", A.UnknownReason};
  // The known requests bound nothing about the others: a figure from some
  // of the requests is not a range for the access (mergeSort's binary
  // search measured 8 sectors where its 2 known requests of 16 gave 4).
  if (A.UnknownRequests)
    return {"unknown", std::to_string(A.UnknownRequests) + " of " +
                           std::to_string(A.Requests) +
                           " requests have unknown addresses (" +
                           A.UnknownReason + ")"};
  std::vector<std::string> Why;
  // The figure differs between samples: report the range with the values
  // that produced each end.
  std::string Dep = A.sampleDependence(K);
  if (!Dep.empty())
    Why.push_back("depends on " + join(K.SampledWhat, " and ") + ": " + Dep);
  // The samples agree, but the figure is a function of the unknown size
  // (ClosedForm.cpp: in[i * s] is 32 at s = 4096 and 4097, 4 at s = 1).
  else if (A.Closed)
    Why.push_back("depends on unknown parameter " + A.Closed->Param + ": " +
                  A.Closed->Text);
  // Within one sample, warps (blocks, warps of a block) disagree: no single
  // value holds for every warp.
  const Stat &Main = A.mainStat();
  bool WarpsDiffer = false;
  for (auto &[S, St] : A.PerSample)
    WarpsDiffer |= !St.constant();
  if (WarpsDiffer)
    Why.push_back("varies between evaluated warps: " + fmtStatRange(Main) +
                  " " +
                  (A.Space == AddrSpace::Global ? K.GlobalUnit
                                                : std::string(A.mainUnit())) +
                  " per request");
  if (A.InCappedLoop)
    Why.push_back("inside a loop evaluated for its first iterations only");
  if (K.BudgetHit)
    Why.push_back("the analysis budget ended the evaluation early");
  if (K.Launch.RegistersAssumed)
    Why.push_back("the launch is cudaOccupancyMaxPotentialBlockSize's with "
                  "the kernel's registers per thread unknown");
  if (K.Launch.PointerCallAssumed)
    Why.push_back("the launch's values come from a call through a function "
                  "pointer taken to be its wrapper's");
  if (A.UnderUnknownBranch)
    Why.push_back("executes under a condition the analyzer cannot evaluate");
  // Whether a local variable lives in memory at all is the compiler's
  // choice: an array indexed only by constants (after unrolling) and a
  // scalar whose address does not escape stay in registers.
  if (A.Space == AddrSpace::Local)
    Why.push_back("local memory only if the compiler does not keep the "
                  "variable in registers (then no request is made)");
  // An assumed launch is not one the program is known to use: its figures
  // are what the assumed shapes give, never a fact.
  if (K.Launch.Assumed)
    Why.insert(Why.begin(),
               K.Launch.AssumedWhy + ": under the assumed block " +
                   formatv("({0},{1},{2})", K.Launch.Block[0],
                           K.Launch.Block[1], K.Launch.Block[2])
                       .str());
  if (Why.empty())
    return {"exact", ""};
  return {"range", join(Why, "; ")};
}

std::string fmtStatRange(const Stat &S) {
  auto F = [](double V) {
    return V == double(int64_t(V)) ? std::to_string(int64_t(V))
                                   : formatv("{0:F2}", V).str();
  };
  return S.Min == S.Max ? F(S.Min) : F(S.Min) + " to " + F(S.Max);
}

static json::Value statJSON(const Stat &S) {
  if (S.empty())
    return nullptr;
  return json::Object{{key::Min, S.Min}, {key::Max, S.Max}, {key::Mean, S.mean()}};
}

static json::Value meanOrNull(const Stat &S) {
  return S.empty() ? json::Value(nullptr) : json::Value(S.mean());
}

static json::Object summary(const KernelResult &K, AddrSpace Sp, bool Load,
                            const char *Field) {
  // Execution-weighted: sum of per-request figures over all requests
  // divided by requests, as the hardware's per-kernel ratio is. Requests
  // are weighted by the blocks their evaluated block stands for. Each
  // access counts with its headline (the typical sample where its figure
  // depends on unknown parameters), never a mean over samples.
  double Requests = 0, Sum = 0, Known = 0;
  bool Complete = true;
  // Requests through pointers of unknown space may belong to this space:
  // the totals are then incomplete.
  bool UnknownSpace = false;
  for (const AccessSummary &A : K.Accesses) {
    UnknownSpace |=
        A.Space == AddrSpace::Unknown && (A.Kind == AccessKind::Load) == Load;
    if (A.Space != Sp || (A.Kind == AccessKind::Load) != Load)
      continue;
    const Stat &S = A.mainStat();
    Requests += A.WeightedRequests;
    Sum += A.headline(K) * S.Weight;
    Known += S.Weight;
    Complete &= A.UnknownRequests == 0;
  }
  json::Object O{
      {key::RequestsPerWarp, K.WarpWeight > 0 ? Requests / K.WarpWeight : 0.0}};
  O[Field] = Known > 0 ? json::Value(Sum / Known) : json::Value(nullptr);
  O["complete"] = Complete && !UnknownSpace;
  return O;
}

/// Requests per warp through pointers whose memory space is unknown; they
/// are in none of the per-space summaries.
static double unknownSpaceRequests(const KernelResult &K) {
  double N = 0;
  for (const AccessSummary &A : K.Accesses)
    if (A.Space == AddrSpace::Unknown)
      N += A.WeightedRequests;
  return K.WarpWeight > 0 ? N / K.WarpWeight : 0.0;
}

static json::Value gridJSON(const LaunchConfig &L) {
  json::Array A;
  for (unsigned I = 0; I < 3; ++I)
    A.push_back(L.GridUnknown[I] ? json::Value(nullptr)
                                 : json::Value(L.Grid[I]));
  return A;
}

static json::Object sampleJSON(const SampleInfo &S) {
  json::Array Blocks, Weights;
  for (const Dim3 &B : S.Blocks)
    Blocks.push_back(dim3ToJSON(B));
  for (uint64_t W : S.BlockWeights)
    Weights.push_back(W);
  return json::Object{{"description", S.Description},
                      {key::Block, dim3ToJSON(S.Block)},
                      {key::Grid, dim3ToJSON(S.Grid)},
                      {"blocks", std::move(Blocks)},
                      {"block_weights", std::move(Weights)}};
}

json::Value kernelToJSON(const AnalysisResult &R, const KernelResult &K) {
  // Legacy models count transactions, not sectors: their figures go in
  // fields that say so (docs/prediction-schema.md, 1.2).
  bool Txn = R.Target.countsTransactions();
  const char *GlobalField =
      Txn ? "transactions_per_request" : key::SectorsPerRequest;
  json::Array Accesses, Branches, Blocks;
  LaunchTime Time = launchTime(K, R.Target);
  for (const AccessSummary &A : K.Accesses) {
    Confidence C = accessConfidence(A, K);
    // Local requests are counted in sectors as global ones are (both go
    // through L1TEX); constant ones in serialised requests.
    bool Gl = A.Space == AddrSpace::Global, Lo = A.Space == AddrSpace::Local,
         G = Gl || Lo, S = A.Space == AddrSpace::Shared,
         K2 = A.Space == AddrSpace::Constant;
    // Sectors: global under the sector model, and local always.
    bool InSectors = (Gl && !Txn) || Lo;
    json::Object O{
        {key::File, A.Pos.File},
        {key::Line, A.Pos.Line},
        {key::Column, A.Pos.Column},
        {key::Space, addrSpaceName(A.Space)},
        {key::Kind, accessKindName(A.Kind)},
        {key::BytesPerLane, A.BytesPerLane},
        {key::ExecutionsPerWarp,
         K.WarpWeight > 0 ? A.WeightedRequests / K.WarpWeight : 0.0},
        {key::ActiveLanes, A.ActiveLanes.mean()},
        {key::SectorsPerRequest, InSectors ? statJSON(A.Sectors) : nullptr},
        {"ideal_sectors_per_request",
         InSectors ? meanOrNull(A.IdealSectors) : nullptr},
        {"lines_per_request", G ? statJSON(A.Lines) : nullptr},
        {key::WavefrontsPerRequest, S ? statJSON(A.Wavefronts) : nullptr},
        {"ideal_wavefronts_per_request",
         S ? meanOrNull(A.IdealWavefronts) : nullptr},
        {"constant_requests_per_request",
         K2 ? statJSON(A.ConstantRequests) : nullptr},
        {key::Confidence, C.Level},
        {key::Reason, C.Reason},
        {"index", A.IndexText}};
    if (A.HeaderPos)
      O[key::Header] = json::Object{{key::File, A.HeaderPos->File},
                                    {key::Line, A.HeaderPos->Line},
                                    {key::Column, A.HeaderPos->Column}};
    if (Txn) {
      O["transactions_per_request"] = Gl ? statJSON(A.Sectors) : nullptr;
      O["ideal_transactions_per_request"] =
          Gl ? meanOrNull(A.IdealSectors) : nullptr;
      O["transaction_bytes_per_request"] =
          Gl ? meanOrNull(A.TransactionBytes) : nullptr;
      O["ideal_transaction_bytes_per_request"] =
          Gl ? meanOrNull(A.IdealBytes) : nullptr;
    }
    // The main figure's headline is the typical sample's where the
    // samples differ; the misaligned case is named beside it, not
    // averaged in.
    if (std::string Cases = A.sampleDependence(K); !Cases.empty()) {
      const char *Main = S    ? key::WavefrontsPerRequest
                         : K2 ? "constant_requests_per_request"
                         : Gl ? GlobalField
                              : key::SectorsPerRequest;
      if (json::Object *M = O.getObject(Main))
        (*M)[key::Mean] = A.headline(K);
      O["sample_cases"] = Cases;
    }
    if (A.Closed) {
      json::Array Cases;
      for (const auto &[Residues, Value] : A.Closed->Cases) {
        json::Array Rs;
        for (unsigned R : Residues)
          Rs.push_back(R);
        Cases.push_back(json::Object{
            {"residues", std::move(Rs)},
            {S ? key::WavefrontsPerRequest : key::SectorsPerRequest, Value}});
      }
      json::Object CF{{"parameter", A.Closed->Param},
                      {"text", A.Closed->Text},
                      {"checked", A.Closed->Checked}};
      if (A.Closed->Modulus) {
        CF["modulus"] = A.Closed->Modulus;
        CF["cases"] = std::move(Cases);
      }
      O["closed_form"] = std::move(CF);
    }
    // What its excess over the ideal costs the launch (LaunchTime.h).
    if (std::optional<AccessCost> Cost = accessCost(K, Time, R.Target, A))
      O["cost"] = Cost->toJSON();
    Accesses.push_back(std::move(O));
  }
  for (const BranchSummary &B : K.Branches) {
    BranchClass Cl = B.classify();
    json::Object O{
        {key::File, B.Pos.File},
        {key::Line, B.Pos.Line},
        {key::Column, B.Pos.Column},
        {key::Kind, B.Kind},
        {key::Classification, branchClassName(Cl)},
        {key::DivergentWarpFraction, B.Stats.divergentWarpFraction()},
        {"lane_split", B.Stats.laneSplit()},
        {key::LikelyPredicated, B.LikelyPredicated},
        {"compiled_as", branchLoweringName(B.Lowering)},
        // The test names a sampled value (an unknown parameter or a
        // run-time grid dimension): the classification holds for the
        // samples, not necessarily for the program's values.
        {"depends_on_samples", B.DependsOnSampledParameters},
        {key::Reason,
         Cl == BranchClass::Unknown || B.Stats.numUnknowns() ? B.Reason : ""}};
    // What the issue slots spent on idle lanes cost the launch.
    if (std::optional<IssueSaving> BT = branchTime(K, Time, R.Target, B))
      O["cost"] = BT->toJSON();
    Branches.push_back(std::move(O));
  }
  json::Array Divisions;
  for (const DivisionSummary &D : K.Divisions) {
    json::Object O{{key::File, D.Pos.File},
                   {key::Line, D.Pos.Line},
                   {key::Column, D.Pos.Column},
                   {"remainder", D.Remainder},
                   {"power_of_two", D.PowerOfTwo && D.MaxDivisor > 0}};
    if (D.PowerOfTwo && D.MaxDivisor > 0) {
      O["min_divisor"] = D.MinDivisor;
      O["max_divisor"] = D.MaxDivisor;
    }
    if (std::optional<IssueSaving> S = divisionTime(K, Time, R.Target, D))
      O["cost"] = S->toJSON();
    Divisions.push_back(std::move(O));
  }
  json::Array NotIssued;
  for (const ElidedAccess &E : K.NotIssued)
    NotIssued.push_back(json::Object{
        {key::File, E.Pos.File},
        {key::Line, E.Pos.Line},
        {key::Column, E.Pos.Column},
        {key::Space, addrSpaceName(E.Space)},
        {key::Kind, accessKindName(E.Kind)},
        {key::BytesPerLane, E.BytesPerLane},
        {key::ExecutionsPerWarp,
         K.WarpsEvaluated ? double(E.Executions) / K.WarpsEvaluated : 0.0},
        {key::Reason, E.Reason}});
  for (const Dim3 &B : K.EvaluatedBlocks)
    Blocks.push_back(dim3ToJSON(B));
  json::Array Samples, FirstWeights;
  for (const SampleInfo &S : K.Samples)
    Samples.push_back(sampleJSON(S));
  if (!K.Samples.empty())
    for (uint64_t W : K.Samples[0].BlockWeights)
      FirstWeights.push_back(W);
  json::Object Args;
  for (auto &[N, V] : K.Launch.Arguments)
    Args[N] = V;
  json::Array GridUnknown, AssumedBlocks;
  for (bool U : K.Launch.GridUnknown)
    GridUnknown.push_back(U);
  for (const Dim3 &B : K.Launch.AssumedBlocks)
    AssumedBlocks.push_back(dim3ToJSON(B));
  json::Object Launch{{key::Grid, gridJSON(K.Launch)},
                      {key::GridUnknown, std::move(GridUnknown)},
                      {key::Block, dim3ToJSON(K.Launch.Block)},
                      {key::DynamicSharedBytes, K.Launch.DynamicSharedBytes},
                      {key::Source, K.Launch.Source},
                      {key::Assumed, K.Launch.Assumed},
                      {"arguments", std::move(Args)}};
  if (K.Launch.Assumed)
    Launch[key::AssumedBlocks] = std::move(AssumedBlocks);
  if (!K.Launch.Site.empty())
    Launch[key::Site] = K.Launch.Site;
  if (!K.Launch.Choices.empty()) {
    // A member of a launch set: the values that chose it.
    json::Array Choices;
    for (const std::string &C : K.Launch.Choices)
      Choices.push_back(C);
    Launch["set_choices"] = std::move(Choices);
  }
  json::Array Assumptions, Unsupported;
  for (const std::string &S : K.Assumptions)
    Assumptions.push_back(S);
  for (const std::string &S : K.Unsupported)
    Unsupported.push_back(S);
  json::Object Summary{
      {key::GlobalLoad, summary(K, AddrSpace::Global, true, GlobalField)},
      {key::GlobalStore, summary(K, AddrSpace::Global, false, GlobalField)},
      {key::SharedLoad,
       summary(K, AddrSpace::Shared, true, key::WavefrontsPerRequest)},
      {key::SharedStore,
       summary(K, AddrSpace::Shared, false, key::WavefrontsPerRequest)},
      {"local_load",
       summary(K, AddrSpace::Local, true, key::SectorsPerRequest)},
      {"local_store",
       summary(K, AddrSpace::Local, false, key::SectorsPerRequest)},
      {"constant_load",
       summary(K, AddrSpace::Constant, true, "constant_requests_per_request")},
      {"unknown_space",
       json::Object{{key::RequestsPerWarp, unknownSpaceRequests(K)}}}};
  json::Object Unit{{"global", R.Target.globalUnit()}};
  if (Txn)
    Unit["global_rule"] = R.Target.globalRuleText();
  json::Object Entry{
      {key::Name, K.Name},
      {"units", std::move(Unit)},
      {key::MangledName, K.MangledName},
      {key::File, K.Pos.File},
      {key::Line, K.Pos.Line},
      {key::Column, K.Pos.Column},
      {key::Launch, std::move(Launch)},
      {"assumptions", std::move(Assumptions)},
      {"unsupported", std::move(Unsupported)},
      {"evaluated", json::Object{{"blocks", std::move(Blocks)},
                                 {"block_weights", std::move(FirstWeights)},
                                 {"warps_per_block", K.WarpsPerBlock},
                                 {"samples", K.NumSamples},
                                 {"per_sample", std::move(Samples)}}},
      {key::Accesses, std::move(Accesses)},
      {key::Branches, std::move(Branches)},
      {"divisions", std::move(Divisions)},
      {"not_issued", std::move(NotIssued)},
      {key::Summary, std::move(Summary)},
      {"estimated_time", Time.toJSON(K, R.Target)}};
  addPassSections(K, R.Target, Entry);
  return Entry;
}

} // namespace cal
