//===- SourceRepairs.cpp - Declarations nvcc accepts and clang rejects ----===//
#include "SourceRepairs.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <set>

using namespace clang;
using namespace llvm;

namespace cal {

std::string absolutePath(StringRef Path) {
  SmallString<256> Abs(Path);
  sys::fs::make_absolute(Abs);
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return std::string(Abs);
}

namespace {

/// The function-scope `__shared__ T x;` declarations that clang rejected
/// because T's default constructor or destructor is not empty (cuda::barrier,
/// cuda::pipeline_shared_state). nvcc accepts them with a warning (#20054-D,
/// "dynamic initialization is not supported for a function-scope static
/// __shared__ variable") and runs neither. Each becomes an edit of its
/// `__shared__` into `__cal_sh__` (cal_nvcc_compat.h), which declares the
/// same variable unconstructed. A written initializer (`x{}`, `x = T()`),
/// a namespace-scope variable or a `__shared__` spelt through the user's own
/// macro stays an error, as nvcc's or as clang's.
/// The declarations are found where clang reported the error (\p Errors),
/// in a template's pattern too (its instantiation, where the error is, may
/// have lost the declaration).
class UnconstructedShared : public RecursiveASTVisitor<UnconstructedShared> {
public:
  UnconstructedShared(const SourceManager &SM,
                      const llvm::DenseSet<SourceLocation::UIntTy> &Errors,
                      std::vector<SourceEdit> &Edits)
      : SM(SM), Errors(Errors), Edits(Edits) {}

