//===- VarWrites.h - Which write of a host local reaches a launch -*- C++
//-*-===//
//
// Launch configurations are built up in host code before the launch:
// `dim3 grid; grid.x = 64; grid.y = n / 16;`, `int threads = 256;`,
// `cfg.gridDim = grid;`. This finds, for one member of a local (a path such as
// "", "y" or "gridDim.x") and one program point, the single definition that
// reaches it. It is deliberately simple: a definition counts when it is a
// plain `=` written as a statement of the same or an enclosing compound
// statement, before the point. It kills the writes before it in the source,
// and, when its compound is inside a loop around the point, the writes after
// the point in that loop (the next iteration runs it again first). Any other
// write that may run before the point (in a branch, a compound assignment,
// an increment) makes that member unknown; taking the address or binding a
// non-const reference is never killed, since the variable may then change at
// any time. Writes in a loop that only command-line arguments enter (a
// getopt loop, `for (i = 1; i < argc; ++i)`) are kept apart: the run
// without arguments, which the launch discovery assumes and states, skips
// them.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_LIB_DISCOVERY_VARWRITES_H
#define CAL_LIB_DISCOVERY_VARWRITES_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class CallExpr;
class CompoundStmt;
class Expr;
class SwitchCase;
class Stmt;
class VarDecl;
} // namespace clang

namespace cal {

/// The definition of a member of a local that reaches a program point.
struct ReachingDef {
  enum KindTy {
    Init,   ///< the variable's initializer (Value null: none written)
    Assign, ///< a plain `=` statement; Value is its right-hand side
    Param,  ///< a parameter never written: its value is the argument
  } Kind = Init;
  const clang::Expr *Value = nullptr;
  /// What remains of the queried path inside Value: querying "gridDim.x"
  /// reached by `cfg.gridDim = grid;` leaves "x" to take from `grid`.
  std::string SubPath;
  /// Where Value is evaluated (the declaration or the assignment statement):
  /// the program point for the locals Value itself reads.
  const clang::Stmt *At = nullptr;
  /// Value is a call of the CUDA occupancy calculator that writes the
  /// variable through its argument OutArg (`&blockSize`), not a value.
  std::optional<unsigned> OutArg;
};

/// Whether \p CE is a call of the CUDA occupancy calculator's
/// cudaOccupancyMaxPotentialBlockSize (with or without flags) and its
/// argument \p Arg one of its outputs.
bool isOccupancyOutput(const clang::CallExpr *CE, unsigned Arg);

/// The label of switch body \p Body whose code holds its top-level
/// statement \p Child, when that code is entered only through the label
/// (not by falling in from the label before, nor through a second label on
/// the same statement); null otherwise.
const clang::SwitchCase *governingLabel(const clang::CompoundStmt *Body,
                                        const clang::Stmt *Child);

class VarWrites {
public:
  VarWrites(clang::ASTContext &Ctx, const clang::Stmt *Body);

  /// The definition of member \p Path ("" for the whole variable, "x",
  /// "gridDim.x") of local or parameter \p VD that reaches \p Point, a
  /// statement of the body; nullopt when another write may intervene.
  /// Writes inside \p Point itself (`&cfg` passed to the launch) are not
  /// counted: they happen at the point, not before it.
  std::optional<ReachingDef> reaching(const clang::VarDecl *VD,
                                      llvm::StringRef Path,
                                      const clang::Stmt *Point);

  /// Inside `switch (VD) { ... case C: ... }` with \p Point in the code of
  /// `case C` (not reached by falling through from another label) and VD not
  /// written in the switch: the expression C, VD's value at the point.
  const clang::Expr *caseValue(const clang::VarDecl *VD,
                               const clang::Stmt *Point);

  /// Whether a write of \p VD before \p Point was set apart as one that
  /// only a command-line argument makes: the caller then states that it
  /// assumes the run without arguments.
  bool argumentWriteBefore(const clang::VarDecl *VD,
                           const clang::Stmt *Point) const;

  struct Write {
    const clang::Expr *E = nullptr;     ///< the writing expression
    std::string Path;                   ///< the member written, "" all
    const clang::Expr *Value = nullptr; ///< right-hand side of a plain `=`
    /// Written by an occupancy call through this argument: Value is the
    /// call, E the statement's expression around it.
    std::optional<unsigned> OutArg;
  };
  /// Every write of \p VD in the body, in source order.
  std::vector<Write> writesOf(const clang::VarDecl *VD) const {
    return Writes.lookup(VD);
  }

private:
  /// The chain of statements from \p S up to the body, \p S first.
  std::vector<const clang::Stmt *> ancestors(const clang::Stmt *S);
  clang::ASTContext &Ctx;
  const clang::Stmt *Body;
  llvm::DenseMap<const clang::VarDecl *, std::vector<Write>> Writes;
  /// Writes in loops that only command-line arguments enter.
  llvm::DenseMap<const clang::VarDecl *, std::vector<Write>> ArgumentWrites;
};

} // namespace cal

#endif
