//===- CudaFrontend.cpp - Parsing CUDA sources for analysis ---------------===//
//
// Syntax-only parse of one side of a CUDA file (host or device), with the
// errors' locations and whether the user's files mention __CUDA_ARCH__, so
// that KernelPasses can decide what to trust and whether a device pass is
// needed.
//
//===----------------------------------------------------------------------===//
#include "cal/Frontend/CudaFrontend.h"
#include "SkippedBodies.h"
#include "SourceRepairs.h"
#include "cal/Frontend/HeaderCache.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/FileManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/PCHContainerOperations.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <map>
#include <set>

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

/// The host compiler's (gcc's) own include directory that holds omp.h, the
/// newest version's; empty if there is none.
static const std::string &hostCompilerIncludeDir() {
  static const std::string Dir = [] {
    std::string Best;
    std::error_code EC;
    for (sys::fs::directory_iterator T("/usr/lib/gcc", EC), End;
         !EC && T != End; T.increment(EC))
      for (sys::fs::directory_iterator V(T->path(), EC), VEnd;
           !EC && V != VEnd; V.increment(EC)) {
        SmallString<256> Omp(V->path());
        sys::path::append(Omp, "include", "omp.h");
        StringRef Version = sys::path::filename(V->path());
        if (sys::fs::exists(Omp) &&
            (Best.empty() ||
             Version.compare_numeric(
                 sys::path::filename(sys::path::parent_path(Best))) > 0))
          Best = sys::path::parent_path(Omp).str();
      }
    return Best;
  }();
  return Dir;
}

/// \p Rel below the installation prefix when this executable is installed
/// (prefix/bin/cuda-access-lint, and \p Rel/\p Probe exists), else
/// \p BuildDir. Found from the executable at run time, not compiled in, so
/// that a prefix moved elsewhere (an unpacked tarball, a container) still
/// finds its own headers and never reads the build or source tree.
static std::string besideExecutable(StringRef Rel, StringRef Probe,
                                    StringRef BuildDir) {
  // /proc/self/exe; where /proc is missing, the tool's name on PATH.
  std::string Exe = sys::fs::getMainExecutable(
      "cuda-access-lint", reinterpret_cast<void *>(&besideExecutable));
  if (!Exe.empty()) {
    SmallString<256> Dir(sys::path::parent_path(sys::path::parent_path(Exe)));
    sys::path::append(Dir, Rel);
    SmallString<256> File(Dir);
    sys::path::append(File, Probe);
    if (sys::fs::exists(File))
      return std::string(Dir);
  }
  return BuildDir.str();
}

/// The built-in headers (cal_cuda_minimal.h, cal_nvcc_compat.h).
static const std::string &resourcesDir() {
  static const std::string Dir = besideExecutable(
      "share/cuda-access-lint/include", "cal_nvcc_compat.h", CAL_RESOURCES_DIR);
  return Dir;
}

/// Clang's resource directory: its builtin and CUDA wrapper headers, which
/// must be those of the clang the tool links. The package carries a copy.
static const std::string &clangResourceDir() {
  static const std::string Dir = besideExecutable(
      "lib/cuda-access-lint/clang", "include/__clang_cuda_runtime_wrapper.h",
      CAL_CLANG_RESOURCE_DIR);
  return Dir;
}

