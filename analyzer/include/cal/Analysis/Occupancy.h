//===- Occupancy.h - Theoretical occupancy per launch -----------*- C++ -*-===//
//
// Blocks per SM as the CUDA occupancy calculator computes them: the minimum
// over the block, warp, register and shared-memory limits, with their
// allocation granularities (TargetModel). Registers come from outside the
// analyzer (--registers); without them, the figure is an upper bound from
// threads and shared memory only.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_ANALYSIS_OCCUPANCY_H
#define CAL_ANALYSIS_OCCUPANCY_H

#include "cal/Target/TargetModel.h"
#include <cstdint>
#include <optional>
#include <string>

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace cal {

struct OccupancyResult {
  bool Modelled = false;             ///< the target models occupancy
  std::string Why;                   ///< why not modelled, when it is not
  std::optional<unsigned> Registers; ///< per thread
  std::string RegistersWhy;          ///< why unknown
  uint64_t StaticSharedBytes = 0, DynamicSharedBytes = 0;
  unsigned ThreadsPerBlock = 0;
  unsigned BlocksPerSM = 0, ActiveWarpsPerSM = 0, MaxWarpsPerSM = 0;
  double Percent = 0;
  /// "warps", "blocks", "registers", "shared memory", or "does not fit".
  std::string LimitedBy;
  bool Exact = false; ///< registers known; else an upper bound
};

/// The calculator: \p Registers unset leaves the register limit out.
OccupancyResult computeOccupancy(const TargetModel &TM, unsigned Threads,
                                 std::optional<unsigned> Registers,
                                 uint64_t StaticShared, uint64_t DynamicShared);

/// Bytes of the `__shared__` variables of constant size that \p Kernel and
/// the device functions it calls declare (`extern __shared__` adds none).
uint64_t staticSharedBytes(clang::ASTContext &Ctx,
                           const clang::FunctionDecl *Kernel);

} // namespace cal

#endif // CAL_ANALYSIS_OCCUPANCY_H
