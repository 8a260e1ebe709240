//===- ErrorPlaces.h - Which code a parse's errors touch --------*- C++ -*-===//
//
// Decides what of a parse with errors can still be trusted. An error in the
// body of a host-only function touches no kernel: device code cannot call
// such a function (that call would be an error of its own, in device code);
// only the launches written in that function are lost. An error in device
// code touches the kernels that reach it: their own body, or a function they
// call. An error outside any function body (a declaration, a broken include)
// touches everything.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_FRONTEND_ERRORPLACES_H
#define CAL_FRONTEND_ERRORPLACES_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
class SourceManager;
} // namespace clang

namespace cal {

struct ErrorPlaces {
  /// An error lies outside every function body: nothing can be trusted.
  bool OutsideFunctions = false;
  /// The innermost functions (or lambdas) holding an error, as expansion
  /// ranges; launches written there are not followed.
  std::vector<clang::SourceRange> Functions;
  /// Names of the host-only functions among them, for messages.
  std::vector<std::string> HostFunctionNames;
  /// Host-only functions whose every error clang confined to an expression
  /// it replaced (RecoveryExpr): their launches are still followed, with the
  /// replaced expressions' values unknown.
  std::vector<std::string> RecoveredHostFunctionNames;
  /// Errors whose innermost function is not host-only (expansion locations).
  std::vector<clang::SourceLocation> DeviceErrors;

  bool contains(const clang::SourceManager &SM, clang::SourceLocation L) const;
};

/// Locates \p Errors (as recorded by the diagnostics consumer) in \p Ctx.
ErrorPlaces locateErrors(clang::ASTContext &Ctx,
                         llvm::ArrayRef<clang::SourceLocation> Errors);

/// The first device-code error that \p Kernel runs into: in its own body or
/// in a function it calls, directly or not.
std::optional<clang::SourceLocation>
errorReachedFrom(const clang::FunctionDecl *Kernel, const ErrorPlaces &EP,
                 const clang::SourceManager &SM);

} // namespace cal

#endif // CAL_FRONTEND_ERRORPLACES_H
