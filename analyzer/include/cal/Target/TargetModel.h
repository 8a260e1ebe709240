//===- TargetModel.h - Hardware facts per GPU architecture ------*- C++ -*-===//
//
// The one place where warp size, sector and line sizes, shared-memory banks,
// access phases, block limits and memory partitions live. Algorithms ask the
// model; they never hard-code 32. Every architecture comes from one table in
// TargetModel.cpp, with the source of each number
// (docs/legacy-architectures.md for the ones before Volta).
//
//===----------------------------------------------------------------------===//
#ifndef CAL_TARGET_TARGETMODEL_H
#define CAL_TARGET_TARGETMODEL_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <cstdint>
#include <string>
#include <vector>

namespace cal {

/// How a global warp request turns into memory traffic.
enum class GlobalScheme {
  /// Volta onwards: L1TEX counts the distinct 32-byte sectors of the warp.
  Sectors,
  /// Compute capability 1.0/1.1: a half-warp coalesces into one segment
  /// only when lane k reads word k of an aligned segment; else one
  /// transaction per lane.
  StrictHalfWarp,
  /// Compute capability 1.2/1.3: per half-warp, one transaction per
  /// segment touched, shrunk to the used half (down to 32 bytes).
  SegmentHalfWarp,
  /// Fermi (2.x) and Kepler (3.0): per warp (split into 128-byte requests
  /// for 8- and 16-byte lanes), one transaction per distinct L1 line
  /// (loads cached in L1) or 32-byte L2 segment (loads not cached in L1,
  /// stores, atomics).
  LineOrSegment,
};

/// How lanes reading the same shared word are served.
enum class SharedBroadcast {
  /// Compute capability 2.0 onwards: any number of words is multicast in
  /// one pass.
  Multicast,
  /// Compute capability 1.x: per step, one word is broadcast, and each other
  /// bank serves one lane.
  OneWord,
};

struct TargetModel {
  /// Widest warp of any architecture: lane masks are 32-bit (uint32_t),
  /// as the CUDA warp intrinsics' masks are (Programming Guide, warp vote
  /// and shuffle functions).
  static constexpr unsigned MaxWarpSize = 32;
  /// Largest thread count per block of any architecture in the table: what
  /// a configuration file may name before the architecture is known.
  static constexpr unsigned LargestBlockThreads = 1024;
  /// cudaMalloc aligns every allocation to at least 256 bytes (Programming
  /// Guide, "Device Memory Accesses").
  static constexpr unsigned AllocationAlignment = 256;
  /// The analyzer places each global object (argument, __device__ or
  /// __constant__ variable) 2^36 bytes apart and each shared array 2^16
  /// bytes apart: multiples of every alignment, sector, line, bank row and
  /// partition span in the table, so that objects never share any of them
  /// and each starts where an object placed alone would.
  static constexpr unsigned GlobalObjectSpacingShift = 36;
  static constexpr unsigned SharedObjectSpacingShift = 16;

  std::string Arch; ///< "sm_90"
  /// The architecture clang parses the kernels for: the same as Arch when
  /// clang and the CUDA toolkit can target it, else the oldest one they can
  /// (the legacy models).
  std::string ParseArch;
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
  /// Statically declared shared memory per block: 48 KiB from compute
  /// capability 2.0 on (more needs dynamic shared memory and
  /// cudaFuncSetAttribute), 16 KiB on 1.x (CUDA C++ Programming Guide,
  /// compute capabilities table).
  unsigned MaxStaticSharedBytes = 48 * 1024;
  /// Threads per block: 1024 from 2.0 on, 512 on 1.x (same table).
  unsigned MaxThreadsPerBlock = 1024;

  /// Global memory: how requests are costed (GlobalScheme), over how many
  /// lanes one request is formed (32, or 16 on 1.x), and, for the legacy
  /// schemes, the segment or line size of one transaction.
  GlobalScheme Global = GlobalScheme::Sectors;
  unsigned GlobalRequestLanes = 32;
  /// LineOrSegment only: whether loads are cached in L1 (128-byte lines;
  /// Fermi's default, -Xptxas -dlcm=ca) or in L2 only (32-byte segments;
  /// -dlcm=cg, and Kepler's default).
  bool L1CachesGlobalLoads = false;
  /// Whether L1 caching of global loads is a compiler choice (Fermi:
  /// --legacy-l1 spells -Xptxas -dlcm=ca/cg).
  bool L1CacheSelectable = false;

