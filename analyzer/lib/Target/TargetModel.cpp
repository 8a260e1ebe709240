//===- TargetModel.cpp - Hardware facts per GPU architecture --------------===//
//
// The numbers every model reads, with the source of each, in one table:
// one row per architecture, oldest first. Volta through Blackwell share the
// same values for what the models use; the rows before them are the legacy
// models of docs/legacy-architectures.md.
//
// Sources, cited by tag in the rows:
//  [PG]   CUDA C++ Programming Guide: the "Compute Capabilities" table
//         (warp size, threads per block and per multiprocessor, resident
//         blocks, shared memory), and its global- and shared-memory sections
//         per compute capability (1.x, 2.x, 3.x, 5.x onwards).
//  [SEED] The coalescing and transposition slides the project grew from
//         (Filipovic, "GPU Hardware Performance", 2010): segment sizes and
//         the half-warp rules for 1.x, 16 banks on 1.x and 32 from 2.0,
//         global memory in 256-byte partitions, 6 on G80 and 8 on GT200.
//  [OCC]  The CUDA toolkit's occupancy calculator, cuda_occupancy.h (CUDA
//         13.0): register allocation unit 256 per warp, 4 register
//         sub-partitions, 255 registers per thread, shared allocation
//         granularity 128 bytes from 8.x (256 on 7.x), the 1 KiB the driver
//         reserves per block from 8.x, and the shared carveouts per SM.
//  [H100] Counters measured on the H100 (docs/gpu-facts.md).
//  [PG-T] Programming Guide, "Arithmetic Instructions": results per clock
//         cycle per multiprocessor for 16-, 32- and 64-bit floating-point
//         add/multiply/multiply-add and 32-bit integer add, multiply,
//         shift and logic, per compute capability.
//  [SPEC] NVIDIA's datasheets of the reference parts: multiprocessors,
//         boost clock, memory bandwidth, L2 size.
//
//===----------------------------------------------------------------------===//
#include "cal/Target/TargetModel.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"
#include <algorithm>
#include <iterator>

using namespace cal;

