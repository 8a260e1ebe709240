//===- Runner.cpp - Run the kernel suite and measure it -------------------===//
#include "cal/runtime/Runner.h"

#include "DeviceContext.h"
#include "cal/runtime/MetricCatalogue.h"
#include "cal/runtime/Profiler.h"
#include "cal/runtime/Timing.h"

#include <cuda_runtime.h>
#include <cxxabi.h>

#include <algorithm>
#include <cstdlib>
#include <map>

namespace cal {

bool labelMatches(const std::string &Filter, const std::string &Label) {
  if (Filter.empty())
    return true;
  size_t Start = 0;
  while (Start <= Filter.size()) {
    size_t End = Filter.find(',', Start);
    if (End == std::string::npos)
      End = Filter.size();
    std::string F = Filter.substr(Start, End - Start);
    if (!F.empty() && F[0] == '=') { // "=label": this label only
      if (Label == F.substr(1))
        return true;
    } else if (!F.empty() && Label.compare(0, F.size(), F) == 0) {
      return true;
    }
    Start = End + 1;
  }
  return false;
}

static std::string demangle(const std::string &Mangled) {
  int Status = 0;
  char *D = abi::__cxa_demangle(Mangled.c_str(), nullptr, nullptr, &Status);
  std::string Result = (Status == 0 && D) ? D : Mangled;
  std::free(D);
  // The kernel's name without its parameter list, as the analyzer names it.
  size_t Paren = Result.find('(');
  return Paren == std::string::npos ? Result : Result.substr(0, Paren);
}

namespace {

/// Launch measurements in suite order, found by label.
class Collected {
public:
  LaunchMeasurement &get(const char *Suite, const char *File,
                         const std::string &Label, Traffic Bytes) {
    auto It = Index.find(Label);
    if (It != Index.end())
      return All[It->second];
    Index[Label] = All.size();
    All.emplace_back();
    LaunchMeasurement &M = All.back();
    M.Label = Label;
    M.Suite = Suite;
    M.SourceFile = File;
    M.BytesRead = Bytes.BytesRead;
    M.BytesWritten = Bytes.BytesWritten;
    return M;
  }
  std::vector<LaunchMeasurement> All;

private:
  std::map<std::string, size_t> Index;
};

enum class Sweep { Timing, Range, Sass };

class RunnerContext : public DeviceSuiteContext {
public:
  RunnerContext(const RunOptions &Opt, Sweep Kind, Collected &Out,
                LaunchObserver *Obs, std::ostream &Log)
      : DeviceSuiteContext(Opt.Filter), Opt(Opt), Kind(Kind), Out(Out),
        Obs(Obs), Log(Log) {}

  void setSuite(const SuiteEntry &E) { Entry = &E; }
  RangeProfilerSession *Range = nullptr;
  const Device *Dev = nullptr;
  bool SassUsed = false;
  std::vector<std::string> SassNames;
  /// Set when profiling is refused for lack of permission: stop the sweep.
  Error Fatal = Error::success();
  bool OccupancyNoted = false; ///< said once that the driver gave none

  void launch(const char *Label, Traffic Bytes,
              const std::function<void()> &Launch, unsigned Line) override {
    if (!labelMatches(Opt.Filter, Label) || Fatal)
      return;
    LaunchMeasurement &M = Out.get(Entry->Theme, Entry->File, Label, Bytes);
    M.Line = Line;
    if (Opt.DryRun)
      return;
    if (!allocationError().empty()) {
      note(M, "allocation failed: " + allocationError());
      return;
    }
    cudaDeviceSynchronize(); // the fills are not part of any measurement
    if (Obs)
      Obs->clearLaunches();
    switch (Kind) {
    case Sweep::Timing:
      time(M, Launch);
      break;
    case Sweep::Range: {
      Expected<std::map<std::string, double>> V = Range->profile(Launch);
      if (!V) {
        Error E = V.takeError();
        if (E.code() == ProfilingNotPermitted)
          Fatal = Error::failure(E.message(), E.code());
        note(M, "range profiler: " + E.message());
      } else {
        // Keep what the launch callback recorded (the driver's occupancy).
        for (auto &[Name, Value] : *V)
          M.Metrics[Name] = Value;
      }
      break;
    }
    case Sweep::Sass: {
      // The session is created here, after the suite's fill kernels: see
      // SassMetrics.cpp for why nothing may run between configuration and
      // the measured kernel, and why only one kernel per process is
      // patched.
      if (SassUsed) {
        note(M, "SASS metrics: not collected, only the first kernel of a "
                "process is patched (run with per-launch isolation)");
        break;
      }
      SassUsed = true;
      Expected<std::unique_ptr<SassMetricsSession>> S =
          SassMetricsSession::create(*Dev, Obs);
      if (!S) {
        Error E = S.takeError();
        if (E.code() == ProfilingNotPermitted)
          Fatal = Error::failure(E.message(), E.code());
        note(M, "SASS metrics: " + E.message());
        break;
      }
      SassNames = (*S)->metricNames();
      Expected<std::vector<LineMeasurement>> L = (*S)->profile(Launch);
      if (!L) {
        Error E = L.takeError();
        if (E.code() == ProfilingNotPermitted)
          Fatal = Error::failure(E.message(), E.code());
        note(M, "SASS metrics: " + E.message());
      } else {
        M.Lines = std::move(*L);
      }
      break;
    }
    }
    identify(M);
    Log << "  " << Label << (Kind == Sweep::Timing ? "" : " profiled");
    if (Kind == Sweep::Timing && M.TimedRuns)
      Log << "  " << M.MedianMs << " ms";
    Log << "\n";
  }

private:
  const RunOptions &Opt;
  Sweep Kind;
  Collected &Out;
  LaunchObserver *Obs; // null under --launch-only
  std::ostream &Log;
  const SuiteEntry *Entry = nullptr;

