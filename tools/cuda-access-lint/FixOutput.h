//===- FixOutput.h - --fix and --export-fixes -------------------*- C++ -*-===//
//
// Only the changes that FixVerify proved leave the tool, in clang-tidy's
// formats: replacements applied in place, or YAML that
// clang-apply-replacements reads.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_TOOLS_LINT_FIXOUTPUT_H
#define CAL_TOOLS_LINT_FIXOUTPUT_H

#include "cal/Report/FileReport.h"
#include "llvm/Support/Error.h"

namespace cal {

/// Writes the proven fixes of \p Findings to \p Path as a
/// clang::tooling::TranslationUnitDiagnostics YAML document.
llvm::Error exportFixes(llvm::StringRef Path,
                        llvm::ArrayRef<const FindingRecord *> Findings);

/// Applies the proven, unsuppressed fixes of \p R's findings to its file,
/// atomically (a temporary file renamed over it); nothing when the file had
/// errors. Says on stderr what it changed.
llvm::Error applyFixes(const FileReport &R);

/// After applyFixes succeeded: each finding whose change was written says
/// so, in the text (a note after its own) and in JSON and SARIF (a note).
void markApplied(FileReport &R);

} // namespace cal

#endif
