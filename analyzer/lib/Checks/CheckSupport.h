//===- CheckSupport.h - Helpers shared by the checks ----------------------===//
#ifndef CAL_LIB_CHECKS_CHECKSUPPORT_H
#define CAL_LIB_CHECKS_CHECKSUPPORT_H

#include "cal/Analysis/LaunchTime.h"
#include "cal/Checks/Check.h"

namespace cal {

/// "launch at f.cu:40:3, grid (128,1,1) block (256,1,1)".
std::string launchText(const KernelResult &K);
/// "lane 0 -> +0, lane 1 -> +128, ..." for the first warp's offsets,
/// optionally mapped through \p F (e.g. to banks).
std::string laneList(const AccessSummary &A,
                     std::string (*F)(int64_t, const TargetModel &),
                     const TargetModel &TM);
std::string fmtNum(double V);
/// "8 sectors per request", or, when the figure depends on sampled
/// parameters, "4 to 5 sectors per request depending on unknown parameters
/// (4 when off=4096, 5 when off=4097)": never one mean of hypotheticals.
/// "(8x the bytes moved)" for a fixed ratio, "(up to 1.25x ...)" when it
/// varies between warps, iterations or samples.
std::string ratioText(double Mean, double Max, double Ideal, const char *What);
/// "where 4 would do (8x the bytes moved)", each sample's figure taken
/// against its own ideal: "where 2 to 4 would do (2x ...)".
std::string idealAndRatio(const AccessSummary &A, double Mean, double Max,
                          double Ideal, const char *What);
std::string perRequestText(const AccessSummary &A, const KernelResult &K,
                           double Mean, const char *Unit);
/// A warning on access \p A with \p Message and the notes every access
/// finding carries: the launch, the index in thread terms and the first
/// warp's lanes, rendered by \p Lane.
Finding accessFinding(const AccessSummary &A, const KernelResult &K,
                      std::string Message,
                      std::string (*Lane)(int64_t, const TargetModel &),
                      const TargetModel &TM);

/// States what \p A's excess over its ideal costs launch \p K of time \p T
/// (a note, and the finding's Cost and SavedUs), where LaunchTime.h can
/// say; and, where ClosedForm.cpp found one, \p A's figure (\p Unit per
/// request) as a rule of the unknown size.
void addAccessCost(Finding &F, const AccessSummary &A, const KernelResult &K,
                   const LaunchTime &T, const TargetModel &TM,
                   llvm::StringRef Unit);

/// `tile[R][C]` -> `tile[R][C + 1]` for a column walk over a shared 2-D
/// array, where that cannot change what the program computes
/// (SharedPaddingFix.cpp); nullopt otherwise.
std::optional<clang::FixItHint> sharedPaddingFix(const AccessSummary &A,
                                                 const TargetModel &TM);

/// A remark on the kernel's declaration.
Finding kernelFinding(const KernelResult &K, std::string Message);

// The registered checks, one class each (the list is Checks.def).
#define CAL_CHECK(Accessor) const Check &Accessor();
#include "Checks.def"
#undef CAL_CHECK

} // namespace cal

#endif
