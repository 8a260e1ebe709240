//===- Suppressions.h - NOLINT comments, as clang-tidy reads them ---------===//
//
// `// NOLINT`, `// NOLINTNEXTLINE` and `// NOLINTBEGIN` ... `// NOLINTEND`,
// each with an optional `(check-glob,...)` list; without one they silence
// every check. A BEGIN with no END after it, or an END with no BEGIN (with
// the same list) before it, is an error, as in clang-tidy.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_LIB_REPORT_SUPPRESSIONS_H
#define CAL_LIB_REPORT_SUPPRESSIONS_H

#include "cal/Report/GlobList.h"
#include "llvm/ADT/StringRef.h"
#include <memory>
#include <string>
#include <vector>

namespace cal {

class Suppressions {
public:
  /// Reads the comments of one file's text.
  explicit Suppressions(llvm::StringRef Text);

  /// The comment that silences \p CheckId on \p Line, as written
  /// ("NOLINTNEXTLINE(cuda-*)"); empty if none does.
  std::string suppressing(unsigned Line, llvm::StringRef CheckId) const;

  struct Error {
    unsigned Line, Column;
    std::string Message;
  };
  /// Unpaired BEGIN/END comments.
  const std::vector<Error> &errors() const { return Errors; }

private:
  struct Directive {
    unsigned FirstLine, LastLine; ///< the lines it covers
    std::string Spelling;
    std::shared_ptr<GlobList> Checks; ///< null: every check
  };
  std::vector<Directive> Directives;
  std::vector<Error> Errors;
};

} // namespace cal

#endif
