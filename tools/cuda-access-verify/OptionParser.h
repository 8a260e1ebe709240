//===- OptionParser.h - cuda-access-verify's command lines ------*- C++ -*-===//
//
// The verifier builds where LLVM is not installed, so it cannot use
// llvm::cl as cuda-access-lint does; this gives it the same conventions:
// `--name value` and `--name=value`, an `error:` prefix, the nearest
// option for a misspelt one, and no page of usage after an error.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_TOOLS_VERIFY_OPTIONPARSER_H
#define CAL_TOOLS_VERIFY_OPTIONPARSER_H

#include <functional>
#include <string>
#include <vector>

struct CliOption {
  std::string Name; ///< "--predictions"
  bool TakesValue;
  /// Applies the value ("" for a flag); false after printing why it is bad.
  std::function<bool(const std::string &)> Apply;
};

/// Parses Argv[1..Argc) against \p Opts, stopping after `--` when
/// \p StopAtDashDash (then \p Rest gets the words after it). Prints
/// "TOOL: error: ..." to standard error and returns false on a bad
/// command line.
bool parseOptions(const std::string &Tool, int Argc, char **Argv,
                  const std::vector<CliOption> &Opts, bool StopAtDashDash,
                  std::vector<std::string> *Rest = nullptr);

/// The option of \p Opts nearest to \p Word by edit distance, if close.
std::string nearestOption(const std::string &Word,
                          const std::vector<CliOption> &Opts);

#endif // CAL_TOOLS_VERIFY_OPTIONPARSER_H
