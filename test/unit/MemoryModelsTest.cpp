//===- MemoryModelsTest.cpp - Target model, sectors and wavefronts --------===//
//
// Each expected number is derived from the hardware rule in the comment next
// to it; the global and shared cases named in docs/gpu-facts.md are the ones
// the H100 measured, so a change here that disagrees with them is a model bug.
//
//===----------------------------------------------------------------------===//
#include "cal/Models/MemoryModels.h"
#include "cal/Target/TargetModel.h"
#include "gtest/gtest.h"
#include <vector>

using namespace cal;

namespace {

TargetModel sm90() {
  llvm::Expected<TargetModel> TM = TargetModel::get("sm_90");
  EXPECT_TRUE(static_cast<bool>(TM));
  return *TM;
}

/// A 128-byte-aligned global base address, as cudaMalloc returns (256-aligned
/// in fact), so that sector and line boundaries fall at known lanes.
constexpr uint64_t GBase = 0x7f0000000000;

/// 32 lanes, lane I at \p Addr(I), only lanes below \p Active active.
template <typename Fn>
std::vector<LaneAddress> warp(Fn Addr, unsigned Active = 32) {
  std::vector<LaneAddress> Lanes(32);
  for (unsigned I = 0; I < Active; ++I)
    Lanes[I] = Addr(I);
  return Lanes;
}

GlobalCost global(const std::vector<LaneAddress> &Lanes, unsigned Bytes) {
  return computeGlobalCost(sm90(), Lanes, Bytes);
}

SharedCost shared(const std::vector<LaneAddress> &Lanes, unsigned Bytes) {
  return computeSharedCost(sm90(), Lanes, Bytes);
}

//===----------------------------------------------------------------------===//
// TargetModel
//===----------------------------------------------------------------------===//

TEST(TargetModelTest, KnownArchsShareTheNumbers) {
  std::vector<std::string> Archs = TargetModel::knownArchs();
  // 9 transaction-counting legacy models (sm_10 .. sm_37,
  // LegacyModelsTest.cpp), 6 Maxwell and Pascal ones with the sector rules
  // (sm_50 .. sm_62, parsed for sm_75), and 8 from Volta to Blackwell: the
  // 14 sector models share every number the models use.
  EXPECT_EQ(Archs.size(), 23u);
  unsigned Modern = 0;
  for (const std::string &A : Archs) {
    llvm::Expected<TargetModel> TM = TargetModel::get(A);
    ASSERT_TRUE(static_cast<bool>(TM)) << llvm::toString(TM.takeError());
    EXPECT_EQ(TM->Arch, A);
    if (TM->countsTransactions())
      continue;
    ++Modern;
    // Maxwell and Pascal are parsed for the oldest architecture CUDA 13
    // builds.
    EXPECT_EQ(TM->ParseArch,
              std::stoi(A.substr(3)) < 70 ? std::string("sm_75") : A);
    EXPECT_EQ(TM->MaxThreadsPerBlock, 1024u);
    EXPECT_EQ(TM->Partitions, 0u);
    EXPECT_EQ(TM->WarpSize, 32u);
    EXPECT_EQ(TM->SectorBytes, 32u);
    EXPECT_EQ(TM->LineBytes, 128u);
    EXPECT_EQ(TM->SharedBanks, 32u);
    EXPECT_EQ(TM->BankWidthBytes, 4u);
    EXPECT_EQ(TM->MaxAccessBytes, 16u);
  }
  EXPECT_EQ(Modern, 14u);
}

TEST(TargetModelTest, UnknownArchListsTheKnownOnes) {
  llvm::Expected<TargetModel> TM = TargetModel::get("sm_42");
  ASSERT_FALSE(static_cast<bool>(TM));
  std::string Msg = llvm::toString(TM.takeError());
  EXPECT_NE(Msg.find("sm_42"), std::string::npos) << Msg;
  EXPECT_NE(Msg.find("sm_70"), std::string::npos) << Msg;
  EXPECT_NE(Msg.find("sm_120"), std::string::npos) << Msg;
}

TEST(TargetModelTest, SharedPhasesByWidth) {
  TargetModel TM = sm90();
  // 32 lanes x up to 4 B = at most 128 B = one pass of 32 banks x 4 B.
  EXPECT_EQ(TM.sharedPhases(1), 1u);
  EXPECT_EQ(TM.sharedPhases(2), 1u);
  EXPECT_EQ(TM.sharedPhases(4), 1u);
  // 32 x 8 B = 256 B = two passes (half warps).
  EXPECT_EQ(TM.sharedPhases(8), 2u);
  // 32 x 16 B = 512 B = four passes (quarter warps).
  EXPECT_EQ(TM.sharedPhases(16), 4u);
  // 12 B is costed as the next width up, 16 B.
  EXPECT_EQ(TM.sharedPhases(12), 4u);
}

//===----------------------------------------------------------------------===//
// Global memory: 32-byte sectors
//===----------------------------------------------------------------------===//

TEST(GlobalCostTest, FloatContiguousAligned) {
  // 32 lanes x 4 B contiguous from a 128-B-aligned base = 128 B = 4 sectors
  // in one line.
  GlobalCost C = global(warp([](unsigned I) { return GBase + 4 * I; }), 4);
  EXPECT_EQ(C.Sectors, 4u);
  EXPECT_EQ(C.IdealSectors, 4u);
  EXPECT_EQ(C.Lines, 1u);
}

TEST(GlobalCostTest, FloatMisalignedByOneElement) {
  // Bytes [4, 132) cross into a fifth sector and a second line; the 128 B
  // needed would fit in 4.
  GlobalCost C = global(warp([](unsigned I) { return GBase + 4 + 4 * I; }), 4);
  EXPECT_EQ(C.Sectors, 5u);
  EXPECT_EQ(C.IdealSectors, 4u);
  EXPECT_EQ(C.Lines, 2u);
}

TEST(GlobalCostTest, FloatStrides) {
  struct Case {
    unsigned Stride, Sectors, Lines;
  } Cases[] = {
      // Stride 2: lanes span 256 B, 4 lanes per sector -> 8 sectors, 2 lines.
      {2, 8, 2},
      // Stride 3: span 384 B; gaps of 12 B < 32 B leave no sector out -> 12.
      {3, 12, 3},
      // Stride 4: span 512 B, 2 lanes per sector -> 16 sectors, 4 lines.
      {4, 16, 4},
      // Stride 8: 32 B apart, each lane alone in its sector -> 32, 8 lines.
      {8, 32, 8},
      // Stride 33: 132 B apart, each lane alone in its sector and line -> 32.
      {33, 32, 32},
  };
  for (const Case &K : Cases) {
    GlobalCost C = global(
        warp([&](unsigned I) { return GBase + 4ull * K.Stride * I; }), 4);
    EXPECT_EQ(C.Sectors, K.Sectors) << "stride " << K.Stride;
    EXPECT_EQ(C.Lines, K.Lines) << "stride " << K.Stride;
    // Whatever the stride, 32 distinct floats are 128 B = 4 sectors' worth.
    EXPECT_EQ(C.IdealSectors, 4u) << "stride " << K.Stride;
  }
}

TEST(GlobalCostTest, CharContiguous) {
  // 32 lanes x 1 B = 32 B = exactly one aligned sector.
  GlobalCost C = global(warp([](unsigned I) { return GBase + I; }), 1);
  EXPECT_EQ(C.Sectors, 1u);
  EXPECT_EQ(C.IdealSectors, 1u);
  EXPECT_EQ(C.Lines, 1u);
}

TEST(GlobalCostTest, DoubleContiguous) {
  // 32 lanes x 8 B = 256 B = 8 sectors in 2 lines.
  GlobalCost C = global(warp([](unsigned I) { return GBase + 8 * I; }), 8);
  EXPECT_EQ(C.Sectors, 8u);
  EXPECT_EQ(C.IdealSectors, 8u);
  EXPECT_EQ(C.Lines, 2u);
}

TEST(GlobalCostTest, Double2Contiguous) {
  // 32 lanes x 16 B = 512 B = 16 sectors in 4 lines.
  GlobalCost C = global(warp([](unsigned I) { return GBase + 16 * I; }), 16);
  EXPECT_EQ(C.Sectors, 16u);
  EXPECT_EQ(C.IdealSectors, 16u);
  EXPECT_EQ(C.Lines, 4u);
}

TEST(GlobalCostTest, TwelveByteStructMember) {
  // s[i].x with sizeof(s) = 12: the 4-B members sit 12 B apart over 384 B,
  // every sector of which holds at least one -> 12 sectors; 128 B needed.
  GlobalCost C = global(warp([](unsigned I) { return GBase + 12 * I; }), 4);
  EXPECT_EQ(C.Sectors, 12u);
  EXPECT_EQ(C.IdealSectors, 4u);
  EXPECT_EQ(C.Lines, 3u);
}

TEST(GlobalCostTest, Broadcast) {
  // Every lane reads the same 4 B: one sector, and 4 distinct bytes need 1.
  GlobalCost C = global(warp([](unsigned) { return GBase + 64; }), 4);
  EXPECT_EQ(C.Sectors, 1u);
  EXPECT_EQ(C.IdealSectors, 1u);
  EXPECT_EQ(C.Lines, 1u);
}

TEST(GlobalCostTest, PartialWarp) {
  // Lanes 0..15 active, 16 x 4 B = 64 B = 2 sectors.
  GlobalCost C = global(warp([](unsigned I) { return GBase + 4 * I; }, 16), 4);
  EXPECT_EQ(C.Sectors, 2u);
  EXPECT_EQ(C.IdealSectors, 2u);
  EXPECT_EQ(C.Lines, 1u);

  // Only odd lanes active over a contiguous float row: every sector still
  // holds an active lane (4 sectors), but the 64 B needed would fit in 2.
  std::vector<LaneAddress> Odd(32);
  for (unsigned I = 1; I < 32; I += 2)
    Odd[I] = GBase + 4 * I;
  C = global(Odd, 4);
  EXPECT_EQ(C.Sectors, 4u);
  EXPECT_EQ(C.IdealSectors, 2u);
}

TEST(GlobalCostTest, NoActiveLane) {
  GlobalCost C = global(std::vector<LaneAddress>(32), 4);
  EXPECT_EQ(C.Sectors, 0u);
  EXPECT_EQ(C.IdealSectors, 0u);
  EXPECT_EQ(C.Lines, 0u);
}

TEST(GlobalCostTest, MisalignedLaneStraddlesSectors) {
  // One 8-B lane at offset 28 covers bytes 28..35: sectors 0 and 1, but its
  // 8 bytes need only one.
  std::vector<LaneAddress> Lanes(32);
  Lanes[0] = GBase + 28;
  GlobalCost C = global(Lanes, 8);
  EXPECT_EQ(C.Sectors, 2u);
  EXPECT_EQ(C.IdealSectors, 1u);
  EXPECT_EQ(C.Lines, 1u);
}

TEST(GlobalCostTest, OverlappingLanesCountBytesOnce) {
  // 8-B lanes 4 B apart overlap: the union is [0, 132) = 132 B -> 5 sectors
  // touched and ceil(132 / 32) = 5 ideal.
  GlobalCost C = global(warp([](unsigned I) { return GBase + 4 * I; }), 8);
  EXPECT_EQ(C.Sectors, 5u);
  EXPECT_EQ(C.IdealSectors, 5u);
}

//===----------------------------------------------------------------------===//
// Shared memory: banks and wavefronts
//===----------------------------------------------------------------------===//

TEST(SharedCostTest, ContiguousWithOffset) {
  // s[tid + 5]: 32 consecutive words hit 32 different banks -> 1 wavefront.
  SharedCost C = shared(warp([](unsigned I) { return 4 * (I + 5); }), 4);
  EXPECT_EQ(C.Wavefronts, 1u);
  EXPECT_EQ(C.IdealWavefronts, 1u);
}

TEST(SharedCostTest, StridedFloat) {
  // s[tid * c]: word c*i sits in bank (c*i) % 32, so the 32 distinct words
  // pile gcd(c, 32) deep on each of 32 / gcd(c, 32) banks. H100 measured
  // 1, 2, 1, 4, 8, 16, 32 (gpu-facts.md).
  struct Case {
    unsigned Stride, Wavefronts;
  } Cases[] = {{1, 1}, {2, 2}, {3, 1}, {4, 4}, {8, 8}, {16, 16}, {32, 32}};
  for (const Case &K : Cases) {
    SharedCost C =
        shared(warp([&](unsigned I) { return 4ull * K.Stride * I; }), 4);
    EXPECT_EQ(C.Wavefronts, K.Wavefronts) << "stride " << K.Stride;
    // 32 distinct floats = 128 B = one pass of the bank array.
    EXPECT_EQ(C.IdealWavefronts, 1u) << "stride " << K.Stride;
  }
}

TEST(SharedCostTest, Broadcast) {
  // s[tid % 4]: 4 distinct words on 4 banks; lanes sharing a word are served
  // by one broadcast -> 1 wavefront.
  SharedCost C = shared(warp([](unsigned I) { return 4 * (I % 4); }), 4);
  EXPECT_EQ(C.Wavefronts, 1u);
  EXPECT_EQ(C.IdealWavefronts, 1u);
  // All lanes on one word: still a single wavefront.
  C = shared(warp([](unsigned) { return 256; }), 4);
  EXPECT_EQ(C.Wavefronts, 1u);
  EXPECT_EQ(C.IdealWavefronts, 1u);
}

TEST(SharedCostTest, Wide64BitContiguous) {
  // 2 phases of 16 lanes x 8 B = 32 words on 32 banks each -> 1 + 1; the
  // 256 B moved need 2 passes of 128 B, so no conflict (H100: 2).
  SharedCost C = shared(warp([](unsigned I) { return 8 * I; }), 8);
  EXPECT_EQ(C.Wavefronts, 2u);
  EXPECT_EQ(C.IdealWavefronts, 2u);
}

TEST(SharedCostTest, Wide128BitContiguous) {
  // 4 phases of 8 lanes x 16 B = 32 words on 32 banks each -> 4; the 512 B
  // moved need 4 passes, so no conflict (H100: 4).
  SharedCost C = shared(warp([](unsigned I) { return 16 * I; }), 16);
  EXPECT_EQ(C.Wavefronts, 4u);
  EXPECT_EQ(C.IdealWavefronts, 4u);
}

TEST(SharedCostTest, Wide64BitStrided) {
  // double at stride 2: a half warp's 16 lanes cover words 4i and 4i+1,
  // which repeat banks every 8 lanes -> 2 deep per phase, 2 phases -> 4; the
  // 256 B moved need 2.
  SharedCost C = shared(warp([](unsigned I) { return 16 * I; }), 8);
  EXPECT_EQ(C.Wavefronts, 4u);
  EXPECT_EQ(C.IdealWavefronts, 2u);
}

TEST(SharedCostTest, TileColumn) {
  // tile[tid][c] of float[32][32]: rows are 128 B apart, so every lane's word
  // is in bank c -> 32 distinct words on one bank -> 32 wavefronts.
  SharedCost C = shared(warp([](unsigned I) { return 4 * (32 * I + 7); }), 4);
  EXPECT_EQ(C.Wavefronts, 32u);
  EXPECT_EQ(C.IdealWavefronts, 1u);
  // Padded float[32][33]: rows 33 words apart put lane i in bank (i + c) %
  // 32, all different -> 1 wavefront.
  C = shared(warp([](unsigned I) { return 4 * (33 * I + 7); }), 4);
  EXPECT_EQ(C.Wavefronts, 1u);
  EXPECT_EQ(C.IdealWavefronts, 1u);
}

TEST(SharedCostTest, PartialWarpSkipsIdlePhases) {
  // 64-bit, lanes 0..15 active: only the first half-warp phase issues -> 1.
  SharedCost C = shared(warp([](unsigned I) { return 8 * I; }, 16), 8);
  EXPECT_EQ(C.Wavefronts, 1u);
  EXPECT_EQ(C.IdealWavefronts, 1u);
  // 32-bit column read by 16 lanes: 16 distinct words on one bank -> 16.
  C = shared(warp([](unsigned I) { return 128 * I; }, 16), 4);
  EXPECT_EQ(C.Wavefronts, 16u);
  EXPECT_EQ(C.IdealWavefronts, 1u);
}

TEST(SharedCostTest, NoActiveLane) {
  SharedCost C = shared(std::vector<LaneAddress>(32), 4);
  EXPECT_EQ(C.Wavefronts, 0u);
  EXPECT_EQ(C.IdealWavefronts, 0u);
}

} // namespace
