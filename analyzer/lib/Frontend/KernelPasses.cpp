//===- KernelPasses.cpp - Kernels as the GPU compiler sees them -----------===//
//
// The AST dies when its parse's callback returns, so the two passes meet
// only through plain data: the host pass leaves its launches, keyed by
// mangled name, and the device pass's callback hands them to its kernels.
//
//===----------------------------------------------------------------------===//
#include "cal/Frontend/KernelPasses.h"
#include "ErrorPlaces.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/TimeProfiler.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdlib>
#include <map>

using namespace clang;
using namespace llvm;

namespace cal {

namespace {

/// Applies \p EP to the kernels of one AST: launches written inside
/// functions with errors are dropped (an erroneous assignment is not seen as
/// one, so their configuration cannot be trusted), and kernels that run into
/// an error are removed, each with a note and its mangled name in \p Dropped.
/// Returns false when errors leave no kernel to analyse.
bool dropWhatErrorsTouch(const ErrorPlaces &EP, ASTContext &Ctx,
                         std::vector<KernelInfo> &Ks,
                         std::vector<std::string> &Notes,
                         StringSet<> &Dropped) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (KernelInfo &K : Ks)
    erase_if(K.Launches, [&](const LaunchSite &L) {
      return L.Call && EP.contains(SM, L.Call->getBeginLoc());
    });
  erase_if(Ks, [&](const KernelInfo &K) {
    if (K.IsTemplatePattern)
      return false;
    std::optional<SourceLocation> E = errorReachedFrom(K.Decl, EP, SM);
    if (!E)
      return false;
    Notes.push_back("kernel '" + K.Name + "' is not analysed: it runs into " +
                    "the error at " + makePos(Ctx, *E).str());
    Dropped.insert(K.MangledName);
    return true;
  });
  bool Errors = !EP.Functions.empty() || !EP.DeviceErrors.empty();
  return !Errors ||
         any_of(Ks, [](const KernelInfo &K) { return !K.IsTemplatePattern; });
}

/// \p Device's diagnostics without those \p Host already shows: both
/// passes report an error in code they share, such as host code.
std::string newDiagnostics(StringRef Host, StringRef Device) {
  std::string Out;
  bool Skip = false;
  SmallVector<StringRef, 64> Lines;
  Device.split(Lines, '\n', -1, /*KeepEmpty=*/false);
  for (StringRef L : Lines) {
    // A diagnostic starts at "file:line:col: error:" and runs on through its
    // source lines and notes until the next warning or error.
    if (L.contains(": error: ") || L.contains(": warning: ") ||
        L.contains(": fatal error: "))
      Skip = Host.contains(L);
    if (!Skip)
      Out += (L + "\n").str();
  }
  return Out;
}

std::string hostErrorNote(StringRef File, const ErrorPlaces &EP) {
  std::string S;
  raw_string_ostream OS(S);
  OS << "'" << File << "' has host code that clang rejects (errors above); "
     << "launches in ";
  for (unsigned I = 0; I < EP.HostFunctionNames.size(); ++I)
    OS << (I ? ", " : "") << "'" << EP.HostFunctionNames[I] << "'";
  OS << " are not followed";
  return S;
}

/// The two passes over one file and what passes between them.
class TwoPasses {
public:
  TwoPasses(StringRef File, KernelsCallback Fn, const FrontendOptions &Opts)
      : File(File), Fn(Fn) {
    if (Opts.ExternalCalls)
      Discovery.External = &Opts.ExternalCalls;
    if (Opts.Device)
      Discovery.Device = &*Opts.Device;
  }

  /// Analyses the host AST's kernels when no device pass is needed;
  /// otherwise keeps its launches for the device pass.
  void onHost(const ParsedSide &S) {
    ErrorPlaces EP = locateErrors(S.Ctx, S.Errors);
    if (S.FatalError || EP.OutsideFunctions)
      return;
    if (!EP.HostFunctionNames.empty())
      HostFunctionsNote = hostErrorNote(File, EP);
    if (!EP.RecoveredHostFunctionNames.empty())
      Notes.push_back("'" + File.str() + "': the errors in host function(s) '" +
                      join(EP.RecoveredHostFunctionNames, "', '") +
                      "' are confined to expressions clang replaced; their "
                      "launches are followed, with those expressions' values "
                      "(and the variables they name) unknown");
    std::optional<std::vector<KernelInfo>> Found =
        safeDiscovery(S.Ctx, Discovery);
    if (!Found)
      return;
    std::vector<KernelInfo> Ks = std::move(*Found);
    NeedDevice = S.MentionsCudaArch;
    if (!NeedDevice) {
      if (dropWhatErrorsTouch(EP, S.Ctx, Ks, Notes, Dropped))
        analyse(S, Ks);
      return;
    }
    // Only the launches in functions with errors are dropped here: which
    // kernels an error touches is the device pass's to say.
    ErrorPlaces LaunchesOnly;
    LaunchesOnly.Functions = EP.Functions;
    dropWhatErrorsTouch(LaunchesOnly, S.Ctx, Ks, Notes, Dropped);
    for (KernelInfo &K : Ks) {
      if (K.IsTemplatePattern || K.MangledName.empty())
        continue;
      HostKernel &H = HostLaunches[K.MangledName];
      H.Name = K.Name;
      for (LaunchSite &L : K.Launches) {
        L.Call = nullptr; // the host AST is gone when it is used
        H.Launches.push_back(std::move(L));
      }
    }
  }