std::vector<std::string> buildCompileArgs(const FrontendOptions &Opts,
                                          const ToolkitInfo &TK,
                                          CudaSide Side) {
  std::vector<std::string> Args = {
      "clang++", "-x", "cuda",
      Side == CudaSide::Host ? "--cuda-host-only" : "--cuda-device-only",
      "-fsyntax-only", "-std=c++17", "--cuda-gpu-arch=" + Opts.GpuArch,
      // libdevice is only needed to generate device code.
      "-nocudalib",
      // Separate compilation (nvcc -rdc=true): without it clang rejects the
      // kernel launches of dynamic parallelism, in both passes.
      "-fgpu-rdc",
      // Clang 22 knows CUDA up to 12.9 and warns about 13.0 on every file;
      // the toolkit's headers parse fine, so the warning is noise to users.
      "-Wno-unknown-cuda-version", "-resource-dir=" + clangResourceDir()};
  if (Side == CudaSide::Device) {
    // Clang 22's driver gives the SDK version to the host side only. The
    // device side then builds `k<<<...>>>` in host code on cudaConfigureCall,
    // which CUDA 12 removed, and every launch is an error. Any SDK from 9.2
    // selects __cudaPushCallConfiguration, which clang's wrapper and the
    // built-in header declare; 12.9 is what the host side is given.
    Args.push_back("-Xclang");
    Args.push_back("-target-sdk-version=12.9");
  }
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
    Args.push_back(resourcesDir() + "/cal_cuda_minimal.h");
  }
  // What nvcc gives a source that clang's CUDA mode does not: its
  // predefined macros, host min/max, its atomic built-ins.
  Args.push_back("-include");
  Args.push_back(resourcesDir() + "/cal_nvcc_compat.h");
  // nvcc accepts `register` on locals in C++17 and only warns about a
  // narrowing conversion in a braced initializer (#2361-D); clang rejects
  // both.
  Args.push_back("-Wno-register");
  Args.push_back("-Wno-c++11-narrowing");
  // nvcc finds <omp.h> through the host compiler's own include directory;
  // after clang's, so that only the headers clang lacks come from there.
  if (const std::string &Dir = hostCompilerIncludeDir(); !Dir.empty()) {
    Args.push_back("-idirafter");
    Args.push_back(Dir);
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

/// Records where each error was reported, and forwards everything to the
/// printer that renders clang's diagnostics for the user.
class ErrorRecorder : public DiagnosticConsumer {
public:
  explicit ErrorRecorder(DiagnosticConsumer &Printer) : Printer(Printer) {}
  void BeginSourceFile(const LangOptions &LO, const Preprocessor *PP) override {
    Printer.BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override { Printer.EndSourceFile(); }
  void finish() override { Printer.finish(); }
  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    unsigned ID = Info.getID();
    if (Level >= DiagnosticsEngine::Error &&
        ID >= diag::DIAG_START_SERIALIZATION && ID < diag::DIAG_START_LEX &&
        !PchRefused) {
      // A cached PCH that clang would not load, and clang's reason.
      PchRefused = true;
      SmallString<128> Msg;
      Info.FormatDiagnostic(Msg);
      PchWhy = Msg.str().str();
    }
    if (Level >= DiagnosticsEngine::Error)
      Errors.push_back(Info.getLocation());
    if (ID == diag::err_shared_var_init)
      SharedInitErrors.insert(Info.getLocation().getRawEncoding());
    if (ID == diag::err_member_decl_does_not_match ||
        ID == diag::err_member_decl_does_not_match_suggest ||
        ID == diag::err_cuda_ovl_target)
      TargetErrors.insert(Info.getLocation().getRawEncoding());
    Fatal |= Level == DiagnosticsEngine::Fatal;
    Printer.HandleDiagnostic(Level, Info);
  }

  std::vector<SourceLocation> Errors;
  bool Fatal = false;
  /// Where clang said "initialization is not supported for __shared__
  /// variables" (the variable's name).
  ErrorSet SharedInitErrors;
  /// Where clang said an out-of-line member definition matches no
  /// declaration, or cannot overload one, of another side.
  ErrorSet TargetErrors;
  bool PchRefused = false;
  std::string PchWhy;

private:
  DiagnosticConsumer &Printer;
};

/// Notes whether `__CUDA_ARCH__` is written in a file the user owns (the
/// main file or a non-system include). A plain text search: a mention in a
/// comment costs a needless device pass, never a wrong result.
class CudaArchScanner : public PPCallbacks {
public:
  CudaArchScanner(const SourceManager &SM, bool &Found)
      : SM(SM), Found(Found) {}
  void FileChanged(SourceLocation Loc, FileChangeReason Reason,
                   SrcMgr::CharacteristicKind Kind, FileID) override {
    if (Found || Reason != EnterFile || Kind != SrcMgr::C_User)
      return;
    FileID FID = SM.getFileID(Loc);
    // The predefines and command-line buffers are not files; the device
    // side's predefines define __CUDA_ARCH__ itself.
    OptionalFileEntryRef FE = SM.getFileEntryRefForID(FID);
    if (!FE || !Seen.insert(FE->getUID()).second)
      return;
    Found = SM.getBufferData(FID).contains("__CUDA_ARCH__");
  }

private:
  const SourceManager &SM;
  bool &Found;
  llvm::DenseSet<unsigned> Seen;
};

/// Runs the callback on the AST, after swapping the file's diagnostics
/// client for one that renders findings to their own stream.
class AnalysisConsumer : public ASTConsumer {
public:
  AnalysisConsumer(CompilerInstance &CI, SideCallback Fn, raw_ostream &Out,
                   const ErrorRecorder &Rec, const bool &MentionsArch,
                   bool &Ran, bool Color, std::vector<SourceEdit> *Repairs,
                   ArrayRef<std::string> Args)
      : CI(CI), Fn(Fn), Out(Out), Rec(Rec), MentionsArch(MentionsArch),
        Ran(Ran), Color(Color), Repairs(Repairs),
        Skipper(CI.getSourceManager(), Args) {}

  /// Only declarations parsed from source arrive here, none from a PCH.
  bool HandleTopLevelDecl(DeclGroupRef DG) override {
    const SourceManager &SM = CI.getSourceManager();
    for (Decl *D : DG) {
      // System headers define no kernel the analyses report and launch
      // none (KernelDiscovery ignores theirs): without a PCH too, the walks
      // skip them, as they skip what a PCH holds. Walking the CUDA and C++
      // headers' bodies cost more than the analysis itself.
      if (SM.isInSystemHeader(D->getLocation()))
        continue;
      // Instantiated functions arrive here too, for code generation; the
      // walks reach them through their templates and enclosing classes, as
      // they do from the translation unit.
      const auto *FD = dyn_cast<FunctionDecl>(D);
      if ((FD &&
           isTemplateInstantiation(FD->getTemplateSpecializationKind())) ||
          !D->getLexicalDeclContext()->getRedeclContext()->isTranslationUnit())
        continue;
      if (Seen.insert(D).second)
        TopLevel.push_back(D);
    }
    return true;
  }

  bool shouldSkipFunctionBody(Decl *D) override { return Skipper.skips(D); }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    // The caller parses again without the cache; this AST is incomplete.
    if (Rec.PchRefused)
      return;
    // Declarations that nvcc accepts and clang rejects, which a parse again
    // with them edited accepts (UnconstructedShared): the caller parses
    // again, and this AST, with their uses in error, is not analysed.
    if (Repairs) {
      const SourceManager &SM = CI.getSourceManager();
      if (!Rec.SharedInitErrors.empty())
        repairUnconstructedShared(SM, TopLevel, Rec.SharedInitErrors, *Repairs);
      if (!Rec.TargetErrors.empty())
        repairTargetRedeclarations(SM, TopLevel, Rec.TargetErrors, *Repairs);
      if (!Repairs->empty())
        return;
    }
    // The analyses walk the top-level declarations parsed from source
    // outside system headers: with precompiled headers, walking the whole
    // translation unit would load every declaration of the PCH, as slow as
    // parsing the headers; without, it would walk their bodies. The headers
    // define no kernels the analyses report and launch none; the
    // declarations they hold that the file uses are still reached through
    // its references.
    Ctx.setTraversalScope(TopLevel);
    DiagnosticsEngine &Diags = CI.getDiagnostics();
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
    Fn(ParsedSide{Ctx, Diags, Rec.Errors, Rec.Fatal, MentionsArch});
    Printer->EndSourceFile();
    Diags.setClient(Old, OwnedOld);
    Keep.release();
    delete Printer;
  }

private:
  CompilerInstance &CI;
  SideCallback Fn;
  raw_ostream &Out;
  const ErrorRecorder &Rec;
  const bool &MentionsArch;
  bool &Ran;
  bool Color;
  std::vector<SourceEdit> *Repairs; ///< null: none are looked for
  BodySkipper Skipper;
  std::vector<Decl *> TopLevel;
  llvm::SmallPtrSet<Decl *, 32> Seen;
};

