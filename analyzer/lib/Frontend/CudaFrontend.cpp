//===- CudaFrontend.cpp - Parsing CUDA sources for analysis ---------------===//
//
// Host-side, syntax-only parse: __global__ bodies and the host code that
// launches them live in the same host AST, which is all the analyzer needs.
//
//===----------------------------------------------------------------------===//
#include "cal/Frontend/CudaFrontend.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/PCHContainerOperations.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/VirtualFileSystem.h"

using namespace clang;
using namespace llvm;

namespace cal {

static bool isToolkit(StringRef Root) {
  SmallString<256> A(Root), B(Root);
  sys::path::append(A, "include", "cuda.h");
  sys::path::append(B, "include", "cuda_runtime.h");
  return sys::fs::exists(A) && sys::fs::exists(B);
}

Expected<ToolkitInfo> detectCudaToolkit(StringRef Override) {
  ToolkitInfo TK;
  if (!Override.empty()) {
    if (!isToolkit(Override))
      return createStringError(
          inconvertibleErrorCode(),
          "--cuda-path='%s' is not a CUDA toolkit (no include/cuda.h and "
          "include/cuda_runtime.h there)",
          Override.str().c_str());
    TK.Found = true;
    TK.Path = Override.str();
    TK.Reason = "from --cuda-path";
    return TK;
  }
  std::string Looked;
  if (std::optional<std::string> Env = sys::Process::GetEnv("CUDA_PATH")) {
    if (isToolkit(*Env)) {
      TK = {true, *Env, "from $CUDA_PATH"};
      return TK;
    }
    Looked = "$CUDA_PATH='" + *Env + "', ";
  }
  if (isToolkit("/usr/local/cuda")) {
    TK = {true, "/usr/local/cuda", "default location"};
    return TK;
  }
  TK.Reason = "no CUDA toolkit found (looked at " + Looked + "/usr/local/cuda)";
  return TK;
}

std::vector<std::string> buildCompileArgs(const FrontendOptions &Opts,
                                          const ToolkitInfo &TK) {
  std::vector<std::string> Args = {
      "clang++", "-x", "cuda", "--cuda-host-only", "-fsyntax-only",
      "-std=c++17", "--cuda-gpu-arch=" + Opts.GpuArch,
      // libdevice is only needed to generate device code.
      "-nocudalib",
      // Clang 22 knows CUDA up to 12.9 and warns about 13.0 on every file;
      // the toolkit's headers parse fine, so the warning is noise to users.
      "-Wno-unknown-cuda-version", "-resource-dir=" CAL_CLANG_RESOURCE_DIR};
  if (TK.Found && !Opts.NoToolkit) {
    Args.push_back("--cuda-path=" + TK.Path);
    // CUDA 13 moved Thrust, CUB and libcu++ to include/cccl, which nvcc
    // searches and clang's CUDA driver does not know about yet.
    SmallString<256> Cccl(TK.Path);
    sys::path::append(Cccl, "include", "cccl");
    if (sys::fs::is_directory(Cccl)) {
      Args.push_back("-isystem");
      Args.push_back(std::string(Cccl));
    }
  } else {
    Args.push_back("-nocudainc");
    Args.push_back("-include");
    Args.push_back(CAL_RESOURCES_DIR "/cal_cuda_minimal.h");
  }
  Args.insert(Args.end(), Opts.ExtraArgs.begin(), Opts.ExtraArgs.end());
  return Args;
}

static Error fileError(StringRef File, const Twine &What) {
  return createStringError(inconvertibleErrorCode(),
                           (What + ": '" + File + "'").str());
}

Error checkInputFile(StringRef File) {
  sys::fs::file_status St;
  if (std::error_code EC = sys::fs::status(File, St))
    return fileError(File, "no such file or directory");
  if (sys::fs::is_directory(St))
    return fileError(File, "is a directory, not a source file");
  if (!sys::fs::is_regular_file(St))
    return fileError(File, "not a regular file");
  auto Buf = MemoryBuffer::getFile(File);
  if (!Buf)
    return fileError(File,
                     "cannot read file (" + Buf.getError().message() + ")");
  StringRef Text = (*Buf)->getBuffer();
  if (Text.trim().empty())
    return fileError(File, "file is empty; nothing to analyze");
  // A NUL byte never appears in C++ source; it marks object files, images...
  if (Text.take_front(64 * 1024).contains('\0'))
    return fileError(File, "binary file, not CUDA source");
  return Error::success();
}

namespace {

/// Runs the callback on a clean AST, after swapping the file's diagnostics
/// client for one that renders findings to their own stream.
class AnalysisConsumer : public ASTConsumer {
public:
  AnalysisConsumer(CompilerInstance &CI, ASTCallback Fn, raw_ostream &Out,
                   bool &Ran, bool Color)
      : CI(CI), Fn(Fn), Out(Out), Ran(Ran), Color(Color) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    DiagnosticsEngine &Diags = CI.getDiagnostics();
    if (Diags.hasErrorOccurred())
      return;
    Ran = true;
    DiagnosticOptions DO;
    DO.ShowColors = Color;
    auto *Printer = new TextDiagnosticPrinter(Out, DO);
    DiagnosticConsumer *Old = Diags.getClient();
    bool OwnedOld = Diags.ownsClient();
    std::unique_ptr<DiagnosticConsumer> Keep =
        OwnedOld ? Diags.takeClient() : nullptr;
    Diags.setClient(Printer, /*ShouldOwnClient=*/false);
    Printer->BeginSourceFile(Ctx.getLangOpts(), &CI.getPreprocessor());
    Fn(Ctx, Diags);
    Printer->EndSourceFile();
    Diags.setClient(Old, OwnedOld);
    Keep.release();
    delete Printer;
  }

private:
  CompilerInstance &CI;
  ASTCallback Fn;
  raw_ostream &Out;
  bool &Ran;
  bool Color;
};

class AnalysisAction : public ASTFrontendAction {
public:
  AnalysisAction(ASTCallback Fn, raw_ostream &Out, bool &Ran, bool Color)
      : Fn(Fn), Out(Out), Ran(Ran), Color(Color) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    return std::make_unique<AnalysisConsumer>(CI, Fn, Out, Ran, Color);
  }

private:
  ASTCallback Fn;
  raw_ostream &Out;
  bool &Ran;
  bool Color;
};

