//===- HeaderCache.cpp - Precompiled CUDA headers between runs ------------===//
//
// Entries, their validation, and the builder process (see HeaderCache.h).
//
//===----------------------------------------------------------------------===//
#include "cal/Frontend/HeaderCache.h"
#include "SkippedBodies.h"

#include "clang/Basic/CharInfo.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/Version.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Frontend/PCHContainerOperations.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/LockFileManager.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"
#include <chrono>
#include <cstring>
#include <signal.h>
#include <sys/resource.h>
#include <thread>

using namespace clang;
using namespace llvm;

namespace cal {

namespace {

/// One file the PCH was built from, as it was then.
struct Input {
  std::string Path;
  int64_t Size;
  int64_t MTime;
};

/// Whether \p Args name a path relative to the working directory: a bare
/// value (the operand of -I, -isystem, -D...) or a joined -I/-L path. Such
/// an entry is kept per directory; a macro value only costs a second entry.
bool mentionsRelativePath(ArrayRef<std::string> Args) {
  for (StringRef A : Args) {
    if (A.consume_front("-I") || A.consume_front("-isystem") ||
        A.consume_front("-iquote") || A.consume_front("-idirafter")) {
      if (!A.empty() && !sys::path::is_absolute(A))
        return true;
      continue;
    }
    if (!A.starts_with("-") && !sys::path::is_absolute(A))
      return true;
  }
  return false;
}

std::string currentDir() {
  SmallString<256> Cwd;
  if (sys::fs::current_path(Cwd))
    return "";
  return std::string(Cwd);
}

/// Writes \p Text to \p Path through a unique temporary file in the same
/// directory and a rename, so that readers see the old file or the new one.
Error writeAtomically(StringRef Path, StringRef Text) {
  SmallString<256> Tmp;
  int FD;
  if (std::error_code EC =
          sys::fs::createUniqueFile(Path + "-%%%%%%%%.tmp", FD, Tmp))
    return createStringError(EC, "cannot create a file next to '%s': %s",
                             Path.str().c_str(), EC.message().c_str());
  {
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Text;
    if (OS.has_error()) {
      OS.clear_error();
      sys::fs::remove(Tmp);
      return createStringError(inconvertibleErrorCode(), "cannot write '%s'",
                               Tmp.c_str());
    }
  }
  if (std::error_code EC = sys::fs::rename(Tmp, Path)) {
    sys::fs::remove(Tmp);
    return createStringError(EC, "cannot rename '%s': %s", Tmp.c_str(),
                             EC.message().c_str());
  }
  return Error::success();
}

std::optional<json::Value> readJson(StringRef Path) {
  auto Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    return std::nullopt;
  Expected<json::Value> V = json::parse((*Buf)->getBuffer());
  if (!V) {
    consumeError(V.takeError());
    return std::nullopt;
  }
  return std::move(*V);
}

json::Array argsJson(ArrayRef<std::string> Args) {
  json::Array A;
  for (const std::string &S : Args)
    A.push_back(S);
  return A;
}

/// Why the entry described by \p Deps cannot be used for \p Args, or
/// nothing when it can.
std::optional<std::string> whyStale(const json::Value &Deps,
                                    ArrayRef<std::string> Args,
                                    StringRef Preamble) {
  const json::Object *O = Deps.getAsObject();
  if (!O)
    return "unreadable record";
  if (O->getString("clang") != getClangFullVersion())
    return "built by another clang";
  const json::Array *A = O->getArray("args");
  if (!A || *A != argsJson(Args))
    return "built for other arguments";
  if (O->getString("preamble").value_or("") != Preamble)
    return "built for other include lines";
  const json::Array *In = O->getArray("inputs");
  if (!In)
    return "unreadable record";
  for (const json::Value &V : *In) {
    const json::Object *I = V.getAsObject();
    std::optional<StringRef> Path = I ? I->getString("path") : std::nullopt;
    if (!Path)
      return "unreadable record";
    sys::fs::file_status St;
    if (sys::fs::status(*Path, St))
      return (*Path + " is gone").str();
    int64_t MTime = sys::toTimeT(St.getLastModificationTime());
    if (I->getInteger("size") != int64_t(St.getSize()) ||
        I->getInteger("mtime") != MTime)
      return (*Path + " changed").str();
  }
  return std::nullopt;
}

/// The first token of \p Text, lexed raw (comments skipped), that makes a
/// user's header matter to the analyses: a kernel, a launch, or code that
/// differs between the host and device sides. Such a header must be parsed
/// from source (KernelDiscovery and LaunchIndex walk what the parse read;
/// CudaFrontend looks for __CUDA_ARCH__). Empty if none.
std::string analysedToken(StringRef Text, const LangOptions &LO) {
  Lexer L(SourceLocation(), LO, Text.begin(), Text.begin(), Text.end());
  Token T;
  // 0: elsewhere; 1: after a `#` that starts a line; 2: after `# define`
  // or `# undef`, where the next token is a macro's name, not a use of it
  // (`#define __global__` in the branch that compiles a CUDA header as
  // plain C++ declares no kernel).
  int Directive = 0;
  while (!L.LexFromRawLexer(T) || T.isNot(tok::eof)) {
    if (T.is(tok::eof))
      break;
    int Was = Directive;
    Directive = T.is(tok::hash) && T.isAtStartOfLine() ? 1 : 0;
    if (Was == 1 && T.is(tok::raw_identifier) &&
        (T.getRawIdentifier() == "define" || T.getRawIdentifier() == "undef"))
      Directive = 2;
    if (Was == 2)
      continue;
    if (T.is(tok::lesslessless))
      return "<<<";
    if (T.is(tok::raw_identifier)) {
      StringRef Id = T.getRawIdentifier();
      if (Id == "__global__" || Id == "__CUDA_ARCH__" ||
          Id.starts_with("cudaLaunch") || Id.starts_with("cuLaunch"))
        return Id.str();
    }
  }
  return "";
}

/// What the builder found wrong with an entry's include lines.
struct PreambleCheck {
  /// Why the precompiled lines cannot stand in for the file's own; empty
  /// if they can.
  std::string Unusable;
  /// The only reason is a header without an include guard, which a parse
  /// of the lines after the entry can clear (rereadable).
  bool Unguarded = false;
  /// The line of the entry's file whose #include reads (directly or through
  /// other headers) the user's header the analyses must see; 0 if none. The
  /// lines before it can still be cached (HeaderCache::find's Prefix).
  unsigned Line = 0;
  /// That header, when that line names it itself: its own leading include
  /// lines come next in the parse, and can be cached too.
  std::string Header;
};

/// The line of the main file that includes, directly or through other
/// headers, the file \p FI; 0 when the main file does not (a command-line
/// -include).
unsigned mainFileLine(const SourceManager &SM, const SrcMgr::FileInfo &FI) {
  SourceLocation Loc = FI.getIncludeLoc();
  while (Loc.isValid() && !SM.isWrittenInMainFile(Loc))
    Loc = SM.getIncludeLoc(SM.getFileID(Loc));
  return Loc.isValid() ? SM.getSpellingLineNumber(Loc) : 0;
}

/// The next line of \p Text that is neither blank nor a comment, trimmed
/// (the end of a comment open since earlier lines dropped from it); \p Text
/// moves past it. Empty when no such line is left.
StringRef nextCodeLine(StringRef &Text, bool &InComment) {
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    Text = Rest;
    StringRef L = Line.trim();
    if (InComment) {
      size_t End = L.find("*/");
      if (End == StringRef::npos)
        continue;
      InComment = false;
      L = L.drop_front(End + 2).trim();
    }
    // A comment that opens on the line and stays open, alone on it.
    if (L.starts_with("/*") && !L.contains("*/")) {
      InComment = true;
      continue;
    }
    if (!L.empty() && !L.starts_with("//"))
      return L;
  }
  return "";
}

/// The first \p Line - 1 lines of \p Preamble, as preambleOf keeps them
/// (an #if block they leave open is dropped; names are absolute already).
std::string linesBefore(StringRef Preamble, unsigned Line) {
  size_t Len = 0;
  for (unsigned I = 1; I < Line && Len < Preamble.size(); ++I)
    Len = std::min(Preamble.size(), Preamble.find('\n', Len) + 1);
  return HeaderCache::preambleOf(Preamble.take_front(Len), "");
}

/// A header's own leading include lines (preambleOf), inside its include
/// guard: `#ifndef X` and `#define X` first (after comments) are skipped,
/// as the #endif that closes them ends the file, not the lines.
std::string headerPreamble(StringRef Text, StringRef Dir) {
  Text.consume_front("\xEF\xBB\xBF"); // as clang does
  StringRef Rest = Text;
  bool InComment = false;
  StringRef First = nextCodeLine(Rest, InComment);
  StringRef Second = nextCodeLine(Rest, InComment);
  auto Name = [](StringRef L, StringRef Word) {
    if (!L.consume_front("#"))
      return StringRef();
    L = L.ltrim();
    if (!L.consume_front(Word) || L.empty() || !isSpace(L.front()))
      return StringRef();
    return L.trim().take_while(
        [](char C) { return isAsciiIdentifierContinue(C); });
  };
  StringRef Guard = Name(First, "ifndef");
  if (!Guard.empty() && Name(Second, "define") == Guard)
    return HeaderCache::preambleOf(Rest, Dir);
  return HeaderCache::preambleOf(Text, Dir);
}

/// Checks the include lines of \p CI's main file: a header named there that
/// a second #include would read again, or a user's header the analyses must
/// see, makes them unusable.
PreambleCheck preambleProblem(CompilerInstance &CI) {
  PreambleCheck C;
  SourceManager &SM = CI.getSourceManager();
  HeaderSearch &HS = CI.getPreprocessor().getHeaderSearchInfo();
  for (unsigned I = 0, E = SM.local_sloc_entry_size(); I != E; ++I) {
    const SrcMgr::SLocEntry &S = SM.getLocalSLocEntry(I);
    if (!S.isFile())
      continue;
    const SrcMgr::FileInfo &FI = S.getFile();
    OptionalFileEntryRef FE = FI.getContentCache().OrigEntry;
    if (!FE || FI.getIncludeLoc().isInvalid())
      continue;
    if (SM.isWrittenInMainFile(FI.getIncludeLoc()) &&
        !HS.isFileMultipleIncludeGuarded(*FE) && C.Unusable.empty()) {
      C.Unusable = (FE->getName() + " has no include guard").str();
      C.Unguarded = true;
    }
    if (SrcMgr::isSystem(FI.getFileCharacteristic()))
      continue;
    std::optional<MemoryBufferRef> Buf = FI.getContentCache().getBufferOrNone(
        SM.getDiagnostics(), SM.getFileManager());
    if (!Buf)
      continue;
    std::string W = analysedToken(Buf->getBuffer(), CI.getLangOpts());
    if (!W.empty()) {
      C.Unguarded = false;
      C.Unusable = (FE->getName() + " writes " + W).str();
      C.Line = mainFileLine(SM, FI);
      if (SM.isWrittenInMainFile(FI.getIncludeLoc()))
        C.Header = FE->getName().str();
      return C;
    }
  }
  return C;
}

/// Whether the include lines in \p Main read again after the entry \p Pch
/// still compile, as they are read when a file starting with them is
/// parsed with the entry: <assert.h> and the C++ library's <math.h> and
/// <stdlib.h> have no include guard clang recognises, yet are meant to be
/// included twice. A header that defines something each time it is read
/// fails here, and its entry stays unusable.
bool rereadable(ArrayRef<std::string> Args, StringRef Main, StringRef Pch) {
  std::vector<std::string> Cmd(Args.begin(), Args.end());
  Cmd.push_back("-include-pch");
  Cmd.push_back(Pch.str());
  Cmd.push_back(Main.str());
  IntrusiveRefCntPtr<FileManager> Files(
      new FileManager(FileSystemOptions(), vfs::getRealFileSystem()));
  // Counts the errors and prints nothing (IgnoringDiagConsumer counts none).
  DiagnosticConsumer Count;
  tooling::ToolInvocation Invocation(
      std::move(Cmd),
      tooling::newFrontendActionFactory<SyntaxOnlyAction>()->create(),
      Files.get(), std::make_shared<PCHContainerOperations>());
  Invocation.setDiagnosticConsumer(&Count);
  return Invocation.run() && !Count.getNumErrors();
}

/// Generates the PCH into \p OutFile and lists the files it was built from.
class BuildAction : public GeneratePCHAction {
public:
  BuildAction(std::string OutFile, std::vector<Input> &Inputs, bool Preamble,
              PreambleCheck &Check, ArrayRef<std::string> Args)
      : OutFile(std::move(OutFile)), Inputs(Inputs), Preamble(Preamble),
        Check(Check), Args(Args) {}

