//===- sass-metrics-probe.cu - Reproduces the SASS Metrics API limits
//------===//
//
// A stand-alone check of the behaviour documented in docs/runtime.md: with
// CUDA 13.0 on the H100, only the first kernel launched after
// cuptiSassMetricsSetConfig gets patched records. Build and run on the GPU
// machine:
//
//   nvcc -arch=sm_90 sass-metrics-probe.cu -o probe -lcupti -lcuda
//   ./probe LAZY FLAGS     LAZY 0|1, FLAGS any of:
//     c  launch another kernel before SetConfig
//     b  launch another kernel after SetConfig, before Enable
//     d  launch the measured kernel once before Enable
//     a  synchronize before Enable
//     r  afterwards, unset the configuration and set it again
//
// It prints the number of patched-instruction records after the measured
// launch (16 when it was patched). Measured on the H100 (driver 580.159.04):
//   lazy 1: no flag 16, c 16, a 16, b 0, d 0
//   lazy 0: c 16 (the module was loaded by the earlier launch), no flag 0
//           (module not loaded yet at Enable), a 0, b 0, d 0
//   r: "second SetConfig: CUPTI_ERROR_OUT_OF_MEMORY"
//
//===----------------------------------------------------------------------===//
#include <cuda.h>
#include <cuda_runtime.h>
#include <cupti.h>
#include <cupti_profiler_target.h>
#include <cupti_sass_metrics.h>
#include <cupti_target.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

static bool check(CUptiResult R, const char *What) {
  if (R == CUPTI_SUCCESS)
    return true;
  const char *Text = "?";
  cuptiGetResultString(R, &Text);
  std::printf("%s: %s\n", What, Text);
  return false;
}

__global__ void other(float *A, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    A[I] = 0.5f;
}

__global__ void measured(float *A, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    A[I] = A[I] * 2 + 1;
}

int main(int Argc, char **Argv) {
  int Lazy = Argc > 1 ? std::atoi(Argv[1]) : 1;
  const char *Flags = Argc > 2 ? Argv[2] : "";
  auto Has = [&](char C) { return std::strchr(Flags, C) != nullptr; };
  constexpr int N = 4096;

  cudaSetDevice(0); // initialises the driver, which the profiler needs
  CUpti_Profiler_Initialize_Params Init{
      CUpti_Profiler_Initialize_Params_STRUCT_SIZE};
  if (!check(cuptiProfilerInitialize(&Init), "cuptiProfilerInitialize"))
    return 1;
  cudaFree(nullptr);
  CUcontext Ctx;
  cuCtxGetCurrent(&Ctx);
  CUpti_Device_GetChipName_Params Chip{
      CUpti_Device_GetChipName_Params_STRUCT_SIZE};
  if (!check(cuptiDeviceGetChipName(&Chip), "cuptiDeviceGetChipName"))
    return 1;
  CUpti_SassMetrics_GetProperties_Params Prop{
      CUpti_SassMetrics_GetProperties_Params_STRUCT_SIZE};
  Prop.pChipName = Chip.pChipName;
  Prop.pMetricName = "smsp__sass_inst_executed";
  if (!check(cuptiSassMetricsGetProperties(&Prop), "GetProperties"))
    return 1;

  float *A = nullptr;
  cudaMalloc(&A, N * sizeof(float));
  if (Has('c')) {
    other<<<N / 256, 256>>>(A, N);
    cudaDeviceSynchronize();
  }
  CUpti_SassMetrics_Config Config{Prop.metric.metricId,
                                  CUPTI_SASS_METRICS_OUTPUT_GRANULARITY_GPU};
  CUpti_SassMetricsSetConfig_Params Set{
      CUpti_SassMetricsSetConfig_Params_STRUCT_SIZE};
  Set.pConfigs = &Config;
  Set.numOfMetricConfig = 1;
  Set.deviceIndex = 0;
  if (!check(cuptiSassMetricsSetConfig(&Set), "SetConfig"))
    return 1;
  if (Has('b'))
    other<<<N / 256, 256>>>(A, N);
  if (Has('d'))
    measured<<<N / 256, 256>>>(A, N);
  if (Has('a'))
    cudaDeviceSynchronize();
  CUpti_SassMetricsEnable_Params Enable{
      CUpti_SassMetricsEnable_Params_STRUCT_SIZE};
  Enable.ctx = Ctx;
  Enable.enableLazyPatching = uint8_t(Lazy);
  if (!check(cuptiSassMetricsEnable(&Enable), "Enable"))
    return 1;
  measured<<<N / 256, 256>>>(A, N);
  cudaDeviceSynchronize();
  CUpti_SassMetricsGetDataProperties_Params Data{
      CUpti_SassMetricsGetDataProperties_Params_STRUCT_SIZE};
  Data.ctx = Ctx;
  check(cuptiSassMetricsGetDataProperties(&Data), "GetDataProperties");
  std::printf("lazy=%d flags=%s records=%zu instances=%zu\n", Lazy, Flags,
              Data.numOfPatchedInstructionRecords, Data.numOfInstances);
  CUpti_SassMetricsDisable_Params Disable{
      CUpti_SassMetricsDisable_Params_STRUCT_SIZE};
  Disable.ctx = Ctx;
  check(cuptiSassMetricsDisable(&Disable), "Disable");
  if (Has('r')) {
    CUpti_SassMetricsUnsetConfig_Params Unset{
        CUpti_SassMetricsUnsetConfig_Params_STRUCT_SIZE};
    Unset.deviceIndex = 0;
    check(cuptiSassMetricsUnsetConfig(&Unset), "UnsetConfig");
    if (check(cuptiSassMetricsSetConfig(&Set), "second SetConfig"))
      std::printf("second SetConfig succeeded\n");
  }
  return 0;
}
