//===- Occupancy.cpp - Theoretical occupancy per launch -------------------===//
//
// Follows cudaOccMaxActiveBlocksPerMultiprocessor of the toolkit's
// cuda_occupancy.h (CUDA 13.0) for the default function attributes (no
// opt-in carveout preference: the largest carveout), which is what the
// hardware's sm__maximum_warps_per_active_cycle_pct reports.
//
//===----------------------------------------------------------------------===//
#include "cal/Analysis/Occupancy.h"
#include "LaunchPass.h"
#include "cal/Schema/Prediction.h"
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

namespace cal {
namespace {

/// The launch's theoretical occupancy (docs/prediction-schema.md); null
/// with the reason where it is not modelled.
static llvm::json::Value occupancyJSON(const OccupancyResult &O) {
  if (!O.Modelled)
    return llvm::json::Object{{key::Modelled, false}, {key::Reason, O.Why}};
  llvm::json::Object J{{key::Modelled, true},
                       {"registers_per_thread",
                        O.Registers ? llvm::json::Value(int64_t(*O.Registers))
                                    : llvm::json::Value(nullptr)},
                       {"static_shared_bytes", int64_t(O.StaticSharedBytes)},
                       {key::DynamicSharedBytes, int64_t(O.DynamicSharedBytes)},
                       {"threads_per_block", int64_t(O.ThreadsPerBlock)},
                       {"blocks_per_sm", int64_t(O.BlocksPerSM)},
                       {"active_warps_per_sm", int64_t(O.ActiveWarpsPerSM)},
                       {"max_warps_per_sm", int64_t(O.MaxWarpsPerSM)},
                       {key::TheoreticalOccupancyPct, O.Percent},
                       {"limited_by", O.LimitedBy},
                       {key::Certainty, O.Exact ? "exact" : "upper-bound"}};
  if (!O.Registers)
    J["registers_reason"] = O.RegistersWhy;
  return J;
}

class OccupancyPass : public LaunchPass {
public:
  llvm::StringRef name() const override { return key::Occupancy; }
  void run(LaunchState &S, KernelResult &K) const override;
  std::optional<llvm::json::Value> toJSON(const KernelResult &K,
                                          const TargetModel &) const override {
    return occupancyJSON(K.Results.get<OccupancyResult>());
  }
};

void OccupancyPass::run(LaunchState &S, KernelResult &K) const {
  OccupancyResult &O = K.Results.get<OccupancyResult>();
  const LaunchConfig &LC = S.LC;
  if (LC.Assumed) {
    O.Why = "no launch: the block is assumed";
    return;
  }
  std::optional<unsigned> Regs;
  for (const std::string &N : {S.KI.Name, S.KI.MangledName})
    if (auto It = S.Opts.Registers.find(N); It != S.Opts.Registers.end())
      Regs = It->second;
  O = computeOccupancy(
      S.Opts.Target, unsigned(LC.Block[0] * LC.Block[1] * LC.Block[2]), Regs,
      staticSharedBytes(S.Ctx, S.KI.Decl), LC.DynamicSharedBytes);
  if (!Regs && !S.Opts.RegistersWhy.empty())
    O.RegistersWhy = S.Opts.RegistersWhy;
  // A block larger than __launch_bounds__'s maximum does not launch
  // (Programming Guide, "Launch Bounds": the launch fails).
  if (S.KI.LaunchBoundsMaxThreads && O.Modelled &&
      O.ThreadsPerBlock > *S.KI.LaunchBoundsMaxThreads) {
    O.BlocksPerSM = O.ActiveWarpsPerSM = 0;
    O.Percent = 0;
    O.Exact = true;
    O.LimitedBy = "__launch_bounds__(" +
                  std::to_string(*S.KI.LaunchBoundsMaxThreads) +
                  "): the block does not launch";
  }
}

} // namespace

const LaunchPass &occupancyPass() {
  static const OccupancyPass P;
  return P;
}

} // namespace cal
