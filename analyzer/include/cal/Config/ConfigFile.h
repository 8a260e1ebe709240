//===- ConfigFile.h - .cuda-access-lint.yaml ---------------------*- C++
//-*-===//
//
// A project's settings, found by walking up from each source file as
// clang-tidy finds .clang-tidy:
//
//   Checks: '-*,cuda-shared-*,cuda-uncoalesced-global'
//   CheckOptions:
//     cuda-uncoalesced-global.MinExcessRatio: 1.5
//   Arch: sm_80
//   ExtraArgs: ['-Iinclude', '-DTILE=32']
//   Kernels:
//     - Name: 'transpose*'
//       Block: [32, 8]
//       Grid: [64, 64]
//       Params: { width: 2048, height: 2048 }
//   InheritParentConfig: true
//
// Unknown keys and bad values are errors that name the file, line and
// column, and suggest the nearest valid spelling.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_CONFIG_CONFIGFILE_H
#define CAL_CONFIG_CONFIGFILE_H

#include "cal/Analysis/Analyzer.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cal {

/// The file name looked for in each directory.
constexpr const char *ConfigFileName = ".cuda-access-lint.yaml";

struct ConfigFile {
  /// The files read, nearest last (more than one with InheritParentConfig).
  std::vector<std::string> Paths;
  std::optional<std::string> Checks; ///< globs, appended parent to child
  std::map<std::string, std::string> CheckOptions; ///< "check.Option"
  std::optional<std::string> Arch;
  std::vector<std::string> ExtraArgs, ExtraArgsBefore;
  std::vector<KernelDefaults> Kernels; ///< nearest file's first
  bool InheritParentConfig = false;

  /// Applies \p Child over this (a parent's) configuration.
  void inherit(const ConfigFile &Child);
  /// The effective configuration as YAML, in the format it is read in.
  std::string dump(llvm::ArrayRef<std::pair<std::string, std::string>>
                       AllCheckOptions) const;
};

/// Parses one file's text; \p Path is for messages.
llvm::Expected<ConfigFile> parseConfigFile(llvm::StringRef Text,
                                           llvm::StringRef Path);

/// Finds and reads the configuration that applies to each source file, once
/// per directory.
class ConfigFinder {
public:
  /// \p Explicit: --config-file, used for every file instead of the
  /// search; \p Inline: --config's YAML text, over either.
  explicit ConfigFinder(std::string Explicit = "", std::string Inline = "")
      : Explicit(std::move(Explicit)), Inline(std::move(Inline)) {}
  /// The configuration for \p SourceFile (empty when there is none), or
  /// the error of a file on the way.
  llvm::Expected<ConfigFile> configFor(llvm::StringRef SourceFile);

private:
  llvm::Expected<ConfigFile> forDirectory(llvm::StringRef Dir);
  llvm::Expected<ConfigFile> found(llvm::StringRef SourceFile);
  std::string Explicit, Inline;
  std::map<std::string, ConfigFile> Cache;
};

} // namespace cal

#endif // CAL_CONFIG_CONFIGFILE_H
