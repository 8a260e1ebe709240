//===- TargetModel.cpp - Hardware facts per GPU architecture --------------===//
//
// The numbers every model reads, with the source of each. All architectures
// known today (Volta through Blackwell) share the same values for what the
// models use; they are listed one by one so that an architecture that
// changes a number changes one entry here and nothing else.
//
//===----------------------------------------------------------------------===//
#include "cal/Target/TargetModel.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"
#include <algorithm>
#include <iterator>

using namespace cal;

namespace {

/// The values shared by sm_70 .. sm_120.
TargetModel makeVoltaToBlackwell(llvm::StringRef Arch) {
  TargetModel TM;
  TM.Arch = Arch.str();
  // CUDA C++ Programming Guide, "Compute Capabilities" table: warp size 32 on
  // every compute capability to date.
  TM.WarpSize = 32;
  // Programming Guide, global memory for cc 5.x onwards and the Volta/Ampere
  // tuning guides: L1TEX serves global accesses in 32-byte sectors; the
  // H100 counters (gpu-facts.md: 4.00 sectors per contiguous-float request)
  // agree.
  TM.SectorBytes = 32;
  // Same sources: an L1/L2 cache line is 128 bytes = 4 sectors.
  TM.LineBytes = 128;
  // Programming Guide, shared memory for cc 5.x onwards: 32 banks, each 4
  // bytes wide; successive 32-bit words go to successive banks.
  TM.SharedBanks = 32;
  TM.BankWidthBytes = 4;
  // Programming Guide, "Device Memory Accesses": the widest naturally aligned
  // per-thread access is 16 bytes (float4, double2, int4).
  TM.MaxAccessBytes = 16;
  // Programming Guide, "Device Memory Accesses", local memory: consecutive
  // 32-bit words are accessed by consecutive thread IDs, so lanes at the
  // same local address are fully coalesced.
  TM.LocalInterleaveBytes = 4;
  return TM;
}

// Every architecture the models have been checked against. They are the same
// today; see the banner.
constexpr const char *KnownArchs[] = {"sm_70", "sm_75", "sm_80",  "sm_86",
                                      "sm_89", "sm_90", "sm_100", "sm_120"};

} // namespace

unsigned TargetModel::sharedPhases(unsigned BytesPerLane) const {
  // A width that is not 1, 2, 4, 8 or 16 is costed as the next width up: the
  // hardware moves whole power-of-two units, so the wider phase count is the
  // one the request cannot beat.
  unsigned Width = std::max<unsigned>(
      BankWidthBytes, static_cast<unsigned>(llvm::PowerOf2Ceil(BytesPerLane)));
  // One phase moves at most SharedBanks*BankWidthBytes bytes, so a full warp
  // of Width-byte lanes needs WarpSize*Width / (SharedBanks*BankWidthBytes)
  // phases: 1 for 32-bit, 2 for 64-bit, 4 for 128-bit on 32 x 4-byte banks,
  // which is what the H100 measured (gpu-facts.md: 64-bit = 2 and 128-bit = 4
  // wavefronts for a conflict-free warp).
  unsigned PhaseBytes = SharedBanks * BankWidthBytes;
  return std::max(1u, (WarpSize * Width + PhaseBytes - 1) / PhaseBytes);
}

std::vector<std::string> TargetModel::knownArchs() {
  return std::vector<std::string>(std::begin(KnownArchs), std::end(KnownArchs));
}

llvm::Expected<TargetModel> TargetModel::get(llvm::StringRef Arch) {
  // The architecture-specific (sm_90a) and family-specific (sm_100f)
  // variants add instructions, not a different memory system: they use
  // the base architecture's model.
  llvm::StringRef Base = Arch;
  if (Base.ends_with("a") || Base.ends_with("f"))
    Base = Base.drop_back();
  if (llvm::is_contained(KnownArchs, Base))
    return makeVoltaToBlackwell(Base);
  std::string Known;
  for (const char *A : KnownArchs) {
    if (!Known.empty())
      Known += ", ";
    Known += A;
  }
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "unknown GPU architecture '%s'; known: %s",
                                 Arch.str().c_str(), Known.c_str());
}