namespace {

/// The oldest architecture that clang 22 and the CUDA 13 toolkit can parse
/// for; legacy models parse for it (a note says so) and cost with their own
/// rules.
constexpr const char *OldestParseArch = "sm_75";

/// One row of the table. Fields not named keep TargetModel's defaults,
/// which are the Volta-to-Blackwell values.
struct Row {
  const char *Arch;
  GlobalScheme Global;
  /// 16 for the half-warp of 1.x, 32 since 2.0 [PG][SEED].
  unsigned RequestLanes;
  /// 16 banks on 1.x, 32 since 2.0 [SEED][PG]; 4 bytes wide on all.
  unsigned Banks;
  SharedBroadcast Broadcast;
  /// Threads per block: 512 on 1.x, 1024 since 2.0 [PG].
  unsigned MaxThreadsPerBlock;
  /// Static shared memory per block: 16 KiB on 1.x, 48 KiB since [PG].
  unsigned StaticSharedKiB;
  /// L1 caches global loads by default: Fermi only (-dlcm=ca) [PG 2.x];
  /// Kepler 3.0 caches global loads in L2 only [PG 3.x].
  bool L1Loads;
  /// 256-byte partitions: 6 on G80 (sm_10), 8 on GT200 (sm_13) [SEED]; the
  /// parts of 1.1 and 1.2 are not documented there, and from Fermi on the
  /// mapping is not a plain interleave: 0.
  unsigned Partitions;
  /// The reference part of the row, for how many blocks run at once: its
  /// multiprocessors, and the per-multiprocessor limits of the compute
  /// capability [PG]. Zero where the partition check does not apply.
  const char *Part;
  unsigned SMs, BlocksPerSM, ThreadsPerSM;
  bool Legacy; ///< parsed for OldestParseArch
};

constexpr GlobalScheme Sectors = GlobalScheme::Sectors;
constexpr GlobalScheme Strict = GlobalScheme::StrictHalfWarp;
constexpr GlobalScheme Segment = GlobalScheme::SegmentHalfWarp;
constexpr GlobalScheme LineSeg = GlobalScheme::LineOrSegment;
constexpr SharedBroadcast One = SharedBroadcast::OneWord;
constexpr SharedBroadcast Multi = SharedBroadcast::Multicast;

// clang-format off
constexpr Row Table[] = {
  // arch    global  lanes banks bcast  thr/blk KiB  L1   parts part            SMs blk/SM thr/SM legacy
  {"sm_10",  Strict,  16,  16,  One,    512,    16, false, 6, "GeForce 8800 GTX", 16, 8,  768,  true},
  {"sm_11",  Strict,  16,  16,  One,    512,    16, false, 0, "",                 0,  8,  768,  true},
  {"sm_12",  Segment, 16,  16,  One,    512,    16, false, 0, "",                 0,  8,  1024, true},
  {"sm_13",  Segment, 16,  16,  One,    512,    16, false, 8, "GeForce GTX 280",  30, 8,  1024, true},
  {"sm_20",  LineSeg, 32,  32,  Multi,  1024,   48, true,  0, "",                 0,  8,  1536, true},
  {"sm_21",  LineSeg, 32,  32,  Multi,  1024,   48, true,  0, "",                 0,  8,  1536, true},
  {"sm_30",  LineSeg, 32,  32,  Multi,  1024,   48, false, 0, "",                 0,  16, 2048, true},
  {"sm_35",  LineSeg, 32,  32,  Multi,  1024,   48, false, 0, "",                 0,  16, 2048, true},
  {"sm_37",  LineSeg, 32,  32,  Multi,  1024,   48, false, 0, "",                 0,  16, 2048, true},
  // Maxwell and Pascal: global loads cached in L2 only by default, served
  // in 32-byte sectors per warp request as since [PG 5.x "Global Memory",
  // 6.x "behaves the same way as 5.x"]; 32 banks of 4 bytes with multicast
  // [PG 5.x "Shared Memory"]. Parsed for sm_75 (CUDA 13 builds no older).
  {"sm_50",  Sectors, 32,  32,  Multi,  1024,   48, false, 0, "",                 0,  32, 2048, true},
  {"sm_52",  Sectors, 32,  32,  Multi,  1024,   48, false, 0, "",                 0,  32, 2048, true},
  {"sm_53",  Sectors, 32,  32,  Multi,  1024,   48, false, 0, "",                 0,  32, 2048, true},
  {"sm_60",  Sectors, 32,  32,  Multi,  1024,   48, false, 0, "",                 0,  32, 2048, true},
  {"sm_61",  Sectors, 32,  32,  Multi,  1024,   48, false, 0, "",                 0,  32, 2048, true},
  {"sm_62",  Sectors, 32,  32,  Multi,  1024,   48, false, 0, "",                 0,  32, 2048, true},
  // Volta to Blackwell: 32-byte sectors per warp request [PG 5.x onwards]
  // [H100: 4.00 sectors per contiguous-float request], 32 banks of 4 bytes
  // with multicast [PG][H100: s[t*C] stores 1, 2, 1, 4, ... wavefronts].
  {"sm_70",  Sectors, 32,  32,  Multi,  1024,   48, false, 0, "",                 0,  32, 2048, false},
  {"sm_75",  Sectors, 32,  32,  Multi,  1024,   48, false, 0, "",                 0,  16, 1024, false},
  {"sm_80",  Sectors, 32,  32,  Multi,  1024,   48, false, 0, "",                 0,  32, 2048, false},
  {"sm_86",  Sectors, 32,  32,  Multi,  1024,   48, false, 0, "",                 0,  16, 1536, false},
  {"sm_89",  Sectors, 32,  32,  Multi,  1024,   48, false, 0, "",                 0,  24, 1536, false},
  {"sm_90",  Sectors, 32,  32,  Multi,  1024,   48, false, 0, "",                 0,  32, 2048, false},
  {"sm_100", Sectors, 32,  32,  Multi,  1024,   48, false, 0, "",                 0,  32, 2048, false},
  {"sm_120", Sectors, 32,  32,  Multi,  1024,   48, false, 0, "",                 0,  32, 1536, false},
};
// clang-format on

constexpr bool blocksWithinLargest() {
  for (const Row &R : Table)
    if (R.MaxThreadsPerBlock > TargetModel::LargestBlockThreads)
      return false;
  return true;
}
static_assert(blocksWithinLargest(),
              "LargestBlockThreads is the table's largest block");

/// Occupancy limits per architecture, Maxwell onwards. Registers: 64 Ki 32-bit
/// registers per SM and 255 per thread on every one [PG "Technical
/// Specifications per Compute Capability"], allocated per warp in units of
/// 256 over 4 sub-partitions [OCC cudaOccRegAllocationGranularity,
/// cudaOccSubPartitionsPerMultiprocessor]. Shared memory per SM / per block
/// (opt-in) [PG]: 7.0 96/96 KiB, 7.5 64/64, 8.0 164/163, 8.6 and 8.9
/// 100/99, 9.0 and 10.0 228/227, 12.0 100/99 (the largest carveout of
/// [OCC cudaOccAlignUpShmemSizeVoltaPlus]). Granularity 256 bytes on 7.x,
/// 128 since [OCC cudaOccSMemAllocationGranularity]; 1 KiB reserved per
/// block from 8.0 on [PG: "1 KB of shared memory is reserved for system
/// use"; OCC reservedSharedMemPerBlock].
struct OccupancyRow {
  const char *Arch;
  unsigned SharedPerSMKiB, SharedPerBlockKiB, AllocUnit, ReservedBytes;
};
constexpr OccupancyRow OccupancyTable[] = {
    // Maxwell and Pascal [PG "Technical Specifications"]: 64 Ki registers
    // and 255 per thread as below; shared memory per SM 64 KiB (5.0, 5.3,
    // 6.0, 6.2) or 96 KiB (5.2, 6.1), at most 48 KiB per block, allocated
    // in 256-byte units.
    {"sm_50", 64, 48, 256, 0},       {"sm_52", 96, 48, 256, 0},
    {"sm_53", 64, 48, 256, 0},       {"sm_60", 64, 48, 256, 0},
    {"sm_61", 96, 48, 256, 0},       {"sm_62", 64, 48, 256, 0},
    {"sm_70", 96, 96, 256, 0},       {"sm_75", 64, 64, 256, 0},
    {"sm_80", 164, 163, 128, 1024},  {"sm_86", 100, 99, 128, 1024},
    {"sm_89", 100, 99, 128, 1024},   {"sm_90", 228, 227, 128, 1024},
    {"sm_100", 228, 227, 128, 1024}, {"sm_120", 100, 99, 128, 1024},
};

void setOccupancyLimits(TargetModel &TM) {
  for (const OccupancyRow &O : OccupancyTable) {
    if (TM.Arch != O.Arch)
      continue;
    TM.RegistersPerSM = 64 * 1024;
    TM.MaxRegistersPerThread = 255;
    TM.RegisterAllocUnit = 256;
    TM.RegisterSubPartitions = 4;
    TM.SharedPerSM = O.SharedPerSMKiB * 1024;
    TM.SharedPerBlockOptIn = O.SharedPerBlockKiB * 1024;
    TM.SharedAllocUnit = O.AllocUnit;
    TM.SharedReservedPerBlock = O.ReservedBytes;
  }
}

/// Roofline facts, Volta onwards. Throughput per SM per clock [PG-T]
/// (half2 counts as two 16-bit results; the integer figure is the slowest
/// of 32-bit add, multiply and logic, 64 on all of these). The reference
/// part per architecture [SPEC]; its DRAM peak is memory clock x bus width
/// x 2, which for the H100 SXM5 is what the verifier read off the device
/// (docs/measurements-h100.md: 2,619 MHz, 5,120 bits, 3,352.32 GB/s; L2
/// 52,428,800 bytes). DRAM reads move 64-byte sector pairs on the H100: a
/// load of one float per 128 bytes read 2.0x its sector bytes
/// (docs/roofline.md, coalescing.stride_32); elsewhere unmeasured, 32.
struct ThroughputRow {
  const char *Arch;
  unsigned Fp16, Fp32, Fp64, Int, DramFetch;
  const char *Part;
  unsigned SMs, ClockMHz;
  double DramGBps;
  uint64_t L2Bytes;
};
// clang-format off
constexpr ThroughputRow ThroughputTable[] = {
  // arch    fp16 fp32 fp64 int fetch part                 SMs  MHz   GB/s     L2
  {"sm_70",  256, 64,  32,  64, 32, "Tesla V100 SXM2",      80, 1530,  900.0,   6u << 20},
  {"sm_75",  256, 64,  2,   64, 32, "",                     0,  0,     0,       0},
  {"sm_80",  256, 64,  32,  64, 32, "A100 SXM4 80GB",       108, 1410, 2039.0,  40u << 20},
  {"sm_86",  256, 128, 2,   64, 32, "",                     0,  0,     0,       0},
  {"sm_89",  256, 128, 2,   64, 32, "",                     0,  0,     0,       0},
  {"sm_90",  256, 128, 64,  64, 64, "H100 SXM5 80GB",       132, 1980, 3352.32, 50u << 20},
};
// clang-format on

void setThroughput(TargetModel &TM) {
  for (const ThroughputRow &T : ThroughputTable) {
    if (TM.Arch != T.Arch)
      continue;
    TM.Fp16OpsPerClock = T.Fp16;
    TM.Fp32OpsPerClock = T.Fp32;
    TM.Fp64OpsPerClock = T.Fp64;
    TM.IntOpsPerClock = T.Int;
    TM.DramFetchBytes = T.DramFetch;
    TM.ReferenceDevice = T.Part;
    TM.DeviceSMs = T.SMs;
    TM.DeviceClockMHz = T.ClockMHz;
    TM.DeviceDramGBps = T.DramGBps;
    TM.DeviceL2Bytes = T.L2Bytes;
  }
}

/// Measured on the H100 only (docs/gpu-facts.md, "Wide shared accesses"):
/// 15 one-instruction probes of 8- and 16-byte loads fit this rule and no
/// other tried; other architectures keep the fixed phases until measured.
void setSharedMerge(TargetModel &TM) {
  if (TM.Arch == "sm_90") {
    TM.SharedMergeGroupLanes = 4;
    TM.SharedMergeGroupBytes = 16;
    // 15 one-instruction probes (docs/gpu-facts.md, "Shared atomics").
    TM.SharedCasWavefronts = 2;
    // The throughput probe (docs/gpu-facts.md, "Throughput"): one float
    // per sector over a 16 MiB range that stays in L2, 0.757 sectors per
    // SM per clock for loads and 0.345 for stores; a 32-way conflicted
    // shared load, 0.996 wavefronts (one a clock: 32 banks x 4 bytes).
    TM.L2LoadSectorsPerClock = 0.757;
    TM.L2StoreSectorsPerClock = 0.345;
    TM.SharedWavefrontsPerClock = 1.0;
    // The store-merge probe (docs/gpu-facts.md, "Stores merged in L1"): a
    // warp's stores to the sectors it has just written reach L2 as 0.08 to
    // 0.24 of their sectors in five of its six kernels (0.63 in the sixth),
    // median 0.15. Measured on the H200, the same GH100 chip.
    TM.L2StoreRepeatShare = 0.15;
    // One float stored per sector over 1 GiB (docs/gpu-facts.md,
    // "Throughput"): 0.168 sectors per SM per clock; the block-reuse probe's
    // column stores, whose sectors other warps complete in L2, run at the
    // same rate on the H200 ("Loads shared by a block's warps").
    TM.L2PartialStoreSectorsDramPerClock = 0.168;
    // L1-resident loads touching 8 and 32 lines a request (docs/gpu-facts.md,
    // "L1 lines"): 0.98 and 0.99 lines per SM per clock on the H200, the
    // same chip and clock as the H100.
    TM.L1LinesPerClock = 1.0;
    // Four schedulers an SM, each issuing one warp instruction a clock.
    TM.WarpIssuePerClock = 4;
    // cudaMemcpy device to device of 1 GiB, 2978.6 GB/s (88.9% of the
    // peak; docs/transpose-bandwidth.md, "The ceilings").
    TM.DeviceDramAchievedGBps = 2978.6;
  }
}

TargetModel fromRow(const Row &R) {
  TargetModel TM;
  TM.Arch = R.Arch;
  TM.ParseArch = R.Legacy ? OldestParseArch : R.Arch;
  // [PG] warp size 32 on every compute capability to date.
  TM.WarpSize = 32;
  // [PG], [H100]: L1TEX serves global accesses in 32-byte sectors of
  // 128-byte lines. The legacy schemes use SectorBytes as their smallest
  // transaction (32 bytes on every one of them [SEED][PG]) and LineBytes as
  // their largest segment or L1 line (128 bytes [SEED][PG 1.x, 2.x]).
  TM.SectorBytes = 32;
  TM.LineBytes = 128;
  TM.SharedBanks = R.Banks;
  // [SEED][PG]: successive 32-bit words go to successive banks, on every
  // compute capability (Kepler's optional 8-byte bank mode is off by
  // default).
  TM.BankWidthBytes = 4;
  // [PG] "Device Memory Accesses": the widest naturally aligned per-thread
  // access is 16 bytes (float4, double2, int4), on 1.x as since.
  TM.MaxAccessBytes = 16;
  // Programming Guide, "Device Memory Accesses", local memory: consecutive
  // 32-bit words are accessed by consecutive thread IDs, so lanes at the
  // same local address are fully coalesced.
  TM.LocalInterleaveBytes = 4;
  TM.MaxStaticSharedBytes = R.StaticSharedKiB * 1024;
  TM.MaxThreadsPerBlock = R.MaxThreadsPerBlock;
  TM.Global = R.Global;
  TM.GlobalRequestLanes = R.RequestLanes;
  TM.L1CachesGlobalLoads = R.L1Loads;
  TM.L1CacheSelectable = R.L1Loads;
  TM.Broadcast = R.Broadcast;
  TM.Partitions = R.Partitions;
  TM.PartitionBytes = R.Partitions ? 256 : 0; // [SEED]
  TM.ReferencePart = R.Part;
  TM.Multiprocessors = R.SMs;
  TM.MaxBlocksPerSM = R.BlocksPerSM;
  TM.MaxThreadsPerSM = R.ThreadsPerSM;
  setOccupancyLimits(TM);
  setThroughput(TM);
  setSharedMerge(TM);
  return TM;
}

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
  // wavefronts for a conflict-free warp). With the 16 banks of 1.x, a 32-bit
  // access takes 2 phases, one per half-warp [SEED][PG 1.x].
  unsigned PhaseBytes = SharedBanks * BankWidthBytes;
  return std::max(1u, (WarpSize * Width + PhaseBytes - 1) / PhaseBytes);
}

