//===- ProfilerHost.cpp - RAII over the CUPTI profiler host object --------===//
#include "cal/runtime/ProfilerHost.h"

#include "cal/runtime/CuptiStatus.h"

#include <cupti_profiler_host.h>
#include <cupti_range_profiler.h>

namespace cal {

void ProfilerHost::Deleter::operator()(
    CUpti_Profiler_Host_Object *Object) const {
  CUpti_Profiler_Host_Deinitialize_Params P{
      CUpti_Profiler_Host_Deinitialize_Params_STRUCT_SIZE};
  P.pHostObject = Object;
  (void)cuptiProfilerHostDeinitialize(&P); // nothing to do if it fails
}

ProfilerHost::~ProfilerHost() = default;

Expected<ProfilerHost> ProfilerHost::create(const std::string &Chip,
                                            std::vector<uint8_t> Availability) {
  CUpti_Profiler_Host_Initialize_Params P{
      CUpti_Profiler_Host_Initialize_Params_STRUCT_SIZE};
  P.profilerType = CUPTI_PROFILER_TYPE_RANGE_PROFILER;
  P.pChipName = Chip.c_str();
  P.pCounterAvailabilityImage =
      Availability.empty() ? nullptr : Availability.data();
  if (Error E = cuptiStatus(cuptiProfilerHostInitialize(&P),
                            "cuptiProfilerHostInitialize"))
    return std::move(E).context("chip " + Chip);
  return ProfilerHost(Chip, std::move(Availability), P.pHostObject);
}

Error ProfilerHost::addMetrics(const std::vector<std::string> &Names) {
  std::vector<const char *> Ptrs;
  std::string List;
  for (const std::string &N : Names) {
    Ptrs.push_back(N.c_str());
    List += (List.empty() ? "" : ", ") + N;
  }
  CUpti_Profiler_Host_ConfigAddMetrics_Params P{
      CUpti_Profiler_Host_ConfigAddMetrics_Params_STRUCT_SIZE};
  P.pHostObject = Object.get();
  P.ppMetricNames = Ptrs.data();
  P.numMetrics = Ptrs.size();
  if (Error E = cuptiStatus(cuptiProfilerHostConfigAddMetrics(&P),
                            "cuptiProfilerHostConfigAddMetrics"))
    return std::move(E).context("adding [" + List + "] for " + Chip);
  return Error::success();
}

Expected<std::vector<uint8_t>> ProfilerHost::configImage() {
  CUpti_Profiler_Host_GetConfigImageSize_Params S{
      CUpti_Profiler_Host_GetConfigImageSize_Params_STRUCT_SIZE};
  S.pHostObject = Object.get();
  if (Error E = cuptiStatus(cuptiProfilerHostGetConfigImageSize(&S),
                            "cuptiProfilerHostGetConfigImageSize"))
    return std::move(E);
  std::vector<uint8_t> Image(S.configImageSize);
  CUpti_Profiler_Host_GetConfigImage_Params P{
      CUpti_Profiler_Host_GetConfigImage_Params_STRUCT_SIZE};
  P.pHostObject = Object.get();
  P.configImageSize = Image.size();
  P.pConfigImage = Image.data();
  if (Error E = cuptiStatus(cuptiProfilerHostGetConfigImage(&P),
                            "cuptiProfilerHostGetConfigImage"))
    return std::move(E);
  return Image;
}

Expected<size_t> ProfilerHost::passCount(std::vector<uint8_t> &ConfigImage) {
  CUpti_Profiler_Host_GetNumOfPasses_Params P{
      CUpti_Profiler_Host_GetNumOfPasses_Params_STRUCT_SIZE};
  P.configImageSize = ConfigImage.size();
  P.pConfigImage = ConfigImage.data();
  if (Error E = cuptiStatus(cuptiProfilerHostGetNumOfPasses(&P),
                            "cuptiProfilerHostGetNumOfPasses"))
    return std::move(E);
  return P.numOfPasses;
}

Expected<std::vector<double>>
ProfilerHost::evaluate(const std::vector<uint8_t> &CounterData,
                       size_t RangeIndex,
                       const std::vector<std::string> &Names) {
  std::vector<const char *> Ptrs;
  for (const std::string &N : Names)
    Ptrs.push_back(N.c_str());
  std::vector<double> Values(Names.size(), 0.0);
  CUpti_Profiler_Host_EvaluateToGpuValues_Params P{
      CUpti_Profiler_Host_EvaluateToGpuValues_Params_STRUCT_SIZE};
  P.pHostObject = Object.get();
  P.pCounterDataImage = CounterData.data();
  P.counterDataImageSize = CounterData.size();
  P.rangeIndex = RangeIndex;
  P.ppMetricNames = Ptrs.data();
  P.numMetrics = Ptrs.size();
  P.pMetricValues = Values.data();
  if (Error E = cuptiStatus(cuptiProfilerHostEvaluateToGpuValues(&P),
                            "cuptiProfilerHostEvaluateToGpuValues"))
    return std::move(E);
  return Values;
}

Expected<size_t>
ProfilerHost::rangeCount(const std::vector<uint8_t> &CounterData) {
  CUpti_RangeProfiler_GetCounterDataInfo_Params P{
      CUpti_RangeProfiler_GetCounterDataInfo_Params_STRUCT_SIZE};
  P.pCounterDataImage = CounterData.data();
  P.counterDataImageSize = CounterData.size();
  if (Error E = cuptiStatus(cuptiRangeProfilerGetCounterDataInfo(&P),
                            "cuptiRangeProfilerGetCounterDataInfo"))
    return std::move(E);
  return P.numTotalRanges;
}

Expected<std::string>
ProfilerHost::rangeName(const std::vector<uint8_t> &CounterData,
                        size_t RangeIndex) {
  CUpti_RangeProfiler_CounterData_GetRangeInfo_Params P{
      CUpti_RangeProfiler_CounterData_GetRangeInfo_Params_STRUCT_SIZE};
  P.pCounterDataImage = CounterData.data();
  P.counterDataImageSize = CounterData.size();
  P.rangeIndex = RangeIndex;
  P.rangeDelimiter = "/";
  if (Error E = cuptiStatus(cuptiRangeProfilerCounterDataGetRangeInfo(&P),
                            "cuptiRangeProfilerCounterDataGetRangeInfo"))
    return std::move(E);
  return std::string(P.rangeName ? P.rangeName : "");
}

Expected<size_t> passCountFor(const std::string &Chip,
                              const std::vector<std::string> &Names) {
  Expected<ProfilerHost> Host = ProfilerHost::create(Chip);
  if (!Host)
    return Host.takeError();
  if (Error E = Host->addMetrics(Names))
    return std::move(E);
  Expected<std::vector<uint8_t>> Image = Host->configImage();
  if (!Image)
    return Image.takeError();
  return ProfilerHost::passCount(*Image);
}

} // namespace cal
