//===- SimtCoopGroups.cpp - Cooperative groups, modelled by name ----------===//
//
// The toolkit implements cooperative_groups with inline PTX (%laneid,
// %lanemask), which the interpreter cannot run. The groups and their
// methods are therefore modelled by name, with the values the CUDA
// Programming Guide defines: a block's thread_rank() is the linear thread
// index x + y*Dx + z*Dx*Dy; tiled_partition<N> cuts the block's linear
// ranks into consecutive groups of N; a grid's thread_rank() is the linear
// block index times the block size plus the block rank.
//
//===----------------------------------------------------------------------===//
#include "SimtInterpreter.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"

namespace cal {

using Value = SimtInterpreter::Value;
using LValue = SimtInterpreter::LValue;
using Record = SimtInterpreter::Record;

static bool inCoopGroups(const clang::Decl *D) {
  for (const clang::DeclContext *C = D->getDeclContext(); C; C = C->getParent())
    if (const auto *NS = dyn_cast<clang::NamespaceDecl>(C))
      if (NS->getName() == "cooperative_groups")
        return true;
  return false;
}

/// The first integral template argument of a specialization (a tile's size).
static std::optional<unsigned>
templateSize(const clang::TemplateArgumentList *Args) {
  if (!Args)
    return std::nullopt;
  for (const clang::TemplateArgument &A : Args->asArray())
    if (A.getKind() == clang::TemplateArgument::Integral)
      return unsigned(A.getAsIntegral().getZExtValue());
  return std::nullopt;
}

/// The group a class of the toolkit stands for, when its type says it.
static Record groupOfClass(const clang::CXXRecordDecl *RD) {
  Record R;
  if (!RD)
    return R;
  llvm::StringRef N = RD->getName();
  if (N == "thread_block") {
    R.Group = Record::Block;
  } else if (N == "grid_group") {
    R.Group = Record::Grid;
  } else if (N.contains("thread_block_tile") || N.contains("tile_base")) {
    const auto *TS = dyn_cast<clang::ClassTemplateSpecializationDecl>(RD);
    if (auto Size = templateSize(TS ? &TS->getTemplateArgs() : nullptr)) {
      R.Group = Record::Tile;
      R.TileSize = *Size;
    }
  }
  return R;
}

std::optional<Value>
SimtInterpreter::constructCoopGroup(const clang::CXXConstructExpr *CC,
                                    uint32_t Active) {
  const clang::CXXRecordDecl *RD = CC->getConstructor()->getParent();
  if (!inCoopGroups(RD))
    return std::nullopt;
  // A group converted to another group type (thread_block_tile<16,
  // thread_block> to thread_block_tile<16>, a tile to thread_group) keeps
  // its shape; the constructors only repack the toolkit's bit fields.
  Record G;
  if (CC->getNumArgs() == 1) {
    const clang::Expr *A = CC->getArg(0);
    Value V;
    if (A->isGLValue()) {
      LValue LV = evalLValue(A, Active);
      if (LV.Kind == LValue::Var)
        V = readVar(LV, A->getType());
    } else {
      V = eval(A, Active);
    }
    if (V.Kind == Value::Rec && V.Fields->Group != Record::NoGroup)
      return V;
    G = groupOfClass(A->getType()->getAsCXXRecordDecl());
  }
  if (G.Group == Record::NoGroup)
    G = groupOfClass(RD);
  if (G.Group == Record::NoGroup)
    return std::nullopt;
  Value V;
  V.Kind = Value::Rec;
  V.Fields = std::make_shared<const Record>(std::move(G));
  return V;
}

std::optional<Value> SimtInterpreter::evalCoopGroups(const clang::CallExpr *CE,
                                                     uint32_t Active) {
  const clang::FunctionDecl *FD = CE->getDirectCallee();
  if (!FD || !FD->getIdentifier() || !inCoopGroups(FD))
    return std::nullopt;
  llvm::StringRef Name = FD->getName();
  clang::QualType T = CE->getType();
  auto groupValue = [&](Record R) {
    Value V;
    V.Kind = Value::Rec;
    V.Fields = std::make_shared<const Record>(std::move(R));
    return V;
  };
  // The group a call is made on: the object's value, or its class.
  auto groupOf = [&](const clang::Expr *Obj, bool Arrow) {
    LValue LV = objectOf(Obj, Arrow, Active);
    if (LV.Kind == LValue::Var) {
      Value V = readVar(LV, Obj->getType());
      if (V.Kind == Value::Rec && V.Fields->Group != Record::NoGroup)
        return *V.Fields;
    }
    clang::QualType OT = Obj->getType();
    if (Arrow && OT->isPointerType())
      OT = OT->getPointeeType();
    return groupOfClass(OT->getAsCXXRecordDecl());
  };

  Record G;
  const auto *MD = dyn_cast<clang::CXXMethodDecl>(FD);
  llvm::SmallVector<const clang::Expr *, 2> Args;
  if (MD) {
    // Most methods are static in the toolkit: the object then appears only
    // as the base of the callee's member expression.
    const clang::Expr *Obj = nullptr;
    bool Arrow = false;
    if (const auto *MC = dyn_cast<clang::CXXMemberCallExpr>(CE))
      Obj = MC->getImplicitObjectArgument();
    if (const auto *ME = dyn_cast<clang::MemberExpr>(
            CE->getCallee()->IgnoreParenImpCasts())) {
      Obj = ME->getBase();
      Arrow = ME->isArrow();
    }
    G = Obj ? groupOf(Obj, Arrow) : groupOfClass(MD->getParent());
    if (G.Group == Record::NoGroup)
      G = groupOfClass(MD->getParent());
    Args.append(CE->arg_begin(), CE->arg_end());
  } else if (Name == "this_thread_block") {
    G.Group = Record::Block;
    return groupValue(G);
  } else if (Name == "this_grid") {
    G.Group = Record::Grid;
    return groupValue(G);
  } else if (Name == "tiled_partition" && CE->getNumArgs() >= 1) {
    (void)eval(CE->getArg(0), Active);
    std::optional<unsigned> Size =
        templateSize(FD->getTemplateSpecializationArgs());
    if (!Size && CE->getNumArgs() == 2) {
      // tiled_partition(parent, n): n must be the same for the warp.
      Value N = eval(CE->getArg(1), Active);
      if (N.Kind == Value::Int) {
        EvalResult R = EC.evaluate(N.L[__builtin_ctz(Active)], Lane[0]);
        if (R.Known && R.Value > 0)
          Size = unsigned(R.Value);
      }
    }
    if (!Size)
      return opaque(T, "tile of unknown size at " + where(CE));
    G.Group = Record::Tile;
    G.TileSize = *Size;
    return groupValue(G);
  } else if ((Name == "sync" || Name == "thread_rank" || Name == "group_size" ||
              Name == "num_threads") &&
             CE->getNumArgs() == 1) {
    // The free forms: cg::sync(g), cg::thread_rank(g), cg::group_size(g).
    G = groupOf(CE->getArg(0), false);
    if (Name == "group_size")
      Name = "num_threads";
  } else {
    return std::nullopt;
  }

  if (Name == "sync" || Name == "barrier_arrive" || Name == "barrier_wait") {
    Sink.onBarrier(CE);
    return Value();
  }
  if (G.Group == Record::NoGroup)
    return opaque(T, "cooperative group of unknown shape at " + where(CE));

  // Linear thread index in the block, and the block's sizes (fixed by the
  // launch).
  const Bindings &B0 = Lane[0];
  IntType U32 = IntType::u32(), U64{64, false};
  auto c32 = [&](int64_t V) { return EC.getConst(V, U32); };
  auto add = [&](const Expr *A, const Expr *B) {
    return EC.getBinary(BinaryOp::Add, A, B);
  };
  auto mul = [&](const Expr *A, const Expr *B) {
    return EC.getBinary(BinaryOp::Mul, A, B);
  };
  uint64_t BlockSize =
      uint64_t(B0.BlockDim[0]) * B0.BlockDim[1] * B0.BlockDim[2];
  uint64_t GridSize = uint64_t(B0.GridDim[0]) * B0.GridDim[1] * B0.GridDim[2];
  const Expr *Rank = add(EC.getBuiltin(AtomKind::ThreadIdx, 0),
                         mul(c32(B0.BlockDim[0]),
                             add(EC.getBuiltin(AtomKind::ThreadIdx, 1),
                                 mul(c32(B0.BlockDim[1]),
                                     EC.getBuiltin(AtomKind::ThreadIdx, 2)))));
  const Expr *BlockRank = add(
      EC.getBuiltin(AtomKind::BlockIdx, 0),
      mul(c32(B0.GridDim[0]),
          add(EC.getBuiltin(AtomKind::BlockIdx, 1),
              mul(c32(B0.GridDim[1]), EC.getBuiltin(AtomKind::BlockIdx, 2)))));
  auto intValue = [&](const Expr *E) {
    Value V;
    V.Kind = Value::Int;
    V.Type = E->getType();
    V.L.fill(E);
    return convert(V, T);
  };
  auto dim3Value = [&](auto Component) {
    Record R;
    if (const auto *RD = T->getAsRecordDecl())
      for (const clang::FieldDecl *F : RD->fields()) {
        llvm::StringRef N = F->getName();
        unsigned C = N == "x" ? 0 : N == "y" ? 1 : N == "z" ? 2 : 3;
        if (C < 3) {
          Value V;
          V.Kind = Value::Int;
          V.Type = U32;
          V.L.fill(Component(C));
          R.Vals[F] = V;
        }
      }
    return groupValue(R);
  };
  unsigned N = G.TileSize;
  bool IsTile = G.Group == Record::Tile, IsGrid = G.Group == Record::Grid;

  if (Name == "thread_rank") {
    if (IsTile)
      return intValue(EC.getBinary(BinaryOp::Rem, Rank, c32(N)));
    if (IsGrid)
      return intValue(
          add(mul(EC.getCast(BlockRank, U64), EC.getConst(BlockSize, U64)),
              EC.getCast(Rank, U64)));
    return intValue(Rank);
  }
  if (Name == "num_threads" || Name == "size")
    return intValue(IsTile   ? c32(N)
                    : IsGrid ? EC.getConst(GridSize * BlockSize, U64)
                             : c32(BlockSize));
  if (IsTile && Name == "meta_group_rank")
    return intValue(EC.getBinary(BinaryOp::Div, Rank, c32(N)));
  if (IsTile && Name == "meta_group_size")
    return intValue(c32((BlockSize + N - 1) / N));
  if (Name == "is_valid")
    return intValue(EC.getBool(true));
  if (IsGrid && (Name == "block_rank"))
    return intValue(BlockRank);
  if (IsGrid && (Name == "num_blocks"))
    return intValue(c32(GridSize));
  if (!IsTile && (Name == "group_index" || Name == "block_index"))
    return dim3Value(
        [&](unsigned C) { return EC.getBuiltin(AtomKind::BlockIdx, C); });
  if (!IsTile && !IsGrid && Name == "thread_index")
    return dim3Value(
        [&](unsigned C) { return EC.getBuiltin(AtomKind::ThreadIdx, C); });
  if (!IsTile && !IsGrid && (Name == "group_dim" || Name == "dim_threads"))
    return dim3Value([&](unsigned C) { return c32(B0.BlockDim[C]); });
  if (IsGrid && (Name == "dim_blocks" || Name == "group_dim"))
    return dim3Value([&](unsigned C) { return c32(B0.GridDim[C]); });
  if (Name.starts_with("shfl") && Args.size() == 2) {
    // tile.shfl_down(v, d): lane r of the tile reads v from rank r + d,
    // or keeps its own where r + d leaves the tile; shfl_up from r - d;
    // shfl_xor from r ^ d; shfl(v, s) from rank s. Tiles of a warp are
    // consecutive lanes, so the source is a lane of the same warp. The
    // source's value is known only where it evaluates to a constant.
    Value V = eval(Args[0], Active);
    Value D = eval(Args[1], Active);
    if (V.Kind != Value::Int)
      return V.Kind == Value::Ptr ? opaque(T, "shuffled pointer") : Value();
    Value R = V;
    unsigned Width = IsTile ? N : MaxLanes;
    for (unsigned I = 0; I < MaxLanes; ++I) {
      if (!(Active >> I & 1))
        continue;
      EvalResult DR =
          D.Kind == Value::Int ? EC.evaluate(D.L[I], Lane[I]) : EvalResult{};
      int64_t Src = -1, Base = I / Width * Width, R0 = I % Width;
      if (DR.Known) {
        if (Name == "shfl_down")
          Src = R0 + DR.Value < Width ? I + DR.Value : I;
        else if (Name == "shfl_up")
          Src = R0 >= DR.Value ? I - DR.Value : I;
        else if (Name == "shfl_xor")
          Src = Base + ((R0 ^ DR.Value) % Width);
        else if (Name == "shfl")
          Src = Base + (DR.Value % Width + Width) % Width;
      }
      EvalResult SV{};
      if (Src >= 0 && Src < int64_t(MaxLanes) && (Active >> Src & 1))
        SV = EC.evaluate(V.L[Src], Lane[Src]);
      R.L[I] =
          SV.Known
              ? EC.getConst(SV.Value, V.Type)
              : EC.getOpaque("value shuffled from another lane at " + where(CE),
                             V.Type);
    }
    return convert(R, T);
  }
  for (const clang::Expr *A : Args)
    (void)eval(A, Active);
  if (T->isVoidType())
    return Value();
  return opaque(T, "result of cooperative_groups '" + Name.str() + "' at " +
                       where(CE));
}

} // namespace cal