  bool BeginInvocation(CompilerInstance &CI) override {
    CI.getFrontendOpts().OutputFile = OutFile;
    // The entry skips the bodies the analysis parse skips (SkippedBodies.h).
    CI.getFrontendOpts().SkipFunctionBodies = true;
    return GeneratePCHAction::BeginInvocation(CI);
  }

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef InFile) override {
    std::unique_ptr<ASTConsumer> PCH =
        GeneratePCHAction::CreateASTConsumer(CI, InFile);
    if (!PCH)
      return nullptr;
    std::vector<std::unique_ptr<ASTConsumer>> Both;
    Both.push_back(std::move(PCH));
    Both.push_back(
        std::make_unique<SkipToolchainBodies>(CI.getSourceManager(), Args));
    return std::make_unique<MultiplexConsumer>(std::move(Both));
  }

  void EndSourceFileAction() override {
    if (Preamble)
      Check = preambleProblem(getCompilerInstance());
    GeneratePCHAction::EndSourceFileAction();
    SourceManager &SM = getCompilerInstance().getSourceManager();
    OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID());
    for (auto I = SM.fileinfo_begin(), E = SM.fileinfo_end(); I != E; ++I) {
      FileEntryRef FE = I->first;
      if (Main && FE == *Main)
        continue;
      StringRef Real = FE.getFileEntry().tryGetRealPathName();
      Inputs.push_back({std::string(Real.empty() ? FE.getName() : Real),
                        int64_t(FE.getSize()),
                        int64_t(FE.getModificationTime())});
    }
  }

