//===- ExprTest.cpp - Tests of the symbolic expression library -----------===//
//
// Expected values come from the C++ compiler itself: each is computed with a
// real C++ expression on the matching fixed-width type, so the library's
// emulation of C++ integer semantics is checked against an independent
// derivation. Constant folding and evaluation of the same operation on bound
// parameters are checked to agree.
//
//===----------------------------------------------------------------------===//

#include "cal/Symbolic/Expr.h"
#include "gtest/gtest.h"
#include <algorithm>
#include <cstring>
#include <limits>
#include <type_traits>

using namespace cal;

namespace {

const IntType I8{8, true}, U8{8, false}, I16{16, true}, U16{16, false};
const IntType I32 = IntType::i32(), U32 = IntType::u32(), I64 = IntType::i64(),
              U64 = IntType::u64();

/// C++'s own conversion of \p V to the type \p T, widened back to int64_t
/// (the library's representation: u64 values keep their bit pattern).
int64_t cxxConvert(int64_t V, IntType T) {
  if (T == I8)
    return int8_t(V);
  if (T == U8)
    return uint8_t(V);
  if (T == I16)
    return int16_t(V);
  if (T == U16)
    return uint16_t(V);
  if (T == I32)
    return int32_t(V);
  if (T == U32)
    return uint32_t(V);
  if (T == U64)
    return int64_t(uint64_t(V));
  EXPECT_EQ(T, I64);
  return V;
}

/// Applies \p Op to \p A and \p B in C++ on the type T. Signed overflow is
/// computed on the unsigned type and converted back, the wrap-around that
/// the library models.
template <typename T> int64_t cxxBinary(BinaryOp Op, T A, T B) {
  using U = std::make_unsigned_t<T>;
  switch (Op) {
  case BinaryOp::Add:
    return int64_t(T(U(A) + U(B)));
  case BinaryOp::Sub:
    return int64_t(T(U(A) - U(B)));
  case BinaryOp::Mul:
    return int64_t(T(U(A) * U(B)));
  case BinaryOp::Div:
    return int64_t(T(A / B));
  case BinaryOp::Rem:
    return int64_t(T(A % B));
  case BinaryOp::And:
    return int64_t(T(A & B));
  case BinaryOp::Or:
    return int64_t(T(A | B));
  case BinaryOp::Xor:
    return int64_t(T(A ^ B));
  case BinaryOp::LT:
    return A < B;
  case BinaryOp::LE:
    return A <= B;
  case BinaryOp::GT:
    return A > B;
  case BinaryOp::GE:
    return A >= B;
  case BinaryOp::EQ:
    return A == B;
  case BinaryOp::NE:
    return A != B;
  case BinaryOp::LAnd:
    return A && B;
  case BinaryOp::LOr:
    return A || B;
  case BinaryOp::Min:
    return int64_t(std::min(A, B));
  case BinaryOp::Max:
    return int64_t(std::max(A, B));
  default:
    ADD_FAILURE() << "shifts are tested separately";
    return 0;
  }
}

class ExprTest : public ::testing::Test {
protected:
  const Expr *c(int64_t V, IntType T = I32) { return Ctx.getConst(V, T); }
  const Expr *p(llvm::StringRef Name, IntType T = I32) {
    return Ctx.getParam(Name, T);
  }
  const Expr *bin(BinaryOp Op, const Expr *L, const Expr *R) {
    return Ctx.getBinary(Op, L, R);
  }
  const Expr *tid(unsigned C) { return Ctx.getBuiltin(AtomKind::ThreadIdx, C); }
  const Expr *bid(unsigned C) { return Ctx.getBuiltin(AtomKind::BlockIdx, C); }

  /// The value of \p E under Bind, failing the test if it is not known.
  int64_t eval(const Expr *E) {
    EvalResult R = Ctx.evaluate(E, Bind);
    EXPECT_TRUE(R.Known) << E->str() << ": " << (R.Why ? R.Why : "");
    return R.Value;
  }

  /// Folds \p Op on constants, and evaluates it on bound parameters; both
  /// routes must agree. Returns the folded value.
  int64_t both(BinaryOp Op, IntType T, int64_t A, int64_t B,
               IntType RT = IntType()) {
    if (Op != BinaryOp::Shl && Op != BinaryOp::Shr)
      RT = T;
    const Expr *F = bin(Op, c(A, T), c(B, RT));
    EXPECT_TRUE(F->isConst()) << F->str();
    const Expr *PA = p("a", T), *PB = p("b", RT);
    Bind.Atoms[PA] = A;
    Bind.Atoms[PB] = B;
    int64_t V = eval(bin(Op, PA, PB));
    EXPECT_EQ(F->isConst() ? F->getConstValue() : 0, V)
        << "folding and evaluation disagree";
    return V;
  }

