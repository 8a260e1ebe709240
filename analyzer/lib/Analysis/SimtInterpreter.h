//===- SimtInterpreter.h - One warp through a kernel's AST ------*- C++ -*-===//
//
// Executes a kernel body for one warp the way SIMT hardware does: 32 lanes
// in lockstep under an active mask. Integer values are per-lane symbolic
// expressions; pointers are a memory object plus a per-lane byte offset.
// Each memory access and each branch or loop test is reported to an
// EventSink with the active mask and per-lane results.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_LIB_ANALYSIS_SIMTINTERPRETER_H
#define CAL_LIB_ANALYSIS_SIMTINTERPRETER_H

#include "cal/Analysis/Analyzer.h"
#include "cal/Symbolic/Expr.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/IgnoreExpr.h"
#include "clang/AST/OperationKinds.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include <array>
#include <chrono>
#include <deque>
#include <map>
#include <memory>

namespace clang {
class ASTContext;
class AttributedStmt;
class CXXForRangeStmt;
class CXXMethodDecl;
class Decl;
class Expr;
class FieldDecl;
class LambdaExpr;
class ParmVarDecl;
class FunctionDecl;
class IfStmt;
class Stmt;
class VarDecl;
} // namespace clang

namespace cal {

using llvm::cast;
using llvm::dyn_cast;
using llvm::dyn_cast_or_null;
using llvm::isa;

constexpr unsigned MaxLanes = TargetModel::MaxWarpSize;

/// \p E under parentheses and the nodes that only manage temporaries and
/// full expressions (ExprWithCleanups, ConstantExpr, CXXBindTemporaryExpr,
/// substituted template parameters). Implicit casts stay: they carry the
/// reads (lvalue-to-rvalue) and conversions. MaterializeTemporaryExpr stays:
/// as an lvalue it is a temporary, not its initializer.
inline const clang::Expr *skipWrappers(const clang::Expr *E) {
  return clang::IgnoreExprNodes(
      const_cast<clang::Expr *>(E), clang::IgnoreParensSingleStep,
      [](clang::Expr *X) -> clang::Expr * {
        if (auto *FE = llvm::dyn_cast<clang::FullExpr>(X))
          return FE->getSubExpr();
        if (auto *BT = llvm::dyn_cast<clang::CXXBindTemporaryExpr>(X))
          return BT->getSubExpr();
        if (auto *ST = llvm::dyn_cast<clang::SubstNonTypeTemplateParmExpr>(X))
          return ST->getReplacement();
        return X;
      });
}

/// The interpreter's integer type for a C++ type; none for non-integers.
std::optional<IntType> intTypeOf(const clang::ASTContext &AST,
                                 clang::QualType T);
using LaneExprs = std::array<const Expr *, MaxLanes>;

/// A memory object: where a pointer's lanes point into.
struct MemObject {
  AddrSpace Space = AddrSpace::Global;
  std::string Name;
  /// The declared variable, when the object is one (not the dynamic shared
  /// block that every `extern __shared__` array names).
  const clang::VarDecl *Decl = nullptr;
  uint64_t Base = 0; ///< byte address of element 0 in its space

