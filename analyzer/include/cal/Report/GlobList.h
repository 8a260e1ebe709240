//===- GlobList.h - clang-tidy's check globs ---------------------*- C++
//-*-===//
//
// "-*,cuda-shared-*": a comma-separated list of globs, each optionally
// negated with '-'; the last glob that matches a name decides, as in
// clang-tidy's --checks and NOLINT(...).
//
//===----------------------------------------------------------------------===//
#ifndef CAL_REPORT_GLOBLIST_H
#define CAL_REPORT_GLOBLIST_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Regex.h"
#include <string>
#include <vector>

namespace cal {

class GlobList {
public:
  /// \p Text as written; whitespace around the items is ignored.
  explicit GlobList(llvm::StringRef Text);
  /// Whether the last glob matching \p Name is a positive one.
  bool contains(llvm::StringRef Name) const;
  /// The globs as written, for messages.
  llvm::StringRef text() const { return Text; }

private:
  struct Item {
    bool Positive;
    llvm::Regex Pattern;
  };
  std::string Text;
  std::vector<Item> Items;
};

} // namespace cal

#endif // CAL_REPORT_GLOBLIST_H
