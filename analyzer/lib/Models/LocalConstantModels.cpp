//===- LocalConstantModels.cpp - Cost of local and constant requests ------===//
//
// Local memory: the CUDA C++ Programming Guide ("Device Memory Accesses",
// local memory) states that local memory is organised so that consecutive
// 32-bit words are accessed by consecutive thread IDs, so a warp whose lanes
// use the same local address is fully coalesced. The model maps each lane's
// local address to that interleaved layout and counts distinct sectors.
//
// Constant memory: the same section states that a request to the constant
// cache is split into as many separate requests as there are different
// addresses in it, costing throughput by that factor.
//
//===----------------------------------------------------------------------===//
#include "cal/Models/LocalConstantModels.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include <algorithm>
#include <cassert>

using namespace cal;

GlobalCost cal::computeLocalCost(const TargetModel &TM,
                                 llvm::ArrayRef<LaneAddress> Lanes,
                                 unsigned BytesPerLane) {
  assert(BytesPerLane > 0 && BytesPerLane <= TM.MaxAccessBytes &&
         "access width outside what one instruction can move");
  const uint64_t Word = TM.LocalInterleaveBytes;
  const uint64_t Row = uint64_t(TM.WarpSize) * Word;
  llvm::SmallVector<uint64_t, 32 * 5> Sectors, Lines;
  llvm::SmallVector<uint64_t, 32> Starts;
  for (unsigned L = 0; L < Lanes.size(); ++L) {
    if (!Lanes[L])
      continue;
    uint64_t A = *Lanes[L];
    Starts.push_back(A);
    // Every interleaving word the lane touches, at its lane's slot of that
    // word's row.
    for (uint64_t W = A / Word; W <= (A + BytesPerLane - 1) / Word; ++W) {
      uint64_t Phys = W * Row + L * Word;
      Sectors.push_back(Phys / TM.SectorBytes);
      Lines.push_back(Phys / TM.LineBytes);
    }
  }
  GlobalCost Cost;
  if (Starts.empty())
    return Cost;
  // A lane-uniform local address (the common case, `temp[j]`) lists the
  // lanes' slots in ascending order already: the sort is then skipped.
  if (!std::is_sorted(Sectors.begin(), Sectors.end()))
    llvm::sort(Sectors);
  if (!std::is_sorted(Lines.begin(), Lines.end()))
    llvm::sort(Lines);
  Cost.Sectors = std::unique(Sectors.begin(), Sectors.end()) - Sectors.begin();
  Cost.Lines = std::unique(Lines.begin(), Lines.end()) - Lines.begin();
  // Distinct bytes: lanes are separate threads, so two lanes never share a
  // byte of local memory even at the same local address.
  uint64_t Bytes = uint64_t(Starts.size()) * BytesPerLane;
  Cost.IdealSectors = (Bytes + TM.SectorBytes - 1) / TM.SectorBytes;
  return Cost;
}

unsigned cal::computeConstantRequests(llvm::ArrayRef<LaneAddress> Lanes) {
  llvm::SmallVector<uint64_t, 32> Addrs;
  for (const LaneAddress &A : Lanes)
    if (A)
      Addrs.push_back(*A);
  if (!std::is_sorted(Addrs.begin(), Addrs.end()))
    llvm::sort(Addrs);
  return std::unique(Addrs.begin(), Addrs.end()) - Addrs.begin();
}