  /// A kernel pointer argument.
  bool Param = false;
  /// Declared `__restrict__`: aliases nothing else.
  bool Restrict = false;
};

/// Per-lane addresses of one access, as the sink receives them.
/// An access's byte offset in thread terms, from the start of its object,
/// and where the object starts (ClosedForm.cpp evaluates it again).
struct AccessOffset {
  const Expr *Off = nullptr;
  uint64_t Base = 0;
};

struct LaneAddresses {
  std::array<EvalResult, MaxLanes> Addr; ///< absolute byte addresses
  const Expr *Lane0Offset = nullptr;     ///< symbolic offset, first lane
  /// For an access in a system header (a CUDA header's operator or
  /// wrapper): the call in the user's code that reached it, innermost
  /// first; null otherwise.
  const clang::Expr *UserSite = nullptr;
};

class EventSink {
public:
  virtual ~EventSink();
  virtual void onAccess(const clang::Expr *Site, AccessKind Kind,
                        const MemObject &Obj, unsigned Bytes, uint32_t Active,
                        const LaneAddresses &Addrs, bool UnderUnknown) = 0;
  /// \p Unknown lanes could not evaluate the test; they are in neither mask.
  /// \p Cond: the test's symbolic value in the first active lane, when it
  /// has one (to tell which kernel parameters it depends on).
  virtual void onBranch(const clang::Stmt *S, llvm::StringRef Kind,
                        uint32_t Active, uint32_t Taken, uint32_t Unknown,
                        llvm::StringRef UnknownWhy, const Expr *Cond) = 0;
  virtual void onLoopCapped(const clang::Stmt *Loop) = 0;
  /// An integer loaded from one address for the whole warp became the
  /// sampled atom \p Atom.
  virtual void onSampledLoad(const Expr *Atom) {}
  virtual void onUnsupported(const clang::Stmt *S, llvm::StringRef What) = 0;
  /// A barrier or memory fence (`__syncthreads`, `__syncwarp`,
  /// `__threadfence*`): memory may have changed under the warp.
  virtual void onBarrier(const clang::Stmt *S) {}
  /// The warp has run to the end of the kernel.
  virtual void onWarpEnd() {}
  /// \p N arithmetic operations of class \p C ran in the lanes of \p Active
  /// (an operator or a maths function written in the source).
  virtual void onArith(OpClass C, unsigned N, uint32_t Active) {}
  /// The warp issues \p N instructions that no operator of the source
  /// shows (the sequence of a division, the high half of a 64-bit
  /// operation), in the lanes of \p Active; \p Folds: integer arithmetic on
  /// constants once a loop is unrolled (onUnrolledLoop).
  virtual void onIssue(unsigned N, uint32_t Active, bool Folds) {}
  /// An integer division or remainder \p Site by a value known only at
  /// run time issues \p Extra instructions beyond its operator; the active
  /// lanes' divisors, where constants, are \p Divisors (0 where not).
  virtual void onDivision(const clang::Expr *Site, unsigned Extra,
                          uint32_t Active,
                          const std::array<int64_t, MaxLanes> &Divisors) {}
  /// The warp enters (\p Enter) or leaves \p Loop; \p Unrolled: a loop the
  /// compiler unrolls fully (unrolledNest), whose test and counter are
  /// gone and the offsets its counter gave constants.
  virtual void onLoop(const clang::Stmt *Loop, bool Enter, bool Unrolled) {}
  /// An `if` whose known lanes split (some took it, some did not) has run
  /// its arms: the statements the warp ran in each (countStatement's rule,
  /// callees' included), whether some lanes left an arm (`return`, `break`,
  /// `continue`), and whether a loop in the arms stopped at its cap (the
  /// counts are then lower bounds).
  virtual void onSplitArms(const clang::IfStmt *If, uint64_t ThenStmts,
                           uint64_t ElseStmts, bool LanesLeft, bool Capped) {}
  /// A loop has ended for the warp and its lanes ran different numbers of
  /// iterations (or their numbers are not known): the fewest and the most
  /// that a lane of those that reached it ran. \p Capped: the loop stopped
  /// at its cap (the counts are those run so far); \p Unknown: its test was
  /// unknown for some lane, whose count is then not known.
  virtual void onLoopTrips(const clang::Stmt *Loop, unsigned MinTrips,
                           unsigned MaxTrips, bool Capped, bool Unknown) {}
};

/// What one warp of one block sees.
struct WarpSetup {
  Dim3 BlockIdx, BlockDim, GridDim;
  unsigned WarpInBlock = 0;
  /// Values of integer parameters (by name); absent ones stay symbolic
  /// atoms and are bound here too for evaluation.
  llvm::DenseMap<const Expr *, int64_t> ParamValues;
  /// Parameters whose value the launch fixes: they enter as constants, so
  /// index expressions fold (and loop tests need no per-lane evaluation).
  llvm::DenseMap<const Expr *, int64_t> KnownParams;
  /// Which sample value (0 or 1, as for parameters) an integer loaded from
  /// a warp-uniform address takes (SimtInterpreter::sampledLoad).
  unsigned LoadSample = 0;
  /// Pointer parameters whose argument starts this many bytes past an
  /// allocation's aligned start (`k<<<...>>>(d_in + 3)`).
  std::map<std::string, int64_t> PointerOffsets;
};

class SimtInterpreter {
public:
  SimtInterpreter(clang::ASTContext &AST, ExprContext &EC,
                  const TargetModel &TM, EventSink &Sink);
  ~SimtInterpreter();

