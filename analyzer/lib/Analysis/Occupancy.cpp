//===- Occupancy.cpp - Theoretical occupancy per launch -------------------===//
//
// Follows cudaOccMaxActiveBlocksPerMultiprocessor of the toolkit's
// cuda_occupancy.h (CUDA 13.0) for the default function attributes (no
// opt-in carveout preference: the largest carveout), which is what the
// hardware's sm__maximum_warps_per_active_cycle_pct reports.
//
//===----------------------------------------------------------------------===//
#include "cal/Analysis/Occupancy.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <algorithm>

using namespace cal;

static uint64_t roundUp(uint64_t V, uint64_t Unit) {
  return Unit ? (V + Unit - 1) / Unit * Unit : V;
}

OccupancyResult cal::computeOccupancy(const TargetModel &TM, unsigned Threads,
                                      std::optional<unsigned> Registers,
                                      uint64_t StaticShared,
                                      uint64_t DynamicShared) {
  OccupancyResult R;
  R.Registers = Registers;
  R.StaticSharedBytes = StaticShared;
  R.DynamicSharedBytes = DynamicShared;
  R.ThreadsPerBlock = Threads;
  if (!TM.modelsOccupancy() || !TM.MaxThreadsPerSM) {
    R.Why = "occupancy is not modelled for " + TM.Arch;
    return R;
  }
  R.Modelled = true;
  R.Exact = Registers.has_value();
  R.MaxWarpsPerSM = TM.MaxThreadsPerSM / TM.WarpSize;
  unsigned Warps = (Threads + TM.WarpSize - 1) / TM.WarpSize;
  if (Warps == 0)
    Warps = 1;
  // Each limit, in the calculator's order; the first smallest one names
  // the limiting resource.
  unsigned Best = TM.MaxBlocksPerSM;
  R.LimitedBy = "blocks";
  auto Limit = [&](unsigned Blocks, const char *What) {
    if (Blocks < Best) {
      Best = Blocks;
      R.LimitedBy = What;
    }
  };
  Limit(R.MaxWarpsPerSM / Warps, "warps");
  if (Registers) {
    // [OCC] registers per warp rounded up to the allocation unit; each of
    // the sub-partitions holds floor(RegsPerSM/SubPartitions / per-warp)
    // warps; a block must fit the 64 Ki registers per block.
    uint64_t PerWarp =
        roundUp(uint64_t(*Registers) * TM.WarpSize, TM.RegisterAllocUnit);
    uint64_t Assumed = PerWarp * roundUp(Warps, TM.RegisterSubPartitions);
    if (*Registers > TM.MaxRegistersPerThread || Assumed > TM.RegistersPerSM)
      Limit(0, "registers");
    else if (PerWarp)
      Limit(unsigned((TM.RegistersPerSM / TM.RegisterSubPartitions / PerWarp) *
                     TM.RegisterSubPartitions / Warps),
            "registers");
  }
  // [OCC] static + reserved + dynamic, rounded to the allocation unit,
  // against the largest carveout; a block over the per-block limit (plus
  // the reserve) does not launch.
  uint64_t Shared =
      roundUp(StaticShared + TM.SharedReservedPerBlock + DynamicShared,
              TM.SharedAllocUnit);
  if (Shared > uint64_t(TM.SharedPerBlockOptIn) + TM.SharedReservedPerBlock)
    Limit(0, "shared memory");
  else if (Shared > 0)
    Limit(unsigned(TM.SharedPerSM / Shared), "shared memory");
  R.BlocksPerSM = Best;
  R.ActiveWarpsPerSM = Best * Warps;
  R.Percent = 100.0 * R.ActiveWarpsPerSM / R.MaxWarpsPerSM;
  if (!Registers)
    R.RegistersWhy = "registers per thread unknown (give --registers "
                     "KERNEL=N, as ptxas -v reports them)";
  return R;
}

namespace {
/// Walks a function and its direct callees once each, adding the size of
/// every __shared__ variable of constant size it declares or names.
class SharedCollector : public clang::RecursiveASTVisitor<SharedCollector> {
public:
  explicit SharedCollector(clang::ASTContext &Ctx) : Ctx(Ctx) {}
  uint64_t Bytes = 0;

  void addVar(const clang::VarDecl *VD) {
    if (!VD || !VD->hasAttr<clang::CUDASharedAttr>() || !Seen.insert(VD).second)
      return;
    clang::QualType T = VD->getType();
    // extern __shared__ T a[]: dynamic, sized by the launch.
    if (T->isIncompleteType() || T->isDependentType())
      return;
    Bytes = roundUp(Bytes, Ctx.getDeclAlign(VD).getQuantity()) +
            Ctx.getTypeSizeInChars(T).getQuantity();
  }
  bool VisitVarDecl(clang::VarDecl *VD) {
    addVar(VD);
    return true;
  }
  bool VisitDeclRefExpr(clang::DeclRefExpr *E) {
    addVar(llvm::dyn_cast<clang::VarDecl>(E->getDecl()));
    return true;
  }
  bool VisitCallExpr(clang::CallExpr *C) {
    if (const clang::FunctionDecl *F = C->getDirectCallee())
      walk(F);
    return true;
  }
  void walk(const clang::FunctionDecl *F) {
    const clang::FunctionDecl *Def = nullptr;
    if (!F || !F->hasBody(Def) || !Done.insert(Def).second)
      return;
    TraverseStmt(Def->getBody());
  }

private:
  clang::ASTContext &Ctx;
  llvm::SmallPtrSet<const clang::VarDecl *, 8> Seen;
  llvm::SmallPtrSet<const clang::FunctionDecl *, 8> Done;
};
} // namespace

uint64_t cal::staticSharedBytes(clang::ASTContext &Ctx,
                                const clang::FunctionDecl *Kernel) {
  SharedCollector C(Ctx);
  C.walk(Kernel);
  return C.Bytes;
}
