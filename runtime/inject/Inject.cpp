//===- Inject.cpp - libcal-inject.so, the CUPTI injection library ---------===//
//
// Loaded by the CUDA driver into a program that cuda-access-verify runs with
// CUDA_INJECTION64_PATH set; the driver calls InitializeInjection during
// cuInit, before any context or module exists, which is where Nsight tools
// subscribe too. From then on the LaunchObserver sees every module (its
// cubin, for SASS-to-source correlation) and every kernel launch.
//
// For a selected launch (Inject.h), on entry to the launch call:
//  - profile mode starts a range-profiler session of one config image with
//    every metric of the catalogue plus the duration: under kernel replay
//    CUPTI saves and restores the memory the kernel writes and replays it
//    once per pass inside the program's own launch call, so the program's
//    results are those of one run. A config image per catalogue group, as
//    the suite runner uses, would need the kernel launched once per group,
//    which only the program can do;
//  - sass mode configures the SASS Metrics API right before the one launch
//    it measures (it patches the first kernel after its configuration and
//    cannot be configured twice in a process: docs/runtime.md).
// On return from the launch call the session is stopped and one record is
// appended to CAL_INJECT_OUT and flushed.
//
// Nothing here may exit or throw into the program: failures become status
// records and profiling stops, the program runs on.
//
//===----------------------------------------------------------------------===//
#include "cal/runtime/Inject.h"
#include "cal/runtime/CuptiStatus.h"
#include "cal/runtime/LaunchMatch.h"
#include "cal/runtime/MetricCatalogue.h"
#include "cal/runtime/Profiler.h"

#include <cuda.h>
#include <cupti.h>
#include <cupti_profiler_target.h>
#include <cupti_target.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <thread>
#include <unistd.h>

namespace cal {
namespace {

Error driverStatus(CUresult R, const char *What) {
  if (R == CUDA_SUCCESS)
    return Error::success();
  const char *Name = nullptr;
  cuGetErrorName(R, &Name);
  return Error::failure(std::string(What) + ": " + (Name ? Name : "?"));
}

Error contextSynchronize(const char *What) {
  return driverStatus(cuCtxSynchronize(), What);
}

/// The device of the launch's context, as openDevice would describe it,
/// through the driver API only: the program owns the runtime.
Expected<Device> deviceOf(void *Ctx) {
  Device D;
  D.Context = Ctx;
  CUdevice Dev = 0;
  if (Error E = driverStatus(cuCtxGetDevice(&Dev), "cuCtxGetDevice"))
    return std::move(E);
  D.Index = int(Dev);
  DeviceMeasurement &I = D.Info;
  char Name[256] = {0};
  cuDeviceGetName(Name, sizeof(Name), Dev);
  I.Name = Name;
  cuDeviceGetAttribute(&I.ComputeMajor,
                       CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, Dev);
  cuDeviceGetAttribute(&I.ComputeMinor,
                       CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, Dev);
  cuDeviceGetAttribute(&I.SmCount, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
                       Dev);
  int ClockKHz = 0;
  if (cuDeviceGetAttribute(&ClockKHz, CU_DEVICE_ATTRIBUTE_CLOCK_RATE, Dev) ==
      CUDA_SUCCESS)
    I.ClockKHz = ClockKHz;
  cuDriverGetVersion(&I.DriverVersion);
  uint32_t Cupti = 0;
  cuptiGetVersion(&Cupti);
  I.CuptiVersion = int(Cupti);
  if (Error E = readChipName(int(Dev), I.Chip))
    return std::move(E);
  return D;
}

class Injector {
public:
  Error init();
  void onLaunch(const LaunchRecord &R, bool Enter);
  void atExit();

private:
  Error startProfiling(const LaunchRecord &R);
  void enter(const LaunchRecord &R, int Index);
  void leave();
  void write(const std::string &Line);
  void fail(const Error &E);

  InjectSettings Settings;
  std::unique_ptr<LaunchFilter> Filter;
  std::unique_ptr<LaunchObserver> Observer;
  std::FILE *Out = nullptr;
  int Pid = 0;
  bool Disabled = false;

