//===- Expr.cpp - Uniqued symbolic integer expressions --------------------===//
//
// The factory folds and canonicalises every node before uniquing it, so that
// structurally equal expressions are one pointer. Canonical forms:
//  - Add: `base + C` with the constant on the right; non-constant operands
//    ordered compound terms first, then atoms (so `32*blockIdx.x +
//    threadIdx.x`). Constants of both sides are collected into one.
//  - Mul: `C*base` with the constant on the left; non-constant operands
//    ordered atoms first, then compound terms (so `n*(a + b)`).
//  - Sub by a constant is an Add of the negated constant; `0 - x` is `-x`.
//  - c*(x + d) is distributed to c*x + c*d, so offsets stay outermost.
//  - Other commutative operators (not && and ||, which short-circuit):
//    constant on the right, the rest in structural order.
// Non-constant operands follow a structural order (kind; atoms by params,
// inductions, blockIdx, blockDim, gridDim, threadIdx, then component and
// name; compound terms by operator, then operands), so a + b and b + a are
// one node and the printed form does not depend on construction order.
//
// All arithmetic is done on uint64_t and reduced by IntType::normalize, which
// is C++'s modular arithmetic for unsigned types and the wrap-around we model
// for signed ones; every rewrite below is an identity modulo 2^Bits.
//
//===----------------------------------------------------------------------===//

#include "cal/Symbolic/Expr.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/Support/ErrorHandling.h"
#include <cstring>
#include <functional>
#include <utility>

using namespace cal;

int64_t IntType::normalize(int64_t V) const {
  assert(Bits >= 1 && Bits <= 64 && "IntType width out of range");
  if (Bits == 64)
    return V;
  uint64_t Mask = (uint64_t(1) << Bits) - 1;
  uint64_t U = uint64_t(V) & Mask;
  if (Signed && (U >> (Bits - 1)) & 1)
    U |= ~Mask;
  return int64_t(U);
}

//===----------------------------------------------------------------------===//
// Value semantics shared by folding and evaluation
//===----------------------------------------------------------------------===//

namespace {

enum class FoldStatus { Ok, DivByZero, ShiftRange };

bool isBool(IntType T) { return T == IntType::boolean(); }

// C++ conversion: to bool is `!= 0`; otherwise modular truncation/extension.
int64_t castValue(int64_t V, IntType To) {
  return isBool(To) ? V != 0 : To.normalize(V);
}

bool isCommutative(BinaryOp Op) {
  switch (Op) {
  case BinaryOp::Add:
  case BinaryOp::Mul:
  case BinaryOp::And:
  case BinaryOp::Or:
  case BinaryOp::Xor:
  case BinaryOp::EQ:
  case BinaryOp::NE:
  case BinaryOp::Min:
  case BinaryOp::Max:
    return true;
  default: // LAnd/LOr are kept in source order: evaluation short-circuits.
    return false;
  }
}

bool isComparison(BinaryOp Op) {
  return Op >= BinaryOp::LT && Op <= BinaryOp::LOr;
}

/// Applies \p Op to operands \p L (of type \p OT) and \p R (of type \p RT),
/// giving a value of the result type \p T. No undefined behaviour on the host.
FoldStatus foldBinary(BinaryOp Op, IntType T, IntType OT, IntType RT, int64_t L,
                      int64_t R, int64_t &Out) {
  uint64_t UL = uint64_t(L), UR = uint64_t(R), U = 0;
  // Operands are normalized, so unsigned values (a u64 above INT64_MAX
  // included) compare correctly as uint64_t and signed ones as int64_t.
  auto Less = [&](int64_t A, int64_t B) {
    return OT.Signed ? A < B : uint64_t(A) < uint64_t(B);
  };
  switch (Op) {
  case BinaryOp::Add:
    U = UL + UR;
    break;
  case BinaryOp::Sub:
    U = UL - UR;
    break;
  case BinaryOp::Mul:
    U = UL * UR;
    break;
  case BinaryOp::Div:
  case BinaryOp::Rem: {
    if (R == 0)
      return FoldStatus::DivByZero;
    bool IsDiv = Op == BinaryOp::Div;
    if (!T.Signed)
      U = IsDiv ? UL / UR : UL % UR;
    else if (R == -1) // MIN / -1 overflows; the wrapped quotient is -L.
      U = IsDiv ? 0 - UL : 0;
    else // int64_t division truncates toward zero, as C++ requires.
      U = uint64_t(IsDiv ? L / R : L % R);
    break;
  }
  case BinaryOp::Shl:
  case BinaryOp::Shr:
    if ((RT.Signed && R < 0) || UR >= T.Bits)
      return FoldStatus::ShiftRange;
    if (Op == BinaryOp::Shl)
      U = UL << UR;
    else // L is sign-extended when signed, so this shift is arithmetic
      U = T.Signed ? uint64_t(L >> UR) : UL >> UR;
    break;
  case BinaryOp::And:
    U = UL & UR;
    break;
  case BinaryOp::Or:
    U = UL | UR;
    break;
  case BinaryOp::Xor:
    U = UL ^ UR;
    break;
  case BinaryOp::LT:
    U = Less(L, R);
    break;
  case BinaryOp::LE:
    U = !Less(R, L);
    break;
  case BinaryOp::GT:
    U = Less(R, L);
    break;
  case BinaryOp::GE:
    U = !Less(L, R);
    break;
  case BinaryOp::EQ:
    U = L == R;
    break;
  case BinaryOp::NE:
    U = L != R;
    break;
  case BinaryOp::LAnd:
    U = L != 0 && R != 0;
    break;
  case BinaryOp::LOr:
    U = L != 0 || R != 0;
    break;
  case BinaryOp::Min:
    U = uint64_t(Less(R, L) ? R : L);
    break;
  case BinaryOp::Max:
    U = uint64_t(Less(L, R) ? R : L);
    break;
  }
  Out = T.normalize(int64_t(U));
  return FoldStatus::Ok;
}

int64_t foldUnary(UnaryOp Op, IntType T, int64_t V) {
  switch (Op) {
  case UnaryOp::Neg:
    return T.normalize(int64_t(0 - uint64_t(V)));
  case UnaryOp::BitNot:
    return T.normalize(int64_t(~uint64_t(V)));
  case UnaryOp::LNot:
    return V == 0;
  }
  llvm_unreachable("unknown unary operator");
}

const char *whyOf(FoldStatus S) {
  return S == FoldStatus::DivByZero ? "division by zero" : "shift out of range";
}

} // namespace

