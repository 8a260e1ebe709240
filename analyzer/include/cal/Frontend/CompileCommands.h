//===- CompileCommands.h - Compilation databases for the analyzer -*- C++
//-*-===//
//
// Finds the compile command of each input in a compilation database
// (compile_commands.json, read through clang's tooling classes), including
// the commands CMake writes for nvcc, and turns it into arguments for the
// analyzer's clang parse. A header with no entry borrows the command of a
// file that includes it, or of a neighbour, as clangd does.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_FRONTEND_COMPILECOMMANDS_H
#define CAL_FRONTEND_COMPILECOMMANDS_H

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cal {

/// One database entry, rewritten for clang's driver.
struct TranslatedCommand {
  /// Arguments for clang, without the compiler and the source file: include
  /// paths made absolute against the entry's directory, nvcc's spellings
  /// translated, and flags that write files or pick a phase removed.
  std::vector<std::string> Args;
  /// The GPU architecture the command compiles for (`sm_90`, `sm_90a`), from
  /// -gencode/-arch/-code or --cuda-gpu-arch/--offload-arch; empty if none.
  std::string GpuArch;
  /// Flags that clang does not understand and that are not known nvcc
  /// flags; dropped, and named in one note per file.
  std::vector<std::string> Unknown;
  /// Known flags that have no meaning for a syntax-only parse (nvcc's
  /// -rdc, --expt-*, -Xptxas, output and dependency files...); dropped and
  /// shown only with -v.
  std::vector<std::string> Ignored;
  /// nvcc's -Xptxas -dlcm=ca ("cached": global loads in L1) or =cg
  /// ("uncached": L2 only), dropped from the parse but kept for Fermi's
  /// model; empty when not given.
  std::string LegacyL1;
};

/// Rewrites \p Cmd (written for nvcc, clang or gcc) for the analyzer's
/// host-side clang parse. nvcc's --options-file/-optf files are read
/// relative to the entry's directory; a file that cannot be read is an
/// error.
llvm::Expected<TranslatedCommand>
translateCompileCommand(const clang::tooling::CompileCommand &Cmd);

/// Rewrites the arguments given after `--` on the command line, as a
/// Makefile user copies them from an nvcc rule (`-arch=sm_60`, `-gencode
/// ...`, `-rdc=true`, `-Xcompiler=-Wall`) or as a clang user writes them:
/// the same translation as a database entry compiled by nvcc, with paths
/// relative to \p Directory (the working directory).
llvm::Expected<TranslatedCommand>
translateCommandLineArgs(llvm::ArrayRef<std::string> Args,
                         llvm::StringRef Directory);

/// The nvcc options the translation knows, as (short, long) spellings
/// without dashes, for the test that holds them against `nvcc --help`.
std::vector<std::pair<std::string, std::string>> knownNvccOptions();

/// The architecture named by one nvcc -gencode/-arch/-code value or clang
/// --cuda-gpu-arch value, as `sm_NN` with any suffix (`sm_90a`); the highest
/// when several are named; empty for `native`, `all` and the like.
std::string gpuArchFromNvccValue(llvm::StringRef Value);

/// Whether \p Path names a header (.cuh, .h, .hpp, ...), which has no entry
/// of its own in a database.
bool isHeaderFile(llvm::StringRef Path);

/// The file names in the `#include "..."` and `#include <...>` lines of
/// \p Text. A textual scan: an include under an #if that is off still
/// counts, which is what a header lookup wants.
std::vector<std::string> includedNames(llvm::StringRef Text);

/// The path spelling reports use for \p Path: relative to the working
/// directory when under it, else absolute, with symbolic links resolved.
std::string canonicalReportPath(llvm::StringRef Path);

/// A command found for one input, with how it was found.
struct FoundCommand {
  clang::tooling::CompileCommand Command;
  /// Empty for the file's own entry, else "from 'a.cu', which includes
  /// it" or "from 'b.cu' in the same directory".
  std::string Inferred;
};

class LaunchIndex;

/// One compile_commands.json and the lookups on it.
class CompileCommandsDB {
public:
  ~CompileCommandsDB();

  /// Loads \p Path: a compile_commands.json, or a directory that holds one
  /// (the -p argument).
  static llvm::Expected<std::unique_ptr<CompileCommandsDB>>
  load(llvm::StringRef Path);

  /// The command for \p File: its own entry; else, for a header, the entry
  /// of a file that includes it, else of a source in the same directory.
  std::optional<FoundCommand> commandFor(llvm::StringRef File);

  /// Every source file in the database, sorted.
  std::vector<std::string> allFiles() const;

  /// The compile_commands.json this was read from.
  llvm::StringRef path() const { return JsonPath; }

  /// The launches written in this database's translation units, for
  /// kernels launched from another file than their own (LaunchIndex.h).
  /// Made on first use and kept with the database, so that each unit is
  /// parsed at most once per run.
  LaunchIndex &launchIndex();
  /// The notes of the launch search, if there was one.
  std::vector<std::string> launchSearchNotes();

private:
  CompileCommandsDB(std::unique_ptr<clang::tooling::CompilationDatabase> DB,
                    std::string JsonPath);
  std::optional<FoundCommand> commandFromIncluder(llvm::StringRef Header);
  std::optional<FoundCommand> commandFromNeighbour(llvm::StringRef Header);

  std::unique_ptr<clang::tooling::CompilationDatabase> DB;
  std::string JsonPath;
  /// Real path -> the database's spelling, for lookups by any spelling.
  llvm::StringMap<std::string> ByRealPath;
  std::unique_ptr<LaunchIndex> Launches;
};

/// The databases of a run: the one given with -p, or those discovered
/// above each input, loaded once per directory.
class CompileCommandsFinder {
public:
  /// \p ExplicitDB from -p; nullptr to discover.
  explicit CompileCommandsFinder(std::unique_ptr<CompileCommandsDB> ExplicitDB)
      : Explicit(std::move(ExplicitDB)) {}
  /// The database that covers \p File, or nullptr: the -p one, else the
  /// nearest compile_commands.json in the file's directory or a parent, or
  /// in a `build/` directory beside one (as clangd looks).
  CompileCommandsDB *databaseFor(llvm::StringRef File);
  /// The notes of every database's launch search, for the end of the run.
  std::vector<std::string> launchSearchNotes();

private:
  std::unique_ptr<CompileCommandsDB> Explicit;
  llvm::StringMap<std::unique_ptr<CompileCommandsDB>> ByDir;
};

} // namespace cal

#endif // CAL_FRONTEND_COMPILECOMMANDS_H
