//===- AnalysisReport.h - Reporters for analysis results --------*- C++ -*-===//
#ifndef CAL_REPORT_ANALYSISREPORT_H
#define CAL_REPORT_ANALYSISREPORT_H

#include "cal/Schema/Prediction.h"
#include "cal/Analysis/Analyzer.h"
#include "cal/Checks/Check.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace clang {
class DiagnosticsEngine;
}

namespace cal {

// SchemaVersion and SchemaMinorVersion: cal/Schema/Prediction.h, shared
// with the verifier that reads the file.

/// exact / range / unknown, with the reason, for one access.
struct Confidence {
  const char *Level;
  std::string Reason;
};
Confidence accessConfidence(const AccessSummary &A, const KernelResult &K);
/// "4" or "4 to 5": the evaluated values of \p S.
std::string fmtStatRange(const Stat &S);

/// The kernels[] entry of the schema for kernel \p K of \p R.
llvm::json::Value kernelToJSON(const AnalysisResult &R, const KernelResult &K);

/// A finding with the other launches that produced the same one: a kernel
/// launched three times with the same pattern gets one warning, not three.
struct MergedFinding {
  Finding F;
  std::vector<std::string> AlsoIn; ///< "site (grid (x,y,z))" of the others
  std::string Site;                ///< the same, of F's own launch
};
/// Every check over every kernel of \p R, merged across launches.
std::vector<MergedFinding> mergeFindings(const AnalysisResult &R,
                                         const CheckSettings &S);
/// "the same in 2 more launches: ..." for a merged finding; empty if none.
std::string alsoInNote(const MergedFinding &M);

/// --dump=events: the per-lane evaluation, kernel by kernel.
void printEventDump(llvm::raw_ostream &OS, const AnalysisResult &R);

} // namespace cal

#endif
