//===- PartitionSurvey.h - What the blocks running at once touch -*- C++
//-*-===//
//
// For targets whose global memory is a plain interleave of partitions
// (GT200: 8 of 256 bytes), runs the first blocks of the grid in launch
// order, as many as run at once, and records per global access which
// partitions their first requests touch. The cuda-partition-camping check
// reads the result.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_ANALYSIS_PARTITIONSURVEY_H
#define CAL_ANALYSIS_PARTITIONSURVEY_H

#include "SimtInterpreter.h"

namespace cal {

/// Blocks that run at once on \p TM's reference part with \p Threads
/// threads per block: multiprocessors times the blocks one holds by its
/// block and thread limits (registers and shared memory may allow fewer).
unsigned concurrentBlocks(const TargetModel &TM, uint64_t Threads,
                          unsigned &PerSM);

/// Fills K.Partitions from the blocks of \p S that run first, with the
/// parameter values of \p Setup.
void surveyPartitions(clang::ASTContext &Ctx, ExprContext &EC,
                      const TargetModel &TM, const clang::FunctionDecl *Kernel,
                      const SampleInfo &S, const WarpSetup &Setup,
                      KernelResult &K);

} // namespace cal

#endif // CAL_ANALYSIS_PARTITIONSURVEY_H
