//===- OccupancyCalls.cpp - The occupancy calculator in host code ---------===//
//
// Programs size their launches with the CUDA runtime's occupancy
// calculator: `cudaOccupancyMaxPotentialBlockSize(&minGrid, &block, k)`
// gives the block size that keeps the most threads resident on an SM and
// the smallest grid that fills the device with it. It is answered here as
// the runtime answers it (cuda_runtime.h's search over block sizes, the
// limits of Occupancy.cpp), on the target model's reference device. The
// kernel's registers per thread are not known before it is compiled, so
// their limit is left out: that is the runtime's answer for a kernel of at
// most 32 registers per thread (64 warps of 32 lanes then fit the 64 Ki
// registers of an SM), and the launch says so.
//
// `cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, k, threads, smem)` is
// not answered. The program already names the block there, and n only
// multiplies the grid (cooperative launches: n times the SMs), which a grid
// computed at run time already stands for; its answer depends on the
// registers as much, and a kernel of more than 32 registers per thread
// (a cooperative conjugate-gradient solver of cuda-samples: 2 blocks of 512
// threads per SM on the H100, not the 4 the limit left out gives) would be
// given a grid it never runs.
//
//===----------------------------------------------------------------------===//
#include "HostConstEval.h"
#include "cal/Analysis/Occupancy.h"
#include "cal/Discovery/KernelDiscovery.h"
#include "cal/Target/TargetModel.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/Support/FormatVariadic.h"

using namespace clang;

namespace cal {

/// The kernel a calculator call names: `k`, `&k`, `k<float>`.
static const FunctionDecl *kernelArgument(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_AddrOf)
    E = UO->getSubExpr()->IgnoreParenImpCasts();
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *FD = DRE ? dyn_cast<FunctionDecl>(DRE->getDecl()) : nullptr;
  return FD && FD->hasAttr<CUDAGlobalAttr>() ? FD : nullptr;
}

std::optional<int64_t> HostConstEval::occupancyOutput(const CallExpr *CE,
                                                      unsigned Arg,
                                                      std::string *Note) {
  if (!S.Device || !S.Device->Model)
    return std::nullopt;
  const TargetModel &TM = *S.Device->Model;
  StringRef Name = CE->getDirectCallee()->getName();
  // The VariableSMem forms size the shared memory by a function of the
  // block size, which is not followed.
  if (Name.contains("VariableSMem") || CE->getNumArgs() <= 2)
    return std::nullopt;
  const FunctionDecl *K = kernelArgument(CE->getArg(2));
  if (!K || !TM.WarpSize)
    return std::nullopt;
  // An argument left to its default is evaluated as its default.
  auto IntArg = [&](unsigned I) -> std::optional<int64_t> {
    return I < CE->getNumArgs() ? evalInt(CE->getArg(I)) : 0;
  };
  std::optional<int64_t> Dynamic = IntArg(3);
  if (!Dynamic || *Dynamic < 0)
    return std::nullopt;
  uint64_t Static = staticSharedBytes(S.Ctx, K);
  uint64_t MaxThreads = TM.MaxThreadsPerBlock;
  if (const auto *LB = K->getAttr<CUDALaunchBoundsAttr>()) {
    Expr::EvalResult R;
    if (LB->getMaxThreads() && LB->getMaxThreads()->EvaluateAsInt(R, S.Ctx))
      MaxThreads =
          std::min<uint64_t>(MaxThreads, R.Val.getInt().getLimitedValue());
  }
  auto BlocksPerSM = [&](uint64_t Threads) -> uint64_t {
    OccupancyResult O = computeOccupancy(TM, unsigned(Threads), std::nullopt,
                                         Static, uint64_t(*Dynamic));
    return O.Modelled ? O.BlocksPerSM : 0;
  };
  std::optional<int64_t> Limit = IntArg(4);
  if (!Limit || *Limit < 0)
    return std::nullopt;
  // cuda_runtime.h: from the largest block size down, one warp at a time,
  // keep the first size with the most resident threads; stop once the SM
  // is full.
  uint64_t Lim = *Limit ? std::min<uint64_t>(*Limit, MaxThreads) : MaxThreads;
  Lim = std::min<uint64_t>(Lim, TM.MaxThreadsPerSM);
  uint64_t Best = 0, BestBlocks = 0, BestThreads = 0;
  for (uint64_t T = (Lim + TM.WarpSize - 1) / TM.WarpSize * TM.WarpSize; T > 0;
       T -= TM.WarpSize) {
    uint64_t Try = std::min(Lim, T), B = BlocksPerSM(Try);
    if (Try * B > BestThreads) {
      Best = Try;
      BestBlocks = B;
      BestThreads = Try * B;
    }
    if (BestThreads == TM.MaxThreadsPerSM)
      break;
  }
  if (!BestBlocks)
    return std::nullopt;
  std::string Said =
      llvm::formatv("{0}({1}) = block {2}, grid {3}", Name, K->getName(), Best,
                    BestBlocks * TM.DeviceSMs);
  Said += " (registers per thread unknown: their limit left out)";
  if (!llvm::is_contained(S.DeviceRead, Said))
    S.DeviceRead.push_back(Said);
  if (Note)
    *Note = Said;
  S.OccupancyRead = true;
  return Arg == 0 ? int64_t(BestBlocks * TM.DeviceSMs) : int64_t(Best);
}

} // namespace cal