/// Everything one parse's action needs; the factory and the action share it.
struct ActionState {
  SideCallback Fn;
  raw_ostream &Out;
  const ErrorRecorder &Rec;
  bool Color;
  bool Ran = false;
  bool MentionsArch = false;
  std::vector<SourceEdit> *Repairs = nullptr;
  std::vector<std::string> Args; ///< the parse's, for BodySkipper
};

class AnalysisAction : public ASTFrontendAction {
public:
  explicit AnalysisAction(ActionState &S) : S(S) {}
  bool BeginInvocation(CompilerInstance &CI) override {
    // The consumer says which bodies (BodySkipper).
    CI.getFrontendOpts().SkipFunctionBodies = true;
    return ASTFrontendAction::BeginInvocation(CI);
  }
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    CI.getPreprocessor().addPPCallbacks(std::make_unique<CudaArchScanner>(
        CI.getSourceManager(), S.MentionsArch));
    return std::make_unique<AnalysisConsumer>(CI, S.Fn, S.Out, S.Rec,
                                              S.MentionsArch, S.Ran, S.Color,
                                              S.Repairs, S.Args);
  }

private:
  ActionState &S;
};

class AnalysisActionFactory : public tooling::FrontendActionFactory {
public:
  explicit AnalysisActionFactory(ActionState &S) : S(S) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<AnalysisAction>(S);
  }

