//===- LintRun.cpp - One file through the analyzer ------------------------===//
#include "cal/Driver/LintRun.h"
#include "ResourceUsage.h"

#include "cal/Analysis/Analyzer.h"
#include "cal/Discovery/KernelDiscovery.h"
#include "cal/Frontend/HeaderCache.h"
#include "cal/Frontend/KernelPasses.h"
#include "cal/Frontend/LaunchIndex.h"
#include "cal/Report/AnalysisReport.h"
#include "cal/Report/DiscoveryReport.h"
#include "cal/Report/FileReport.h"
#include "cal/Target/TargetModel.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/TimeProfiler.h"
#include "llvm/Support/xxhash.h"
#include <mutex>

using namespace llvm;

namespace cal {

std::string modelArch(StringRef GpuArch) {
  // Architecture-specific (a) and family (f) variants have the base
  // architecture's memory system.
  StringRef Base = GpuArch.rtrim("af");
  if (is_contained(TargetModel::knownArchs(), Base.str()))
    return Base.str();
  return "";
}

/// What the target model implies for the parse and the assumptions: a
/// legacy architecture is parsed for one clang knows; --legacy-l1 picks
/// Fermi's caching of global loads; a partition-camping check that cannot
/// apply says so (docs/legacy-architectures.md).
static void applyTargetChoices(const LintConfig &C, const CheckSettings &S,
                               StringRef CommandL1, AnalysisOptions &AO,
                               FrontendOptions &FO) {
  TargetModel &TM = AO.Target;
  if (std::string Note = TM.parseNote(); !Note.empty()) {
    FO.GpuArch = TM.ParseArch;
    AO.TargetAssumptions.push_back(Note);
  }
  // The compile command's -Xptxas -dlcm=ca/cg decides where --legacy-l1
  // does not; it matters for Fermi only.
  if (C.LegacyL1.empty() && !CommandL1.empty() && TM.L1CacheSelectable)
    TM.L1CachesGlobalLoads = CommandL1 == "cached";
  if (!C.LegacyL1.empty()) {
    if (TM.L1CacheSelectable)
      TM.L1CachesGlobalLoads = C.LegacyL1 == "cached";
    else
      AO.TargetAssumptions.push_back(
          "--legacy-l1=" + C.LegacyL1 + " ignored: " + TM.Arch +
          (TM.countsTransactions()
               ? " caches global loads in L2 only"
               : " counts L1TEX sectors, whatever the caching"));
  }
  if (S.enabled("cuda-partition-camping") && !TM.Partitions)
    AO.TargetAssumptions.push_back(partitionCampingNotApplicable(TM));
}

static std::string quoted(ArrayRef<std::string> Args) {
  std::vector<std::string> Q;
  for (const std::string &A : Args) {
    bool Plain = all_of(A, [](char C) {
      return isAlnum(C) || StringRef("-_=./,:+@%").contains(C);
    });
    Q.push_back(Plain && !A.empty() ? A : "'" + A + "'");
  }
  return join(Q, " ");
}

Expected<CheckSettings> checkSettings(const LintConfig &C,
                                      const ConfigFile &Cfg) {
  CheckSettings S;
  if (Cfg.Checks || C.Checks)
    S.Enabled.emplace(Cfg.Checks.value_or("") +
                      (Cfg.Checks && C.Checks ? "," : "") +
                      C.Checks.value_or(""));
  for (auto &[K, V] : Cfg.CheckOptions)
    if (Error E = S.set(K, V))
      return std::move(E);
  return S;
}

/// The device whose properties a program reads (`prop.multiProcessorCount`)
/// as the launch discovery takes them: the target model's reference device,
/// for the architectures that have one.
static std::optional<QueriedDevice> queriedDevice(const TargetModel &T) {
  if (T.ReferenceDevice.empty() || !T.DeviceSMs)
    return std::nullopt;
  QueriedDevice D;
  D.Name = T.ReferenceDevice + ", the " + T.Arch + " model's device";
  D.Model = &T;
  unsigned CC = 0;
  StringRef(T.Arch).drop_front(3).getAsInteger(10, CC);
  // The block and grid limits are those of every architecture since
  // compute capability 3.0.
  D.Fields = {{"multiProcessorCount", T.DeviceSMs},
              {"maxThreadsPerBlock", T.MaxThreadsPerBlock},
              {"maxThreadsPerMultiProcessor", T.MaxThreadsPerSM},
              {"maxBlocksPerMultiProcessor", T.MaxBlocksPerSM},
              {"warpSize", T.WarpSize},
              {"sharedMemPerBlock", T.MaxStaticSharedBytes},
              {"sharedMemPerMultiprocessor", T.SharedPerSM},
              {"sharedMemPerBlockOptin", T.SharedPerBlockOptIn},
              {"regsPerMultiprocessor", T.RegistersPerSM},
              {"l2CacheSize", int64_t(T.DeviceL2Bytes)},
              {"major", CC / 10},
              {"minor", CC % 10},
              {"maxThreadsDim[0]", 1024},
              {"maxThreadsDim[1]", 1024},
              {"maxThreadsDim[2]", 64},
              {"maxGridSize[0]", 2147483647},
              {"maxGridSize[1]", 65535},
              {"maxGridSize[2]", 65535}};
  return D;
}

/// The other translation units are parsed with the run's flags around
/// their own commands, as this file is.
static CrossTUOptions crossTUOptions(const LintConfig &C,
                                     const ConfigFile &Cfg) {
  CrossTUOptions X;
  X.Frontend = C.Frontend;
  X.Toolkit = C.Toolkit;
  X.ArgsBefore = Cfg.ExtraArgsBefore;
  append_range(X.ArgsBefore, C.ExtraArgsBefore);
  X.ArgsAfter = C.DashArgs;
  append_range(X.ArgsAfter, Cfg.ExtraArgs);
  append_range(X.ArgsAfter, C.ExtraArgs);
  X.ExplicitArch = C.ExplicitArch;
  // --list-kernels lists every kernel; the analysis only the filter's.
  X.KernelFilter = C.ListKernels ? "" : C.KernelFilter;
  X.Verbose = C.Verbose;
  if (sys::Process::StandardErrIsDisplayed())
    X.Progress = &errs();
  return X;
}

FileReport lintFile(StringRef File, const LintConfig &C,
                    const ConfigFile &Cfg) {
  // The analysis budget counts from here: the parse is part of the time
  // a user waits for.
  auto Start = std::chrono::steady_clock::now();
  FileReport FR;
  FR.File = File.str();
  Expected<CheckSettings> Checks = checkSettings(C, Cfg);
  if (!Checks) {
    FR.Error = toString(Checks.takeError());
    return FR;
  }
  if (C.StdinContents) {
    // The named file need not exist (an editor's new, unsaved file).
    StringRef Text = *C.StdinContents;
    if (Text.trim().empty() || Text.contains('\0')) {
      FR.Error = "standard input (--stdin-filename='" + File.str() + "') is " +
                 (Text.contains('\0') ? "binary, not CUDA source"
                                      : "empty; nothing to analyze");
      return FR;
    }
  } else if (Error E = checkInputFile(File)) {
    FR.Error = toString(std::move(E));
    return FR;
  }

  FrontendOptions FO = C.Frontend;
  FO.MainFileContents = C.StdinContents;
  // --arch, else the configuration's Arch, else the compile command's.
  std::string Arch = C.ExplicitArch;
  std::string ArchFlag = C.ExplicitArch;
  if (Arch.empty() && Cfg.Arch) {
    Arch = modelArch(*Cfg.Arch);
    ArchFlag = *Cfg.Arch;
  }
  std::string Source = C.Commands ? "no compilation database found"
                                  : "no compilation database (`--` given)";
  // Without carets the compiler instance does not print its own "1 warning
  // generated" line; the warnings themselves are shown from the outcome.
  FO.ExtraArgs = {"-fno-caret-diagnostics"};
  append_range(FO.ExtraArgs, Cfg.ExtraArgsBefore);
  append_range(FO.ExtraArgs, C.ExtraArgsBefore);
  // A header parsed on its own is the main file.
  if (isHeaderFile(File))
    FO.ExtraArgs.push_back("-Wno-pragma-once-outside-header");
  // The finder loads and caches databases as files need them: with -j,
  // one file at a time looks its command up.
  static std::mutex CommandsLock;
  std::unique_lock<std::mutex> Lock(CommandsLock);
  // The database whose other files may launch this file's kernels: only
  // one that gave this file its command.
  CompileCommandsDB *CrossTU = nullptr;
  std::string CommandL1; // "cached", "uncached" or "": -Xptxas -dlcm
  std::string NoModel;   // the command's architecture, when unmodelled
  if (CompileCommandsDB *DB =
          C.Commands ? C.Commands->databaseFor(File) : nullptr) {
    Source = "no entry in " + canonicalReportPath(DB->path()) +
             "; parsing without the project's flags";
    if (std::optional<FoundCommand> Found = DB->commandFor(File)) {
      Expected<TranslatedCommand> T = translateCompileCommand(Found->Command);
      if (!T) {
        FR.Error = toString(T.takeError()) + " (entry for '" +
                   Found->Command.Filename + "' in " + DB->path().str() + ")";
        return FR;
      }
      Source = "using the compile command " +
               (Found->Inferred.empty() ? std::string("of its entry")
                                        : Found->Inferred) +
               " in " + canonicalReportPath(DB->path());
      // A borrowed command is worth a note even without -v.
      if (!Found->Inferred.empty() && !C.Verbose)
        FR.Notes.push_back(Source);
      append_range(FO.ExtraArgs, T->Args);
      CrossTU = DB;
      // Created here, under the lock; its own lock guards its use.
      (void)DB->launchIndex();
      if (!T->Unknown.empty())
        FR.Notes.push_back("dropped " + std::to_string(T->Unknown.size()) +
                           " flag(s) of the compile command that clang does "
                           "not understand: " +
                           join(T->Unknown, " "));
      CommandL1 = T->LegacyL1;
      if (C.Verbose && !T->Ignored.empty())
        FR.Notes.push_back("ignored for a syntax-only parse: " +
                           join(T->Ignored, " "));
      if (Arch.empty() && !T->GpuArch.empty()) {
        FO.GpuArch = T->GpuArch;
        Arch = modelArch(T->GpuArch);
        if (Arch.empty()) {
          FR.Notes.push_back("no model for " + T->GpuArch +
                             ", the compile command's architecture; "
                             "predicting for sm_90 (give --arch to choose)");
          NoModel = T->GpuArch;
        }
      }
    }
  }
  Lock.unlock();
  // A file the user's -p database does not know is worth a note: its
  // include paths and macros are missing.
  if (C.ExplicitDatabase && !C.Verbose &&
      StringRef(Source).starts_with("no entry"))
    FR.Notes.push_back(Source);
  // With `--`, the arguments are the command (as in clang-tidy), or come
  // after the database's: the architecture they name selects the model
  // unless --arch or the configuration's Arch does.
  if (!C.DashArch.empty()) {
    FO.GpuArch = C.DashArch;
    if (ArchFlag.empty()) {
      Arch = modelArch(C.DashArch);
      if (Arch.empty()) {
        FR.Notes.push_back("no model for " + C.DashArch +
                           ", the command's architecture; predicting for "
                           "sm_90 (give --arch to choose)");
        NoModel = C.DashArch;
      }
    }
  }
  if (!C.DashUnknown.empty())
    FR.Notes.push_back("dropped " + std::to_string(C.DashUnknown.size()) +
                       " flag(s) after `--` that neither nvcc nor clang "
                       "knows: " +
                       join(C.DashUnknown, " "));
  if (C.Verbose && !C.DashIgnored.empty())
    FR.Notes.push_back("ignored for a syntax-only parse (after `--`): " +
                       join(C.DashIgnored, " "));
  if (!C.DashL1.empty())
    CommandL1 = C.DashL1;
  append_range(FO.ExtraArgs, C.DashArgs);
  append_range(FO.ExtraArgs, Cfg.ExtraArgs);
  append_range(FO.ExtraArgs, C.ExtraArgs);
  if (Arch.empty())
    Arch = "sm_90";
  if (!ArchFlag.empty())
    FO.GpuArch = ArchFlag;
  // Clang 22 knows sm_90a but no family-specific (`f`) targets; they
  // compile as their base architecture (same __CUDA_ARCH__).
  if (StringRef(FO.GpuArch).ends_with("f"))
    FO.GpuArch.pop_back();
  FR.Arch = Arch;
  Expected<AnalysisOptions> AO = AnalysisOptions::fromStrings(
      Arch, C.Block, C.Grid, C.Params, C.KernelFilter);
  if (!AO) {
    FR.Error = toString(AO.takeError());
    return FR;
  }
  applyTargetChoices(C, *Checks, CommandL1, *AO, FO);
  FO.Device = queriedDevice(AO->Target);
  // Predicting for another architecture than the command's is said where
  // the figures are read, not only on standard error.
  if (!NoModel.empty())
    AO->TargetAssumptions.push_back("no model for " + NoModel +
                                    ", the compile command's architecture: "
                                    "the figures are for " +
                                    Arch);
  if (C.Verbose) {
    std::vector<std::string> Cmd = buildCompileArgs(FO, C.Toolkit);
    Cmd.push_back(File.str());
    FR.Notes.push_back(Source);
    if (!Cfg.Paths.empty())
      FR.Notes.push_back("configuration: " + join(Cfg.Paths, ", "));
    FR.Notes.push_back("command: " + quoted(Cmd));
  }

  AO->DumpEvents = C.DumpEvents;
  AO->Registers = C.Registers;
  AO->BudgetSeconds = C.BudgetSeconds;
  AO->BudgetFrom = Start;
  if (C.ResourceUsage) {
    if (!C.Toolkit.Found || C.Frontend.NoToolkit) {
      AO->RegistersWhy = "registers per thread unknown: --resource-usage "
                         "needs the CUDA toolkit's nvcc";
    } else if (Expected<std::map<std::string, unsigned>> R = ptxasRegisters(
                   C.Toolkit.Path, FO.GpuArch, File, FO.ExtraArgs)) {
      // --registers given for the same kernel wins.
      for (auto &[Name, N] : *R)
        AO->Registers.emplace(Name, N);
      AO->RegistersWhy = "registers per thread unknown: ptxas reported none "
                         "for this kernel";
    } else {
      AO->RegistersWhy =
          "registers per thread unknown: " + toString(R.takeError());
    }
  }
  AO->ConfigKernels = Cfg.Kernels;

  // A launch in a wrapper that only another file of the database calls
  // takes that call's arguments (LaunchIndex.h).
  if (CrossTU)
    FO.ExternalCalls = [CrossTU, Self = File.str(), X = crossTUOptions(C, Cfg)](
                           const clang::FunctionDecl &F) {
      return CrossTU->launchIndex().callsOf(Self, F, X);
    };

  raw_string_ostream TextOS(FR.Text);
  // Host pass, and a device pass where the file writes __CUDA_ARCH__
  // (KernelPasses.h); code clang rejects stops only what it touches.
  TimeTraceScope FileSpan("LintFile", File);
  FileAnalysis Out = analyzeCudaFile(
      File, FO, C.Toolkit,
      [&](clang::ASTContext &Ctx, clang::DiagnosticsEngine &Diags,
          std::vector<KernelInfo> &Ks) {
        // What --fix compares the file with before it writes (FixOutput).
        if (C.VerifyFixes) {
          const clang::SourceManager &SM = Ctx.getSourceManager();
          FR.SourceHash = xxh3_64bits(SM.getBufferData(SM.getMainFileID()));
        }
        // A kernel launched only from another file of the database gets
        // that file's launches (LaunchIndex.h).
        if (CrossTU)
          CrossTU->launchIndex().addLaunches(File, Ks, crossTUOptions(C, Cfg));
        if (C.ListKernels) {
          // Launches through pointers of unknown target, as the AST the
          // kernels live in shows them.
          // The same options as the kernels' discovery, so that the
          // launches it left out are the ones listed here.
          std::vector<UnresolvedLaunch> Us;
          DiscoveryOptions DO;
          if (FO.ExternalCalls)
            DO.External = &FO.ExternalCalls;
          if (FO.Device)
            DO.Device = &*FO.Device;
          (void)discoverKernels(Ctx, &Us, DO);
          printKernelsText(TextOS, Ks);
          printUnresolvedText(TextOS, Us);
          for (json::Value &V : kernelsToJSON(Ks))
            FR.Kernels.push_back(std::move(V));
          for (json::Value &V : unresolvedToJSON(Us))
            FR.Unresolved.push_back(std::move(V));
          return;
        }
        // Only the kernels a caller does not already have results for.
        std::optional<std::vector<KernelInfo>> Todo;
        if (C.BeforeAnalysis) {
          Todo.emplace(Ks);
          C.BeforeAnalysis(Ctx, *Todo);
        }
        AnalysisResult R = [&] {
          TimeTraceScope Span("Analyze");
          return analyzeKernels(Ctx, Todo ? *Todo : Ks, *AO);
        }();
        FR.ParamNames = R.ParamNames;
        if (C.OnAnalysis)
          C.OnAnalysis(R, Ctx);
        if (AO->DumpEvents)
          printEventDump(TextOS, R);
        {
          TimeTraceScope Span("Checks");
          FR.Findings = collectFindings(R, Ctx, Diags, C.ColorFindings, *Checks,
                                        FR.CommentErrors);
        }
        TimeTraceScope Span("Report");
        // One entry at a time: only its text is kept (KernelEntries).
        for (const KernelResult &K : R.Kernels) {
          if (C.KernelEntries)
            FR.Kernels.push_back(kernelToJSON(R, K), K.BudgetHit);
          else
            FR.Kernels.countOnly(K.BudgetHit);
        }
      },
      nulls(), C.ColorDiagnostics);
  FR.Parsed = Out.St != FileAnalysis::Status::Failed;
  if (Out.DiscoveryFailed && FR.Error.empty())
    FR.Error = "'" + File.str() +
               "' parsed, but an internal error stopped the search for its "
               "kernels; no analysis was done";
  FR.Partial = Out.St == FileAnalysis::Status::Partial;
  FR.Diagnostics = Out.Diagnostics;
  append_range(FR.Notes, Out.Notes);
  if (C.Verbose && FO.Headers)
    FR.Notes.push_back("header cache: " + FO.Headers->status());
  if (C.VerifyFixes)
    verifyFixes(FR, File, C, Cfg);
  return FR;
}

} // namespace cal
