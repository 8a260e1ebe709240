//===- HostConstEval.h - Constant values of host launch expressions -------===//
//
// Clang's constant evaluator stops at non-constexpr locals such as
// `dim3 block(32, 8);` or `int n = 4096;`. Launch configurations are mostly
// written that way, so this evaluator also follows the initializer of a local
// that is never written after its declaration.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_LIB_DISCOVERY_HOSTCONSTEVAL_H
#define CAL_LIB_DISCOVERY_HOSTCONSTEVAL_H

#include "cal/Discovery/KernelDiscovery.h"
#include "llvm/ADT/DenseMap.h"

namespace clang {
class Expr;
class VarDecl;
class Stmt;
} // namespace clang

namespace cal {

class HostConstEval {
public:
  HostConstEval(clang::ASTContext &Ctx, const clang::Stmt *FunctionBody);
  std::optional<int64_t> evalInt(const clang::Expr *E);
  std::optional<Dim3> evalDim3(const clang::Expr *E);

private:
  bool isNeverWritten(const clang::VarDecl *VD);
  clang::ASTContext &Ctx;
  const clang::Stmt *Body;
  llvm::DenseMap<const clang::VarDecl *, bool> Written;
  bool Scanned = false;
  unsigned Depth = 0;
};

} // namespace cal

#endif
