//===- Annotations.h - `// cuda-access-lint:` comments ----------*- C++ -*-===//
//
// `// cuda-access-lint: block(32,8) grid(128,128) param(n=4096)` (or the
// same in a `/* */` comment) in the comment lines directly above a kernel
// or its template header. An item the reader does not understand, or an
// annotation separated from its kernel by a blank line, is reported with
// what was ignored (cuda-annotation), never dropped silently.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_LIB_ANALYSIS_ANNOTATIONS_H
#define CAL_LIB_ANALYSIS_ANNOTATIONS_H

#include "cal/Analysis/Analyzer.h"
#include <optional>

namespace clang {
class FunctionDecl;
} // namespace clang

namespace cal {

/// What an annotation sets.
struct Annotation {
  std::optional<Dim3> Block, Grid;
  std::map<std::string, int64_t> Params;
};

/// The annotation of \p FD, if any; problems with it go to \p Issues.
std::optional<Annotation> annotationFor(clang::ASTContext &Ctx,
                                        const clang::FunctionDecl *FD,
                                        std::vector<AnnotationIssue> &Issues);

} // namespace cal

#endif
