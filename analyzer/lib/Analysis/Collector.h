//===- Collector.h - Interpreter events into per-access figures -*- C++ -*-===//
//
// The interpretation pass's event sink: each memory access the interpreter
// reports for a warp goes through the target's models (sectors, wavefronts,
// constant requests) into the kernel's AccessSummary, weighted by the blocks
// the evaluated block stands for; each branch into its BranchSummary; and
// the arithmetic and bytes into the traffic counter of the roofline.
//
//===----------------------------------------------------------------------===//
#ifndef CAL_ANALYSIS_COLLECTOR_H
#define CAL_ANALYSIS_COLLECTOR_H

#include "SimtInterpreter.h"
#include "TrafficCounter.h"
#include "cal/Analysis/Analyzer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"
#include <array>
#include <map>
#include <tuple>

namespace cal {

class Collector : public EventSink {
public:
  Collector(clang::ASTContext &AST, const TargetModel &TM, KernelResult &K,
            bool Dump)
      : Traffic(TM), AST(AST), TM(TM), K(K), Dump(Dump) {}

  unsigned Sample = 0;
  /// Names of the kernel's parameters whose values are sampled, and the
  /// grid dimensions computed at run time (sampled too).
  llvm::StringSet<> SampledParams;
  std::array<bool, 3> GridSampled = {false, false, false};
  void onSampledLoad(const Expr *Atom) override {
    SampledParams.insert(Atom->getName());
  }
  /// Blocks of the grid the current block stands for, normalised per
  /// sample (see Stat).
  double Weight = 1;
  /// The warp being evaluated: its block's key times WarpKeysPerBlock plus
  /// its index in the block (InterpretationPass.cpp).
  uint64_t WarpKey = 0;
  static constexpr uint64_t WarpKeysPerBlock = 4096;
  std::string WarpText;
  /// Bytes and operations over the grid (Roofline.h).
  TrafficCounter Traffic;
  /// By access (K.Accesses' index): its byte offset in thread terms, the
  /// expression IndexText prints; null where none (ClosedForm.cpp).
  std::vector<AccessOffset> OffsetExprs;

  void onArith(OpClass C, unsigned N, uint32_t Active) override {
    Traffic.addOps(C, N, Active);
    // Integer arithmetic in an unrolled loop works on its counters, which
    // are constants there: it folds into the instructions' offsets.
    addIssue(C == OpClass::Int && folds() ? 0 : N);
  }
  void onIssue(unsigned N, uint32_t Active, bool Folds) override {
    if (!Folds || !folds())
      addIssue(N);
  }
  void onWarpEnd() override;
  void onDivision(const clang::Expr *Site, unsigned Extra, uint32_t Active,
                  const std::array<int64_t, MaxLanes> &Divisors) override;
  void onLoop(const clang::Stmt *Loop, bool Enter, bool Unrolled) override {
    if (Enter)
      Loops.push_back({Loop, Unrolled});
    else if (!Loops.empty())
      Loops.pop_back();
  }

  /// For a shared atomic that compiles to a compare-and-swap, the
  /// executions it takes: 1 for atomicCAS; for a floating-point
  /// read-modify-write, a spin loop in which one lane per bank succeeds per
  /// pass, so the lanes of the most used bank (H100 probes). 0 for the
  /// integer atomics, which cost as loads.
  static unsigned casPasses(const clang::Expr *Site,
                            const std::array<LaneAddress, MaxLanes> &Lanes,
                            const TargetModel &TM);

  void onAccess(const clang::Expr *Site, AccessKind Kind, const MemObject &Obj,
                unsigned Bytes, uint32_t Active, const LaneAddresses &Addrs,
                bool UnderUnknown) override;

  void onBranch(const clang::Stmt *S, llvm::StringRef Kind, uint32_t Active,
                uint32_t Taken, uint32_t Unknown, llvm::StringRef Why,
                const Expr *Cond) override;

  void onLoopCapped(const clang::Stmt *Loop) override;

  void onSplitArms(const clang::IfStmt *If, uint64_t ThenStmts,
                   uint64_t ElseStmts, bool LanesLeft, bool Capped) override;
  void onLoopTrips(const clang::Stmt *Loop, unsigned MinTrips,
                   unsigned MaxTrips, bool Capped, bool Unknown) override;

  void onUnsupported(const clang::Stmt *S, llvm::StringRef What) override;

  /// A block-wide barrier starts the warp's next phase (PhaseStarts).
  void onBarrier(const clang::Stmt *S) override;

  void finish();

  /// Records that an access in \p Space was evaluated at \p L, for the
  /// branches kept only for a pointer read-modify-write whose arms hold it.
  void noteRmwArmAccess(clang::SourceLocation L, AddrSpace Space);