class AnalysisActionFactory : public tooling::FrontendActionFactory {
public:
  AnalysisActionFactory(ASTCallback Fn, raw_ostream &Out, bool &Ran, bool Color)
      : Fn(Fn), Out(Out), Ran(Ran), Color(Color) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<AnalysisAction>(Fn, Out, Ran, Color);
  }

private:
  ASTCallback Fn;
  raw_ostream &Out;
  bool &Ran;
  bool Color;
};

} // namespace

/// The real file system, with \p File's text replaced by
/// Opts.MainFileContents when given (an editor's unsaved buffer).
static IntrusiveRefCntPtr<vfs::FileSystem>
fileSystemFor(StringRef File, const FrontendOptions &Opts) {
  IntrusiveRefCntPtr<vfs::FileSystem> Real = vfs::getRealFileSystem();
  if (!Opts.MainFileContents)
    return Real;
  auto Mem = makeIntrusiveRefCnt<vfs::InMemoryFileSystem>();
  SmallString<256> Abs(File);
  sys::fs::make_absolute(Abs);
  Mem->addFile(Abs, 0, MemoryBuffer::getMemBufferCopy(*Opts.MainFileContents));
  auto Overlay = makeIntrusiveRefCnt<vfs::OverlayFileSystem>(Real);
  Overlay->pushOverlay(Mem);
  if (ErrorOr<std::string> Cwd = Real->getCurrentWorkingDirectory())
    Overlay->setCurrentWorkingDirectory(*Cwd);
  return Overlay;
}

ParseOutcome parseCudaFile(StringRef File, const FrontendOptions &Opts,
                           const ToolkitInfo &TK, ASTCallback Fn,
                           raw_ostream &FindingsOut, bool Color) {
  ParseOutcome Outcome;
  std::vector<std::string> Args = buildCompileArgs(Opts, TK);
  Args.push_back(File.str());
  // A ToolInvocation, not a ClangTool: it keeps the file name as the user
  // wrote it, so diagnostics name the file the way the command line did.
  // Reference-counted: the invocation keeps references to it.
  IntrusiveRefCntPtr<FileManager> Files(
      new FileManager(FileSystemOptions(), fileSystemFor(File, Opts)));
  raw_string_ostream DiagOS(Outcome.Diagnostics);
  DiagnosticOptions DO;
  DO.ShowColors = Color;
  TextDiagnosticPrinter Printer(DiagOS, DO);
  bool Ran = false;
  AnalysisActionFactory Factory(Fn, FindingsOut, Ran, Color);
  tooling::ToolInvocation Invocation(
      std::move(Args), &Factory, Files.get(),
      std::make_shared<PCHContainerOperations>());
  Invocation.setDiagnosticConsumer(&Printer);
  bool Ok = Invocation.run();
  Outcome.Ok = Ok && Ran && !Printer.getNumErrors();
  return Outcome;
}

} // namespace cal