private:
  ActionState &S;
};

} // namespace

/// nvcc accepts a launch written `k << <grid, block >> > (args)`, as some
/// editors format it; clang does not. On each line with `<< <`, that and
/// the `>> >` after it become `<<< ` and `>>> `: the same length, so every
/// line and column stays where it was. Nothing else is touched (`>> >`
/// alone may close three template argument lists). Returns whether \p Text
/// changed.
static bool joinSpacedLaunches(std::string &Text) {
  bool Changed = false;
  for (size_t P = Text.find("<< <"); P != std::string::npos;
       P = Text.find("<< <", P + 4)) {
    size_t Eol = Text.find('\n', P);
    size_t Q = Text.find(">> >", P + 4);
    if (Q == std::string::npos || (Eol != std::string::npos && Q > Eol))
      continue;
    Text.replace(P, 4, "<<< ");
    Text.replace(Q, 4, ">>> ");
    Changed = true;
  }
  return Changed;
}

/// Skips the comment, string or character literal that starts at \p I in
/// \p T, if one does; returns the index after it (\p I when none starts).
static size_t skipCommentOrLiteral(StringRef T, size_t I) {
  if (T.substr(I).starts_with("//")) {
    size_t E = T.find('\n', I);
    return E == StringRef::npos ? T.size() : E;
  }
  if (T.substr(I).starts_with("/*")) {
    size_t E = T.find("*/", I + 2);
    return E == StringRef::npos ? T.size() : E + 2;
  }
  char C = T[I];
  // A quote after a digit or letter is a digit separator (1'000) or part of
  // an identifier, not a character literal.
  if (C == '\'' && I > 0 && isAlnum(T[I - 1]))
    return I;
  if (C != '"' && C != '\'')
    return I;
  if (C == '"' && I > 0 && T[I - 1] == 'R') {
    // R"delim( ... )delim"
    size_t Open = T.find('(', I);
    if (Open == StringRef::npos)
      return T.size();
    std::string Close = (")" + T.slice(I + 1, Open) + "\"").str();
    size_t E = T.find(Close, Open);
    return E == StringRef::npos ? T.size() : E + Close.size();
  }
  for (size_t J = I + 1; J < T.size(); ++J) {
    if (T[J] == '\\')
      ++J;
    else if (T[J] == C || T[J] == '\n')
      return J + 1;
  }
  return T.size();
}