  /// Runs \p Kernel for one warp. Parameter atoms are made through
  /// paramAtom() so that the caller can bind them in \p W.
  void runWarp(const clang::FunctionDecl *Kernel, const WarpSetup &W);
  /// Loop iterations this warp may evaluate in all (see
  /// KernelIterationBudget); reset for every warp.
  void setIterationBudget(uint64_t B) { IterationBudget = B; }
  /// Whether the last kernel run had integers loaded from warp-uniform
  /// addresses, which take sample values (sampledLoad).
  bool sampledLoads() const { return !LoadAtoms.empty(); }

  /// EC.evaluate of each lane's expression \p L[I] into Out[I], for the
  /// lanes of \p Active. The lanes' bindings differ only in threadIdx: when
  /// every lane holds the same expression it is walked once for the warp
  /// (ExprContext::evaluateWarp), and otherwise an expression free of
  /// threadIdx that several lanes share is evaluated once.
  void evalLanes(const LaneExprs &L, uint32_t Active,
                 std::array<EvalResult, MaxLanes> &Out) {
    if (!Active)
      return;
    const Expr *X = L[__builtin_ctz(Active)];
    bool Same = true;
    for (uint32_t M = Active; M && Same; M &= M - 1)
      Same = L[__builtin_ctz(M)] == X;
    if (Same) {
      EC.evaluateWarp(X, Lane.data(), Active, Out.data());
      return;
    }
    const Expr *Prev = nullptr;
    for (uint32_t M = Active; M; M &= M - 1) {
      unsigned I = __builtin_ctz(M);
      if (L[I] == Prev) {
        Out[I] = Out[__builtin_ctz(Active)];
        continue;
      }
      Out[I] = EC.evaluate(L[I], Lane[I]);
      if (!L[I]->dependsOnThreadIdx() && I == unsigned(__builtin_ctz(Active)))
        Prev = L[I];
    }
  }
  /// Where pointers were loaded from global memory and taken to point to
  /// a global buffer of their own (loadedPointer), in the order first met.
  const std::vector<std::string> &loadedPointerSites() const {
    return LoadedPointerSites;
  }

  /// The atom standing for integer parameter \p Name of type \p T.
  const Expr *paramAtom(llvm::StringRef Name, IntType T) {
    return EC.getParam(Name, T);
  }

  struct Value;
  struct LValue;
  struct Frame;
  struct Record;
  /// Expression evaluation, one Visit method per node kind (SimtExpr.cpp).
  class ExprEvaluator;

private:
  // Statements (SimtStmt.cpp). \p Active shrinks as lanes break, continue
  // or return.
  void exec(const clang::Stmt *S, uint32_t &Active);
  void execDecl(const clang::VarDecl *VD, uint32_t Active);
  void execAsm(const clang::GCCAsmStmt *A, uint32_t Active);
  void execLoop(const clang::Stmt *Loop, const clang::Stmt *Init,
                const clang::Expr *Cond, const clang::Stmt *Inc,
                const clang::Stmt *Body, bool TestFirst, llvm::StringRef Kind,
                uint32_t &Active);
  void execSwitch(const clang::Stmt *S, uint32_t &Active);
  void
  forgetUndecided(Frame &F,
                  const llvm::DenseMap<const clang::VarDecl *, Value> &Before,
                  uint32_t Undecided, const clang::IfStmt *If);
  /// Per-lane truth of \p Cond: lanes in \p True / \p False; the rest of
  /// \p Active are unknown, with \p Why.
  /// Returns the condition's value (evaluated once).
  /// The symbolic value of \p V in the first lane of \p Active, or null.
  static const Expr *firstLane(const Value &V, uint32_t Active);
  Value test(const clang::Expr *Cond, uint32_t Active, uint32_t &True,
             uint32_t &False, std::string &Why);
  void split(const Value &V, uint32_t Active, uint32_t &True, uint32_t &False,
             std::string &Why);

