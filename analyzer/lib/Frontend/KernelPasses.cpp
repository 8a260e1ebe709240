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

/// Drops the launches written inside functions that have errors: their
/// configuration and arguments cannot be trusted (an erroneous assignment
/// is not seen as one).
void dropLaunchesIn(const ErrorPlaces &EP, const SourceManager &SM,
                    std::vector<KernelInfo> &Ks) {
  if (EP.Functions.empty())
    return;
  for (KernelInfo &K : Ks)
    llvm::erase_if(K.Launches, [&](const LaunchSite &L) {
      return L.Call && EP.contains(SM, L.Call->getBeginLoc());
    });
}

std::string hostErrorNote(StringRef File, const ErrorPlaces &EP) {
  std::string S;
  raw_string_ostream OS(S);
  OS << "'" << File << "' has host code that clang rejects (errors above); "
     << "its kernels were analysed, but launches in ";
  for (unsigned I = 0; I < EP.Names.size(); ++I)
    OS << (I ? ", " : "") << "'" << EP.Names[I] << "'";
  OS << " are not followed";
  return S;
}

/// A kernel the host launches, remembered past the host AST.
struct HostKernel {
  std::string Name;
  std::vector<LaunchSite> Launches;
};

} // namespace

FileAnalysis analyzeCudaFile(StringRef File, const FrontendOptions &Opts,
                             const ToolkitInfo &TK, KernelsCallback Fn,
                             raw_ostream &FindingsOut, bool Color) {
  FileAnalysis FA;
  bool Analysed = false, NeedDevice = false, HostTolerable = false;
  std::map<std::string, HostKernel> HostLaunches; // by mangled name
  ErrorPlaces HostErrors;

  ParseOutcome Host = parseCudaSide(
      File, CudaSide::Host, Opts, TK,
      [&](const ParsedSide &S) {
        if (S.FatalError)
          return;
        const SourceManager &SM = S.Ctx.getSourceManager();
        HostErrors = locateErrors(S.Ctx, S.Errors);
        std::vector<KernelInfo> Ks = discoverKernels(S.Ctx);
        dropLaunchesIn(HostErrors, SM, Ks);
        HostTolerable = HostErrors.OnlyInHostCode;
        // An error in device code may come from code the host pass does not
        // see whole; the device pass gets its own say then.
        NeedDevice = S.MentionsCudaArch || !HostTolerable;
        if (!NeedDevice) {
          Fn(S.Ctx, S.Diags, Ks);
          Analysed = true;
          return;
        }
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
      },
      FindingsOut, Color);
  bool HostHadErrors = !Host.Ok;

  ParseOutcome Device;
  bool DeviceTolerable = false;
  if (NeedDevice) {
    FA.DevicePass = true;
    Device = parseCudaSide(
        File, CudaSide::Device, Opts, TK,
        [&](const ParsedSide &S) {
          if (S.FatalError)
            return;
          ErrorPlaces EP = locateErrors(S.Ctx, S.Errors);
          DeviceTolerable = EP.OnlyInHostCode;
          if (!DeviceTolerable)
            return;
          std::vector<KernelInfo> Ks = discoverKernels(S.Ctx);
          // Launches come from the host pass only: host code the device
          // pass sees under `#ifdef __CUDA_ARCH__` is never run.
          StringSet<> Matched;
          for (KernelInfo &K : Ks) {
            auto It = HostLaunches.find(K.MangledName);
            if (K.IsTemplatePattern || It == HostLaunches.end()) {
              K.Launches.clear();
              continue;
            }
            K.Launches = It->second.Launches;
            Matched.insert(K.MangledName);
          }
          for (auto &[Mangled, H] : HostLaunches)
            if (!Matched.contains(Mangled) && !H.Launches.empty())
              FA.Notes.push_back(
                  "kernel '" + H.Name + "' launched at " +
                  H.Launches.front().Pos.str() +
                  " is not instantiated in the device pass (the launch is "
                  "hidden from the device compiler); not analysed");
          Fn(S.Ctx, S.Diags, Ks);
          Analysed = true;
        },
        FindingsOut, Color);
  }

  if (!Analysed) {
    // Show the host's errors when it had some: they are what the user's own
    // compiler would show first.
    FA.Diagnostics = HostHadErrors ? Host.Diagnostics : Device.Diagnostics;
    FA.Notes.clear();
    return FA;
  }
  bool DeviceHadErrors = NeedDevice && !Device.Ok;
  if (!HostHadErrors && !DeviceHadErrors) {
    FA.St = FileAnalysis::Status::Clean;
    return FA;
  }
  FA.St = FileAnalysis::Status::HostErrors;
  FA.Diagnostics = HostHadErrors ? Host.Diagnostics : Device.Diagnostics;
  if (HostHadErrors && HostTolerable)
    FA.Notes.insert(FA.Notes.begin(), hostErrorNote(File, HostErrors));
  else
    FA.Notes.insert(FA.Notes.begin(),
                    "'" + File.str() +
                        "' has host code that clang rejects (errors above); "
                        "its kernels were analysed as the device compiler "
                        "sees them");
  return FA;
}

} // namespace cal
