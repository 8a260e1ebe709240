//===- LaunchConfigs.h - From discovered launches to analysed ones -*- C++ -*-//
//
// Chooses the launch configurations a kernel is analysed under: its host
// launches (with grid components computed at run time marked for
// sampling), else an annotation, the command line, __launch_bounds__, or an
// assumed default. Annotation and --param values override the arguments of
// host launches, and each override is stated.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_LIB_ANALYSIS_LAUNCHCONFIGS_H
#define CAL_LIB_ANALYSIS_LAUNCHCONFIGS_H

#include "cal/Analysis/Analyzer.h"

namespace cal {

/// Grid used with the assumed 2-D block shape: as many blocks as
/// DefaultGrid, laid out in two dimensions.
inline constexpr Dim3 DefaultGrid2D = {8, 8, 1};

/// "X[,Y[,Z]]" of positive integers, for --block, --grid and annotations.
llvm::Expected<Dim3> parseDim3(llvm::StringRef Opt, llvm::StringRef S);

/// The configurations to analyse \p KI under; why launches were not used
/// goes to \p Notes, what of its annotation was ignored to \p Issues.
std::vector<LaunchConfig> configsFor(clang::ASTContext &Ctx,
                                     const KernelInfo &KI,
                                     const AnalysisOptions &Opts,
                                     std::vector<std::string> &Notes,
                                     std::vector<AnnotationIssue> &Issues);

/// "(16,16,1)".
std::string dimStr(const Dim3 &D);

} // namespace cal

#endif
