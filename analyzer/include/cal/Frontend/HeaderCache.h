//===- HeaderCache.h - Precompiled CUDA headers between runs ----*- C++ -*-===//
//
// Parsing a CUDA file spends almost all its time in the headers clang's CUDA
// driver includes before the file's first line (__clang_cuda_runtime_wrapper.h
// and the toolkit's cuda_runtime.h behind it): about 0.4-0.6 s, against
// milliseconds of analysis. Those headers depend only on the compile
// arguments, the toolkit and the clang version, so they are precompiled once
// (a PCH of an empty CUDA file) and loaded with -include-pch afterwards.
//
// An entry is keyed by a hash of the clang version, the compile arguments
// and, when an argument is a relative path, the working directory. It is
// used only if every file it was built from still has the size and the
// modification time recorded with it (clang does not check system headers
// itself). A missing or stale entry is rebuilt by a separate low-priority
// process that starts work when the run that asked for it has ended, so that
// run costs what a run without the cache costs; `--header-cache=sync` builds
// the entry in the run instead. Several
// processes may start at once: one builder takes a lock file, the others
// parse without the cache, and every file is written under a unique name and
// renamed into place.
//
// A file's own leading #include lines (its preamble, as clangd calls it)
// join the CUDA headers in an entry of their own, keyed by their text too,
// when the headers they name can be skipped on a second inclusion and hold
// nothing the analyses look for (kernels, launches, __CUDA_ARCH__) outside
// system headers; otherwise that entry records why it is unusable, and the
// lines before the one that reads such a header get an entry of their own
// (or, with none before it, the CUDA headers' entry serves).
//
//===----------------------------------------------------------------------===//
#ifndef CAL_FRONTEND_HEADERCACHE_H
#define CAL_FRONTEND_HEADERCACHE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace cal {

enum class HeaderCacheMode {
  Off,        ///< parse every header every time
  Background, ///< use an entry; build a missing one in another process
  Sync,       ///< use an entry; build a missing one now, then use it
};

class HeaderCache {
public:
  /// \p Dir: where entries live (created when first needed).
  /// \p BuilderExe: the program that builds an entry in the background
  /// (cuda-access-lint itself; it is run with --build-header-cache=<file>).
  HeaderCache(std::string Dir, HeaderCacheMode Mode, std::string BuilderExe);

  /// The PCH to parse with, for compile arguments \p Args (without the input
  /// file), when a valid entry exists or, in Sync mode, could be built.
  /// Otherwise starts a background build (once per entry and process) and
  /// returns nothing. Never fails: a cache that cannot be used is skipped,
  /// and status() says why.
  /// \p Preamble: the text of the file's include lines (preambleOf), to
  /// precompile after the CUDA headers; empty for those alone.
  /// \p Unusable, when given, tells whether the entry's include lines
  /// cannot be cached (then the CUDA headers' entry is the one to ask for).
  /// \p Prefix, when given, receives the include lines before the one that
  /// made them unusable by reading a user's header the analyses must see
  /// (empty if none): those can have an entry of their own.
  std::optional<std::string> find(llvm::ArrayRef<std::string> Args,
                                  llvm::StringRef Preamble = "",
                                  bool *Unusable = nullptr,
                                  std::string *Prefix = nullptr);

  /// Whether find() can return an entry at all (a mode other than off and
  /// a cache directory).
  bool enabled() const { return Mode != HeaderCacheMode::Off && !Dir.empty(); }

  /// Removes the precompiled file of the entry for \p Args after clang
  /// refused to load it (\p Why: clang's reason), and marks its record
  /// unusable with that reason, so that find() neither returns nor rebuilds
  /// it until its inputs change.
  void discard(llvm::ArrayRef<std::string> Args, llvm::StringRef Preamble = "",
               llvm::StringRef Why = "");

  /// The file's leading #include lines (up to the first line that is not
  /// blank, a comment, an #include, `#pragma once`, a one-line #define or
  /// #undef, a `#pragma clang diagnostic ignored` or GCC's, or a
  /// conditional: #if blocks of such lines are kept whole or not at all), one
  /// per line; a quoted name found next to the file (in \p FileDir) becomes
  /// absolute, as the precompiled text lives elsewhere. Empty when there is no
  /// #include.
  static std::string preambleOf(llvm::StringRef Text, llvm::StringRef FileDir);

  /// What the last find() did ("hit", "miss: building in the background",
  /// "stale: <file> changed", ...), for --verbose and the tests.
  std::string status() const;

  /// The default directory: $CAL_CACHE_DIR, else $XDG_CACHE_HOME/
  /// cuda-access-lint, else ~/.cache/cuda-access-lint; empty if none.
  static std::string defaultDir();

  /// Builds the entry that a request file written by find() describes.
  /// Returns success also when another process holds the entry's lock.
  static llvm::Error buildFromRequest(llvm::StringRef RequestFile);

private:
  struct Entry {
    std::string Key, Pch, Deps, Request;
  };
  Entry entryFor(llvm::ArrayRef<std::string> Args,
                 llvm::StringRef Preamble) const;
  void setStatus(std::string S);

  std::string Dir;
  HeaderCacheMode Mode;
  std::string BuilderExe;
  mutable std::mutex Mu;
  llvm::StringSet<> Started; ///< keys whose builder this process started
  std::string Status;
};

} // namespace cal

#endif // CAL_FRONTEND_HEADERCACHE_H
