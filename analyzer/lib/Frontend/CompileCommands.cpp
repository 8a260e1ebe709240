//===- CompileCommands.cpp - Compilation databases for the analyzer -------===//
//
// The database is read with clang's JSONCompilationDatabase, without the
// interpolation clang's plugin adds: a header gets the command of a file
// that really includes it where there is one (its include paths and macros
// are the ones the header is compiled with), and only then a neighbour's.
//
//===----------------------------------------------------------------------===//
#include "cal/Frontend/CompileCommands.h"
#include "cal/Frontend/LaunchIndex.h"

#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <algorithm>

using namespace llvm;
using clang::tooling::CompileCommand;

namespace cal {

namespace {

std::string realPath(StringRef Path) {
  SmallString<256> Real;
  if (sys::fs::real_path(Path, Real))
    return Path.str();
  return std::string(Real);
}

/// The directories an include is looked up in for \p Cmd: the includer's
/// own directory, then -I, -isystem, -iquote and -idirafter.
std::vector<std::string> includeDirs(const CompileCommand &Cmd,
                                     StringRef Includer) {
  std::vector<std::string> Dirs = {sys::path::parent_path(Includer).str()};
  Expected<TranslatedCommand> T = translateCompileCommand(Cmd);
  if (!T) {
    consumeError(T.takeError());
    return Dirs;
  }
  for (size_t I = 0; I < T->Args.size(); ++I) {
    StringRef A = T->Args[I];
    if (A.consume_front("-I"))
      Dirs.push_back(A.str());
    else if ((A == "-isystem" || A == "-iquote" || A == "-idirafter") &&
             I + 1 < T->Args.size())
      Dirs.push_back(T->Args[++I]);
  }
  return Dirs;
}

std::string absoluteFile(const CompileCommand &Cmd) {
  if (sys::path::is_absolute(Cmd.Filename))
    return Cmd.Filename;
  SmallString<256> P(Cmd.Directory);
  sys::path::append(P, Cmd.Filename);
  return std::string(P);
}

} // namespace

std::vector<std::string> includedNames(StringRef Text) {
  std::vector<std::string> Out;
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    Text = Rest;
    Line = Line.ltrim();
    if (!Line.consume_front("#"))
      continue;
    Line = Line.ltrim();
    if (!Line.consume_front("include"))
      continue;
    Line = Line.ltrim();
    if (Line.empty() || (Line[0] != '"' && Line[0] != '<'))
      continue;
    char Close = Line[0] == '"' ? '"' : '>';
    size_t End = Line.find(Close, 1);
    if (End != StringRef::npos)
      Out.push_back(Line.substr(1, End - 1).str());
  }
  return Out;
}

std::string canonicalReportPath(StringRef Path) {
  SmallString<256> Real;
  if (sys::fs::real_path(Path, Real))
    Real = Path;
  static const std::string Cwd = [] {
    SmallString<256> D, R;
    sys::fs::current_path(D);
    if (sys::fs::real_path(D, R))
      R = D;
    return std::string(R) + "/";
  }();
  StringRef S = Real;
  if (S.consume_front(Cwd))
    return S.str();
  return std::string(Real);
}

CompileCommandsDB::CompileCommandsDB(
    std::unique_ptr<clang::tooling::CompilationDatabase> DB,
    std::string JsonPath)
    : DB(std::move(DB)), JsonPath(std::move(JsonPath)) {
  for (const std::string &F : this->DB->getAllFiles())
    ByRealPath[realPath(F)] = F;
}

CompileCommandsDB::~CompileCommandsDB() = default;

LaunchIndex &CompileCommandsDB::launchIndex() {
  if (!Launches)
    Launches = std::make_unique<LaunchIndex>(*this);
  return *Launches;
}

std::vector<std::string> CompileCommandsDB::launchSearchNotes() {
  return Launches ? Launches->notes() : std::vector<std::string>();
}

Expected<std::unique_ptr<CompileCommandsDB>>
CompileCommandsDB::load(StringRef Path) {
  SmallString<256> Json(Path);
  if (sys::fs::is_directory(Path))
    sys::path::append(Json, "compile_commands.json");
  if (!sys::fs::exists(Json))
    return createStringError(inconvertibleErrorCode(),
                             "no compile_commands.json at '%s' (give the "
                             "build directory, or the file itself)",
                             Json.c_str());
  std::string Err;
  std::unique_ptr<clang::tooling::JSONCompilationDatabase> DB =
      clang::tooling::JSONCompilationDatabase::loadFromFile(
          Json, Err, clang::tooling::JSONCommandLineSyntax::AutoDetect);
  if (!DB)
    return createStringError(inconvertibleErrorCode(),
                             "cannot read compilation database '%s': %s",
                             Json.c_str(), Err.c_str());
  return std::unique_ptr<CompileCommandsDB>(
      new CompileCommandsDB(std::move(DB), std::string(Json)));
}