//===----------------------------------------------------------------------===//
// Expr
//===----------------------------------------------------------------------===//

int64_t Expr::getConstValue() const {
  assert(isConst() && "not a constant");
  return Value;
}

AtomKind Expr::getAtomKind() const {
  assert(Kind == ExprKind::Atom && "not an atom");
  return AtomKind(Sub);
}

unsigned Expr::getComponent() const {
  assert(Kind == ExprKind::Atom && "not an atom");
  return Component;
}

llvm::StringRef Expr::getName() const {
  assert(Kind == ExprKind::Atom && "not an atom");
  return Name;
}

UnaryOp Expr::getUnaryOp() const {
  assert(Kind == ExprKind::Unary && "not a unary expression");
  return UnaryOp(Sub);
}

BinaryOp Expr::getBinaryOp() const {
  assert(Kind == ExprKind::Binary && "not a binary expression");
  return BinaryOp(Sub);
}

bool Expr::sameAs(const Expr &O) const {
  // Value: an opaque atom's serial number, so never shared.
  return Kind == O.Kind && Type == O.Type && Sub == O.Sub &&
         Component == O.Component && Value == O.Value && NumOps == O.NumOps &&
         Ops[0] == O.Ops[0] && Ops[1] == O.Ops[1] && Ops[2] == O.Ops[2] &&
         Name == O.Name;
}

unsigned Expr::computeHash() const {
  return unsigned(llvm::hash_combine(
      unsigned(Kind), Type.Bits, Type.Signed, Sub, Component, Value,
      llvm::hash_value(Name), Ops[0], Ops[1], Ops[2]));
}

//===----------------------------------------------------------------------===//
// Canonicalisation
//===----------------------------------------------------------------------===//

namespace {

bool isBuiltin(AtomKind K) {
  return K == AtomKind::ThreadIdx || K == AtomKind::BlockIdx ||
         K == AtomKind::BlockDim || K == AtomKind::GridDim;
}

// Canonical order of atoms: `n*blockIdx.x`, `blockIdx.x*blockDim.x`.
unsigned atomRank(AtomKind K) {
  static const unsigned Rank[] = {
      /*ThreadIdx*/ 5, /*BlockIdx*/ 2,
      /*BlockDim*/ 3,  /*GridDim*/ 4,
      /*Param*/ 0,     /*Induction*/ 1,
      /*Opaque*/ 6};
  return Rank[unsigned(K)];
}

unsigned kindRank(ExprKind K) {
  static const unsigned Rank[] = {
      /*Const*/ 0,  /*Atom*/ 1,   /*Unary*/ 2,
      /*Binary*/ 4, /*Select*/ 5, /*Cast*/ 3};
  return Rank[unsigned(K)];
}

template <typename T> int cmp(T A, T B) { return A < B ? -1 : B < A ? 1 : 0; }

/// Structural order, independent of creation order so that printing is
/// stable. Addresses only separate opaque atoms of equal reason and type,
/// which print alike, so the printed form does not depend on them.
int compareExpr(const Expr *A, const Expr *B) {
  if (A == B)
    return 0;
  if (int C = cmp(kindRank(A->getKind()), kindRank(B->getKind())))
    return C;
  if (int C = cmp(A->getType().Bits, B->getType().Bits))
    return C;
  if (int C = cmp(A->getType().Signed, B->getType().Signed))
    return C;
  switch (A->getKind()) {
  case ExprKind::Const:
    return cmp(A->getConstValue(), B->getConstValue());
  case ExprKind::Atom:
    if (int C = cmp(atomRank(A->getAtomKind()), atomRank(B->getAtomKind())))
      return C;
    if (int C = cmp(A->getComponent(), B->getComponent()))
      return C;
    if (int C = A->getName().compare(B->getName()))
      return C;
    return cmp(std::less<const Expr *>()(B, A),
               std::less<const Expr *>()(A, B));
  case ExprKind::Unary:
    if (int C = cmp(A->getUnaryOp(), B->getUnaryOp()))
      return C;
    break;
  case ExprKind::Binary:
    if (int C = cmp(A->getBinaryOp(), B->getBinaryOp()))
      return C;
    break;
  case ExprKind::Select:
  case ExprKind::Cast:
    break;
  }
  for (unsigned I = 0; I != A->getNumOperands(); ++I)
    if (int C = compareExpr(A->getOperand(I), B->getOperand(I)))
      return C;
  return 0;
}

bool isConstVal(const Expr *E, int64_t V) {
  return E->isConst() && E->getConstValue() == V;
}

bool isAllOnes(const Expr *E) {
  return E->isConst() && E->getConstValue() == E->getType().normalize(-1);
}

/// The rewrite rules. Uses only ExprContext's public interface; a simplify*
/// function either returns the finished expression or returns null after
/// putting the operands in canonical form for the caller to unique as is.
class Simplifier {
public:
  explicit Simplifier(ExprContext &Ctx) : Ctx(Ctx) {}

