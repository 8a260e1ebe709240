//===- SharedPaddingFix.cpp - Pad a shared 2-D tile's row by one ----------===//
//
// The fix for a column walk over `__shared__ T tile[R][C]`: declare it
// `tile[R][C + 1]`, so that lanes one row apart are C + 1 words apart and
// fall in different banks. It is offered only where it cannot change what
// the program computes: every use of the array is a full subscript
// `tile[i][j]` (never a decayed pointer, `sizeof`, or a partial subscript
// that would see the new row length), the declaration and its last size
// are written in the file, and the padded array still fits the 48 KiB of
// static shared memory per block. Whether it removes the conflict, and
// worsens nothing else, is proven afterwards by re-analysis (LintRun).
//
//===----------------------------------------------------------------------===//
#include "CheckSupport.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace cal {

namespace {

/// Whether every reference to \p VD in \p Root is the base of \p Dims
/// nested subscripts.
class FullSubscriptUses : public RecursiveASTVisitor<FullSubscriptUses> {
public:
  FullSubscriptUses(const VarDecl *VD, unsigned Dims, ASTContext &Ctx)
      : VD(VD), Dims(Dims), Ctx(Ctx) {}
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (E->getDecl() != VD)
      return true;
    const Expr *Cur = E;
    for (unsigned D = 0; D < Dims && Ok; ++D) {
      const auto *Cast = parentAs<ImplicitCastExpr>(Cur);
      const auto *Sub = Cast && Cast->getCastKind() == CK_ArrayToPointerDecay
                            ? parentAs<ArraySubscriptExpr>(Cast)
                            : nullptr;
      if (!Sub || Sub->getBase()->IgnoreParens() != Cast) {
        Ok = false;
        break;
      }
      Cur = Sub;
    }
    // The element itself may only be read or written: its address, a
    // reference to it or pointer arithmetic on it could reach past the row.
    if (Ok)
      Ok = elementUseIsPlain(Cur);
    return Ok;
  }
  bool Ok = true;

private:
  bool elementUseIsPlain(const Expr *E) {
    DynTypedNodeList Ps = Ctx.getParents(*E);
    if (Ps.size() != 1)
      return false;
    if (const auto *C = Ps[0].get<ImplicitCastExpr>())
      return C->getCastKind() == CK_LValueToRValue;
    if (const auto *B = Ps[0].get<BinaryOperator>())
      return B->isAssignmentOp() && B->getLHS()->IgnoreParens() == E;
    if (const auto *U = Ps[0].get<UnaryOperator>())
      return U->isIncrementDecrementOp();
    if (const auto *M = Ps[0].get<MemberExpr>())
      return !M->isArrow();
    return false;
  }

  template <typename T> const T *parentAs(const Expr *E) {
    for (;;) {
      DynTypedNodeList Ps = Ctx.getParents(*E);
      if (Ps.size() != 1)
        return nullptr;
      if (const auto *P = Ps[0].get<ParenExpr>()) {
        E = P;
        continue;
      }
      return Ps[0].get<T>();
    }
  }
  const VarDecl *VD;
  unsigned Dims;
  ASTContext &Ctx;
};

} // namespace

std::optional<FixItHint> sharedPaddingFix(const AccessSummary &A,
                                          const TargetModel &TM) {
  const VarDecl *VD = A.SharedArray;
  if (!VD || !VD->getTypeSourceInfo() || A.FirstWarpOffsets.size() < 2)
    return std::nullopt;
  ASTContext &Ctx = VD->getASTContext();
  const auto *Outer = Ctx.getAsConstantArrayType(VD->getType());
  if (!Outer)
    return std::nullopt;
  // The innermost dimension is the row; its element is not an array.
  unsigned Dims = 1;
  const ConstantArrayType *Row = Outer;
  while (const auto *Inner =
             Ctx.getAsConstantArrayType(Row->getElementType())) {
    Row = Inner;
    ++Dims;
  }
  if (Dims < 2)
    return std::nullopt;
  uint64_t ElemBytes =
      Ctx.getTypeSizeInChars(Row->getElementType()).getQuantity();
  uint64_t RowBytes = ElemBytes * Row->getSize().getZExtValue();
  // A column walk: consecutive lanes exactly one row apart.
  int64_t D = A.FirstWarpOffsets[1] - A.FirstWarpOffsets[0];
  int64_t L = A.FirstWarpLanes[1] - A.FirstWarpLanes[0];
  if (L != 1 || D != int64_t(RowBytes))
    return std::nullopt;
  uint64_t Bytes = Ctx.getTypeSizeInChars(VD->getType()).getQuantity();
  uint64_t Rows = RowBytes ? Bytes / RowBytes : 0;
  if (Bytes + Rows * ElemBytes > TM.MaxStaticSharedBytes)
    return std::nullopt;

  // Every use must be a full subscript; the uses are in the functions of
  // the translation unit (a __shared__ variable at file scope is visible to
  // all of them).
  FullSubscriptUses Uses(VD, Dims, Ctx);
  const auto *Fn =
      dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
  if (Fn)
    Uses.TraverseDecl(const_cast<FunctionDecl *>(Fn));
  else
    Uses.TraverseAST(Ctx);
  if (!Uses.Ok)
    return std::nullopt;

  // The last size as written, `[32]` or `[TILE]`: insert after it.
  TypeLoc TL = VD->getTypeSourceInfo()->getTypeLoc();
  ConstantArrayTypeLoc Last;
  while (auto AL = TL.getAsAdjusted<ConstantArrayTypeLoc>()) {
    Last = AL;
    TL = AL.getElementLoc();
  }
  if (!Last || !Last.getSizeExpr())
    return std::nullopt;
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange Size = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(Last.getSizeExpr()->getSourceRange()), SM,
      Ctx.getLangOpts());
  if (Size.isInvalid() || SM.isInSystemHeader(Size.getBegin()))
    return std::nullopt;
  return FixItHint::CreateInsertion(Size.getEnd(), " + 1");
}

} // namespace cal