  /// Shared memory: the broadcast rule, and over how many lanes one
  /// request is resolved (16 on 1.x, 32 since).
  SharedBroadcast Broadcast = SharedBroadcast::Multicast;

  /// Partition camping: global memory is interleaved over Partitions
  /// partitions of PartitionBytes each; 0 when the mapping is hashed or
  /// undocumented (Fermi onwards), and the check does not apply.
  unsigned Partitions = 0;
  unsigned PartitionBytes = 0;
  /// What decides how many blocks run at once, for the blocks the
  /// partition check follows: multiprocessors of the reference part, and
  /// the per-multiprocessor block and thread limits.
  unsigned Multiprocessors = 0;
  std::string ReferencePart; ///< "GeForce GTX 280"
  unsigned MaxBlocksPerSM = 0;
  unsigned MaxThreadsPerSM = 0;

  /// Occupancy limits (TargetModel.cpp, [PG] and [OCC]); zero where the
  /// row does not model occupancy (before Volta).
  unsigned RegistersPerSM = 0;         ///< 32-bit registers per SM
  unsigned MaxRegistersPerThread = 0;  ///< ptxas's per-thread ceiling
  unsigned RegisterAllocUnit = 0;      ///< registers per warp, rounded up to
  unsigned RegisterSubPartitions = 0;  ///< register file split per scheduler
  unsigned SharedPerSM = 0;            ///< the largest shared carveout
  unsigned SharedPerBlockOptIn = 0;    ///< per block, with opt-in
  unsigned SharedAllocUnit = 0;        ///< shared bytes per block rounded to
  unsigned SharedReservedPerBlock = 0; ///< the driver's per-block reserve
  bool modelsOccupancy() const { return RegistersPerSM != 0; }

  /// Roofline facts (TargetModel.cpp, [PG-T] and [SPEC]). Arithmetic
  /// results per clock per SM, by class of operation; zero where the row
  /// does not give them.
  unsigned Fp16OpsPerClock = 0, Fp32OpsPerClock = 0, Fp64OpsPerClock = 0,
           IntOpsPerClock = 0;
  /// Bytes one DRAM read moves for a sector that misses L2: a sector pair
  /// where measured [H100], else the sector.
  unsigned DramFetchBytes = 32;
  /// The part whose peaks give the static time bound (the verifier redoes
  /// it for the GPU it runs on); empty where the row names none.
  std::string ReferenceDevice;
  unsigned DeviceSMs = 0, DeviceClockMHz = 0;
  double DeviceDramGBps = 0;
  uint64_t DeviceL2Bytes = 0;
  bool modelsThroughput() const { return Fp32OpsPerClock != 0; }

  /// The time model of the findings' costs (LaunchTime.h), per SM per
  /// clock of the reference part: the global or local sectors the L1-to-L2
  /// path serves to loads and to stores when each sector of a request is a
  /// different one (the uncoalesced case; a store sector is partly
  /// written), and the shared-memory wavefronts. 0 where not measured: no
  /// time saved is estimated there.
  /// [H100] throughput probe in docs/gpu-facts.md ("Throughput").
  double L2LoadSectorsPerClock = 0, L2StoreSectorsPerClock = 0,
         SharedWavefrontsPerClock = 0;
  /// Of a store's sectors that its warp stored before since its last
  /// barrier (the members of a structure written one by one, a thread's
  /// consecutive elements written as scalars), the share that still
  /// reaches L2: L1 merges the rest into the earlier stores' writes. 1
  /// where not measured.
  /// [H200] store-merge probe in docs/gpu-facts.md ("Stores merged in L1").
  double L2StoreRepeatShare = 1;
  /// Store sectors the warp leaves partly written, per SM per clock, where
  /// L2 does not hold their lines (the launch's bytes do not fit): L2 takes
  /// them more slowly than those it holds. 0 where not measured (the L2
  /// rate then applies).
  /// [H100] throughput probe in docs/gpu-facts.md ("Throughput").
  double L2PartialStoreSectorsDramPerClock = 0;
  /// 128-byte lines L1 looks up per SM per clock: a request takes a clock
  /// for each line it touches. 0 where not measured (no L1 term).
  /// [H200] L1 probe in docs/gpu-facts.md ("L1 lines").
  double L1LinesPerClock = 0;
  /// Warp instructions an SM issues a clock: one per scheduler.
  double WarpIssuePerClock = 0;
  /// The DRAM bandwidth a large copy reaches (the time model's; the
  /// roofline's bound keeps the peak, DeviceDramGBps).
  double DeviceDramAchievedGBps = 0;
  bool modelsTime() const {
    return modelsThroughput() && L2LoadSectorsPerClock > 0 &&
           !ReferenceDevice.empty();
  }

