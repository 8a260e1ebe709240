//===- NvccFlags.cpp - Compile commands rewritten for clang's driver ------===//
//
// A compilation database entry is written for the compiler that builds the
// project: nvcc (CMake's CUDA language), clang or gcc. The analyzer parses
// with clang, host side and syntax only, so it keeps what changes the
// meaning of the source (include paths, macros, the language standard, the
// GPU architecture) and drops the rest:
//   1. nvcc's own options are matched against a table of nvcc's spellings
//      (`-name`, `--long-name`, value joined with `=` or separate) and
//      translated or dropped; --options-file files are read in place.
//   2. What remains is parsed with clang's own driver option table: what
//      clang does not know is dropped and named once; flags that write
//      files, pick a compilation phase or turn warnings into errors are
//      dropped; relative paths are made absolute against the entry's
//      directory, because the analyzer runs from the user's directory.
//
//===----------------------------------------------------------------------===//
#include "cal/Frontend/CompileCommands.h"

#include "clang/Options/Options.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/StringSaver.h"

using namespace llvm;
namespace copts = clang::options;

namespace cal {

namespace {

/// What the analyzer does with one nvcc option.
enum class NvccAction {
  Ignore,        ///< no meaning for a host syntax-only parse
  Arch,          ///< -arch / --gpu-architecture
  Code,          ///< -code / --gpu-code
  Gencode,       ///< -gencode / --generate-code
  OptionsFile,   ///< -optf / --options-file: more options, read in place
  HostOptions,   ///< -Xcompiler: comma-separated host compiler flags
  Std,           ///< --std VALUE
  Include,       ///< --include-path
  SystemInclude, ///< --system-include
  PreInclude,    ///< --pre-include
  Define,        ///< --define-macro
  Undefine,      ///< --undefine-macro
};

struct NvccOption {
  const char *Short; ///< spelled with one or two dashes
  const char *Long;
  bool TakesValue;
  NvccAction Action;
};

// nvcc's options (CUDA Compiler Driver NVCC, "Command Option Types and
// Notation" and the option reference). Only those whose spelling clang does
// not share with the same meaning are listed: clang handles -I, -D, -U,
// -isystem, -include, -std=, -O, -g, -w and -x itself.
constexpr NvccOption NvccOptions[] = {
    {"arch", "gpu-architecture", true, NvccAction::Arch},
    {"code", "gpu-code", true, NvccAction::Code},
    {"gencode", "generate-code", true, NvccAction::Gencode},
    {"optf", "options-file", true, NvccAction::OptionsFile},
    {"Xcompiler", "compiler-options", true, NvccAction::HostOptions},
    {"std", "std", true, NvccAction::Std},
    // nvcc's short spellings also take `=` (`-isystem=DIR`, `-I=DIR`,
    // `-D=NAME`), which CMake writes for imported targets; clang would read
    // `=DIR` as the path. Joined spellings (`-IDIR`) are clang's as well.
    {"I", "include-path", true, NvccAction::Include},
    {"isystem", "system-include", true, NvccAction::SystemInclude},
    {"include", "pre-include", true, NvccAction::PreInclude},
    {"D", "define-macro", true, NvccAction::Define},
    {"U", "undefine-macro", true, NvccAction::Undefine},
    // Compiler, linker and assembler wrappers and their options.
    {"ccbin", "compiler-bindir", true, NvccAction::Ignore},
    {"Xptxas", "ptxas-options", true, NvccAction::Ignore},
    {"Xnvlink", "nvlink-options", true, NvccAction::Ignore},
    {"Xlinker", "linker-options", true, NvccAction::Ignore},
    {"Xarchive", "archive-options", true, NvccAction::Ignore},
    {"Xfatbin", "fatbin-options", true, NvccAction::Ignore},
    {"Xcudafe", "cudafe-options", true, NvccAction::Ignore},
    {"forward-unknown-to-host-compiler", "forward-unknown-to-host-compiler",
     false, NvccAction::Ignore},
    {"forward-unknown-to-host-linker", "forward-unknown-to-host-linker", false,
     NvccAction::Ignore},
    {"forward-unknown-opts", "forward-unknown-opts", false, NvccAction::Ignore},
    {"allow-unsupported-compiler", "allow-unsupported-compiler", false,
     NvccAction::Ignore},
    // Language extensions clang's CUDA has on by default (constexpr
    // functions are host-device; extended lambdas are accepted).
    {"expt-relaxed-constexpr", "expt-relaxed-constexpr", false,
     NvccAction::Ignore},
    {"expt-extended-lambda", "expt-extended-lambda", false, NvccAction::Ignore},
    {"extended-lambda", "extended-lambda", false, NvccAction::Ignore},
    // Compilation phases, outputs and device code generation.
    {"rdc", "relocatable-device-code", true, NvccAction::Ignore},
    {"dc", "device-c", false, NvccAction::Ignore},
    {"dw", "device-w", false, NvccAction::Ignore},
    {"dlink", "device-link", false, NvccAction::Ignore},
    {"cuda", "cuda", false, NvccAction::Ignore},
    {"cubin", "cubin", false, NvccAction::Ignore},
    {"ptx", "ptx", false, NvccAction::Ignore},
    {"fatbin", "fatbin", false, NvccAction::Ignore},
    {"compile", "compile", false, NvccAction::Ignore},
    {"output-file", "output-file", true, NvccAction::Ignore},
    {"odir", "output-directory", true, NvccAction::Ignore},
    {"dependency-output", "dependency-output", true, NvccAction::Ignore},
    {"dependency-target-name", "dependency-target-name", true,
     NvccAction::Ignore},
    {"generate-dependencies", "generate-dependencies", false,
     NvccAction::Ignore},
    {"generate-nonsystem-dependencies", "generate-nonsystem-dependencies",
     false, NvccAction::Ignore},
    {"generate-dependencies-with-compile", "generate-dependencies-with-compile",
     false, NvccAction::Ignore},
    {"generate-nonsystem-dependencies-with-compile",
     "generate-nonsystem-dependencies-with-compile", false, NvccAction::Ignore},
    {"keep", "keep", false, NvccAction::Ignore},
    {"keep-dir", "keep-dir", true, NvccAction::Ignore},
    {"save-temps", "save-temps", false, NvccAction::Ignore},
    {"t", "threads", true, NvccAction::Ignore},
    {"split-compile", "split-compile", true, NvccAction::Ignore},
    {"cudart", "cudart", true, NvccAction::Ignore},
    {"cudadevrt", "cudadevrt", true, NvccAction::Ignore},
    {"m", "machine", true, NvccAction::Ignore},
    {"optimize", "optimize", true, NvccAction::Ignore},
    {"dopt", "dopt", true, NvccAction::Ignore},
    // Device code quality and debugging. nvcc's -G is not clang's -G.
    {"G", "device-debug", false, NvccAction::Ignore},
    {"lineinfo", "generate-line-info", false, NvccAction::Ignore},
    {"use_fast_math", "use_fast_math", false, NvccAction::Ignore},
    {"ftz", "ftz", true, NvccAction::Ignore},
    {"prec-div", "prec-div", true, NvccAction::Ignore},
    {"prec-sqrt", "prec-sqrt", true, NvccAction::Ignore},
    {"fmad", "fmad", true, NvccAction::Ignore},
    {"maxrregcount", "maxrregcount", true, NvccAction::Ignore},
    {"extra-device-vectorization", "extra-device-vectorization", false,
     NvccAction::Ignore},
    {"res-usage", "resource-usage", false, NvccAction::Ignore},
    {"default-stream", "default-stream", true, NvccAction::Ignore},
    {"static-global-template-stub", "static-global-template-stub", true,
     NvccAction::Ignore},
    {"device-entity-has-hidden-visibility",
     "device-entity-has-hidden-visibility", true, NvccAction::Ignore},
    // nvcc's diagnostics options, which name nvcc's warnings.
    {"Werror", "Werror", true, NvccAction::Ignore},
    {"Wno-deprecated-gpu-targets", "Wno-deprecated-gpu-targets", false,
     NvccAction::Ignore},
    {"diag-suppress", "diag-suppress", true, NvccAction::Ignore},
    {"diag-error", "diag-error", true, NvccAction::Ignore},
    {"diag-warn", "diag-warn", true, NvccAction::Ignore},
    {"display-error-number", "display-error-number", false, NvccAction::Ignore},
    {"no-display-error-number", "no-display-error-number", false,
     NvccAction::Ignore},
};

const NvccOption *findNvccOption(StringRef Name) {
  for (const NvccOption &O : NvccOptions)
    if (Name == O.Short || Name == O.Long)
      return &O;
  return nullptr;
}

/// Collects the rewritten command, token by token.
class Translator {
public:
  Translator(StringRef Directory, TranslatedCommand &Out)
      : Directory(Directory), Out(Out) {}