private:
  std::string OutFile;
  std::vector<Input> &Inputs;
  bool Preamble;
  PreambleCheck &Check;
  ArrayRef<std::string> Args; ///< the build's, for BodySkipper
};

class BuildActionFactory : public tooling::FrontendActionFactory {
public:
  BuildActionFactory(std::string OutFile, std::vector<Input> &Inputs,
                     bool Preamble, PreambleCheck &Check,
                     ArrayRef<std::string> Args)
      : OutFile(std::move(OutFile)), Inputs(Inputs), Preamble(Preamble),
        Check(Check), Args(Args) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<BuildAction>(OutFile, Inputs, Preamble, Check,
                                         Args);
  }

private:
  std::string OutFile;
  std::vector<Input> &Inputs;
  bool Preamble;
  PreambleCheck &Check;
  ArrayRef<std::string> Args;
};

/// Entries kept in one directory: each holds about 9 MB (more with include
/// lines), and a project needs one per set of flags and side (host,
/// device), and one per distinct set of include lines.
constexpr size_t MaxEntries = 32;

/// Removes the entries used least recently beyond MaxEntries (a hit touches
/// the record), and what a builder that died left behind. A reader that
/// loses an entry this way parses without it (CudaFrontend.cpp).
void prune(StringRef Dir) {
  std::vector<std::pair<sys::TimePoint<>, std::string>> Records;
  std::error_code EC;
  auto Hour = std::chrono::hours(1);
  for (sys::fs::directory_iterator I(Dir, EC), E; I != E && !EC;
       I.increment(EC)) {
    StringRef P = I->path();
    sys::fs::file_status St;
    if (sys::fs::status(P, St))
      continue;
    if (P.ends_with(".json"))
      Records.push_back({St.getLastModificationTime(), P.str()});
    else if ((P.ends_with(".tmp") || P.ends_with(".request")) &&
             St.getLastModificationTime() + Hour <
                 std::chrono::system_clock::now())
      sys::fs::remove(P);
  }
  if (Records.size() <= MaxEntries)
    return;
  llvm::sort(Records,
             [](const auto &A, const auto &B) { return A.first > B.first; });
  for (size_t I = MaxEntries; I < Records.size(); ++I) {
    StringRef Rec = Records[I].second;
    sys::fs::remove(Rec);
    sys::fs::remove(Rec.drop_back(strlen(".json")) + ".pch");
    sys::fs::remove(Rec.drop_back(strlen(".json")) + ".cu");
  }
}

