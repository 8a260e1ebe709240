//===- LaunchIndex.cpp - Launches in a database's other files -------------===//
//
// Each unit's host AST lives only inside its parse's callback, so its launch
// sites leave it as plain data, as the host pass's do for the device pass
// (KernelPasses.cpp). Code that clang rejects in a unit costs only the
// launches written in the functions with errors; a unit with an error
// outside any function, or a fatal one, is skipped with a note.
//
//===----------------------------------------------------------------------===//
#include "cal/Frontend/LaunchIndex.h"
#include "ErrorPlaces.h"
#include "cal/Frontend/CompileCommands.h"
#include "cal/Target/TargetModel.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Mangle.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <map>

using namespace llvm;

namespace cal {

struct LaunchIndex::Unit {
  std::string File;     ///< as the database names it (absolute)
  std::string RealPath; ///< to tell the linted file's own entry
  /// A CUDA unit can launch kernels; any unit can call a host function that
  /// launches one (ExternalCall).
  bool IsCuda = false;
  /// Every identifier of the unit's own file (callsOf); filled on first need.
  std::optional<StringSet<>> OwnWords;
  /// Identifiers a launch in the unit can name its kernel with (see
  /// mentionsAny); filled on first need.
  std::optional<StringSet<>> Words;
  bool Parsed = false;
  std::map<std::string, std::vector<LaunchSite>> Launches; ///< by mangled
  /// Calls of functions the unit does not define, by linkageName.
  std::map<std::string, std::vector<ExternalCall>> Calls;
};

namespace {

std::string realOrAbsolute(StringRef Path) {
  SmallString<256> P;
  if (!sys::fs::real_path(Path, P))
    return std::string(P);
  P = Path;
  sys::fs::make_absolute(P);
  sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  return std::string(P);
}

/// Whether an entry compiles CUDA: a .cu file, or a command that says
/// `-x cu` / `-x cuda` (nvcc and clang spell it either way).
bool isCudaEntry(StringRef File, const clang::tooling::CompileCommand &Cmd) {
  if (sys::path::extension(File) == ".cu")
    return true;
  const std::vector<std::string> &A = Cmd.CommandLine;
  for (size_t I = 0; I < A.size(); ++I) {
    StringRef Lang = A[I];
    if (Lang == "-x" || Lang == "--x")
      Lang = I + 1 < A.size() ? StringRef(A[I + 1]) : "";
    else if (!Lang.consume_front("-x") && !Lang.consume_front("--x="))
      continue;
    if (Lang == "cu" || Lang == "cuda")
      return true;
  }
  return false;
}

/// The directories a unit's project headers are found in: -I and -iquote of
/// its translated command. System directories (-isystem, the toolkit) are
/// left out: a launch of the project's kernel is not written there.
std::vector<std::string> projectIncludeDirs(ArrayRef<std::string> Args) {
  std::vector<std::string> Dirs;
  for (size_t I = 0; I < Args.size(); ++I) {
    StringRef A = Args[I];
    if ((A == "-I" || A == "-iquote") && I + 1 < Args.size())
      Dirs.push_back(Args[++I]);
    else if (A.consume_front("-I") || A.consume_front("-iquote"))
      Dirs.push_back(A.str());
  }
  return Dirs;
}

/// Appends \p Path's text and then, recursively, the texts of the headers it
/// includes that are found beside it or in \p Dirs, each file once.
void projectFiles(StringRef Path, ArrayRef<std::string> Dirs,
                  StringSet<> &Visited,
                  std::vector<std::unique_ptr<MemoryBuffer>> &Out) {
  if (!Visited.insert(realOrAbsolute(Path)).second)
    return;
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    return;
  std::vector<std::string> Names = includedNames((*Buf)->getBuffer());
  Out.push_back(std::move(*Buf));
  for (const std::string &Name : Names) {
    std::vector<std::string> Where = {sys::path::parent_path(Path).str()};
    append_range(Where, Dirs);
    for (const std::string &D : Where) {
      SmallString<256> P(D);
      sys::path::append(P, Name);
      if (sys::fs::is_regular_file(P)) {
        projectFiles(P, Dirs, Visited, Out);
        break;
      }
    }
  }
}

/// Whether \p Text writes a launch discovery understands.
bool writesLaunch(StringRef Text) {
  return Text.contains("<<<") || Text.contains("cudaLaunch");
}

void addWords(StringRef Text, StringSet<> &Words) {
  for (size_t I = 0; I < Text.size();) {
    if (!isAlpha(Text[I]) && Text[I] != '_') {
      ++I;
      continue;
    }
    size_t E = I;
    while (E < Text.size() && (isAlnum(Text[E]) || Text[E] == '_'))
      ++E;
    Words.insert(Text.slice(I, E));
    I = E;
  }
}

/// The first error of clang's rendered diagnostics, for a note.
std::string firstError(StringRef Diagnostics) {
  SmallVector<StringRef, 16> Lines;
  Diagnostics.split(Lines, '\n', -1, /*KeepEmpty=*/false);
  for (StringRef L : Lines)
    if (L.contains("error: "))
      return L.trim().str();
  return "";
}

/// One site per launch: a launch in a header that several units include is
/// found in each of them.
std::string siteKey(const LaunchSite &L) {
  std::string K = L.Pos.str();
  for (unsigned I = 0; I < 3; ++I)
    K += "," + (L.GridDims[I] ? std::to_string(*L.GridDims[I]) : "?") + "," +
         (L.BlockDims[I] ? std::to_string(*L.BlockDims[I]) : "?");
  K += "," + (L.SharedBytes ? std::to_string(*L.SharedBytes) : "?");
  for (const LaunchArgument &A : L.Args)
    K += "," + (A.Value ? std::to_string(*A.Value) : "?" + A.Text);
  for (const CallSiteRef &C : L.CallChain)
    K += "<" + C.Pos.str();
  return K;
}

} // namespace

LaunchIndex::LaunchIndex(CompileCommandsDB &DB) : DB(DB) {}
LaunchIndex::~LaunchIndex() = default;

void LaunchIndex::listUnits() {
  Listed = true;
  for (const std::string &F : DB.allFiles()) {
    std::optional<FoundCommand> C = DB.commandFor(F);
    if (!C || !C->Inferred.empty())
      continue;
    auto U = std::make_unique<Unit>();
    U->IsCuda = isCudaEntry(F, C->Command);
    U->File = F;
    U->RealPath = realOrAbsolute(F);
    Units.push_back(std::move(U));
  }
}

bool LaunchIndex::mentionsAny(Unit &U, const std::vector<std::string> &Names) {
  if (!U.Words) {
    U.Words.emplace();
    std::vector<std::string> Dirs;
    if (std::optional<FoundCommand> C = DB.commandFor(U.File)) {
      Expected<TranslatedCommand> T = translateCompileCommand(C->Command);
      if (T)
        Dirs = projectIncludeDirs(T->Args);
      else
        consumeError(T.takeError()); // said when the unit is parsed
    }
    StringSet<> Visited;
    std::vector<std::unique_ptr<MemoryBuffer>> Files;
    projectFiles(U.File, Dirs, Visited, Files);
    // The names a launch in this unit can be written with: those of the
    // unit's own file when the unit launches anything (a launcher template
    // in a header may take the kernel from it), and those of each header
    // that writes a launch itself. A header that only declares the
    // kernels, included everywhere, adds none.
    bool Launches = any_of(Files, [](const std::unique_ptr<MemoryBuffer> &B) {
      return writesLaunch(B->getBuffer());
    });
    for (size_t I = 0; I < Files.size(); ++I)
      if (I == 0 ? Launches : writesLaunch(Files[I]->getBuffer()))
        addWords(Files[I]->getBuffer(), *U.Words);
  }
  return any_of(Names, [&](const std::string &N) { return U.Words->count(N); });
}

void LaunchIndex::parse(Unit &U, const CrossTUOptions &Opts) {
  // Which linted file first needs a unit depends on timing under -j: the
  // notes of the search belong to the run (notes()).
  std::vector<std::string> &Notes = RunNotes;
  U.Parsed = true;
  std::string Name = canonicalReportPath(U.File);
  std::string Where =
      Name + ", another translation unit of " + canonicalReportPath(DB.path());
  std::string Skipped = "'" + Name + "' (another translation unit of " +
                        canonicalReportPath(DB.path()) +
                        ") is skipped in the search for launches: ";
  std::optional<FoundCommand> C = DB.commandFor(U.File);
  if (!C)
    return;
  Expected<TranslatedCommand> T = translateCompileCommand(C->Command);
  if (!T) {
    Notes.push_back(Skipped + toString(T.takeError()));
    return;
  }
  // The unit's own flags, between the run's, as the linted file's are
  // (LintRun); without carets clang prints no "N errors generated" line.
  FrontendOptions FO = Opts.Frontend;
  FO.MainFileContents.reset();
  FO.ExtraArgs = {"-fno-caret-diagnostics"};
  append_range(FO.ExtraArgs, Opts.ArgsBefore);
  append_range(FO.ExtraArgs, T->Args);
  append_range(FO.ExtraArgs, Opts.ArgsAfter);
  // A legacy architecture is parsed for one clang knows (TargetModel.h).
  if (!Opts.ExplicitArch.empty())
    FO.GpuArch = TargetModel::parseArchFor(Opts.ExplicitArch);
  else if (!T->GpuArch.empty())
    FO.GpuArch = TargetModel::parseArchFor(T->GpuArch);

  bool Used = false;
  ParseOutcome Out = parseCudaSide(
      U.File, CudaSide::Host, FO, Opts.Toolkit,
      [&](const ParsedSide &S) {
        ErrorPlaces EP = locateErrors(S.Ctx, S.Errors);
        if (S.FatalError || EP.OutsideFunctions)
          return;
        Used = true;
        if (!EP.HostFunctionNames.empty())
          Notes.push_back("'" + Name + "' (another translation unit of " +
                          canonicalReportPath(DB.path()) +
                          ") has host code that clang rejects; its launches "
                          "in '" +
                          join(EP.HostFunctionNames, "', '") +
                          "' are not used");
        const clang::SourceManager &SM = S.Ctx.getSourceManager();
        for (auto &[Key, Call] : callsOfUndefinedFunctions(S.Ctx)) {
          Call.Origin = Where;
          U.Calls[Key].push_back(std::move(Call));
        }
        if (!U.IsCuda)
          return;
        for (KernelInfo &K : discoverKernels(S.Ctx)) {
          // A kernel of internal linkage is another function in every
          // unit, whatever its mangled name.
          if (K.IsTemplatePattern || K.MangledName.empty() ||
              !K.Decl->isExternallyVisible())
            continue;
          for (LaunchSite &L : K.Launches) {
            if (L.Call && EP.contains(SM, L.Call->getBeginLoc()))
              continue;
            L.Call = nullptr; // the AST is gone when the site is used
            L.Origin = Where;
            U.Launches[K.MangledName].push_back(std::move(L));
          }
        }
      },
      nulls(), /*Color=*/false);
  if (!Used) {
    std::string E = firstError(Out.Diagnostics);
    // Clang names the file as it was given, absolute; the note as reports do.
    if (StringRef(E).starts_with(U.File))
      E = Name + E.substr(U.File.size());
    Notes.push_back(Skipped + "it did not parse" +
                    (E.empty() ? std::string() : " (" + E + ")"));
    return;
  }
  if (Opts.Verbose)
    Notes.push_back("parsed '" + Name + "' (another translation unit of " +
                    canonicalReportPath(DB.path()) +
                    ") host-side for launches and calls of functions "
                    "defined elsewhere");
}

std::vector<std::string> LaunchIndex::notes() {
  std::lock_guard<std::mutex> Guard(Lock);
  std::vector<std::string> Out = RunNotes;
  llvm::sort(Out);
  return Out;
}

void LaunchIndex::addLaunches(StringRef File, std::vector<KernelInfo> &Ks,
                              const CrossTUOptions &Opts) {
  std::vector<KernelInfo *> Wanted;
  std::vector<std::string> Names;
  for (KernelInfo &K : Ks) {
    // Only a kernel this file defines is analysed; one with internal
    // linkage cannot be launched from another unit.
    if (K.IsTemplatePattern || !K.Launches.empty() || K.MangledName.empty() ||
        !K.Decl || !K.Decl->hasBody() || !K.Decl->isExternallyVisible() ||
        !K.Decl->getIdentifier() ||
        K.Name.find(Opts.KernelFilter) == std::string::npos)
      continue;
    Wanted.push_back(&K);
    Names.push_back(K.Decl->getName().str());
  }
  if (Wanted.empty())
    return;
  std::lock_guard<std::mutex> Guard(Lock);
  if (!Listed)
    listUnits();

  std::string Own = realOrAbsolute(File);
  std::vector<Unit *> ToParse;
  for (std::unique_ptr<Unit> &U : Units)
    if (U->IsCuda && !U->Parsed && U->RealPath != Own && mentionsAny(*U, Names))
      ToParse.push_back(U.get());
  for (size_t I = 0; I < ToParse.size(); ++I) {
    if (Opts.Progress)
      *Opts.Progress << "\rcuda-access-lint: looking for launches in other "
                        "translation units: "
                     << I + 1 << "/" << ToParse.size() << " "
                     << canonicalReportPath(ToParse[I]->File) << "\x1b[K";
    parse(*ToParse[I], Opts);
  }
  if (Opts.Progress && !ToParse.empty())
    *Opts.Progress << "\r\x1b[K";

  for (KernelInfo *K : Wanted) {
    std::vector<std::string> Keys;
    for (std::unique_ptr<Unit> &U : Units) {
      auto It = U->Launches.find(K->MangledName);
      if (U->RealPath == Own || It == U->Launches.end())
        continue;
      for (const LaunchSite &L : It->second) {
        std::string Key = siteKey(L);
        if (is_contained(Keys, Key))
          continue;
        Keys.push_back(Key);
        K->Launches.push_back(L);
      }
    }
  }
}

std::vector<ExternalCall> LaunchIndex::callsOf(StringRef File,
                                               const clang::FunctionDecl &F,
                                               const CrossTUOptions &Opts) {
  if (!F.getIdentifier())
    return {};
  std::unique_ptr<clang::MangleContext> M(
      F.getASTContext().createMangleContext());
  std::string Key = linkageName(*M, F);
  std::string Name = F.getName().str();
  std::lock_guard<std::mutex> Guard(Lock);
  if (!Listed)
    listUnits();
  std::string Own = realOrAbsolute(File);
  std::vector<ExternalCall> Out;
  for (std::unique_ptr<Unit> &U : Units) {
    if (U->RealPath == Own)
      continue;
    if (!U->Parsed) {
      // Only a unit whose own file writes the name can call the function
      // (a call through a project header's macro is not found).
      if (!U->OwnWords) {
        U->OwnWords.emplace();
        if (ErrorOr<std::unique_ptr<MemoryBuffer>> B =
                MemoryBuffer::getFile(U->File))
          addWords((*B)->getBuffer(), *U->OwnWords);
      }
      if (!U->OwnWords->count(Name))
        continue;
      if (Opts.Progress)
        *Opts.Progress << "\rcuda-access-lint: looking for calls of " << Name
                       << " in " << canonicalReportPath(U->File) << "\x1b[K";
      parse(*U, Opts);
      if (Opts.Progress)
        *Opts.Progress << "\r\x1b[K";
    }
    auto It = U->Calls.find(Key);
    if (It != U->Calls.end())
      append_range(Out, It->second);
  }
  return Out;
}

} // namespace cal
