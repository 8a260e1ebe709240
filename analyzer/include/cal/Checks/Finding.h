//===- Finding.h - What a check reports -------------------------*- C++ -*-===//
//
// Checks turn analysis results into findings; they never format output
// themselves. Each check has a stable id (`cuda-...`).
//
//===----------------------------------------------------------------------===//
#ifndef CAL_CHECKS_FINDING_H
#define CAL_CHECKS_FINDING_H

#include "cal/Analysis/Analyzer.h"
#include <string>
#include <vector>

namespace cal {

struct Finding {
  enum SeverityTy { Warning, Remark } Severity = Warning;
  std::string CheckId;
  clang::SourceRange Range;
  SourcePos Pos;
  std::string Message;
  std::vector<std::string> Notes; ///< attached at the same location
};

/// Runs every registered check over one kernel result.
std::vector<Finding> runChecks(const KernelResult &K, const TargetModel &TM);

/// The registered checks, by id, in the order they run.
struct CheckInfo {
  const char *Id;
  const char *Summary;
  void (*Run)(const KernelResult &, const TargetModel &,
              std::vector<Finding> &);
};
llvm::ArrayRef<CheckInfo> registeredChecks();

} // namespace cal

#endif
