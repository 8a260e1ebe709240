//===- SourceRepairs.h - Declarations nvcc accepts and clang rejects ------===//
//
// A few declarations nvcc compiles (with a warning at most) stop clang's
// parse. Each repair finds them where clang reported its error and gives the
// edit of the source text after which clang accepts them with nvcc's
// meaning; the file is then parsed again with the edits, and each edit's
// note tells the user.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_FRONTEND_SOURCEREPAIRS_H
#define CAL_FRONTEND_SOURCEREPAIRS_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace clang {
class Decl;
class SourceManager;
} // namespace clang

namespace cal {

/// One replacement in a source file's text, for a parse again.
struct SourceEdit {
  std::string Path; ///< absolute, without `.` or `..`
  unsigned Offset = 0;
  std::string Old, New; ///< Old empty: New is inserted at Offset
  std::string Note;     ///< what the user is told about it
};

/// \p Path absolute, without `.` or `..`: SourceEdit::Path.
std::string absolutePath(llvm::StringRef Path);

/// Locations of clang's errors, raw-encoded.
using ErrorSet = llvm::DenseSet<clang::SourceLocation::UIntTy>;

/// Function-scope `__shared__ T x;` whose T has a non-empty constructor or
/// destructor (\p Errors: where clang said "initialization is not supported
/// for __shared__ variables"): analysed unconstructed, as nvcc compiles
/// them (#20054-D).
void repairUnconstructedShared(const clang::SourceManager &SM,
                               llvm::ArrayRef<clang::Decl *> TopLevel,
                               const ErrorSet &Errors,
                               std::vector<SourceEdit> &Edits);

/// A member function declared in its class for one side and defined out of
/// line for another (`Lock(int *p);` in the class, `__device__
/// Lock::Lock(int *p) {...}` after it; \p Errors: where clang said the
/// definition matches no declaration, or cannot overload it): nvcc treats
/// it as `__host__ __device__` (#20039-D, #20040-D), and both declarations
/// say so after the edits.
void repairTargetRedeclarations(const clang::SourceManager &SM,
                                llvm::ArrayRef<clang::Decl *> TopLevel,
                                const ErrorSet &Errors,
                                std::vector<SourceEdit> &Edits);

} // namespace cal

#endif