  /// Step 1: nvcc's options, into Pending (clang spellings) or Out.
  Error nvccPass(ArrayRef<std::string> Tokens, unsigned Depth);
  /// Step 2: clang's option table over \p Tokens.
  void clangPass(ArrayRef<std::string> Tokens);

  std::vector<std::string> Pending;

private:
  /// Written is the option as the command spells it, for -v.
  Error apply(const NvccOption &O, StringRef Written, StringRef Value,
              unsigned Depth);
  void noteArch(StringRef Value);
  std::string absolute(StringRef Path) const;

  StringRef Directory;
  TranslatedCommand &Out;
};

void Translator::noteArch(StringRef Value) {
  std::string A = gpuArchFromNvccValue(Value);
  // Several -gencode options build several architectures; the model is
  // chosen for the newest one.
  if (!A.empty() &&
      (Out.GpuArch.empty() || gpuArchFromNvccValue(Out.GpuArch + "," + A) == A))
    Out.GpuArch = A;
}

std::string Translator::absolute(StringRef Path) const {
  if (Path.empty() || sys::path::is_absolute(Path) || Directory.empty())
    return Path.str();
  SmallString<256> P(Directory);
  sys::path::append(P, Path);
  sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}

Error Translator::apply(const NvccOption &O, StringRef Written, StringRef Value,
                        unsigned Depth) {
  switch (O.Action) {
  case NvccAction::Ignore:
    Out.Ignored.push_back(Written.str());
    return Error::success();
  case NvccAction::Arch:
  case NvccAction::Code:
  case NvccAction::Gencode:
    noteArch(Value);
    Out.Ignored.push_back(Written.str());
    return Error::success();
  case NvccAction::Std:
    Pending.push_back(("-std=" + Value).str());
    return Error::success();
  case NvccAction::Include:
    Pending.push_back("-I" + absolute(Value));
    return Error::success();
  case NvccAction::SystemInclude:
    Pending.push_back("-isystem");
    Pending.push_back(absolute(Value));
    return Error::success();
  case NvccAction::PreInclude:
    Pending.push_back("-include");
    Pending.push_back(absolute(Value));
    return Error::success();
  case NvccAction::Define:
    Pending.push_back(("-D" + Value).str());
    return Error::success();
  case NvccAction::Undefine:
    Pending.push_back(("-U" + Value).str());
    return Error::success();
  case NvccAction::HostOptions: {
    // Host compiler flags: the preprocessor's change what the host side of
    // the file means; warnings and code generation flags do not matter to
    // the analysis, and gcc's may not be clang's.
    SmallVector<StringRef, 8> Flags;
    Value.split(Flags, ',', -1, /*KeepEmpty=*/false);
    for (StringRef F : Flags) {
      F = F.trim();
      if (F.starts_with("-D") || F.starts_with("-U") || F.starts_with("-I"))
        Pending.push_back(F.str());
      else
        Out.Ignored.push_back(("-Xcompiler " + F).str());
    }
    return Error::success();
  }
  case NvccAction::OptionsFile: {
    if (Depth > 8)
      return createStringError(inconvertibleErrorCode(),
                               "options files nested too deeply at '%s'",
                               Value.str().c_str());
    std::string Path = absolute(Value);
    auto Buf = MemoryBuffer::getFile(Path);
    if (!Buf)
      return createStringError(inconvertibleErrorCode(),
                               "cannot read the options file '%s' named by "
                               "the compile command (%s)",
                               Path.c_str(), Buf.getError().message().c_str());
    BumpPtrAllocator A;
    StringSaver Saver(A);
    SmallVector<const char *, 32> Toks;
    cl::TokenizeGNUCommandLine((*Buf)->getBuffer(), Saver, Toks,
                               /*MarkEOLs=*/false);
    std::vector<std::string> Inner(Toks.begin(), Toks.end());
    return nvccPass(Inner, Depth + 1);
  }
  }
  llvm_unreachable("covered switch");
}

Error Translator::nvccPass(ArrayRef<std::string> Tokens, unsigned Depth) {
  for (size_t I = 0; I < Tokens.size(); ++I) {
    StringRef Tok = Tokens[I];
    StringRef Body = Tok;
    if (!Body.consume_front("--") && !Body.consume_front("-")) {
      Pending.push_back(Tok.str());
      continue;
    }
    auto [Name, Value] = Body.split('=');
    bool HasEq = Body.contains('=');
    const NvccOption *O = findNvccOption(Name);
    if (!O) {
      Pending.push_back(Tok.str());
      continue;
    }
    std::string Val = Value.str(), Written = Tok.str();
    if (O->TakesValue && !HasEq && I + 1 < Tokens.size()) {
      Val = Tokens[++I];
      Written += " " + Val;
    }
    if (Error E = apply(*O, Written, Val, Depth))
      return E;
  }
  return Error::success();
}

/// Flags that write files, select a compilation phase or language, or
/// make warnings fatal: a syntax-only parse must not act on them.
bool isPhaseOrOutput(const opt::Arg &A, StringRef Written) {
  // Aliases (--cuda-device-only) match through the option they alias.
  const opt::Option &O = A.getOption();
  if (O.matches(copts::OPT_M_Group) || O.matches(copts::OPT_o) ||
      O.matches(copts::OPT_c) || O.matches(copts::OPT_S) ||
      O.matches(copts::OPT_E) || O.matches(copts::OPT_x) ||
      O.matches(copts::OPT_fsyntax_only) ||
      O.matches(copts::OPT_offload_device_only) ||
      O.matches(copts::OPT_offload_host_only) ||
      O.matches(copts::OPT_offload_host_device) ||
      O.matches(copts::OPT_pedantic_errors) ||
      // Libraries and their paths (-lcudart, -L...): the link step's.
      O.matches(copts::OPT_Link_Group))
    return true;
  // -Werror and -Werror=...: the analyzer's own warnings would become
  // errors, and a warning in the project's code a failed parse.
  return Written.starts_with("-Werror") || Written == "-save-temps";
}

void Translator::clangPass(ArrayRef<std::string> Tokens) {
  const opt::OptTable &Table = clang::getDriverOptTable();
  std::vector<const char *> Argv;
  for (const std::string &T : Tokens)
    Argv.push_back(T.c_str());
  unsigned MissingIndex = 0, MissingCount = 0;
  opt::InputArgList Args = Table.ParseArgs(Argv, MissingIndex, MissingCount,
                                           opt::Visibility(copts::ClangOption));
  for (const opt::Arg *A : Args) {
    const opt::Option &O = A->getOption();
    if (O.matches(copts::OPT_UNKNOWN)) {
      Out.Unknown.push_back(A->getAsString(Args));
      continue;
    }
    // The source file, and any other input: the analyzer names the file
    // to parse itself.
    std::string Written = A->getAsString(Args);
    if (O.matches(copts::OPT_INPUT) || isPhaseOrOutput(*A, Written)) {
      Out.Ignored.push_back(Written);
      continue;
    }
    if (O.matches(copts::OPT_cuda_gpu_arch_EQ) ||
        O.matches(copts::OPT_offload_arch_EQ)) {
      noteArch(A->getValue());
      continue;
    }
    if (O.matches(copts::OPT_I) || O.matches(copts::OPT_isystem) ||
        O.matches(copts::OPT_iquote) || O.matches(copts::OPT_idirafter) ||
        O.matches(copts::OPT_include) || O.matches(copts::OPT_imacros)) {
      std::string Path = absolute(A->getValue());
      if (O.matches(copts::OPT_I)) {
        Out.Args.push_back("-I" + Path);
      } else {
        Out.Args.push_back(A->getSpelling().str());
        Out.Args.push_back(Path);
      }
      continue;
    }
    // -D, -U and the like as one argument ("-DTILE=32"), as written.
    if (O.getKind() == opt::Option::JoinedOrSeparateClass &&
        A->getNumValues() == 1) {
      Out.Args.push_back((A->getSpelling() + A->getValue()).str());
      continue;
    }
    opt::ArgStringList Rendered;
    A->render(Args, Rendered);
    for (const char *R : Rendered)
      Out.Args.push_back(R);
  }
}

bool isNvcc(StringRef Compiler) {
  StringRef Name = sys::path::stem(Compiler);
  return Name == "nvcc" || Name.ends_with("-nvcc");
}

} // namespace

std::string gpuArchFromNvccValue(StringRef Value) {
  // Every sm_NN / compute_NN (with an optional a/f suffix) named anywhere in
  // the value, e.g. "arch=compute_90,code=[compute_90,sm_90a]".
  std::string Best;
  unsigned BestNum = 0;
  for (size_t I = 0; I < Value.size(); ++I) {
    StringRef Rest = Value.drop_front(I);
    if (I && isAlnum(Value[I - 1]))
      continue;
    if (!Rest.consume_front("sm_") && !Rest.consume_front("compute_") &&
        !Rest.consume_front("lto_"))
      continue;
    StringRef Digits = Rest.take_while(isDigit);
    unsigned Num;
    if (Digits.empty() || Digits.getAsInteger(10, Num))
      continue;
    StringRef Suffix = Rest.drop_front(Digits.size()).take_while(isAlpha);
    std::string A = ("sm_" + Digits + Suffix).str();
    if (Num > BestNum || (Num == BestNum && A.size() > Best.size())) {
      Best = A;
      BestNum = Num;
    }
  }
  return Best;
}

Expected<TranslatedCommand>
translateCompileCommand(const clang::tooling::CompileCommand &Cmd) {
  TranslatedCommand Out;
  Translator T(Cmd.Directory, Out);
  ArrayRef<std::string> Tokens = Cmd.CommandLine;
  bool Nvcc = !Tokens.empty() && isNvcc(Tokens.front());
  if (!Tokens.empty())
    Tokens = Tokens.drop_front(); // the compiler
  if (Nvcc) {
    if (Error E = T.nvccPass(Tokens, 0))
      return std::move(E);
  } else {
    T.Pending.assign(Tokens.begin(), Tokens.end());
  }
  T.clangPass(T.Pending);
  for (StringRef I : Out.Ignored)
    if (I.contains("-dlcm=cg"))
      Out.LegacyL1 = "uncached";
    else if (I.contains("-dlcm=ca"))
      Out.LegacyL1 = "cached";
  return Out;
}

std::vector<std::pair<std::string, std::string>> knownNvccOptions() {
  std::vector<std::pair<std::string, std::string>> Out;
  for (const NvccOption &O : NvccOptions)
    Out.emplace_back(O.Short, O.Long);
  return Out;
}

Expected<TranslatedCommand> translateCommandLineArgs(ArrayRef<std::string> Args,
                                                     StringRef Directory) {
  // nvcc's table first: its spellings are the ones a Makefile user copies,
  // and every clang spelling it shares (-I, -D, -isystem, -std=) keeps its
  // meaning through it.
  clang::tooling::CompileCommand Cmd;
  Cmd.Directory = Directory.str();
  Cmd.CommandLine.push_back("nvcc");
  append_range(Cmd.CommandLine, Args);
  return translateCompileCommand(Cmd);
}

bool isHeaderFile(StringRef Path) {
  return StringSwitch<bool>(sys::path::extension(Path).lower())
      .Cases(".cuh", ".h", ".hh", ".hpp", ".hxx", true)
      .Cases(".inl", ".inc", ".tcc", ".ipp", true)
      .Default(false);
}

} // namespace cal