unsigned TargetModel::segmentBytes(unsigned BytesPerLane) const {
  switch (Global) {
  case GlobalScheme::StrictHalfWarp:
    return BytesPerLane <= 4 ? LineBytes / 2 : LineBytes;
  case GlobalScheme::SegmentHalfWarp:
    return BytesPerLane == 1   ? SectorBytes
           : BytesPerLane == 2 ? LineBytes / 2
                               : LineBytes;
  case GlobalScheme::Sectors:
  case GlobalScheme::LineOrSegment:
    break;
  }
  return LineBytes;
}

std::string TargetModel::globalRuleText() const {
  switch (Global) {
  case GlobalScheme::Sectors:
    return "";
  case GlobalScheme::StrictHalfWarp:
    return Arch + " model: transactions per warp instruction, summed over its "
                  "two half-warp requests; a half-warp is one 64-byte "
                  "transaction (4-byte words) or one or two 128-byte ones "
                  "(8-, 16-byte words) when each active lane k accesses word "
                  "k of a segment aligned to 16 words, else one 32-byte "
                  "transaction per active lane";
  case GlobalScheme::SegmentHalfWarp:
    return Arch + " model: transactions per warp instruction, summed over its "
                  "two half-warp requests; a half-warp takes one transaction "
                  "per 128-byte segment it touches (32 for 1-byte, 64 for "
                  "2-byte words), each shrunk to 64 or 32 bytes when the "
                  "lanes use only half of it";
  case GlobalScheme::LineOrSegment:
    return Arch +
           " model: transactions per warp instruction (8- and 16-byte "
           "accesses split into half- and quarter-warp requests); one "
           "per distinct " +
           std::string(L1CachesGlobalLoads
                           ? "128-byte L1 line for loads (cached in L1) and "
                             "32-byte segment for stores and atomics"
                           : "32-byte segment (loads not cached in L1)");
  }
  return "";
}