  void note(LaunchMeasurement &M, const std::string &Text) {
    M.Notes.push_back(Text);
    Log << "  " << M.Label << ": " << Text << "\n";
  }

  /// Takes the launch identity from the callback records: exactly one
  /// kernel launch is expected per SuiteContext::launch.
  void identify(LaunchMeasurement &M) {
    if (!Obs)
      return;
    const std::vector<LaunchRecord> &L = Obs->launches();
    if (L.empty()) {
      if (M.MangledName.empty())
        note(M, "no kernel launch observed");
      return;
    }
    LaunchRecord R = L.front();
    if (M.MangledName.empty()) {
      M.MangledName = R.MangledName;
      M.Kernel = demangle(R.MangledName);
      for (int I = 0; I < 3; ++I)
        M.Grid[I] = R.Grid[I], M.Block[I] = R.Block[I];
      M.DynamicSharedBytes = R.SharedBytes;
    }
    if (M.Metrics.count(metric::TheoreticalOccupancy))
      return;
    std::string Why = driverOccupancy(R);
    if (R.OccupancyPct >= 0) {
      M.Metrics[metric::TheoreticalOccupancy] = R.OccupancyPct;
      M.Metrics[metric::RegistersPerThread] = R.Registers;
    } else if (!OccupancyNoted) {
      OccupancyNoted = true;
      note(M, "the driver's occupancy calculator gave nothing for this "
              "launch: " +
                  Why);
    }
  }

