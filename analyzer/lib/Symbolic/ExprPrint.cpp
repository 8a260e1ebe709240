//===- ExprPrint.cpp - Readable printing of symbolic expressions ----------===//
//
// C-like syntax with the fewest parentheses that keep C++'s precedence, e.g.
// `4*(n*(32*blockIdx.x + threadIdx.x) + threadIdx.y)`. Casts that change only
// signedness print as nothing, an added negative constant prints as `x - 3`,
// and opaque values print their reason as `<opaque: REASON>`.
//
//===----------------------------------------------------------------------===//

#include "cal/Symbolic/Expr.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MathExtras.h"

using namespace cal;

namespace {

bool isBoolType(IntType T) { return T == IntType::boolean(); }

// C++ precedence levels, higher binds tighter.
enum Prec : unsigned {
  PrecSelect = 1,
  PrecLOr,
  PrecLAnd,
  PrecOr,
  PrecXor,
  PrecAnd,
  PrecEquality,
  PrecRelational,
  PrecShift,
  PrecAdditive,
  PrecMultiplicative,
  PrecUnary,
  PrecPrimary
};

// Precedence and spelling of each BinaryOp, in declaration order; min and
// max print as calls, so they never need parentheses.
const unsigned BinaryPrec[] = {PrecAdditive,
                               PrecAdditive,
                               PrecMultiplicative,
                               PrecMultiplicative,
                               PrecMultiplicative,
                               PrecShift,
                               PrecShift,
                               PrecAnd,
                               PrecOr,
                               PrecXor,
                               PrecRelational,
                               PrecRelational,
                               PrecRelational,
                               PrecRelational,
                               PrecEquality,
                               PrecEquality,
                               PrecLAnd,
                               PrecLOr,
                               PrecPrimary,
                               PrecPrimary};
const char *const BinarySpelling[] = {
    "+", "-",  "*", "/",  "%",  "<<", ">>", "&",  "|",   "^",
    "<", "<=", ">", ">=", "==", "!=", "&&", "||", "min", "max"};
static_assert(sizeof(BinaryPrec) / sizeof(BinaryPrec[0]) ==
                      unsigned(BinaryOp::Max) + 1 &&
                  sizeof(BinarySpelling) / sizeof(BinarySpelling[0]) ==
                      unsigned(BinaryOp::Max) + 1,
              "one entry per BinaryOp");
unsigned precOf(BinaryOp Op) { return BinaryPrec[unsigned(Op)]; }
const char *spelling(BinaryOp Op) { return BinarySpelling[unsigned(Op)]; }

// A cast that only changes signedness keeps the bits and prints as nothing.
bool isSilentCast(const Expr *E) {
  return E->getKind() == ExprKind::Cast &&
         E->getType().Bits == E->getOperand(0)->getType().Bits;
}

// Signed reading of a constant, used to print `x - 3` for `x + (-3)`.
int64_t signedValue(const Expr *C) {
  return IntType{C->getType().Bits, true}.normalize(C->getConstValue());
}

unsigned precOf(const Expr *E) {
  while (isSilentCast(E))
    E = E->getOperand(0);
  switch (E->getKind()) {
  case ExprKind::Const:
    return E->getType().Signed && E->getConstValue() < 0 ? PrecUnary
                                                         : PrecPrimary;
  case ExprKind::Atom:
    return PrecPrimary;
  case ExprKind::Unary:
  case ExprKind::Cast:
    return PrecUnary;
  case ExprKind::Binary:
    return precOf(E->getBinaryOp());
  case ExprKind::Select:
    return PrecSelect;
  }
  llvm_unreachable("unknown expression kind");
}

void printTypeName(llvm::raw_ostream &OS, IntType T) {
  static const char *const Names[][2] = {{"unsigned char", "signed char"},
                                         {"unsigned short", "short"},
                                         {"unsigned", "int"},
                                         {"unsigned long", "long"}};
  if (isBoolType(T))
    OS << "bool";
  else if (T.Bits == 8 || T.Bits == 16 || T.Bits == 32 || T.Bits == 64)
    OS << Names[llvm::Log2_32(T.Bits) - 3][T.Signed];
  else
    OS << (T.Signed ? "i" : "u") << T.Bits;
}

void printExpr(const Expr *E, llvm::raw_ostream &OS);

// Like -Wparentheses, arithmetic or comparisons inside a shift or bitwise
// operator, and && inside ||, get parentheses that precedence does not need.
bool wantsParens(BinaryOp Op, const Expr *Child) {
  while (isSilentCast(Child))
    Child = Child->getOperand(0);
  if (Child->getKind() != ExprKind::Binary)
    return false;
  unsigned P = precOf(Op), CP = precOf(Child->getBinaryOp());
  if (CP == P || CP == PrecPrimary)
    return false;
  if (Op == BinaryOp::LOr)
    return Child->getBinaryOp() == BinaryOp::LAnd;
  return (P >= PrecOr && P <= PrecAnd) || P == PrecShift;
}

void printOperand(const Expr *E, llvm::raw_ostream &OS, unsigned MinPrec,
                  bool Parens = false) {
  Parens |= precOf(E) < MinPrec;
  if (Parens)
    OS << '(';
  printExpr(E, OS);
  if (Parens)
    OS << ')';
}

void printExpr(const Expr *E, llvm::raw_ostream &OS) {
  static const char *const Builtins[] = {"threadIdx", "blockIdx", "blockDim",
                                         "gridDim"};
  switch (E->getKind()) {
  case ExprKind::Const: {
    IntType T = E->getType();
    if (isBoolType(T))
      OS << (E->getConstValue() ? "true" : "false");
    else if (T.Signed)
      OS << E->getConstValue();
    else
      OS << uint64_t(E->getConstValue());
    return;
  }
  case ExprKind::Atom:
    switch (E->getAtomKind()) {
    case AtomKind::Param:
    case AtomKind::Induction:
      OS << E->getName();
      return;
    case AtomKind::Opaque:
      OS << "<opaque: " << E->getName() << '>';
      return;
    default:
      OS << Builtins[unsigned(E->getAtomKind())] << '.'
         << "xyz"[E->getComponent()];
      return;
    }
  case ExprKind::Unary: {
    static const char Spell[] = {'-', '!', '~'};
    OS << Spell[unsigned(E->getUnaryOp())];
    printOperand(E->getOperand(0), OS, PrecUnary);
    return;
  }
  case ExprKind::Binary: {
    BinaryOp Op = E->getBinaryOp();
    const Expr *L = E->getOperand(0), *R = E->getOperand(1);
    if (Op == BinaryOp::Min || Op == BinaryOp::Max) {
      OS << spelling(Op) << '(';
      printExpr(L, OS);
      OS << ", ";
      printExpr(R, OS);
      OS << ')';
      return;
    }
    unsigned P = precOf(Op);
    printOperand(L, OS, P, wantsParens(Op, L));
    if (Op == BinaryOp::Add && R->isConst() && signedValue(R) < 0) {
      // The magnitude of the most negative value is computed unsigned.
      OS << " - " << (0 - uint64_t(signedValue(R)));
      return;
    }
    if (P == PrecMultiplicative)
      OS << spelling(Op);
    else
      OS << ' ' << spelling(Op) << ' ';
    printOperand(R, OS, P + 1, wantsParens(Op, R)); // left-associative
    return;
  }
  case ExprKind::Select:
    printOperand(E->getOperand(0), OS, PrecSelect + 1);
    OS << " ? ";
    printOperand(E->getOperand(1), OS, PrecSelect + 1);
    OS << " : ";
    printOperand(E->getOperand(2), OS, PrecSelect + 1);
    return;
  case ExprKind::Cast:
    if (isSilentCast(E)) {
      printExpr(E->getOperand(0), OS);
      return;
    }
    OS << '(';
    printTypeName(OS, E->getType());
    OS << ')';
    printOperand(E->getOperand(0), OS, PrecUnary);
    return;
  }
}

} // namespace

void Expr::print(llvm::raw_ostream &OS) const { printExpr(this, OS); }

std::string Expr::str() const {
  std::string S;
  llvm::raw_string_ostream OS(S);
  print(OS);
  return S;
}
