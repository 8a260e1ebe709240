//===- CudaAccessLint.cpp - The cuda-access-lint command ------------------===//
//
// Thin driver: parses options, runs the analyzer library on each file
// (LintRun) and hands the results to one reporter. Exit codes (documented
// in README.md):
//   0  analysis ran (findings, if any, were printed)
//   1  findings were reported and --fail-on-findings was given
//   2  bad input or usage: missing/unreadable/binary/empty file, a
//      directory, a syntax error, an unpaired NOLINTBEGIN/END, an unknown
//      option or value; or a file in which clang rejects part of the code
//      (the kernels that parsed are analysed; KernelPasses.h)
//
// A file that cannot be analysed gets its error on stderr and exit status
// 2, but the findings of the other files (and of the parts of a partly
// rejected file that parsed) are still reported.
//
//===----------------------------------------------------------------------===//
#include "FixOutput.h"
#include "LspServer.h"
#include "OptionCheck.h"
#include "cal/Driver/LintRun.h"

#include "cal/Checks/Check.h"
#include "cal/Frontend/HeaderCache.h"
#include "cal/Report/AnalysisReport.h"
#include "cal/Report/FindingFilters.h"
#include "cal/Report/OutputFormats.h"
#include "cal/Report/Reporters.h"
#include "cal/Version.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/TimeProfiler.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"
#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>

using namespace llvm;

