//===- Inject.h - Settings, launch filter and records of injection -*- C++
//-*-===//
//
// `cuda-access-verify run -- ./app` profiles a program it did not build: the
// CUDA driver loads libcal-inject.so into the program (CUDA_INJECTION64_PATH)
// and calls its InitializeInjection. The verifier and the library talk
// through environment variables (settings, verifier to library) and a file
// of records, one JSON object per line, flushed as each launch is measured
// so that a program killed by a signal leaves what was measured before.
// Everything here is host-only and unit-tested without a GPU.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_RUNTIME_INJECT_H
#define CAL_RUNTIME_INJECT_H

#include "cal/runtime/Error.h"
#include "cal/runtime/Measurements.h"

#include <functional>
#include <map>
#include <regex>
#include <string>
#include <utility>
#include <vector>

namespace cal {

/// Environment variables read by the injection library (docs/runtime.md).
namespace injectenv {
constexpr const char *Out = "CAL_INJECT_OUT";
constexpr const char *Mode = "CAL_INJECT_MODE";
constexpr const char *Kernel = "CAL_INJECT_KERNEL";
constexpr const char *Skip = "CAL_INJECT_LAUNCH_SKIP";
constexpr const char *Count = "CAL_INJECT_LAUNCH_COUNT";
constexpr const char *SassIndex = "CAL_INJECT_SASS_INDEX";
} // namespace injectenv

enum class InjectMode {
  /// Range profiler (the catalogue's metrics, DRAM bytes, duration) on
  /// every selected launch.
  Profile,
  /// SASS per-instruction metrics on one selected launch (SassIndex): the
  /// SASS Metrics API patches one kernel per process (docs/runtime.md).
  Sass,
  /// Record the selected launches' identity only.
  Observe,
};
const char *injectModeName(InjectMode M);

struct InjectSettings {
  InjectMode Mode = InjectMode::Profile;
  std::string OutPath;     ///< the records file (appended to)
  std::string KernelRegex; ///< ECMAScript, searched in the demangled name
  unsigned Skip = 0;       ///< per kernel, before counting
  int Count = -1;          ///< per kernel; -1: the default selection
  int SassIndex = -1;      ///< Sass mode: which selected launch (0-based)
  /// The default when neither Skip nor Count is given: the first
  /// DefaultPerConfig launches of each distinct (kernel, grid, block).
  static constexpr unsigned DefaultPerConfig = 3;
};

/// The variables that carry \p S (Count, Skip and SassIndex only when set).
std::vector<std::pair<std::string, std::string>>
toEnvironment(const InjectSettings &S);
/// Reads settings back; \p Get is getenv in the library, a map in tests.
Expected<InjectSettings>
fromEnvironment(const std::function<const char *(const char *)> &Get);

/// Which launches are measured. Identical decisions in every run of the
/// program (the range-profiler run and each SASS run) as long as the
/// program launches the same kernels in the same order.
class LaunchFilter {
public:
  /// Fails on a regular expression that does not compile.
  static Expected<LaunchFilter> create(const InjectSettings &S);

  /// For the next launch of \p Kernel (demangled, without parameters):
  /// its index among the selected launches, or -1 when it is not selected.
  int next(const std::string &Kernel, const unsigned Grid[3],
           const unsigned Block[3]);

  unsigned seen() const { return Seen; }
  unsigned selected() const { return Selected; }

private:
  LaunchFilter() = default;
  bool HasRegex = false;
  std::regex Regex;
  bool PerConfig = true; ///< the default: key includes grid and block
  unsigned Skip = 0, Count = InjectSettings::DefaultPerConfig;
  std::map<std::string, unsigned> PerKey;
  unsigned Seen = 0, Selected = 0;
};

/// The range-profiler metrics of one injected launch: every metric of the
/// catalogue plus the duration (gpu__time_duration.sum), in one config
/// image, since the program launches each kernel once.
std::vector<std::string> injectRangeMetrics();
constexpr const char *InjectDurationMetric = "gpu__time_duration.sum";

/// One JSON object on one line (no raw newline inside).
std::string recordLine(const json::Value &V);
/// A measured launch: \p Index among the selected launches, the device and
/// the launch in the measurement schema.
std::string launchRecord(unsigned Index, const DeviceMeasurement &Dev,
                         const LaunchMeasurement &L, int Pid);
/// Kinds: "not-permitted", "error", "note".
std::string statusRecord(const std::string &Kind, const std::string &Message,
                         int Pid);
/// Written at exit: how many launches the process made and selected.
std::string endRecord(unsigned Seen, unsigned Selected, int Pid);

/// What a records file holds.
struct InjectRecords {
  bool HaveDevice = false;
  DeviceMeasurement Device;
  /// By selected index; a SASS run's record for the same index adds lines.
  std::map<unsigned, LaunchMeasurement> Launches;
  std::vector<std::pair<std::string, std::string>> Status; ///< kind, text
  bool Ended = false; ///< an end record: the process reached exit
  unsigned Seen = 0, Selected = 0;
  unsigned Malformed = 0;  ///< lines that did not parse (a cut-off write)
  unsigned Duplicates = 0; ///< launch records for an index already seen
};
/// Reads \p Path; a missing file is an empty result, not an error (the
/// program may have died before CUDA was initialised).
Expected<InjectRecords> readInjectRecords(const std::string &Path);

/// Adds a SASS run's per-line counters to the range-profiler run's launch
/// of the same index, when both are the same kernel and configuration
/// (else a note says why not). Returns whether they were merged.
bool mergeSassLaunch(LaunchMeasurement &Into, const LaunchMeasurement &From);

} // namespace cal

#endif // CAL_RUNTIME_INJECT_H