/// Marks the record at \p Deps as just used, for prune().
void touch(StringRef Deps) {
  int FD;
  if (sys::fs::openFileForWrite(Deps, FD, sys::fs::CD_OpenExisting,
                                sys::fs::OF_Append))
    return;
  (void)sys::fs::setLastAccessAndModificationTime(
      FD, sys::TimePoint<>(std::chrono::system_clock::now()));
  sys::Process::SafelyCloseFileDescriptor(FD);
}

/// The record of an entry (whyStale reads it back): the clang, the
/// arguments, the include lines and each input's size and time.
json::Object recordOf(ArrayRef<std::string> Args, StringRef Preamble,
                      ArrayRef<Input> Inputs) {
  json::Array In;
  for (const Input &I : Inputs)
    In.push_back(
        json::Object{{"path", I.Path}, {"size", I.Size}, {"mtime", I.MTime}});
  json::Object Record{{"version", 2},
                      {"clang", getClangFullVersion()},
                      {"args", argsJson(Args)},
                      {"inputs", std::move(In)}};
  if (!Preamble.empty())
    Record["preamble"] = Preamble;
  return Record;
}

/// The directories named by \p Args' -I, -isystem, -iquote and -idirafter,
/// and the usual system ones: adding a header to one changes its time.
std::vector<std::string> searchDirs(ArrayRef<std::string> Args) {
  std::vector<std::string> Dirs = {"/usr/include", "/usr/local/include"};
  for (size_t I = 0; I < Args.size(); ++I)
    for (StringRef F : {"-I", "-isystem", "-iquote", "-idirafter"}) {
      StringRef A = Args[I];
      if (A == F && I + 1 < Args.size())
        Dirs.push_back(Args[I + 1]);
      else if (A.starts_with(F) && A.size() > F.size())
        Dirs.push_back(A.drop_front(F.size()).str());
    }
  return Dirs;
}

/// The first error of a build, and the line of the entry's file whose
/// #include leads to it (0 if none does).
class FirstError : public DiagnosticConsumer {
public:
  void HandleDiagnostic(DiagnosticsEngine::Level L,
                        const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(L, Info);
    if (L < DiagnosticsEngine::Error || !Message.empty())
      return;
    SmallString<128> Text;
    Info.FormatDiagnostic(Text);
    Message = std::string(Text);
    if (!Info.hasSourceManager() || Info.getLocation().isInvalid())
      return;
    InSource = true;
    const SourceManager &SM = Info.getSourceManager();
    SourceLocation Loc = SM.getExpansionLoc(Info.getLocation());
    while (Loc.isValid() && SM.getFileID(Loc) != SM.getMainFileID())
      Loc = SM.getIncludeLoc(SM.getFileID(Loc));
    if (Loc.isValid())
      Line = SM.getSpellingLineNumber(Loc);
  }
  std::string Message;
  /// The error is in a source file, not about a file it could not write.
  bool InSource = false;
  unsigned Line = 0;
};