namespace {
// --help's groups, in this order.
cl::OptionCategory InputCat("Inputs and compile commands");
cl::OptionCategory CheckCat("Checks, configuration and fixes");
cl::OptionCategory LaunchCat("Kernels, launches and target");
cl::OptionCategory OutputCat("Output");
cl::OptionCategory PerfCat("Performance");
cl::OptionCategory EditorCat("Editors");
const cl::OptionCategory *const Cats[] = {&InputCat,  &CheckCat, &LaunchCat,
                                          &OutputCat, &PerfCat,  &EditorCat};

cl::list<std::string> Files(cl::Positional, cl::desc("<file.cu>..."),
                            cl::cat(InputCat));
cl::opt<std::string>
    BuildPath("p",
              cl::desc("Build directory with compile_commands.json (or the "
                       "file); without it, the nearest one above each file "
                       "or in a build/ beside one is used unless `--` is "
                       "given. With no files, every .cu file in it"),
              cl::value_desc("dir"), cl::cat(InputCat));
cl::list<std::string> ExtraArg("extra-arg",
                               cl::desc("Argument to append to the compile "
                                        "command"),
                               cl::cat(InputCat));
cl::list<std::string>
    ExtraArgBefore("extra-arg-before",
                   cl::desc("Argument to prepend to the compile command"),
                   cl::cat(InputCat));
cl::opt<std::string> StdinFilename(
    "stdin-filename",
    cl::desc("Read the source from standard input and report it under this "
             "path (an editor's unsaved buffer); its compile command is the "
             "path's"),
    cl::value_desc("path"), cl::cat(InputCat));
cl::opt<bool> Verbose("v",
                      cl::desc("Show each file's final compile command and "
                               "where it came from"),
                      cl::cat(OutputCat));
cl::opt<std::string> HeaderCacheOpt(
    "header-cache",
    cl::desc("Precompiled CUDA headers: background (default; a missing "
             "entry is built by a separate process for the next runs), sync "
             "(build it now), off"),
    cl::value_desc("mode"), cl::init("background"), cl::cat(PerfCat));
cl::opt<std::string>
    CacheDir("cache-dir",
             cl::desc("Where precompiled headers are kept (default: "
                      "$CAL_CACHE_DIR, else ~/.cache/cuda-access-lint)"),
             cl::value_desc("dir"), cl::cat(PerfCat));
cl::opt<std::string> BuildHeaderCache(
    "build-header-cache",
    cl::desc("Internal: build the cache entry a request file describes"),
    cl::value_desc("request"), cl::Hidden, cl::cat(PerfCat));
cl::opt<bool> ListKernels("list-kernels",
                          cl::desc("List kernels and launch sites only"),
                          cl::cat(LaunchCat));
// The values and their help come from cal::outputFormats() (set in main).
cl::opt<std::string> OutFormat("format", cl::init("text"), cl::cat(OutputCat));
enum class SortOrder { Cost, Location };
cl::opt<SortOrder> Sort(
    "sort", cl::desc("The order of the findings in every format"),
    cl::values(clEnumValN(SortOrder::Cost, "cost",
                          "the estimated time fixing each saves per launch, "
                          "largest first; findings without an estimate "
                          "follow by location (default)"),
               clEnumValN(SortOrder::Location, "location",
                          "by file, line and column")),
    cl::init(SortOrder::Cost), cl::cat(OutputCat));
cl::opt<std::string> OutputFile("output",
                                cl::desc("Write the report to this file "
                                         "instead of standard output"),
                                cl::value_desc("file"), cl::cat(OutputCat));
cl::opt<std::string> ChecksOpt(
    "checks",
    cl::desc("Comma-separated globs of checks to run, '-' to remove, the "
             "last match wins (e.g. '-*,cuda-shared-*')"),
    cl::cat(CheckCat));
cl::opt<bool> ListChecks("list-checks",
                         cl::desc("List the checks --checks and the "
                                  "configuration enable, and exit"),
                         cl::cat(CheckCat));
cl::opt<std::string> Explain("explain",
                             cl::desc("Print what a check means, how its "
                                      "figure is computed, how to fix it, "
                                      "and its options; then exit"),
                             cl::value_desc("check"), cl::cat(CheckCat));
cl::opt<std::string> ConfigFileOpt(
    "config-file",
    cl::desc("Read the configuration from this file instead of the "
             ".cuda-access-lint.yaml found above each source file"),
    cl::value_desc("path"), cl::cat(CheckCat));
cl::opt<std::string> ConfigText(
    "config",
    cl::desc("Configuration as YAML text, over the configuration file, e.g. "
             "--config='{CheckOptions: "
             "{cuda-uncoalesced-global.MinExcessRatio: 2}}'"),
    cl::value_desc("yaml"), cl::cat(CheckCat));
cl::opt<bool> DumpConfig("dump-config",
                         cl::desc("Print the configuration in effect for the "
                                  "first file (or the current directory) as "
                                  "YAML, and exit"),
                         cl::cat(CheckCat));
cl::opt<unsigned> Jobs("j",
                       cl::desc("Files analysed at once (default: the number "
                                "of cores)"),
                       cl::value_desc("N"), cl::init(0), cl::Prefix,
                       cl::cat(PerfCat));
cl::opt<bool> Quiet("quiet", cl::desc("No summary on standard error"),
                    cl::cat(OutputCat));
// clang-tidy's options for which findings a run shows (FindingFilters.h).
cl::opt<std::string> HeaderFilter(
    "header-filter",
    cl::desc("Show findings in headers whose path matches this regular "
             "expression only (default: every header); the input files' "
             "own findings are always shown"),
    cl::value_desc("regex"), cl::cat(CheckCat));
cl::opt<std::string> ExcludeHeaderFilter(
    "exclude-header-filter",
    cl::desc("Hide findings in headers whose path matches this regular "
             "expression"),
    cl::value_desc("regex"), cl::cat(CheckCat));
cl::opt<bool> SystemHeaders(
    "system-headers",
    cl::desc("Also show findings in system headers (-isystem, the CUDA "
             "toolkit's); hidden by default"),
    cl::cat(CheckCat));
cl::opt<std::string> LineFilter(
    "line-filter",
    cl::desc("Show only findings on these lines, as clang-tidy's: "
             "[{\"name\":\"file.cu\",\"lines\":[[1,3],[5,5]]},"
             "{\"name\":\"k.cuh\"}] (a name matches the end of a path; "
             "no \"lines\": every line)"),
    cl::value_desc("json"), cl::cat(CheckCat));
cl::opt<std::string> WarningsAsErrors(
    "warnings-as-errors",
    cl::desc("Checks (globs, as --checks) whose warnings are errors: "
             "printed as errors, and the exit code is 1 when any is shown"),
    cl::value_desc("globs"), cl::cat(CheckCat));
cl::opt<std::string> TimeTrace(
    "time-trace",
    cl::desc("Write where the time went (clang's parse, discovery, each "
             "launch's analysis, the checks, the report) to this file, in "
             "Chrome's trace format (chrome://tracing, Perfetto); the files "
             "are then analysed one at a time"),
    cl::value_desc("file"), cl::cat(PerfCat));
cl::opt<std::string> CudaPath("cuda-path",
                              cl::desc("CUDA toolkit root (default: "
                                       "$CUDA_PATH, then /usr/local/cuda)"),
                              cl::cat(InputCat));
cl::opt<bool> NoToolkit("no-cuda-toolkit",
                        cl::desc("Parse with the built-in minimal CUDA "
                                 "header even if a toolkit is installed"),
                        cl::cat(InputCat));
cl::opt<std::string> Arch("arch",
                          cl::desc("Target architecture model (default: the "
                                   "compile command's, else sm_90)"),
                          cl::cat(LaunchCat));
cl::opt<std::string> LegacyL1(
    "legacy-l1",
    cl::desc("Fermi (sm_20, sm_21): global loads cached in L1, 128-byte "
             "lines (cached, nvcc's default -Xptxas -dlcm=ca) or in L2 only, "
             "32-byte segments (uncached, -Xptxas -dlcm=cg)"),
    cl::value_desc("cached|uncached"), cl::cat(LaunchCat));
cl::opt<std::string> Block("block",
                           cl::desc("Block dimensions X[,Y[,Z]] for kernels "
                                    "without a host launch or annotation"),
                           cl::cat(LaunchCat));
cl::opt<std::string> Grid("grid", cl::desc("Grid dimensions X[,Y[,Z]]"),
                          cl::cat(LaunchCat));
cl::list<std::string> Params("param",
                             cl::desc("Kernel parameter value NAME=VALUE"),
                             cl::cat(LaunchCat));
cl::list<std::string> RegistersOpt(
    "registers",
    cl::desc("Registers per thread of a kernel, KERNEL=N (name or mangled "
             "name), for the theoretical occupancy"),
    cl::cat(LaunchCat));
cl::opt<bool> ResourceUsageOpt(
    "resource-usage",
    cl::desc("Read registers per thread from ptxas (compiles each file with "
             "the toolkit's nvcc --resource-usage; seconds per file), for "
             "the theoretical occupancy"),
    cl::cat(LaunchCat));
cl::opt<double> AnalysisBudget(
    "analysis-budget",
    cl::desc("Seconds one file may take, its parse included (0: no "
             "limit); the analysis keeps at least a quarter of them after "
             "the parse; past it, loops stop as at their cap, no further "
             "warp is evaluated, and kernels not yet analysed say so; each "
             "launch leaves a share to those after it (default 10)"),
    cl::init(10), cl::cat(PerfCat));
cl::opt<std::string> Dump("dump",
                          cl::desc("Debug dump: 'events' prints the per-lane "
                                   "evaluation"),
                          cl::cat(OutputCat));
cl::opt<std::string> KernelFilter("kernel",
                                  cl::desc("Analyze only kernels whose name "
                                           "contains this string"),
                                  cl::cat(LaunchCat));
cl::opt<bool> Fix("fix",
                  cl::desc("Apply the fixes that a re-analysis of the changed "
                           "file proves (the cost gone, nothing else worse); "
                           "files are replaced atomically, never when they "
                           "have errors"),
                  cl::cat(CheckCat));
cl::opt<std::string> ExportFixes(
    "export-fixes",
    cl::desc("Write the proven fixes as YAML for clang-apply-replacements"),
    cl::value_desc("file"), cl::cat(CheckCat));
cl::opt<bool> FailOnFindings(
    "fail-on-findings",
    cl::desc("Exit with 1 when there are warnings (a CI or pre-commit gate)"),
    cl::cat(CheckCat));

cl::opt<bool> Lsp(
    "lsp",
    cl::desc("Run as a language server (LSP) on standard input and output: "
             "the open files' unsaved text analysed with their compile "
             "commands (-p, `--` or the database found above each), "
             "findings as diagnostics, the proven fixes as code actions, an "
             "access's first warp and cost on hover"),
    cl::cat(EditorCat));

constexpr const char *ToolName = "cuda-access-lint";

/// --color=auto|always|never, read before llvm::cl, whose own boolean
/// --color it replaces (an option cannot be registered twice).
enum class ColorChoice { Auto, Always, Never };
ColorChoice Color = ColorChoice::Auto;

/// Colour on \p FD's stream: `always`, or `auto` on a terminal when
/// NO_COLOR (https://no-color.org) is unset or empty.
bool useColor(int FD) {
  if (Color != ColorChoice::Auto)
    return Color == ColorChoice::Always;
  const char *No = getenv("NO_COLOR");
  if (No && *No)
    return false;
  return FD == 1 ? sys::Process::StandardOutIsDisplayed()
                 : sys::Process::StandardErrIsDisplayed();
}

int usageError(const Twine &Msg) {
  WithColor::error(errs(), ToolName) << Msg << "\n";
  return 2;
}

void printVersion(raw_ostream &OS) {
  OS << ToolName << " version " << CAL_VERSION << "\n"
     << "prediction schema version " << cal::SchemaVersion << "\n";
}

/// The files to lint: those named, else every CUDA source of the -p
/// database.
std::vector<std::string> inputFiles(cal::CompileCommandsDB *DB) {
  if (!Files.empty() || !DB)
    return std::vector<std::string>(Files.begin(), Files.end());
  std::vector<std::string> Out;
  for (const std::string &F : DB->allFiles())
    if (sys::path::extension(F) == ".cu")
      Out.push_back(cal::canonicalReportPath(F));
  return Out;
}

/// "2 files; 3 warnings (cuda-uncoalesced-global: 2, ...); 1 below the
/// checks' thresholds; 1 suppressed".
void printSummary(ArrayRef<cal::FileReport> Reports,
                  ArrayRef<const cal::FindingRecord *> Findings,
                  double Seconds) {
  unsigned Failed = 0, Warnings = 0, Remarks = 0, Notes = 0, Suppressed = 0;
  std::map<std::string, unsigned> PerCheck;
  unsigned OverBudget = 0; // launches the analysis budget cut or skipped
  for (const cal::FileReport &R : Reports) {
    Failed += !R.Parsed;
    OverBudget += R.Kernels.overBudget();
  }
  for (const cal::FindingRecord *F : Findings) {
    if (!F->SuppressedBy.empty()) {
      ++Suppressed;
      continue;
    }
    if (F->isNote()) {
      ++Notes;
      continue;
    }
    (F->isWarning() ? Warnings : Remarks) += 1;
    ++PerCheck[F->CheckId];
  }
  std::vector<std::string> Counts;
  for (auto &[Id, N] : PerCheck)
    Counts.push_back(Id + ": " + std::to_string(N));
  raw_ostream &OS = errs();
  OS << ToolName << ": " << Reports.size() << " file"
     << (Reports.size() == 1 ? "" : "s");
  if (Failed)
    OS << " (" << Failed << " not analysed)";
  if (OverBudget)
    OS << "; " << OverBudget << " launch" << (OverBudget == 1 ? "" : "es")
       << " cut by the analysis budget";
  OS << "; " << Warnings << " warning" << (Warnings == 1 ? "" : "s") << ", "
     << Remarks << " remark" << (Remarks == 1 ? "" : "s");
  if (!Counts.empty())
    OS << " (" << join(Counts, ", ") << ")";
  if (Notes)
    OS << "; " << Notes << " below the checks' thresholds (notes, in "
       << "--format=json and sarif)";
  OS << "; " << Suppressed << " suppressed; " << formatv("{0:F2}", Seconds)
     << " s\n";
}

/// Errors and notes of one file, on stderr, as soon as it is done.
void printFileProblems(const cal::FileReport &R) {
  // The compiler's own diagnostics first (warnings when the file parsed, the
  // errors when it did not), then what they meant for the analysis.
  errs() << R.Diagnostics;
  for (const std::string &N : R.Notes)
    WithColor::note(errs(), ToolName)
        << (StringRef(N).starts_with("'") ? "" : "'" + R.File + "': ") << N
        << "\n";
  if (!R.Error.empty()) {
    WithColor::error(errs(), ToolName) << R.Error << "\n";
  } else if (!R.Parsed) {
    WithColor::error(errs(), ToolName)
        << "'" << R.File << "' did not parse; no analysis was done\n";
  }
  for (const cal::CommentError &E : R.CommentErrors)
    errs() << E.File << ":" << E.Line << ":" << E.Column
           << ": error: " << E.Message << " [cuda-access-lint-nolint]\n";
}

/// --explain CHECK: the check's text and its options with their defaults.
int explainCheck(StringRef Id) {
  const cal::Check *Ch = cal::findCheck(Id);
  if (!Ch) {
    std::string Near = cal::nearestCheckId(Id);
    return usageError("--explain: unknown check '" + Id + "'" +
                      (Near.empty() ? " (see --list-checks)"
                                    : "; did you mean '" + Near + "'?"));
  }
  outs() << Ch->id() << ": " << Ch->summary() << " ("
         << (Ch->severity() == cal::Finding::Warning ? "warning" : "remark")
         << ")\n\n"
         << Ch->explanation();
  if (!Ch->options().empty()) {
    outs() << "\nOptions (CheckOptions in .cuda-access-lint.yaml):\n";
    for (const cal::CheckOption &O : Ch->options())
      outs() << "  " << Ch->id() << "." << O.Name << " (default " << O.Default
             << "): " << O.Description << "\n";
  }
  return 0;
}

/// Lints every input, -j at a time, and prints each file's problems on
/// stderr in input order as soon as it and the files before it are done.
/// A progress line is drawn only when stderr is a terminal.
void lintAll(ArrayRef<std::string> Inputs, const cal::LintConfig &C,
             ArrayRef<cal::ConfigFile> Configs,
             std::vector<cal::FileReport> &Reports, std::vector<bool> &Ready) {
  bool Progress = Inputs.size() > 1 && sys::Process::StandardErrIsDisplayed();
  std::mutex M;
  std::condition_variable Done;
  size_t Finished = 0;
  auto lintOne = [&](size_t I) {
    cal::FileReport R = cal::lintFile(Inputs[I], C, Configs[I]);
    std::lock_guard<std::mutex> L(M);
    Reports[I] = std::move(R);
    Ready[I] = true;
    Done.notify_all();
  };
  // The time profiler records the thread that initialised it.
  unsigned Threads = !TimeTrace.empty() ? 1
                     : Jobs             ? unsigned(Jobs)
                            : hardware_concurrency().compute_thread_count();
  std::optional<DefaultThreadPool> Pool;
  if (Threads > 1 && Inputs.size() > 1) {
    Pool.emplace(hardware_concurrency(Threads));
    for (size_t I = 0; I < Inputs.size(); ++I)
      if (!Ready[I])
        Pool->async(lintOne, I);
  }
  for (size_t Next = 0; Next < Inputs.size(); ++Next) {
    if (!Pool && !Ready[Next])
      lintOne(Next);
    std::unique_lock<std::mutex> L(M);
    Done.wait(L, [&] { return bool(Ready[Next]); });
    ++Finished;
    if (Progress)
      errs() << "\r\x1b[K";
    printFileProblems(Reports[Next]);
    if (Progress && Next + 1 < Inputs.size())
      errs() << "[" << Finished << "/" << Inputs.size() << "] "
             << Inputs[Next + 1];
  }
  if (Pool)
    Pool->wait();
}

/// argv split at `--` (the rest goes to the compiler, as in clang-tidy),
/// with --color taken out (llvm::cl has its own); an exit code when the
/// command line is bad.
std::optional<int> splitArguments(int argc, const char **argv,
                                  std::vector<const char *> &Own,
                                  std::vector<std::string> &DashArgs,
                                  bool &AfterDashes) {
  AfterDashes = false;
  for (int I = 0; I < argc; ++I) {
    if (!AfterDashes && I > 0 && StringRef(argv[I]) == "--") {
      AfterDashes = true;
      continue;
    }
    StringRef A = argv[I];
    if (!AfterDashes &&
        (A.consume_front("--color=") || A.consume_front("-color="))) {
      if (A == "auto" || A == "always" || A == "never") {
        Color = A == "always"  ? ColorChoice::Always
                : A == "never" ? ColorChoice::Never
                               : ColorChoice::Auto;
        continue;
      }
      WithColor::setAutoDetectFunction(
          [](const raw_ostream &) { return false; });
      return usageError("invalid value '" + A +
                        "' for --color; valid values: auto, always, never");
    }
    if (AfterDashes)
      DashArgs.push_back(argv[I]);
    else
      Own.push_back(argv[I]);
  }
  return std::nullopt;
}

/// llvm::cl over our own arguments, then the values it cannot check;
/// --build-header-cache is done here. An exit code to stop with.
std::optional<int> parseOwnOptions(std::vector<const char *> &Own) {
  // WithColor's messages on stderr follow --color and NO_COLOR too.
  WithColor::setAutoDetectFunction(
      [](const raw_ostream &OS) { return useColor(&OS == &outs() ? 1 : 2); });
  cl::HideUnrelatedOptions(Cats);
  // --color=auto|always|never is read above; LLVM's own `color` option,
  // which it replaces, is shown in --help with what ours takes.
  if (cl::Option *C = cl::getRegisteredOptions().lookup("color")) {
    C->Categories = {&OutputCat};
    C->setHiddenFlag(cl::NotHidden);
    C->setDescription("--color=auto|always|never: colour in diagnostics "
                      "(auto, the default: on a terminal when NO_COLOR is "
                      "unset or empty)");
  }
  cl::SetVersionPrinter(printVersion);
  static const std::string FormatHelp =
      "Output format: " + cal::outputFormatsHelp();
  OutFormat.setDescription(FormatHelp);
  if (std::optional<std::string> Bad =
          cal::findUnknownOption(ArrayRef(Own).drop_front(), Cats))
    return usageError(*Bad);
  std::string ParseErrors;
  raw_string_ostream PE(ParseErrors);
  if (!cl::ParseCommandLineOptions(
          Own.size(), Own.data(),
          "Predicts how each CUDA kernel's memory accesses and branches "
          "behave on the GPU.\n\n"
          "  cuda-access-lint [options] file.cu... [-- nvcc or clang flags]\n"
          "  cuda-access-lint -p build [file.cu...] [-- extra flags]\n",
          &PE)) {
    // llvm::cl's message spans lines and repeats the tool's name.
    SmallVector<StringRef, 4> Lines;
    StringRef(ParseErrors).split(Lines, '\n', -1, /*KeepEmpty=*/false);
    std::vector<std::string> Parts;
    for (StringRef L : Lines) {
      L = L.trim();
      L.consume_front("cuda-access-lint: ");
      if (!L.empty())
        Parts.push_back(L.str());
    }
    return usageError(Parts.empty() ? std::string("invalid command line")
                                    : join(Parts, " "));
  }
  if (!BuildHeaderCache.empty()) {
    if (Error E = cal::HeaderCache::buildFromRequest(BuildHeaderCache)) {
      WithColor::error(errs(), ToolName) << toString(std::move(E)) << "\n";
      return 2;
    }
    return 0;
  }
  if (auto Bad = cal::checkOptionValue("header-cache", HeaderCacheOpt,
                                       {"background", "sync", "off"}))
    return usageError(*Bad);
  std::vector<StringRef> FormatNames;
  for (const cal::OutputFormat &F : cal::outputFormats())
    FormatNames.push_back(F.Name);
  if (auto Bad = cal::checkOptionValue("format", OutFormat, FormatNames))
    return usageError(*Bad);
  if (!Dump.empty())
    if (auto Bad = cal::checkOptionValue("dump", Dump, {"events"}))
      return usageError(*Bad);

  return std::nullopt;
}

/// --explain, --list-checks and --dump-config answer and stop; a bad
/// --checks or configuration is a usage error. An exit code to stop with.
std::optional<int> answerQueries(cal::LintConfig &C,
                                 cal::ConfigFinder &Configs) {
  if (!Explain.empty())
    return explainCheck(Explain);
  if (!ChecksOpt.empty()) {
    if (Error E = cal::validateCheckGlobs(ChecksOpt))
      return usageError("--checks: " + toString(std::move(E)));
    C.Checks = ChecksOpt;
  }
  if (!ConfigText.empty())
    if (Expected<cal::ConfigFile> Inline =
            cal::parseConfigFile(ConfigText, "--config");
        !Inline)
      return usageError(toString(Inline.takeError()));
  if (ListChecks || DumpConfig) {
    // The configuration of the first file named, else of the current
    // directory (the name below only locates the directory).
    std::string Where = !StdinFilename.empty() ? StdinFilename.getValue()
                        : !Files.empty()       ? Files.front()
                                               : std::string("./-");
    Expected<cal::ConfigFile> Cfg = Configs.configFor(Where);
    if (!Cfg)
      return usageError(toString(Cfg.takeError()));
    Expected<cal::CheckSettings> S = cal::checkSettings(C, *Cfg);
    if (!S)
      return usageError(toString(S.takeError()));
    if (ListChecks) {
      outs() << "Enabled checks:\n";
      for (const cal::Check *Ch : cal::registeredChecks())
        if (S->enabled(Ch->id()))
          outs() << "    " << Ch->id() << "\n";
      return 0;
    }
    cal::ConfigFile Effective = *Cfg;
    if (S->Enabled)
      Effective.Checks = S->Enabled->text().str();
    if (!Arch.empty())
      Effective.Arch = Arch.getValue();
    append_range(Effective.ExtraArgs, ExtraArg);
    outs() << Effective.dump(S->allOptions());
    return 0;
  }
  if (C.Checks && none_of(cal::registeredChecks(), [&](const cal::Check *Ch) {
        return cal::GlobList(*C.Checks).contains(Ch->id());
      }))
    return usageError("--checks='" + ChecksOpt +
                      "' enables no check (see --list-checks)");

  return std::nullopt;
}

/// The database named by -p, if any: an exit code where it does not load.
std::optional<int> loadExplicitDB(std::unique_ptr<cal::CompileCommandsDB> &DB) {
  if (BuildPath.empty())
    return std::nullopt;
  auto Loaded = cal::CompileCommandsDB::load(BuildPath);
  if (!Loaded)
    return usageError(toString(Loaded.takeError()));
  DB = std::move(*Loaded);
  return std::nullopt;
}

/// The compile-command finder: the -p database, or the one found next to
/// each file, except with `--` and no -p, where the flags are the user's,
/// as in clang-tidy, and no database is looked for.
void useDatabase(cal::LintConfig &C, bool AfterDashes,
                 std::unique_ptr<cal::CompileCommandsDB> ExplicitDB,
                 std::optional<cal::CompileCommandsFinder> &Finder) {
  C.ExplicitDatabase = ExplicitDB != nullptr;
  if (ExplicitDB || !AfterDashes)
    Finder.emplace(std::move(ExplicitDB));
}

/// The files to lint (named, from -p's database, or standard input) and
/// the compile-command finder. An exit code to stop with.
std::optional<int>
collectInputs(cal::LintConfig &C, bool AfterDashes,
              std::vector<std::string> &Inputs,
              std::optional<cal::CompileCommandsFinder> &Finder) {
  std::unique_ptr<cal::CompileCommandsDB> ExplicitDB;
  if (std::optional<int> Rc = loadExplicitDB(ExplicitDB))
    return Rc;
  if (!StdinFilename.empty()) {
    if (Fix)
      return usageError("--fix changes files on disk; with --stdin-filename "
                        "use --export-fixes and let the editor apply them");
    if (!Files.empty())
      return usageError("--stdin-filename reads one file from standard "
                        "input; no other file may be named");
    ErrorOr<std::unique_ptr<MemoryBuffer>> In = MemoryBuffer::getSTDIN();
    if (!In)
      return usageError("cannot read standard input: " +
                        In.getError().message());
    C.StdinContents = (*In)->getBuffer().str();
    Inputs.push_back(StdinFilename);
  } else {
    Inputs = inputFiles(ExplicitDB.get());
  }
  if (Inputs.empty())
    return usageError(ExplicitDB ? "no .cu file in " + ExplicitDB->path().str()
                                 : std::string("no input files (usage: "
                                               "cuda-access-lint [options] "
                                               "<file.cu>...; see --help)"));
  useDatabase(C, AfterDashes, std::move(ExplicitDB), Finder);
  return std::nullopt;
}

/// The arguments after `--`, translated once as an nvcc command's (the
/// same for every file; nvcc's spellings as a Makefile user copies them,
/// relative paths against the working directory). An exit code when they
/// cannot be.
std::optional<int> translateDashArgs(cal::LintConfig &C,
                                     const std::vector<std::string> &DashArgs) {
  SmallString<256> Cwd;
  sys::fs::current_path(Cwd);
  Expected<cal::TranslatedCommand> T =
      cal::translateCommandLineArgs(DashArgs, Cwd);
  if (!T)
    return usageError("the arguments after '--': " + toString(T.takeError()));
  C.DashArgs = std::move(T->Args);
  C.DashArch = T->GpuArch;
  C.DashL1 = T->LegacyL1;
  C.DashUnknown = std::move(T->Unknown);
  C.DashIgnored = std::move(T->Ignored);
  return std::nullopt;
}

/// Every setting of \p C that does not depend on the file: toolkit,
/// header cache, the flags after `--`, the analysis options (\p AO, checked
/// once, up front). An exit code to stop with.
std::optional<int> configure(cal::LintConfig &C,
                             const std::vector<std::string> &DashArgs,
                             const char *Argv0,
                             std::optional<cal::AnalysisOptions> &AO) {
  Expected<cal::ToolkitInfo> TK = cal::detectCudaToolkit(CudaPath);
  if (!TK)
    return usageError(toString(TK.takeError()));
  if (!TK->Found || NoToolkit)
    WithColor::note(errs(), ToolName)
        << (NoToolkit ? std::string("--no-cuda-toolkit given") : TK->Reason)
        << "; parsing with the built-in minimal CUDA declarations\n";
  // Usage errors in the analysis options are reported once, up front.
  Expected<cal::AnalysisOptions> Parsed = cal::AnalysisOptions::fromStrings(
      Arch.empty() ? std::string("sm_90") : Arch.getValue(), Block, Grid,
      Params, KernelFilter);
  if (!Parsed)
    return usageError(toString(Parsed.takeError()));
  AO = std::move(*Parsed);

  C.Frontend.CudaPath = CudaPath;
  C.Frontend.NoToolkit = NoToolkit;
  {
    std::string Dir =
        CacheDir.empty() ? cal::HeaderCache::defaultDir() : CacheDir.getValue();
    C.Frontend.Headers = std::make_shared<cal::HeaderCache>(
        Dir,
        HeaderCacheOpt == "off"    ? cal::HeaderCacheMode::Off
        : HeaderCacheOpt == "sync" ? cal::HeaderCacheMode::Sync
                                   : cal::HeaderCacheMode::Background,
        sys::fs::getMainExecutable(Argv0, (void *)&printVersion));
  }
  C.Toolkit = *TK;
  C.ExtraArgsBefore.assign(ExtraArgBefore.begin(), ExtraArgBefore.end());
  C.ExtraArgs.assign(ExtraArg.begin(), ExtraArg.end());
  if (std::optional<int> Rc = translateDashArgs(C, DashArgs))
    return Rc;
  C.ExplicitArch = Arch;
  if (!LegacyL1.empty() && LegacyL1 != "cached" && LegacyL1 != "uncached")
    return usageError("--legacy-l1='" + LegacyL1 +
                      "' is not one of cached, uncached");
  C.LegacyL1 = LegacyL1;
  C.Block = Block;
  C.Grid = Grid;
  C.KernelFilter = KernelFilter;
  C.Params.assign(Params.begin(), Params.end());
  C.ResourceUsage = ResourceUsageOpt;
  if (AnalysisBudget < 0)
    return usageError("--analysis-budget=" + std::to_string(AnalysisBudget) +
                      " is negative (0 means no limit)");
  C.BudgetSeconds = AnalysisBudget;
  for (StringRef R : RegistersOpt) {
    auto [Name, Value] = R.rsplit('=');
    unsigned N = 0;
    if (Name.empty() || Value.getAsInteger(10, N) || N == 0)
      return usageError("--registers='" + R.str() +
                        "' is not KERNEL=N with N a positive integer");
    C.Registers[Name.str()] = N;
  }
  C.ListKernels = ListKernels;
  C.DumpEvents = Dump == "events";
  C.Verbose = Verbose;
  C.VerifyFixes = Fix || !ExportFixes.empty();
  C.KernelEntries = OutFormat == "json" || C.VerifyFixes;
  // Findings go to stdout (or --output); colour only on a terminal.
  C.ColorFindings = OutFormat == "text" && OutputFile.empty() && useColor(1);
  C.ColorDiagnostics = useColor(2);

  return std::nullopt;
}

/// The report, in --format, to --output or standard output.
std::optional<int> writeReport(ArrayRef<cal::FileReport> Reports,
                               ArrayRef<const cal::FindingRecord *> Findings) {
  std::error_code EC;
  std::optional<raw_fd_ostream> File;
  if (!OutputFile.empty()) {
    // A fresh workspace has no report directory yet (an editor task's
    // `build/reports/x.sarif`).
    if (StringRef Dir = sys::path::parent_path(OutputFile); !Dir.empty())
      (void)sys::fs::create_directories(Dir);
    File.emplace(OutputFile, EC, sys::fs::OF_Text);
    if (EC)
      return usageError("cannot write --output='" + OutputFile +
                        "': " + EC.message());
  }
  raw_ostream &OS = File ? *File : outs();
  cal::ReportInputs In;
  In.Files = Reports;
  In.Findings = Findings;
  In.ToolName = ToolName;
  In.ToolVersion = CAL_VERSION;
  In.HomepageUrl = CAL_HOMEPAGE_URL;
  In.ToolRelease = CAL_RELEASE_VERSION;
  In.Arch = Arch;
  In.SourceRoot = cal::defaultSourceRoot();
  In.ListKernels = ListKernels;
  cal::findOutputFormat(OutFormat)->Write(OS, In);
  OS.flush();

  return std::nullopt;
}
/// --lsp: the settings as for a run, then the server until the editor
/// ends it. Each document's command is found when it is opened, as a
/// named file's would be.
int serveEditor(cal::LintConfig &C, cal::ConfigFinder &Configs,
                bool AfterDashes, const std::vector<std::string> &DashArgs,
                const char *Argv0) {
  if (!Files.empty() || !StdinFilename.empty() || Fix || !ExportFixes.empty() ||
      !OutputFile.empty() || ListKernels)
    return usageError("--lsp takes its files from the editor; it cannot be "
                      "combined with files, --stdin-filename, --fix, "
                      "--export-fixes, --output or --list-kernels");
  std::optional<cal::CompileCommandsFinder> Finder;
  std::unique_ptr<cal::CompileCommandsDB> ExplicitDB;
  if (std::optional<int> Rc = loadExplicitDB(ExplicitDB))
    return *Rc;
  useDatabase(C, AfterDashes, std::move(ExplicitDB), Finder);
  // A background build of the header cache waits for this process to end,
  // which a server does not: the first analysis builds it instead, and
  // every later one is warm.
  if (!HeaderCacheOpt.getNumOccurrences())
    HeaderCacheOpt.setValue("sync");
  std::optional<cal::AnalysisOptions> AO;
  if (std::optional<int> Rc = configure(C, DashArgs, Argv0, AO))
    return *Rc;
  C.Commands = Finder ? &*Finder : nullptr;
  // The reuse of unchanged kernels and the proven fixes read the entries.
  C.KernelEntries = true;
  // Diagnostics are read from the report, never from a terminal.
  C.ColorFindings = C.ColorDiagnostics = false;
  return cal::runLanguageServer(C, Configs);
}
} // namespace