  const Expr *simplifyBinary(BinaryOp Op, const Expr *&L, const Expr *&R);
  const Expr *simplifyUnary(UnaryOp Op, const Expr *E);
  const Expr *simplifySelect(const Expr *C, const Expr *T, const Expr *F);
  const Expr *simplifyCast(const Expr *E, IntType To);

private:
  const Expr *cst(int64_t V, IntType T) { return Ctx.getConst(V, T); }
  const Expr *toBool(const Expr *E) {
    if (isBool(E->getType()))
      return E;
    return Ctx.getBinary(BinaryOp::NE, E, cst(0, E->getType()));
  }
  /// Splits \p E into Base + C; Base is null for a constant.
  static std::pair<const Expr *, int64_t> splitAdd(const Expr *E) {
    if (E->isConst())
      return {nullptr, E->getConstValue()};
    if (E->getKind() == ExprKind::Binary && E->getBinaryOp() == BinaryOp::Add &&
        E->getOperand(1)->isConst())
      return {E->getOperand(0), E->getOperand(1)->getConstValue()};
    return {E, 0};
  }
  /// Splits \p E into C * Base; Base is null for a constant.
  static std::pair<const Expr *, int64_t> splitMul(const Expr *E) {
    if (E->isConst())
      return {nullptr, E->getConstValue()};
    if (E->getKind() == ExprKind::Binary && E->getBinaryOp() == BinaryOp::Mul &&
        E->getOperand(0)->isConst())
      return {E->getOperand(1), E->getOperand(0)->getConstValue()};
    return {E, 1};
  }
  bool before(const Expr *A, const Expr *B) { return compareExpr(A, B) < 0; }
  const Expr *simplifyAdd(const Expr *&L, const Expr *&R);
  const Expr *simplifySub(const Expr *&L, const Expr *&R);
  const Expr *simplifyMul(const Expr *&L, const Expr *&R);