  /// Analyses the device AST's kernels with the host's launches.
  void onDevice(const ParsedSide &S) {
    ErrorPlaces EP = locateErrors(S.Ctx, S.Errors);
    if (S.FatalError || EP.OutsideFunctions)
      return;
    std::optional<std::vector<KernelInfo>> Found = safeDiscovery(S.Ctx, {});
    if (!Found)
      return;
    std::vector<KernelInfo> Ks = std::move(*Found);
    if (!dropWhatErrorsTouch(EP, S.Ctx, Ks, Notes, Dropped))
      return;
    // Launches come from the host pass only: host code that the device pass
    // sees under `#ifdef __CUDA_ARCH__` never runs.
    StringSet<> Matched;
    for (KernelInfo &K : Ks) {
      auto It = HostLaunches.find(K.MangledName);
      K.Launches.clear();
      if (K.IsTemplatePattern || It == HostLaunches.end())
        continue;
      K.Launches = It->second.Launches;
      Matched.insert(K.MangledName);
    }
    for (auto &[Mangled, H] : HostLaunches)
      if (!Matched.contains(Mangled) && !Dropped.contains(Mangled) &&
          !H.Launches.empty())
        Notes.push_back("kernel '" + H.Name + "' launched at " +
                        H.Launches.front().Pos.str() +
                        " is not analysed: the device pass does not "
                        "instantiate it (its launch is hidden from the "
                        "device compiler)");
    analyse(S, Ks);
  }

  bool NeedDevice = false;
  bool Analysed = false;
  std::string HostFunctionsNote;
  std::vector<std::string> Notes;
  bool DiscoveryFailed = false;

private:
  struct HostKernel {
    std::string Name;
    std::vector<LaunchSite> Launches;
  };

  void analyse(const ParsedSide &S, std::vector<KernelInfo> &Ks) {
    Fn(S.Ctx, S.Diags, Ks);
    Analysed = true;
  }

  /// The kernels and launches of one side; an unexpected construct that
  /// crashes the discovery costs this file its analysis, with a note, never
  /// the run (the analysis of each launch is guarded the same way).
  std::optional<std::vector<KernelInfo>>
  safeDiscovery(clang::ASTContext &Ctx, const DiscoveryOptions &Opts) {
    llvm::TimeTraceScope Span("Discovery");
    std::vector<KernelInfo> Ks;
    llvm::CrashRecoveryContext::Enable();
    llvm::CrashRecoveryContext CRC;
    if (!CRC.RunSafely([&] {
          // Fault injection for the test of this recovery (lit
          // interpreter/crash-recovery.cu): never set in normal use.
          if (std::getenv("CAL_TEST_CRASH_IN_DISCOVERY"))
            LLVM_BUILTIN_TRAP;
          Ks = discoverKernels(Ctx, nullptr, Opts);
        })) {
      Notes.push_back("'" + File.str() +
                      "': internal error: the search for kernels and "
                      "launches stopped; nothing in this file is analysed");
      DiscoveryFailed = true;
      return std::nullopt;
    }
    return Ks;
  }

  StringRef File;
  KernelsCallback Fn;
  DiscoveryOptions Discovery; ///< points into the FrontendOptions
  std::map<std::string, HostKernel> HostLaunches; ///< by mangled name
  StringSet<> Dropped; ///< kernels an error touches, by mangled name
};

} // namespace

FileAnalysis analyzeCudaFile(StringRef File, const FrontendOptions &Opts,
                             const ToolkitInfo &TK, KernelsCallback Fn,
                             raw_ostream &FindingsOut, bool Color) {
  TwoPasses P(File, Fn, Opts);
  ParseOutcome Host = parseCudaSide(
      File, CudaSide::Host, Opts, TK, [&](const ParsedSide &S) { P.onHost(S); },
      FindingsOut, Color);
  ParseOutcome Device;
  if (P.NeedDevice)
    Device = parseCudaSide(
        File, CudaSide::Device, Opts, TK,
        [&](const ParsedSide &S) { P.onDevice(S); }, FindingsOut, Color);

  FileAnalysis FA;
  FA.DevicePass = P.NeedDevice;
  bool HostErrors = !Host.Ok;
  bool DeviceErrors = P.NeedDevice && !Device.Ok;
  // The host's errors first, as the user's compiler shows them, then those
  // only the device pass has.
  if (HostErrors)
    FA.Diagnostics = Host.Diagnostics;
  if (DeviceErrors)
    FA.Diagnostics += newDiagnostics(FA.Diagnostics, Device.Diagnostics);
  // The notes say why kernels were left out, also when that left nothing.
  FA.Notes = P.Notes;
  for (const ParseOutcome *O : {&Host, &Device})
    for (const std::string &N : O->Notes)
      if (std::string Note = "'" + File.str() + "': " + N;
          !llvm::is_contained(FA.Notes, Note))
        FA.Notes.push_back(Note);
  FA.DiscoveryFailed = P.DiscoveryFailed;
  if (!P.Analysed)
    return FA;
  FA.St = HostErrors || DeviceErrors ? FileAnalysis::Status::Partial
                                     : FileAnalysis::Status::Clean;
  if (!P.HostFunctionsNote.empty())
    FA.Notes.insert(FA.Notes.begin(), P.HostFunctionsNote);
  return FA;
}

} // namespace cal