/// Sets \p Record's usable_prefix: the include lines of \p Preamble before
/// \p Line (the one that cannot be cached), and, when that line names
/// \p Header itself, the header's own leading include lines; only if they
/// include something and differ from the whole.
void setUsablePrefix(json::Object &Record, StringRef Preamble, unsigned Line,
                     StringRef Header) {
  std::string Next = linesBefore(Preamble, Line);
  if (!Header.empty())
    if (auto Buf = MemoryBuffer::getFile(Header))
      Next +=
          headerPreamble((*Buf)->getBuffer(), sys::path::parent_path(Header));
  if (StringRef(Next).contains("#include") && Next != Preamble)
    Record["usable_prefix"] = Next;
}

/// Writes the record of a build that failed on the sources with \p Why, the
/// first error at \p Line of the entry's file (0: none): what the build read
/// (\p Inputs) and the directories the include search looked in, so that
/// it is built again only when one of them changes (a header fixed, one
/// added), not on every run; the lines before \p Line are cached instead.
void rememberFailure(StringRef Deps, ArrayRef<std::string> Args,
                     StringRef Preamble, std::vector<Input> Inputs,
                     unsigned Line, StringRef Why) {
  for (const std::string &D : searchDirs(Args)) {
    sys::fs::file_status St;
    if (!sys::fs::status(D, St))
      Inputs.push_back({D, int64_t(St.getSize()),
                        int64_t(sys::toTimeT(St.getLastModificationTime()))});
  }
  json::Object Record = recordOf(Args, Preamble, Inputs);
  Record["unusable"] = Why;
  if (Line > 1)
    setUsablePrefix(Record, Preamble, Line, "");
  if (Error E = writeAtomically(
          Deps, formatv("{0:2}", json::Value(std::move(Record))).str()))
    consumeError(std::move(E)); // the next run builds it again
}

/// Builds the entry at \p Pch / \p Deps for \p Args, unless another process
/// holds its lock (then returns success and leaves the work to that one).
Error buildEntry(StringRef Dir, StringRef Pch, StringRef Deps,
                 ArrayRef<std::string> Args, StringRef Preamble) {
  if (std::error_code EC = sys::fs::create_directories(Dir))
    return createStringError(EC, "cannot create the cache directory '%s': %s",
                             Dir.str().c_str(), EC.message().c_str());
  LockFileManager Lock(Pch);
  Expected<bool> Owned = Lock.tryLock();
  if (!Owned)
    return Owned.takeError();
  if (!*Owned)
    return Error::success();
  // Another builder may have finished while this one started.
  if (std::optional<json::Value> D = readJson(Deps))
    if (!whyStale(*D, Args, Preamble) &&
        (sys::fs::exists(Pch) || D->getAsObject()->get("unusable")))
      return Error::success();

  // The PCH of an empty file holds exactly what the driver includes before
  // the first line of every file parsed with these arguments; with include
  // lines, what those lines add. The main file is never rewritten: clang
  // checks its size and time when it loads the PCH.
  SmallString<256> Main(Dir);
  if (Preamble.empty())
    sys::path::append(Main, "cal-cuda-headers.cu");
  else
    Main = (Pch.drop_back(strlen(".pch")) + ".cu").str();
  if (!sys::fs::exists(Main))
    if (Error E = writeAtomically(
            Main,
            Preamble.empty()
                ? StringRef("// Left empty: the precompiled header of this "
                            "file holds only\n// the headers the CUDA driver "
                            "includes first.\n")
                : Preamble))
      return E;
  SmallString<256> Tmp;
  int FD;
  if (std::error_code EC =
          sys::fs::createUniqueFile(Pch + "-%%%%%%%%.tmp", FD, Tmp))
    return createStringError(EC, "cannot create a file in '%s': %s",
                             Dir.str().c_str(), EC.message().c_str());
  sys::Process::SafelyCloseFileDescriptor(FD);

  std::vector<std::string> Cmd(Args.begin(), Args.end());
  Cmd.push_back(std::string(Main));
  std::vector<Input> Inputs;
  PreambleCheck Check;
  BuildActionFactory Factory(std::string(Tmp), Inputs, !Preamble.empty(), Check,
                             Args);
  std::string &Unusable = Check.Unusable;
  IntrusiveRefCntPtr<FileManager> Files(
      new FileManager(FileSystemOptions(), vfs::getRealFileSystem()));
  FirstError Errors;
  tooling::ToolInvocation Invocation(
      std::move(Cmd), &Factory, Files.get(),
      std::make_shared<PCHContainerOperations>());
  Invocation.setDiagnosticConsumer(&Errors);
  if (!Invocation.run() || Inputs.empty()) {
    sys::fs::remove(Tmp);
    std::string Why = Preamble.empty() ? "the CUDA headers do not compile with "
                                         "these arguments"
                                       : "the include lines do not compile "
                                         "with these arguments";
    if (!Errors.Message.empty())
      Why += " (" +
             (Errors.Line ? "line " + std::to_string(Errors.Line) + ": "
                          : std::string()) +
             Errors.Message + ")";
    // A failure without a source location (a full disk, say) is tried
    // again next time.
    if (Errors.InSource)
      rememberFailure(Deps, Args, Preamble, std::move(Inputs), Errors.Line,
                      Why);
    return createStringError(inconvertibleErrorCode(), "%s; nothing cached",
                             Why.c_str());
  }
  // Every entry of include lines is checked: the lines are read again after
  // it in each parse that uses it.
  if (!Preamble.empty() && (Check.Unguarded || Unusable.empty())) {
    if (rereadable(Args, Main, Tmp))
      Unusable.clear();
    else if (Check.Unguarded)
      Unusable += ", and the include lines do not compile when read again";
    else
      Unusable = "the include lines do not compile when read again";
  }
  // An unusable entry keeps its record, so that the next runs know without
  // building it again (until a header changes), and no PCH.
  if (!Unusable.empty()) {
    sys::fs::remove(Tmp);
    sys::fs::remove(Pch);
  } else if (std::error_code EC = sys::fs::rename(Tmp, Pch)) {
    sys::fs::remove(Tmp);
    return createStringError(EC, "cannot rename '%s': %s", Tmp.c_str(),
                             EC.message().c_str());
  }
  json::Object Record = recordOf(Args, Preamble, Inputs);
  if (!Unusable.empty())
    Record["unusable"] = Unusable;
  if (!Unusable.empty() && Check.Line > 0)
    setUsablePrefix(Record, Preamble, Check.Line, Check.Header);
  if (Error E = writeAtomically(
          Deps, formatv("{0:2}", json::Value(std::move(Record))).str()))
    return E;
  prune(Dir);
  return Error::success();
}

} // namespace

