//===- ErrorPlaces.h - Which functions hold a parse's errors ----*- C++ -*-===//
//
// Decides whether a parse with errors can still be trusted for its kernels:
// it can when every error lies in the body of a host-only function, since
// device code cannot call such a function (that call would be an error of
// its own, in device code).
//
//===----------------------------------------------------------------------===//
#ifndef CAL_FRONTEND_ERRORPLACES_H
#define CAL_FRONTEND_ERRORPLACES_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"
#include <string>
#include <vector>

namespace clang {
class ASTContext;
} // namespace clang

namespace cal {

struct ErrorPlaces {
  /// Every error lies in the body of a host-only function.
  bool OnlyInHostCode = true;
  /// The innermost functions (or lambdas) holding an error, as expansion
  /// ranges, with their names for messages.
  std::vector<clang::SourceRange> Functions;
  std::vector<std::string> Names;

  bool contains(const clang::SourceManager &SM, clang::SourceLocation L) const;
};

/// Locates \p Errors (as recorded by the diagnostics consumer) in \p Ctx.
ErrorPlaces locateErrors(clang::ASTContext &Ctx,
                         llvm::ArrayRef<clang::SourceLocation> Errors);

} // namespace cal

#endif // CAL_FRONTEND_ERRORPLACES_H