/// nvcc accepts the operands of an asm statement written without the comma
/// between them (`asm("..." :: "r"(v) "l"(p))`, as in the cuda-samples'
/// conjugateGradientMultiDeviceCG); clang does not. In the output and input
/// lists of each asm statement, a `)` that closes an operand and is followed
/// by the next operand's constraint (`"`) or name (`[`) gets the comma: the
/// white space before the next operand becomes `,`, so that every line and
/// column stays where it was (inserted where there is none). Nothing else is
/// touched: in valid code an operand is always followed by `,`, `:` or `)`.
/// Returns whether \p Text changed.
static bool commaSeparateAsmOperands(std::string &Text) {
  bool Changed = false;
  auto IsIdent = [](char C) { return isAlnum(C) || C == '_'; };
  auto SkipSpace = [&](size_t I) {
    while (I < Text.size()) {
      if (isSpace(Text[I])) {
        ++I;
        continue;
      }
      size_t After = skipCommentOrLiteral(Text, I);
      if (After == I || Text[I] == '"' || Text[I] == '\'')
        break;
      I = After;
    }
    return I;
  };
  for (size_t I = 0; I < Text.size();) {
    size_t After = skipCommentOrLiteral(Text, I);
    if (After != I) {
      I = After;
      continue;
    }
    if (!IsIdent(Text[I])) {
      ++I;
      continue;
    }
    size_t E = I;
    while (E < Text.size() && IsIdent(Text[E]))
      ++E;
    StringRef Word = StringRef(Text).slice(I, E);
    I = E;
    if (Word != "asm" && Word != "__asm" && Word != "__asm__")
      continue;
    // asm volatile goto ( ... )
    size_t P = SkipSpace(E);
    while (P < Text.size() && IsIdent(Text[P])) {
      size_t Q = P;
      while (Q < Text.size() && IsIdent(Text[Q]))
        ++Q;
      StringRef Q1 = StringRef(Text).slice(P, Q);
      if (Q1 != "volatile" && Q1 != "__volatile__" && Q1 != "__volatile" &&
          Q1 != "inline" && Q1 != "goto")
        break;
      P = SkipSpace(Q);
    }
    if (P >= Text.size() || Text[P] != '(')
      continue;
    unsigned Depth = 1, Colons = 0;
    size_t J = P + 1;
    while (J < Text.size() && Depth) {
      size_t A = skipCommentOrLiteral(Text, J);
      if (A != J) {
        J = A;
        continue;
      }
      char C = Text[J];
      if (C == '(')
        ++Depth;
      else if (C == ')' && --Depth == 1 && (Colons == 1 || Colons == 2)) {
        size_t N = SkipSpace(J + 1);
        if (N < Text.size() && (Text[N] == '"' || Text[N] == '[')) {
          if (N > J + 1 && isSpace(Text[J + 1]))
            Text[J + 1] = ',';
          else
            Text.insert(J + 1, ",");
          Changed = true;
        }
      } else if (C == ':' && Depth == 1)
        ++Colons;
      else if (C == ';' && Depth == 1)
        break; // not an asm statement after all
      ++J;
    }
    I = J;
  }
  return Changed;
}

/// The real file system, with \p File's text replaced by
/// Opts.MainFileContents when given (an editor's unsaved buffer), with
/// spaced launches joined (joinSpacedLaunches), asm operands separated
/// (commaSeparateAsmOperands), and with \p Edits applied.
static IntrusiveRefCntPtr<vfs::FileSystem>
fileSystemFor(StringRef File, const FrontendOptions &Opts,
              ArrayRef<SourceEdit> Edits) {
  IntrusiveRefCntPtr<vfs::FileSystem> Real = vfs::getRealFileSystem();
  std::string Text;
  if (Opts.MainFileContents)
    Text = *Opts.MainFileContents;
  else if (auto Buf = MemoryBuffer::getFile(File))
    Text = (*Buf)->getBuffer().str();
  bool Joined = Text.find("<< <") != std::string::npos &&
                joinSpacedLaunches(Text);
  bool Commas =
      Text.find("asm") != std::string::npos && commaSeparateAsmOperands(Text);
  // The edits' offsets are in the text clang parsed: after the two above.
  std::string Abs = absolutePath(File);
  // Other files' texts, by absolute path, with their edits applied.
  std::map<std::string, std::string> Others;
  bool Edited = false;
  // From the end of each file: an insertion moves the text after it.
  std::vector<SourceEdit> Ordered(Edits.begin(), Edits.end());
  llvm::stable_sort(Ordered, [](const SourceEdit &A, const SourceEdit &B) {
    return A.Offset > B.Offset;
  });
  for (const SourceEdit &E : Ordered) {
    std::string *T = &Text;
    if (E.Path != Abs) {
      auto [It, New] = Others.try_emplace(E.Path);
      if (New)
        if (auto Buf = MemoryBuffer::getFile(E.Path))
          It->second = (*Buf)->getBuffer().str();
      T = &It->second;
    } else {
      Edited = true;
    }
    if (E.Offset + E.Old.size() <= T->size() &&
        StringRef(*T).substr(E.Offset, E.Old.size()) == E.Old)
      T->replace(E.Offset, E.Old.size(), E.New);
  }
  if (!Opts.MainFileContents && !Joined && !Commas && !Edited && Others.empty())
    return Real;
  auto Mem = makeIntrusiveRefCnt<vfs::InMemoryFileSystem>();
  Mem->addFile(Abs, 0, MemoryBuffer::getMemBufferCopy(Text));
  for (auto &[Path, T] : Others)
    Mem->addFile(Path, 0, MemoryBuffer::getMemBufferCopy(T));
  auto Overlay = makeIntrusiveRefCnt<vfs::OverlayFileSystem>(Real);
  Overlay->pushOverlay(Mem);
  if (ErrorOr<std::string> Cwd = Real->getCurrentWorkingDirectory())
    Overlay->setCurrentWorkingDirectory(*Cwd);
  return Overlay;
}

