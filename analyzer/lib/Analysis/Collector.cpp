//===- Collector.cpp - Interpreter events into per-access figures ---------===//
#include "Collector.h"
#include "CompilerEffects.h"
#include "cal/Models/LocalConstantModels.h"
#include "cal/Models/MemoryModels.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/FormatVariadic.h"

namespace cal {

unsigned Collector::casPasses(const clang::Expr *Site,
                              const std::array<LaneAddress, MaxLanes> &Lanes,
                              const TargetModel &TM) {
  const auto *CE = dyn_cast<clang::CallExpr>(Site);
  const clang::FunctionDecl *FD = CE ? CE->getDirectCallee() : nullptr;
  if (!FD || !FD->getIdentifier() || CE->getNumArgs() < 1)
    return 0;
  llvm::StringRef N = FD->getName();
  if (N.starts_with("atomicCAS"))
    return 1;
  clang::QualType T = CE->getArg(0)->getType()->getPointeeType();
  if (!T->isRealFloatingType() || N.starts_with("atomicExch"))
    return 0;
  std::vector<unsigned> PerBank(TM.SharedBanks, 0);
  unsigned Most = 1;
  for (const LaneAddress &L : Lanes)
    if (L)
      Most = std::max(Most, ++PerBank[*L / TM.BankWidthBytes % TM.SharedBanks]);
  return Most;
}

namespace {
/// Whether \p S waits for the whole block: `__syncthreads` and its votes,
/// or the sync of a cooperative group that is a thread block or the grid
/// (a tile's or a warp's sync orders only its own lanes).
bool isBlockBarrier(const clang::Stmt *S) {
  const auto *CE = dyn_cast<clang::CallExpr>(S);
  const clang::FunctionDecl *FD = CE ? CE->getDirectCallee() : nullptr;
  if (!FD || !FD->getIdentifier())
    return false;
  if (FD->getName().starts_with("__syncthreads"))
    return true;
  const clang::Expr *Group = nullptr;
  if (const auto *MC = dyn_cast<clang::CXXMemberCallExpr>(CE))
    Group = MC->getImplicitObjectArgument();
  else if (CE->getNumArgs() == 1)
    Group = CE->getArg(0);
  if (!Group)
    return false;
  const clang::CXXRecordDecl *RD =
      Group->getType().getNonReferenceType()->getAsCXXRecordDecl();
  return RD && RD->getIdentifier() &&
         (RD->getName() == "thread_block" || RD->getName() == "grid_group");
}
} // namespace

void Collector::onBarrier(const clang::Stmt *S) {
  addIssue(1);
  if (!isBlockBarrier(S))
    return;
  PhaseWarp = WarpKey;
  // What the warp stored has left L1 for L2 by the time the barrier
  // completes; what the block loaded is kept by phase (newLoadSectors).
  WarpStored.clear();
  auto [It, New] = PhaseIndex.try_emplace(S, K.PhaseStarts.size() + 1);
  if (New)
    K.PhaseStarts.push_back(makePos(AST, S->getBeginLoc()));
  Phase = It->second;
}

/// Calls \p F with each sector (its index) that a lane of \p Lanes
/// touches with a \p Bytes-byte access, and the bytes of the sector the
/// lane touches as a mask (bit b: byte b; sectors of at most 32 bytes).
template <typename Fn>
static void forEachSector(const std::array<LaneAddress, MaxLanes> &Lanes,
                          unsigned Bytes, uint64_t Sector, Fn F) {
  for (const LaneAddress &L : Lanes)
    if (L && Bytes)
      for (uint64_t C = *L / Sector; C <= (*L + Bytes - 1) / Sector; ++C) {
        uint64_t Lo = std::max(*L, C * Sector) - C * Sector;
        uint64_t Hi = std::min(*L + Bytes, (C + 1) * Sector) - C * Sector;
        F(C, uint32_t(((uint64_t(1) << (Hi - Lo)) - 1) << Lo));
      }
}

void Collector::enterBlock() {
  uint64_t Block = WarpKey / WarpKeysPerBlock;
  if (LoadedBlock == Block)
    return;
  LoadedBlock = Block;
  BlockLoaded.clear();
  BlockRead.clear();
}

unsigned
Collector::newLoadSectors(const std::array<LaneAddress, MaxLanes> &Lanes,
                          unsigned Bytes) {
  enterBlock();
  llvm::DenseSet<uint64_t> &Loaded = BlockLoaded[phase()];
  if (Loaded.size() > BlockReuseSectors)
    Loaded.clear();
  if (BlockRead.size() > BlockReuseSectors)
    BlockRead.clear();
  unsigned New = 0;
  forEachSector(Lanes, Bytes, TM.SectorBytes, [&](uint64_t C, uint32_t) {
    BlockRead.insert(C);
    New += Loaded.insert(C).second;
  });
  return New;
}

void Collector::forgetLoadSectors(
    const std::array<LaneAddress, MaxLanes> &Lanes, unsigned Bytes) {
  enterBlock();
  for (auto &[Phase, Loaded] : BlockLoaded)
    if (!Loaded.empty())
      forEachSector(Lanes, Bytes, TM.SectorBytes,
                    [&](uint64_t C, uint32_t) { Loaded.erase(C); });
}

double Collector::l2StoreSectors(const std::array<LaneAddress, MaxLanes> &Lanes,
                                 unsigned Bytes, unsigned Access,
                                 double &Partial) {
  if (StoredWarp != WarpKey || WarpStored.size() > WarpReuseSectors) {
    StoredWarp = WarpKey;
    WarpStored.clear();
  }
  enterBlock();
  // The request's own sectors, each once, with the bytes its lanes write.
  llvm::SmallDenseMap<uint64_t, uint32_t, 32> Request;
  forEachSector(Lanes, Bytes, TM.SectorBytes,
                [&](uint64_t C, uint32_t Mask) { Request[C] |= Mask; });
  const uint32_t Whole =
      TM.SectorBytes >= 32 ? ~0u : (1u << TM.SectorBytes) - 1;
  unsigned New = 0;
  Partial = 0;
  for (auto [C, Mask] : Request) {
    auto [It, Inserted] = WarpStored.try_emplace(C);
    StoredSector &Sec = It->second;
    if (Inserted) {
      ++New;
      // A sector the block read is in L2: written in part, it costs as a
      // whole one.
      if (Mask != Whole && !BlockRead.count(C)) {
        ++Partial;
        Sec.Access = Access;
        Sec.Phase = phase();
      }
    } else if ((Sec.Mask | Mask) == Whole && Sec.Access != ~0u) {
      // The warp has now written the whole sector: L1 sends it whole.
      for (AccessSummary::PhaseUse &U : K.Accesses[Sec.Access].Phases)
        if (U.Phase == Sec.Phase)
          U.Partial -= Weight;
      Sec.Access = ~0u;
    }
    Sec.Mask |= Mask;
  }
  return New + (Request.size() - New) * TM.L2StoreRepeatShare;
}

unsigned Collector::phase() {
  // A new warp starts before any barrier.
  if (PhaseWarp != WarpKey) {
    PhaseWarp = WarpKey;
    Phase = 0;
  }
  return Phase;
}

// The issue slots of the time model (LaunchTime.h): what the warp issues,
// estimated from the source by what each construct compiles to on sm_90.
// An operator is one instruction (onArith; a division or a 64-bit integer
// operation adds its sequence, onIssue), a memory access two (the load or
// store and the address: the index scaled by the element size and added to
// the base), a branch or loop test two (the comparison and the branch), a
// barrier one, and a warp four more (reading its indices and parameters,
// and its exit). In a loop the compiler unrolls fully, the loop's test and
// the integer arithmetic are gone (accessIssue, onArith). For 37 of the
// 38 kernels of the development fixes this is within a factor of 2 of what
// ncu counts on the H200 (docs/costs.md, "Issue slots").
void Collector::addIssue(double N) {
  unsigned P = phase();
  if (K.PhaseIssue.size() <= P)
    K.PhaseIssue.resize(P + 1);
  K.PhaseIssue[P] += N * Weight;
  IssueCount += N;
}

unsigned Collector::accessIssue(const MemObject &Obj, bool InRegisters) {
  if (InRegisters)
    return 0;
  if (!folds())
    return 2; // the address, then the load or store
  // Unrolled, the address is a register set before the loop plus a
  // constant offset in the instruction; a constant-bank read at a constant
  // offset is an operand of the instruction that uses it.
  return Obj.Space == AddrSpace::Constant ? 0 : 1;
}

void Collector::onDivision(const clang::Expr *Site, unsigned Extra,
                           uint32_t Active,
                           const std::array<int64_t, MaxLanes> &Divisors) {
  addIssue(Extra);
  auto [It, New] = DivisionIndex.try_emplace(Site, K.Divisions.size());
  if (New) {
    DivisionSummary &D = K.Divisions.emplace_back();
    const auto *BO = dyn_cast<clang::BinaryOperator>(Site);
    D.Pos = makePos(AST, BO ? BO->getOperatorLoc() : Site->getBeginLoc());
    D.Range = Site->getSourceRange();
    D.Remainder = BO && (BO->getOpcode() == clang::BO_Rem ||
                         BO->getOpcode() == clang::BO_RemAssign);
    D.MinDivisor = INT64_MAX;
    D.MaxDivisor = 0;
  }
  DivisionSummary &D = K.Divisions[It->second];
  for (unsigned I = 0; I < MaxLanes; ++I) {
    if (!(Active >> I & 1))
      continue;
    int64_t V = Divisors[I];
    if (V <= 0 || (V & (V - 1)))
      D.PowerOfTwo = false;
    else {
      D.MinDivisor = std::min(D.MinDivisor, V);
      D.MaxDivisor = std::max(D.MaxDivisor, V);
    }
  }
  addToPhase(D.ExtraIssue, Extra * Weight);
}

void Collector::addToPhase(
    llvm::SmallVectorImpl<std::pair<unsigned, double>> &ByPhase, double N) {
  unsigned P = phase();
  auto Use =
      llvm::find_if(ByPhase, [&](const auto &U) { return U.first == P; });
  if (Use == ByPhase.end())
    ByPhase.push_back({P, N});
  else
    Use->second += N;
}

void Collector::onWarpEnd() {
  addIssue(4);
  Loops.clear();
}

bool Collector::inRegisters(const MemObject &Obj,
                            const std::array<LaneAddress, MaxLanes> &Lanes) {
  // A thread's own array or structure used at one offset in every lane,
  // outside loops or in loops unrolled fully, is used at constant offsets:
  // the compiler keeps it in registers. The access stays in the report (a
  // range: local memory only if it does not) but takes no time.
  if (Obj.Space != AddrSpace::Local ||
      llvm::any_of(Loops, [](const auto &L) { return !L.second; }))
    return false;
  const LaneAddress *First = nullptr;
  for (const LaneAddress &L : Lanes) {
    if (!L)
      continue;
    if (First && *L != **First)
      return false;
    First = &L;
  }
  return First != nullptr;
}

void Collector::addToPhase(AccessSummary &A, const RequestUse &R) {
  unsigned Phase = phase();
  auto It = llvm::find_if(A.Phases, [&](const AccessSummary::PhaseUse &U) {
    return U.Phase == Phase;
  });
  if (It == A.Phases.end()) {
    It = &A.Phases.emplace_back();
    It->Phase = Phase;
  }
  It->Units += R.Main * Weight;
  It->Ideal += R.Ideal * Weight;
  It->L2Units += (R.L2 < 0 ? R.Main : R.L2) * Weight;
  It->Partial += R.Partial * Weight;
  It->Lines += R.Lines * Weight;
  It->IdealLines += R.IdealLines * Weight;
}

void Collector::onAccess(const clang::Expr *Site, AccessKind Kind,
                         const MemObject &Obj, unsigned Bytes, uint32_t Active,
                         const LaneAddresses &Addrs, bool UnderUnknown) {
  // An access made inside a system header's function is the user's
  // access at the call that reached it, one per such call; the header's
  // line goes with it (a profiler may name either).
  auto [It, New] = AccessIndex.try_emplace(
      std::make_tuple(Site, unsigned(Kind), Addrs.UserSite, 0u),
      K.Accesses.size());
  // One site reaching shared and global memory (a function called with
  // pointers to each) is two accesses: the hardware counts them apart,
  // and their costs follow different rules.
  if (!New && Obj.Space != AddrSpace::Unknown) {
    AddrSpace Seen = K.Accesses[It->second].Space;
    if (Seen != AddrSpace::Unknown && Seen != Obj.Space)
      std::tie(It, New) = AccessIndex.try_emplace(
          std::make_tuple(Site, unsigned(Kind), Addrs.UserSite,
                          1 + unsigned(Obj.Space)),
          K.Accesses.size());
  }
  if (New) {
    AccessSummary &A = K.Accesses.emplace_back();
    const clang::Expr *At = Addrs.UserSite ? Addrs.UserSite : Site;
    A.Pos = makePos(AST, At->getBeginLoc());
    A.Range = At->getSourceRange();
    if (Addrs.UserSite)
      A.HeaderPos = makePos(AST, Site->getBeginLoc());
    A.Space = Obj.Space;
    A.Kind = Kind;
    A.BytesPerLane = Bytes;
    if (Obj.Space == AddrSpace::Shared)
      A.SharedArray = Obj.Decl;
  }
  AccessSummary &A = K.Accesses[It->second];
  if (A.SharedArray != Obj.Decl)
    A.SharedArray = nullptr;
  // A site first reached through a pointer of unknown target takes the
  // space of the first known target seen later.
  if (A.Space == AddrSpace::Unknown)
    A.Space = Obj.Space;
  A.UnderUnknownBranch |= UnderUnknown;
  // Only arms kept for a pointer read-modify-write care (rare): the hot
  // path pays one emptiness test.
  if (!RmwBranches.empty() &&
      (Obj.Space == AddrSpace::Shared || Obj.Space == AddrSpace::Global))
    noteRmwArmAccess(Site->getBeginLoc(), Obj.Space);
  ++A.Requests;
  A.WeightedRequests += Weight;
  A.ActiveLanes.add(__builtin_popcount(Active), Weight);
  std::array<LaneAddress, MaxLanes> Lanes;
  const EvalResult *Bad = nullptr;
  for (unsigned I = 0; I < MaxLanes; ++I)
    if (Active >> I & 1) {
      if (!Addrs.Addr[I].Known) {
        Bad = &Addrs.Addr[I];
        break;
      }
      Lanes[I] = uint64_t(Addrs.Addr[I].Value);
    }
  // A structure the compiler keeps in registers takes no time.
  bool InRegisters = !Bad && inRegisters(Obj, Lanes);
  addIssue(accessIssue(Obj, InRegisters));
  std::string Line;
  if (Dump)
    Line = llvm::formatv("access {0}:{1} {2} {3} {4}B {5} active={6}",
                         A.Pos.Line, A.Pos.Column, addrSpaceName(A.Space),
                         accessKindName(Kind), Bytes, WarpText,
                         __builtin_popcount(Active));
  if (Bad) {
    ++A.UnknownRequests;
    A.WeightedUnknownRequests += Weight;
    if (A.UnknownReason.empty())
      A.UnknownReason =
          Bad->Blocker && Bad->Blocker->isOpaque()
              ? "address depends on " + Bad->Blocker->getName().str()
              : std::string(Bad->Why ? Bad->Why : "unknown address");
    if (Dump)
      K.EventDump.push_back(Line + " unknown: " + A.UnknownReason);
    return;
  }
  if (A.IndexText.empty() && Addrs.Lane0Offset) {
    A.IndexText = Addrs.Lane0Offset->str();
    if (OffsetExprs.size() <= It->second)
      OffsetExprs.resize(It->second + 1);
    OffsetExprs[It->second] = {Addrs.Lane0Offset, Obj.Base};
  }
  if (A.FirstWarpOffsets.empty())
    for (unsigned I = 0; I < MaxLanes; ++I)
      if (Lanes[I]) {
        A.FirstWarpLanes.push_back(I);
        A.FirstWarpOffsets.push_back(int64_t(*Lanes[I] - Obj.Base));
      }
  double Main = 0, Ideal = 0;
  unsigned Execs = 1; // a compare-and-swap's passes
  double L2 = -1;     // the sectors L2 serves, where not Main
  double Partial = 0, Lines = 0, IdealLines = 0;
  // Global and local requests are both costed in L1TEX sectors.
  auto AddSectors = [&](const GlobalCost &C, llvm::StringRef Unit) {
    A.Sectors.add(C.Sectors, Weight);
    A.IdealSectors.add(C.IdealSectors, Weight);
    A.Lines.add(C.Lines, Weight);
    Main = C.Sectors;
    Ideal = C.IdealSectors;
    if (!TM.countsTransactions()) {
      unsigned PerLine = TM.LineBytes / TM.SectorBytes;
      Lines = C.Lines;
      IdealLines = (C.IdealSectors + PerLine - 1) / PerLine;
    }
    if (Dump)
      Line +=
          llvm::formatv(" {0}={1} ideal={2}", Unit, C.Sectors, C.IdealSectors);
  };
  if (Obj.Space == AddrSpace::Global) {
    GlobalCost C =
        computeGlobalCost(TM, Lanes, Bytes, Kind == AccessKind::Load);
    if (TM.countsTransactions()) {
      A.TransactionBytes.add(C.TransactionBytes, Weight);
      A.IdealBytes.add(C.IdealBytes, Weight);
    }
    AddSectors(C, TM.globalUnit());
    // Loads of the sectors the block's warps loaded before in the same
    // phase are served by L1 (or wait for the same fill): the members of a
    // structure read one by one, a stencil's taps, the neighbouring
    // columns the block's other warps read. A store goes through to L2 and the
    // next load of its sectors with it; but L1 merges most of a warp's stores
    // to sectors it has just stored to (the members of a structure written one
    // by one) before they reach L2.
    if (Kind == AccessKind::Load && !TM.countsTransactions())
      L2 = newLoadSectors(Lanes, Bytes);
    else
      forgetLoadSectors(Lanes, Bytes);
    if (Kind == AccessKind::Store && !TM.countsTransactions())
      L2 = l2StoreSectors(Lanes, Bytes, It->second, Partial);
    Traffic.addSectorBytes(TM.countsTransactions()
                               ? C.TransactionBytes
                               : C.Sectors * TM.SectorBytes);
    Traffic.addDramUnits(Obj.Base, Kind != AccessKind::Store,
                         Kind != AccessKind::Load, Lanes, Bytes);
  } else if (Obj.Space == AddrSpace::Local) {
    GlobalCost C = computeLocalCost(TM, Lanes, Bytes);
    AddSectors(C, "local sectors");
    Traffic.addSectorBytes(C.Sectors * TM.SectorBytes);
  } else if (Obj.Space == AddrSpace::Constant) {
    unsigned N = computeConstantRequests(Lanes);
    A.ConstantRequests.add(N, Weight);
    Main = N;
    Ideal = 1;
    if (Dump)
      Line += llvm::formatv(" constant requests={0}", N);
  } else if (Obj.Space == AddrSpace::Shared) {
    SharedCost C =
        computeSharedCost(TM, Lanes, Bytes, Kind == AccessKind::Load);
    if (unsigned Passes = Kind == AccessKind::Atomic && TM.SharedCasWavefronts
                              ? casPasses(Site, Lanes, TM)
                              : 0) {
      // A compare-and-swap: a fixed cost per execution, executed once per
      // pass of the spin loop (the first pass is the request counted
      // above).
      C.Wavefronts = C.IdealWavefronts = TM.SharedCasWavefronts;
      A.Requests += Passes - 1;
      A.WeightedRequests += Weight * (Passes - 1);
      Execs = Passes;
    }
    A.Wavefronts.add(C.Wavefronts, Weight);
    A.IdealWavefronts.add(C.IdealWavefronts, Weight);
    Main = C.Wavefronts;
    Ideal = C.IdealWavefronts;
    if (Dump)
      Line += llvm::formatv(" wavefronts={0} ideal={1}", C.Wavefronts,
                            C.IdealWavefronts);
  }
  A.PerSample[Sample].add(Main, Weight);
  A.PerSampleIdeal[Sample].add(Ideal, Weight);
  if (!InRegisters)
    addToPhase(A,
               {Main * Execs, Ideal * Execs, L2, Partial, Lines, IdealLines});
  if (Dump) {
    Line += " offsets:";
    unsigned Shown = 0;
    for (unsigned I = 0; I < MaxLanes && Shown < 4; ++I)
      if (Lanes[I]) {
        Line += llvm::formatv(" {0}:{1}", I, int64_t(*Lanes[I] - Obj.Base));
        ++Shown;
      }
    K.EventDump.push_back(Line);
  }
}

void Collector::onBranch(const clang::Stmt *S, llvm::StringRef Kind,
                         uint32_t Active, uint32_t Taken, uint32_t Unknown,
                         llvm::StringRef Why, const Expr *Cond) {
  // The comparison and the branch, gone with an unrolled loop's test.
  addIssue(llvm::is_contained(Loops, std::make_pair(S, true)) ? 0 : 2);
  if (Kind == "if")
    IfStarts[S] = {IssueCount, unsigned(llvm::popcount(Taken)),
                   unsigned(llvm::popcount(Active & ~Unknown))};
  auto [It, New] = BranchIndex.try_emplace(S, K.Branches.size());
  if (New) {
    BranchSummary &B = K.Branches.emplace_back();
    B.Pos = makePos(AST, S->getBeginLoc());
    B.Range = S->getSourceRange();
    // The finding underlines the test, as clang does, not the whole
    // statement (an if/else can span many lines).
    const clang::Expr *Test = nullptr;
    if (const auto *If = dyn_cast<clang::IfStmt>(S))
      Test = If->getCond();
    else if (const auto *F = dyn_cast<clang::ForStmt>(S))
      Test = F->getCond();
    else if (const auto *W = dyn_cast<clang::WhileStmt>(S))
      Test = W->getCond();
    else if (const auto *D = dyn_cast<clang::DoStmt>(S))
      Test = D->getCond();
    else if (const auto *Sw = dyn_cast<clang::SwitchStmt>(S))
      Test = Sw->getCond();
    if (Test)
      B.TestRange = Test->getSourceRange();
    B.Kind = Kind.str();
    if (const auto *If = dyn_cast<clang::IfStmt>(S)) {
      const clang::Stmt *Else = If->getElse();
      const auto *ElseBlock = dyn_cast_or_null<clang::CompoundStmt>(Else);
      B.Cost.HasElse = Else && !isa<clang::NullStmt>(Else) &&
                       !(ElseBlock && ElseBlock->body_empty());
      bool OnlyForRMW = false;
      B.Lowering = branchLowering(AST, If, &OnlyForRMW);
      B.LikelyPredicated = B.Lowering != BranchLowering::Branch;
      if (OnlyForRMW) {
        B.RmwArms = clang::SourceRange(
            If->getThen()->getBeginLoc(),
            (If->getElse() ? If->getElse() : If->getThen())->getEndLoc());
        RmwBranches.push_back(It->second);
      }
    }
    B.NoCostWhy = divergenceWithoutCost(S);
  }
  BranchSummary &B = K.Branches[It->second];
  if (Cond && !B.DependsOnSampledParameters)
    B.DependsOnSampledParameters = mentionsSampled(Cond);
  uint32_t Known = Active & ~Unknown;
  if (Known)
    B.Stats.addExecution(WarpKey, Known, Taken & Known);
  if (OccurrenceWarp != WarpKey) {
    Occurrence.clear();
    OccurrenceWarp = WarpKey;
  }
  unsigned N = Occurrence[S]++;
  if (Known && !Unknown && ((Taken & Known) == 0 || (Taken & Known) == Known)) {
    int8_t Out = (Taken & Known) ? 1 : 0;
    if (N >= B.OccurrenceOutcome.size())
      B.OccurrenceOutcome.resize(N + 1, -1);
    if (B.OccurrenceOutcome[N] < 0)
      B.OccurrenceOutcome[N] = Out;
    else if (B.OccurrenceOutcome[N] != Out)
      B.CrossWarpDiffers = true;
  }
  if (Unknown) {
    B.Stats.addUnknown(WarpKey);
    if (B.Reason.empty())
      B.Reason = "condition depends on " + Why.str();
  }
  if (Dump)
    K.EventDump.push_back(llvm::formatv(
        "branch {0}:{1} {2} {3} active={4:x8} taken={5:x8} unknown={6:x8}",
        B.Pos.Line, B.Pos.Column, Kind, WarpText, Active, Taken & Known,
        Unknown));
}

void Collector::onSplitArms(const clang::IfStmt *If, uint64_t ThenStmts,
                            uint64_t ElseStmts, bool LanesLeft, bool Capped) {
  auto It = BranchIndex.find(If);
  if (It == BranchIndex.end())
    return;
  DivergenceCost &C = K.Branches[It->second].Cost;
  C.LanesLeft |= LanesLeft;
  C.LowerBound |= Capped;
  // The arms issued what was counted since the test, shared between them
  // as their statements are. Packed by the way they went, the t lanes of a
  // that took the then arm would issue it for t/a of a warp, the others
  // the else arm for (a - t)/a: the rest is issued for idle lanes.
  auto Start = IfStarts.find(If);
  if (Start != IfStarts.end() && Start->second.Known && ThenStmts + ElseStmts) {
    double Arms = IssueCount - Start->second.Issue;
    double Then = Arms * double(ThenStmts) / double(ThenStmts + ElseStmts);
    double Took = double(Start->second.Taken) / Start->second.Known;
    addToPhase(C.IdleIssue,
               (Then * (1 - Took) + (Arms - Then) * Took) * Weight);
  }
  C.Then.add(double(ThenStmts), Weight);
  if (!C.HasElse) {
    // The arm runs with the lanes that did not take it idle.
    addSplit(It->second, double(ThenStmts));
    return;
  }
  // The warp runs both arms where one would do: the shorter one is paid
  // on top of the other.
  C.Else.add(double(ElseStmts), Weight);
  ++(ThenStmts < ElseStmts   ? C.ThenShorter
     : ElseStmts < ThenStmts ? C.ElseShorter
                             : C.Even);
  addSplit(It->second, double(std::min(ThenStmts, ElseStmts)));
}

void Collector::onLoopTrips(const clang::Stmt *Loop, unsigned MinTrips,
                            unsigned MaxTrips, bool Capped, bool Unknown) {
  auto It = BranchIndex.find(Loop);
  if (It == BranchIndex.end())
    return;
  DivergenceCost &C = K.Branches[It->second].Cost;
  C.LowerBound |= Capped;
  C.Unknown |= Unknown;
  if (Unknown || MaxTrips == MinTrips)
    return;
  if (C.PerSplit.empty()) {
    C.FirstMinTrips = MinTrips;
    C.FirstMaxTrips = MaxTrips;
  }
  addSplit(It->second, double(MaxTrips - MinTrips));
}

void Collector::addSplit(unsigned Index, double Paid) {
  K.Branches[Index].Cost.PerSplit.add(Paid, Weight);
  WarpSplits &W = OpenSplits[Index];
  if (W.Splits && W.Warp != WarpKey)
    closeSplits(Index, W);
  W.Warp = WarpKey;
  W.Weight = Weight;
  W.Paid += Paid;
  ++W.Splits;
}

void Collector::closeSplits(unsigned Index, WarpSplits &W) {
  DivergenceCost &C = K.Branches[Index].Cost;
  C.PerWarp.add(W.Paid, W.Weight);
  C.SplitsPerWarp.add(W.Splits, W.Weight);
  W = WarpSplits();
}

void Collector::onLoopCapped(const clang::Stmt *Loop) {
  K.IssueCapped = true;
  if (!CappedLoops.insert(Loop).second)
    return;
  SourcePos P = makePos(AST, Loop->getBeginLoc());
  K.Assumptions.push_back(llvm::formatv(
      "loop at {0} evaluated for its first iterations only (at most {1} "
      "per loop, {2} per kernel)",
      P.str(), LoopIterationCap, KernelIterationBudget));
  Capped.push_back(Loop->getSourceRange());
}

void Collector::onUnsupported(const clang::Stmt *S, llvm::StringRef What) {
  if (std::find(K.Unsupported.begin(), K.Unsupported.end(), What) ==
      K.Unsupported.end())
    K.Unsupported.push_back(What.str());
}

void Collector::noteRmwArmAccess(clang::SourceLocation L, AddrSpace Space) {
  const clang::SourceManager &SM = AST.getSourceManager();
  for (unsigned I : RmwBranches) {
    BranchSummary &B = K.Branches[I];
    if (!SM.isBeforeInTranslationUnit(L, B.RmwArms.getBegin()) &&
        !SM.isBeforeInTranslationUnit(B.RmwArms.getEnd(), L))
      (Space == AddrSpace::Shared ? B.RmwShared : B.RmwGlobal) = true;
  }
}

void Collector::finish() {
  // A read-modify-write arm on shared memory only is predicated
  // (docs/compiler-effects.md, "Short arms that keep their branch"). This
  // runs before the sort below: RmwBranches holds indices.
  for (unsigned I : RmwBranches)
    if (BranchSummary &B = K.Branches[I]; B.RmwShared && !B.RmwGlobal) {
      B.Lowering = BranchLowering::Predicated;
      B.LikelyPredicated = true;
    }
  for (auto &[Index, W] : OpenSplits)
    if (W.Splits)
      closeSplits(Index, W);
  Traffic.finish();
  const clang::SourceManager &SM = AST.getSourceManager();
  for (AccessSummary &A : K.Accesses)
    for (clang::SourceRange R : Capped)
      if (!SM.isBeforeInTranslationUnit(A.Range.getBegin(), R.getBegin()) &&
          !SM.isBeforeInTranslationUnit(R.getEnd(), A.Range.getBegin()))
        A.InCappedLoop = true;
  auto Before = [&](SourcePos X, SourcePos Y) {
    return std::tie(X.File, X.Line, X.Column) <
           std::tie(Y.File, Y.Line, Y.Column);
  };
  // The offset expressions follow their accesses into source order.
  OffsetExprs.resize(K.Accesses.size());
  std::vector<size_t> Order(K.Accesses.size());
  for (size_t I = 0; I < Order.size(); ++I)
    Order[I] = I;
  std::stable_sort(Order.begin(), Order.end(), [&](size_t X, size_t Y) {
    return Before(K.Accesses[X].Pos, K.Accesses[Y].Pos);
  });
  std::vector<AccessSummary> Sorted;
  std::vector<AccessOffset> SortedExprs;
  Sorted.reserve(Order.size());
  for (size_t I : Order) {
    Sorted.push_back(std::move(K.Accesses[I]));
    SortedExprs.push_back(OffsetExprs[I]);
  }
  K.Accesses = std::move(Sorted);
  OffsetExprs = std::move(SortedExprs);
  std::stable_sort(K.Branches.begin(), K.Branches.end(),
                   [&](const BranchSummary &X, const BranchSummary &Y) {
                     return Before(X.Pos, Y.Pos);
                   });
}

bool Collector::mentionsSampled(const Expr *E) {
  auto [It, New] = Mentions.try_emplace(E, false);
  if (!New)
    return It->second;
  bool Atom = E->getKind() == ExprKind::Atom;
  bool M = Atom && ((E->getAtomKind() == AtomKind::Param &&
                     SampledParams.contains(E->getName())) ||
                    (E->getAtomKind() == AtomKind::GridDim &&
                     GridSampled[E->getComponent()]));
  for (unsigned I = 0; !M && I < E->getNumOperands(); ++I)
    M = mentionsSampled(E->getOperand(I));
  return Mentions[E] = M;
}
} // namespace cal
