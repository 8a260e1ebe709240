//===- Profiler.h - CUPTI target side: launches, ranges, SASS ---*- C++ -*-===//
//
// The GPU half of the measurement library, one RAII class per CUPTI object:
//  - LaunchObserver: the process's single CUPTI callback subscriber; keeps
//    every cubin at module load (for SASS-to-source correlation) and the
//    identity of each kernel launch (mangled name, grid, block).
//  - RangeProfilerSession: Range Profiler with auto range and kernel replay,
//    one config image per metric group of the catalogue.
//  - SassMetricsSession: the SASS Metrics API, enabled once per sweep and
//    flushed around each kernel, per-PC values mapped to file:line.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_RUNTIME_PROFILER_H
#define CAL_RUNTIME_PROFILER_H

#include "cal/runtime/Error.h"
#include "cal/runtime/Measurements.h"
#include "cal/runtime/MetricCatalogue.h"
#include "cal/runtime/ProfilerHost.h"

#include <cupti_sass_metrics.h>

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace cal {

/// The device under test. Opening it fails with ErrorCode::NoDevice where
/// there is none.
struct Device {
  int Index = 0;
  void *Context = nullptr; ///< CUcontext (primary context)
  DeviceMeasurement Info;
};
/// \p InitProfiler false skips CUPTI profiler initialisation (and the chip
/// name), for runs under ncu.
Expected<Device> openDevice(int Index, bool InitProfiler = true);

/// CUPTI's chip name of device \p Index ("GH100"), which selects the
/// metric tables; needs the profiler initialised.
Error readChipName(int Index, std::string &Chip);

/// How the library waits for the device. The default is
/// cudaDeviceSynchronize; the injection library, which lives inside another
/// program's driver callbacks and must not start a runtime of its own,
/// installs cuCtxSynchronize.
using SynchronizeFn = Error (*)(const char *What);
void setSynchronize(SynchronizeFn Fn);
Error synchronizeDevice(const char *What);

struct LaunchRecord {
  std::string MangledName;
  unsigned Grid[3] = {0, 0, 0}, Block[3] = {0, 0, 0};
  unsigned SharedBytes = 0;
  void *Function = nullptr; ///< CUfunction launched
  /// The driver's occupancy calculation for this launch, in % of the SM's
  /// warp slots, and the function's registers; negative until
  /// driverOccupancy() succeeds.
  double OccupancyPct = -1;
  int Registers = -1;
  void *Context = nullptr; ///< CUcontext of the launch
  void *Stream = nullptr;  ///< CUstream of the launch
};

/// Fills \p R's OccupancyPct and Registers from the driver's occupancy
/// calculator (cuOccupancyMaxActiveBlocksPerMultiprocessor) for its
/// function, block and dynamic shared bytes. Call outside CUPTI callbacks,
/// after the launch; leaves them negative and returns why when the driver
/// gives nothing, else returns "".
std::string driverOccupancy(LaunchRecord &R);

class LaunchObserver {
public:
  /// Subscribes to module-load and kernel-launch callbacks. Call before the
  /// CUDA context loads any module, or the cubins are missed.
  static Expected<std::unique_ptr<LaunchObserver>> create();
  ~LaunchObserver();

  /// Forgets launches seen so far; the next launches are recorded.
  void clearLaunches();
  const std::vector<LaunchRecord> &launches() const { return Launches; }

  struct Cubin {
    uint64_t Crc = 0;
    std::vector<char> Bytes;
  };
  const std::vector<Cubin> &cubins() const { return Cubins; }

  /// Called on entry to and on return from every kernel launch, in the
  /// launching thread, after the launch is recorded. The injection library
  /// profiles the program's own launches from here: the range profiler
  /// starts on entry and stops on return, so that kernel replay covers
  /// exactly that launch.
  using LaunchHook = std::function<void(const LaunchRecord &, bool Enter)>;
  void setLaunchHook(LaunchHook Hook) { this->Hook = std::move(Hook); }
  /// Whether launches are kept for launches() (a long-running program
  /// launches millions).
  void setRecordLaunches(bool On) { Record = On; }

  // Called from the CUPTI callback.
  void onModuleLoaded(const char *Data, size_t Size);
  void onLaunch(const LaunchRecord &R, bool Enter) {
    if (Enter && Record)
      Launches.push_back(R);
    if (Hook)
      Hook(R, Enter);
  }

private:
  LaunchObserver() = default;
  void *Subscriber = nullptr; // CUpti_SubscriberHandle
  std::vector<Cubin> Cubins;
  std::vector<LaunchRecord> Launches;
  LaunchHook Hook;
  bool Record = true;
};

class RangeProfilerSession {
public:
  /// Initialises the profiler for \p Dev and prepares every group of
  /// \p Groups (config image, pass count checked against the catalogue).
  static Expected<std::unique_ptr<RangeProfilerSession>>
  create(const Device &Dev, const std::vector<MetricGroup> &Groups);
  ~RangeProfilerSession();

  /// Runs \p Launch once per group under kernel replay and returns every
  /// metric's value for that one kernel.
  Expected<std::map<std::string, double>>
  profile(const std::function<void()> &Launch);

  /// The same for a launch made by someone else (the profiled program):
  /// start() before it, stop() after it. Only for a session of one group,
  /// since the launch happens once.
  Error start();
  Expected<std::map<std::string, double>> stop();

private:
  struct PreparedGroup {
    const MetricGroup *Group;
    std::unique_ptr<ProfilerHost> Host;
    std::vector<uint8_t> Config;
  };
  RangeProfilerSession() = default;
  Expected<std::vector<double>> profileGroup(PreparedGroup &G,
                                             const std::function<void()> &L);
  Error startGroup(PreparedGroup &G);
  Expected<std::vector<double>> stopGroup();

  void *Context = nullptr; // CUcontext
  std::vector<PreparedGroup> Groups;
  /// The group between startGroup and stopGroup.
  PreparedGroup *Active = nullptr;
  void *Object = nullptr; // CUpti_RangeProfiler_Object
  std::vector<uint8_t> CounterData;
};

class SassMetricsSession {
public:
  /// Configures the catalogue's SASS metrics that exist on the chip (a
  /// required metric that does not exist is an error) and enables patching
  /// until the session ends.
  static Expected<std::unique_ptr<SassMetricsSession>>
  create(const Device &Dev, const LaunchObserver *Observer);
  ~SassMetricsSession();

  /// Runs \p Launch with SASS patching and returns the per-line sums.
  Expected<std::vector<LineMeasurement>>
  profile(const std::function<void()> &Launch);

  /// The same around a launch made by someone else: prepare() drops what
  /// ran before, collect() returns the launch's per-line sums.
  Error prepare();
  Expected<std::vector<LineMeasurement>> collect();

  const std::vector<std::string> &metricNames() const { return Names; }

private:
  SassMetricsSession(const Device &Dev, const LaunchObserver *Observer)
      : Dev(Dev), Observer(Observer) {}
  /// file:line of a PC, cached; empty file when unknown.
  std::pair<std::string, unsigned>
  sourceOf(uint32_t Crc, const std::string &Function, uint32_t PcOffset);

  /// The summed values of one patched instruction.
  struct PcValues {
    uint32_t Crc;
    std::string Function;
    uint32_t PcOffset;
    std::map<std::string, double> Values;
  };
  /// Flushes the records gathered so far; into \p Out, or away when null.
  Expected<size_t> flush(std::vector<PcValues> *Out);

  const Device &Dev;
  const LaunchObserver *Observer; // null: no file:line mapping
  bool Configured = false, Enabled = false;
  std::vector<CUpti_SassMetrics_Config> Configs;
  std::vector<std::string> Names;
  std::map<uint64_t, std::string> IdToName;
  std::map<std::string, std::pair<std::string, unsigned>> SourceCache;
};

} // namespace cal

#endif // CAL_RUNTIME_PROFILER_H