HeaderCache::HeaderCache(std::string Dir, HeaderCacheMode Mode,
                         std::string BuilderExe)
    : Dir(std::move(Dir)), Mode(Mode), BuilderExe(std::move(BuilderExe)) {}

std::string HeaderCache::defaultDir() {
  if (std::optional<std::string> D = sys::Process::GetEnv("CAL_CACHE_DIR"))
    return *D;
  SmallString<256> P;
  if (std::optional<std::string> X = sys::Process::GetEnv("XDG_CACHE_HOME");
      X && sys::path::is_absolute(*X))
    P = *X;
  else if (sys::path::home_directory(P))
    sys::path::append(P, ".cache");
  else
    return "";
  sys::path::append(P, "cuda-access-lint");
  return std::string(P);
}

HeaderCache::Entry HeaderCache::entryFor(ArrayRef<std::string> Args,
                                         StringRef Preamble) const {
  // The key names the entries' format, so that those of an earlier one are
  // not reused: 2, host bodies skipped (SkippedBodies.h) and unguarded
  // headers read again (rereadable); 3, an unusable entry names the lines
  // that can be cached instead (usable_prefix).
  std::string Text = getClangFullVersion();
  Text += '\0';
  Text += "format 3";
  for (const std::string &A : Args)
    Text += '\0' + A;
  if (!Preamble.empty())
    Text += ("\0preamble\0" + Preamble).str();
  if (mentionsRelativePath(Args))
    Text += '\0' + currentDir();
  std::string Key = utohexstr(xxh3_64bits(Text), /*LowerCase=*/true);
  auto In = [&](StringRef Suffix) {
    SmallString<256> P(Dir);
    sys::path::append(P, Key + Suffix);
    return std::string(P);
  };
  return {Key, In(".pch"), In(".json"), In(".request")};
}

void HeaderCache::setStatus(std::string S) {
  std::lock_guard<std::mutex> G(Mu);
  Status = std::move(S);
}

std::string HeaderCache::status() const {
  std::lock_guard<std::mutex> G(Mu);
  return Status;
}

/// The include lines that an unusable entry's record \p D says can be
/// cached instead (buildEntry's "usable_prefix"); empty if none.
static std::string usablePrefix(const json::Value &D) {
  return D.getAsObject()->getString("usable_prefix").value_or("").str();
}

