//===- OccupancyLimitCheck.cpp - cuda-occupancy-limit ---------------------===//
//
// The launch's theoretical occupancy (Occupancy.h) is below a threshold:
// a remark on the kernel naming the limiting resource and what relieves it.
//
//===----------------------------------------------------------------------===//
#include "CheckSupport.h"

using namespace llvm;

namespace cal {

namespace {
class OccupancyLimitCheck : public Check {
public:
  StringRef id() const override { return "cuda-occupancy-limit"; }
  StringRef summary() const override {
    return "theoretical occupancy of the launch is below the threshold";
  }
  Finding::SeverityTy severity() const override { return Finding::Remark; }
  ArrayRef<CheckOption> options() const override {
    static const CheckOption Opts[] = {
        {CheckOption::Number, "MinOccupancyPercent", "50",
         "report launches whose theoretical occupancy is below this"}};
    return Opts;
  }
  StringRef explanation() const override {
    return R"(The launch lets fewer warps be resident per SM than the threshold
(MinOccupancyPercent, default 50) of the SM's maximum. Blocks per SM are
computed as the CUDA occupancy calculator does: the minimum of the block
limit, the warp limit, the register limit (registers per warp rounded up to
256, over 4 sub-partitions) and the shared-memory limit (static + dynamic +
the 1 KiB reserved per block from sm_80, rounded up to 128 bytes, against
the largest carveout). Registers per thread come from --registers (or
ptxas); without them the figure is an upper bound from threads and shared
memory only, and the finding says so.

How to fix it, by limiting resource: registers, __launch_bounds__(threads,
minBlocks) or -maxrregcount; shared memory, a smaller tile or fewer
buffers; warps or blocks, a block size that divides the SM's warps.

Example:
  __global__ void k(float *a) { __shared__ float t[16384]; ... }  // 64 KiB
  k<<<n, 128>>>(a);   // 3 blocks of 4 warps per SM: 12 of 64 warps, 18.75%
)";
  }
  void run(const KernelResult &K, const TargetModel &, const CheckSettings &S,
           FindingSink &Out) const override {
    const OccupancyResult &O = K.Results.get<OccupancyResult>();
    if (!O.Modelled || O.Percent >= S.number(id(), "MinOccupancyPercent"))
      return;
    Finding F = kernelFinding(
        K, std::string(O.Exact ? "" : "at most ") + fmtNum(O.Percent) +
               "% theoretical occupancy (" + std::to_string(O.BlocksPerSM) +
               " blocks of " + std::to_string(O.ThreadsPerBlock) +
               " threads per SM, " + std::to_string(O.ActiveWarpsPerSM) +
               " of " + std::to_string(O.MaxWarpsPerSM) +
               " warps), limited by " + O.LimitedBy);
    F.Notes.push_back("in " + launchText(K));
    F.Notes.push_back(
        "shared memory per block: " + std::to_string(O.StaticSharedBytes) +
        " static + " + std::to_string(O.DynamicSharedBytes) + " dynamic bytes");
    if (O.Registers)
      F.Notes.push_back(std::to_string(*O.Registers) + " registers per thread");
    else if (!O.Exact)
      F.Notes.push_back(O.RegistersWhy + ": an upper bound");
    if (O.LimitedBy == "registers")
      F.Notes.push_back("fewer registers per thread: __launch_bounds__("
                        "threads, minBlocksPerSM) or -maxrregcount");
    else if (O.LimitedBy == "shared memory")
      F.Notes.push_back("less shared memory per block: a smaller tile");
    else if (StringRef(O.LimitedBy).starts_with("__launch_bounds__"))
      F.Notes.push_back("a block within the kernel's __launch_bounds__, or "
                        "a larger bound");
    else
      F.Notes.push_back("a block size that fills the SM's warp slots");
    Out.report(std::move(F));
  }
};
} // namespace

const Check &occupancyLimitCheck() {
  static const OccupancyLimitCheck C;
  return C;
}

} // namespace cal
