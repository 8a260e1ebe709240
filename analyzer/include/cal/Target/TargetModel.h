//===- TargetModel.h - Hardware facts per GPU architecture ------*- C++ -*-===//
//
// The one place where warp size, sector and line sizes, shared-memory banks
// and access phases live. Algorithms ask the model; they never hard-code 32.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_TARGET_TARGETMODEL_H
#define CAL_TARGET_TARGETMODEL_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace cal {

struct TargetModel {
  std::string Arch;             ///< "sm_90"
  unsigned WarpSize = 32;       ///< lanes per warp
  unsigned SectorBytes = 32;    ///< global-memory access granularity (L1TEX)
  unsigned LineBytes = 128;     ///< cache line = 4 sectors
  unsigned SharedBanks = 32;    ///< shared-memory banks
  unsigned BankWidthBytes = 4;  ///< bytes per bank per cycle
  unsigned MaxAccessBytes = 16; ///< widest per-lane access (float4/double2)
  /// Local memory interleaves the lanes of a warp at this granularity:
  /// word w of lane l is at w*WarpSize*LocalInterleaveBytes +
  /// l*LocalInterleaveBytes.
  unsigned LocalInterleaveBytes = 4;
  /// Statically declared shared memory per block: 48 KiB on every
  /// architecture modelled (more needs dynamic shared memory and
  /// cudaFuncSetAttribute; CUDA C++ Programming Guide, compute capabilities
  /// table).
  unsigned MaxStaticSharedBytes = 48 * 1024;

  /// Number of phases a shared access of \p BytesPerLane is split into:
  /// up to 4 bytes -> 1 (whole warp), 8 -> 2 (half warps), 16 -> 4 (quarter
  /// warps). Each phase moves at most SharedBanks*BankWidthBytes bytes.
  unsigned sharedPhases(unsigned BytesPerLane) const;

  /// The model for \p Arch ("sm_70", "sm_75", "sm_80", "sm_86", "sm_89",
  /// "sm_90", "sm_100", "sm_120"); an error naming the known ones otherwise.
  static llvm::Expected<TargetModel> get(llvm::StringRef Arch);
  static std::vector<std::string> knownArchs();
};

} // namespace cal

#endif // CAL_TARGET_TARGETMODEL_H