std::optional<std::string> HeaderCache::find(ArrayRef<std::string> Args,
                                             StringRef Preamble, bool *Unusable,
                                             std::string *Prefix) {
  if (Unusable)
    *Unusable = false;
  if (Prefix)
    Prefix->clear();
  if (Mode == HeaderCacheMode::Off || Dir.empty()) {
    setStatus(Dir.empty() ? "off: no cache directory (set $CAL_CACHE_DIR)"
                          : "off");
    return std::nullopt;
  }
  // A file forced in with -include could write __CUDA_ARCH__, which the
  // parse looks for in the user's files (CudaFrontend.cpp) and would not see
  // inside the PCH. The analyzer's own headers (the minimal CUDA header,
  // the nvcc compatibility header) do not.
  for (size_t I = 0; I + 1 < Args.size(); ++I)
    if ((Args[I] == "-include" || Args[I] == "-imacros") &&
        !StringRef(Args[I + 1]).ends_with("cal_cuda_minimal.h") &&
        !StringRef(Args[I + 1]).ends_with("cal_nvcc_compat.h")) {
      setStatus("off: " + Args[I] + " in the compile arguments");
      return std::nullopt;
    }
  Entry E = entryFor(Args, Preamble);
  std::string Why = "miss";
  if (std::optional<json::Value> D = readJson(E.Deps)) {
    std::optional<std::string> Stale = whyStale(*D, Args, Preamble);
    if (!Stale)
      if (std::optional<StringRef> U =
              D->getAsObject()->getString("unusable")) {
        setStatus(("include lines not cached: " + *U).str());
        if (Unusable)
          *Unusable = true;
        if (Prefix)
          *Prefix = usablePrefix(*D);
        return std::nullopt;
      }
    if (!Stale && sys::fs::exists(E.Pch)) {
      touch(E.Deps);
      setStatus("hit: " + E.Pch);
      return E.Pch;
    }
    Why = "stale: " + Stale.value_or("no precompiled file");
  }
  if (Mode == HeaderCacheMode::Sync) {
    if (Error Err = buildEntry(Dir, E.Pch, E.Deps, Args, Preamble)) {
      setStatus(Why + "; not built: " + toString(std::move(Err)));
      return std::nullopt;
    }
    std::optional<json::Value> D = readJson(E.Deps);
    if (D && !whyStale(*D, Args, Preamble))
      if (std::optional<StringRef> U =
              D->getAsObject()->getString("unusable")) {
        setStatus(("include lines not cached: " + *U).str());
        if (Unusable)
          *Unusable = true;
        if (Prefix)
          *Prefix = usablePrefix(*D);
        return std::nullopt;
      }
    if (D && !whyStale(*D, Args, Preamble) && sys::fs::exists(E.Pch)) {
      setStatus(Why + "; built: " + E.Pch);
      return E.Pch;
    }
    setStatus(Why + "; another process is building it");
    return std::nullopt;
  }
  {
    std::lock_guard<std::mutex> G(Mu);
    if (!Started.insert(E.Key).second) {
      Status = Why + "; building in the background";
      return std::nullopt;
    }
  }
  if (BuilderExe.empty() || sys::fs::exists(E.Pch + ".lock")) {
    setStatus(Why + (BuilderExe.empty() ? "; no builder"
                                        : "; another process is building it"));
    return std::nullopt;
  }
  if (std::error_code EC = sys::fs::create_directories(Dir)) {
    setStatus(Why + "; cannot create '" + Dir + "': " + EC.message());
    return std::nullopt;
  }
  json::Object Req{{"parent", int64_t(sys::Process::getProcessId())},
                   {"dir", Dir},
                   {"cwd", currentDir()},
                   {"pch", E.Pch},
                   {"record", E.Deps},
                   {"args", argsJson(Args)},
                   {"preamble", Preamble}};
  if (Error Err = writeAtomically(
          E.Request, formatv("{0:2}", json::Value(std::move(Req))).str())) {
    setStatus(Why + "; " + toString(std::move(Err)));
    return std::nullopt;
  }
  // Detached, with no standard streams: the builder outlives this run and
  // must not hold the pipes a calling script waits on.
  std::string Flag = "--build-header-cache=" + E.Request;
  std::optional<StringRef> Null[] = {StringRef(), StringRef(), StringRef()};
  std::string Err;
  bool Failed = false;
  sys::ExecuteNoWait(BuilderExe, {BuilderExe, Flag}, std::nullopt, Null,
                     /*MemoryLimit=*/0, &Err, &Failed, nullptr,
                     /*DetachProcess=*/true);
  setStatus(Why + (Failed ? "; cannot start the builder: " + Err
                          : "; building in the background"));
  return std::nullopt;
}

void HeaderCache::discard(ArrayRef<std::string> Args, StringRef Preamble,
                          StringRef Why) {
  Entry E = entryFor(Args, Preamble);
  sys::fs::remove(E.Pch);
  std::string Reason =
      "refused by clang" + (Why.empty() ? "" : ": " + Why.str());
  // Rebuilt from the same inputs, the entry would be refused again on every
  // run: its record keeps the refusal (as for include lines that cannot be
  // cached), and only a change of its inputs, which makes the record
  // stale, builds it again.
  std::optional<json::Value> D = readJson(E.Deps);
  json::Object *O = D ? D->getAsObject() : nullptr;
  if (O) {
    (*O)["unusable"] = Reason;
    if (Error Err = writeAtomically(E.Deps, formatv("{0:2}", *D).str())) {
      consumeError(std::move(Err));
    } else {
      setStatus(Reason + " (" + E.Pch +
                "); removed, remembered, and the file parsed without it");
      return;
    }
  }
  sys::fs::remove(E.Deps);
  setStatus(Reason + " (" + E.Pch +
            "); removed, and the file parsed without it");
}