/// One parse of \p File with \p Args (the file name not included).
static ParseOutcome parseOnce(StringRef File, std::vector<std::string> Args,
                              const FrontendOptions &Opts, SideCallback Fn,
                              raw_ostream &FindingsOut, bool Color,
                              std::optional<std::string> &PchRefused,
                              ArrayRef<SourceEdit> Edits,
                              std::vector<SourceEdit> *Repairs) {
  ParseOutcome Outcome;
  Args.push_back(File.str());
  // A ToolInvocation, not a ClangTool: it keeps the file name as the user
  // wrote it, so diagnostics name the file the way the command line did.
  // Reference-counted: the invocation keeps references to it.
  IntrusiveRefCntPtr<FileManager> Files(
      new FileManager(FileSystemOptions(), fileSystemFor(File, Opts, Edits)));
  raw_string_ostream DiagOS(Outcome.Diagnostics);
  DiagOS.enable_colors(Color); // a string stream is colourless by default
  DiagnosticOptions DO;
  DO.ShowColors = Color;
  TextDiagnosticPrinter Printer(DiagOS, DO);
  ErrorRecorder Rec(Printer);
  ActionState State{Fn, FindingsOut, Rec, Color};
  State.Repairs = Repairs;
  State.Args = Args;
  AnalysisActionFactory Factory(State);
  tooling::ToolInvocation Invocation(
      std::move(Args), &Factory, Files.get(),
      std::make_shared<PCHContainerOperations>());
  Invocation.setDiagnosticConsumer(&Rec);
  bool Ok = Invocation.run();
  PchRefused.reset();
  if (Rec.PchRefused)
    PchRefused = Rec.PchWhy;
  Outcome.Ok = Ok && State.Ran && !Rec.getNumErrors();
  return Outcome;
}

/// The file's include lines for the header cache (HeaderCache::preambleOf);
/// not read when the cache is off.
static std::string filePreamble(StringRef File, const FrontendOptions &Opts) {
  if (!Opts.Headers->enabled())
    return "";
  StringRef Dir = llvm::sys::path::parent_path(File);
  if (Opts.MainFileContents)
    return HeaderCache::preambleOf(*Opts.MainFileContents, Dir);
  if (auto Buf = llvm::MemoryBuffer::getFile(File))
    return HeaderCache::preambleOf((*Buf)->getBuffer(), Dir);
  return "";
}