std::string TargetModel::parseNote() const {
  // Only the legacy rows are parsed for another architecture.
  if (ParseArch != OldestParseArch || Arch == OldestParseArch)
    return "";
  return "clang and the CUDA 13 toolkit cannot target " + Arch +
         ": the code is parsed for " + ParseArch + " (__CUDA_ARCH__ " +
         ParseArch.substr(3) + "0) and costed with the " + Arch + " model";
}

std::string TargetModel::parseArchFor(llvm::StringRef Arch) {
  llvm::Expected<TargetModel> TM = get(Arch);
  if (!TM) {
    llvm::consumeError(TM.takeError());
    return Arch.str();
  }
  return TM->ParseArch;
}

std::vector<std::string> TargetModel::knownArchs() {
  std::vector<std::string> Out;
  for (const Row &R : Table)
    Out.push_back(R.Arch);
  return Out;
}

llvm::Expected<TargetModel> TargetModel::get(llvm::StringRef Arch) {
  // The architecture-specific (sm_90a) and family-specific (sm_100f)
  // variants add instructions, not a different memory system: they use
  // the base architecture's model.
  llvm::StringRef Base = Arch;
  if (Base.ends_with("a") || Base.ends_with("f"))
    Base = Base.drop_back();
  for (const Row &R : Table)
    if (Base == R.Arch) {
      TargetModel TM = fromRow(R);
      // A variant of an architecture clang knows is parsed as written.
      if (!R.Legacy)
        TM.ParseArch = Arch.str();
      return TM;
    }
  std::string Known;
  for (const Row &R : Table) {
    if (!Known.empty())
      Known += ", ";
    Known += R.Arch;
  }
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "unknown GPU architecture '%s'; known: %s",
                                 Arch.str().c_str(), Known.c_str());
}
