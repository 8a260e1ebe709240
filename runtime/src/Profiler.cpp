//===- Profiler.cpp - CUPTI target side: launches, ranges, SASS -----------===//
//
// Follows the CUDA 13.0 Range Profiler sequence recorded in docs/gpu-facts.md.
// The executable does not link libcuda: the one driver entry point needed
// (cuCtxGetCurrent) is fetched through the runtime, so that the verifier
// starts on machines without a driver and can say "no CUDA device".
//
//===----------------------------------------------------------------------===//
#include "cal/runtime/Profiler.h"

#include "cal/runtime/CuptiStatus.h"
#include "cal/runtime/Timing.h"

#include <cuda.h>
#include <cuda_runtime.h>
#include <cupti.h>
#include <cupti_pcsampling.h>
#include <cupti_profiler_target.h>
#include <cupti_range_profiler.h>
#include <cupti_sass_metrics.h>
#include <cupti_target.h>
#include <type_traits>

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace cal {

static Error cudaStatus(cudaError_t E, const char *What) {
  if (E == cudaSuccess)
    return Error::success();
  return Error::failure(std::string(What) + ": " + cudaGetErrorName(E) + ": " +
                        cudaGetErrorString(E));
}

static Error runtimeSynchronize(const char *What) {
  return cudaStatus(cudaDeviceSynchronize(), What);
}
static SynchronizeFn Synchronize = runtimeSynchronize;
void setSynchronize(SynchronizeFn Fn) {
  Synchronize = Fn ? Fn : runtimeSynchronize;
}
Error synchronizeDevice(const char *What) { return Synchronize(What); }

#define CAL_CUDA(Call)                                                         \
  do {                                                                         \
    if (::cal::Error CalErr = cudaStatus((Call), #Call))                       \
      return CalErr;                                                           \
  } while (0)

//===----------------------------------------------------------------------===//
// Device
//===----------------------------------------------------------------------===//

Expected<Device> openDevice(int Index, bool InitProfiler) {
  int Count = 0;
  cudaError_t E = cudaGetDeviceCount(&Count);
  if (E != cudaSuccess || Count == 0)
    return Error::failure(
        std::string("no CUDA device (") +
            (E == cudaSuccess ? "device count is 0" : cudaGetErrorString(E)) +
            ")",
        NoDevice);
  if (Index >= Count)
    return Error::failure("device index out of range", NoDevice);
  Device D;
  D.Index = Index;
  // The CUPTI profiler is initialised once the driver is (by
  // cudaGetDeviceCount; before that it returned CUPTI_ERROR_UNKNOWN on the
  // H100) and before the context and its modules exist.
  if (InitProfiler) {
    CUpti_Profiler_Initialize_Params Init{
        CUpti_Profiler_Initialize_Params_STRUCT_SIZE};
    CAL_CUPTI(cuptiProfilerInitialize(&Init));
  }
  auto Entry = [](const char *Name, unsigned Version) -> void * {
    void *Fn = nullptr;
    cudaDriverEntryPointQueryResult Q;
    if (cudaGetDriverEntryPointByVersion(Name, &Fn, Version, cudaEnableDefault,
                                         &Q) != cudaSuccess)
      return nullptr;
    return Fn;
  };
  if (Error Err = cudaStatus(cudaSetDevice(Index), "cudaSetDevice"))
    return std::move(Err);
  if (Error Err = cudaStatus(cudaFree(nullptr), "cudaFree(0)"))
    return std::move(Err);

  using CtxGetCurrentFn = CUresult (*)(CUcontext *);
  void *Fn = Entry("cuCtxGetCurrent", 12000);
  CUcontext Ctx = nullptr;
  if (!Fn || reinterpret_cast<CtxGetCurrentFn>(Fn)(&Ctx) != CUDA_SUCCESS ||
      !Ctx)
    return Error::failure("cannot obtain the current CUDA context");
  D.Context = Ctx;

  DeviceMeasurement &I = D.Info;
  cudaDeviceProp Prop;
  if (Error Err = cudaStatus(cudaGetDeviceProperties(&Prop, Index),
                             "cudaGetDeviceProperties"))
    return std::move(Err);
  I.Name = Prop.name;
  I.ComputeMajor = Prop.major;
  I.ComputeMinor = Prop.minor;
  I.SmCount = Prop.multiProcessorCount;
  I.L2Bytes = Prop.l2CacheSize;
  int V = 0;
  // The attribute, not cudaDeviceProp::clockRate: CUDA 13 removed the field.
  if (cudaDeviceGetAttribute(&V, cudaDevAttrClockRate, Index) == cudaSuccess)
    I.ClockKHz = V;
  cudaDeviceGetAttribute(&V, cudaDevAttrMemoryClockRate, Index);
  I.MemoryClockKHz = V;
  cudaDeviceGetAttribute(&V, cudaDevAttrGlobalMemoryBusWidth, Index);
  I.BusWidthBits = V;
  I.PeakGBps = theoreticalPeakGBps(I.MemoryClockKHz, I.BusWidthBits);
  cudaDriverGetVersion(&I.DriverVersion);
  cudaRuntimeGetVersion(&I.RuntimeVersion);
  uint32_t CuptiVersion = 0;
  cuptiGetVersion(&CuptiVersion);
  I.CuptiVersion = int(CuptiVersion);

  if (!InitProfiler) // under ncu, whose CUPTI session must stay the only one
    return D;
  if (Error E = readChipName(Index, I.Chip))
    return std::move(E);
  return D;
}

Error readChipName(int Index, std::string &Chip) {
  CUpti_Device_GetChipName_Params P{
      CUpti_Device_GetChipName_Params_STRUCT_SIZE};
  P.deviceIndex = size_t(Index);
  CAL_CUPTI(cuptiDeviceGetChipName(&P));
  Chip = P.pChipName ? P.pChipName : "";
  return Error::success();
}

//===----------------------------------------------------------------------===//
// LaunchObserver
//===----------------------------------------------------------------------===//

namespace {
/// Driver entry points, found through the runtime: linking libcuda would
/// keep the verifier from starting on a machine without a driver, where it
/// still compares saved measurements.
struct DriverCalls {
  CUresult (*Occupancy)(int *, CUfunction, int, size_t) = nullptr;
  CUresult (*FuncAttr)(int *, CUfunction_attribute, CUfunction) = nullptr;
  CUresult (*CtxDevice)(CUdevice *) = nullptr;
  CUresult (*DevAttr)(int *, CUdevice_attribute, CUdevice) = nullptr;
  CUresult (*KernelAttr)(int *, CUfunction_attribute, CUkernel,
                         CUdevice) = nullptr;
  bool ok() const { return Occupancy && FuncAttr && CtxDevice && DevAttr; }
};

const DriverCalls &driverCalls() {
  static const DriverCalls D = [] {
    DriverCalls C;
    auto Get = [](const char *Name, auto &Fn) {
      void *P = nullptr;
      cudaDriverEntryPointQueryResult Q;
      if (cudaGetDriverEntryPointByVersion(Name, &P, 12000, cudaEnableDefault,
                                           &Q) == cudaSuccess &&
          Q == cudaDriverEntryPointSuccess)
        Fn = reinterpret_cast<std::remove_reference_t<decltype(Fn)>>(P);
    };
    Get("cuOccupancyMaxActiveBlocksPerMultiprocessor", C.Occupancy);
    Get("cuFuncGetAttribute", C.FuncAttr);
    Get("cuCtxGetDevice", C.CtxDevice);
    Get("cuDeviceGetAttribute", C.DevAttr);
    Get("cuKernelGetAttribute", C.KernelAttr);
    return C;
  }();
  return D;
}
} // namespace

std::string driverOccupancy(LaunchRecord &R) {
  auto F = static_cast<CUfunction>(R.Function);
  unsigned Threads = R.Block[0] * R.Block[1] * R.Block[2];
  const DriverCalls &D = driverCalls();
  if (!F || !Threads)
    return "no function or block recorded";
  if (!D.ok())
    return "the driver's entry points were not found";
  int Blocks = 0, Regs = 0, MaxThreads = 0, Warp = 0;
  CUdevice Dev;
  auto Fail = [](const char *Call, CUresult E) {
    return std::string(Call) + " returned " + std::to_string(int(E));
  };
  if (CUresult E = D.Occupancy(&Blocks, F, int(Threads), R.SharedBytes))
    return Fail("cuOccupancyMaxActiveBlocksPerMultiprocessor", E);
  if (CUresult E = D.CtxDevice(&Dev))
    return Fail("cuCtxGetDevice", E);
  // The runtime launches library kernels (CUkernel) under lazy loading,
  // which cuFuncGetAttribute refuses (CUDA_ERROR_INVALID_HANDLE, measured on
  // the H100) and cuKernelGetAttribute takes.
  if (D.FuncAttr(&Regs, CU_FUNC_ATTRIBUTE_NUM_REGS, F) != CUDA_SUCCESS &&
      (!D.KernelAttr ||
       D.KernelAttr(&Regs, CU_FUNC_ATTRIBUTE_NUM_REGS,
                    reinterpret_cast<CUkernel>(F), Dev) != CUDA_SUCCESS))
    Regs = -1;
  if (CUresult E = D.DevAttr(
          &MaxThreads, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR, Dev))
    return Fail("cuDeviceGetAttribute", E);
  if (CUresult E = D.DevAttr(&Warp, CU_DEVICE_ATTRIBUTE_WARP_SIZE, Dev))
    return Fail("cuDeviceGetAttribute", E);
  if (Warp <= 0 || MaxThreads < Warp)
    return "implausible warp size or threads per SM";
  unsigned Warps = (Threads + unsigned(Warp) - 1) / unsigned(Warp);
  R.OccupancyPct = 100.0 * Blocks * Warps / (MaxThreads / Warp);
  R.Registers = Regs;
  return "";
}

static void CUPTIAPI observerCallback(void *User, CUpti_CallbackDomain Domain,
                                      CUpti_CallbackId Id, const void *Data) {
  auto *Self = static_cast<LaunchObserver *>(User);
  if (Domain == CUPTI_CB_DOMAIN_RESOURCE &&
      Id == CUPTI_CBID_RESOURCE_MODULE_LOADED) {
    const auto *RD = static_cast<const CUpti_ResourceData *>(Data);
    const auto *Mod =
        static_cast<const CUpti_ModuleResourceData *>(RD->resourceDescriptor);
    if (Mod && Mod->pCubin && Mod->cubinSize)
      Self->onModuleLoaded(Mod->pCubin, Mod->cubinSize);
    return;
  }
  if (Domain != CUPTI_CB_DOMAIN_DRIVER_API)
    return;
  const auto *CD = static_cast<const CUpti_CallbackData *>(Data);
  bool Enter = CD->callbackSite == CUPTI_API_ENTER;
  LaunchRecord R;
  R.MangledName = CD->symbolName ? CD->symbolName : "";
  R.Context = CD->context;
  if (Id == CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel ||
      Id == CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel_ptsz) {
    const auto *P =
        static_cast<const cuLaunchKernel_params *>(CD->functionParams);
    R.Grid[0] = P->gridDimX, R.Grid[1] = P->gridDimY, R.Grid[2] = P->gridDimZ;
    R.Block[0] = P->blockDimX, R.Block[1] = P->blockDimY,
    R.Block[2] = P->blockDimZ;
    R.SharedBytes = P->sharedMemBytes;
    R.Stream = P->hStream;
    R.Function = P->f;
  } else if (Id == CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx ||
             Id == CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx_ptsz) {
    const auto *P =
        static_cast<const cuLaunchKernelEx_params *>(CD->functionParams);
    const CUlaunchConfig *C = P->config;
    R.Grid[0] = C->gridDimX, R.Grid[1] = C->gridDimY, R.Grid[2] = C->gridDimZ;
    R.Block[0] = C->blockDimX, R.Block[1] = C->blockDimY,
    R.Block[2] = C->blockDimZ;
    R.SharedBytes = C->sharedMemBytes;
    R.Stream = C->hStream;
    R.Function = P->f;
  } else {
    return;
  }
  Self->onLaunch(R, Enter);
}

Expected<std::unique_ptr<LaunchObserver>> LaunchObserver::create() {
  std::unique_ptr<LaunchObserver> O(new LaunchObserver());
  CUpti_SubscriberHandle H = nullptr;
  CAL_CUPTI(cuptiSubscribe(&H, observerCallback, O.get()));
  O->Subscriber = H;
  CAL_CUPTI(cuptiEnableCallback(1, H, CUPTI_CB_DOMAIN_RESOURCE,
                                CUPTI_CBID_RESOURCE_MODULE_LOADED));
  for (CUpti_CallbackId Id : {CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel,
                              CUPTI_DRIVER_TRACE_CBID_cuLaunchKernel_ptsz,
                              CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx,
                              CUPTI_DRIVER_TRACE_CBID_cuLaunchKernelEx_ptsz})
    CAL_CUPTI(cuptiEnableCallback(1, H, CUPTI_CB_DOMAIN_DRIVER_API, Id));
  return O;
}

LaunchObserver::~LaunchObserver() {
  if (Subscriber)
    cuptiUnsubscribe(static_cast<CUpti_SubscriberHandle>(Subscriber));
}

void LaunchObserver::clearLaunches() { Launches.clear(); }

void LaunchObserver::onModuleLoaded(const char *Data, size_t Size) {
  Cubin C;
  C.Bytes.assign(Data, Data + Size);
  CUpti_GetCubinCrcParams P{};
  P.size = CUpti_GetCubinCrcParamsSize;
  P.cubin = C.Bytes.data();
  P.cubinSize = C.Bytes.size();
  if (cuptiGetCubinCrc(&P) == CUPTI_SUCCESS)
    C.Crc = P.cubinCrc;
  Cubins.push_back(std::move(C));
}

//===----------------------------------------------------------------------===//
// RangeProfilerSession
//===----------------------------------------------------------------------===//

Expected<std::unique_ptr<RangeProfilerSession>>
RangeProfilerSession::create(const Device &Dev,
                             const std::vector<MetricGroup> &Catalogue) {
  std::unique_ptr<RangeProfilerSession> S(new RangeProfilerSession());
  CUpti_Profiler_Initialize_Params Init{
      CUpti_Profiler_Initialize_Params_STRUCT_SIZE};
  CAL_CUPTI(cuptiProfilerInitialize(&Init)); // idempotent; see openDevice

  // Counter availability tells the host which counters this context can
  // collect (some are unavailable under MIG or vGPU).
  CUpti_Profiler_GetCounterAvailability_Params A{
      CUpti_Profiler_GetCounterAvailability_Params_STRUCT_SIZE};
  A.ctx = static_cast<CUcontext>(Dev.Context);
  CAL_CUPTI(cuptiProfilerGetCounterAvailability(&A));
  std::vector<uint8_t> Availability(A.counterAvailabilityImageSize);
  A.pCounterAvailabilityImage = Availability.data();
  CAL_CUPTI(cuptiProfilerGetCounterAvailability(&A));

  for (const MetricGroup &G : Catalogue) {
    Expected<ProfilerHost> Host =
        ProfilerHost::create(Dev.Info.Chip, Availability);
    if (!Host)
      return Host.takeError();
    if (Error E = Host->addMetrics(G.Metrics))
      return std::move(E).context("group " + G.Name);
    Expected<std::vector<uint8_t>> Config = Host->configImage();
    if (!Config)
      return Config.takeError();
    Expected<size_t> Passes = ProfilerHost::passCount(*Config);
    if (!Passes)
      return Passes.takeError();
    if (*Passes != G.ExpectedPasses)
      return Error::failure("metric group " + G.Name + " needs " +
                            std::to_string(*Passes) + " passes on " +
                            Dev.Info.Chip + ", the catalogue expects " +
                            std::to_string(G.ExpectedPasses));
    PreparedGroup P;
    P.Group = &G;
    P.Host = std::make_unique<ProfilerHost>(std::move(*Host));
    P.Config = std::move(*Config);
    S->Groups.push_back(std::move(P));
  }

  S->Context = Dev.Context;
  return S;
}

RangeProfilerSession::~RangeProfilerSession() {
  // cuptiProfilerDeInitialize is left to process exit: the SASS Metrics
  // sweep that follows runs on the same profiler initialisation.
}

Error RangeProfilerSession::startGroup(PreparedGroup &G) {
  if (Active)
    return Error::failure("range profiler: a launch is already being "
                          "profiled");
  std::vector<const char *> Names;
  for (const std::string &N : G.Group->Metrics)
    Names.push_back(N.c_str());

  // One profiler object per group and launch: measured on the H100, a
  // second cuptiRangeProfilerSetConfig with another config image on the
  // same object left every metric of the new group unevaluable (NaN).
  CUpti_RangeProfiler_Enable_Params En{
      CUpti_RangeProfiler_Enable_Params_STRUCT_SIZE};
  En.ctx = static_cast<CUcontext>(Context);
  CAL_CUPTI(cuptiRangeProfilerEnable(&En));
  CUpti_RangeProfiler_Object *Obj = En.pRangeProfilerObject;
  Object = Obj;
  Active = &G;
  auto Fail = [&](Error E) {
    CUpti_RangeProfiler_Disable_Params D{
        CUpti_RangeProfiler_Disable_Params_STRUCT_SIZE};
    D.pRangeProfilerObject = Obj;
    cuptiRangeProfilerDisable(&D);
    Active = nullptr;
    Object = nullptr;
    return E;
  };

  // A fresh counter data image per launch: one range, one nesting level.
  CUpti_RangeProfiler_GetCounterDataSize_Params Sz{
      CUpti_RangeProfiler_GetCounterDataSize_Params_STRUCT_SIZE};
  Sz.pRangeProfilerObject = Obj;
  Sz.pMetricNames = Names.data();
  Sz.numMetrics = Names.size();
  Sz.maxNumOfRanges = 1;
  Sz.maxNumRangeTreeNodes = 1;
  if (Error E = cuptiStatus(cuptiRangeProfilerGetCounterDataSize(&Sz),
                            "cuptiRangeProfilerGetCounterDataSize"))
    return Fail(std::move(E));
  CounterData.assign(Sz.counterDataSize, 0);
  CUpti_RangeProfiler_CounterDataImage_Initialize_Params CI{
      CUpti_RangeProfiler_CounterDataImage_Initialize_Params_STRUCT_SIZE};
  CI.pRangeProfilerObject = Obj;
  CI.counterDataSize = CounterData.size();
  CI.pCounterData = CounterData.data();
  if (Error E = cuptiStatus(cuptiRangeProfilerCounterDataImageInitialize(&CI),
                            "cuptiRangeProfilerCounterDataImageInitialize"))
    return Fail(std::move(E));

  CUpti_RangeProfiler_SetConfig_Params SC{
      CUpti_RangeProfiler_SetConfig_Params_STRUCT_SIZE};
  SC.pRangeProfilerObject = Obj;
  SC.configSize = G.Config.size();
  SC.pConfig = G.Config.data();
  SC.counterDataImageSize = CounterData.size();
  SC.pCounterDataImage = CounterData.data();
  SC.range = CUPTI_AutoRange;
  SC.replayMode = CUPTI_KernelReplay;
  SC.maxRangesPerPass = 1;
  SC.numNestingLevels = 1;
  SC.minNestingLevel = 1;
  SC.passIndex = 0;
  SC.targetNestingLevel = 1;
  if (Error E = cuptiStatus(cuptiRangeProfilerSetConfig(&SC),
                            "cuptiRangeProfilerSetConfig"))
    return Fail(std::move(E));

  CUpti_RangeProfiler_Start_Params St{
      CUpti_RangeProfiler_Start_Params_STRUCT_SIZE};
  St.pRangeProfilerObject = Obj;
  if (Error E =
          cuptiStatus(cuptiRangeProfilerStart(&St), "cuptiRangeProfilerStart"))
    return Fail(std::move(E));
  return Error::success();
}

Expected<std::vector<double>> RangeProfilerSession::stopGroup() {
  if (!Active)
    return Error::failure("range profiler: stop without start");
  auto *Obj = static_cast<CUpti_RangeProfiler_Object *>(Object);
  PreparedGroup &G = *Active;
  struct Disabler {
    RangeProfilerSession &S;
    CUpti_RangeProfiler_Object *Object;
    ~Disabler() {
      CUpti_RangeProfiler_Disable_Params D{
          CUpti_RangeProfiler_Disable_Params_STRUCT_SIZE};
      D.pRangeProfilerObject = Object;
      cuptiRangeProfilerDisable(&D);
      S.Active = nullptr;
      S.Object = nullptr;
    }
  } Disable{*this, Obj};

  Error LaunchErr = synchronizeDevice("kernel under the range profiler");
  CUpti_RangeProfiler_Stop_Params Sp{
      CUpti_RangeProfiler_Stop_Params_STRUCT_SIZE};
  Sp.pRangeProfilerObject = Obj;
  CAL_CUPTI(cuptiRangeProfilerStop(&Sp));
  if (LaunchErr)
    return std::move(LaunchErr);
  if (!Sp.isAllPassSubmitted)
    return Error::failure("kernel replay left passes unsubmitted");

  CUpti_RangeProfiler_DecodeData_Params Dd{
      CUpti_RangeProfiler_DecodeData_Params_STRUCT_SIZE};
  Dd.pRangeProfilerObject = Obj;
  CAL_CUPTI(cuptiRangeProfilerDecodeData(&Dd));
  if (Dd.numOfRangeDropped)
    return Error::failure(std::to_string(Dd.numOfRangeDropped) +
                          " range(s) dropped: more than one kernel launched?");
  Expected<size_t> Ranges = ProfilerHost::rangeCount(CounterData);
  if (!Ranges)
    return Ranges.takeError();
  if (*Ranges != 1)
    return Error::failure("expected one range, found " +
                          std::to_string(*Ranges));
  return G.Host->evaluate(CounterData, 0, G.Group->Metrics);
}

Expected<std::vector<double>>
RangeProfilerSession::profileGroup(PreparedGroup &G,
                                   const std::function<void()> &Launch) {
  if (Error E = startGroup(G))
    return std::move(E);
  Launch();
  return stopGroup();
}

Error RangeProfilerSession::start() {
  if (Groups.size() != 1)
    return Error::failure("range profiler: start() needs a session of one "
                          "metric group");
  return startGroup(Groups.front());
}

Expected<std::map<std::string, double>> RangeProfilerSession::stop() {
  Expected<std::vector<double>> V = stopGroup();
  if (!V)
    return V.takeError();
  std::map<std::string, double> Values;
  const MetricGroup &G = *Groups.front().Group;
  for (size_t I = 0; I < V->size(); ++I)
    Values[G.Metrics[I]] = (*V)[I];
  return Values;
}

Expected<std::map<std::string, double>>
RangeProfilerSession::profile(const std::function<void()> &Launch) {
  std::map<std::string, double> Values;
  for (PreparedGroup &G : Groups) {
    Expected<std::vector<double>> V = profileGroup(G, Launch);
    if (!V)
      return V.takeError().context("group " + G.Group->Name);
    for (size_t I = 0; I < V->size(); ++I)
      Values[G.Group->Metrics[I]] = (*V)[I];
  }
  return Values;
}

} // namespace cal
