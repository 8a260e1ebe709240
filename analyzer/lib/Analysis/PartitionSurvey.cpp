//===- PartitionSurvey.cpp - What the blocks running at once touch --------===//
//
// Partition camping (docs/legacy-architectures.md): on compute capability
// 1.x, consecutive 256-byte chunks of global memory go to consecutive
// partitions, and blocks start in the order of their position in the grid.
// When the blocks that run together send their requests to few partitions,
// those partitions queue while the others idle. This pass follows exactly
// those blocks, which the representative blocks of the main evaluation need
// not include.
//
//===----------------------------------------------------------------------===//
#include "PartitionSurvey.h"
#include "LaunchPass.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <algorithm>
#include <map>
#include <set>

namespace cal {

namespace {

/// Records, per global access site, the partitions of the first request
/// each warp makes there.
class FirstTouchSink : public EventSink {
public:
  FirstTouchSink(clang::ASTContext &AST, const TargetModel &TM,
                 PartitionSurvey &Out)
      : AST(AST), TM(TM), Out(Out) {}

  void startWarp() { Seen.clear(); }

  void onAccess(const clang::Expr *Site, AccessKind Kind, const MemObject &Obj,
                unsigned Bytes, uint32_t Active, const LaneAddresses &Addrs,
                bool) override {
    if (Obj.Space != AddrSpace::Global || Kind == AccessKind::Atomic ||
        !Seen.insert({Site, unsigned(Kind)}).second)
      return;
    auto [It, New] = Index.try_emplace({Site, unsigned(Kind)}, Out.Uses.size());
    if (New) {
      PartitionUse &U = Out.Uses.emplace_back();
      U.Pos = makePos(AST, Site->getBeginLoc());
      U.Range = Site->getSourceRange();
      U.Kind = Kind;
      U.Object = Obj.Name;
    }
    PartitionUse &U = Out.Uses[It->second];
    std::vector<uint64_t> &Chunks = ChunksOf[It->second];
    for (unsigned L = 0; L < TargetModel::MaxWarpSize; ++L) {
      if (!(Active >> L & 1))
        continue;
      if (!Addrs.Addr[L].Known) {
        U.Unknown = true;
        continue;
      }
      // Offsets from the object's base: cudaMalloc's alignment puts the
      // base at the start of a 256-byte chunk, in a partition that shifts
      // every chunk of the object alike, so the count of partitions
      // touched does not depend on it.
      uint64_t Off = uint64_t(Addrs.Addr[L].Value) - Obj.Base;
      for (uint64_t C = Off / TM.PartitionBytes;
           C <= (Off + Bytes - 1) / TM.PartitionBytes; ++C) {
        U.PartitionMask |= uint64_t(1) << (C % TM.Partitions);
        Chunks.push_back(C);
      }
    }
  }
  void onBranch(const clang::Stmt *, llvm::StringRef, uint32_t, uint32_t,
                uint32_t, llvm::StringRef, const Expr *) override {}
  void onLoopCapped(const clang::Stmt *) override {}
  void onUnsupported(const clang::Stmt *, llvm::StringRef) override {}

  void finish() {
    for (auto &[I, Chunks] : ChunksOf) {
      llvm::sort(Chunks);
      Out.Uses[I].Chunks =
          unsigned(std::unique(Chunks.begin(), Chunks.end()) - Chunks.begin());
    }
    const clang::SourceManager &SM = AST.getSourceManager();
    std::stable_sort(Out.Uses.begin(), Out.Uses.end(),
                     [&](const PartitionUse &A, const PartitionUse &B) {
                       return SM.isBeforeInTranslationUnit(A.Range.getBegin(),
                                                           B.Range.getBegin());
                     });
  }

private:
  clang::ASTContext &AST;
  const TargetModel &TM;
  PartitionSurvey &Out;
  std::map<std::pair<const void *, unsigned>, unsigned> Index;
  std::set<std::pair<const void *, unsigned>> Seen;
  std::map<unsigned, std::vector<uint64_t>> ChunksOf;
};

} // namespace

unsigned concurrentBlocks(const TargetModel &TM, uint64_t Threads,
                          unsigned &PerSM) {
  PerSM = unsigned(std::min<uint64_t>(
      TM.MaxBlocksPerSM, Threads ? TM.MaxThreadsPerSM / Threads : 0));
  return TM.Multiprocessors * PerSM;
}

void surveyPartitions(clang::ASTContext &Ctx, ExprContext &EC,
                      const TargetModel &TM, const clang::FunctionDecl *Kernel,
                      const SampleInfo &S, const WarpSetup &Setup,
                      KernelResult &K) {
  PartitionSurvey &P = K.Results.get<PartitionSurvey>();
  uint64_t Threads = S.Block[0] * S.Block[1] * S.Block[2];
  uint64_t GridBlocks = S.Grid[0] * S.Grid[1] * S.Grid[2];
  P.Blocks = unsigned(std::min<uint64_t>(
      GridBlocks, concurrentBlocks(TM, Threads, P.BlocksPerSM)));
  P.Sample = S.Description;
  FirstTouchSink Sink(Ctx, TM, P);
  SimtInterpreter Interp(Ctx, EC, TM, Sink);
  unsigned Warps = unsigned((Threads + TM.WarpSize - 1) / TM.WarpSize);
  Interp.setIterationBudget(std::max<uint64_t>(
      LoopIterationCap, KernelIterationBudget /
                            std::max<uint64_t>(1, uint64_t(P.Blocks) * Warps)));
  WarpSetup W = Setup;
  for (unsigned B = 0; B < P.Blocks; ++B) {
    // Launch order: x fastest, then y, then z (the slides: blocks usually
    // start in the order of their position in the grid).
    W.BlockIdx = {B % S.Grid[0], B / S.Grid[0] % S.Grid[1],
                  B / (S.Grid[0] * S.Grid[1])};
    for (unsigned Wp = 0; Wp < Warps; ++Wp) {
      W.WarpInBlock = Wp;
      Sink.startWarp();
      Interp.runWarp(Kernel, W);
    }
  }
  Sink.finish();
}

namespace {

/// Partition camping needs the blocks that run at once: a survey of the
/// first sample's, on targets with a partition layout only.
class PartitionPass : public LaunchPass {
public:
  llvm::StringRef name() const override { return "partitions"; }
  void run(LaunchState &S, KernelResult &K) const override {
    if (S.Opts.Target.Partitions && !K.Samples.empty())
      surveyPartitions(S.Ctx, S.EC, S.Opts.Target, S.KI.Decl, K.Samples.front(),
                       S.FirstSetup, K);
  }
};

} // namespace

const LaunchPass &partitionPass() {
  static const PartitionPass P;
  return P;
}

} // namespace cal