  /// Whether some loop stopped before its end.
  bool cappedLoops() const { return !Capped.empty(); }

private:
  clang::ASTContext &AST;
  const TargetModel &TM;
  KernelResult &K;
  bool Dump;
  /// By site, kind, header call and, for a site that reaches two known
  /// memory spaces, the space of the second and later ones (0 otherwise).
  std::map<std::tuple<const void *, unsigned, const void *, unsigned>, unsigned>
      AccessIndex;
  /// Whether \p E names a sampled parameter; memoised, as expressions are
  /// unique per context and conditions repeat across warps.
  bool mentionsSampled(const Expr *E);
  llvm::DenseMap<const Expr *, bool> Mentions;
  llvm::DenseMap<const clang::Stmt *, unsigned> BranchIndex;
  llvm::DenseMap<const clang::Stmt *, unsigned> Occurrence;
  uint64_t OccurrenceWarp = ~0ull;
  llvm::SmallPtrSet<const clang::Stmt *, 4> CappedLoops;
  std::vector<clang::SourceRange> Capped;
  /// Indices into K.Branches of the ifs kept only for a pointer
  /// read-modify-write (BranchSummary::RmwArms).
  llvm::SmallVector<unsigned, 2> RmwBranches;
  /// The barrier phase of the warp being evaluated (KernelResult::
  /// PhaseStarts), and the index of each barrier's phase.
  unsigned Phase = 0;
  uint64_t PhaseWarp = ~0ull;
  llvm::DenseMap<const clang::Stmt *, unsigned> PhaseIndex;
  /// What one request adds to its access's phase (PhaseUse), unweighted:
  /// its main figure, its ideal, the sectors L2 serves (-1: Main), those
  /// left partly written, its lines and their ideal.
  struct RequestUse {
    double Main = 0, Ideal = 0, L2 = -1, Partial = 0, Lines = 0, IdealLines = 0;
  };
  void addToPhase(AccessSummary &A, const RequestUse &R);
  /// The current warp's barrier phase (a new warp starts in phase 0).
  unsigned phase();
  /// Whether an access to \p Obj at \p Lanes is to registers (Collector.cpp).
  bool inRegisters(const MemObject &Obj,
                   const std::array<LaneAddress, MaxLanes> &Lanes);
  /// The warp instructions of an access to \p Obj (inRegisters: none).
  unsigned accessIssue(const MemObject &Obj, bool InRegisters);
  /// Adds \p N to the current phase's entry of \p ByPhase
  /// (DivergenceCost::IdleIssue, DivisionSummary::ExtraIssue).
  void addToPhase(llvm::SmallVectorImpl<std::pair<unsigned, double>> &ByPhase,
                  double N);
  /// Adds \p N warp instructions to the current phase (PhaseIssue).
  void addIssue(double N);
  /// The warp instructions counted so far (unweighted), and, for each `if`
  /// being run, that count after its test and the lanes that took it and
  /// that knew the test.
  double IssueCount = 0;
  struct IfStart {
    double Issue;
    unsigned Taken, Known;
  };
  llvm::DenseMap<const clang::Stmt *, IfStart> IfStarts;
  llvm::DenseMap<const clang::Expr *, unsigned> DivisionIndex;
  /// The loops the warp is in, innermost last, and whether each is
  /// unrolled fully.
  llvm::SmallVector<std::pair<const clang::Stmt *, bool>, 4> Loops;
  /// Whether integer arithmetic on the counters folds here: the warp is in
  /// an unrolled loop.
  bool folds() const {
    return llvm::any_of(Loops, [](const auto &L) { return L.second; });
  }
  /// The sectors the warps of the current block have loaded from global
  /// memory in each barrier phase and not stored to since, while they are
  /// fewer than BlockReuseSectors (then the phase's record starts again);
  /// newLoadSectors: of a load's sectors, those not among its phase's. The
  /// block's warps run together: what one loads, the others find in L1
  /// (docs/gpu-facts.md, "Loads shared by a block's warps").
  llvm::DenseMap<unsigned, llvm::DenseSet<uint64_t>> BlockLoaded;
  uint64_t LoadedBlock = ~0ull;
  /// Every sector the block has loaded, stores or not, while they are
  /// fewer than BlockReuseSectors: a store to one of them finds its line
  /// in L2.
  llvm::DenseSet<uint64_t> BlockRead;
  /// 256 KiB: an SM's L1 and shared memory together, so that a long loop's
  /// old sectors do not count as kept.
  static constexpr unsigned BlockReuseSectors = 8192;
  /// Starts the block's records afresh when the warp is of another block.
  void enterBlock();
  unsigned newLoadSectors(const std::array<LaneAddress, MaxLanes> &Lanes,
                          unsigned Bytes);
  /// Drops a store's or an atomic's sectors from BlockLoaded.
  void forgetLoadSectors(const std::array<LaneAddress, MaxLanes> &Lanes,
                         unsigned Bytes);
  /// The sectors the current warp has stored to since its last block
  /// barrier, while they are fewer than WarpReuseSectors: the bytes written
  /// in each, and, while they are not all written, the access and phase
  /// that counted the sector as partly written (PhaseUse::Partial), to take
  /// it back when a later store of the warp completes it.
  struct StoredSector {
    uint32_t Mask = 0;
    unsigned Access = ~0u, Phase = 0;
  };
  llvm::DenseMap<uint64_t, StoredSector> WarpStored;
  uint64_t StoredWarp = ~0ull;
  /// 32 KiB: a warp's share of the L1 its block's warps and the SM's other
  /// blocks use.
  static constexpr unsigned WarpReuseSectors = 1024;
  /// Of a store's sectors (access \p Access), those that reach L2, each one
  /// the warp stored to before counting TargetModel::L2StoreRepeatShare;
  /// \p Partial: those new to the warp and not all written by the request.
  double l2StoreSectors(const std::array<LaneAddress, MaxLanes> &Lanes,
                        unsigned Bytes, unsigned Access, double &Partial);
  /// Adds \p Paid to the cost of the branch at \p Index for one split
  /// execution of the current warp (DivergenceCost::PerSplit, PerWarp).
  void addSplit(unsigned Index, double Paid);
  /// The split executions of the warp being evaluated, per branch index:
  /// summed into DivergenceCost::PerWarp when the next warp splits the
  /// branch, or at finish().
  struct WarpSplits {
    uint64_t Warp = 0;
    double Weight = 0, Paid = 0;
    unsigned Splits = 0;
  };
  llvm::DenseMap<unsigned, WarpSplits> OpenSplits;
  void closeSplits(unsigned Index, WarpSplits &W);
};

} // namespace cal

#endif // CAL_ANALYSIS_COLLECTOR_H
