//===- ProfilerHost.h - RAII over the CUPTI profiler host object -*- C++
//-*-===//
//
// The host half of the Range Profiler: metric names to a config image, the
// number of replay passes, and counter data to metric values. It needs no
// GPU when given a chip name, which is what lets the metric catalogue be
// unit-tested on the CPU machines.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_RUNTIME_PROFILERHOST_H
#define CAL_RUNTIME_PROFILERHOST_H

#include "cal/runtime/Error.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

struct CUpti_Profiler_Host_Object;

namespace cal {

class ProfilerHost {
public:
  /// Creates a range-profiler host object for \p Chip ("GH100"). The counter
  /// availability image may be empty on a machine without a GPU.
  static Expected<ProfilerHost> create(const std::string &Chip,
                                       std::vector<uint8_t> Availability = {});
  ProfilerHost(ProfilerHost &&) = default;
  ProfilerHost &operator=(ProfilerHost &&) = default;
  ~ProfilerHost();

  /// Adds metrics to the configuration. One unknown name fails the whole
  /// call, so the error names every metric of the call.
  Error addMetrics(const std::vector<std::string> &Names);
  /// The config image for the metrics added so far.
  Expected<std::vector<uint8_t>> configImage();
  /// Replay passes that \p ConfigImage needs.
  static Expected<size_t> passCount(std::vector<uint8_t> &ConfigImage);

  /// Evaluates \p Names for range \p RangeIndex of a decoded counter data
  /// image.
  Expected<std::vector<double>>
  evaluate(const std::vector<uint8_t> &CounterData, size_t RangeIndex,
           const std::vector<std::string> &Names);
  /// The number of ranges and the name of one, as the profiler recorded.
  static Expected<size_t> rangeCount(const std::vector<uint8_t> &CounterData);
  static Expected<std::string>
  rangeName(const std::vector<uint8_t> &CounterData, size_t RangeIndex);

  const std::string &chip() const { return Chip; }

private:
  struct Deleter {
    void operator()(CUpti_Profiler_Host_Object *Object) const;
  };
  ProfilerHost(std::string Chip, std::vector<uint8_t> Availability,
               CUpti_Profiler_Host_Object *Object)
      : Chip(std::move(Chip)), Availability(std::move(Availability)),
        Object(Object) {}

  std::string Chip;
  // The host object may keep a pointer to the image; it lives as long.
  std::vector<uint8_t> Availability;
  std::unique_ptr<CUpti_Profiler_Host_Object, Deleter> Object;
};

/// Convenience for tests and --list-metrics: passes needed by \p Names on
/// \p Chip, computed with a fresh host object.
Expected<size_t> passCountFor(const std::string &Chip,
                              const std::vector<std::string> &Names);

} // namespace cal

#endif // CAL_RUNTIME_PROFILERHOST_H
