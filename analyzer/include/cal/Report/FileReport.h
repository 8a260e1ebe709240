//===- FileReport.h - What one run found, for every reporter ----*- C++ -*-===//
//
// The driver computes the findings of each file once, while the file's AST
// lives, into these records; the text, JSON, SARIF and GitHub reporters only
// read them. A finding is located by one canonical path, so that a finding
// in a header reached from several files is printed once.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_REPORT_FILEREPORT_H
#define CAL_REPORT_FILEREPORT_H

#include "cal/Analysis/Analyzer.h"
#include "cal/Checks/Check.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class DiagnosticsEngine;
} // namespace clang

namespace cal {

/// One replacement in a file: \p Length bytes at \p Offset become \p Text.
struct TextEdit {
  std::string File; ///< canonical report path
  unsigned Offset = 0, Length = 0;
  std::string Text;
  unsigned Line = 0, Column = 0; ///< of Offset, 1-based
};

struct FindingRecord {
  std::string CheckId;
  Finding::SeverityTy Severity = Finding::Warning;
  std::string Message;
  /// Relative to the working directory when under it, else the absolute
  /// real path: the same spelling whichever file included it.
  std::string File;
  unsigned Line = 0, Column = 0;
  /// One past the last character of the range, on EndLine.
  unsigned EndLine = 0, EndColumn = 0;
  std::vector<std::string> Notes; ///< at the same location
  std::vector<std::string> Fixes; ///< the notes that propose a change
  std::optional<llvm::json::Object> Cost; ///< Finding::Cost
  std::optional<double> SavedUs;          ///< Finding::SavedUs
  /// A source change the check proposes (Finding::FixIts). Kept only where
  /// a re-analysis proved it (FixVerified); dropped otherwise, with why.
  std::vector<TextEdit> Edits;
  bool FixVerified = false;
  std::string SourceLine; ///< the text of Line, for fingerprints
  std::string Rendered;   ///< clang-style: the diagnostic, snippet and notes
  /// The comment that silences it ("NOLINTNEXTLINE(cuda-*)"); empty when
  /// it is reported.
  std::string SuppressedBy;
  /// In a system header (-isystem, the CUDA toolkit's): hidden unless
  /// --system-headers (FindingFilters.h).
  bool InSystemHeader = false;
  /// A warning of a check named by --warnings-as-errors.
  bool AsError = false;

  bool isWarning() const { return Severity == Finding::Warning; }
  /// Below its check's threshold: in JSON and SARIF, not printed as text.
  bool isNote() const { return Severity == Finding::Note; }
  const char *severityName() const {
    return isWarning() ? "warning" : isNote() ? "note" : "remark";
  }
  /// What identifies the finding across files: check, place and message.
  std::string key() const;
};

/// An error the file's own comments cause (an unpaired NOLINTBEGIN).
struct CommentError {
  std::string File;
  unsigned Line = 0, Column = 0;
  std::string Message;
};

/// The kernels[] entries of one input, each kept as its JSON text rather
/// than as a json::Value. A value holds a hash map per object, about ten
/// times the size of its text, and the entries of a file are all kept
/// until the report is written: a file of 17,625 kernels held 1.7 GB of
/// them.
class KernelEntries {
public:
  /// Renders \p V (json::OStream, indent 2) and keeps the text; \p CutByBudget:
  /// the analysis budget cut or skipped the launch (KernelResult::BudgetHit;
  /// the summary line counts those).
  void push_back(const llvm::json::Value &V, bool CutByBudget = false);
  /// Counts a kernel whose entry is not rendered (LintConfig::KernelEntries
  /// off): empty() and overBudget() count it, size() does not.
  void countOnly(bool CutByBudget) {
    ++Unrendered;
    OverBudget += CutByBudget;
  }
  /// The rendered entries.
  size_t size() const { return Texts.size(); }
  bool empty() const { return Texts.empty() && !Unrendered; }
  /// Entry \p I parsed back (the language server, --verify-fixes).
  llvm::json::Value value(size_t I) const;
  /// Entry \p I as `json::OStream(OS, 2)` writes it when its first line is
  /// at depth \p Level (the text is kept compact).
  void print(size_t I, llvm::raw_ostream &OS, unsigned Level) const;
  /// Entry \p I of \p From, unchanged.
  void copyFrom(const KernelEntries &From, size_t I);
  /// Entries whose unsupported[] says the analysis budget cut them.
  unsigned overBudget() const { return OverBudget; }

private:
  std::vector<std::string> Texts;
  std::vector<bool> CutByBudget;
  unsigned OverBudget = 0, Unrendered = 0;
};

/// Everything one input produced.
struct FileReport {
  std::string File;    ///< as named on the command line or in the database
  bool Parsed = false; ///< analysed, wholly or in part (Partial)
  /// Clang rejected part of the file; the kernels that parsed were
  /// analysed (exit status 2 all the same).
  bool Partial = false;
  std::string Diagnostics; ///< clang's rendered errors when it did not parse
  /// Why the file was not parsed at all (missing, binary, a compile
  /// command that cannot be read); empty when it was.
  std::string Error;
  std::vector<std::string> Notes; ///< from the frontend: dropped flags...
  std::vector<FindingRecord> Findings;
  std::vector<CommentError> CommentErrors;
  KernelEntries Kernels; ///< kernels[] entries (prediction schema)
  /// --list-kernels: launches through a pointer of unknown target.
  llvm::json::Array Unresolved;
  std::string Text; ///< --list-kernels / --dump text
  std::string Arch; ///< the target model used
  /// Parameter names of the analysed kernels, to check --param against.
  std::vector<std::string> ParamNames;
  /// A hash of the main file's text as it was parsed: --fix writes only if
  /// the file still holds that text (fix offsets are offsets into it).
  std::optional<uint64_t> SourceHash;
};

/// The findings of \p R, merged across launches, rendered with clang's
/// diagnostic printer and matched against the NOLINT comments of their
/// files. Comment errors (an unpaired NOLINTBEGIN/END) go to \p Errors.
std::vector<FindingRecord>
collectFindings(const AnalysisResult &R, clang::ASTContext &Ctx,
                clang::DiagnosticsEngine &Diags, bool Color,
                const CheckSettings &Checks, std::vector<CommentError> &Errors);

} // namespace cal

#endif // CAL_REPORT_FILEREPORT_H
