//===- LaunchSamplingTest.cpp - Weighted statistics, --param names --------===//
//
// The weighted Stat is what makes per-line and per-kernel means those of the
// whole grid; checkParamNames is what turns a mistyped --param into an
// error instead of a silently sampled parameter.
//
//===----------------------------------------------------------------------===//
#include "cal/Analysis/Analyzer.h"
#include "gtest/gtest.h"

using namespace cal;

namespace {

TEST(WeightedStat, MeanIsOverTheBlocksEachValueStandsFor) {
  // A grid of 16 blocks: the first and last evaluated blocks stand for one
  // block each, the middle one for the 14 interior blocks. Edge blocks at 1
  // sector, interior at 4: (1 + 1 + 14 * 4) / 16 = 58 / 16 = 3.625.
  Stat S;
  S.add(1, 1);
  S.add(1, 1);
  S.add(4, 14);
  EXPECT_DOUBLE_EQ(S.mean(), 58.0 / 16);
  EXPECT_EQ(S.Min, 1);
  EXPECT_EQ(S.Max, 4);
  EXPECT_EQ(S.N, 3u);
  EXPECT_FALSE(S.constant());
}

TEST(WeightedStat, UnweightedAddIsThePlainMean) {
  Stat S;
  S.add(2);
  S.add(4);
  EXPECT_DOUBLE_EQ(S.mean(), 3);
  Stat C;
  C.add(5, 0.25);
  C.add(5, 0.75);
  EXPECT_TRUE(C.constant());
  EXPECT_TRUE(Stat().empty());
}

AnalysisOptions withParam(const std::string &P) {
  llvm::Expected<AnalysisOptions> O =
      AnalysisOptions::fromStrings("sm_90", "", "", {P}, "");
  EXPECT_TRUE(static_cast<bool>(O));
  return *O;
}

TEST(ParamNames, KnownNameIsAccepted) {
  EXPECT_FALSE(static_cast<bool>(
      checkParamNames(withParam("n=4"), {"a", "n", "stride"})));
}

TEST(ParamNames, TypoSuggestsTheNearestName) {
  llvm::Error E = checkParamNames(withParam("strde=2"), {"a", "n", "stride"});
  ASSERT_TRUE(static_cast<bool>(E));
  EXPECT_EQ(llvm::toString(std::move(E)),
            "--param 'strde' names no parameter of an analysed kernel; did "
            "you mean 'stride'?");
}

TEST(ParamNames, FarNameGetsNoSuggestion) {
  llvm::Error E = checkParamNames(withParam("width=2"), {"a", "n"});
  ASSERT_TRUE(static_cast<bool>(E));
  EXPECT_EQ(llvm::toString(std::move(E)),
            "--param 'width' names no parameter of an analysed kernel");
}

} // namespace
