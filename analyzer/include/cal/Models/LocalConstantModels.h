//===- LocalConstantModels.h - Cost of local and constant requests -*- C++
//-*-=//
//
// Local memory is per-thread storage that the hardware interleaves across a
// warp; constant memory is read through a cache that serves one address at a
// time. Both are pure functions of the per-lane addresses of one request,
// like the global and shared models in MemoryModels.h.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_MODELS_LOCALCONSTANTMODELS_H
#define CAL_MODELS_LOCALCONSTANTMODELS_H

#include "cal/Models/MemoryModels.h"

namespace cal {

/// Sectors of one local-memory request. \p Lanes hold each lane's address in
/// its own local space (the same layout for every lane); the hardware stores
/// word w of lane l at w * WarpSize * LocalInterleaveBytes +
/// l * LocalInterleaveBytes, so lanes that use the same local address read
/// consecutive words. IdealSectors is the distinct bytes needed over
/// SectorBytes, as for global memory.
GlobalCost computeLocalCost(const TargetModel &TM,
                            llvm::ArrayRef<LaneAddress> Lanes,
                            unsigned BytesPerLane);

/// Requests the constant cache serves for one warp request: one per
/// distinct address among the active lanes (the request is serialised over
/// them); 0 with no active lane.
unsigned computeConstantRequests(llvm::ArrayRef<LaneAddress> Lanes);

} // namespace cal

#endif // CAL_MODELS_LOCALCONSTANTMODELS_H
