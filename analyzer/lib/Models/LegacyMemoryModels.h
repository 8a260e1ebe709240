//===- LegacyMemoryModels.h - Transactions and banks before Volta -*- C++
//-*-===//
//
// The costs of the pre-Volta models (docs/legacy-architectures.md), called
// by computeGlobalCost and computeSharedCost for the architectures whose
// TargetModel says so.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_MODELS_LEGACYMEMORYMODELS_H
#define CAL_MODELS_LEGACYMEMORYMODELS_H

#include "cal/Models/MemoryModels.h"

namespace cal {

/// Lanes that form one global request: 16 on 1.x; on 2.x and 3.0 the warp,
/// or its halves or quarters for 8- and 16-byte lanes.
unsigned globalRequestLanes(const TargetModel &TM, unsigned BytesPerLane);

/// Bytes of one transaction of the LineOrSegment scheme.
unsigned globalTransactionBytes(const TargetModel &TM, bool Load);

/// Transactions of one warp instruction under TM.Global (not Sectors): the
/// sum over the requests the warp's lanes form. Sectors holds the
/// transactions, IdealSectors the fewest the bytes could take.
GlobalCost computeLegacyGlobalCost(const TargetModel &TM,
                                   llvm::ArrayRef<LaneAddress> Lanes,
                                   unsigned BytesPerLane, bool Load);

/// Steps of one 1.x shared request whose lanes access \p Words (bank-width
/// word numbers, one per lane and word touched), under the one-word
/// broadcast rule, with \p Banks banks.
unsigned oneWordBroadcastSteps(llvm::ArrayRef<uint64_t> Words, unsigned Banks);

} // namespace cal

#endif // CAL_MODELS_LEGACYMEMORYMODELS_H
