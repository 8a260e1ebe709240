//===- Finding.h - What a check reports -------------------------*- C++ -*-===//
//
// Checks turn analysis results into findings; they never format output
// themselves. Each check has a stable id (`cuda-...`); see Check.h.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_CHECKS_FINDING_H
#define CAL_CHECKS_FINDING_H

#include "cal/Analysis/Analyzer.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/Support/JSON.h"
#include <optional>
#include <string>
#include <vector>

namespace cal {

struct Finding {
  /// Warning: a cost worth a change. Remark: what the analysis could not
  /// see. Note: a real but small cost, below the check's threshold (in JSON
  /// and SARIF, counted but not printed in text).
  enum SeverityTy { Warning, Remark, Note } Severity = Warning;
  std::string CheckId;
  clang::SourceRange Range;
  SourcePos Pos;
  std::string Message;
  std::vector<std::string> Notes; ///< attached at the same location
  /// A source change that removes the cost, offered to --fix and
  /// --export-fixes only once a re-analysis of the changed source has
  /// shown the cost gone and no access made worse (LintRun).
  std::vector<clang::FixItHint> FixIts;
  /// The cost the message states, as data: the finding's "cost" in JSON
  /// and in SARIF's result properties (docs/prediction-schema.md).
  std::optional<llvm::json::Object> Cost;
  /// The time fixing it would save per launch, in microseconds, where the
  /// target models time (LaunchTime.h): the order of --sort=cost and
  /// SARIF's rank.
  std::optional<double> SavedUs;
};

} // namespace cal

#endif
