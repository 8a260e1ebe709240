//===- OptionCheck.h - Unknown options and bad values -----------*- C++ -*-===//
//
// llvm::cl reads an unknown option that starts with -h as grouped
// single-letter options and prints the help (so `-header-filter=.*` exits 0
// and turns the lint off in CI). The arguments are checked against the
// registered options before llvm::cl sees them, and each problem is named
// with the nearest valid spelling.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_TOOLS_LINT_OPTIONCHECK_H
#define CAL_TOOLS_LINT_OPTIONCHECK_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include <optional>
#include <string>

namespace cal {

/// An error message for the first of \p Args (argv without the program
/// name, before `--`) that names no registered option; the options of
/// \p Cats are offered as suggestions.
std::optional<std::string>
findUnknownOption(llvm::ArrayRef<const char *> Args,
                  llvm::ArrayRef<const llvm::cl::OptionCategory *> Cats);

/// "invalid value 'x' for --Name; valid values: a, b (did you mean 'a'?)"
/// when \p Value is not one of \p Valid; std::nullopt when it is.
std::optional<std::string>
checkOptionValue(llvm::StringRef Name, llvm::StringRef Value,
                 llvm::ArrayRef<llvm::StringRef> Valid);

/// The nearest of \p Candidates to \p Word by edit distance, if it is close
/// enough to be a likely misspelling.
std::optional<std::string> nearest(llvm::StringRef Word,
                                   llvm::ArrayRef<std::string> Candidates);

} // namespace cal

#endif