  bool VisitVarDecl(VarDecl *VD) {
    if (!Errors.contains(VD->getLocation().getRawEncoding()) ||
        !VD->hasAttr<CUDASharedAttr>() || !VD->isLocalVarDecl() ||
        VD->hasExternalStorage())
      return true;
    // No initializer written: the default construction clang adds (none
    // yet in a template whose type depends on its parameters).
    if (const Expr *Init = VD->getInit()) {
      const auto *CE = dyn_cast<CXXConstructExpr>(Init);
      if (!CE || CE->getNumArgs() || CE->getParenOrBraceRange().isValid())
        return true;
    } else if (!VD->getType()->isDependentType()) {
      return true;
    }
    SourceLocation Name = VD->getLocation();
    SourceLocation Begin = SM.getExpansionLoc(VD->getBeginLoc());
    if (!Name.isFileID() || SM.isInSystemHeader(Name))
      return true;
    FileID FID = SM.getFileID(Name);
    OptionalFileEntryRef FE = SM.getFileEntryRefForID(FID);
    unsigned B = SM.getFileOffset(Begin), N = SM.getFileOffset(Name);
    if (!FE || SM.getFileID(Begin) != FID || B > N)
      return true;
    // The declaration's words before its name: one `__shared__`, and no
    // storage class that `extern` would clash with.
    StringRef Text = SM.getBufferData(FID).slice(B, N);
    std::optional<unsigned> At;
    for (size_t I = 0; I < Text.size();) {
      if (!isAsciiIdentifierContinue(Text[I])) {
        ++I;
        continue;
      }
      size_t E = I;
      while (E < Text.size() && isAsciiIdentifierContinue(Text[E]))
        ++E;
      StringRef W = Text.slice(I, E);
      if (W == "static" || W == "extern" || W == "thread_local" ||
          (W == "__shared__" && At))
        return true;
      if (W == "__shared__")
        At = B + I;
      I = E;
    }
    if (!At)
      return true;
    std::string Path = absolutePath(FE->getName());
    if (!Done.insert({Path, *At}).second)
      return true;
    PresumedLoc PL = SM.getPresumedLoc(Name);
    std::string Where = PL.isValid() ? std::string(PL.getFilename()) + ":" +
                                           std::to_string(PL.getLine()) + ":" +
                                           std::to_string(PL.getColumn())
                                     : "";
    Edits.push_back(
        {Path, *At, "__shared__", "__cal_sh__",
         "the __shared__ variable '" + VD->getNameAsString() + "' at " + Where +
             " is analysed unconstructed, as nvcc compiles it: its type's "
             "constructor or destructor is not empty, which nvcc only warns "
             "about (#20054-D) and clang rejects"});
    return true;
  }

private:
  const SourceManager &SM;
  const llvm::DenseSet<SourceLocation::UIntTy> &Errors;
  std::vector<SourceEdit> &Edits;
  std::set<std::pair<std::string, unsigned>> Done;
};

/// Where a declaration's text begins in a user's file (`__device__`, itself
/// a macro, at its expansion): its absolute path and offset; nullopt in a
/// system header.
std::optional<std::pair<std::string, unsigned>>
textStart(const SourceManager &SM, const Decl *D) {
  SourceLocation L = SM.getExpansionLoc(D->getBeginLoc());
  if (SM.isInSystemHeader(L))
    return std::nullopt;
  OptionalFileEntryRef FE = SM.getFileEntryRefForID(SM.getFileID(L));
  if (!FE)
    return std::nullopt;
  return std::make_pair(absolutePath(FE->getName()), SM.getFileOffset(L));
}

bool sameSignature(const FunctionDecl *A, const FunctionDecl *B) {
  if (A->getDeclName() != B->getDeclName() ||
      A->getNumParams() != B->getNumParams())
    return false;
  const auto *MA = dyn_cast<CXXMethodDecl>(A), *MB = dyn_cast<CXXMethodDecl>(B);
  if (MA && MB && MA->getMethodQualifiers() != MB->getMethodQualifiers())
    return false;
  const ASTContext &Ctx = A->getASTContext();
  for (unsigned I = 0; I < A->getNumParams(); ++I)
    if (!Ctx.hasSameType(A->getParamDecl(I)->getType(),
                         B->getParamDecl(I)->getType()))
      return false;
  return true;
}

/// The execution-space words a declaration lacks to be host and device.
std::string missingSpaces(const FunctionDecl *F) {
  // No attribute at all is host only, and once one is written it is the
  // only side: both words are needed then.
  bool Host = F->hasAttr<CUDAHostAttr>(), Device = F->hasAttr<CUDADeviceAttr>();
  return std::string(Host ? "" : "__host__ ") + (Device ? "" : "__device__ ");
}

} // namespace

void repairUnconstructedShared(const SourceManager &SM,
                               ArrayRef<Decl *> TopLevel,
                               const ErrorSet &Errors,
                               std::vector<SourceEdit> &Edits) {
  UnconstructedShared V(SM, Errors, Edits);
  for (Decl *D : TopLevel)
    V.TraverseDecl(D);
}

void repairTargetRedeclarations(const SourceManager &SM,
                                ArrayRef<Decl *> TopLevel,
                                const ErrorSet &Errors,
                                std::vector<SourceEdit> &Edits) {
  std::set<std::pair<std::string, unsigned>> Done;
  auto Insert = [&](const FunctionDecl *F, const std::string &Note) {
    std::string Words = missingSpaces(F);
    std::optional<std::pair<std::string, unsigned>> At = textStart(SM, F);
    if (Words.empty() || !At || !Done.insert(*At).second)
      return;
    Edits.push_back({At->first, At->second, "", Words, Note});
  };
  for (Decl *D : TopLevel) {
    const auto *Def = dyn_cast<CXXMethodDecl>(D);
    if (!Def || !Def->isOutOfLine() ||
        !Errors.contains(Def->getLocation().getRawEncoding()))
      continue;
    const CXXRecordDecl *RD = Def->getParent();
    // The declaration in the class with the same signature and another
    // side: both become host and device, as nvcc treats them.
    for (const Decl *M : RD->decls()) {
      const auto *In = dyn_cast<CXXMethodDecl>(M);
      if (!In || In == Def || In->isOutOfLine() || !sameSignature(In, Def))
        continue;
      PresumedLoc PL = SM.getPresumedLoc(Def->getLocation());
      std::string Note =
          "'" + Def->getQualifiedNameAsString() + "'" +
          (PL.isValid() ? " at " + std::string(PL.getFilename()) + ":" +
                              std::to_string(PL.getLine())
                        : "") +
          " is analysed as __host__ __device__, as nvcc treats a member "
          "function declared for one side and defined for another "
          "(#20039-D); clang rejects it";
      Insert(In, Note);
      Insert(Def, Note);
      break;
    }
  }
}

} // namespace cal