  ExprContext &Ctx;
};

const Expr *Simplifier::simplifyAdd(const Expr *&L, const Expr *&R) {
  IntType T = L->getType();
  auto [LB, LC] = splitAdd(L);
  auto [RB, RC] = splitAdd(R);
  // (a + c1) + (b + c2) == (a + b) + (c1 + c2) modulo 2^Bits.
  int64_t C = T.normalize(int64_t(uint64_t(LC) + uint64_t(RC)));
  const Expr *Base = LB ? LB : RB;
  if (LB && RB) {
    if (LB == RB && LC == 0 && RC == 0)
      return Ctx.getBinary(BinaryOp::Mul, cst(2, T), LB); // x + x == 2*x
    if (LC == 0 && RC == 0) {
      // Compound terms first, atoms last: `32*blockIdx.x + threadIdx.x`.
      bool LAtom = LB->getKind() == ExprKind::Atom;
      bool RAtom = RB->getKind() == ExprKind::Atom;
      if (LAtom != RAtom ? LAtom : before(RB, LB))
        std::swap(L, R);
      return nullptr;
    }
    auto [BB, BC] = splitAdd(Ctx.getBinary(BinaryOp::Add, LB, RB));
    Base = BB;
    C = T.normalize(int64_t(uint64_t(C) + uint64_t(BC)));
  }
  if (!Base)
    return cst(C, T);
  if (C == 0)
    return Base;
  L = Base;
  R = cst(C, T);
  return nullptr;
}

const Expr *Simplifier::simplifySub(const Expr *&L, const Expr *&R) {
  IntType T = L->getType();
  if (L == R)
    return cst(0, T);
  auto [LB, LC] = splitAdd(L);
  auto [RB, RC] = splitAdd(R);
  // x - c == x + (-c) modulo 2^Bits; Add then folds and orders.
  if (!RB)
    return Ctx.getBinary(BinaryOp::Add, L, cst(int64_t(0 - uint64_t(RC)), T));
  // (a + c1) - (b + c2) == (a - b) + (c1 - c2) modulo 2^Bits.
  int64_t C = T.normalize(int64_t(uint64_t(LC) - uint64_t(RC)));
  if (!LB) {
    if (C == 0)
      return Ctx.getUnary(UnaryOp::Neg, RB);
    L = cst(C, T);
    R = RB;
    return nullptr;
  }
  if (LB == RB)
    return cst(C, T);
  if (LC == 0 && RC == 0)
    return nullptr;
  return Ctx.getBinary(BinaryOp::Add, Ctx.getBinary(BinaryOp::Sub, LB, RB),
                       cst(C, T));
}

const Expr *Simplifier::simplifyMul(const Expr *&L, const Expr *&R) {
  IntType T = L->getType();
  auto [LB, LC] = splitMul(L);
  auto [RB, RC] = splitMul(R);
  // (c1*a) * (c2*b) == (c1*c2) * (a*b) modulo 2^Bits.
  int64_t C = T.normalize(int64_t(uint64_t(LC) * uint64_t(RC)));
  const Expr *Base = LB ? LB : RB;
  if (LB && RB) {
    if (LC == 1 && RC == 1) {
      // Atoms first, compound terms last: `n*(a + b)`.
      if (before(RB, LB))
        std::swap(L, R);
      return nullptr;
    }
    auto [BB, BC] = splitMul(Ctx.getBinary(BinaryOp::Mul, LB, RB));
    Base = BB;
    C = T.normalize(int64_t(uint64_t(C) * uint64_t(BC)));
  }
  if (!Base || C == 0) // x*0 == 0 whatever x is, opaque included
    return cst(Base ? 0 : C, T);
  if (C == 1)
    return Base;
  // c*(x + d) == c*x + c*d modulo 2^Bits, so offsets stay outermost.
  if (auto [AB, AC] = splitAdd(Base); AB && AC != 0)
    return Ctx.getBinary(BinaryOp::Add,
                         Ctx.getBinary(BinaryOp::Mul, cst(C, T), AB),
                         cst(int64_t(uint64_t(C) * uint64_t(AC)), T));
  L = cst(C, T);
  R = Base;
  return nullptr;
}

const Expr *Simplifier::simplifyBinary(BinaryOp Op, const Expr *&L,
                                       const Expr *&R) {
  IntType OT = L->getType();
  IntType T = isComparison(Op) ? IntType::boolean() : OT;
  if (L->isConst() && R->isConst()) {
    int64_t V;
    if (foldBinary(Op, T, OT, R->getType(), L->getConstValue(),
                   R->getConstValue(), V) == FoldStatus::Ok)
      return cst(V, T);
    return nullptr; // undefined: kept, so that evaluation reports it
  }
  switch (Op) {
  case BinaryOp::Add:
    return simplifyAdd(L, R);
  case BinaryOp::Sub:
    return simplifySub(L, R);
  case BinaryOp::Mul:
    return simplifyMul(L, R);
  default:
    break;
  }
  // Remaining commutative operators keep their constant on the right.
  if (isCommutative(Op) && (L->isConst() || (!R->isConst() && before(R, L))))
    std::swap(L, R);
  switch (Op) {
  case BinaryOp::Div:
    return isConstVal(R, 1) ? L : nullptr;
  case BinaryOp::Rem:
    return isConstVal(R, 1) ? cst(0, T) : nullptr;
  case BinaryOp::Shl:
  case BinaryOp::Shr:
    return isConstVal(R, 0) ? L : nullptr;
  case BinaryOp::And:
    if (isConstVal(R, 0))
      return R;
    return isAllOnes(R) || L == R ? L : nullptr;
  case BinaryOp::Or:
    if (isAllOnes(R))
      return R;
    return isConstVal(R, 0) || L == R ? L : nullptr;
  case BinaryOp::Xor:
    if (L == R)
      return cst(0, T);
    return isConstVal(R, 0) ? L : nullptr;
  case BinaryOp::EQ:
  case BinaryOp::LE:
  case BinaryOp::GE:
    return L == R ? Ctx.getBool(true) : nullptr;
  case BinaryOp::NE:
  case BinaryOp::LT:
  case BinaryOp::GT:
    return L == R ? Ctx.getBool(false) : nullptr;
  case BinaryOp::LAnd:
    // Only a constant left side decides, as C++'s short circuit does.
    if (L->isConst())
      return L->getConstValue() ? toBool(R) : Ctx.getBool(false);
    return isConstVal(R, 1) || L == R ? toBool(L) : nullptr;
  case BinaryOp::LOr:
    if (L->isConst())
      return L->getConstValue() ? Ctx.getBool(true) : toBool(R);
    return isConstVal(R, 0) || L == R ? toBool(L) : nullptr;
  case BinaryOp::Min:
  case BinaryOp::Max:
    return L == R ? L : nullptr;
  default:
    llvm_unreachable("handled above");
  }
}

const Expr *Simplifier::simplifyUnary(UnaryOp Op, const Expr *E) {
  if (E->isConst())
    return cst(foldUnary(Op, E->getType(), E->getConstValue()),
               Op == UnaryOp::LNot ? IntType::boolean() : E->getType());
  ExprKind K = E->getKind();
  if (K == ExprKind::Unary && E->getUnaryOp() == Op) {
    if (Op == UnaryOp::LNot) // !!x == (x != 0)
      return toBool(E->getOperand(0));
    return E->getOperand(0); // -(-x) == x and ~~x == x modulo 2^Bits
  }
  if (K != ExprKind::Binary)
    return nullptr;
  BinaryOp B = E->getBinaryOp();
  const Expr *L = E->getOperand(0), *R = E->getOperand(1);
  // -(c*x) == (-c)*x modulo 2^Bits.
  if (Op == UnaryOp::Neg && B == BinaryOp::Mul && L->isConst())
    return Ctx.getBinary(
        B, cst(int64_t(0 - uint64_t(L->getConstValue())), L->getType()), R);
  // Integers are totally ordered, so a negated comparison is its complement.
  if (Op == UnaryOp::LNot && B >= BinaryOp::LT && B <= BinaryOp::NE) {
    static const BinaryOp Inverse[] = {BinaryOp::GE, BinaryOp::GT,
                                       BinaryOp::LE, BinaryOp::LT,
                                       BinaryOp::NE, BinaryOp::EQ};
    return Ctx.getBinary(Inverse[unsigned(B) - unsigned(BinaryOp::LT)], L, R);
  }
  return nullptr;
}

const Expr *Simplifier::simplifySelect(const Expr *C, const Expr *T,
                                       const Expr *F) {
  if (C->isConst())
    return C->getConstValue() ? T : F;
  return T == F ? T : nullptr;
}

const Expr *Simplifier::simplifyCast(const Expr *E, IntType To) {
  IntType From = E->getType();
  if (From == To)
    return E;
  if (isBool(To)) // C++ converts to bool by comparing with zero
    return toBool(E);
  if (E->isConst())
    return cst(castValue(E->getConstValue(), To), To);
  if (E->getKind() != ExprKind::Cast)
    return nullptr;
  const Expr *X = E->getOperand(0);
  IntType XT = X->getType();
  // Cast(X, From) keeps X's low From.Bits bits (extension copies X's own
  // extension bits), and a narrower result reads only those bits.
  if (To.Bits <= From.Bits)
    return Ctx.getCast(X, To);
  // Widening by X's signedness then by From's is one widening by X's, when
  // From's top bit is X's extension bit and From extends by it.
  if (From.Bits > XT.Bits && (From.Signed || !XT.Signed))
    return Ctx.getCast(X, To);
  return nullptr;
}

} // namespace

//===----------------------------------------------------------------------===//
// ExprContext
//===----------------------------------------------------------------------===//

ExprContext::ExprContext() = default;
ExprContext::~ExprContext() = default;

