//===- ExprFuzzer.cpp - libFuzzer target for the expression library -------===//
//
// Builds a random expression from the input through ExprContext (which folds
// and canonicalises as it builds) and, side by side, the same tree unfolded.
// Under several random bindings the folded expression's evaluate() must give
// what a direct evaluation of the unfolded tree gives, written here from the
// C++ rules and independent of Expr.cpp: values wrap modulo 2^width (signed
// overflow included, as Expr.h defines it), division truncates, shifts by a
// count outside [0, width) and division by zero have no value. Where the
// direct evaluation has a value, the folded one must have the same. Building
// the same input twice must also give the same node (uniquing).
//
//===----------------------------------------------------------------------===//
#include "cal/Symbolic/Expr.h"
#include <cstdio>
#include <cstdlib>
#include <fuzzer/FuzzedDataProvider.h>
#include <optional>
#include <vector>

using namespace cal;

namespace {

const IntType Types[] = {{1, false},  {8, true},   {8, false},  {16, true},
                         {16, false}, {32, true},  {32, false}, {64, true},
                         {64, false}, {24, false}, {7, true}};
const IntType Wide[] = {{32, true}, {32, false}, {64, true}, {64, false}};

/// Two's complement truncation to \p T, sign- or zero-extended to 64 bits.
int64_t wrap(IntType T, uint64_t V) {
  if (T.Bits == 1 && !T.Signed)
    return V & 1;
  if (T.Bits < 64) {
    V &= (uint64_t(1) << T.Bits) - 1;
    if (T.Signed && (V >> (T.Bits - 1) & 1))
      V |= ~((uint64_t(1) << T.Bits) - 1);
  }
  return int64_t(V);
}

struct Node {
  enum { Leaf, Bin, Un, Sel, Cast } K;
  IntType T;
  int Op = 0;
  int A = -1, B = -1, C = -1;
  const Expr *Atom = nullptr; // leaves: the atom or constant node
};

struct Builder {
  ExprContext &Ctx;
  std::vector<Node> Nodes;
  std::vector<std::pair<const Expr *, int>> Stack;
  const Expr *Atoms[8];

  explicit Builder(ExprContext &C) : Ctx(C) {
    Atoms[0] = Ctx.getBuiltin(AtomKind::ThreadIdx, 0);
    Atoms[1] = Ctx.getBuiltin(AtomKind::ThreadIdx, 1);
    Atoms[2] = Ctx.getBuiltin(AtomKind::BlockIdx, 0);
    Atoms[3] = Ctx.getBuiltin(AtomKind::BlockDim, 0);
    Atoms[4] = Ctx.getParam("n", IntType::i32());
    Atoms[5] = Ctx.getParam("m", IntType::u64());
    Atoms[6] = Ctx.getParam("k", IntType::i64());
    Atoms[7] = Ctx.getInduction("i", {16, true});
  }

  int add(Node N) {
    Nodes.push_back(N);
    return int(Nodes.size()) - 1;
  }
  std::pair<const Expr *, int> pop() {
    auto P = Stack.back();
    Stack.pop_back();
    return P;
  }
  std::pair<const Expr *, int> castTo(std::pair<const Expr *, int> P,
                                      IntType T) {
    if (P.first->getType() == T)
      return P;
    Node N{Node::Cast, T};
    N.A = P.second;
    return {Ctx.getCast(P.first, T), add(N)};
  }