  ExprContext Ctx;
  Bindings Bind;
};

//===----------------------------------------------------------------------===//
// Folding and canonical forms
//===----------------------------------------------------------------------===//

TEST_F(ExprTest, FoldsConstantsToConstantNodes) {
  const Expr *E = bin(BinaryOp::Mul, bin(BinaryOp::Add, c(2), c(3)), c(7));
  ASSERT_TRUE(E->isConst());
  EXPECT_EQ(E->getConstValue(), (2 + 3) * 7);
  EXPECT_EQ(E, c(35));
  EXPECT_EQ(Ctx.getUnary(UnaryOp::Neg, c(5)), c(-5));
  EXPECT_EQ(Ctx.getUnary(UnaryOp::BitNot, c(0, U8)), c(0xFF, U8));
  EXPECT_EQ(Ctx.getUnary(UnaryOp::LNot, c(3)), Ctx.getBool(false));
}

TEST_F(ExprTest, UniquesStructurallyEqualExpressions) {
  const Expr *A = p("a"), *B = p("b");
  EXPECT_EQ(p("a"), A);
  EXPECT_NE(p("a", I64), A) << "the type is part of the identity";
  EXPECT_NE(Ctx.getInduction("a", I32), A) << "so is the atom kind";
  EXPECT_EQ(tid(0), Ctx.getBuiltin(AtomKind::ThreadIdx, 0));
  EXPECT_NE(tid(0), tid(1));
  EXPECT_EQ(bin(BinaryOp::Add, A, B), bin(BinaryOp::Add, B, A));
  EXPECT_EQ(bin(BinaryOp::Mul, A, B), bin(BinaryOp::Mul, B, A));
  for (BinaryOp Op : {BinaryOp::And, BinaryOp::Or, BinaryOp::Xor, BinaryOp::EQ,
                      BinaryOp::NE, BinaryOp::Min, BinaryOp::Max})
    EXPECT_EQ(bin(Op, A, B), bin(Op, B, A));
  EXPECT_NE(bin(BinaryOp::Sub, A, B), bin(BinaryOp::Sub, B, A));
  // Short-circuit operators keep their order: the left side guards the right.
  EXPECT_NE(bin(BinaryOp::LAnd, A, B), bin(BinaryOp::LAnd, B, A));
  // Equal sums built in different orders are one node, deep inside too.
  const Expr *N = p("n", U32);
  const Expr *S1 = bin(BinaryOp::Mul, c(4, U32), bin(BinaryOp::Add, N, tid(0)));
  const Expr *S2 = bin(BinaryOp::Mul, bin(BinaryOp::Add, tid(0), N), c(4, U32));
  EXPECT_EQ(S1, S2);
}

TEST_F(ExprTest, ReassociatesConstants) {
  const Expr *X = p("x");
  EXPECT_EQ(bin(BinaryOp::Add, bin(BinaryOp::Add, X, c(3)), c(5)),
            bin(BinaryOp::Add, X, c(8)));
  EXPECT_EQ(bin(BinaryOp::Add, c(5), bin(BinaryOp::Add, c(3), X)),
            bin(BinaryOp::Add, X, c(8)));
  EXPECT_EQ(bin(BinaryOp::Mul, bin(BinaryOp::Mul, X, c(4)), c(2)),
            bin(BinaryOp::Mul, c(8), X));
  EXPECT_EQ(bin(BinaryOp::Sub, X, c(3)), bin(BinaryOp::Add, X, c(-3)));
  EXPECT_EQ(bin(BinaryOp::Add, bin(BinaryOp::Add, X, c(3)), c(-3)), X);
  const Expr *Y = p("y");
  // (x + 3) + (y + 5) == (x + y) + 8; (x + 3) - (x + 1) == 2.
  EXPECT_EQ(bin(BinaryOp::Add, bin(BinaryOp::Add, X, c(3)),
                bin(BinaryOp::Add, Y, c(5))),
            bin(BinaryOp::Add, bin(BinaryOp::Add, X, Y), c(8)));
  EXPECT_EQ(bin(BinaryOp::Sub, bin(BinaryOp::Add, X, c(3)),
                bin(BinaryOp::Add, X, c(1))),
            c(2));
  // 4*(x + 1) == 4*x + 4, so equal addresses written both ways coincide.
  EXPECT_EQ(bin(BinaryOp::Mul, c(4), bin(BinaryOp::Add, X, c(1))),
            bin(BinaryOp::Add, bin(BinaryOp::Mul, c(4), X), c(4)));
  // Reassociation is modular: on u8, (x + 200) + 100 == x + 44.
  const Expr *B8 = p("b8", U8);
  EXPECT_EQ(bin(BinaryOp::Add, bin(BinaryOp::Add, B8, c(200, U8)), c(100, U8)),
            bin(BinaryOp::Add, B8, c(uint8_t(200 + 100), U8)));
}

TEST_F(ExprTest, AppliesIdentities) {
  const Expr *X = p("x"), *Y = p("y");
  EXPECT_EQ(bin(BinaryOp::Add, X, c(0)), X);
  EXPECT_EQ(bin(BinaryOp::Sub, X, c(0)), X);
  EXPECT_EQ(bin(BinaryOp::Sub, X, X), c(0));
  EXPECT_EQ(bin(BinaryOp::Mul, X, c(1)), X);
  EXPECT_EQ(bin(BinaryOp::Mul, c(0), X), c(0));
  EXPECT_EQ(bin(BinaryOp::Div, X, c(1)), X);
  EXPECT_EQ(bin(BinaryOp::Rem, X, c(1)), c(0));
  EXPECT_EQ(bin(BinaryOp::And, X, c(0)), c(0));
  EXPECT_EQ(bin(BinaryOp::And, X, c(-1)), X);
  EXPECT_EQ(bin(BinaryOp::Or, c(0), X), X);
  EXPECT_EQ(bin(BinaryOp::Xor, X, c(0)), X);
  EXPECT_EQ(bin(BinaryOp::Xor, X, X), c(0));
  EXPECT_EQ(bin(BinaryOp::Shl, X, c(0, U32)), X);
  EXPECT_EQ(bin(BinaryOp::Shr, X, c(0)), X);
  EXPECT_EQ(bin(BinaryOp::LE, X, X), Ctx.getBool(true));
  EXPECT_EQ(bin(BinaryOp::Min, X, X), X);
  EXPECT_EQ(Ctx.getSelect(Ctx.getBool(true), X, Y), X);
  EXPECT_EQ(Ctx.getSelect(c(0), X, Y), Y);
  EXPECT_EQ(Ctx.getSelect(bin(BinaryOp::LT, X, Y), X, X), X);
  EXPECT_EQ(Ctx.getCast(X, I32), X);
  EXPECT_EQ(Ctx.getCast(c(-1), U64), c(int64_t(uint64_t(int32_t(-1))), U64));
  EXPECT_EQ(Ctx.getUnary(UnaryOp::Neg, Ctx.getUnary(UnaryOp::Neg, X)), X);
  EXPECT_EQ(bin(BinaryOp::Sub, c(0), X), Ctx.getUnary(UnaryOp::Neg, X));
  EXPECT_EQ(Ctx.getUnary(UnaryOp::LNot, bin(BinaryOp::LT, X, Y)),
            bin(BinaryOp::GE, X, Y));
  // x*0 is 0 even when x cannot be known.
  EXPECT_EQ(bin(BinaryOp::Mul, Ctx.getOpaque("load", I32), c(0)), c(0));
}

TEST_F(ExprTest, CastChainsCollapseOnlyWhenValid) {
  const Expr *X8 = p("x8", I8);
  // Sign-extending twice is one sign extension.
  EXPECT_EQ(Ctx.getCast(Ctx.getCast(X8, I32), I64), Ctx.getCast(X8, I64));
  // A round trip through a wider type is the identity.
  EXPECT_EQ(Ctx.getCast(Ctx.getCast(X8, U32), I8), X8);
  // Through an unsigned type of the same width the extension changes, so
  // (long)(unsigned char)x8 is not (long)x8.
  EXPECT_NE(Ctx.getCast(Ctx.getCast(X8, U8), I64), Ctx.getCast(X8, I64));
}

// Every chain of two conversions over the eight standard types, folded and
// evaluated, against C++'s own conversions.
TEST_F(ExprTest, CastChainsMatchCxxConversions) {
  const IntType Types[] = {I8, U8, I16, U16, I32, U32, I64, U64};
  const int64_t Raw[] = {0,      1,           -1,        127,
                         128,    -129,        255,       0x1234'5678,
                         -70000, 0x8000'0000, INT64_MIN, INT64_MAX};
  for (IntType X : Types) {
    const Expr *PX = Ctx.getParam("x", X);
    for (IntType T1 : Types)
      for (IntType T2 : Types) {
        const Expr *Chain = Ctx.getCast(Ctx.getCast(PX, T1), T2);
        for (int64_t R : Raw) {
          int64_t V = cxxConvert(R, X);
          int64_t Expected = cxxConvert(cxxConvert(V, T1), T2);
          Bind.Atoms[PX] = V;
          EXPECT_EQ(eval(Chain), Expected) << Chain->str() << " at " << V;
          const Expr *Folded = Ctx.getCast(Ctx.getCast(c(V, X), T1), T2);
          ASSERT_TRUE(Folded->isConst());
          EXPECT_EQ(Folded->getConstValue(), Expected);
        }
      }
  }
}

TEST_F(ExprTest, CastsTruncateAndExtend) {
  EXPECT_EQ(Ctx.getCast(c(300), U8)->getConstValue(), uint8_t(300));
  EXPECT_EQ(Ctx.getCast(c(0x1'0000'0005LL, I64), I32)->getConstValue(),
            int32_t(int64_t(0x1'0000'0005LL)));
  EXPECT_EQ(Ctx.getCast(c(-1), U64)->getConstValue(),
            int64_t(uint64_t(int32_t(-1))));
  EXPECT_EQ(Ctx.getCast(c(0xFFFF'FFFF, U32), I64)->getConstValue(),
            int64_t(uint32_t(0xFFFF'FFFFu)));
  EXPECT_EQ(Ctx.getCast(c(-128, I8), I32)->getConstValue(),
            int32_t(int8_t(-128)));
  // To bool is a comparison with zero, not a truncation to the low bit.
  EXPECT_EQ(Ctx.getCast(c(2), IntType::boolean())->getConstValue(),
            int64_t(bool(2)));
  const Expr *X = p("x");
  const Expr *AsBool = Ctx.getCast(X, IntType::boolean());
  EXPECT_EQ(AsBool, bin(BinaryOp::NE, X, c(0)));
  Bind.Atoms[X] = 2;
  EXPECT_EQ(eval(AsBool), 1);
}

//===----------------------------------------------------------------------===//
// C++ integer semantics
//===----------------------------------------------------------------------===//

TEST_F(ExprTest, UnsignedWrapAround) {
  EXPECT_EQ(both(BinaryOp::Sub, U32, 0, 1), int64_t(uint32_t(0u - 1u)));
  EXPECT_EQ(both(BinaryOp::Add, U32, 0xFFFF'FFFF, 1),
            int64_t(uint32_t(0xFFFF'FFFFu + 1u)));
  EXPECT_EQ(both(BinaryOp::Mul, U32, 0x1'0001, 0x1'0001),
            int64_t(uint32_t(0x1'0001u * 0x1'0001u)));
  EXPECT_EQ(both(BinaryOp::Add, U8, 200, 100), int64_t(uint8_t(200 + 100)));
  EXPECT_EQ(both(BinaryOp::Sub, U64, 0, 1),
            int64_t(std::numeric_limits<uint64_t>::max()));
  EXPECT_EQ(Ctx.getUnary(UnaryOp::Neg, c(1, U32))->getConstValue(),
            int64_t(uint32_t(-1u)));
}

TEST_F(ExprTest, SignedDivisionTruncatesTowardZero) {
  EXPECT_EQ(both(BinaryOp::Div, I32, -7, 2), -7 / 2);
  EXPECT_EQ(both(BinaryOp::Rem, I32, -7, 2), -7 % 2);
  EXPECT_EQ(both(BinaryOp::Div, I32, 7, -2), 7 / -2);
  EXPECT_EQ(both(BinaryOp::Rem, I32, 7, -2), 7 % -2);
  EXPECT_EQ(both(BinaryOp::Div, I64, -7, 2), -3);
  EXPECT_EQ(both(BinaryOp::Rem, I64, -7, 2), -1);
  // Unsigned division sees -7 as 2^32 - 7.
  EXPECT_EQ(both(BinaryOp::Div, U32, uint32_t(-7), 2), int64_t(-7u / 2u));
  EXPECT_EQ(both(BinaryOp::Div, U64, -1, 3),
            int64_t(std::numeric_limits<uint64_t>::max() / 3));
}

TEST_F(ExprTest, MinDividedByMinusOneWrapsInsteadOfTrapping) {
  // C++ leaves this undefined; the model wraps, as two's complement does.
  EXPECT_EQ(both(BinaryOp::Div, I32, INT32_MIN, -1), INT32_MIN);
  EXPECT_EQ(both(BinaryOp::Rem, I32, INT32_MIN, -1), 0);
  EXPECT_EQ(both(BinaryOp::Div, I64, INT64_MIN, -1), INT64_MIN);
  EXPECT_EQ(both(BinaryOp::Rem, I64, INT64_MIN, -1), 0);
}

TEST_F(ExprTest, ComparisonsRespectSignedness) {
  EXPECT_EQ(both(BinaryOp::LT, I32, -1, 1), -1 < 1);
  EXPECT_EQ(both(BinaryOp::LT, U32, uint32_t(-1), 1), uint32_t(-1) < 1u);
  // A u64 above INT64_MAX is stored as a negative int64_t.
  const uint64_t Big = 0x8000'0000'0000'0000ull;
  EXPECT_EQ(both(BinaryOp::GT, U64, int64_t(Big), 1), Big > 1ull);
  EXPECT_EQ(both(BinaryOp::LE, U64, int64_t(Big), INT64_MAX),
            Big <= uint64_t(INT64_MAX));
  EXPECT_EQ(both(BinaryOp::GE, I64, INT64_MIN, INT64_MAX),
            int64_t(INT64_MIN >= INT64_MAX));
  EXPECT_EQ(bin(BinaryOp::LT, c(1), c(2))->getType(), IntType::boolean());
}

TEST_F(ExprTest, MinMaxRespectSignedness) {
  EXPECT_EQ(both(BinaryOp::Min, I32, -1, 1), std::min(-1, 1));
  EXPECT_EQ(both(BinaryOp::Min, U32, uint32_t(-1), 1),
            std::min(uint32_t(-1), 1u));
  EXPECT_EQ(both(BinaryOp::Max, U32, uint32_t(-1), 1),
            std::max(uint32_t(-1), 1u));
  EXPECT_EQ(both(BinaryOp::Max, U64, -1, 1),
            int64_t(std::max(uint64_t(-1), uint64_t(1))));
}

TEST_F(ExprTest, ShiftsAreArithmeticOnlyForSignedTypes) {
  EXPECT_EQ(both(BinaryOp::Shr, I32, -16, 2, U32), -16 >> 2);
  EXPECT_EQ(both(BinaryOp::Shr, U32, 0xFFFF'FFF0, 2, U32),
            int64_t(0xFFFF'FFF0u >> 2));
  EXPECT_EQ(both(BinaryOp::Shl, U32, 1, 31, I32), int64_t(1u << 31));
  EXPECT_EQ(both(BinaryOp::Shl, I32, 3, 31, I32),
            int32_t(uint32_t(3) << 31)); // wraps, as C++20 defines
  EXPECT_EQ(both(BinaryOp::Shl, U64, 1, 63, I32), int64_t(1ull << 63));
  EXPECT_EQ(both(BinaryOp::Shr, I64, INT64_MIN, 63, U64), INT64_MIN >> 63);
  EXPECT_EQ(bin(BinaryOp::Shl, c(1, I64), c(40))->getType(), I64)
      << "a shift has its left operand's type";
}

TEST_F(ExprTest, OutOfRangeShiftIsNotFoldedAndUnknown) {
  for (int64_t Count : {32, 33, -1}) {
    const Expr *E = bin(BinaryOp::Shl, c(1), c(Count));
    EXPECT_FALSE(E->isConst()) << Count;
    EvalResult R = Ctx.evaluate(E, Bind);
    EXPECT_FALSE(R.Known);
    ASSERT_NE(R.Why, nullptr);
    EXPECT_STREQ(R.Why, "shift out of range");
  }
  // 32 is in range for a 64-bit left operand; an unsigned count of
  // 0xFFFFFFFF is not negative but too large.
  EXPECT_TRUE(bin(BinaryOp::Shl, c(1, I64), c(32))->isConst());
  EXPECT_FALSE(bin(BinaryOp::Shr, c(8, I64), c(-1, U32))->isConst());
}

TEST_F(ExprTest, DivisionByZeroIsNotFoldedAndUnknown) {
  const Expr *X = p("x");
  for (const Expr *E :
       {bin(BinaryOp::Div, c(5), c(0)), bin(BinaryOp::Rem, c(5), c(0)),
        bin(BinaryOp::Div, X, c(0))}) {
    EXPECT_FALSE(E->isConst()) << E->str();
    Bind.Atoms[X] = 9;
    EvalResult R = Ctx.evaluate(E, Bind);
    EXPECT_FALSE(R.Known) << E->str();
    ASSERT_NE(R.Why, nullptr);
    EXPECT_STREQ(R.Why, "division by zero");
  }
  // A divisor that is zero only for some lanes is known for the others.
  const Expr *D = bin(BinaryOp::Div, c(100), X);
  Bind.Atoms[X] = 0;
  EXPECT_FALSE(Ctx.evaluate(D, Bind).Known);
  Bind.Atoms[X] = -7;
  EXPECT_EQ(eval(D), 100 / -7);
}

// Every operator on edge values of the four common types, folded and
// evaluated, against the same operation compiled by C++.
class ExprSemanticsTest : public ExprTest {
protected:
  template <typename T> void check(IntType Ty) {
    const T Vals[] = {T(0),
                      T(1),
                      T(2),
                      T(7),
                      T(-1),
                      T(-7),
                      T(12345),
                      std::numeric_limits<T>::min(),
                      std::numeric_limits<T>::max(),
                      T(std::numeric_limits<T>::max() / 2 + 3)};
    const BinaryOp Ops[] = {BinaryOp::Add, BinaryOp::Sub, BinaryOp::Mul,
                            BinaryOp::Div, BinaryOp::Rem, BinaryOp::And,
                            BinaryOp::Or,  BinaryOp::Xor, BinaryOp::LT,
                            BinaryOp::LE,  BinaryOp::GT,  BinaryOp::GE,
                            BinaryOp::EQ,  BinaryOp::NE,  BinaryOp::LAnd,
                            BinaryOp::LOr, BinaryOp::Min, BinaryOp::Max};
    for (BinaryOp Op : Ops)
      for (T A : Vals)
        for (T B : Vals) {
          bool IsDivision = Op == BinaryOp::Div || Op == BinaryOp::Rem;
          if (IsDivision && (B == 0 || (std::is_signed_v<T> && B == T(-1) &&
                                        A == std::numeric_limits<T>::min())))
            continue; // undefined in C++; tested on their own above
          EXPECT_EQ(both(Op, Ty, int64_t(A), int64_t(B)),
                    cxxBinary<T>(Op, A, B))
              << "op " << unsigned(Op) << " on " << +A << ", " << +B;
        }
    for (T A : Vals)
      for (unsigned S : {0u, 1u, 5u, unsigned(sizeof(T) * 8 - 1)}) {
        using U = std::make_unsigned_t<T>;
        EXPECT_EQ(both(BinaryOp::Shl, Ty, int64_t(A), S, U32),
                  int64_t(T(U(A) << S)));
        EXPECT_EQ(both(BinaryOp::Shr, Ty, int64_t(A), S, U32),
                  int64_t(T(A >> S)));
      }
  }
};

TEST_F(ExprSemanticsTest, Int32MatchesCxx) { check<int32_t>(I32); }
TEST_F(ExprSemanticsTest, UInt32MatchesCxx) { check<uint32_t>(U32); }
TEST_F(ExprSemanticsTest, Int64MatchesCxx) { check<int64_t>(I64); }
TEST_F(ExprSemanticsTest, UInt64MatchesCxx) { check<uint64_t>(U64); }

//===----------------------------------------------------------------------===//
// Evaluation
//===----------------------------------------------------------------------===//

TEST_F(ExprTest, EvaluatesBuiltinsAndBoundAtoms) {
  // The usual global index, blockIdx.x*blockDim.x + threadIdx.x, on u32.
  const Expr *Idx =
      bin(BinaryOp::Add,
          bin(BinaryOp::Mul, bid(0), Ctx.getBuiltin(AtomKind::BlockDim, 0)),
          tid(0));
  Bind.BlockIdx[0] = 3;
  Bind.BlockDim[0] = 128;
  Bind.ThreadIdx[0] = 17;
  EXPECT_EQ(eval(Idx), 3 * 128 + 17);
  const Expr *I = Ctx.getInduction("i", I32);
  Bind.Atoms[I] = -4;
  EXPECT_EQ(eval(bin(BinaryOp::Mul, I, c(3))), -4 * 3);
}

TEST_F(ExprTest, UnboundAtomBlocksEvaluation) {
  const Expr *N = p("n", U32);
  const Expr *E = bin(BinaryOp::Add, bin(BinaryOp::Mul, N, tid(0)), c(1, U32));
  EvalResult R = Ctx.evaluate(E, Bind);
  EXPECT_FALSE(R.Known);
  EXPECT_EQ(R.Blocker, N);
  ASSERT_NE(R.Why, nullptr);
  EXPECT_STREQ(R.Why, "unbound");
}

TEST_F(ExprTest, OpaqueValuesAreDistinctAndReportTheirReason) {
  const Expr *O1 = Ctx.getOpaque("load from global memory", I32);
  const Expr *O2 = Ctx.getOpaque("load from global memory", I32);
  EXPECT_NE(O1, O2) << "each opaque value is its own unknown";
  EXPECT_NE(bin(BinaryOp::Sub, O1, O2), c(0));
  EXPECT_EQ(bin(BinaryOp::Sub, O1, O1), c(0));
  EXPECT_EQ(bin(BinaryOp::Add, O1, O2), bin(BinaryOp::Add, O2, O1));
  EXPECT_EQ(O1->getName(), "load from global memory");

  // (unsigned)O1*4 + threadIdx.x
  const Expr *OU = Ctx.getCast(O1, U32);
  const Expr *E = bin(BinaryOp::Add, bin(BinaryOp::Mul, OU, c(4, U32)), tid(0));
  const Expr *Clean = bin(BinaryOp::Add, p("n", U32), tid(0));
  EXPECT_TRUE(E->hasOpaque());
  EXPECT_FALSE(Clean->hasOpaque());
  EXPECT_TRUE(E->dependsOnThreadIdx());
  EXPECT_FALSE(bin(BinaryOp::Mul, OU, bid(0))->dependsOnThreadIdx());

  EvalResult R = Ctx.evaluate(Ctx.getCast(E, I64), Bind);
  EXPECT_FALSE(R.Known);
  EXPECT_EQ(R.Blocker, O1);
  ASSERT_NE(R.Why, nullptr);
  EXPECT_STREQ(R.Why, "load from global memory");
}

TEST_F(ExprTest, EvaluationShortCircuitsLikeCxx) {
  const Expr *D = p("d");
  const Expr *Quot = bin(BinaryOp::Div, c(100), D);
  // d != 0 && 100 / d > 3, and d == 0 ? 0 : 100 / d, at d == 0.
  const Expr *Guarded = bin(BinaryOp::LAnd, bin(BinaryOp::NE, D, c(0)),
                            bin(BinaryOp::GT, Quot, c(3)));
  const Expr *Sel = Ctx.getSelect(bin(BinaryOp::EQ, D, c(0)), c(0), Quot);
  Bind.Atoms[D] = 0;
  EXPECT_EQ(eval(Guarded), 0);
  EXPECT_EQ(eval(Sel), 0);
  Bind.Atoms[D] = 7;
  EXPECT_EQ(eval(Guarded), 100 / 7 > 3);
  EXPECT_EQ(eval(Sel), 100 / 7);
  EXPECT_EQ(eval(bin(BinaryOp::LOr, bin(BinaryOp::EQ, D, c(7)),
                     bin(BinaryOp::GT, bin(BinaryOp::Div, c(1), c(0)), c(0)))),
            1);
}

TEST_F(ExprTest, SelectPicksByTruthValue) {
  const Expr *X = p("x"), *Y = p("y");
  const Expr *Sel = Ctx.getSelect(bin(BinaryOp::And, X, c(4)), X, Y);
  Bind.Atoms[Y] = -9;
  Bind.Atoms[X] = 6;
  EXPECT_EQ(eval(Sel), (6 & 4) ? 6 : -9);
  Bind.Atoms[X] = 3;
  EXPECT_EQ(eval(Sel), (3 & 4) ? 3 : -9);
}

TEST_F(ExprTest, EvaluationNormalizesBoundValues) {
  // A binding outside the atom's range is reduced to it, as a conversion.
  const Expr *B8 = p("b", U8);
  Bind.Atoms[B8] = 0x1FF;
  EXPECT_EQ(eval(B8), uint8_t(0x1FF));
  EXPECT_EQ(eval(bin(BinaryOp::Add, B8, c(1, U8))), uint8_t(0x1FF + 1));
}

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

TEST_F(ExprTest, PrintsWithMinimalParentheses) {
  const Expr *N = p("n", U32);
  const Expr *Row =
      bin(BinaryOp::Add, bin(BinaryOp::Mul, bid(0), c(32, U32)), tid(0));
  const Expr *E = bin(BinaryOp::Mul, c(4, U32),
                      bin(BinaryOp::Add, bin(BinaryOp::Mul, N, Row), tid(1)));
  EXPECT_EQ(E->str(), "4*(n*(32*blockIdx.x + threadIdx.x) + threadIdx.y)");
  const Expr *A = p("a"), *B = p("b"), *C = p("c");
  EXPECT_EQ(bin(BinaryOp::Sub, bin(BinaryOp::Sub, A, B), C)->str(),
            "a - b - c");
  EXPECT_EQ(bin(BinaryOp::Sub, A, bin(BinaryOp::Sub, B, C))->str(),
            "a - (b - c)");
  EXPECT_EQ(bin(BinaryOp::Div, bin(BinaryOp::Mul, A, B), C)->str(), "a*b/c");
  EXPECT_EQ(bin(BinaryOp::Mul, A, bin(BinaryOp::Div, B, C))->str(), "a*(b/c)");
  EXPECT_EQ(Ctx.getUnary(UnaryOp::Neg, bin(BinaryOp::Add, A, B))->str(),
            "-(a + b)");
  // Clearer than precedence alone requires, as -Wparentheses asks.
  EXPECT_EQ(bin(BinaryOp::Shl, bin(BinaryOp::Add, A, B), c(2))->str(),
            "(a + b) << 2");
  EXPECT_EQ(bin(BinaryOp::And, A, c(31))->str(), "a & 31");
}

TEST_F(ExprTest, PrintsNegativeOffsetsAsSubtraction) {
  EXPECT_EQ(bin(BinaryOp::Sub, p("x"), c(3))->str(), "x - 3");
  EXPECT_EQ(bin(BinaryOp::Sub, p("u", U32), c(3, U32))->str(), "u - 3");
  EXPECT_EQ(bin(BinaryOp::Add, p("x"), c(3))->str(), "x + 3");
  EXPECT_EQ(bin(BinaryOp::Sub, c(3), p("x"))->str(), "3 - x");
}

TEST_F(ExprTest, PrintsAtomsCallsSelectsAndCasts) {
  const Expr *A = p("a"), *B = p("b");
  EXPECT_EQ(bin(BinaryOp::Min, B, A)->str(), "min(a, b)");
  EXPECT_EQ(bin(BinaryOp::Max, A, c(0))->str(), "max(a, 0)");
  EXPECT_EQ(Ctx.getSelect(bin(BinaryOp::LT, A, B), A, B)->str(),
            "a < b ? a : b");
  EXPECT_EQ(Ctx.getCast(A, I64)->str(), "(long)a");
  EXPECT_EQ(Ctx.getCast(bin(BinaryOp::Add, A, B), U64)->str(),
            "(unsigned long)(a + b)");
  EXPECT_EQ(Ctx.getCast(A, U32)->str(), "a") << "sign-only casts are silent";
  EXPECT_EQ(
      bin(BinaryOp::Mul, Ctx.getCast(bin(BinaryOp::Add, A, B), U32), c(2, U32))
          ->str(),
      "2*(a + b)");
  EXPECT_EQ(Ctx.getBuiltin(AtomKind::GridDim, 2)->str(), "gridDim.z");
  EXPECT_EQ(Ctx.getOpaque("call to f", I32)->str(), "<opaque: call to f>");
  EXPECT_EQ(c(-1, U64)->str(), "18446744073709551615");
  EXPECT_EQ(Ctx.getBool(true)->str(), "true");
  EXPECT_EQ(Ctx.getUnary(UnaryOp::LNot, A)->str(), "!a");
}

} // namespace

//===----------------------------------------------------------------------===//
// Evaluating a warp at once
//===----------------------------------------------------------------------===//

/// evaluateWarp of each of \p Es under \p Lanes, for each mask of
/// \p Actives, gives every active lane what evaluate gives it: the same
/// value, or unknown for the same blocking atom.
static void expectWarpEqualsLanes(ExprContext &Ctx,
                                  llvm::ArrayRef<const Expr *> Es,
                                  const std::array<Bindings, 32> &Lanes,
                                  std::initializer_list<uint32_t> Actives) {
  for (uint32_t Active : Actives) {
    for (const Expr *E : Es) {
      std::array<EvalResult, 32> W;
      Ctx.evaluateWarp(E, Lanes.data(), Active, W.data());
      for (unsigned I = 0; I < 32; ++I) {
        if (!(Active >> I & 1))
          continue;
        EvalResult L = Ctx.evaluate(E, Lanes[I]);
        EXPECT_EQ(W[I].Known, L.Known) << E->str() << " lane " << I;
        if (L.Known)
          EXPECT_EQ(W[I].Value, L.Value) << E->str() << " lane " << I;
        else
          EXPECT_EQ(W[I].Blocker, L.Blocker) << E->str() << " lane " << I;
      }
    }
  }
}

// evaluateWarp must give every lane what evaluate gives it: the lanes
// differ in threadIdx only (warp 1: threadIdx.x = 32 + lane). The
// expressions mix lane-free parts (n, the block's base), a division by
// threadIdx.x - 37, zero in lane 5 (unknown there only), short-circuits decided
// per lane, a select whose arms are unknown in the lanes that do not take them,
// an opaque operand and a cast.
TEST_F(ExprTest, WarpEvaluationEqualsLaneEvaluation) {
  const Expr *N = p("n"), *T = tid(0),
             *Base = bin(BinaryOp::Mul, bid(0), c(256));
  const Expr *Op = Ctx.getOpaque("value loaded from memory", I32);
  const Expr *Div = bin(BinaryOp::Div, N, bin(BinaryOp::Sub, T, c(37)));
  std::vector<const Expr *> Es = {
      bin(BinaryOp::Add, Base, T),
      Div,
      bin(BinaryOp::LAnd, bin(BinaryOp::LT, T, c(40)),
          bin(BinaryOp::GT, Div, c(0))),
      bin(BinaryOp::LOr, bin(BinaryOp::GE, T, c(48)),
          bin(BinaryOp::Add, Op, T)),
      Ctx.getSelect(bin(BinaryOp::LT, T, c(36)), Div, bin(BinaryOp::Mul, T, N)),
      Ctx.getCast(bin(BinaryOp::Sub, T, c(40)), IntType::u32()),
      bin(BinaryOp::Mul, Op, c(2)),
      N};
  std::array<Bindings, 32> Lanes;
  for (unsigned I = 0; I < 32; ++I) {
    Lanes[I].ThreadIdx[0] = 32 + I; // warp 1 of a 1-D block
    Lanes[I].BlockIdx[0] = 3;
    Lanes[I].Atoms[N] = 4096;
  }
  expectWarpEqualsLanes(Ctx, Es, Lanes,
                        {0xffffffffu, 0x0000ff0fu, 0x80000001u});
}

// A node affine in threadIdx is evaluated for the warp as one function of
// threadIdx (Expr::affineInThreadIdx); it must still give every lane what
// evaluate gives it, where values wrap in a narrow type and where a
// widening conversion sees some lanes wrap and others not. The warp is
// warp 3 of a 16x16 block: threadIdx.x = lane % 16, threadIdx.y = 6 +
// lane / 16. Expected values come from evaluate, lane by lane.
TEST_F(ExprTest, AffineWarpEvaluationEqualsLaneEvaluation) {
  auto cast = [&](const Expr *E, IntType T) { return Ctx.getCast(E, T); };
  const Expr *X = cast(tid(0), I32), *Y = cast(tid(1), I32);
  const Expr *N = p("n"), *S = p("s"), *Small = p("small");
  const Expr *Row = bin(BinaryOp::Add, bin(BinaryOp::Mul, Y, N), X);
  std::vector<const Expr *> Es = {
      // (long)(y * n + x): within int, widened exactly.
      cast(Row, I64),
      // x * 2^28 wraps in int from x = 8 on: the widening is not exact for
      // the warp, which is then evaluated lane by lane.
      cast(bin(BinaryOp::Mul, X, c(1 << 28)), I64),
      // small - x, unsigned: below zero from x = 4 on, so it wraps in 32
      // bits before the conversion to 64.
      cast(bin(BinaryOp::Sub, cast(Small, U32), tid(0)), U64),
      // x << 29 wraps in int; x << s with s = 40 has no value.
      bin(BinaryOp::Shl, X, c(29)), bin(BinaryOp::Shl, X, S),
      // A narrowing conversion, then a widening one; a negation.
      cast(cast(bin(BinaryOp::Mul, X, c(50)), I8), I32),
      Ctx.getUnary(UnaryOp::Neg, bin(BinaryOp::Sub, Row, c(7))),
      // In a 64-bit sum with a 32-bit operand: the operand is widened.
      bin(BinaryOp::Add, p("base", I64),
          cast(bin(BinaryOp::Mul, Row, c(4)), I64))};
  EXPECT_TRUE(Es[0]->affineInThreadIdx());
  EXPECT_FALSE(bin(BinaryOp::Div, X, c(2))->affineInThreadIdx());
  EXPECT_FALSE(bin(BinaryOp::Mul, X, Y)->affineInThreadIdx());
  std::array<Bindings, 32> Lanes;
  for (unsigned I = 0; I < 32; ++I) {
    Lanes[I].ThreadIdx[0] = I % 16;
    Lanes[I].ThreadIdx[1] = 6 + I / 16;
    Lanes[I].Atoms[N] = 4096;
    Lanes[I].Atoms[S] = 40;
    Lanes[I].Atoms[Small] = 3;
    Lanes[I].Atoms[p("base", I64)] = int64_t(1) << 40;
  }
  expectWarpEqualsLanes(Ctx, Es, Lanes,
                        {0xffffffffu, 0x000000ffu, 0x00010000u});
}