/// Whether \p E, which depends on threadIdx, combines operands that are
/// affine in threadIdx into an affine function of it (Expr::AffineTid).
static bool affineNode(const Expr &E) {
  auto Op = [&](unsigned I) { return E.getOperand(I); };
  switch (E.getKind()) {
  case ExprKind::Const:
  case ExprKind::Atom:
    return true;
  case ExprKind::Unary:
    return E.getUnaryOp() == UnaryOp::Neg && Op(0)->affineInThreadIdx();
  case ExprKind::Binary:
    switch (E.getBinaryOp()) {
    case BinaryOp::Add:
    case BinaryOp::Sub:
      return Op(0)->affineInThreadIdx() && Op(1)->affineInThreadIdx();
    case BinaryOp::Mul:
      return Op(0)->affineInThreadIdx() && Op(1)->affineInThreadIdx() &&
             !(Op(0)->dependsOnThreadIdx() && Op(1)->dependsOnThreadIdx());
    case BinaryOp::Shl:
      return Op(0)->affineInThreadIdx() && !Op(1)->dependsOnThreadIdx();
    default:
      return false;
    }
  case ExprKind::Select:
    return false;
  case ExprKind::Cast:
    return !isBool(E.getType()) && Op(0)->affineInThreadIdx();
  }
  return false;
}

const Expr *ExprContext::unique(Expr &&Proto, bool Fresh) {
  uint64_t Size = 1;
  for (unsigned I = 0; I != Proto.NumOps; ++I)
    Size += Proto.Ops[I]->TreeSize;
  if (Size > MaxTreeSize)
    return getOpaque("value too complex to follow (an expression of more "
                     "than " +
                         std::to_string(MaxTreeSize) + " operations)",
                     Proto.Type);
  Proto.TreeSize = uint32_t(Size);
  Proto.Hash = Proto.computeHash();
  if (!Fresh) {
    auto It = Set.find_as(&Proto);
    if (It != Set.end())
      return It->E;
  }
  Expr *E = new (Alloc.Allocate<Expr>()) Expr(std::move(Proto));
  if (!E->Name.empty()) {
    // Null-terminated, so that an opaque reason can serve as EvalResult::Why.
    char *Buf = Alloc.Allocate<char>(E->Name.size() + 1);
    std::memcpy(Buf, E->Name.data(), E->Name.size());
    Buf[E->Name.size()] = '\0';
    E->Name = llvm::StringRef(Buf, E->Name.size());
  }
  if (E->Kind == ExprKind::Atom) {
    E->HasOpaque = AtomKind(E->Sub) == AtomKind::Opaque;
    E->HasTid = AtomKind(E->Sub) == AtomKind::ThreadIdx;
  }
  for (unsigned I = 0; I != E->NumOps; ++I) {
    E->HasOpaque |= E->Ops[I]->HasOpaque;
    E->HasTid |= E->Ops[I]->HasTid;
  }
  E->AffineTid = !E->HasTid || affineNode(*E);
  E->Id = NextId++;
  if (!Fresh)
    Set.insert({E, E->Hash});
  return E;
}

const Expr *ExprContext::getConst(int64_t V, IntType T) {
  int64_t N = castValue(V, T);
  const Expr *&Slot = Consts[{N, T.Bits * 2 + unsigned(T.Signed)}];
  if (!Slot) {
    Expr Proto(ExprKind::Const, T);
    Proto.Value = N;
    Slot = unique(std::move(Proto));
  }
  return Slot;
}

const Expr *ExprContext::getBuiltin(AtomKind K, unsigned Component) {
  assert(isBuiltin(K) && Component < 3 && "not a built-in index atom");
  Expr Proto(ExprKind::Atom, IntType::u32());
  Proto.Sub = unsigned(K);
  Proto.Component = Component;
  return unique(std::move(Proto));
}

const Expr *ExprContext::getParam(llvm::StringRef Name, IntType T) {
  Expr Proto(ExprKind::Atom, T);
  Proto.Sub = unsigned(AtomKind::Param);
  Proto.Name = Name;
  return unique(std::move(Proto));
}

const Expr *ExprContext::getInduction(llvm::StringRef Name, IntType T) {
  Expr Proto(ExprKind::Atom, T);
  Proto.Sub = unsigned(AtomKind::Induction);
  Proto.Name = Name;
  return unique(std::move(Proto));
}

const Expr *ExprContext::getOpaque(llvm::StringRef Reason, IntType T) {
  Expr Proto(ExprKind::Atom, T);
  Proto.Sub = unsigned(AtomKind::Opaque);
  Proto.Name = Reason;
  Proto.Value = NextId; // the Id this node will get, so never shared
  return unique(std::move(Proto), /*Fresh=*/true);
}

const Expr *ExprContext::getBinary(BinaryOp Op, const Expr *L, const Expr *R) {
  assert(L && R && "null operand");
  // Shifts take any count type; && and || only read truth values.
  assert((Op == BinaryOp::Shl || Op == BinaryOp::Shr || Op == BinaryOp::LAnd ||
          Op == BinaryOp::LOr || L->getType() == R->getType()) &&
         "operands must be converted to one type first");
  if (const Expr *E = Simplifier(*this).simplifyBinary(Op, L, R))
    return E;
  Expr Proto(ExprKind::Binary,
             isComparison(Op) ? IntType::boolean() : L->getType());
  Proto.Sub = unsigned(Op);
  Proto.NumOps = 2;
  Proto.Ops[0] = L;
  Proto.Ops[1] = R;
  return unique(std::move(Proto));
}

const Expr *ExprContext::getUnary(UnaryOp Op, const Expr *E) {
  assert(E && "null operand");
  if (const Expr *R = Simplifier(*this).simplifyUnary(Op, E))
    return R;
  Expr Proto(ExprKind::Unary,
             Op == UnaryOp::LNot ? IntType::boolean() : E->getType());
  Proto.Sub = unsigned(Op);
  Proto.NumOps = 1;
  Proto.Ops[0] = E;
  return unique(std::move(Proto));
}

const Expr *ExprContext::getSelect(const Expr *C, const Expr *T,
                                   const Expr *F) {
  assert(C && T && F && "null operand");
  assert(T->getType() == F->getType() && "select arms differ in type");
  if (const Expr *R = Simplifier(*this).simplifySelect(C, T, F))
    return R;
  Expr Proto(ExprKind::Select, T->getType());
  Proto.NumOps = 3;
  Proto.Ops[0] = C;
  Proto.Ops[1] = T;
  Proto.Ops[2] = F;
  return unique(std::move(Proto));
}

