//===- StoreForwardingTest.cpp - Which memory objects may overlap ---------===//
//
// The aliasing rule decides when a store ends forwarding and when a load
// issues a held-back store. Each case is a pair of objects as the
// interpreter creates them, with the SASS probe that shows nvcc's view
// (docs/compiler-effects.md).
//
//===----------------------------------------------------------------------===//
#include "../../analyzer/lib/Analysis/StoreForwarding.h"
#include "gtest/gtest.h"

using namespace cal;

namespace {

MemObject param(uint64_t Slot, bool Restrict = false) {
  MemObject M;
  M.Space = AddrSpace::Global;
  M.Base = Slot << 36;
  M.Param = true;
  M.Restrict = Restrict;
  return M;
}

MemObject object(AddrSpace S, uint64_t Base) {
  MemObject M;
  M.Space = S;
  M.Base = Base;
  return M;
}

TEST(StoreForwardingTest, PointerArgumentsMayOverlap) {
  // s_st_l: after a store to o, c is loaded again.
  MemObject C = param(1), O = param(2);
  EXPECT_TRUE(StoreForwarding::mayAlias(C, O));
  EXPECT_TRUE(StoreForwarding::mayAlias(C, C));
}

TEST(StoreForwardingTest, RestrictOnEitherSideSeparates) {
  // s_st_l_r and mm_ab_r (only the loaded arguments restrict).
  MemObject C = param(1), A = param(2, /*Restrict=*/true);
  EXPECT_FALSE(StoreForwarding::mayAlias(C, A));
  EXPECT_FALSE(StoreForwarding::mayAlias(A, C));
  EXPECT_TRUE(StoreForwarding::mayAlias(A, A));
}

TEST(StoreForwardingTest, NamedObjectsAreDistinct) {
  MemObject S1 = object(AddrSpace::Shared, 0);
  MemObject S2 = object(AddrSpace::Shared, 1 << 16);
  MemObject G1 = object(AddrSpace::Global, 3ull << 36);
  MemObject G2 = object(AddrSpace::Global, 4ull << 36);
  MemObject P = param(1);
  EXPECT_FALSE(StoreForwarding::mayAlias(S1, S2));
  EXPECT_FALSE(StoreForwarding::mayAlias(G1, G2));
  // Different address spaces never overlap.
  EXPECT_FALSE(StoreForwarding::mayAlias(S1, P));
  // An argument may point to a __device__ variable.
  EXPECT_TRUE(StoreForwarding::mayAlias(G1, P));
}

TEST(StoreForwardingTest, UnknownPointerAliasesEveryGlobal) {
  // The interpreter's stand-in for a pointer of unknown origin.
  MemObject U = object(AddrSpace::Global, 0);
  MemObject R = param(1, /*Restrict=*/true);
  MemObject G = object(AddrSpace::Global, 3ull << 36);
  EXPECT_TRUE(StoreForwarding::mayAlias(U, R));
  EXPECT_TRUE(StoreForwarding::mayAlias(G, U));
  EXPECT_FALSE(StoreForwarding::mayAlias(U, object(AddrSpace::Shared, 0)));
}

} // namespace