  // Expressions (SimtExpr.cpp).
  Value eval(const clang::Expr *E, uint32_t Active);
  LValue evalLValue(const clang::Expr *E, uint32_t Active);
  Value load(const clang::Expr *Site, const LValue &LV, clang::QualType T,
             uint32_t Active);
  std::optional<Value> sampledLoad(const clang::Expr *Site, const LValue &LV,
                                   clang::QualType T, uint32_t Active);
  void store(const clang::Expr *Site, const LValue &LV, const Value &V,
             clang::QualType T, uint32_t Active, AccessKind Kind);
  Value evalCall(const clang::CallExpr *CE, uint32_t Active);
  // CUDA builtins and intrinsics, by name (SimtBuiltins.cpp). None when
  // the callee is not in the table.
  std::optional<Value> evalBuiltin(const clang::CallExpr *CE, uint32_t Active);
  Value argValue(const clang::Expr *A, uint32_t Active);
  Value perLane(const Value &X, IntType RT, llvm::StringRef Name,
                uint32_t Active, llvm::function_ref<int64_t(uint64_t)> F);
  Value shuffle(const clang::CallExpr *CE, unsigned Mode, bool NoMask,
                uint32_t Active);
  Value vote(const clang::CallExpr *CE, unsigned Mode, bool NoMask,
             uint32_t Active);
  Value evalBinary(const clang::BinaryOperator *BO, uint32_t Active);
  Value evalUnary(const clang::UnaryOperator *UO, uint32_t Active);
  /// Reports \p N operations on values of type \p T to the sink, when \p T
  /// is an arithmetic type (pointers, records and bools are not counted).
  void countOps(clang::QualType T, unsigned N, uint32_t Active);
  /// Reports the instructions a division or remainder by \p Divisor of
  /// type \p T takes beyond its operator (onIssue).
  void countDivision(const clang::Expr *Site, clang::BinaryOperatorKind Op,
                     clang::QualType T, const clang::Expr *Divisor,
                     const Value &R, uint32_t Active);
  Value evalCast(const clang::CastExpr *CE, uint32_t Active);
  Value arith(clang::BinaryOperatorKind Op, const Value &L, const Value &R,
              clang::QualType ResultTy, clang::QualType LTy,
              clang::QualType RTy);
  Value convert(const Value &V, clang::QualType To);
  /// intTypeOf(AST, T), remembered per canonical type: asked at nearly
  /// every node of every evaluation.
  std::optional<IntType> intType(clang::QualType T) {
    const clang::Type *Key = T.getCanonicalType().getTypePtr();
    auto [It, New] = IntTypes.try_emplace(Key);
    if (New)
      It->second = intTypeOf(AST, T);
    return It->second;
  }
  Value opaque(clang::QualType T, llvm::StringRef Why);
  Value builtinIndex(const clang::Expr *E);
  /// A parameter of a kernel (its arguments), not of a device function.
  static bool isKernelParam(const clang::VarDecl *VD);
  /// The thread's own object for the temporary held in \p Slot.
  const MemObject *objectForTemp(const Value *Slot);
  /// The object of \p Key (a variable or a temporary's slot) starts anew:
  /// what its bytes held is forgotten.
  void freshObject(const void *Key);
  const MemObject *objectFor(const clang::VarDecl *VD);
  LValue localMemberArray(const LValue &LV);

