//===- DeviceContext.h - Allocation and filling for suite runs --*- C++ -*-===//
//
// The part of SuiteContext that every runner shares: device buffers owned by
// the context and deterministic contents. Internal to the runtime.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_RUNTIME_SRC_DEVICECONTEXT_H
#define CAL_RUNTIME_SRC_DEVICECONTEXT_H

#include "cal/runtime/Suite.h"

#include <string>
#include <vector>

namespace cal {

class DeviceSuiteContext : public SuiteContext {
public:
  explicit DeviceSuiteContext(std::string Filter) : Filter(std::move(Filter)) {}
  ~DeviceSuiteContext() override { releaseAll(); }

  void *allocBytes(size_t Bytes) override;
  void fill(float *Data, size_t Count, unsigned Seed) override;
  void fill(double *Data, size_t Count, unsigned Seed) override;
  void fill(int *Data, size_t Count, unsigned Seed) override;
  bool wants(const char *Prefix) const override;

  /// Frees every buffer (between suite functions).
  void releaseAll() override;
  /// The first CUDA error seen while allocating or filling, if any.
  const std::string &allocationError() const { return AllocError; }

protected:
  std::string Filter;

private:
  std::vector<void *> Buffers;
  std::string AllocError;
};

} // namespace cal

#endif // CAL_RUNTIME_SRC_DEVICECONTEXT_H
