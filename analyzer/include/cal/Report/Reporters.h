//===- Reporters.h - Findings as JSON, SARIF and GitHub annotations -*- C++
//-*-===//
//
// Every reporter reads the same FileReports; none runs a check.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_REPORT_REPORTERS_H
#define CAL_REPORT_REPORTERS_H

#include "cal/Report/FileReport.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace cal {

/// The findings of all files, each once (a finding in a header reached from
/// several files is one finding), suppressed ones included, ordered by path,
/// line and column; the order does not depend on the order files ran in.
std::vector<const FindingRecord *>
uniqueFindings(llvm::ArrayRef<FileReport> Files);
/// Findings with an estimated saving first, the largest first; the others
/// after them in their order (--sort=cost).
void sortByCost(std::vector<const FindingRecord *> &Findings);

/// One findings[] entry of the prediction file (docs/prediction-schema.md).
llvm::json::Object findingToJSON(const FindingRecord &F);

/// A SARIF 2.1.0 log as GitHub code scanning reads it. Paths under
/// \p SourceRoot are written relative to it, against the uriBaseId
/// %SRCROOT%; files that did not parse are tool execution notifications.
/// With a \p HomepageUrl (the build's CAL_HOMEPAGE_URL, a repository's
/// web address), the driver's informationUri is it and each rule's helpUri
/// is the README's list of checks there, at the tag vX.Y.Z when
/// \p ToolVersion is a release X.Y.Z, else on main; without one, neither
/// key is written.
llvm::json::Value sarifLog(llvm::ArrayRef<const FindingRecord *> Findings,
                           llvm::ArrayRef<FileReport> Files,
                           llvm::StringRef SourceRoot,
                           llvm::StringRef ToolVersion,
                           llvm::StringRef HomepageUrl = "");

/// GitHub Actions workflow commands: `::warning file=F,line=L,col=C,...::msg`
/// for each reported finding, `::error` for files that did not parse. Paths
/// are relative to \p SourceRoot (the repository's root, where the runner
/// resolves them), whatever the working directory.
void printGithubAnnotations(llvm::raw_ostream &OS,
                            llvm::ArrayRef<const FindingRecord *> Findings,
                            llvm::ArrayRef<FileReport> Files,
                            llvm::StringRef SourceRoot);

/// \p File relative to \p Root when it lies under it, else its absolute
/// path.
std::string pathFromRoot(llvm::StringRef File, llvm::StringRef Root);

/// The directory SARIF paths are relative to: the enclosing git
/// repository's root, else the working directory.
std::string defaultSourceRoot();

} // namespace cal

#endif // CAL_REPORT_REPORTERS_H
