//===- LaunchMatch.h - Measured launches to predicted kernels ---*- C++ -*-===//
//
// A program profiled through the injection library (cuda-access-verify run)
// reports each launch as CUPTI sees it: mangled name, grid, block, and the
// paths of its line table as the compiler wrote them on the build machine.
// The analyzer names kernels as clang prints them ("scale<float>") and files
// as they were given on its command line. These functions bridge the two
// without a GPU, so that they are unit-tested.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_RUNTIME_LAUNCHMATCH_H
#define CAL_RUNTIME_LAUNCHMATCH_H

#include "cal/runtime/Measurements.h"
#include "cal/runtime/Predictions.h"

#include <string>
#include <vector>

namespace cal {

/// The demangled name with its parameter list and return type removed, as
/// the analyzer's "name" spells it: "void ns::k<float>(float*)" ->
/// "ns::k<float>". A name that does not demangle is returned unchanged.
std::string kernelNameFromMangled(const std::string &Mangled);

/// A spelling-insensitive form of a kernel name for comparison: blanks only
/// where they separate two identifier characters ("unsigned int"), integer
/// literal suffixes dropped ("2u" and "2U" both read "2"), no leading "::".
std::string canonicalKernelName(const std::string &Name);

/// Same kernel: equal mangled names where both sides have one, else equal
/// canonical names (template arguments included).
bool sameKernel(const LaunchMeasurement &L, const PredictedKernel &K);

/// Whether two spellings of a source path name the same file: equal after
/// removing "./" and repeated slashes, or one a suffix of the other at a
/// path component ("/home/u/app/src/a.cu" and "src/a.cu"), or, failing
/// that, equal base names. The measured side comes from another machine, so
/// realpath cannot be applied to it.
bool sameSourceFile(const std::string &A, const std::string &B);

enum class ConfigMatch {
  Exact,   ///< grid and block as predicted (run-time grid parts match any)
  Assumed, ///< the analyzer assumed the launch and evaluated this block
  Differs, ///< the kernel was predicted for another configuration
};

struct LaunchMatch {
  const PredictedKernel *Kernel = nullptr; ///< null: kernel not predicted
  ConfigMatch Config = ConfigMatch::Exact;
  std::string Note; ///< why, for Assumed and Differs
};

/// The prediction for launch \p L: same kernel, then the same configuration
/// (the \p Ordinal-th such prediction when there are several), then an
/// assumed launch covering L's block, then any prediction of the kernel
/// (reported as Differs: not a model error).
LaunchMatch matchLaunch(const LaunchMeasurement &L, const Predictions &P,
                        unsigned Ordinal = 0);

/// The prediction of every launch of \p M, in order, as the comparison pairs
/// them (the comparison and the roofline share it): by mangled name, grid
/// and block first, where launches that share that key are told apart by
/// the launch site (a predicted site within three lines after the measured
/// SuiteContext::launch line), else by their ordinal among the launches
/// with the key; failing that matchLaunch.
std::vector<LaunchMatch> matchLaunches(const Measurements &M,
                                       const Predictions &P);

/// For a run in which no launch was judged: one line per measured kernel
/// and configuration saying why it did not pair, "kernel 'k<float>' (grid
/// (64,1,1), block (256,1,1)): not in the predictions; nearest predicted
/// name 'k<double>'", or the configuration the prediction is for.
std::vector<std::string> unpairedLaunches(const Measurements &M,
                                          const Predictions &P);

/// "grid 64x1x1 block 256x1x1".
std::string configText(const unsigned Grid[3], const unsigned Block[3],
                       const bool GridUnknown[3] = nullptr);

/// Edit distance between \p A and \p B (insertions, deletions and
/// substitutions of one character): the nearest kernel name or option.
size_t editDistance(const std::string &A, const std::string &B);

} // namespace cal

#endif // CAL_RUNTIME_LAUNCHMATCH_H
