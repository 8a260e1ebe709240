//===- LintRun.h - One file through the analyzer ----------------*- C++ -*-===//
//
// The library's whole pipeline for one file: finds the file's compile
// command, parses it, runs discovery, analysis and the checks, and returns
// everything as data. Nothing is printed here, so that the reporters see
// every file's results and can order them, and any front end (the command
// line tool, the file fuzzer, an editor server) lints a file the same way.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_DRIVER_LINTRUN_H
#define CAL_DRIVER_LINTRUN_H

#include "cal/Config/ConfigFile.h"
#include "cal/Frontend/CompileCommands.h"
#include "cal/Frontend/CudaFrontend.h"
#include "cal/Report/FileReport.h"
#include <functional>
#include <map>
#include <optional>

namespace cal {

struct LintConfig {
  FrontendOptions Frontend; ///< CudaPath, NoToolkit
  ToolkitInfo Toolkit;
  std::vector<std::string> ExtraArgsBefore; ///< --extra-arg-before
  std::vector<std::string> ExtraArgs;       ///< --extra-arg
  /// The arguments after `--`, translated as an nvcc command's
  /// (translateCommandLineArgs): clang's arguments, the architecture they
  /// name, and the flags dropped as unknown.
  std::vector<std::string> DashArgs;
  std::string DashArch, DashL1;
  std::vector<std::string> DashUnknown, DashIgnored;
  std::string ExplicitArch; ///< --arch, when given
  std::string LegacyL1;     ///< --legacy-l1: "cached", "uncached" or empty
  std::string Block, Grid, KernelFilter;
  std::vector<std::string> Params;
  /// --registers KERNEL=N: registers per thread, for occupancy.
  std::map<std::string, unsigned> Registers;
  /// --resource-usage: registers from ptxas (ResourceUsage.h).
  bool ResourceUsage = false;
  /// --analysis-budget: seconds per file (0: no limit).
  double BudgetSeconds = 0;
  bool ListKernels = false, DumpEvents = false, Verbose = false;
  /// --fix / --export-fixes: re-analyse each proposed change (FixVerify).
  bool VerifyFixes = false;
  /// Render each kernel's entry of the JSON report (FileReport::Kernels):
  /// the JSON output, the language server and --verify-fixes read them.
  /// Text and SARIF output only count the kernels, and rendering 17,625
  /// entries took 3 s after the analysis budget had ended.
  bool KernelEntries = true;
  /// --color: findings (standard output) and the compiler's diagnostics
  /// (standard error) rendered with ANSI colours.
  bool ColorFindings = false, ColorDiagnostics = false;
  /// --checks, appended to the configuration file's Checks.
  std::optional<std::string> Checks;
  CompileCommandsFinder *Commands = nullptr; ///< null: no database
  bool ExplicitDatabase = false;             ///< -p was given
  /// --stdin-filename: the buffer read from standard input, linted as if it
  /// were the named file's text.
  std::optional<std::string> StdinContents;
  /// Called with the kernels found, before their analysis: may remove those
  /// whose results the caller already has (the language server keeps each
  /// kernel's results between edits that leave it unchanged).
  std::function<void(clang::ASTContext &, std::vector<KernelInfo> &)>
      BeforeAnalysis;
  /// Called with the file's analysis while its AST lives, for what the
  /// reports do not carry (the language server's hover reads each access's
  /// first warp here). Neither hook is called by the re-analyses that
  /// prove fixes.
  std::function<void(const AnalysisResult &, clang::ASTContext &)> OnAnalysis;
};

/// Lints one file under the command line's settings \p C and the
/// configuration file that applies to it, \p Cfg (ConfigFile.h). Safe to
/// call for several files at once on different threads.
FileReport lintFile(llvm::StringRef File, const LintConfig &C,
                    const ConfigFile &Cfg);

/// Keeps the source changes of \p FR's findings that a re-analysis of the
/// changed file proves: the cost each targets is gone and no access of any
/// kernel got worse. Drops the others, with a note saying why
/// (FixVerify.cpp).
void verifyFixes(FileReport &FR, llvm::StringRef File, const LintConfig &C,
                 const ConfigFile &Cfg);

/// \p Text with \p Edits applied (those of other files ignored); an error
/// when two overlap.
llvm::Expected<std::string> applyEdits(llvm::StringRef Text,
                                       llvm::ArrayRef<TextEdit> Edits);

/// The check settings for a file: the configuration's Checks and
/// CheckOptions, then the command line's --checks after them.
llvm::Expected<CheckSettings> checkSettings(const LintConfig &C,
                                            const ConfigFile &Cfg);

/// The analyzer's model for a compile command's architecture: `sm_90a` is
/// modelled as `sm_90`; empty when there is no model for it.
std::string modelArch(llvm::StringRef GpuArch);

} // namespace cal

#endif
