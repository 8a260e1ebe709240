//===- HostConstEval.h - Constant values of host launch expressions -------===//
//
// Clang's constant evaluator stops at non-constexpr locals such as
// `dim3 block(32, 8);` or `int n = 4096;`. Launch configurations are mostly
// written that way, so this evaluator follows the definition of a local that
// reaches the launch (see VarWrites.h), one dim3 component at a time, the
// floating arithmetic of `ceil(N / (float)TILE)` exactly (APFloat in the
// source's own precision), and a host function's parameters into the
// argument of one call site (a CallFrame).
//
//===----------------------------------------------------------------------===//
#ifndef CAL_LIB_DISCOVERY_HOSTCONSTEVAL_H
#define CAL_LIB_DISCOVERY_HOSTCONSTEVAL_H

#include "VarWrites.h"
#include "cal/Discovery/KernelDiscovery.h"
#include "clang/AST/Expr.h"
#include "clang/AST/OperationKinds.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <deque>
#include <map>
#include <memory>
#include <optional>

namespace clang {
class ArraySubscriptExpr;
class CallExpr;
class ConditionalOperator;
class Expr;
class FunctionDecl;
class VarDecl;
class SourceManager;
class Stmt;
} // namespace clang

namespace cal {

/// Host integer arithmetic as both host evaluators fold it: 64-bit, with a
/// division by zero or a shift out of range unknown. Sizes in launch code
/// are small and positive, so this is exact for them.
std::optional<int64_t> foldIntBinary(clang::BinaryOperatorKind Op, int64_t L,
                                     int64_t R);
std::optional<int64_t> foldIntUnary(clang::UnaryOperatorKind Op, int64_t V);

/// `L op R` over host integers with \p Eval for the operands: the right
/// operand is evaluated only where `&&` and `||` need it, a comma gives it,
/// foldIntBinary the rest. Assignments are the caller's.
template <typename EvalFn>
std::optional<int64_t> evalIntBinary(const clang::BinaryOperator *BO,
                                     EvalFn Eval) {
  std::optional<int64_t> L = Eval(BO->getLHS());
  if (!L)
    return std::nullopt;
  if (BO->getOpcode() == clang::BO_LAnd && !*L)
    return 0;
  if (BO->getOpcode() == clang::BO_LOr && *L)
    return 1;
  std::optional<int64_t> R = Eval(BO->getRHS());
  if (!R || BO->getOpcode() == clang::BO_Comma)
    return R;
  return foldIntBinary(BO->getOpcode(), *L, *R);
}

/// The values of \p CE's arguments by \p Eval, or nullopt when an integer
/// one is not known. A pointer argument (`argv`) has no value: the helper
/// run fails if it reads it.
template <typename EvalFn>
std::optional<std::vector<std::optional<int64_t>>>
evalIntArgs(const clang::CallExpr *CE, EvalFn Eval) {
  std::vector<std::optional<int64_t>> Args;
  for (const clang::Expr *A : CE->arguments()) {
    if (A->getType()->isPointerType()) {
      Args.push_back(std::nullopt);
      continue;
    }
    std::optional<int64_t> V = Eval(A);
    if (!V)
      return std::nullopt;
    Args.push_back(*V);
  }
  return Args;
}

/// The value a host function of integers returns for \p Args, when its
/// body is integer locals, assignments, `if`, loops and `return` only
/// (`largestPowerOfTwoLessOrEqual(n)`), run statement by statement; nullopt
/// for anything else (a call with effects, memory, floating point) or past
/// a step cap.
std::optional<int64_t>
runIntegerFunction(clang::ASTContext &Ctx, const clang::FunctionDecl *F,
                   llvm::ArrayRef<std::optional<int64_t>> Args,
                   unsigned Depth = 0);

/// The variable \p E names, through parentheses and implicit casts.
const clang::VarDecl *namedVar(const clang::Expr *E);

/// Whether \p Inner begins inside \p Outer's source range (expansion
/// locations, so that macros count where they are used).
bool stmtWithin(const clang::SourceManager &SM, const clang::Stmt *Inner,
                const clang::Stmt *Outer);

/// A host function being evaluated and, when known, the call that entered it:
/// its parameters take that call's arguments, evaluated in Parent.
struct CallFrame {
  const clang::FunctionDecl *F = nullptr;
  const clang::CallExpr *Site = nullptr;
  const CallFrame *Parent = nullptr;
};

/// A write of a global variable in the unit (GlobalWrites.cpp).
struct GlobalWrite {
  const clang::FunctionDecl *In = nullptr; ///< the function that writes
  /// The right-hand side when the write is `g[i][j].m = value;`, a
  /// statement of In's body with constant subscripts; null for any other
  /// write (under a test, through a reference, an increment).
  const clang::Expr *Assign = nullptr;
  std::vector<int64_t> Index; ///< the constant subscripts, outermost first
  std::string Path;           ///< the member written, "" the element itself
};

/// A global's value at a launch as the one function that sets it stored it
/// (InitFunctionWrites.cpp): the assigned expression, what remains of the
/// member path inside it, and the function.
struct InitWrite {
  const clang::Expr *Value = nullptr;
  std::string SubPath;
  const clang::FunctionDecl *By = nullptr;
};

/// What the evaluations of one translation unit share: the writes of each
/// function body, and which frames' parameters were read.
class HostEvalSession {
public:
  explicit HostEvalSession(clang::ASTContext &Ctx) : Ctx(Ctx) {}
  clang::ASTContext &Ctx;
  VarWrites &writes(const clang::FunctionDecl *F);
  /// Whether anything in the unit may write global \p VD (GlobalWrites.cpp);
  /// the unit is scanned once.
  bool writtenInUnit(const clang::VarDecl *VD);
  /// Every write of global \p VD in the unit.
  llvm::ArrayRef<GlobalWrite> globalWrites(const clang::VarDecl *VD);
  /// How many direct calls of \p F the unit makes (the same scan).
  unsigned callsOf(const clang::FunctionDecl *F);
  /// Element \p Index, member \p Path of global \p VD at the launch being
  /// evaluated, when one function that main calls before it sets it.
  std::optional<InitWrite> initWrite(const clang::VarDecl *VD,
                                     llvm::ArrayRef<int64_t> Index,
                                     llvm::StringRef Path);
  /// Globals whose value an init function gave ("grid: as
  /// setParameters() sets it"), for the launch's choices.
  std::vector<std::string> InitsRead;
  /// Globals of external linkage whose initializer a value took ("blockSize"):
  /// another unit could write them, so the launch says so.
  std::vector<std::string> GlobalsRead;
  /// Frames whose parameters an evaluation read; cleared by the caller.
  llvm::SmallPtrSet<const CallFrame *, 8> UsedFrames;
  /// The launch being evaluated and its frame, set by the caller: the
  /// `case` labels around it bound the values of unwritten variables.
  const CallFrame *LaunchFrame = nullptr;
  const clang::Stmt *LaunchPoint = nullptr;
  unsigned Depth = 0;