  void time(LaunchMeasurement &M, const std::function<void()> &Launch) {
    Launch();
    if (cudaError_t E = cudaDeviceSynchronize()) {
      note(M, std::string("launch failed: ") + cudaGetErrorString(E));
      return;
    }
    if (Opt.LaunchOnly)
      return;
    cudaEvent_t Start, Stop;
    cudaEventCreate(&Start);
    cudaEventCreate(&Stop);
    auto TimeOnce = [&]() {
      cudaEventRecord(Start);
      Launch();
      cudaEventRecord(Stop);
      cudaEventSynchronize(Stop);
      float Ms = 0;
      cudaEventElapsedTime(&Ms, Start, Stop);
      return double(Ms);
    };
    for (unsigned I = 0; I < Opt.WarmupRuns; ++I)
      TimeOnce();
    unsigned Runs = chooseRunCount(TimeOnce(), Opt.TargetMsPerLaunch,
                                   Opt.MinRuns, Opt.MaxRuns);
    std::vector<double> Samples;
    for (unsigned I = 0; I < Runs; ++I)
      Samples.push_back(TimeOnce());
    cudaEventDestroy(Start);
    cudaEventDestroy(Stop);
    if (cudaError_t E = cudaGetLastError()) {
      note(M, std::string("timing failed: ") + cudaGetErrorString(E));
      return;
    }
    M.TimedRuns = Runs;
    M.MedianMs = median(Samples);
    M.MinMs = *std::min_element(Samples.begin(), Samples.end());
    M.MaxMs = *std::max_element(Samples.begin(), Samples.end());
  }
};

Error runSweep(const RunOptions &Opt, Sweep Kind, Collected &Out,
               LaunchObserver *Obs, std::ostream &Log,
               RangeProfilerSession *Range, const Device *Dev,
               std::vector<std::string> *SassNames = nullptr) {
  RunnerContext Ctx(Opt, Kind, Out, Obs, Log);
  Ctx.Range = Range;
  Ctx.Dev = Dev;
  for (const SuiteEntry &E : suiteRegistry()) {
    if (!Ctx.wants(E.Theme))
      continue;
    Ctx.setSuite(E);
    E.Run(Ctx);
    Ctx.releaseAll();
    if (Ctx.Fatal)
      return std::move(Ctx.Fatal);
  }
  if (SassNames)
    *SassNames = Ctx.SassNames;
  return Error::success();
}

/// Device-to-device copy of \p Bytes: bytes read plus bytes written over the
/// median time, the practical ceiling the kernels are compared with.
DeviceMeasurement::Copy measureCopy(uint64_t Bytes) {
  DeviceMeasurement::Copy Result;
  void *A = nullptr, *B = nullptr;
  if (cudaMalloc(&A, Bytes) != cudaSuccess ||
      cudaMalloc(&B, Bytes) != cudaSuccess) {
    cudaFree(A);
    return Result;
  }
  cudaMemset(A, 1, Bytes);
  cudaEvent_t Start, Stop;
  cudaEventCreate(&Start);
  cudaEventCreate(&Stop);
  std::vector<double> Samples;
  for (int I = 0; I < 23; ++I) {
    cudaEventRecord(Start);
    cudaMemcpy(B, A, Bytes, cudaMemcpyDeviceToDevice);
    cudaEventRecord(Stop);
    cudaEventSynchronize(Stop);
    float Ms = 0;
    cudaEventElapsedTime(&Ms, Start, Stop);
    if (I >= 3) // warm-up
      Samples.push_back(Ms);
  }
  cudaEventDestroy(Start);
  cudaEventDestroy(Stop);
  cudaFree(A);
  cudaFree(B);
  Result.Bytes = Bytes;
  Result.Ms = median(Samples);
  Result.GBps = effectiveGBps(Bytes, Bytes, Result.Ms);
  return Result;
}

} // namespace

Expected<Measurements> runSuite(const RunOptions &Opt, std::ostream &Log) {
  // Load every module when the context is created, while the observer is
  // listening, so that all cubins are captured.
  if (!std::getenv("CAL_NO_EAGER"))
    setenv("CUDA_MODULE_LOADING", "EAGER", 0);
  int Count = 0;
  cudaError_t CountErr = cudaGetDeviceCount(&Count);
  if (CountErr != cudaSuccess || Count == 0)
    return Error::failure(CountErr != cudaSuccess
                              ? cudaGetErrorString(CountErr)
                              : "the runtime reports 0 devices",
                          NoDevice);
  // Under ncu (--launch-only) the tool's own CUPTI subscriber is the only
  // one allowed; launch identities are then not needed.
  std::unique_ptr<LaunchObserver> Observer;
  if (!Opt.LaunchOnly && !std::getenv("CAL_NO_OBSERVER")) {
    Expected<std::unique_ptr<LaunchObserver>> O = LaunchObserver::create();
    if (!O)
      return O.takeError().context("CUPTI callbacks");
    Observer = std::move(*O);
  }
  LaunchObserver *Obs = Observer.get();
  Expected<Device> Dev = openDevice(0, !Opt.LaunchOnly);
  if (!Dev)
    return Dev.takeError();

  Measurements M;
  M.Device = Dev->Info;
  Log << "device: " << M.Device.Name << " (" << M.Device.Chip << "), "
      << M.Device.SmCount << " SMs at " << M.Device.ClockKHz / 1e3
      << " MHz, theoretical " << M.Device.PeakGBps << " GB/s\n";
  Collected Out;
  if (Opt.Timing || Opt.LaunchOnly) {
    if (!Opt.LaunchOnly) {
      DeviceMeasurement::Copy Main = measureCopy(Opt.CopyBytes);
      M.Device.CopyBytes = Main.Bytes;
      M.Device.CopyMs = Main.Ms;
      M.Device.CopyGBps = Main.GBps;
      for (uint64_t Bytes : Opt.ExtraCopyBytes)
        M.Device.Copies.push_back(measureCopy(Bytes));
      Log << "device-to-device copy: " << M.Device.CopyGBps << " GB/s\n";
    }
    Log << (Opt.LaunchOnly ? "launching:\n" : "timing:\n");
    if (Error E = runSweep(Opt, Sweep::Timing, Out, Obs, Log, nullptr, &*Dev))
      return std::move(E);
  }
  if (Opt.RangeProfile && !Opt.LaunchOnly) {
    Log << "range profiler:\n";
    Expected<std::unique_ptr<RangeProfilerSession>> S =
        RangeProfilerSession::create(*Dev, metricCatalogue());
    if (!S) {
      Error E = S.takeError().context("range profiler");
      if (E.code() == ProfilingNotPermitted)
        return std::move(E);
      // Keep what the other sweeps can measure; the file records why the
      // counters are missing.
      Log << E.message() << "\n";
      M.Notes.push_back(E.message());
    } else if (Error E = runSweep(Opt, Sweep::Range, Out, Obs, Log, S->get(),
                                  &*Dev)) {
      return std::move(E);
    }
  }
  if (Opt.Sass && !Opt.LaunchOnly) {
    Log << "SASS metrics:\n";
    if (Error E = runSweep(Opt, Sweep::Sass, Out, Obs, Log, nullptr, &*Dev,
                           &M.SassMetrics))
      return std::move(E);
  }
  M.Launches = std::move(Out.All);
  return M;
}

} // namespace cal
