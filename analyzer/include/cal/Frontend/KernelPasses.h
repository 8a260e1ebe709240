//===- KernelPasses.h - Kernels as the GPU compiler sees them ---*- C++ -*-===//
//
// A CUDA file is compiled twice: once for the host, where the launches are,
// and once for the device, where kernel bodies are compiled with
// `__CUDA_ARCH__` defined. The host pass alone hides every body under
// `#if __CUDA_ARCH__ >= 800` and shows the `#else` host stub instead. This
// layer gives each kernel the AST it is analysed in and its host launches:
//
// - The host pass always runs; its launches become plain data keyed by the
//   kernel's mangled name. A file whose own files never write
//   `__CUDA_ARCH__` is analysed in the host AST: one parse, as before.
// - Otherwise a device pass (`--cuda-device-only`, `__CUDA_ARCH__` from
//   FrontendOptions::GpuArch) supplies the kernels, and each takes the host
//   launches of the same mangled name.
// - Code that clang rejects (and nvcc may accept) stops only what it
//   touches (ErrorPlaces.h): an error in a host-only function loses the
//   launches written there; an error in device code loses the kernels that
//   reach it. The other kernels are analysed and the outcome says what was
//   left out. An error outside any function body stops the file.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_FRONTEND_KERNELPASSES_H
#define CAL_FRONTEND_KERNELPASSES_H

#include "cal/Discovery/KernelDiscovery.h"
#include "cal/Frontend/CudaFrontend.h"

namespace cal {

struct FileAnalysis {
  enum class Status {
    Clean,   ///< parsed without error; the kernels were analysed
    Partial, ///< clang rejected part of the file; the rest was analysed
    Failed,  ///< nothing analysed
  };
  Status St = Status::Failed;
  /// Clang's diagnostics for the user when the status is not Clean.
  std::string Diagnostics;
  /// What was not followed or not analysed, one sentence each.
  std::vector<std::string> Notes;
  bool DevicePass = false; ///< the kernels came from the device pass
  /// The file parsed, but the search for its kernels stopped on an
  /// internal error (a note says so): Failed for that reason, not clang's.
  bool DiscoveryFailed = false;
};

/// Receives the kernels to analyse, in the AST they live in. Launches carried
/// over from the host pass have LaunchSite::Call == nullptr.
using KernelsCallback =
    llvm::function_ref<void(clang::ASTContext &, clang::DiagnosticsEngine &,
                            std::vector<KernelInfo> &)>;

/// Parses \p File as described above and calls \p Fn at most once, with the
/// kernels to analyse. Findings the callback reports go to \p FindingsOut.
FileAnalysis analyzeCudaFile(llvm::StringRef File, const FrontendOptions &Opts,
                             const ToolkitInfo &TK, KernelsCallback Fn,
                             llvm::raw_ostream &FindingsOut, bool Color);

} // namespace cal

#endif // CAL_FRONTEND_KERNELPASSES_H
