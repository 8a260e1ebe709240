//===- FindingFilters.h - Which findings are shown, as clang-tidy does -*- C++
//-*-===//
//
// clang-tidy's options for the findings a run shows: --header-filter,
// --exclude-header-filter, --system-headers, --line-filter and
// --warnings-as-errors. A filtered finding is kept as data, suppressed by
// the option that filtered it (JSON "suppressed", SARIF an external
// suppression), and the summary counts it.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_REPORT_FINDINGFILTERS_H
#define CAL_REPORT_FINDINGFILTERS_H

#include "cal/Report/FileReport.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/Regex.h"
#include <memory>
#include <optional>
#include <vector>

namespace cal {

class FindingFilters {
public:
  /// \p HeaderFilter, \p ExcludeHeaderFilter: regular expressions over a
  /// header's path ("" = not given). \p LineFilter: clang-tidy's JSON,
  /// `[{"name":"file.cu","lines":[[1,3],[5,5]]},{"name":"k.cuh"}]` ("" = not
  /// given). An error names the option whose value is bad.
  static llvm::Expected<FindingFilters>
  create(bool SystemHeaders, llvm::StringRef HeaderFilter,
         llvm::StringRef ExcludeHeaderFilter, llvm::StringRef LineFilter);

  /// Suppresses, in every report, the findings these options hide:
  ///  - in a system header, unless SystemHeaders;
  ///  - in a header (a file that is none of the inputs) whose path the
  ///    header filter does not match, or the exclude filter matches;
  ///  - outside the line filter's files and lines, when it is given.
  /// Findings already suppressed by a comment keep that reason.
  void apply(std::vector<FileReport> &Reports) const;

private:
  struct LineRange {
    unsigned First, Last;
  };
  struct FileLines {
    std::string Name;
    std::vector<LineRange> Lines; ///< empty: every line
  };
  bool SystemHeaders = false;
  std::shared_ptr<llvm::Regex> Header, Exclude;
  std::optional<std::vector<FileLines>> Lines;
};

/// Marks the unsuppressed warnings of the checks \p Globs names (a GlobList
/// text, as --checks) as errors: the text reads "error:" and the check's
/// name "[check,-warnings-as-errors]", as clang-tidy prints them. Returns
/// how many.
unsigned markWarningsAsErrors(std::vector<FileReport> &Reports,
                              llvm::StringRef Globs);

} // namespace cal

#endif // CAL_REPORT_FINDINGFILTERS_H
