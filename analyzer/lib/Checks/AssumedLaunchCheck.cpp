//===- AssumedLaunchCheck.cpp - cuda-assumed-launch -----------------------===//
//
// No launch of the kernel was found, so every figure of it holds for an
// assumed block shape only: a kernel-level remark, so that such figures are
// never read as the program's.
//
//===----------------------------------------------------------------------===//
#include "CheckSupport.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace cal {

namespace {
class AssumedLaunchCheck : public Check {
public:
  StringRef id() const override { return "cuda-assumed-launch"; }
  StringRef summary() const override {
    return "no launch found: the figures hold for an assumed block shape";
  }
  Finding::SeverityTy severity() const override { return Finding::Remark; }
  StringRef explanation() const override {
    return R"(No launch of this kernel was found in its translation unit (or, with a
compilation database, in the others), and none was given. Its accesses and
branches are evaluated under one assumed block shape chosen from the
kernel's own indexing, (256,1,1) for a 1-D index and (16,16,1) for a 2-D
one; no figure is exact, and the message names the shape.

How to fix it: give the launch the program uses, with --block/--grid, a
`// cuda-access-lint: block(32,8) grid(64,64)` comment above the kernel,
the configuration file's Kernels list, or __launch_bounds__.

Example:
  __global__ void k(float *a) { a[threadIdx.x] = 0; }   // never launched here
)";
  }
  void run(const KernelResult &K, const TargetModel &, const CheckSettings &,
           FindingSink &Out) const override {
    const LaunchConfig &L = K.Launch;
    if (!L.Assumed || L.AssumedBlocks.empty())
      return;
    auto Dim = [](const Dim3 &D) {
      return formatv("({0},{1},{2})", D[0], D[1], D[2]).str();
    };
    Finding F = kernelFinding(
        K, "assuming block " + Dim(L.AssumedBlocks[0]) + "; " + L.AssumedWhy +
               " (set one with --block, an annotation or __launch_bounds__)");
    Out.report(std::move(F));
  }
};
} // namespace

const Check &assumedLaunchCheck() {
  static const AssumedLaunchCheck C;
  return C;
}

} // namespace cal