  bool Ready = false; // device and sessions for the first selected launch
  Device Dev;
  std::vector<MetricGroup> Groups; // outlives Range, which points into it
  std::unique_ptr<RangeProfilerSession> Range;
  std::unique_ptr<SassMetricsSession> Sass;

  // Between a selected launch's entry and its return. The lock is held
  // over the program's launch call: other threads' launches wait, so that
  // nothing else runs inside the range.
  std::mutex Lock;
  bool Pending = false;
  bool Active = false; // the session started for the pending launch
  int PendingIndex = -1;
  std::thread::id PendingThread;
  LaunchMeasurement PendingLaunch;
};

Injector &injector() {
  static Injector *I = new Injector(); // never destroyed: used at exit
  return *I;
}

Error Injector::init() {
  Pid = int(getpid());
  Expected<InjectSettings> S =
      fromEnvironment([](const char *Name) { return std::getenv(Name); });
  if (!S)
    return S.takeError();
  Settings = std::move(*S);
  Out = std::fopen(Settings.OutPath.c_str(), "a");
  if (!Out)
    return Error::failure("cannot open " + Settings.OutPath);
  Expected<LaunchFilter> F = LaunchFilter::create(Settings);
  if (!F)
    return F.takeError();
  Filter = std::make_unique<LaunchFilter>(std::move(*F));
  setSynchronize(contextSynchronize);
  Expected<std::unique_ptr<LaunchObserver>> O = LaunchObserver::create();
  if (!O)
    return O.takeError();
  Observer = std::move(*O);
  Observer->setRecordLaunches(false);
  Observer->setLaunchHook(
      [this](const LaunchRecord &R, bool Enter) { onLaunch(R, Enter); });
  std::atexit([] { injector().atExit(); });
  return Error::success();
}

void Injector::write(const std::string &Line) {
  if (!Out)
    return;
  std::fputs(Line.c_str(), Out);
  std::fflush(Out); // a signal may end the program after any launch
}

void Injector::fail(const Error &E) {
  write(statusRecord(E.code() == ProfilingNotPermitted ? "not-permitted"
                                                       : "error",
                     E.message(), Pid));
  Disabled = true;
}

Error Injector::startProfiling(const LaunchRecord &R) {
  if (!Ready) {
    // The profiler is initialised once the driver is and a context exists
    // (cuptiProfilerInitialize returned CUPTI_ERROR_UNKNOWN before cuInit
    // on the H100): at the first selected launch.
    CUpti_Profiler_Initialize_Params Init{
        CUpti_Profiler_Initialize_Params_STRUCT_SIZE};
    CAL_CUPTI(cuptiProfilerInitialize(&Init));
    Expected<Device> D = deviceOf(R.Context);
    if (!D)
      return D.takeError();
    Dev = std::move(*D);
    if (Settings.Mode == InjectMode::Profile) {
      MetricGroup All;
      All.Name = "all";
      All.Purpose = "every catalogue metric and the duration, one replay";
      All.Metrics = injectRangeMetrics();
      Expected<size_t> Passes = passCountFor(Dev.Info.Chip, All.Metrics);
      if (!Passes)
        return Passes.takeError();
      All.ExpectedPasses = *Passes;
      Groups = {All};
      Expected<std::unique_ptr<RangeProfilerSession>> S =
          RangeProfilerSession::create(Dev, Groups);
      if (!S)
        return S.takeError();
      Range = std::move(*S);
    }
    Ready = true;
  }
  if (Settings.Mode == InjectMode::Profile)
    return Range->start();
  if (Settings.Mode == InjectMode::Sass) {
    Expected<std::unique_ptr<SassMetricsSession>> S =
        SassMetricsSession::create(Dev, Observer.get());
    if (!S)
      return S.takeError();
    Sass = std::move(*S);
    return Sass->prepare();
  }
  return Error::success();
}

void Injector::onLaunch(const LaunchRecord &R, bool Enter) {
  if (Disabled)
    return;
  if (!Enter) {
    leave();
    return;
  }
  std::string Name = kernelNameFromMangled(R.MangledName);
  Lock.lock();
  int Index = Filter->next(Name, R.Grid, R.Block);
  bool Measure = Index >= 0 && (Settings.Mode != InjectMode::Sass ||
                                Index == Settings.SassIndex);
  if (!Measure) {
    Lock.unlock();
    return;
  }
  enter(R, Index);
  // Held until this launch returns (leave()).
}

void Injector::enter(const LaunchRecord &R, int Index) {
  LaunchMeasurement &L = PendingLaunch;
  L = LaunchMeasurement();
  L.MangledName = R.MangledName;
  L.DemangledName = kernelNameFromMangled(R.MangledName);
  L.Kernel = L.DemangledName;
  L.Label = "#" + std::to_string(Index) + " " + L.Kernel;
  for (int I = 0; I < 3; ++I)
    L.Grid[I] = R.Grid[I], L.Block[I] = R.Block[I];
  L.DynamicSharedBytes = R.SharedBytes;
  PendingIndex = Index;
  PendingThread = std::this_thread::get_id();
  Pending = true;
  Active = false;
  if (Ready && Dev.Context != R.Context) {
    L.Notes.push_back("not measured: a launch in a second CUDA context; "
                      "only the first context's launches are profiled");
    return;
  }
  if (Error E = startProfiling(R)) {
    if (E.code() == ProfilingNotPermitted) {
      fail(E);
      Pending = false;
      Lock.unlock();
      return;
    }
    L.Notes.push_back("not measured: " + E.message());
    Settings.Mode = InjectMode::Observe; // record the launch, nothing more
    Range.reset();
    Sass.reset();
    write(statusRecord("error", E.message(), Pid));
    return;
  }
  Active = true;
}

void Injector::leave() {
  // Another thread's unselected launch may return while this one is
  // pending: only the thread that took the lock finishes it.
  if (!Pending || PendingThread != std::this_thread::get_id())
    return;
  LaunchMeasurement &L = PendingLaunch;
  if (!Active) {
    // Recorded with the note that says why it was not measured.
  } else if (Settings.Mode == InjectMode::Profile && Range) {
    Expected<std::map<std::string, double>> V = Range->stop();
    if (V) {
      L.Metrics = std::move(*V);
      auto D = L.Metrics.find(InjectDurationMetric);
      if (D != L.Metrics.end()) {
        L.TimedRuns = 1; // one replay pass, in nanoseconds
        L.MedianMs = L.MinMs = L.MaxMs = D->second / 1e6;
      }
    } else {
      L.Notes.push_back("range profiler: " + V.error().message());
    }
  } else if (Settings.Mode == InjectMode::Sass && Sass) {
    Expected<std::vector<LineMeasurement>> Lines = Sass->collect();
    if (Lines)
      L.Lines = std::move(*Lines);
    else
      L.Notes.push_back("SASS metrics: " + Lines.error().message());
    Sass.reset();
  }
  write(launchRecord(unsigned(PendingIndex), Dev.Info, L, Pid));
  Pending = false;
  Lock.unlock();
}

void Injector::atExit() {
  if (Filter)
    write(endRecord(Filter->seen(), Filter->selected(), Pid));
  if (Out)
    std::fclose(Out), Out = nullptr;
}

} // namespace
} // namespace cal

/// The entry point the CUDA driver calls in the library named by
/// CUDA_INJECTION64_PATH. Returns 1: a failure here is reported through the
/// records file, never by stopping the program.
extern "C" __attribute__((visibility("default"))) int InitializeInjection() {
  cal::Injector &I = cal::injector();
  if (cal::Error E = I.init()) {
    // The records file may be the thing that failed: stderr as well.
    std::fprintf(stderr, "libcal-inject: %s\n", E.message().c_str());
    if (const char *Path = std::getenv(cal::injectenv::Out))
      if (std::FILE *F = std::fopen(Path, "a")) {
        std::fputs(cal::statusRecord(E.code() == cal::ProfilingNotPermitted
                                         ? "not-permitted"
                                         : "error",
                                     E.message(), int(getpid()))
                       .c_str(),
                   F);
        std::fclose(F);
      }
  }
  return 1;
}