const Expr *ExprContext::getCast(const Expr *E, IntType To) {
  assert(E && "null operand");
  if (const Expr *R = Simplifier(*this).simplifyCast(E, To))
    return R;
  Expr Proto(ExprKind::Cast, To);
  Proto.NumOps = 1;
  Proto.Ops[0] = E;
  return unique(std::move(Proto));
}

//===----------------------------------------------------------------------===//
// Evaluation
//===----------------------------------------------------------------------===//

namespace {

EvalResult known(int64_t V) { return {true, V, nullptr, nullptr}; }
EvalResult unknown(const Expr *Blocker, const char *Why) {
  return {false, 0, Blocker, Why};
}

/// Binary node \p E applied to its operands' known values \p L and \p R; an
/// undefined operation (a division by zero, a shift out of range) has no
/// value, and the node itself is the blocker.
EvalResult foldNode(const Expr *E, int64_t L, int64_t R) {
  int64_t V;
  FoldStatus St =
      foldBinary(E->getBinaryOp(), E->getType(), E->getOperand(0)->getType(),
                 E->getOperand(1)->getType(), L, R, V);
  return St != FoldStatus::Ok ? unknown(E, whyOf(St)) : known(V);
}

// Recursive and allocation-free: it runs for every lane of every event.
EvalResult evalExpr(const Expr *E, const Bindings &B) {
  switch (E->getKind()) {
  case ExprKind::Const:
    return known(E->getConstValue());
  case ExprKind::Atom:
    switch (E->getAtomKind()) {
    case AtomKind::ThreadIdx:
    case AtomKind::BlockIdx:
    case AtomKind::BlockDim:
    case AtomKind::GridDim: {
      // Indexed by AtomKind: the built-in kinds come first, in this order.
      const uint32_t *Dims[] = {B.ThreadIdx, B.BlockIdx, B.BlockDim, B.GridDim};
      return known(Dims[unsigned(E->getAtomKind())][E->getComponent()]);
    }
    case AtomKind::Param:
    case AtomKind::Induction: {
      auto It = B.Atoms.find(E);
      if (It == B.Atoms.end())
        return unknown(E, "unbound");
      return known(E->getType().normalize(It->second));
    }
    case AtomKind::Opaque:
      return unknown(E, E->getName().data()); // null-terminated by unique()
    }
    llvm_unreachable("unknown atom kind");
  case ExprKind::Unary: {
    EvalResult V = evalExpr(E->getOperand(0), B);
    if (!V.Known)
      return V;
    return known(
        foldUnary(E->getUnaryOp(), E->getOperand(0)->getType(), V.Value));
  }
  case ExprKind::Binary: {
    BinaryOp Op = E->getBinaryOp();
    const Expr *LE = E->getOperand(0), *RE = E->getOperand(1);
    EvalResult L = evalExpr(LE, B);
    if (!L.Known)
      return L;
    // Short circuit: the right side of a decided && or || is not evaluated.
    if (Op == BinaryOp::LAnd && L.Value == 0)
      return known(0);
    if (Op == BinaryOp::LOr && L.Value != 0)
      return known(1);
    EvalResult R = evalExpr(RE, B);
    if (!R.Known)
      return R;
    return foldNode(E, L.Value, R.Value);
  }
  case ExprKind::Select: {
    EvalResult C = evalExpr(E->getOperand(0), B);
    if (!C.Known)
      return C;
    return evalExpr(E->getOperand(C.Value ? 1 : 2), B);
  }
  case ExprKind::Cast: {
    EvalResult V = evalExpr(E->getOperand(0), B);
    if (!V.Known)
      return V;
    return known(castValue(V.Value, E->getType()));
  }
  }
  llvm_unreachable("unknown expression kind");
}

/// Results for a warp's lanes, left uninitialised: evalWarp writes a lane's
/// before it reads it, and reads active lanes only (zeroing 2 KB at every
/// binary node showed in profiles).
union LaneResults {
  EvalResult V[32];
  LaneResults() {}
  operator EvalResult *() { return V; }
};

/// A value as a function of the lane's threadIdx: C[0] + C[1]*x + C[2]*y +
/// C[3]*z, in arithmetic modulo 2^64. The node's value in a lane is that
/// function normalized to the node's type: addition, subtraction,
/// multiplication, left shifts and conversions to a type no wider commute
/// with reduction modulo 2^Bits, so the function is exact modulo the
/// type's width whatever the lanes' values.
struct Affine {
  std::array<uint64_t, 4> C{};
};

/// The smallest and largest threadIdx component among the lanes evaluated.
struct TidBox {
  std::array<int64_t, 3> Lo{}, Hi{};
};

/// Makes \p F, exact modulo 2^S.Bits, exact as an integer, for a
/// conversion to a wider type: the sign- or zero-extension of a value is
/// not a function modulo 2^64 of it. It is exact when C[0] taken in S and
/// the coefficients taken as signed S.Bits-bit numbers give, over the
/// whole box of threadIdx values, integers within S's range: reduction
/// modulo 2^S.Bits then leaves each lane's value as that integer.
bool widen(IntType S, const TidBox &Box, Affine &F) {
  if (S.Bits >= 64)
    return true;
  unsigned Pad = 64 - S.Bits;
  __int128 Lo = S.normalize(int64_t(F.C[0])), Hi = Lo;
  F.C[0] = uint64_t(int64_t(Lo));
  for (unsigned D = 0; D < 3; ++D) {
    int64_t A = int64_t(F.C[D + 1] << Pad) >> Pad;
    __int128 X = __int128(A) * Box.Lo[D], Y = __int128(A) * Box.Hi[D];
    Lo += std::min(X, Y);
    Hi += std::max(X, Y);
    F.C[D + 1] = uint64_t(A);
  }
  __int128 Min = S.Signed ? -(__int128(1) << (S.Bits - 1)) : 0;
  __int128 Max = (__int128(1) << (S.Bits - (S.Signed ? 1 : 0))) - 1;
  return Lo >= Min && Hi <= Max;
}

/// The affine function of threadIdx that \p E (affineInThreadIdx) is over
/// the lanes of \p Box; false where a part free of threadIdx has no known
/// value, a shift is out of range or a widening cannot be shown exact: the
/// lanes are then evaluated one by one, with the same result.
bool affineOf(const Expr *E, const Bindings &B0, const TidBox &Box, Affine &F) {
  if (!E->dependsOnThreadIdx()) {
    EvalResult R = evalExpr(E, B0);
    F = Affine();
    F.C[0] = uint64_t(R.Value);
    return R.Known;
  }
  // An operand of type \p OT, as a function exact in \p T.
  auto Operand = [&](const Expr *X, IntType T, Affine &G) {
    return affineOf(X, B0, Box, G) &&
           (X->getType().Bits >= T.Bits || widen(X->getType(), Box, G));
  };
  IntType T = E->getType();
  switch (E->getKind()) {
  case ExprKind::Atom: // a threadIdx component
    F = Affine();
    F.C[1 + E->getComponent()] = 1;
    return true;
  case ExprKind::Unary:
    // foldUnary normalizes to the operand's type.
    if (E->getOperand(0)->getType() != T ||
        !affineOf(E->getOperand(0), B0, Box, F))
      return false;
    for (uint64_t &C : F.C)
      C = 0 - C;
    return true;
  case ExprKind::Cast:
    return Operand(E->getOperand(0), T, F);
  case ExprKind::Binary: {
    Affine L, R;
    if (!Operand(E->getOperand(0), T, L) || !Operand(E->getOperand(1), T, R))
      return false;
    switch (E->getBinaryOp()) {
    case BinaryOp::Add:
      for (unsigned I = 0; I < 4; ++I)
        F.C[I] = L.C[I] + R.C[I];
      return true;
    case BinaryOp::Sub:
      for (unsigned I = 0; I < 4; ++I)
        F.C[I] = L.C[I] - R.C[I];
      return true;
    case BinaryOp::Mul: {
      bool LeftVaries = E->getOperand(0)->dependsOnThreadIdx();
      uint64_t K = LeftVaries ? R.C[0] : L.C[0];
      const Affine &V = LeftVaries ? L : R;
      for (unsigned I = 0; I < 4; ++I)
        F.C[I] = V.C[I] * K;
      return true;
    }
    case BinaryOp::Shl: {
      // As foldBinary: a negative or too wide shift has no value.
      const Expr *RE = E->getOperand(1);
      int64_t S = int64_t(R.C[0]);
      if ((RE->getType().Signed && S < 0) || uint64_t(S) >= T.Bits)
        return false;
      for (unsigned I = 0; I < 4; ++I)
        F.C[I] = L.C[I] << S;
      return true;
    }
    default:
      return false;
    }
  }
  default:
    return false;
  }
}

/// evalExpr for the lanes of \p Active at once (ExprContext::evaluateWarp);
/// the same result in every lane as evalExpr gives it.
void evalWarp(const Expr *E, const Bindings *B, uint32_t Active,
              EvalResult *Out) {
  auto Lanes = [&](uint32_t M, auto F) {
    for (; M; M &= M - 1)
      F(unsigned(__builtin_ctz(M)));
  };
  if (!Active)
    return;
  if (!E->dependsOnThreadIdx()) {
    EvalResult R = evalExpr(E, B[__builtin_ctz(Active)]);
    Lanes(Active, [&](unsigned I) { Out[I] = R; });
    return;
  }
  if (E->affineInThreadIdx() && !E->hasOpaque()) {
    TidBox Box;
    Box.Lo.fill(INT64_MAX);
    Box.Hi.fill(INT64_MIN);
    Lanes(Active, [&](unsigned I) {
      for (unsigned D = 0; D < 3; ++D) {
        Box.Lo[D] = std::min<int64_t>(Box.Lo[D], B[I].ThreadIdx[D]);
        Box.Hi[D] = std::max<int64_t>(Box.Hi[D], B[I].ThreadIdx[D]);
      }
    });
    Affine F;
    if (affineOf(E, B[__builtin_ctz(Active)], Box, F)) {
      IntType T = E->getType();
      Lanes(Active, [&](unsigned I) {
        const uint32_t *Tid = B[I].ThreadIdx;
        Out[I] = known(T.normalize(int64_t(F.C[0] + F.C[1] * Tid[0] +
                                           F.C[2] * Tid[1] + F.C[3] * Tid[2])));
      });
      return;
    }
  }
  switch (E->getKind()) {
  case ExprKind::Const:
  case ExprKind::Atom:
    // Only a threadIdx atom depends on threadIdx: its value is the lane's,
    // read here as evalExpr reads it, without a call per lane.
    if (E->getKind() == ExprKind::Atom &&
        E->getAtomKind() == AtomKind::ThreadIdx) {
      unsigned C = E->getComponent();
      Lanes(Active, [&](unsigned I) { Out[I] = known(B[I].ThreadIdx[C]); });
      return;
    }
    Lanes(Active, [&](unsigned I) { Out[I] = evalExpr(E, B[I]); });
    return;
  case ExprKind::Unary:
    evalWarp(E->getOperand(0), B, Active, Out);
    Lanes(Active, [&](unsigned I) {
      if (Out[I].Known)
        Out[I] = known(foldUnary(E->getUnaryOp(), E->getOperand(0)->getType(),
                                 Out[I].Value));
    });
    return;
  case ExprKind::Binary: {
    BinaryOp Op = E->getBinaryOp();
    const Expr *LE = E->getOperand(0), *RE = E->getOperand(1);
    // A right operand free of threadIdx (`t < n`, `t & 31`), with a left one
    // that needs no short circuit: evaluated once, not copied to each lane.
    if (!RE->dependsOnThreadIdx() && Op != BinaryOp::LAnd &&
        Op != BinaryOp::LOr) {
      EvalResult R = evalExpr(RE, B[__builtin_ctz(Active)]);
      evalWarp(LE, B, Active, Out);
      Lanes(Active, [&](unsigned I) {
        if (!Out[I].Known)
          return;
        if (!R.Known) {
          Out[I] = R;
          return;
        }
        Out[I] = foldNode(E, Out[I].Value, R.Value);
      });
      return;
    }
    LaneResults L, R;
    evalWarp(LE, B, Active, L);
    uint32_t Need = 0;
    Lanes(Active, [&](unsigned I) {
      if (!L[I].Known)
        Out[I] = L[I];
      else if (Op == BinaryOp::LAnd && L[I].Value == 0)
        Out[I] = known(0);
      else if (Op == BinaryOp::LOr && L[I].Value != 0)
        Out[I] = known(1);
      else
        Need |= 1u << I;
    });
    evalWarp(RE, B, Need, R);
    Lanes(Need, [&](unsigned I) {
      if (!R[I].Known) {
        Out[I] = R[I];
        return;
      }
      Out[I] = foldNode(E, L[I].Value, R[I].Value);
    });
    return;
  }
  case ExprKind::Select: {
    LaneResults C;
    evalWarp(E->getOperand(0), B, Active, C);
    uint32_t T = 0, F = 0;
    Lanes(Active, [&](unsigned I) {
      if (!C[I].Known)
        Out[I] = C[I];
      else
        (C[I].Value ? T : F) |= 1u << I;
    });
    evalWarp(E->getOperand(1), B, T, Out);
    evalWarp(E->getOperand(2), B, F, Out);
    return;
  }
  case ExprKind::Cast:
    evalWarp(E->getOperand(0), B, Active, Out);
    Lanes(Active, [&](unsigned I) {
      if (Out[I].Known)
        Out[I] = known(castValue(Out[I].Value, E->getType()));
    });
    return;
  }
  llvm_unreachable("unknown expression kind");
}

} // namespace

