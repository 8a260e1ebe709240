//===- CudaFrontend.h - Parsing CUDA sources for analysis -------*- C++ -*-===//
//
// Turns a .cu/.cuh file into a Clang AST: finds the CUDA toolkit (or falls
// back to the analyzer's minimal built-in header), builds the compile
// arguments of the host or the device pass, checks the input file for the
// ways it can be bad, and hands the AST to a callback while the AST is alive.
// KernelPasses.h builds on this to give each kernel the AST it is analysed in.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_FRONTEND_CUDAFRONTEND_H
#define CAL_FRONTEND_CUDAFRONTEND_H

#include "cal/Discovery/KernelDiscovery.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class DiagnosticsEngine;
} // namespace clang

namespace cal {

class HeaderCache;

struct ToolkitInfo {
  bool Found = false;
  std::string Path;   ///< the toolkit root when Found
  std::string Reason; ///< why none was found, or how the path was chosen
};

/// Finds a CUDA toolkit: \p Override (from --cuda-path) if given, else
/// $CUDA_PATH, else /usr/local/cuda. A toolkit must have include/cuda.h and
/// include/cuda_runtime.h. An explicit \p Override that is not a toolkit is
/// an error; otherwise a missing toolkit gives Found == false.
llvm::Expected<ToolkitInfo> detectCudaToolkit(llvm::StringRef Override);

struct FrontendOptions {
  std::string CudaPath;   ///< --cuda-path; empty to auto-detect
  bool NoToolkit = false; ///< force the built-in header
  std::string GpuArch = "sm_90";
  std::vector<std::string> ExtraArgs; ///< compiler arguments after `--`
  /// --stdin-filename: the text to parse in place of the file on disk.
  std::optional<std::string> MainFileContents;
  /// Precompiled CUDA headers to parse with (HeaderCache.h); none: parse
  /// every header every time.
  std::shared_ptr<HeaderCache> Headers;
  /// The calls of this file's host functions in other translation units,
  /// for launches that read a parameter of a function this file never
  /// calls (discoverKernels); unset: none are looked up.
  ExternalCallsFn ExternalCalls;
  /// The device a `cudaDeviceProp` describes to the launch discovery (the
  /// target model's), or none: its fields stay unknown.
  std::optional<QueriedDevice> Device;
};

/// The two compilations of a CUDA file. The host pass sees the launches;
/// the device pass sees kernel bodies as the GPU compiler does, with
/// `__CUDA_ARCH__` defined for FrontendOptions::GpuArch.
enum class CudaSide { Host, Device };

/// Compile arguments (without the file name) for a syntax-only parse of one
/// side of CUDA under \p TK. The same arguments make the baseline
/// `clang -fsyntax-only` run of the benchmark.
std::vector<std::string> buildCompileArgs(const FrontendOptions &Opts,
                                          const ToolkitInfo &TK,
                                          CudaSide Side = CudaSide::Host);

/// Checks that \p File is a readable, non-empty, text source file. The
/// error message reads like clang's ("no such file or directory: 'x.cu'").
llvm::Error checkInputFile(llvm::StringRef File);

struct ParseOutcome {
  bool Ok = false;         ///< parsed with no error
  std::string Diagnostics; ///< clang's rendered diagnostics for the file
  /// What the user is told about the parse: the declarations that nvcc
  /// accepts and clang rejects, which the parse took as nvcc does.
  std::vector<std::string> Notes;
};

/// One side's AST as the callback of parseCudaSide sees it, errors or not.
struct ParsedSide {
  clang::ASTContext &Ctx;
  clang::DiagnosticsEngine &Diags; ///< renders to the findings stream
  /// Where each error was reported; empty when the side parsed cleanly.
  llvm::ArrayRef<clang::SourceLocation> Errors;
  bool FatalError = false; ///< parsing stopped early (missing include, ...)
  /// `__CUDA_ARCH__` is written in the main file or a non-system include,
  /// so the device pass may see code that the host pass does not.
  bool MentionsCudaArch = false;
};
using SideCallback = llvm::function_ref<void(const ParsedSide &)>;

/// Parses one side of \p File and calls \p Fn with its AST whenever an AST
/// was built, also when it has errors (the callback decides what to trust).
ParseOutcome parseCudaSide(llvm::StringRef File, CudaSide Side,
                           const FrontendOptions &Opts, const ToolkitInfo &TK,
                           SideCallback Fn, llvm::raw_ostream &FindingsOut,
                           bool Color);

} // namespace cal

#endif // CAL_FRONTEND_CUDAFRONTEND_H