Error HeaderCache::buildFromRequest(StringRef RequestFile) {
  // A builder runs beside the analyses that wait for nothing from it.
  setpriority(PRIO_PROCESS, 0, 10);
  std::optional<json::Value> Req = readJson(RequestFile);
  const json::Object *O = Req ? Req->getAsObject() : nullptr;
  std::optional<StringRef> Dir = O ? O->getString("dir") : std::nullopt;
  std::optional<StringRef> Cwd = O ? O->getString("cwd") : std::nullopt;
  std::optional<StringRef> Pch = O ? O->getString("pch") : std::nullopt;
  std::optional<StringRef> Deps = O ? O->getString("record") : std::nullopt;
  StringRef Preamble =
      O ? O->getString("preamble").value_or(StringRef()) : StringRef();
  const json::Array *A = O ? O->getArray("args") : nullptr;
  if (!Dir || !Cwd || !Pch || !Deps || !A)
    return createStringError(inconvertibleErrorCode(),
                             "'%s' is not a header-cache request",
                             RequestFile.str().c_str());
  std::vector<std::string> Args;
  for (const json::Value &V : *A)
    if (std::optional<StringRef> S = V.getAsString())
      Args.push_back(S->str());
  if (!Cwd->empty())
    sys::fs::set_current_path(*Cwd);
  // The entry is for the next runs: building it while the run that asked
  // for it still works would slow that run down on a busy machine.
  if (std::optional<int64_t> Parent = O->getInteger("parent"))
    for (int Waited = 0; Waited < 10 * 60 * 50 && kill(pid_t(*Parent), 0) == 0;
         ++Waited)
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
  Error E = buildEntry(*Dir, *Pch, *Deps, Args, Preamble);
  sys::fs::remove(RequestFile);
  return E;
}

/// `pragma clang diagnostic ignored "-W..."` (or GCC's, or warning,
/// error): read again, it sets what it set. Other pragmas may keep a state
/// that a second read would change (`pack(push)`, `diagnostic push`).
static bool isWarningOption(StringRef L) {
  SmallVector<StringRef, 4> W;
  L.split(W, ' ', /*MaxSplit=*/3, /*KeepEmpty=*/false);
  return W.size() == 4 && W[0] == "pragma" &&
         (W[1] == "clang" || W[1] == "GCC") && W[2] == "diagnostic" &&
         (W[3].starts_with("ignored") || W[3].starts_with("warning") ||
          W[3].starts_with("error"));
}

std::string HeaderCache::preambleOf(StringRef Text, StringRef FileDir) {
  std::string Out;
  // Out up to the last line outside any #if: the entry's file must be
  // complete (`#if defined(__APPLE__) #include <GLUT/glut.h> #else ...
  // #endif` between include lines is kept whole, or not at all).
  size_t Whole = 0;
  unsigned Depth = 0;
  bool InComment = false;
  // A UTF-8 byte order mark (files saved by Visual Studio) is not a line of
  // code: clang skips it, and so does the preamble.
  Text.consume_front("\xEF\xBB\xBF");
  for (StringRef L; !(L = nextCodeLine(Text, InComment)).empty();) {
    if (!L.consume_front("#") || L.ends_with("\\"))
      break;
    L = L.ltrim();
    if (L.starts_with("pragma") && L.drop_front(6).trim() == "once")
      continue;
    // Conditions, macros and warning options are copied as written: read again
    // after the entry, each evaluates and defines what it did when it was
    // built.
    StringRef Word =
        L.take_while([](char C) { return isAsciiIdentifierContinue(C); });
    if (Word == "if" || Word == "ifdef" || Word == "ifndef") {
      ++Depth;
      Out += ("#" + L + "\n").str();
      continue;
    }
    if (Word == "elif" || Word == "else" || Word == "endif") {
      if (!Depth)
        break;
      Out += ("#" + L + "\n").str();
      if (Word == "endif" && !--Depth)
        Whole = Out.size();
      continue;
    }
    if (Word == "define" || Word == "undef" || isWarningOption(L)) {
      Out += ("#" + L + "\n").str();
      if (!Depth)
        Whole = Out.size();
      continue;
    }
    if (!L.consume_front("include"))
      break;
    L = L.ltrim();
    // Only a plain <name> or "name", optionally followed by a // comment.
    char Close = L.starts_with("<") ? '>' : L.starts_with("\"") ? '"' : 0;
    size_t End = Close ? L.find(Close, 1) : StringRef::npos;
    if (End == StringRef::npos)
      break;
    StringRef Name = L.slice(1, End), After = L.drop_front(End + 1).trim();
    if (Name.empty() || (!After.empty() && !After.starts_with("//")))
      break;
    SmallString<256> Near(FileDir);
    sys::path::append(Near, Name);
    if (Close == '"' && sys::fs::exists(Near)) {
      // Absolute: the entry's own file lives in the cache directory, where
      // a relative "sub/k.h" (the file named as sub/k.cu), or "k.h" beside
      // a file named k.cu (an empty FileDir, the working directory), is not
      // found and clang's build of the entry fails.
      sys::fs::make_absolute(Near);
      sys::path::remove_dots(Near, /*remove_dot_dot=*/true);
      Out += "#include \"" + std::string(Near) + "\"\n";
    } else {
      Out += (Close == '"' ? "#include \"" + Name + "\"\n"
                           : "#include <" + Name + ">\n")
                 .str();
    }
    if (!Depth)
      Whole = Out.size();
  }
  Out.resize(Whole);
  // Macros alone, with no include after them, are nothing to cache.
  if (!StringRef(Out).contains("#include"))
    Out.clear();
  return Out;
}

} // namespace cal
