//===- LocalConstantModelsTest.cpp - Local sectors, constant requests -----===//
//
// Expected numbers follow from the rules in LocalConstantModels.h: local
// word w of lane l lives at w*128 + l*4 (32 lanes, 4-byte interleaving), and
// the constant cache serves one distinct address per request.
//
//===----------------------------------------------------------------------===//
#include "cal/Models/LocalConstantModels.h"
#include "cal/Target/TargetModel.h"
#include "gtest/gtest.h"
#include <vector>

using namespace cal;

namespace {

TargetModel sm90() { return llvm::cantFail(TargetModel::get("sm_90")); }

template <typename Fn>
std::vector<LaneAddress> warp(Fn Addr, unsigned Active = 32) {
  std::vector<LaneAddress> Lanes(32);
  for (unsigned I = 0; I < Active; ++I)
    Lanes[I] = Addr(I);
  return Lanes;
}

TEST(LocalCost, SameAddressIsOneRow) {
  // Every lane at local byte 8 (word 2): lanes fill 2*128 + [0, 128), one
  // 128-byte row, 4 sectors, 1 line.
  GlobalCost C = computeLocalCost(sm90(), warp([](unsigned) { return 8; }), 4);
  EXPECT_EQ(C.Sectors, 4u);
  EXPECT_EQ(C.Lines, 1u);
  EXPECT_EQ(C.IdealSectors, 4u);
}

TEST(LocalCost, EightByteLanesUseTwoRows) {
  // 8 bytes at local byte 0: words 0 and 1, two full rows: 8 sectors.
  GlobalCost C = computeLocalCost(sm90(), warp([](unsigned) { return 0; }), 8);
  EXPECT_EQ(C.Sectors, 8u);
  EXPECT_EQ(C.IdealSectors, 8u);
}

TEST(LocalCost, DifferentWordsPerLaneScatter) {
  // Lane l at word l%8: address (l%8)*128 + l*4, sector (l%8)*4 + l/8; the
  // 32 pairs (l%8, l/8) are distinct: 32 sectors for 128 bytes (ideal 4).
  GlobalCost C = computeLocalCost(
      sm90(), warp([](unsigned L) { return uint64_t(L % 8) * 4; }), 4);
  EXPECT_EQ(C.Sectors, 32u);
  EXPECT_EQ(C.IdealSectors, 4u);
}

TEST(LocalCost, HalfWarp) {
  // 16 active lanes at the same address: bytes 0..63 of one row, 2 sectors.
  GlobalCost C =
      computeLocalCost(sm90(), warp([](unsigned) { return 0; }, 16), 4);
  EXPECT_EQ(C.Sectors, 2u);
  EXPECT_EQ(C.IdealSectors, 2u);
}

TEST(ConstantRequests, DistinctAddresses) {
  // One address for all lanes: broadcast, 1 request.
  EXPECT_EQ(computeConstantRequests(warp([](unsigned) { return 64; })), 1u);
  // Lane l at (l%4)*4: 4 distinct addresses, serialised into 4.
  EXPECT_EQ(computeConstantRequests(
                warp([](unsigned L) { return uint64_t(L % 4) * 4; })),
            4u);
  // Every lane its own word: 32.
  EXPECT_EQ(
      computeConstantRequests(warp([](unsigned L) { return uint64_t(L) * 4; })),
      32u);
  // No active lane: no request.
  EXPECT_EQ(computeConstantRequests(std::vector<LaneAddress>(32)), 0u);
}

} // namespace