int main(int argc, const char **argv) {
  InitLLVM X(argc, argv);
  auto Start = std::chrono::steady_clock::now();
  std::vector<const char *> Own;
  std::vector<std::string> DashArgs;
  bool AfterDashes = false;
  if (std::optional<int> Rc =
          splitArguments(argc, argv, Own, DashArgs, AfterDashes))
    return *Rc;
  if (std::optional<int> Rc = parseOwnOptions(Own))
    return *Rc;
  if (!ConfigFileOpt.empty() && !sys::fs::is_regular_file(ConfigFileOpt))
    return usageError("--config-file='" + ConfigFileOpt + "': no such file");
  cal::ConfigFinder Configs(ConfigFileOpt, ConfigText);
  cal::LintConfig C;
  if (std::optional<int> Rc = answerQueries(C, Configs))
    return *Rc;
  if (Lsp)
    return serveEditor(C, Configs, AfterDashes, DashArgs, argv[0]);
  std::vector<std::string> Inputs;
  std::optional<cal::CompileCommandsFinder> Finder;
  if (std::optional<int> Rc = collectInputs(C, AfterDashes, Inputs, Finder))
    return *Rc;
  std::optional<cal::AnalysisOptions> AO;
  if (std::optional<int> Rc = configure(C, DashArgs, argv[0], AO))
    return *Rc;
  C.Commands = Finder ? &*Finder : nullptr;

  // Configurations are read up front, in order: a bad one is that file's
  // error, and the threads below only read them.
  std::vector<cal::FileReport> Reports(Inputs.size());
  std::vector<cal::ConfigFile> FileConfigs(Inputs.size());
  std::vector<bool> Ready(Inputs.size());
  for (size_t I = 0; I < Inputs.size(); ++I) {
    Expected<cal::ConfigFile> Cfg = Configs.configFor(Inputs[I]);
    if (Cfg) {
      FileConfigs[I] = std::move(*Cfg);
      continue;
    }
    Reports[I].File = Inputs[I];
    Reports[I].Error = toString(Cfg.takeError());
    Ready[I] = true;
  }
  // Bad filter options fail before any file is analysed.
  Expected<cal::FindingFilters> Filters = cal::FindingFilters::create(
      SystemHeaders, HeaderFilter, ExcludeHeaderFilter, LineFilter);
  if (!Filters)
    return usageError(toString(Filters.takeError()));
  // Granularity 0: every span, however short (a launch can take
  // microseconds); clang's own parse spans appear inside LintFile.
  if (!TimeTrace.empty())
    timeTraceProfilerInitialize(0, ToolName);
  lintAll(Inputs, C, FileConfigs, Reports, Ready);
  if (!TimeTrace.empty()) {
    Error E = timeTraceProfilerWrite(TimeTrace, ToolName);
    timeTraceProfilerCleanup();
    if (E)
      return usageError("cannot write --time-trace='" + TimeTrace +
                        "': " + toString(std::move(E)));
  }
  if (Finder)
    for (const std::string &N : Finder->launchSearchNotes())
      WithColor::note(errs(), ToolName) << N << "\n";
  bool Failed = false;
  for (const cal::FileReport &R : Reports)
    Failed |= !R.Parsed || R.Partial || !R.CommentErrors.empty();
  // A filter that selects nothing is almost always a typo; say so rather
  // than report a clean run.
  if (!KernelFilter.empty() && !ListKernels &&
      none_of(Reports,
              [](const cal::FileReport &R) { return !R.Kernels.empty(); }))
    WithColor::warning(errs(), ToolName)
        << "--kernel='" << KernelFilter
        << "' matches no kernel of the files analysed\n";
  // A --param that names no parameter of any analysed kernel is a usage
  // error, reported before anything is written.
  if (!ListKernels) {
    std::vector<std::string> ParamNames;
    for (const cal::FileReport &R : Reports)
      ParamNames.insert(ParamNames.end(), R.ParamNames.begin(),
                        R.ParamNames.end());
    if (Error E = cal::checkParamNames(*AO, ParamNames))
      return usageError(toString(std::move(E)));
  }
  Filters->apply(Reports);
  unsigned AsErrors = cal::markWarningsAsErrors(Reports, WarningsAsErrors);
  std::vector<const cal::FindingRecord *> Findings =
      cal::uniqueFindings(Reports);
  if (Sort == SortOrder::Cost)
    cal::sortByCost(Findings);
  if (!ExportFixes.empty())
    if (Error E = cal::exportFixes(ExportFixes, Findings))
      return usageError(toString(std::move(E)));
  if (Fix)
    for (cal::FileReport &R : Reports) {
      if (Error E = cal::applyFixes(R)) {
        WithColor::error(errs(), ToolName) << toString(std::move(E)) << "\n";
        Failed = true;
        continue;
      }
      cal::markApplied(R);
    }

  if (std::optional<int> Rc = writeReport(Reports, Findings))
    return *Rc;

  unsigned Warnings = count_if(Findings, [](const cal::FindingRecord *F) {
    return F->isWarning() && F->SuppressedBy.empty();
  });
  if (!Quiet && !ListKernels)
    printSummary(
        Reports, Findings,
        std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
            .count());
  if (Failed)
    return 2;
  return (FailOnFindings && Warnings) || AsErrors ? 1 : 0;
}
