//===- CompilerEffects.h - What the CUDA compiler does to branches --------===//
//
// Source-level branches are not always hardware branches. These predicates
// say, from the AST alone, when the compiler will likely remove one, so that
// predictions match what the hardware counters see (gpu-facts.md: if-converted
// branches show no divergent branch targets).
//
//===----------------------------------------------------------------------===//
#ifndef CAL_LIB_ANALYSIS_COMPILEREFFECTS_H
#define CAL_LIB_ANALYSIS_COMPILEREFFECTS_H

#include "cal/Analysis/Analyzer.h"
#include "cal/Models/DivergenceModel.h"
#include <vector>

namespace clang {
class IfStmt;
class AttributedStmt;
class Stmt;
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace cal {

/// Both arms perform the same memory accesses, spelled the same, in the
/// same order, and differ only in the arithmetic on the values (e.g.
/// `C[k] = A[k] + B[k]` vs `C[k] = A[k] - B[k]`), with no locals declared or
/// assigned. The compiler hoists and sinks such common accesses out of the
/// branch (LLVM's SimplifyCFG does), so each access runs once with the lanes
/// of both arms, and the branch becomes a select.
bool armsMergeAccesses(const clang::ASTContext &Ctx, const clang::IfStmt *If);

/// Small arms (a few dozen AST nodes) without loops, calls, nested control
/// flow or early exits: the compiler will likely predicate them, memory
/// accesses included (SASS has predicated loads and stores), and hardware
/// counters will then show no divergent branch.
bool likelyPredicated(const clang::ASTContext &Ctx, const clang::IfStmt *If);

/// How nvcc lowers \p If (evidence in docs/compiler-effects.md):
/// - PredicatedExit, for an `if` without `else` in a `__global__` function
///   that is either an early exit (`if (c) return;`, or a short straight-line
///   arm ending in `return;`) or in tail position (nothing but the kernel's
///   end follows it: `if (i < n) { ...rest... }` as the last statement, the
///   final `if (tid == 0) out[b] = s[0];`), whatever the arm contains, loops
///   and `__syncthreads()` included;
/// - Predicated, when likelyPredicated() holds;
/// - Branch otherwise. Where the arms would be predicated but for a
///   read-modify-write through a pointer, the shape nvcc keeps a branch
///   around on global memory and predicates on shared memory, it says so
///   in \p OnlyForPointerRMW: the caller decides from the space the pointer
///   reaches.
BranchLowering branchLowering(clang::ASTContext &Ctx, const clang::IfStmt *If,
                              bool *OnlyForPointerRMW = nullptr);

/// Why a divergent \p Branch costs nothing a user can act on, or "":
/// - a grid-stride loop (its index steps by gridDim * blockDim): only the
///   last, partial iteration can split a warp, once per warp, the tail of
///   a size that is not a multiple of the grid;
/// - the retry loop of a compare-and-swap (its test reads what atomicCAS
///   returned): lanes leave as their swap succeeds, and the cost is the
///   contention on the address, not the branch.
std::string divergenceWithoutCost(const clang::Stmt *Branch);

/// The width of the pieces in which ptxas copies a struct of \p Size bytes
/// and alignment \p Align to or from shared memory, where the address is a
/// multiple of it: the copy's 4-byte pieces at consecutive offsets become
/// one access as wide as the largest power of two dividing the size (at
/// most \p MaxAccess), because ptxas places shared variables and aligns
/// them as that needs. nvcc 13.0, sm_90 (docs/compiler-effects.md): 16-
/// and 32-byte structs of floats give STS.128/LDS.128, 8- and 24-byte ones
/// STS.64/LDS.64, a 12-byte one three STS; a struct aligned to 8 keeps its
/// 8-byte pieces, and global memory, whose pointers carry only the type's
/// alignment, keeps 4-byte ones. Returns \p Align where nothing merges.
unsigned sharedCopyPieceBytes(unsigned Size, unsigned Align,
                              unsigned MaxAccess);

/// Whether \p S has a loop in it (`for`, `while`, `do`, range-`for`).
bool containsLoop(const clang::Stmt *S);

/// Whether the body of \p Loop has no test in it (`if`, `?:`, `&&`, `||`,
/// `switch`, a loop, `break`, `continue`, `return`): unrolled, it is one
/// block of code, within which alone ptxas merges the iterations' accesses.
/// An unrolled `if (idx < n) s[idx] = ...` keeps one store per iteration,
/// each with its own predicate (docs/compiler-effects.md).
bool straightLineBody(const clang::Stmt *Loop);

/// Whether nvcc unrolls \p Loop fully, so that an access of one iteration
/// may merge with the same access of the next: a `for` of a constant trip
/// count (its variable's start, bound and step integer constants once the
/// templates are instantiated) under `#pragma unroll` (without a count, or
/// one at least the trip count), or of at most 16 trips without a pragma
/// and without a loop inside (nvcc 13.0 unrolls such loops by itself:
/// docs/compiler-effects.md). \p Hint: the loop's attributes, if any.
bool unrolledFully(clang::ASTContext &Ctx, const clang::Stmt *Loop,
                   const clang::AttributedStmt *Hint);

/// Whether nvcc leaves no trace of \p Loop's test and counter: a loop
/// unrolledFully, or a `for` of constant trips whose nest of inner loops,
/// all of constant trips too, runs at most 16 iterations in all (the inner
/// loops are unrolled first, and then the outer one has none inside), or of
/// a single trip.
bool unrolledNest(clang::ASTContext &Ctx, const clang::Stmt *Loop,
                  const clang::AttributedStmt *Hint);

/// The IEEE divisions and square roots of \p Kernel and the `__device__`
/// functions it calls, which compile to a fast path and a data-dependent
/// call of a slow path (HiddenBranches.cpp): float `/` unless the
/// reciprocal is allowed (-ffast-math), and not by a power of two; double
/// `/` always; sqrtf/sqrt of float unless -ffast-math; sqrt of double
/// always. Integer division, rsqrtf and __fdividef have no slow path.
std::vector<HiddenBranch> findHiddenBranches(clang::ASTContext &Ctx,
                                             const clang::FunctionDecl *Kernel);

} // namespace cal

#endif