std::vector<std::string> CompileCommandsDB::allFiles() const {
  std::vector<std::string> Files = DB->getAllFiles();
  llvm::sort(Files);
  Files.erase(std::unique(Files.begin(), Files.end()), Files.end());
  return Files;
}

std::optional<FoundCommand> CompileCommandsDB::commandFor(StringRef File) {
  auto It = ByRealPath.find(realPath(File));
  if (It != ByRealPath.end()) {
    std::vector<CompileCommand> Cmds = DB->getCompileCommands(It->second);
    // A file built in several targets has several entries; the first is
    // taken, as clang-tidy does.
    if (!Cmds.empty())
      return FoundCommand{std::move(Cmds.front()), ""};
  }
  if (!isHeaderFile(File))
    return std::nullopt;
  if (std::optional<FoundCommand> C = commandFromIncluder(File))
    return C;
  return commandFromNeighbour(File);
}

std::optional<FoundCommand>
CompileCommandsDB::commandFromIncluder(StringRef Header) {
  std::string Real = realPath(Header);
  StringRef Name = sys::path::filename(Header);
  for (const std::string &F : allFiles()) {
    auto Buf = MemoryBuffer::getFile(F);
    if (!Buf)
      continue;
    std::vector<std::string> Names = includedNames((*Buf)->getBuffer());
    if (none_of(Names, [&](const std::string &N) {
          return sys::path::filename(N) == Name;
        }))
      continue;
    std::vector<CompileCommand> Cmds = DB->getCompileCommands(F);
    if (Cmds.empty())
      continue;
    // The spelling must resolve to this header through the includer's own
    // search path, not merely share its file name.
    for (const std::string &Dir :
         includeDirs(Cmds.front(), absoluteFile(Cmds.front())))
      for (const std::string &N : Names) {
        SmallString<256> P(Dir);
        sys::path::append(P, N);
        if (sys::fs::exists(P) && realPath(P) == Real)
          return FoundCommand{std::move(Cmds.front()),
                              "of '" + canonicalReportPath(F) +
                                  "', which includes it,"};
      }
  }
  return std::nullopt;
}

std::optional<FoundCommand>
CompileCommandsDB::commandFromNeighbour(StringRef Header) {
  // A source in the same directory, a CUDA one first: its flags are the
  // best guess for a header that nothing in the database includes.
  // The path must outlive Dir, which points into it.
  std::string HeaderPath = realPath(Header);
  StringRef Dir = sys::path::parent_path(HeaderPath);
  std::string Best;
  for (const std::string &F : allFiles()) {
    if (sys::path::parent_path(realPath(F)) != Dir)
      continue;
    bool Cuda = sys::path::extension(F) == ".cu";
    if (Best.empty() || (Cuda && sys::path::extension(Best) != ".cu"))
      Best = F;
  }
  if (Best.empty())
    return std::nullopt;
  std::vector<CompileCommand> Cmds = DB->getCompileCommands(Best);
  if (Cmds.empty())
    return std::nullopt;
  return FoundCommand{std::move(Cmds.front()), "of '" +
                                                   canonicalReportPath(Best) +
                                                   "' in the same directory,"};
}

std::vector<std::string> CompileCommandsFinder::launchSearchNotes() {
  std::vector<std::string> Out;
  if (Explicit)
    Out = Explicit->launchSearchNotes();
  for (auto &E : ByDir)
    append_range(Out, E.second->launchSearchNotes());
  llvm::sort(Out);
  return Out;
}

CompileCommandsDB *CompileCommandsFinder::databaseFor(StringRef File) {
  if (Explicit)
    return Explicit.get();
  SmallString<256> Abs(File);
  sys::fs::make_absolute(Abs);
  for (StringRef Dir = sys::path::parent_path(Abs); !Dir.empty();
       Dir = sys::path::parent_path(Dir)) {
    auto It = ByDir.find(Dir);
    if (It != ByDir.end())
      return It->second.get();
    for (const char *Sub : {"", "build"}) {
      SmallString<256> Json(Dir);
      sys::path::append(Json, Sub, "compile_commands.json");
      if (!sys::fs::exists(Json))
        continue;
      Expected<std::unique_ptr<CompileCommandsDB>> DB =
          CompileCommandsDB::load(Json);
      if (!DB) {
        // A broken database above the file is not the user's choice of
        // flags; the file is parsed as if there were none.
        consumeError(DB.takeError());
        continue;
      }
      return (ByDir[Dir] = std::move(*DB)).get();
    }
  }
  return nullptr;
}

} // namespace cal
