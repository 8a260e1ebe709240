//===- MemoryModels.h - Cost of one warp-level memory request ---*- C++ -*-===//
//
// Pure functions from the per-lane byte addresses of one warp request to the
// quantities the hardware counts: 32-byte sectors for global memory,
// wavefronts for shared memory.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_MODELS_MEMORYMODELS_H
#define CAL_MODELS_MEMORYMODELS_H

#include "cal/Target/TargetModel.h"
#include "llvm/ADT/ArrayRef.h"
#include <cstdint>
#include <optional>

namespace cal {

/// One lane of a request: std::nullopt for an inactive lane, else the byte
/// address of its first byte. The array index is the lane number.
using LaneAddress = std::optional<uint64_t>;

/// For a model that counts transactions (TargetModel::countsTransactions,
/// the pre-Volta ones), Sectors and IdealSectors hold transactions: the
/// figure is in TM.globalUnit().
struct GlobalCost {
  unsigned Sectors = 0;      ///< distinct sectors touched by active lanes
  unsigned IdealSectors = 0; ///< ceil(distinct bytes needed / SectorBytes)
  unsigned Lines = 0;        ///< distinct LineBytes lines touched
  /// Legacy models: the bytes the transactions move, and the fewest they
  /// could move: per request, the distinct bytes the active lanes need in
  /// whole transactions of the smallest size (0 for sectors).
  unsigned TransactionBytes = 0;
  unsigned IdealBytes = 0;
};

/// Each active lane touches [Addr, Addr + BytesPerLane). Requires
/// BytesPerLane <= MaxAccessBytes. No active lane gives all zeros. \p Load
/// matters only where loads and stores are cached differently (Fermi).
GlobalCost computeGlobalCost(const TargetModel &TM,
                             llvm::ArrayRef<LaneAddress> Lanes,
                             unsigned BytesPerLane, bool Load = true);

struct SharedCost {
  unsigned Wavefronts = 0;      ///< passes through the bank array
  unsigned IdealWavefronts = 0; ///< the minimum for the distinct bytes moved
};

/// Lanes are split into TM.sharedPhases(BytesPerLane) consecutive groups;
/// within a group, lanes touching the same bank-width word are served
/// together (broadcast/multicast), and the group costs the largest number of
/// distinct words mapped to any one bank (on 1.x, with its one-word
/// broadcast: the steps of oneWordBroadcastSteps). The request costs the sum
/// over groups with an active lane. A load of 8- or 16-byte lanes takes
/// half the groups where TargetModel::SharedMergeGroupLanes says so; a
/// store never (\p Load false).
SharedCost computeSharedCost(const TargetModel &TM,
                             llvm::ArrayRef<LaneAddress> Lanes,
                             unsigned BytesPerLane, bool Load = true);

} // namespace cal

#endif // CAL_MODELS_MEMORYMODELS_H
