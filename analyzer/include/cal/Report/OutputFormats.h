//===- OutputFormats.h - The --format values, one table ---------*- C++ -*-===//
//
// Every output format is one row: its name, its help text and its writer.
// The tool's option help, the check of the value and the dispatch all read
// this table, so a new format is a writer and one row.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_REPORT_OUTPUTFORMATS_H
#define CAL_REPORT_OUTPUTFORMATS_H

#include "cal/Report/FileReport.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"
#include <string>

namespace cal {

/// What a reporter reads: every file's report and the findings of all
/// files, each once (uniqueFindings). Reporters only read.
struct ReportInputs {
  llvm::ArrayRef<FileReport> Files;
  llvm::ArrayRef<const FindingRecord *> Findings;
  std::string ToolName;
  std::string ToolVersion; ///< the build's (SARIF's driver version)
  /// The release alone, without the commit: the JSON's tool_version, so that
  /// two builds of one release write the same bytes. ToolVersion if empty.
  std::string ToolRelease;
  std::string Arch;         ///< --arch, when given (the JSON's "arch")
  std::string SourceRoot;   ///< SARIF paths are relative to it
  /// The build's CAL_HOMEPAGE_URL: SARIF's informationUri and helpUri
  /// (none when empty).
  std::string HomepageUrl;
  bool ListKernels = false; ///< --list-kernels: unresolved launches in JSON
};

struct OutputFormat {
  llvm::StringRef Name;
  llvm::StringRef Help;
  void (*Write)(llvm::raw_ostream &OS, const ReportInputs &In);
};

/// The formats, the default (text) first.
llvm::ArrayRef<OutputFormat> outputFormats();

/// The row named \p Name, or null.
const OutputFormat *findOutputFormat(llvm::StringRef Name);

/// "text (clang-style diagnostics), json (...), ..." for the option's help.
std::string outputFormatsHelp();

} // namespace cal

#endif // CAL_REPORT_OUTPUTFORMATS_H