  /// Wide shared accesses (8 and 16 bytes) whose every group of
  /// SharedMergeGroupLanes consecutive lanes reads at most
  /// SharedMergeGroupBytes distinct bytes, no two of its words in one
  /// bank, are served in half the phases (a whole warp for 8 bytes,
  /// half-warps for 16); 0 where not measured.
  /// [H100] probes in docs/gpu-facts.md ("Wide shared accesses").
  unsigned SharedMergeGroupLanes = 0, SharedMergeGroupBytes = 0;

  /// Shared atomics that compile to a compare-and-swap: atomicCAS
  /// (ATOMS.CAS) and floating-point read-modify-writes (a loop around
  /// ATOMS.CAST.SPIN) take this many wavefronts per executed instruction,
  /// and the spin loop runs once per lane of the most used bank (lanes on
  /// one word included); integer atomics cost as a load does. 0 where not
  /// measured (the load rule then applies to all).
  /// [H100] probes in docs/gpu-facts.md ("Shared atomics").
  unsigned SharedCasWavefronts = 0;

  /// A legacy model (before Volta): its global figure is transactions,
  /// not L1TEX sectors.
  bool countsTransactions() const { return Global != GlobalScheme::Sectors; }
  /// "sectors" or "transactions": what the global figure counts.
  llvm::StringRef globalUnit() const {
    return countsTransactions() ? "transactions" : "sectors";
  }

  /// The segment a 1.x half-warp request of \p BytesPerLane-byte words is
  /// served from: on 1.0/1.1 (coalesced) 64 bytes for words up to 4 bytes,
  /// 128 for wider ones; on 1.2/1.3 32 bytes for 1-byte words, 64 for
  /// 2-byte, 128 for wider [PG 1.x][SEED]. LineBytes for other schemes.
  unsigned segmentBytes(unsigned BytesPerLane) const;

  /// For a model that counts transactions: how one warp instruction is
  /// costed, in a sentence ("sm_13: per half-warp, ..."); empty otherwise.
  std::string globalRuleText() const;
  /// For a model parsed as another architecture: the note that says so;
  /// empty otherwise.
  std::string parseNote() const;

  /// Number of phases a shared access of \p BytesPerLane is split into:
  /// up to 4 bytes -> 1 (whole warp), 8 -> 2 (half warps), 16 -> 4 (quarter
  /// warps) with 32 banks; twice as many with 16. Each phase moves at most
  /// SharedBanks*BankWidthBytes bytes.
  unsigned sharedPhases(unsigned BytesPerLane) const;

  /// The model for \p Arch (see knownArchs(); an `a` or `f` suffix takes
  /// the base architecture's model); an error naming the known ones
  /// otherwise.
  static llvm::Expected<TargetModel> get(llvm::StringRef Arch);
  /// What clang parses for when a command names \p Arch: the ParseArch of
  /// a legacy model, else \p Arch itself.
  static std::string parseArchFor(llvm::StringRef Arch);
  /// Every architecture in the table, oldest first.
  static std::vector<std::string> knownArchs();
};

} // namespace cal

#endif // CAL_TARGET_TARGETMODEL_H
