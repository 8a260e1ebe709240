//===- Sampling.h - Values for what the launch leaves unknown ---*- C++ -*-===//
//
// An unknown parameter is evaluated with sample values that respect how the
// kernel uses it (a shift count stays below the shift width, a loop bound
// gives a short, non-empty trip count), and the grid is represented by its
// first, middle and last block per dimension, each weighted by the number of
// blocks it stands for.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_LIB_ANALYSIS_SAMPLING_H
#define CAL_LIB_ANALYSIS_SAMPLING_H

#include "cal/Analysis/Analyzer.h"
#include "llvm/ADT/DenseMap.h"

namespace clang {
class FunctionDecl;
class ParmVarDecl;
} // namespace clang

namespace cal {

/// The use of an integer parameter that constrains its sample values.
enum class ParamUse { Plain, Divisor, LoopBound, ShiftCount };

/// How each parameter of \p Kernel is used in its body (direct uses only:
/// through a local copy or a called function the use is not seen). A
/// parameter with several uses takes the most constraining: shift count,
/// then loop bound, then divisor.
llvm::DenseMap<const clang::ParmVarDecl *, ParamUse>
classifyParamUses(const clang::FunctionDecl *Kernel);

/// Sample \p Sample (0: a multiple of a power of two, 1: odd) of the
/// \p Rank-th unknown parameter of use \p U (rank in declaration order).
int64_t paramSample(ParamUse U, unsigned Sample, unsigned Rank);

/// "shift count", "loop bound", "divisor", or "" for Plain.
const char *paramUseName(ParamUse U);

/// Blocks that represent \p Grid: per dimension the first, last and middle
/// index, weighted 1, 1 and G - 2 (duplicates merged when G <= 2), crossed
/// over the dimensions. The weights sum to the grid's block count.
void representativeBlocks(const Dim3 &Grid, std::vector<Dim3> &Blocks,
                          std::vector<uint64_t> &Weights);

} // namespace cal

#endif
