//===- SkippedBodies.cpp - Toolchain function bodies the parse skips ------===//
#include "SkippedBodies.h"
#include "cal/Analysis/Builtins.h"

#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/FileManager.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace clang;
using namespace llvm;

namespace cal {

static void addDir(std::vector<std::string> &Dirs, StringRef D) {
  if (D.empty())
    return;
  std::string S = D.str();
  if (!sys::path::is_separator(S.back()))
    S += sys::path::get_separator();
  Dirs.push_back(S);
  // The toolkit is often reached through a link (/usr/local/cuda).
  SmallString<256> Real;
  if (!sys::fs::real_path(D, Real) && Real != D) {
    Real += sys::path::get_separator();
    Dirs.push_back(std::string(Real));
  }
}

BodySkipper::BodySkipper(const SourceManager &SM, ArrayRef<std::string> Args)
    : SM(SM) {
  addDir(Dirs, "/usr/include");
  addDir(Dirs, "/usr/lib/gcc");
  for (StringRef A : Args) {
    if (A.consume_front("--cuda-path=") || A.consume_front("-resource-dir="))
      addDir(Dirs, A);
  }
}

bool BodySkipper::inToolchain(FileID F) const {
  OptionalFileEntryRef FE = SM.getFileEntryRefForID(F);
  if (!FE)
    return false;
  // Clang names libstdc++ through the GCC installation's relative links
  // (/../lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/...).
  StringRef Name = FE->getFileEntry().tryGetRealPathName();
  if (Name.empty())
    Name = FE->getName();
  return any_of(Dirs,
                [&](const std::string &D) { return Name.starts_with(D); });
}

/// Whether no analysis reads the body of \p FD when a toolchain header
/// defines it: a host-only function, or a free function the interpreter
/// models by its name (atomicAdd, __shfl_down_sync, sqrtf, tex2D). Those
/// are most of the CUDA headers' device bodies.
static bool unread(const FunctionDecl *FD) {
  if (!FD->hasAttr<CUDADeviceAttr>() && !FD->hasAttr<CUDAGlobalAttr>())
    return true;
  return !isa<CXXMethodDecl>(FD) && FD->getIdentifier() &&
         modelledByName(FD->getName());
}

bool BodySkipper::skips(const Decl *D) {
  const FunctionDecl *FD = D->getAsFunction();
  if (!FD || !unread(FD))
    return false;
  SourceLocation L = SM.getExpansionLoc(FD->getLocation());
  if (!SM.isInSystemHeader(L))
    return false;
  FileID F = SM.getFileID(L);
  auto [It, New] = Known.try_emplace(F, false);
  if (New)
    It->second = inToolchain(F);
  return It->second;
}

} // namespace cal