  // Calls, objects and closures (SimtCalls.cpp).
  /// Inlines \p FD (a function, method, constructor or lambda body) with
  /// \p This as the object (Kind None for none) and \p Args bound to its
  /// parameters; the callee's frame, with its result, is \p Out. False
  /// past the inlining depth limit.
  bool inlineCall(const clang::FunctionDecl *FD, const LValue &This,
                  llvm::ArrayRef<const clang::Expr *> Args, uint32_t Active,
                  Frame &Out);
  Value evalUserCall(const clang::CallExpr *CE, uint32_t Active);
  LValue evalCallLValue(const clang::CallExpr *CE, uint32_t Active);
  /// The object a member call or operator call is made on.
  LValue objectOf(const clang::Expr *Obj, bool Arrow, uint32_t Active);
  Value evalConstruct(const clang::CXXConstructExpr *CC, uint32_t Active);
  /// The value a struct copy reads from \p Src: the whole object, loaded
  /// where \p Src names memory (a copy constructor's or a copy
  /// assignment's source).
  Value copySource(const clang::Expr *Src, uint32_t Active);
  /// Whether a copy or move of a struct through \p MD moves the object
  /// whole: the implicit ones, and those of the CUDA headers' types.
  bool copiesWhole(const clang::CXXMethodDecl *MD);
  Value evalInitList(const clang::InitListExpr *IL, uint32_t Active);
  Value evalLambda(const clang::LambdaExpr *LE, uint32_t Active);
  std::optional<Value> evalCoopGroups(const clang::CallExpr *CE,
                                      uint32_t Active);
  std::optional<Value> constructCoopGroup(const clang::CXXConstructExpr *CC,
                                          uint32_t Active);
  /// A by-value record kernel argument: pointer fields are distinct
  /// cudaMalloc'd objects, integer fields parameter atoms.
  Value paramRecord(const clang::ParmVarDecl *P, clang::QualType T,
                    const std::string &Name, const WarpSetup &W);
  /// A captured variable or a bound reference, seen from the current frame.
  std::optional<LValue> lookupBinding(const clang::VarDecl *VD);
  LValue materialize(const clang::Expr *E, uint32_t Active);
  /// An lvalue the interpreter does not follow (\p E, already evaluated):
  /// memory of unknown space at unknown offsets, so that an access through
  /// it is reported as such rather than dropped.
  LValue unfollowed(const clang::Expr *E);
  /// Reference members of register-held structs: binding and reading.
  void bindField(const LValue &Obj, const clang::Decl *FD,
                 const LValue &Target);
  LValue fieldRef(const LValue &Obj, const clang::Decl *FD);
  void execForRange(const clang::CXXForRangeStmt *S, uint32_t &Active);
  /// The register-held value an lvalue of kind Var names, and assignment
  /// to it (through a field path).
  Value readVar(const LValue &LV, clang::QualType T);
  void writeVar(const LValue &LV, const Value &V, uint32_t Active);
  void assign(const clang::VarDecl *VD, Frame &F, const Value &V,
              uint32_t Active);
  /// Binds reference \p Ref (a variable or parameter, to live in \p Into)
  /// to \p Init: an lvalue is aliased; a prvalue materialises a temporary.
  /// The object `this` names when \p E is it (through parentheses and
  /// casts), else null.
  const LValue *thisObject(const clang::Expr *E) const;
  LValue bindReference(const clang::VarDecl *Ref, const clang::Expr *Init,
                       Frame &Into, uint32_t Active);
  void report(const clang::Expr *Site, AccessKind K, const LValue &LV,
              unsigned Bytes, uint32_t Active);
  /// Reports reading or writing a whole object of type \p T: a record is
  /// split into the requests the compiler emits.
  void reportCopy(const clang::Expr *Site, AccessKind K, const LValue &LV,
                  clang::QualType T, uint32_t Active);
  /// Every active lane's address of \p LV is known and a multiple of
  /// \p Bytes.
  bool lanesAligned(const LValue &LV, uint32_t Active, unsigned Bytes);
  LaneExprs mapLanes(const LaneExprs &A,
                     llvm::function_ref<const Expr *(const Expr *)> F);
  LaneExprs
  zipLanes(const LaneExprs &A, const LaneExprs &B,
           llvm::function_ref<const Expr *(const Expr *, const Expr *)> F);
  /// "file:line:column" of \p S, for reasons and notes.
  const std::string &where(const clang::Stmt *S);
  /// Counts one statement the warp runs (an expression statement, a
  /// declaration that initialises a variable in a register, a `return` of
  /// a value, an inline asm), for the cost of a divergent `if`.
  void countStatement() { ++Statements; }