  void step(FuzzedDataProvider &In) {
    unsigned Op = In.ConsumeIntegralInRange<unsigned>(0, 31);
    if (Op < 8 || Stack.size() < 2 && Op >= 20) {
      Node N{Node::Leaf, {}};
      if (Op < 6) {
        N.Atom = Atoms[In.ConsumeIntegralInRange<unsigned>(0, 7)];
      } else {
        IntType T = Types[In.ConsumeIntegralInRange<size_t>(0, 10)];
        int64_t V = In.ConsumeBool()
                        ? In.ConsumeIntegralInRange<int64_t>(-3, 40)
                        : In.ConsumeIntegral<int64_t>();
        N.Atom = Ctx.getConst(V, T);
      }
      N.T = N.Atom->getType();
      Stack.push_back({N.Atom, add(N)});
      return;
    }
    if (Stack.empty())
      return;
    if (Op < 12) { // unary or cast
      auto A = pop();
      if (Op < 10) {
        IntType T = Types[In.ConsumeIntegralInRange<size_t>(0, 10)];
        Stack.push_back(castTo(A, T));
        return;
      }
      UnaryOp U = UnaryOp(In.ConsumeIntegralInRange<int>(0, 2));
      if (U != UnaryOp::LNot)
        A = castTo(A, Wide[In.ConsumeIntegralInRange<size_t>(0, 3)]);
      Node N{Node::Un,
             U == UnaryOp::LNot ? IntType::boolean() : A.first->getType()};
      N.Op = int(U);
      N.A = A.second;
      Stack.push_back({Ctx.getUnary(U, A.first), add(N)});
      return;
    }
    if (Stack.size() < 2)
      return;
    auto R = pop(), L = pop();
    if (Op < 14 && !Stack.empty()) { // select
      auto C = pop();
      IntType T = Wide[In.ConsumeIntegralInRange<size_t>(0, 3)];
      L = castTo(L, T);
      R = castTo(R, T);
      Node N{Node::Sel, T};
      N.A = C.second;
      N.B = L.second;
      N.C = R.second;
      Stack.push_back({Ctx.getSelect(C.first, L.first, R.first), add(N)});
      return;
    }
    BinaryOp B =
        BinaryOp(In.ConsumeIntegralInRange<int>(0, int(BinaryOp::Max)));
    IntType T = Wide[In.ConsumeIntegralInRange<size_t>(0, 3)];
    L = castTo(L, T);
    if (B != BinaryOp::Shl && B != BinaryOp::Shr)
      R = castTo(R, T);
    bool Cmp = B >= BinaryOp::LT && B <= BinaryOp::LOr;
    Node N{Node::Bin, Cmp ? IntType::boolean() : T};
    N.Op = int(B);
    N.A = L.second;
    N.B = R.second;
    Stack.push_back({Ctx.getBinary(B, L.first, R.first), add(N)});
  }
};

struct Env {
  int64_t Atom[8];
  const Expr *const *Atoms;
};

/// Direct evaluation of the unfolded tree; nullopt where C++ gives no value.
std::optional<int64_t> eval(const std::vector<Node> &Ns, int I, const Env &E) {
  const Node &N = Ns[I];
  switch (N.K) {
  case Node::Leaf:
    for (int A = 0; A < 8; ++A)
      if (E.Atoms[A] == N.Atom)
        return E.Atom[A];
    return N.Atom->getConstValue();
  case Node::Cast: {
    auto V = eval(Ns, N.A, E);
    if (!V)
      return V;
    if (N.T == IntType::boolean())
      return int64_t(*V != 0);
    return wrap(N.T, uint64_t(*V));
  }
  case Node::Un: {
    auto V = eval(Ns, N.A, E);
    if (!V)
      return V;
    switch (UnaryOp(N.Op)) {
    case UnaryOp::Neg:
      return wrap(N.T, 0 - uint64_t(*V));
    case UnaryOp::BitNot:
      return wrap(N.T, ~uint64_t(*V));
    case UnaryOp::LNot:
      return int64_t(*V == 0);
    }
    return std::nullopt;
  }
  case Node::Sel: {
    auto C = eval(Ns, N.A, E);
    if (!C)
      return C;
    return eval(Ns, *C ? N.B : N.C, E);
  }
  case Node::Bin:
    break;
  }
  BinaryOp Op = BinaryOp(N.Op);
  auto L = eval(Ns, N.A, E);
  if (!L)
    return L;
  if (Op == BinaryOp::LAnd && *L == 0)
    return 0;
  if (Op == BinaryOp::LOr && *L != 0)
    return 1;
  auto R = eval(Ns, N.B, E);
  if (!R)
    return R;
  IntType OT = Ns[N.A].T, RT = Ns[N.B].T;
  bool S = OT.Signed;
  uint64_t UL = *L, UR = *R;
  auto Lt = [&](int64_t A, int64_t B) {
    return S ? A < B : uint64_t(A) < uint64_t(B);
  };
  switch (Op) {
  case BinaryOp::Add:
    return wrap(OT, UL + UR);
  case BinaryOp::Sub:
    return wrap(OT, UL - UR);
  case BinaryOp::Mul:
    return wrap(OT, UL * UR);
  case BinaryOp::Div:
  case BinaryOp::Rem: {
    if (UR == 0)
      return std::nullopt;
    if (!S)
      return wrap(OT, Op == BinaryOp::Div ? UL / UR : UL % UR);
    // INT_MIN / -1: the quotient wraps to INT_MIN, the remainder is 0.
    if (*R == -1)
      return Op == BinaryOp::Div ? wrap(OT, 0 - UL) : 0;
    return wrap(OT, uint64_t(Op == BinaryOp::Div ? *L / *R : *L % *R));
  }
  case BinaryOp::Shl:
  case BinaryOp::Shr:
    if ((RT.Signed && *R < 0) || UR >= OT.Bits)
      return std::nullopt;
    if (Op == BinaryOp::Shl)
      return wrap(OT, UL << UR);
    return S ? wrap(OT, uint64_t(*L >> UR)) : wrap(OT, UL >> UR);
  case BinaryOp::And:
    return wrap(OT, UL & UR);
  case BinaryOp::Or:
    return wrap(OT, UL | UR);
  case BinaryOp::Xor:
    return wrap(OT, UL ^ UR);
  case BinaryOp::LT:
    return Lt(*L, *R);
  case BinaryOp::LE:
    return !Lt(*R, *L);
  case BinaryOp::GT:
    return Lt(*R, *L);
  case BinaryOp::GE:
    return !Lt(*L, *R);
  case BinaryOp::EQ:
    return *L == *R;
  case BinaryOp::NE:
    return *L != *R;
  case BinaryOp::LAnd:
  case BinaryOp::LOr:
    return int64_t(*R != 0);
  case BinaryOp::Min:
    return Lt(*R, *L) ? *R : *L;
  case BinaryOp::Max:
    return Lt(*L, *R) ? *R : *L;
  }
  return std::nullopt;
}

const Expr *build(ExprContext &Ctx, const uint8_t *Data, size_t Size,
                  Builder *&Out) {
  FuzzedDataProvider In(Data, Size / 2);
  auto *B = new Builder(Ctx);
  for (unsigned I = 0; I < 48 && In.remaining_bytes(); ++I)
    B->step(In);
  Out = B;
  return B->Stack.empty() ? nullptr : B->Stack.back().first;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  ExprContext Ctx;
  Builder *B1 = nullptr, *B2 = nullptr;
  const Expr *E = build(Ctx, Data, Size, B1);
  const Expr *Again = build(Ctx, Data, Size, B2);
  if (E != Again) {
    std::fprintf(stderr, "uniquing: the same construction gave two nodes\n");
    std::abort();
  }
  if (E) {
    FuzzedDataProvider Vals(Data + Size / 2, Size - Size / 2);
    int Root = B1->Stack.back().second;
    for (int Round = 0; Round < 4; ++Round) {
      Env En;
      En.Atoms = B1->Atoms;
      Bindings Bd;
      const uint32_t Small[] = {0, 1, 2, 31, 32, 33, 255, 1023};
      for (int A = 0; A < 8; ++A) {
        IntType T = B1->Atoms[A]->getType();
        uint64_t Raw = Vals.ConsumeBool()
                           ? Small[Vals.ConsumeIntegralInRange<int>(0, 7)]
                           : Vals.ConsumeIntegral<uint64_t>();
        En.Atom[A] = wrap(T, Raw);
      }
      Bd.ThreadIdx[0] = uint32_t(En.Atom[0]);
      Bd.ThreadIdx[1] = uint32_t(En.Atom[1]);
      Bd.BlockIdx[0] = uint32_t(En.Atom[2]);
      Bd.BlockDim[0] = uint32_t(En.Atom[3]);
      for (int A = 4; A < 8; ++A)
        Bd.Atoms[B1->Atoms[A]] = En.Atom[A];
      std::optional<int64_t> Want = eval(B1->Nodes, Root, En);
      if (!Want)
        continue;
      EvalResult Got = Ctx.evaluate(E, Bd);
      if (!Got.Known || Got.Value != *Want) {
        std::fprintf(stderr,
                     "folded %s\n  gives %s %lld, direct evaluation "
                     "gives %lld\n",
                     E->str().c_str(), Got.Known ? "value" : "no value",
                     (long long)Got.Value, (long long)*Want);
        std::abort();
      }
    }
  }
  delete B1;
  delete B2;
  return 0;
}