/// One parse of \p File with \p Edits, through the header cache when
/// \p UseCache; \p Repairs as parseOnce's.
static ParseOutcome parseWithEdits(StringRef File,
                                   const std::vector<std::string> &Args,
                                   const FrontendOptions &Opts, SideCallback Fn,
                                   raw_ostream &FindingsOut, bool Color,
                                   ArrayRef<SourceEdit> Edits, bool UseCache,
                                   std::vector<SourceEdit> *Repairs) {
  std::optional<std::string> PchRefused;
  if (Opts.Headers && UseCache) {
    // The file's own include lines first; the CUDA headers alone only where
    // those lines cannot be cached (a miss builds the first, which serves
    // the next runs).
    // Lines that read a user's header the analyses must see leave other
    // lines to cache (Prefix: those before, and that header's own); a few
    // such steps, then the CUDA headers alone.
    std::string P = filePreamble(File, Opts);
    for (unsigned Step = 0;; ++Step) {
      bool Unusable = false;
      std::string Prefix;
      std::optional<std::string> Pch =
          Opts.Headers->find(Args, P, &Unusable, &Prefix);
      if (!Pch) {
        if (!Unusable || P.empty())
          break;
        P = Step < 3 ? Prefix : "";
        continue;
      }
      std::vector<std::string> WithPch = Args;
      WithPch.push_back("-include-pch");
      WithPch.push_back(*Pch);
      ParseOutcome Out =
          parseOnce(File, std::move(WithPch), Opts, Fn, FindingsOut, Color,
                    PchRefused, Edits, Repairs);
      if (Repairs && !Repairs->empty())
        return Out;
      if (!PchRefused)
        return Out;
      // Its diagnostics are about the cache, not the file: drop them. The
      // entry is remembered as refused, so that the next runs neither load
      // nor rebuild it for the same inputs.
      Opts.Headers->discard(Args, P, *PchRefused);
      break;
    }
  }
  return parseOnce(File, Args, Opts, Fn, FindingsOut, Color, PchRefused, Edits,
                   Repairs);
}

/// Parses with repairs at most this many times after the first.
static constexpr unsigned MaxRepairRounds = 3;

/// Offset \p O of \p Path's text with \p Edits applied, in the text
/// without them.
static unsigned uneditedOffset(ArrayRef<SourceEdit> Edits, StringRef Path,
                               unsigned O) {
  std::vector<const SourceEdit *> In;
  for (const SourceEdit &E : Edits)
    if (E.Path == Path)
      In.push_back(&E);
  llvm::sort(In, [](const SourceEdit *A, const SourceEdit *B) {
    return A->Offset < B->Offset;
  });
  int64_t Shift = 0;
  for (const SourceEdit *E : In) {
    if (int64_t(O) < int64_t(E->Offset) + Shift + int64_t(E->New.size()))
      break;
    Shift += int64_t(E->New.size()) - int64_t(E->Old.size());
  }
  return unsigned(int64_t(O) - Shift);
}

ParseOutcome parseCudaSide(StringRef File, CudaSide Side,
                           const FrontendOptions &Opts, const ToolkitInfo &TK,
                           SideCallback Fn, raw_ostream &FindingsOut,
                           bool Color) {
  std::vector<std::string> Args = buildCompileArgs(Opts, TK, Side);
  std::vector<SourceEdit> Repairs;
  ParseOutcome Out = parseWithEdits(File, Args, Opts, Fn, FindingsOut, Color,
                                    {}, /*UseCache=*/true, &Repairs);
  if (Repairs.empty())
    return Out;
  // Declarations nvcc accepts that clang rejected (SourceRepairs.h):
  // parsed again with them edited, and only the last parse is analysed. An
  // edit in a header the cache may hold goes without the cache. clang stops
  // after 20 errors, so a parse with the edits may find more to repair: a
  // few rounds, each edit's offset taken back to the unedited text.
  std::string Main = absolutePath(File);
  ParseOutcome Again;
  for (unsigned Round = 0;; ++Round) {
    bool MainOnly = llvm::all_of(
        Repairs, [&](const SourceEdit &E) { return E.Path == Main; });
    std::vector<SourceEdit> More;
    bool Last = Round + 1 == MaxRepairRounds;
    Again = parseWithEdits(File, Args, Opts, Fn, FindingsOut, Color, Repairs,
                           MainOnly, Last ? nullptr : &More);
    if (More.empty())
      break;
    // Every new offset is in the text the earlier edits made.
    for (SourceEdit &E : More)
      E.Offset = uneditedOffset(Repairs, E.Path, E.Offset);
    llvm::append_range(Repairs, More);
  }
  for (const SourceEdit &E : Repairs)
    Again.Notes.push_back(E.Note);
  return Again;
}

} // namespace cal
