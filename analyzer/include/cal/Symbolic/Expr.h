//===- Expr.h - Uniqued symbolic integer expressions ------------*- C++ -*-===//
//
// Index expressions of a kernel, built only through an ExprContext that folds
// constants and canonicalises operand order, so that pointer equality is
// structural equality (in the manner of LLVM's ScalarEvolution). Values follow
// C++ integer semantics for the expression's IntType exactly: width,
// signedness, unsigned wrap-around, truncating division, shifts.
//
// Unknown is a value: an Opaque atom carries the reason it is opaque, and
// evaluation reports the opaque atom that blocked it instead of a number.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_SYMBOLIC_EXPR_H
#define CAL_SYMBOLIC_EXPR_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdint>
#include <string>

namespace cal {

/// A C++ integer type: 1..64 bits, signed or unsigned. `bool` is {1, false}.
struct IntType {
  unsigned Bits = 32;
  bool Signed = true;
  static IntType i32() { return {32, true}; }
  static IntType u32() { return {32, false}; }
  static IntType i64() { return {64, true}; }
  static IntType u64() { return {64, false}; }
  static IntType boolean() { return {1, false}; }
  bool operator==(const IntType &O) const {
    return Bits == O.Bits && Signed == O.Signed;
  }
  bool operator!=(const IntType &O) const { return !(*this == O); }
  /// Reduce \p V to this type's range (two's complement truncation, then
  /// sign or zero extension back to 64 bits).
  int64_t normalize(int64_t V) const;
};

enum class ExprKind {
  Const,
  Atom,   // threadIdx/blockIdx/blockDim/gridDim component, parameter,
          // induction variable, or opaque value
  Unary,  // Neg, Not, BitNot
  Binary, // arithmetic, bitwise, comparison, logical, min/max
  Select, // C ? T : F
  Cast,   // integer conversion to the expression's type
};

enum class AtomKind {
  ThreadIdx,
  BlockIdx,
  BlockDim,
  GridDim,
  Param,     // kernel parameter (Name), value supplied by bindings
  Induction, // loop induction variable (Name), value supplied by bindings
  Opaque,    // unknowable value (Name holds the reason); never evaluates
};

enum class UnaryOp { Neg, LNot, BitNot };

enum class BinaryOp {
  Add,
  Sub,
  Mul,
  Div, // truncating, C++ semantics (signed: toward zero)
  Rem,
  Shl,
  Shr, // arithmetic for signed, logical for unsigned
  And,
  Or,
  Xor,
  LT,
  LE,
  GT,
  GE,
  EQ,
  NE,
  LAnd,
  LOr,
  Min,
  Max,
};

/// An immutable, uniqued expression node. Compare with ==.
class Expr {
public:
  ExprKind getKind() const { return Kind; }
  IntType getType() const { return Type; }

  // Const
  bool isConst() const { return Kind == ExprKind::Const; }
  int64_t getConstValue() const; ///< already normalized to getType()

  // Atom
  AtomKind getAtomKind() const;
  unsigned getComponent() const;   ///< 0,1,2 = x,y,z for the built-in atoms
  llvm::StringRef getName() const; ///< parameter/induction name, opaque reason

  // Unary / Binary / Select / Cast
  UnaryOp getUnaryOp() const;
  BinaryOp getBinaryOp() const;
  unsigned getNumOperands() const { return NumOps; }
  const Expr *getOperand(unsigned I) const {
    assert(I < NumOps);
    return Ops[I];
  }

  /// True for an Opaque atom itself (whose getName() is its reason).
  bool isOpaque() const {
    return Kind == ExprKind::Atom && AtomKind(Sub) == AtomKind::Opaque;
  }
  /// True if any Opaque atom occurs in this expression.
  bool hasOpaque() const { return HasOpaque; }
  /// True if a ThreadIdx atom occurs in this expression.
  bool dependsOnThreadIdx() const { return HasTid; }
  /// Whether the node is built, over its threadIdx atoms, only of sums,
  /// differences, negations, integer conversions and products and left
  /// shifts by operands free of threadIdx: its lanes' values are then
  /// an affine function of threadIdx (modulo the type's width), and a warp
  /// evaluates it once instead of lane by lane (ExprContext::evaluateWarp).
  bool affineInThreadIdx() const { return AffineTid; }

  /// Prints readably with minimal parentheses, e.g.
  /// `4*(n*(blockIdx.x*32 + threadIdx.x) + threadIdx.y)`.
  void print(llvm::raw_ostream &OS) const;
  std::string str() const;

  /// A hash of what makes the node itself (kind, type, operator, value,
  /// name, operands), kept from its creation.
  unsigned hash() const { return Hash; }
  /// Whether \p O is the same node: the same kind, type, operator, value,
  /// name and operands (compared as pointers: operands are unique).
  bool sameAs(const Expr &O) const;

private:
  friend class ExprContext;
  Expr(ExprKind K, IntType T) : Kind(K), Type(T) {}
  /// The hash of the fields sameAs compares (hash() once made).
  unsigned computeHash() const;

  ExprKind Kind;
  IntType Type;
  unsigned Sub = 0; // AtomKind/UnaryOp/BinaryOp as integer
  unsigned Component = 0;
  int64_t Value = 0;
  llvm::StringRef Name; // owned by the context's allocator
  unsigned NumOps = 0;
  const Expr *Ops[3] = {nullptr, nullptr, nullptr};
  bool HasOpaque = false;
  bool HasTid = false;
  bool AffineTid = true;
  /// Nodes of the expression as a tree (shared operands counted each time
  /// they occur), saturating: what one evaluation visits.
  uint32_t TreeSize = 1;
  unsigned Id = 0; // creation order, for canonical operand ordering
  unsigned Hash = 0;
};

} // namespace cal

