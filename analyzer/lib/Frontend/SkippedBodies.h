//===- SkippedBodies.h - Toolchain bodies the parse skips ----*- C++ -*-===//
//
// The C++ library, clang's CUDA wrappers and the CUDA toolkit's headers
// define thousands of inline functions whose bodies no analysis needs:
// those headers launch no kernel, the launch evaluator follows the
// project's helpers, not the library's, and the interpreter models atomics,
// shuffles, loads, maths and texture fetches by their names. Host-only
// code is not device code; where the host side of a `__host__ __device__`
// function calls it, the interpreter modelled host code that the GPU never
// runs. Skipping those bodies saves about a sixth of a cold run's CPU
// (docs/benchmark.md), the way clangd skips header bodies in its preambles.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_FRONTEND_SKIPPEDBODIES_H
#define CAL_FRONTEND_SKIPPEDBODIES_H

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"

#include <string>
#include <vector>

namespace cal {

/// Decides which function bodies a parse with compile arguments \p Args
/// skips: those of host-only functions (no `__device__` or `__global__`;
/// constexpr ones clang never skips) defined in a system header of the
/// toolchain: the CUDA toolkit of `--cuda-path=`, clang's resource
/// directory, and the C and C++ libraries under /usr/include and
/// /usr/lib/gcc. A project's headers stay whole even where the build
/// includes them with -isystem (CMake does so for imported targets): the
/// launch evaluator may need a helper there.
class BodySkipper {
public:
  BodySkipper(const clang::SourceManager &SM, llvm::ArrayRef<std::string> Args);
  bool skips(const clang::Decl *D);

private:
  bool inToolchain(clang::FileID F) const;

  const clang::SourceManager &SM;
  std::vector<std::string> Dirs; ///< each ends with a separator
  llvm::DenseMap<clang::FileID, bool> Known;
};

/// A consumer that only says which bodies to skip, added beside a parse's
/// own consumer (a MultiplexConsumer skips a body when every consumer
/// agrees).
class SkipToolchainBodies : public clang::ASTConsumer {
public:
  SkipToolchainBodies(const clang::SourceManager &SM,
                      llvm::ArrayRef<std::string> Args)
      : Skipper(SM, Args) {}
  bool shouldSkipFunctionBody(clang::Decl *D) override {
    return Skipper.skips(D);
  }

private:
  BodySkipper Skipper;
};

} // namespace cal

#endif
