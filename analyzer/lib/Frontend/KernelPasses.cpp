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
#include "llvm/Support/raw_ostream.h"
#include <map>

using namespace clang;
using namespace llvm;

namespace cal {

namespace {

/// Applies \p EP to the kernels of one AST: launches written inside
/// functions with errors are dropped (an erroneous assignment is not seen as
/// one, so their configuration cannot be trusted), and kernels that run into
/// an error are removed, each with a note.
/// Returns false when errors leave no kernel to analyse.
bool dropWhatErrorsTouch(const ErrorPlaces &EP, ASTContext &Ctx,
                         std::vector<KernelInfo> &Ks,
                         std::vector<std::string> &Notes) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (KernelInfo &K : Ks)
    erase_if(K.Launches, [&](const LaunchSite &L) {
      return L.Call && EP.contains(SM, L.Call->getBeginLoc());
    });
  erase_if(Ks, [&](const KernelInfo &K) {
    if (K.IsTemplatePattern)
      return false;
    std::optional<SourceLocation> E = errorReachedFrom(K.Decl, EP, SM);
    if (E)
      Notes.push_back("kernel '" + K.Name + "' is not analysed: it runs " +
                      "into the error at " + makePos(Ctx, *E).str());
    return E.has_value();
  });
  bool Errors = !EP.Functions.empty() || !EP.DeviceErrors.empty();
  return !Errors || llvm::any_of(Ks, [](const KernelInfo &K) {
    return !K.IsTemplatePattern;
  });
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

} // namespace

FileAnalysis analyzeCudaFile(StringRef File, const FrontendOptions &Opts,
                             const ToolkitInfo &TK, KernelsCallback Fn,
                             raw_ostream &FindingsOut, bool Color) {
  FileAnalysis FA;
  bool Analysed = false, NeedDevice = false;
  // The host's launches by the kernel's mangled name, with their kernel's
  // name for messages.
  std::map<std::string, std::pair<std::string, std::vector<LaunchSite>>>
      HostLaunches;
  std::vector<std::string> HostNotes, DeviceNotes;
  std::string HostFunctionsNote;

  ParseOutcome Host = parseCudaSide(
      File, CudaSide::Host, Opts, TK,
      [&](const ParsedSide &S) {
        ErrorPlaces EP = locateErrors(S.Ctx, S.Errors);
        if (S.FatalError || EP.OutsideFunctions)
          return;
        if (!EP.HostFunctionNames.empty())
          HostFunctionsNote = hostErrorNote(File, EP);
        std::vector<KernelInfo> Ks = discoverKernels(S.Ctx);
        NeedDevice = S.MentionsCudaArch;
        if (!NeedDevice) {
          if (!dropWhatErrorsTouch(EP, S.Ctx, Ks, HostNotes))
            return;
          Fn(S.Ctx, S.Diags, Ks);
          Analysed = true;
          return;
        }
        // Launches in functions with errors are dropped here; which kernels
        // an error touches is the device pass's business.
        dropWhatErrorsTouch(ErrorPlaces{false, EP.Functions, {}, {}}, S.Ctx, Ks,
                            HostNotes);
        for (KernelInfo &K : Ks) {
          if (K.IsTemplatePattern || K.MangledName.empty())
            continue;
          auto &[Name, Launches] = HostLaunches[K.MangledName];
          Name = K.Name;
          for (LaunchSite &L : K.Launches) {
            L.Call = nullptr; // the host AST is gone when it is used
            Launches.push_back(std::move(L));
          }
        }
      },
      FindingsOut, Color);

  ParseOutcome Device;
  if (NeedDevice) {
    FA.DevicePass = true;
    Device = parseCudaSide(
        File, CudaSide::Device, Opts, TK,
        [&](const ParsedSide &S) {
          ErrorPlaces EP = locateErrors(S.Ctx, S.Errors);
          if (S.FatalError || EP.OutsideFunctions)
            return;
          std::vector<KernelInfo> Ks = discoverKernels(S.Ctx);
          if (!dropWhatErrorsTouch(EP, S.Ctx, Ks, DeviceNotes))
            return;
          // Launches come from the host pass only: host code that the device
          // pass sees under `#ifdef __CUDA_ARCH__` never runs.
          StringSet<> Matched;
          for (KernelInfo &K : Ks) {
            auto It = HostLaunches.find(K.MangledName);
            K.Launches.clear();
            if (K.IsTemplatePattern || It == HostLaunches.end())
              continue;
            K.Launches = It->second.second;
            Matched.insert(K.MangledName);
          }
          for (auto &[Mangled, NL] : HostLaunches)
            if (!Matched.contains(Mangled) && !NL.second.empty() &&
                !llvm::any_of(DeviceNotes, [&](const std::string &N) {
                  return StringRef(N).contains("'" + NL.first + "'");
                }))
              DeviceNotes.push_back(
                  "kernel '" + NL.first + "' launched at " +
                  NL.second.front().Pos.str() +
                  " is not analysed: the device pass does not instantiate it "
                  "(its launch is hidden from the device compiler)");
          Fn(S.Ctx, S.Diags, Ks);
          Analysed = true;
        },
        FindingsOut, Color);
  }

  bool HostErrors = !Host.Ok;
  bool DeviceErrors = NeedDevice && !Device.Ok;
  // The host's errors first, as the user's compiler shows them, then those
  // only the device pass has.
  if (HostErrors)
    FA.Diagnostics = Host.Diagnostics;
  if (DeviceErrors)
    FA.Diagnostics += newDiagnostics(FA.Diagnostics, Device.Diagnostics);
  if (!Analysed)
    return FA;
  FA.St = HostErrors || DeviceErrors ? FileAnalysis::Status::Partial
                                     : FileAnalysis::Status::Clean;
  if (!HostFunctionsNote.empty())
    FA.Notes.push_back(HostFunctionsNote);
  const std::vector<std::string> &KernelNotes =
      NeedDevice ? DeviceNotes : HostNotes;
  FA.Notes.insert(FA.Notes.end(), KernelNotes.begin(), KernelNotes.end());
  return FA;
}

} // namespace cal
