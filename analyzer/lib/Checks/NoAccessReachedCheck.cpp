//===- NoAccessReachedCheck.cpp - cuda-no-access-reached ------------------===//
//
// The evaluation reached no memory access: a kernel-level remark with the
// tests that kept the evaluated warps out, so that a silent kernel is never
// read as a clean one.
//
//===----------------------------------------------------------------------===//
#include "CheckSupport.h"

using namespace llvm;

namespace cal {

namespace {
class NoAccessReachedCheck : public Check {
public:
  StringRef id() const override { return "cuda-no-access-reached"; }
  StringRef summary() const override {
    return "no evaluated warp reached a memory access, and why";
  }
  Finding::SeverityTy severity() const override { return Finding::Remark; }
  StringRef explanation() const override {
    return R"(None of the evaluated warps reached a memory access of this kernel, so
there is nothing to predict: usually a guard such as `if (i < n)` was false
for every evaluated lane under the sampled parameter values, or the loop
around the accesses ran zero times. The remark names the tests.

How to fix it: give the parameter values the program uses (--param
NAME=VALUE, a `param(...)` annotation or the configuration's Kernels list),
or the launch configuration.

Example:
  __global__ void k(float *a, int lo, int hi) {
    if (threadIdx.x > hi && threadIdx.x < lo) a[threadIdx.x] = 0;
  }
)";
  }
  void run(const KernelResult &K, const TargetModel &, const CheckSettings &,
           FindingSink &Out) const override {
    if (!K.NoAccessReason.empty())
      Out.report(
          kernelFinding(K, "kernel '" + K.Name + "': " + K.NoAccessReason));
  }
};
} // namespace

const Check &noAccessReachedCheck() {
  static const NoAccessReachedCheck C;
  return C;
}

} // namespace cal