  /// Launch sets (LaunchSets.cpp). A variable with several definitions
  /// that may reach the launch takes, in turn, each value of its set;
  /// Chosen holds the values of the member being evaluated.
  /// Keyed by the variable and a member path ("" for the variable itself,
  /// "x" for a dim3 parameter's component bound from another unit's call).
  std::map<std::pair<const clang::VarDecl *, std::string>, int64_t> Chosen;
  bool chosen(const clang::VarDecl *VD, llvm::StringRef Path = "") const {
    return Chosen.count({VD, Path.str()});
  }
  /// A variable read with no single reaching definition, while
  /// RecordUndecided is set (the launch's grid and block).
  struct Undecided {
    const clang::VarDecl *Var = nullptr;
    /// The member read ("block_size" of a configuration struct), or "".
    std::string Path;
    const CallFrame *Frame = nullptr;
    const clang::Stmt *Point = nullptr;
  };
  std::vector<Undecided> Open;
  bool RecordUndecided = false;
  /// Set when a value read `argc` of main: taken as 1, the program run
  /// without arguments.
  bool ArgcRead = false;
  /// The device `cudaDeviceProp` fields describe (KernelDiscovery.h), or
  /// null; the fields a value read, "prop.multiProcessorCount = 132".
  const QueriedDevice *Device = nullptr;
  std::vector<std::string> DeviceRead;
  /// Set when a value came from the occupancy calculator, registers unknown
  /// (LaunchSite::RegistersAssumed).
  bool OccupancyRead = false;
  /// Operands of a comparison being evaluated (only there is argc 1).
  unsigned InComparison = 0;

  /// Frames of the host functions entered to evaluate a call's value
  /// (`ceil_div(n, bs)`); a deque, so that the frames stay where they are.
  std::deque<CallFrame> CallFrames;

private:
  llvm::DenseMap<const clang::FunctionDecl *, std::unique_ptr<VarWrites>> W;
  void scanGlobalWrites();
  std::optional<llvm::DenseSet<const clang::VarDecl *>> GlobalWrites;
  llvm::DenseMap<const clang::VarDecl *, std::vector<GlobalWrite>> WritesOf;
  llvm::DenseMap<const clang::FunctionDecl *, unsigned> CallCounts;
};

/// Whether \p E may run in frame \p F: no `if` whose test is known leads
/// elsewhere, no `switch` whose value is known selects another label, and
/// the same holds for the call that entered each frame of the chain
/// (LaunchSites.cpp).
bool mayRun(HostEvalSession &S, const CallFrame *F, const clang::Expr *E);

/// Evaluates host expressions at one program point of one frame.
class HostConstEval {
public:
  HostConstEval(HostEvalSession &S, const CallFrame *Frame,
                const clang::Stmt *Point)
      : S(S), Frame(Frame), Point(Point) {}