namespace cal {

/// Values of the atoms for one lane. Unbound atoms make evaluation fail.
struct Bindings {
  uint32_t ThreadIdx[3] = {0, 0, 0};
  uint32_t BlockIdx[3] = {0, 0, 0};
  uint32_t BlockDim[3] = {1, 1, 1};
  uint32_t GridDim[3] = {1, 1, 1};
  /// Param and Induction atoms, keyed by the atom node.
  llvm::DenseMap<const Expr *, int64_t> Atoms;
};

/// Result of evaluating an expression for one lane.
struct EvalResult {
  bool Known = false;
  int64_t Value = 0;             ///< normalized to the expression's type
  const Expr *Blocker = nullptr; ///< the opaque/unbound atom, when !Known
  const char *Why = nullptr;     ///< "division by zero", ... when !Known
};

/// Owns and uniques expressions. All construction folds constants and
/// canonicalises, e.g. (x + 3) + 5 -> x + 8, x*1 -> x, commutative operands
/// ordered so that equal sums compare equal.
class ExprContext {
public:
  /// The largest expression built: evaluation walks the tree, and integer
  /// hashing in a loop (`x ^= x << 13` each iteration) doubles it per step.
  /// A larger one is an opaque value instead.
  static constexpr uint32_t MaxTreeSize = 4096;

  ExprContext();
  ~ExprContext();
  ExprContext(const ExprContext &) = delete;
  ExprContext &operator=(const ExprContext &) = delete;

  const Expr *getConst(int64_t V, IntType T);
  const Expr *getBool(bool B) { return getConst(B, IntType::boolean()); }
  /// Built-in index atoms have type unsigned int, as in CUDA.
  const Expr *getBuiltin(AtomKind K, unsigned Component);
  const Expr *getParam(llvm::StringRef Name, IntType T);
  const Expr *getInduction(llvm::StringRef Name, IntType T);
  /// Every call makes a distinct opaque value, even for equal reasons.
  const Expr *getOpaque(llvm::StringRef Reason, IntType T);

  /// Operands must already have been converted to \p T as C++'s usual
  /// arithmetic conversions require; comparisons and logical operators
  /// take operands of one type and produce IntType::boolean().
  /// Shifts: the right operand may have any type.
  const Expr *getBinary(BinaryOp Op, const Expr *L, const Expr *R);
  const Expr *getUnary(UnaryOp Op, const Expr *E);
  /// \p C is treated as a truth value (non-zero is true); T and F have the
  /// same type, which is the result type.
  const Expr *getSelect(const Expr *C, const Expr *T, const Expr *F);
  /// Integer conversion (truncation / extension) to \p To.
  const Expr *getCast(const Expr *E, IntType To);

  /// Evaluate under \p B. Never asserts on opaque or unbound atoms, on
  /// division by zero or on out-of-range shifts: those give !Known.
  EvalResult evaluate(const Expr *E, const Bindings &B) const;
  /// evaluate(E, Lanes[I]) into Out[I] for each lane I of \p Active (lanes
  /// 0-31), walking E once for the warp: the lanes' bindings may differ in
  /// threadIdx only, so a subexpression free of it is evaluated once, and a
  /// node's operands are evaluated for the lanes that need them.
  void evaluateWarp(const Expr *E, const Bindings *Lanes, uint32_t Active,
                    EvalResult *Out) const;

private:
  /// The node equal to \p Proto, made if there is none. With \p Fresh, a
  /// node nothing can equal (an opaque atom) is made without looking it up
  /// or entering it in the set, which then holds only nodes that can be
  /// shared.
  const Expr *unique(Expr &&Proto, bool Fresh = false);
  /// A node in the set with its hash beside it: a probe compares hashes in
  /// the table and reads a node only when they match (open addressing,
  /// where a FoldingSet walks a chain of nodes scattered in memory).
  struct Slot {
    const Expr *E;
    unsigned Hash;
  };
  struct SlotInfo {
    static Slot getEmptyKey() { return {nullptr, 0}; }
    static Slot getTombstoneKey() { return {nullptr, 1}; }
    static unsigned getHashValue(const Slot &S) { return S.Hash; }
    static unsigned getHashValue(const Expr *P) { return P->hash(); }
    static bool isEqual(const Slot &A, const Slot &B) {
      return A.E == B.E && A.Hash == B.Hash;
    }
    static bool isEqual(const Expr *P, const Slot &S) {
      return S.E && S.Hash == P->hash() && S.E->sameAs(*P);
    }
  };
  llvm::BumpPtrAllocator Alloc;
  llvm::DenseSet<Slot, SlotInfo> Set;
  /// Constants by (value, bits * 2 + signed): the interpreter makes one per
  /// lane and operation, and a look-up by value costs less than hashing a
  /// whole node for the set.
  llvm::DenseMap<std::pair<int64_t, unsigned>, const Expr *> Consts;
  unsigned NextId = 0;
};

/// The largest power of two, at most \p Cap, that divides \p E whatever
/// values its atoms take: what a compiler can prove of an address's
/// alignment (`16 * threadIdx.x + 8` is a multiple of 8; `2 * (m * w)` with
/// w a parameter only of 2).
uint64_t knownPowerOfTwo(const Expr *E, uint64_t Cap);

} // namespace cal

#endif // CAL_SYMBOLIC_EXPR_H
