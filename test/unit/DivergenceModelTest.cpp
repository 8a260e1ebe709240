//===- DivergenceModelTest.cpp - Branch classification over warps ---------===//
//
// Each case replays a condition of threadIdx.x over the warps of a block, the
// way the interpreter reports it, and checks the class, the divergent-warp
// fraction and the representative lane split.
//
//===----------------------------------------------------------------------===//
#include "cal/Models/DivergenceModel.h"
#include "gtest/gtest.h"

using namespace cal;

namespace {

/// Feeds \p Warps full warps of a 1-D block to \p S, lane L of warp W having
/// tid = 32 * W + L and taking the branch when \p Pred(tid) holds.
template <typename Fn> void replay(BranchStats &S, unsigned Warps, Fn Pred) {
  for (unsigned W = 0; W < Warps; ++W) {
    uint32_t Taken = 0;
    for (unsigned L = 0; L < 32; ++L)
      if (Pred(32 * W + L))
        Taken |= 1u << L;
    S.addExecution(W, 0xffffffffu, Taken);
  }
}

TEST(BranchStatsTest, ClassNames) {
  EXPECT_STREQ(branchClassName(BranchClass::Uniform), "uniform");
  EXPECT_STREQ(branchClassName(BranchClass::WarpUniform), "warp-uniform");
  EXPECT_STREQ(branchClassName(BranchClass::Divergent), "divergent");
  EXPECT_STREQ(branchClassName(BranchClass::Unknown), "unknown");
}

TEST(BranchStatsTest, UniformEverywhere) {
  // tid < 1024 over 8 warps of 32: every lane of every warp takes it.
  BranchStats S;
  replay(S, 8, [](unsigned Tid) { return Tid < 1024; });
  EXPECT_EQ(S.classify(), BranchClass::Uniform);
  EXPECT_EQ(S.divergentWarpFraction(), 0.0);
  EXPECT_EQ(S.laneSplit(), "32/0");
  EXPECT_EQ(S.numExecutions(), 8u);
}

TEST(BranchStatsTest, WarpUniformAcrossWarps) {
  // tid / 32 > 2: warps 0..2 all false, warps 3..7 all true. Lanes agree in
  // each warp, so no warp pays for both paths.
  BranchStats S;
  replay(S, 8, [](unsigned Tid) { return Tid / 32 > 2; });
  EXPECT_EQ(S.classify(), BranchClass::WarpUniform);
  EXPECT_EQ(S.divergentWarpFraction(), 0.0);
  // No split: the first execution (warp 0) took nothing.
  EXPECT_EQ(S.laneSplit(), "0/32");
}

TEST(BranchStatsTest, DivergentInOneWarp) {
  // tid > 2: only warp 0 splits, lanes 3..31 taken (29) and 0..2 not (3);
  // 1 divergent warp of 8.
  BranchStats S;
  replay(S, 8, [](unsigned Tid) { return Tid > 2; });
  EXPECT_EQ(S.classify(), BranchClass::Divergent);
  EXPECT_DOUBLE_EQ(S.divergentWarpFraction(), 1.0 / 8.0);
  EXPECT_EQ(S.laneSplit(), "29/3");
}

TEST(BranchStatsTest, DivergentInEveryWarp) {
  // tid % 2: odd lanes (16) taken, even lanes (16) not, in all 8 warps.
  BranchStats S;
  replay(S, 8, [](unsigned Tid) { return Tid % 2 != 0; });
  EXPECT_EQ(S.classify(), BranchClass::Divergent);
  EXPECT_DOUBLE_EQ(S.divergentWarpFraction(), 1.0);
  EXPECT_EQ(S.laneSplit(), "16/16");
}

TEST(BranchStatsTest, FractionCountsWarpsNotExecutions) {
  // A loop test run 4 times by each of 2 warps; warp 0 splits on every
  // iteration, warp 1 never: 1 divergent warp of 2, not 4 of 8 executions.
  BranchStats S;
  for (int It = 0; It < 4; ++It) {
    S.addExecution(0, 0xffffffffu, 0x0000ffffu);
    S.addExecution(1, 0xffffffffu, 0xffffffffu);
  }
  EXPECT_EQ(S.classify(), BranchClass::Divergent);
  EXPECT_DOUBLE_EQ(S.divergentWarpFraction(), 0.5);
  EXPECT_EQ(S.numExecutions(), 8u);
}

TEST(BranchStatsTest, LoopExitIsWarpUniform) {
  // One warp iterates 3 times then exits, all lanes together: outcomes
  // differ between executions only.
  BranchStats S;
  for (int It = 0; It < 3; ++It)
    S.addExecution(0, 0xffffffffu, 0xffffffffu);
  S.addExecution(0, 0xffffffffu, 0);
  EXPECT_EQ(S.classify(), BranchClass::WarpUniform);
  EXPECT_EQ(S.divergentWarpFraction(), 0.0);
}

TEST(BranchStatsTest, PartialWarpAgreeingIsUniform) {
  // 16 active lanes, all taking it: the idle lanes do not split the warp.
  BranchStats S;
  S.addExecution(0, 0x0000ffffu, 0x0000ffffu);
  EXPECT_EQ(S.classify(), BranchClass::Uniform);
  EXPECT_EQ(S.laneSplit(), "16/0");
}

TEST(BranchStatsTest, UnknownCases) {
  // Nothing seen: nothing to classify.
  BranchStats Empty;
  EXPECT_EQ(Empty.classify(), BranchClass::Unknown);
  EXPECT_EQ(Empty.divergentWarpFraction(), 0.0);
  EXPECT_EQ(Empty.laneSplit(), "");
  EXPECT_EQ(Empty.numExecutions(), 0u);

  // Only unknown executions.
  BranchStats OnlyUnknown;
  OnlyUnknown.addUnknown(0);
  OnlyUnknown.addUnknown(1);
  EXPECT_EQ(OnlyUnknown.classify(), BranchClass::Unknown);
  EXPECT_EQ(OnlyUnknown.numUnknowns(), 2u);

  // Unanimous known executions plus an unknown one: the unknown one might
  // have split, so no confident "uniform".
  BranchStats Mixed;
  replay(Mixed, 2, [](unsigned) { return true; });
  Mixed.addUnknown(2);
  EXPECT_EQ(Mixed.classify(), BranchClass::Unknown);

  // A split seen is divergence whatever else is unknown; the unknown warp
  // still counts as seen (1 divergent of 2).
  BranchStats SplitAndUnknown;
  SplitAndUnknown.addExecution(0, 0xffffffffu, 0x1u);
  SplitAndUnknown.addUnknown(1);
  EXPECT_EQ(SplitAndUnknown.classify(), BranchClass::Divergent);
  EXPECT_DOUBLE_EQ(SplitAndUnknown.divergentWarpFraction(), 0.5);
  EXPECT_EQ(SplitAndUnknown.laneSplit(), "1/31");
}

} // namespace