  std::optional<int64_t> evalInt(const clang::Expr *E);
  /// A floating value in the precision of E's type.
  std::optional<llvm::APFloat> evalReal(const clang::Expr *E);
  /// The arm of \p CO its condition selects, or null when the condition is
  /// not constant.
  const clang::Expr *takenArm(const clang::ConditionalOperator *CO);
  /// Member \p Path ("x", "gridDim.y", "" for E itself) of E's value.
  std::optional<int64_t> evalMember(const clang::Expr *E, llvm::StringRef Path);
  /// A dim3 (or an integer converted to one), per component.
  PartialDim3 evalDim3(const clang::Expr *E);
  /// The functions E may point to; empty when unknown. Several only when E
  /// is a local function pointer assigned in several places, each certain.
  std::vector<const clang::FunctionDecl *> targets(const clang::Expr *E);
  /// The definition of a local array or pointer that reaches the point (for
  /// `void *args[] = {&a, &n}`), or null.
  const clang::Expr *definitionOf(const clang::VarDecl *VD);
  /// Whether member \p Path of local \p VD still holds what its
  /// declaration put there at the point (no write may intervene).
  bool initReaches(const clang::VarDecl *VD, llvm::StringRef Path);
  /// When \p E names the counter of a `for` loop around the point with a
  /// constant start, bound and step, written only by the loop's init and
  /// increment: its first and last values. nullopt otherwise, or when the
  /// loop runs no iteration.
  std::optional<std::pair<int64_t, int64_t>>
  loopCounterRange(const clang::Expr *E);
  /// When the last statement before the point that writes \p VD is a `for`
  /// loop that writes it (and the variables its test reads) only in its
  /// header, from start values that are known: the value the loop leaves.
  std::optional<int64_t> afterLoop(const clang::VarDecl *VD);

  /// The values \p VD (its member \p Path) can hold at the point
  /// (LaunchSets.cpp): each value of
  /// the `for` loop around the point that steps it, or the value of each
  /// plain definition that may reach the point (those under an `if` known
  /// to lead elsewhere left out). nullopt when one of them is not a
  /// constant or the set is too large; Why then says which.
  struct ValueSet {
    std::vector<int64_t> Values;
    std::string Origin; ///< "the loop at f.cu:12", "the definitions at ..."
    unsigned Total = 0; ///< before the cap
    /// The values that an occupancy calculator call gave.
    std::vector<int64_t> FromOccupancy;
  };
  /// \p Path: a member of a local struct (`config.block_size`), or "".
  std::optional<ValueSet> valueSet(const clang::VarDecl *VD,
                                   llvm::StringRef Path, std::string &Why);

private:
  /// `sizes[j]` of an array that its initializer alone fills; `f(a, b)` of
  /// a function whose body is one `return`: their values.
  std::optional<int64_t> evalElement(const clang::ArraySubscriptExpr *AS);
  std::optional<int64_t> evalCall(const clang::CallExpr *CE);
  /// A field of a `cudaDeviceProp` (`prop.warpSize`, `p->maxThreadsDim[0]`)
  /// as the session's device has it.
  std::optional<int64_t> deviceProperty(const clang::Expr *E);
  /// What the occupancy calculator call \p CE (evaluated here) writes
  /// through its argument \p Arg, on the session's device
  /// (OccupancyCalls.cpp); \p Note, if given, gets what it says of it.
  std::optional<int64_t> occupancyOutput(const clang::CallExpr *CE,
                                         unsigned Arg,
                                         std::string *Note = nullptr);
  template <typename T, typename Fn>
  std::optional<T> atDef(const clang::VarDecl *VD, llvm::StringRef Path,
                         Fn Eval);
  bool ownsLocal(const clang::VarDecl *VD) const;
  /// Element \p AS (member \p Path) of a global that one init function
  /// sets (InitFunctionWrites.cpp).
  std::optional<int64_t> globalElement(const clang::ArraySubscriptExpr *AS,
                                       llvm::StringRef Path);
  void noteInit(const clang::VarDecl *VD, const InitWrite &IW);
  HostEvalSession &S;
  const CallFrame *Frame;
  const clang::Stmt *Point;
};

} // namespace cal

#endif
