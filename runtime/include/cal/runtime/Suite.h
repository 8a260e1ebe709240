//===- Suite.h - The reference-kernel suite as seen by a runner -*- C++ -*-===//
//
// Each kernels/<theme>.cu defines `void cal_suite_<theme>(cal::SuiteContext &)`
// which allocates its buffers through the context, fills them
// deterministically and hands every launch to SuiteContext::launch as a
// callable whose body is the literal `kernel<<<grid, block>>>(...)`. The
// launch stays in the .cu file, readable by the static analyzer; the runner
// decides what happens around it (timing, range profiling, SASS patching).
//
//===----------------------------------------------------------------------===//
#ifndef CAL_RUNTIME_SUITE_H
#define CAL_RUNTIME_SUITE_H

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

namespace cal {

/// The bytes a launch must move through device memory at the least (each
/// input element read once, each output element written once): the
/// numerator of effective bandwidth.
struct Traffic {
  uint64_t BytesRead = 0;
  uint64_t BytesWritten = 0;
};

class SuiteContext {
public:
  virtual ~SuiteContext() = default;

  /// Device memory owned by the context; released after the suite function
  /// returns.
  virtual void *allocBytes(size_t Bytes) = 0;
  template <typename T> T *alloc(size_t Count) {
    return static_cast<T *>(allocBytes(Count * sizeof(T)));
  }
  /// Deterministic contents: element i of seed s is a fixed function of
  /// (i, s), so that every run and every replay sees the same data.
  virtual void fill(float *Data, size_t Count, unsigned Seed) = 0;
  virtual void fill(double *Data, size_t Count, unsigned Seed) = 0;
  virtual void fill(int *Data, size_t Count, unsigned Seed) = 0;

  /// Frees every buffer allocated so far (large sizes free theirs early).
  virtual void releaseAll() = 0;

  /// True when the runner wants launches whose label starts with \p Prefix;
  /// suites test it before allocating large buffers.
  virtual bool wants(const char *Prefix) const = 0;

  /// Runs \p Launch, which performs exactly one kernel launch, as the runner
  /// needs: once, timed many times, or under a profiler. \p Label is unique
  /// in the suite ("transpose.4096.naive"). \p Line, filled in by the
  /// compiler, is the line of this call: the kernel launch inside it is
  /// what the analyzer reports as the launch site, which tells apart
  /// launches of one kernel that differ only in scalar arguments.
  virtual void launch(const char *Label, Traffic Bytes,
                      const std::function<void()> &Launch,
                      unsigned Line = __builtin_LINE()) = 0;
};

using SuiteFunction = void (*)(SuiteContext &);

struct SuiteEntry {
  const char *Theme;
  /// Repository-relative source path, as the analyzer reports it.
  const char *File;
  SuiteFunction Run;
};

/// All suites, defined in kernels/Registry.cpp.
const std::vector<SuiteEntry> &suiteRegistry();

} // namespace cal

#endif // CAL_RUNTIME_SUITE_H
