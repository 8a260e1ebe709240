//===- TrafficCounter.h - Bytes and operations of a launch ------*- C++ -*-===//
//
// What the evaluated blocks move and compute, scaled by the blocks each
// stands for: the roofline's raw counts (Roofline.h), per sample. The
// collector feeds it every costed access and arithmetic event.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_LIB_ANALYSIS_TRAFFICCOUNTER_H
#define CAL_LIB_ANALYSIS_TRAFFICCOUNTER_H

#include "cal/Analysis/Roofline.h"
#include "cal/Models/MemoryModels.h"
#include "cal/Target/TargetModel.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include <map>
#include <vector>

namespace cal {

class TrafficCounter {
public:
  explicit TrafficCounter(const TargetModel &TM) : TM(TM) {}

  /// The events that follow are of a block that stands for \p StandsFor
  /// blocks of sample \p S's grid of \p GridThreads threads.
  void beginBlock(unsigned S, double GridThreads, uint64_t StandsFor);
  /// \p N operations of class \p C in the lanes of \p Active.
  void addOps(OpClass C, unsigned N, uint32_t Active);
  /// Bytes the request's sectors (or transactions) move.
  void addSectorBytes(double Bytes);
  /// The DRAM fetch units a global read touches and the sectors a write
  /// touches, per object \p Base, and the object's span.
  void addDramUnits(uint64_t Base, bool Reads, bool Writes,
                    llvm::ArrayRef<LaneAddress> Lanes, unsigned Bytes);
  /// Ends the last block.
  void finish() { flushBlock(); }

  const std::vector<SampleTraffic> &samples() const { return Samples; }

private:
  /// The current block's distinct fetch units (reads) and sectors
  /// (writes) of one object: DRAM moves each once per block, L2 keeping
  /// what the block reuses.
  struct BlockUnits {
    /// Unit or sector -> the bytes of it some lane used (bit I: byte I;
    /// units and sectors are at most 64 bytes).
    llvm::DenseMap<uint64_t, uint64_t> Read, Write;
  };
  void flushBlock();

  const TargetModel &TM;
  std::vector<SampleTraffic> Samples;
  unsigned Sample = 0;
  double StandsFor = 1;
  std::map<uint64_t, BlockUnits> Units;
};

} // namespace cal

#endif // CAL_LIB_ANALYSIS_TRAFFICCOUNTER_H
