//===- SassMetrics.cpp - Per-instruction counters mapped to source lines --===//
//
// The SASS Metrics API patches kernels to count per instruction. How this
// session drives it follows what was measured on the H100 (CUDA 13.0,
// driver 580; docs/runtime.md):
//  - only the first kernel launched after cuptiSassMetricsSetConfig is
//    patched (a kernel launched before Enable, inside or outside the range,
//    leaves the measured one with zero records; NVIDIA's own sample shows
//    the same for its second kernel), and a second SetConfig in one process
//    fails with CUPTI_ERROR_OUT_OF_MEMORY even after UnsetConfig. So a
//    session measures one kernel; it is created right before that kernel,
//    after the suite's fill kernels, and the verifier runs one process per
//    launch;
//  - each flushed record holds one metric of one instruction, so records are
//    first grouped by instruction, then classified and summed per line.
//
//===----------------------------------------------------------------------===//
#include "cal/runtime/CuptiStatus.h"
#include "cal/runtime/Profiler.h"

#include <cuda.h>
#include <cuda_runtime.h>
#include <cupti.h>
#include <cupti_pcsampling.h>
#include <cupti_sass_metrics.h>

#include <cstdio>
#include <cstdlib>
#include <tuple>

namespace cal {

static Error cudaSync(const char *What) { return synchronizeDevice(What); }

Expected<std::unique_ptr<SassMetricsSession>>
SassMetricsSession::create(const Device &Dev, const LaunchObserver *Observer) {
  std::unique_ptr<SassMetricsSession> S(new SassMetricsSession(Dev, Observer));
  std::vector<SassMetricSpec> Specs = sassMetricCatalogue();
  // Diagnostics: CAL_SASS_METRICS=a,b replaces the catalogue.
  if (const char *Env = std::getenv("CAL_SASS_METRICS")) {
    Specs.clear();
    std::string List = Env;
    for (size_t Start = 0; Start < List.size();) {
      size_t End = List.find(',', Start);
      if (End == std::string::npos)
        End = List.size();
      Specs.push_back({List.substr(Start, End - Start), true});
      Start = End + 1;
    }
  }
  for (const SassMetricSpec &Spec : Specs) {
    CUpti_SassMetrics_GetProperties_Params P{
        CUpti_SassMetrics_GetProperties_Params_STRUCT_SIZE};
    P.pChipName = Dev.Info.Chip.c_str();
    P.pMetricName = Spec.Name.c_str();
    Error E = cuptiStatus(cuptiSassMetricsGetProperties(&P),
                          "cuptiSassMetricsGetProperties");
    if (E) {
      if (Spec.Required)
        return std::move(E).context("SASS metric " + Spec.Name);
      continue;
    }
    CUpti_SassMetrics_Config C;
    C.metricId = P.metric.metricId;
    C.outputGranularity = CUPTI_SASS_METRICS_OUTPUT_GRANULARITY_GPU;
    S->Configs.push_back(C);
    S->Names.push_back(Spec.Name);
    S->IdToName[C.metricId] = Spec.Name;
  }

  if (Error E = cudaSync("before SASS configuration"))
    return std::move(E);
  CUpti_SassMetricsSetConfig_Params SC{
      CUpti_SassMetricsSetConfig_Params_STRUCT_SIZE};
  SC.numOfMetricConfig = S->Configs.size();
  SC.pConfigs = S->Configs.data();
  SC.deviceIndex = uint32_t(Dev.Index);
  CAL_CUPTI(cuptiSassMetricsSetConfig(&SC));
  S->Configured = true;
  CUpti_SassMetricsEnable_Params En{CUpti_SassMetricsEnable_Params_STRUCT_SIZE};
  En.ctx = static_cast<CUcontext>(Dev.Context);
  // Lazy patching patches each function at its first execution inside the
  // range (NVIDIA's sample default); CAL_SASS_EAGER patches every loaded
  // function at once.
  En.enableLazyPatching = std::getenv("CAL_SASS_EAGER") ? 0 : 1;
  CAL_CUPTI(cuptiSassMetricsEnable(&En));
  S->Enabled = true;
  return S;
}

SassMetricsSession::~SassMetricsSession() {
  if (Enabled) {
    CUpti_SassMetricsDisable_Params D{
        CUpti_SassMetricsDisable_Params_STRUCT_SIZE};
    D.ctx = static_cast<CUcontext>(Dev.Context);
    cuptiSassMetricsDisable(&D);
  }
  if (Configured) {
    CUpti_SassMetricsUnsetConfig_Params U{
        CUpti_SassMetricsUnsetConfig_Params_STRUCT_SIZE};
    U.deviceIndex = uint32_t(Dev.Index);
    cuptiSassMetricsUnsetConfig(&U);
  }
}

std::pair<std::string, unsigned>
SassMetricsSession::sourceOf(uint32_t Crc, const std::string &Function,
                             uint32_t PcOffset) {
  std::string Key =
      std::to_string(Crc) + "/" + Function + "/" + std::to_string(PcOffset);
  auto It = SourceCache.find(Key);
  if (It != SourceCache.end())
    return It->second;
  std::pair<std::string, unsigned> Result{"", 0};
  if (!Observer)
    return Result;
  for (const LaunchObserver::Cubin &C : Observer->cubins()) {
    // The record carries a 32-bit CRC; compare the low half of ours.
    if (uint32_t(C.Crc) != Crc)
      continue;
    CUpti_GetSassToSourceCorrelationParams P{};
    P.size = CUpti_GetSassToSourceCorrelationParamsSize;
    P.cubin = C.Bytes.data();
    P.cubinSize = C.Bytes.size();
    P.functionName = Function.c_str();
    P.pcOffset = PcOffset;
    if (cuptiGetSassToSourceCorrelation(&P) == CUPTI_SUCCESS) {
      std::string File = P.fileName ? P.fileName : "";
      std::string Dir = P.dirName ? P.dirName : "";
      if (!File.empty() && File[0] != '/' && !Dir.empty())
        File = Dir + "/" + File;
      Result = {normalizeSourcePath(File), P.lineNumber};
      free(P.fileName); // allocated by CUPTI for the caller
      free(P.dirName);
      break;
    }
  }
  SourceCache[Key] = Result;
  return Result;
}

/// Which per-line class an instruction belongs to, from its counters.
static const char *classify(const std::map<std::string, double> &V) {
  auto Get = [&](const char *N) {
    auto It = V.find(N);
    return It == V.end() ? 0.0 : It->second;
  };
  using namespace metric;
  if (Get(SassGlobalLd) > 0)
    return "global_ld";
  if (Get(SassGlobalSt) > 0)
    return "global_st";
  if (Get(SassSectorsIdeal) > 0 || Get(SassSectors) > 0)
    return "global";
  if (Get(SassSharedLd) > 0)
    return "shared_ld";
  if (Get(SassSharedSt) > 0)
    return "shared_st";
  if (Get(SassWavefrontsIdeal) > 0 || Get(SassWavefronts) > 0)
    return "shared";
  if (Get(SassDivergent) > 0)
    return "branch";
  return nullptr;
}

Expected<size_t> SassMetricsSession::flush(std::vector<PcValues> *Out) {
  CUcontext Ctx = static_cast<CUcontext>(Dev.Context);
  CUpti_SassMetricsGetDataProperties_Params DP{
      CUpti_SassMetricsGetDataProperties_Params_STRUCT_SIZE};
  DP.ctx = Ctx;
  CAL_CUPTI(cuptiSassMetricsGetDataProperties(&DP));
  size_t NRec = DP.numOfPatchedInstructionRecords, NInst = DP.numOfInstances;
  if (NRec == 0 || NInst == 0)
    return size_t(0);
  std::vector<CUpti_SassMetrics_InstanceValue> Values(NRec * NInst);
  std::vector<CUpti_SassMetrics_Data> Records(NRec);
  for (size_t I = 0; I < NRec; ++I) {
    Records[I].structSize = sizeof(CUpti_SassMetrics_Data);
    Records[I].pInstanceValues = Values.data() + I * NInst;
  }
  CUpti_SassMetricsFlushData_Params F{
      CUpti_SassMetricsFlushData_Params_STRUCT_SIZE};
  F.ctx = Ctx;
  F.numOfPatchedInstructionRecords = NRec;
  F.numOfInstances = NInst;
  F.pMetricsData = Records.data();
  CAL_CUPTI(cuptiSassMetricsFlushData(&F));
  // One record per (instruction, metric): group them by instruction.
  std::map<std::tuple<uint32_t, std::string, uint32_t>, size_t> Index;
  for (CUpti_SassMetrics_Data &R : Records) {
    std::string Fn = R.functionName ? R.functionName : "";
    free(const_cast<char *>(R.functionName)); // CUPTI allocates, we free
    if (!Out)
      continue;
    auto Key = std::make_tuple(R.cubinCrc, Fn, R.pcOffset);
    auto It = Index.find(Key);
    if (It == Index.end()) {
      It = Index.emplace(Key, Out->size()).first;
      Out->push_back({R.cubinCrc, Fn, R.pcOffset, {}});
    }
    PcValues &P = (*Out)[It->second];
    for (size_t J = 0; J < NInst; ++J) {
      auto Name = IdToName.find(R.pInstanceValues[J].metricId);
      if (Name != IdToName.end())
        P.Values[Name->second] += double(R.pInstanceValues[J].value);
    }
  }
  return NRec;
}

Expected<std::vector<LineMeasurement>>
SassMetricsSession::profile(const std::function<void()> &Launch) {
  if (Error E = prepare())
    return std::move(E);
  Launch();
  return collect();
}

Error SassMetricsSession::prepare() {
  // Whatever ran since the last launch (the suite's fill kernels) is
  // flushed away first.
  if (Error E = cudaSync("before launch"))
    return E;
  if (Expected<size_t> Drained = flush(nullptr); !Drained)
    return Drained.takeError();
  return Error::success();
}

Expected<std::vector<LineMeasurement>> SassMetricsSession::collect() {
  if (Error E = cudaSync("after launch"))
    return std::move(E);
  std::vector<PcValues> Pcs;
  Expected<size_t> N = flush(&Pcs);
  if (!N)
    return N.takeError();
  static const bool Dump = std::getenv("CAL_SASS_DUMP") != nullptr;
  if (Dump)
    std::fprintf(stderr, "sass-data records=%zu instructions=%zu\n", *N,
                 Pcs.size());

  std::map<std::pair<std::string, unsigned>, LineMeasurement> ByLine;
  for (const PcValues &P : Pcs) {
    std::pair<std::string, unsigned> Src =
        sourceOf(P.Crc, P.Function, P.PcOffset);
    const char *Class = classify(P.Values);
    if (Dump) {
      // Debug aid (CAL_SASS_DUMP=1): one line per patched instruction.
      std::fprintf(stderr, "sass %s +0x%x %s:%u %s", P.Function.c_str(),
                   P.PcOffset, Src.first.c_str(), Src.second,
                   Class ? Class : "-");
      for (const auto &KV : P.Values)
        std::fprintf(stderr, " %s=%.0f", KV.first.c_str(), KV.second);
      std::fprintf(stderr, "\n");
    }
    if (!Class)
      continue;
    auto Get = [&](const char *Name) {
      auto It = P.Values.find(Name);
      return It == P.Values.end() ? 0.0 : It->second;
    };
    using namespace metric;
    LineMeasurement &L = ByLine[Src];
    L.File = Src.first;
    L.Line = Src.second;
    ClassCounters &C = L.Classes[Class];
    C.Instructions += 1;
    C.Executed += Get(SassInst);
    C.OpExecuted += Get(SassGlobalLd) + Get(SassGlobalSt) + Get(SassSharedLd) +
                    Get(SassSharedSt);
    C.ThreadExecuted += Get(SassThreadInst);
    C.Sectors += Get(SassSectors);
    C.SectorsIdeal += Get(SassSectorsIdeal);
    C.Wavefronts += Get(SassWavefronts);
    C.WavefrontsIdeal += Get(SassWavefrontsIdeal);
    C.DivergentTargets += Get(SassDivergent);
    // A branch folded into a memory line still counts its divergence there.
    if (std::string(Class) != "branch" && Get(SassDivergent) > 0)
      L.Classes["branch"].DivergentTargets += Get(SassDivergent);
  }
  std::vector<LineMeasurement> Lines;
  for (auto &KV : ByLine)
    Lines.push_back(std::move(KV.second));
  return Lines;
}

} // namespace cal