  clang::ASTContext &AST;
  llvm::DenseMap<const clang::Type *, std::optional<IntType>> IntTypes;
  ExprContext &EC;
  const TargetModel &TM;
  EventSink &Sink;
  std::array<Bindings, MaxLanes> Lane;
  /// Integers loaded from warp-uniform addresses: one atom per load site,
  /// numbered in order of first execution, for the kernel LoadAtomsOf.
  llvm::DenseMap<const clang::Expr *, std::pair<const Expr *, unsigned>>
      LoadAtoms;
  const clang::FunctionDecl *LoadAtomsOf = nullptr;
  /// The load each of those atoms stands for.
  llvm::DenseMap<const Expr *, const clang::Expr *> LoadAtomSites;
  unsigned LoadSample = 0;
  uint32_t LiveLanes = 0;
  unsigned UnknownBranchDepth = 0;
  /// The atom of a value loaded from memory (sampledLoad) that \p E
  /// depends on, or null.
  const Expr *loadIn(const Expr *E);
  llvm::DenseMap<const Expr *, const Expr *> LoadIn;
  uint64_t IterationBudget = ~0ull, IterationsLeft = ~0ull;
  /// Statements run by the current warp (countStatement) and loops that
  /// stopped at their cap: the difference across an `if`'s arms is what
  /// the arms ran.
  uint64_t Statements = 0, CappedLoopRuns = 0;

public:
  /// The analysis budget's end (AnalysisOptions::BudgetSeconds): past it,
  /// loops stop as at their cap. overBudget() says whether it has passed.
  void setDeadline(std::chrono::steady_clock::time_point D) { Deadline = D; }
  bool overBudget() {
    if (!BudgetHit && Deadline && std::chrono::steady_clock::now() > *Deadline)
      BudgetHit = true;
    return BudgetHit;
  }

private:
  std::optional<std::chrono::steady_clock::time_point> Deadline;
  bool BudgetHit = false;
  std::vector<Frame *> Frames;
  /// Loop and switch contexts: lanes that left through break / continue.
  struct Exit {
    uint32_t Broken = 0, Continued = 0;
    bool IsSwitch = false;
  };
  std::vector<Exit> Exits;
  std::deque<MemObject> Objects;
  llvm::DenseMap<const void *, const MemObject *> ObjectOf;
  unsigned NextGlobal = 1, NextShared = 0, NextLocal = 1;
  /// Pointer fields of by-value record kernel arguments, by parameter and
  /// field path.
  std::map<std::string, const MemObject *> FieldObjects;
  /// Buffers that pointers loaded from global memory point to, by the
  /// object and byte address they were loaded from.
  std::map<std::pair<const MemObject *, int64_t>, const MemObject *>
      LoadedPointers;
  std::vector<std::string> LoadedPointerSites;
  /// The call in the user's code through which an access written in a
  /// system header was reached (LaneAddresses::UserSite).
  const clang::Expr *userSite(const clang::Expr *Site);
  bool inSystemHeader(const clang::Expr *E);
  llvm::DenseMap<const clang::Expr *, bool> SystemHeaderExpr;
  std::optional<Value> loadedPointer(const clang::Expr *Site, const LValue &LV,
                                     clang::QualType T, uint32_t Active);
  /// Thread-private memory holds what its thread stored there: per lane,
  /// the integers and pointers stored into local-memory objects (a local
  /// array of pointers, `float3 *v[3]`), by object and byte offset, until
  /// something may overwrite them. No other thread can write a thread's
  /// local memory; within the thread, a store through a pointer of unknown
  /// target, a call or statement the interpreter does not follow, a loop
  /// cut at its cap and a store under a test some lanes could not decide
  /// (both sides run for them) forget what they may have overwritten.
  struct LocalSlot {
    unsigned Bytes = 0;
    /// The value stored, for all the lanes that stored it; this lane's is
    /// its L[lane].
    std::shared_ptr<const Value> V;
    unsigned Region = 0; ///< where it was stored (Regions), 0 for none
  };
  /// What runs for lanes that may not run it: an arm of an `if` or `?:`
  /// whose test they could not decide (both arms run for them), a loop
  /// after its test was unknown for them. A lane can read back what it
  /// stored inside (it ran the store if it runs the load); at the end, its
  /// stores there are forgotten for those lanes, and kept for the others,
  /// which ran them for certain.
  struct Region {
    unsigned Id = 0;
    uint32_t Undecided = 0;
  };
  std::vector<Region> Regions;
  unsigned NextRegion = 1;
  void beginRegion(uint32_t Undecided) {
    Regions.push_back({NextRegion++, Undecided});
  }
  void endRegion();
  std::array<std::map<std::pair<const MemObject *, int64_t>, LocalSlot>,
             MaxLanes>
      LocalMemory;
  /// Per loop being run, innermost last: whether nvcc unrolls it fully into
  /// one straight run of code (unrolledFully, straightLineBody), and the
  /// iteration it is in.
  struct LoopRun {
    bool Unrolled = false;
    uint64_t Iter = 0;
  };
  std::vector<LoopRun> LoopRuns;
  /// The attributes (`#pragma unroll`) of the loop exec() is about to run.
  const clang::AttributedStmt *LoopHint = nullptr;
  /// A shared access of a fully unrolled loop, held back until the next
  /// iteration shows whether ptxas merges it with the same access there
  /// (SimtMerges.cpp).
  struct HeldAccess {
    const clang::Expr *Site = nullptr;
    AccessKind K = AccessKind::Load;
    const MemObject *Obj = nullptr;
    unsigned Elem = 0, Bytes = 0;
    uint32_t Active = 0;
    LaneAddresses A;
    bool UnderUnknown = false;
    size_t Loop = 0;
    uint64_t Iter = 0;
  };
  std::vector<HeldAccess> Held;
  /// Takes the access of report() into a held one, or holds it; false when
  /// it is to be reported now.
  bool holdForMerge(const clang::Expr *Site, AccessKind K, const MemObject &Obj,
                    unsigned Bytes, uint32_t Active, const LaneAddresses &A);
  /// Reports the held accesses of loop \p FromLoop and the loops inside
  /// it (all with 0), each as the aligned pieces ptxas makes of it.
  void releaseHeld(size_t FromLoop = 0);
  void emitHeld(const HeldAccess &H);
  /// Per loop being run, innermost last: the local objects it stored into.
  /// A loop cut at its cap skips iterations that would store into them
  /// again: what they hold is forgotten then.
  std::vector<llvm::SmallPtrSet<const MemObject *, 4>> LoopLocalWrites;
  /// Tests some lanes could not decide, around what runs for them on both
  /// sides, that UnknownBranchDepth does not count (a `switch`, `&&`, `||`).
  unsigned UndecidedDepth = 0;
  void forgetLocal() {
    for (auto &M : LocalMemory)
      M.clear();
  }
  /// Forgets the slots of \p Obj that the lanes of \p Active may overwrite
  /// at \p Addr (offsets in the object; all of them where unknown).
  void forgetLocal(const MemObject *Obj, uint32_t Active,
                   const std::array<EvalResult, MaxLanes> &Addr,
                   unsigned Bytes);
  void rememberLocal(const LValue &LV, const Value &V, clang::QualType T,
                     uint32_t Active);
  std::optional<Value> localValue(const LValue &LV, clang::QualType T,
                                  uint32_t Active);
  /// A pointer into local memory was stored outside local memory: code
  /// the interpreter does not follow may reach it without being given it.
  bool LocalEscaped = false;
  /// The sink's onUnsupported, after forgetting the local memory that what
  /// is not followed may have written (mayWriteLocal).
  void onUnsupported(const clang::Stmt *S, llvm::StringRef What) {
    if (mayWriteLocal(S))
      forgetLocal();
    Sink.onUnsupported(S, What);
  }
  /// Whether \p S, which the interpreter does not follow, may write the
  /// thread's local memory: a call given an address (a pointer, an array,
  /// a reference it may write through, the object of a member call), any
  /// call once a local address has escaped, anything else.
  bool mayWriteLocal(const clang::Stmt *S);
  /// The offset every lane of \p Active has in \p LV, when it is one known
  /// value for the warp.
  std::optional<int64_t> uniformAddress(const LValue &LV, uint32_t Active);
  /// armsMergeAccesses per `if`, computed once (it scans source text).
  llvm::DenseMap<const clang::IfStmt *, bool> MergedArms;
  /// By loop, whether the compiler unrolls it completely (unrolledNest),
  /// decided once: the test walks the loop's body.
  llvm::DenseMap<const clang::Stmt *, bool> UnrolledNests;
  /// A range-based for's loop variable and body, as one statement.
  llvm::DenseMap<const clang::Stmt *, clang::Stmt *> RangeBodies;
  llvm::DenseMap<const clang::Stmt *, std::string> Where;
  /// clang's constant value of an integer expression, or null.
  llvm::DenseMap<const clang::Expr *, const Expr *> ConstantOf;
};

/// An rvalue for all lanes. Only integers and pointers are tracked;
/// floating-point and aggregate values are Other (their loads are still
/// accesses).
struct SimtInterpreter::Value {
  enum KindTy : uint8_t { Other, Int, Ptr, Rec } Kind = Other;
  IntType Type;                    ///< Int
  const MemObject *Base = nullptr; ///< Ptr; null when the target is unknown
  LaneExprs L{};                   ///< Int: value; Ptr: byte offset (i64)
  std::string Why;                 ///< Ptr with unknown base: why
  /// Ptr to a scalar variable (`&x`): a register (or local-memory) object,
  /// never global. Dereferenced at offset 0 it is the variable itself.
  const clang::VarDecl *Var = nullptr;
  Frame *VarFrame = nullptr; ///< the frame that holds Var
  /// Points to the same object as \p O (offsets may differ).
  bool sameTarget(const Value &O) const {
    return Kind == O.Kind && Base == O.Base && Var == O.Var &&
           VarFrame == O.VarFrame;
  }
  /// Rec: a struct or closure held in registers. Shared, copied on write.
  std::shared_ptr<const Record> Fields;
};

/// A location: a scalar variable, or memory at per-lane byte offsets.
struct SimtInterpreter::LValue {
  enum KindTy : uint8_t { None, Var, Mem } Kind = None;
  const clang::VarDecl *VD = nullptr; ///< Var
  /// Var: the frame holding VD (a reference or pointer may name a
  /// caller's variable; null for the current frame), or the storage of a
  /// temporary object (then VD is null); Path selects a field of a
  /// register-held struct.
  Frame *F = nullptr;
  Value *Slot = nullptr;
  llvm::SmallVector<const clang::Decl *, 2> Path;
  const MemObject *Base = nullptr; ///< Mem; null when unknown
  LaneExprs Off{};                 ///< Mem
  std::string Why;                 ///< None / unknown base
};

/// The fields of a register-held struct (by FieldDecl), or the captures of
/// a lambda closure (by captured VarDecl; references as lvalues).
struct SimtInterpreter::Record {
  std::map<const clang::Decl *, Value> Vals;
  std::map<const clang::Decl *, LValue> Refs;
  /// A lambda's captured `this` (Kind None when not captured).
  std::shared_ptr<const LValue> This;
  /// A cooperative group (cooperative_groups::thread_block, grid_group, a
  /// tile of TileSize threads), whose methods are modelled by name.
  enum GroupKind : uint8_t { NoGroup, Block, Grid, Tile } Group = NoGroup;
  unsigned TileSize = 0;
};

/// The pointer to a memory location, and the location a pointer names.
inline SimtInterpreter::Value pointerTo(const SimtInterpreter::LValue &LV) {
  SimtInterpreter::Value V;
  V.Kind = SimtInterpreter::Value::Ptr;
  V.Base = LV.Base;
  V.Why = LV.Why;
  V.L = LV.Off;
  return V;
}
inline SimtInterpreter::LValue memoryAt(const SimtInterpreter::Value &P) {
  SimtInterpreter::LValue LV;
  if (P.Var) {
    // `*&x` is x; any other offset leaves the variable (undefined in C++).
    for (const Expr *O : P.L)
      if (!O->isConst() || O->getConstValue() != 0) {
        LV.Why =
            "pointer moved off the variable '" + P.Var->getNameAsString() + "'";
        return LV;
      }
    LV.Kind = SimtInterpreter::LValue::Var;
    LV.VD = P.Var;
    LV.F = P.VarFrame;
    return LV;
  }
  LV.Kind = SimtInterpreter::LValue::Mem;
  LV.Base = P.Base;
  LV.Why = P.Why;
  LV.Off = P.L;
  return LV;
}

struct SimtInterpreter::Frame {
  llvm::DenseMap<const clang::VarDecl *, Value> Vars;
  /// What each reference variable or parameter, and each variable a
  /// lambda captured by reference, is bound to. A temporary bound to a
  /// reference lives in Vars under the reference's own decl.
  llvm::DenseMap<const clang::VarDecl *, LValue> Refs;
  uint32_t Returned = 0;
  Value Ret;
  bool HasRet = false;
  /// The function run (null for the kernel); a reference-returning one
  /// returns a location, RetLV.
  const clang::FunctionDecl *Fn = nullptr;
  /// The call, construction or operator that entered the function.
  const clang::Expr *CallSite = nullptr;
  LValue RetLV;
  /// The object of a member function (Kind None in free functions).
  LValue This;
  /// Temporary objects materialized in this frame, by expression; a
  /// std::map keeps their addresses stable for LValue::Slot.
  std::map<const clang::Expr *, Value> Temps;
};

} // namespace cal

#endif
