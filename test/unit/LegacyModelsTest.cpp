//===- LegacyModelsTest.cpp - Transactions and banks before Volta ---------===//
//
// The pre-Volta rules of docs/legacy-architectures.md, each expected number
// derived in the comment next to it. Figures are per warp instruction: on
// 1.x the sum over its two half-warp requests.
//
//===----------------------------------------------------------------------===//
#include "../../analyzer/lib/Models/LegacyMemoryModels.h"
#include "cal/Models/MemoryModels.h"
#include "cal/Target/TargetModel.h"
#include "gtest/gtest.h"
#include <vector>

using namespace cal;

namespace {

TargetModel model(const char *Arch) {
  llvm::Expected<TargetModel> TM = TargetModel::get(Arch);
  EXPECT_TRUE(static_cast<bool>(TM));
  return *TM;
}

/// A 256-byte-aligned base, as cudaMalloc returns.
constexpr uint64_t Base = 0x7f0000000000;

template <typename Fn> std::vector<LaneAddress> warp(Fn Addr) {
  std::vector<LaneAddress> Lanes(32);
  for (unsigned I = 0; I < 32; ++I)
    Lanes[I] = Addr(I);
  return Lanes;
}

TEST(LegacyTargetTest, TableRows) {
  TargetModel S10 = model("sm_10"), S13 = model("sm_13"), S20 = model("sm_20"),
              S30 = model("sm_30"), S90 = model("sm_90");
  // 1.x: 16 banks, half-warp requests, 512 threads and 16 KiB per block.
  EXPECT_EQ(S13.SharedBanks, 16u);
  EXPECT_EQ(S13.GlobalRequestLanes, 16u);
  EXPECT_EQ(S13.MaxThreadsPerBlock, 512u);
  EXPECT_EQ(S13.MaxStaticSharedBytes, 16u * 1024);
  EXPECT_EQ(S13.Broadcast, SharedBroadcast::OneWord);
  // Partitions: 6 on G80 (sm_10), 8 on GT200 (sm_13), of 256 bytes.
  EXPECT_EQ(S10.Partitions, 6u);
  EXPECT_EQ(S13.Partitions, 8u);
  EXPECT_EQ(S13.PartitionBytes, 256u);
  EXPECT_EQ(model("sm_11").Partitions, 0u);
  EXPECT_EQ(S20.Partitions, 0u);
  // Fermi caches global loads in L1 and may be told not to; Kepler does not.
  EXPECT_TRUE(S20.L1CachesGlobalLoads && S20.L1CacheSelectable);
  EXPECT_FALSE(S30.L1CachesGlobalLoads || S30.L1CacheSelectable);
  // Legacy rows parse for sm_75 and count transactions; sm_90 does neither.
  EXPECT_EQ(S13.ParseArch, "sm_75");
  EXPECT_EQ(S13.globalUnit(), "transactions");
  EXPECT_EQ(S90.globalUnit(), "sectors");
  EXPECT_TRUE(S90.parseNote().empty());
  EXPECT_FALSE(S13.parseNote().empty());
  // sm_90a keeps its own spelling for clang, and no note.
  TargetModel S90a = model("sm_90a");
  EXPECT_EQ(S90a.ParseArch, "sm_90a");
  EXPECT_TRUE(S90a.parseNote().empty());
  // 16 banks: a 4-byte access takes 2 phases (half-warps), 8-byte 4.
  EXPECT_EQ(S13.sharedPhases(4), 2u);
  EXPECT_EQ(S13.sharedPhases(8), 4u);
}

TEST(LegacyGlobalTest, StrictHalfWarp) {
  TargetModel TM = model("sm_11");
  // Word k of a 64-aligned segment per half-warp: 1 x 64 B each -> 2.
  GlobalCost C =
      computeGlobalCost(TM, warp([](unsigned I) { return Base + 4 * I; }), 4);
  EXPECT_EQ(C.Sectors, 2u);
  EXPECT_EQ(C.TransactionBytes, 128u);
  EXPECT_EQ(C.IdealSectors, 2u);
  // Shifted by one word: 16 x 32 B per half-warp -> 32, 1024 bytes.
  C = computeGlobalCost(TM, warp([](unsigned I) { return Base + 4 + 4 * I; }),
                        4);
  EXPECT_EQ(C.Sectors, 32u);
  EXPECT_EQ(C.TransactionBytes, 1024u);
  // 16-byte words: two 128-byte transactions per half-warp -> 4.
  C = computeGlobalCost(TM, warp([](unsigned I) { return Base + 16 * I; }), 16);
  EXPECT_EQ(C.Sectors, 4u);
  EXPECT_EQ(C.TransactionBytes, 512u);
  // Every lane on word 0: lane k is not on word k -> 16 per half-warp.
  C = computeGlobalCost(TM, warp([](unsigned) { return Base; }), 4);
  EXPECT_EQ(C.Sectors, 32u);
  // Only lanes 0 and 5 active, each on its own word: coalesced -> 1.
  std::vector<LaneAddress> Two(32);
  Two[0] = Base;
  Two[5] = Base + 20;
  C = computeGlobalCost(TM, Two, 4);
  EXPECT_EQ(C.Sectors, 1u);
  EXPECT_EQ(C.TransactionBytes, 64u);
}

TEST(LegacyGlobalTest, SegmentHalfWarp) {
  TargetModel TM = model("sm_13");
  // Bytes 0..63 and 64..127: a 64-byte transaction per half-warp.
  GlobalCost C =
      computeGlobalCost(TM, warp([](unsigned I) { return Base + 4 * I; }), 4);
  EXPECT_EQ(C.Sectors, 2u);
  EXPECT_EQ(C.TransactionBytes, 128u);
  // Lanes reversed: the same bytes, the order does not matter.
  C = computeGlobalCost(
      TM, warp([](unsigned I) { return Base + 4 * (31 - I); }), 4);
  EXPECT_EQ(C.Sectors, 2u);
  EXPECT_EQ(C.TransactionBytes, 128u);
  // Bytes 96..223: half 0 = 96..159: 96..127 (32 B) + 128..159 (32 B);
  // half 1 = 160..223 crosses the middle (192) of segment 1: 128 B
  // -> 3 transactions, 32 + 32 + 128 = 192 bytes.
  C = computeGlobalCost(TM, warp([](unsigned I) { return Base + 96 + 4 * I; }),
                        4);
  EXPECT_EQ(C.Sectors, 3u);
  EXPECT_EQ(C.TransactionBytes, 192u);
  // Bytes 64..191: half 0 = 64..127, the upper half of segment 0 (64 B);
  // half 1 = 128..191, the lower half of segment 1 (64 B) -> 2, 128 bytes.
  C = computeGlobalCost(TM, warp([](unsigned I) { return Base + 64 + 4 * I; }),
                        4);
  EXPECT_EQ(C.Sectors, 2u);
  EXPECT_EQ(C.TransactionBytes, 128u);
  // All lanes on one word: one 32-byte transaction per half-warp.
  C = computeGlobalCost(TM, warp([](unsigned) { return Base + 200; }), 4);
  EXPECT_EQ(C.Sectors, 2u);
  EXPECT_EQ(C.TransactionBytes, 64u);
  EXPECT_EQ(C.IdealBytes, 64u);
  // 2-byte words use 64-byte segments: 32 B per half-warp, reduced to 32.
  C = computeGlobalCost(TM, warp([](unsigned I) { return Base + 2 * I; }), 2);
  EXPECT_EQ(C.Sectors, 2u);
  EXPECT_EQ(C.TransactionBytes, 64u);
}

TEST(LegacyGlobalTest, LineOrSegment) {
  TargetModel Fermi = model("sm_20");
  // Loads cached in L1: 128 B in one line -> 1; stores: 4 segments.
  auto Contig = warp([](unsigned I) { return Base + 4 * I; });
  EXPECT_EQ(computeGlobalCost(Fermi, Contig, 4, /*Load=*/true).Sectors, 1u);
  EXPECT_EQ(computeGlobalCost(Fermi, Contig, 4, /*Load=*/false).Sectors, 4u);
  // Every lane on one double: split into two half-warp requests, one line
  // each -> 2 (the split requests do not share the line).
  EXPECT_EQ(
      computeGlobalCost(Fermi, warp([](unsigned) { return Base; }), 8).Sectors,
      2u);
  Fermi.L1CachesGlobalLoads = false; // --legacy-l1=uncached
  EXPECT_EQ(computeGlobalCost(Fermi, Contig, 4, true).Sectors, 4u);
  // Lanes 128 bytes apart: 32 lines or 32 segments.
  auto Far = warp([](unsigned I) { return Base + 128 * I; });
  EXPECT_EQ(computeGlobalCost(Fermi, Far, 4, true).Sectors, 32u);
  EXPECT_EQ(computeGlobalCost(model("sm_20"), Far, 4, true).TransactionBytes,
            32u * 128);
}

TEST(LegacySharedTest, OneWordBroadcast) {
  // 16 lanes on one word: one step.
  std::vector<uint64_t> Same(16, 7);
  EXPECT_EQ(oneWordBroadcastSteps(Same, 16), 1u);
  // Words 0 and 1, 8 lanes each: step 1 broadcasts one word and serves
  // one lane of the other bank; step 2 the remaining 7 lanes' word -> 2.
  std::vector<uint64_t> Two;
  for (unsigned I = 0; I < 16; ++I)
    Two.push_back(I % 2);
  EXPECT_EQ(oneWordBroadcastSteps(Two, 16), 2u);
  // 16 distinct words in 16 banks: one step.
  std::vector<uint64_t> Distinct;
  for (unsigned I = 0; I < 16; ++I)
    Distinct.push_back(I);
  EXPECT_EQ(oneWordBroadcastSteps(Distinct, 16), 1u);
  // 16 distinct words of bank 0 (stride 16): 16 steps.
  std::vector<uint64_t> Column;
  for (unsigned I = 0; I < 16; ++I)
    Column.push_back(16 * I);
  EXPECT_EQ(oneWordBroadcastSteps(Column, 16), 16u);
}

TEST(LegacySharedTest, HalfWarpBanks) {
  TargetModel TM = model("sm_13");
  // s[tid * 2]: bank (2k) mod 16, 2 words per bank per half-warp -> 2 + 2.
  SharedCost C = computeSharedCost(
      TM, warp([](unsigned I) { return uint64_t(8 * I); }), 4);
  EXPECT_EQ(C.Wavefronts, 4u);
  EXPECT_EQ(C.IdealWavefronts, 2u);
  // s[0] for all: one broadcast per half-warp -> 2 (ideal 2: each
  // half-warp is its own request).
  C = computeSharedCost(TM, warp([](unsigned) { return uint64_t(0); }), 4);
  EXPECT_EQ(C.Wavefronts, 2u);
  EXPECT_EQ(C.IdealWavefronts, 2u);
}

} // namespace
