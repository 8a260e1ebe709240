//===- LaunchIndex.h - Launches in a database's other files -----*- C++ -*-===//
//
// A kernel is often defined in one file and launched from another: declared
// in a shared header, defined in kernels.cu, launched from main.cu. The
// parse of kernels.cu sees no launch, and the analyzer would assume one.
// With a compilation database, this index looks the launch up in the
// database's other CUDA translation units: each is parsed host-side only,
// with its own entry's compile command, and its launch sites are kept as
// plain data (LaunchSite::Call is null, LaunchSite::Origin names the file),
// keyed by the kernel's mangled name.
//
// Cost: one host-side parse (about as long as the file's own host pass) per
// translation unit looked in, at most once per database and run, and only
// when a kernel of a linted file has no launch of its own. A unit is parsed
// only when it can name the kernel in a launch: its own file writes the
// kernel's name and the unit writes a launch (`<<<` or cudaLaunch*)
// somewhere, or one of the project headers it includes (not the system
// ones) writes both. A unit that merely includes the header declaring the
// kernel is not parsed. A launch whose kernel's name a macro pastes
// together is not found.
//
// The same parse records the unit's calls of host functions it does not
// define (callsOf): a launch wrapper of kernels.cu called only from
// main.cpp takes the arguments of those calls. Any entry of the database
// can hold such a call, C++ ones included; it is parsed only when its own
// file writes the wrapper's name.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_FRONTEND_LAUNCHINDEX_H
#define CAL_FRONTEND_LAUNCHINDEX_H

#include "cal/Discovery/KernelDiscovery.h"
#include "cal/Frontend/CudaFrontend.h"
#include "llvm/ADT/StringRef.h"
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace cal {

class CompileCommandsDB;

/// How the other translation units are parsed: the run's settings around
/// each unit's own compile command, as the linted file's are.
struct CrossTUOptions {
  FrontendOptions Frontend; ///< CudaPath and NoToolkit
  ToolkitInfo Toolkit;
  std::vector<std::string> ArgsBefore; ///< before the entry's flags
  std::vector<std::string> ArgsAfter;  ///< after them
  std::string ExplicitArch;            ///< --arch, over the entry's
  /// Only kernels whose name contains this are looked up (--kernel).
  std::string KernelFilter;
  bool Verbose = false; ///< a note for each unit parsed
  /// Where a progress line goes while units are parsed (a terminal), or
  /// null for none.
  llvm::raw_ostream *Progress = nullptr;
};

/// The launches of one database's CUDA translation units, filled as
/// kernels ask for them. CompileCommandsDB::launchIndex() holds one per
/// database, so that each unit is parsed at most once per run however many
/// files are linted, also from several threads.
class LaunchIndex {
public:
  explicit LaunchIndex(CompileCommandsDB &DB);
  ~LaunchIndex();

  /// Gives each kernel of \p Ks that is defined in this parse, has external
  /// linkage and has no launch, the launches of the same mangled name in the
  /// database's CUDA translation units other than \p File. A unit that does
  /// not parse is skipped with one note (notes()); with
  /// CrossTUOptions::Verbose each unit parsed is noted too.
  void addLaunches(llvm::StringRef File, std::vector<KernelInfo> &Ks,
                   const CrossTUOptions &Opts);
  /// The calls of host function \p F, defined in \p File, in the
  /// database's other translation units (any language: main.cpp calls a
  /// launch wrapper of kernels.cu), each with the integer arguments its unit
  /// knows (KernelDiscovery.h, ExternalCall). A unit is parsed only when its
  /// own file writes F's name, and at most once per run.
  std::vector<ExternalCall> callsOf(llvm::StringRef File,
                                    const clang::FunctionDecl &F,
                                    const CrossTUOptions &Opts);
  /// The notes of the search so far, sorted: they belong to the run, not to
  /// the linted file that happened to need a unit first.
  std::vector<std::string> notes();

private:
  struct Unit;
  void listUnits();
  bool mentionsAny(Unit &U, const std::vector<std::string> &Names);
  void parse(Unit &U, const CrossTUOptions &Opts);
  std::vector<std::string> RunNotes;

  CompileCommandsDB &DB;
  std::vector<std::unique_ptr<Unit>> Units;
  bool Listed = false;
  /// Files linted at the same time share the index: one lookup at a time,
  /// so that a unit is still parsed once.
  std::mutex Lock;
};

} // namespace cal

#endif // CAL_FRONTEND_LAUNCHINDEX_H