EvalResult ExprContext::evaluate(const Expr *E, const Bindings &B) const {
  assert(E && "null expression");
  return evalExpr(E, B);
}

void ExprContext::evaluateWarp(const Expr *E, const Bindings *Lanes,
                               uint32_t Active, EvalResult *Out) const {
  assert(E && "null expression");
  evalWarp(E, Lanes, Active, Out);
}

namespace {
uint64_t lowBit(uint64_t V, uint64_t Cap) {
  return V == 0 ? Cap : std::min(Cap, V & -V);
}

/// E is congruent to R modulo P (a power of two, at most Cap) for every
/// value of its atoms: `4 * (4 * t + 1) + 4` is 8 modulo 16.
std::pair<uint64_t, uint64_t> residue(const Expr *E, uint64_t Cap) {
  auto Make = [](uint64_t P, uint64_t R) {
    return std::make_pair(P, R & (P - 1));
  };
  auto Align = [&](std::pair<uint64_t, uint64_t> X) {
    return X.second == 0 ? X.first : lowBit(X.second, Cap);
  };
  switch (E->getKind()) {
  case ExprKind::Const:
    return Make(Cap, uint64_t(E->getConstValue()));
  case ExprKind::Cast:
    return residue(E->getOperand(0), Cap);
  case ExprKind::Unary:
    if (E->getUnaryOp() == UnaryOp::Neg) {
      auto [P, R] = residue(E->getOperand(0), Cap);
      return Make(P, -R);
    }
    return {1, 0};
  case ExprKind::Select: {
    auto A = residue(E->getOperand(1), Cap), B = residue(E->getOperand(2), Cap);
    uint64_t P = std::min(A.first, B.first);
    return (A.second & (P - 1)) == (B.second & (P - 1))
               ? Make(P, A.second)
               : std::make_pair(std::min(Align(A), Align(B)), uint64_t(0));
  }
  case ExprKind::Binary: {
    const Expr *L = E->getOperand(0), *Rt = E->getOperand(1);
    auto A = residue(L, Cap), B = residue(Rt, Cap);
    switch (E->getBinaryOp()) {
    case BinaryOp::Add: {
      uint64_t P = std::min(A.first, B.first);
      return Make(P, A.second + B.second);
    }
    case BinaryOp::Sub: {
      uint64_t P = std::min(A.first, B.first);
      return Make(P, A.second - B.second);
    }
    case BinaryOp::Mul:
    case BinaryOp::Shl: {
      bool Shift = E->getBinaryOp() == BinaryOp::Shl;
      if (Shift && !(Rt->isConst() && Rt->getConstValue() >= 0 &&
                     Rt->getConstValue() < 32))
        return {1, 0};
      // By a constant: x = P*k + R gives c*x = c*P*k + c*R.
      const Expr *C = Shift           ? Rt
                      : Rt->isConst() ? Rt
                      : L->isConst()  ? L
                                      : nullptr;
      if (C) {
        uint64_t V = Shift ? uint64_t(1) << C->getConstValue()
                           : uint64_t(C->getConstValue());
        auto X = C == L ? B : A;
        uint64_t P = std::min(Cap, X.first * lowBit(V, Cap));
        return Make(P, X.second * V);
      }
      return {std::min(Cap, Align(A) * Align(B)), 0};
    }
    case BinaryOp::And: // the result's bits are a subset of each side's
      return {std::max(Align(A), Align(B)), 0};
    case BinaryOp::Min:
    case BinaryOp::Max:
      return {std::min(Align(A), Align(B)), 0};
    default:
      return {1, 0};
    }
  }
  case ExprKind::Atom:
    return {1, 0};
  }
  return {1, 0};
}
} // namespace

uint64_t cal::knownPowerOfTwo(const Expr *E, uint64_t Cap) {
  auto [P, R] = residue(E, Cap);
  return R == 0 ? P : lowBit(R, Cap);
}
