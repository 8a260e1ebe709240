//===- StoreForwarding.cpp - Accesses the compiled code never issues ------===//
//
// Each rule below cites the probe kernel of docs/compiler-effects.md whose
// SASS (nvcc 13.0, -arch=sm_90) shows it.
//
//===----------------------------------------------------------------------===//
#include "StoreForwarding.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/FormatVariadic.h"
#include <numeric>

namespace cal {

namespace {

/// Global memory starts at 1 << 36 (SimtInterpreter::objectFor): a global
/// object at 0 is the stand-in for a pointer of unknown origin.
bool isUnknownObject(const MemObject &O) {
  return O.Space == AddrSpace::Global && O.Base == 0;
}

/// The lvalue an access site reads or writes: the left side of an
/// assignment, the operand of `++`, the site itself for a load.
const clang::Expr *accessed(const clang::Expr *Site) {
  const clang::Expr *E = Site;
  if (const auto *BO = llvm::dyn_cast<clang::BinaryOperator>(E))
    E = BO->getLHS();
  else if (const auto *UO = llvm::dyn_cast<clang::UnaryOperator>(E);
           UO && UO->isIncrementDecrementOp())
    E = UO->getSubExpr();
  else if (const auto *OC = llvm::dyn_cast<clang::CXXOperatorCallExpr>(E))
    E = OC->getNumArgs() ? OC->getArg(0) : E;
  return E;
}

/// Volatile accesses are always issued (s_vol_l: STG.E.STRONG.SYS then
/// LDG.E.STRONG.SYS of the same element).
bool isVolatile(const clang::Expr *Site) {
  return accessed(Site)->getType().isVolatileQualified();
}

bool isLoop(llvm::StringRef Kind) {
  return Kind == "for" || Kind == "while" || Kind == "do";
}

} // namespace

bool StoreForwarding::mayAlias(const MemObject &A, const MemObject &B) {
  if (&A == &B)
    return true;
  if (A.Space != B.Space || A.Space != AddrSpace::Global)
    return false;
  // A pointer of unknown origin may point anywhere, even into a
  // `__restrict__` argument (it may have been derived from it).
  if (isUnknownObject(A) || isUnknownObject(B))
    return true;
  // mm_ab_r: with only the loaded arguments `__restrict__`, the stored one
  // is still kept in a register across the loop.
  if (A.Restrict || B.Restrict)
    return false;
  // Two named `__device__` variables are distinct; an argument may point
  // to either.
  return A.Param || B.Param;
}

unsigned StoreForwarding::spellingOf(const clang::Expr *Site) {
  auto [It, New] = SpellingOf.try_emplace(Site, 0);
  if (!New)
    return It->second;
  const clang::Expr *E = accessed(Site)->IgnoreParenImpCasts();
  const clang::SourceManager &SM = AST.getSourceManager();
  clang::CharSourceRange R = clang::Lexer::makeFileCharRange(
      clang::CharSourceRange::getTokenRange(E->getSourceRange()), SM,
      AST.getLangOpts());
  if (R.isInvalid() || E->getBeginLoc().isMacroID())
    return 0;
  std::string T = clang::Lexer::getSourceText(R, SM, AST.getLangOpts()).str();
  llvm::erase_if(T, [](char C) { return std::isspace((unsigned char)C); });
  It->second = Spellings.try_emplace(T, Spellings.size() + 1).first->second;
  return It->second;
}

std::string StoreForwarding::where(const clang::Expr *E) const {
  return makePos(AST, E->getBeginLoc()).str();
}

void StoreForwarding::elide(const clang::Expr *Site, AccessKind Kind,
                            const MemObject &Obj, unsigned Bytes,
                            const std::string &Why) {
  auto [It, New] =
      ElidedIndex.try_emplace({Site, unsigned(Kind)}, K.NotIssued.size());
  if (New) {
    ElidedAccess &E = K.NotIssued.emplace_back();
    E.Pos = makePos(AST, Site->getBeginLoc());
    E.Space = Obj.Space;
    E.Kind = Kind;
    E.BytesPerLane = Bytes;
    E.Reason = Why;
  }
  ElidedAccess &E = K.NotIssued[It->second];
  ++E.Executions;
  if (Dump)
    K.EventDump.push_back(llvm::formatv(
        "not-issued {0}:{1} {2} {3} {4}B: {5}", E.Pos.Line, E.Pos.Column,
        addrSpaceName(E.Space), accessKindName(Kind), Bytes, Why));
}

/// Whether \p Loop runs its body at least once whatever the launch: a `do`
/// loop, or a `for` from a constant start to a constant bound that the
/// start passes (`for (int k = 0; k < 16; ++k)`). Only then can nvcc drop
/// a store before the loop that the loop's store overwrites.
static bool runsAtLeastOnce(const clang::Stmt *Loop,
                            const clang::ASTContext &AST) {
  if (llvm::isa<clang::DoStmt>(Loop))
    return true;
  const auto *F = llvm::dyn_cast<clang::ForStmt>(Loop);
  const auto *DS = F ? llvm::dyn_cast_or_null<clang::DeclStmt>(F->getInit())
                     : nullptr;
  const auto *VD = DS && DS->isSingleDecl()
                       ? llvm::dyn_cast<clang::VarDecl>(DS->getSingleDecl())
                       : nullptr;
  const auto *Cond = F && F->getCond()
                         ? llvm::dyn_cast<clang::BinaryOperator>(
                               F->getCond()->IgnoreParenImpCasts())
                         : nullptr;
  if (!VD || !VD->getInit() || !Cond)
    return false;
  clang::Expr::EvalResult Start, Bound;
  if (!VD->getInit()->EvaluateAsInt(Start, AST) ||
      !Cond->getRHS()->EvaluateAsInt(Bound, AST))
    return false;
  const auto *L = llvm::dyn_cast<clang::DeclRefExpr>(
      Cond->getLHS()->IgnoreParenImpCasts());
  if (!L || L->getDecl() != VD)
    return false;
  llvm::APSInt S = Start.Val.getInt(), B = Bound.Val.getInt();
  switch (Cond->getOpcode()) {
  case clang::BO_LT: return S < B;
  case clang::BO_LE: return S <= B;
  case clang::BO_GT: return S > B;
  case clang::BO_GE: return S >= B;
  case clang::BO_NE: return S != B;
  default: return false;
  }
}

bool StoreForwarding::mayRunZeroTimes(const LoopContext &From) const {
  // The loops entered since the store was made, outermost first.
  size_t P = 0;
  while (P < From.size() && P < Loops.size() && From[P] == Loops[P])
    ++P;
  for (size_t I = P; I < Loops.size(); ++I)
    if (I >= From.size() || From[I].first != Loops[I].first)
      if (!runsAtLeastOnce(Loops[I].first, AST))
        return true;
  return false;
}

bool StoreForwarding::reachable(const LoopContext &From,
                                const clang::Expr *Site, unsigned L,
                                uint64_t Addr) const {
  size_t P = 0;
  while (P < From.size() && P < Loops.size() && From[P] == Loops[P])
    ++P;
  // The same iteration of every loop it was made in (s_then_l, l_l), or
  // from before a loop (the load of c ahead of mm's k-loop).
  if (P == From.size())
    return true;
  // From an earlier iteration of a loop still running: carried in a
  // register only for an address invariant in the loop, which this site
  // shows by having read the same address before (mm: one load of c
  // before the loop, none inside).
  if (P < Loops.size() && From[P].first == Loops[P].first) {
    auto It = Last.find(Site);
    return It != Last.end() && (It->second.Known >> L & 1) &&
           It->second.Addr[L] == Addr;
  }
  // From a loop that has ended (a second pass over an array): reloaded.
  return false;
}

/// Whether lane \p I of a pending store and of a load of the same object
/// may touch the same bytes: unknown addresses may.
static bool overlaps(const LaneAddresses &X, unsigned XBytes,
                     const LaneAddresses &Y, unsigned YBytes, unsigned I) {
  if (!X.Addr[I].Known || !Y.Addr[I].Known)
    return true;
  uint64_t A = uint64_t(X.Addr[I].Value), B = uint64_t(Y.Addr[I].Value);
  return A < B + YBytes && B < A + XBytes;
}

StoreForwarding::AddrSpan
StoreForwarding::AddrSpan::of(const LaneAddresses &Addrs, uint32_t Lanes) {
  AddrSpan S;
  for (unsigned I = 0; I < MaxLanes; ++I)
    if (Lanes >> I & 1) {
      if (!Addrs.Addr[I].Known) {
        S.AllKnown = false;
        continue;
      }
      uint64_t A = uint64_t(Addrs.Addr[I].Value);
      S.Lo = std::min(S.Lo, A);
      S.Hi = std::max(S.Hi, A);
    }
  return S;
}

void StoreForwarding::flush(const MemObject *Obj, const LaneAddresses *Addrs,
                            uint32_t Active, unsigned Bytes) {
  AddrSpan Loaded;
  if (Addrs)
    Loaded = AddrSpan::of(*Addrs, Active);
  auto Reads = [&](const Pending &P) {
    if (!Obj)
      return true;
    if (!mayAlias(*P.Obj, *Obj))
      return false;
    if (P.Obj != Obj || !Addrs)
      return true;
    if (Loaded.disjoint(Bytes, P.Span, P.Bytes))
      return false;
    // straight: the load of c[t + 64] leaves the store to c[t] pending (it
    // is dropped, overwritten later); per thread, as the compiler sees it.
    for (unsigned I = 0; I < MaxLanes; ++I)
      if ((P.Active & Active) >> I & 1 &&
          overlaps(P.Addrs, P.Bytes, *Addrs, Bytes, I))
        return true;
    return false;
  };
  for (auto It = Stores.begin(); It != Stores.end();) {
    if (!Reads(*It)) {
      ++It;
      continue;
    }
    Next.onAccess(It->Site, AccessKind::Store, *It->Obj, It->Bytes, It->Active,
                  It->Addrs, It->UnderUnknown);
    It = Stores.erase(It);
  }
}

void StoreForwarding::LaneValues::put(uint64_t A, Held H) {
  int I = indexOf(H.Obj);
  if (I < 0) {
    I = int(Objs.size());
    Objs.push_back({H.Obj});
  }
  H.ObjIdx = unsigned(I);
  H.Epoch = Objs[I].Epoch;
  auto [It, New] = Index.try_emplace(A, unsigned(Slots.size()));
  if (New) {
    Slots.push_back(std::move(H));
  } else {
    Held &Old = Slots[It->second];
    if (held(Old)) {
      --Objs[Old.ObjIdx].Count;
      --Live;
    }
    Old = std::move(H);
  }
  ++Objs[Slots[It->second].ObjIdx].Count;
  ++Live;
  unsigned Bytes = Slots[It->second].Bytes;
  MaxBytes = std::max(MaxBytes, Bytes);
  if (!Gran || A % Gran)
    Gran = std::gcd(Gran, A);
}

void StoreForwarding::LaneValues::erase(uint64_t A) {
  if (reserved(A))
    return;
  auto It = Index.find(A);
  if (It == Index.end())
    return;
  if (held(Slots[It->second])) {
    --Objs[Slots[It->second].ObjIdx].Count;
    --Live;
  }
  Index.erase(It);
  compact();
}

void StoreForwarding::LaneValues::compact() {
  if (Slots.size() <= 2 * Index.size() + 64)
    return;
  std::vector<Held> Named;
  Named.reserve(Index.size());
  for (auto &[A, S] : Index) {
    Named.push_back(std::move(Slots[S]));
    S = unsigned(Named.size() - 1);
  }
  Slots = std::move(Named);
}

void StoreForwarding::LaneValues::dropObject(const MemObject *O) {
  int I = indexOf(O);
  if (I < 0 || !Objs[I].Count)
    return;
  Live -= Objs[I].Count;
  Objs[I].Count = 0;
  ++Objs[I].Epoch;
  // Sweep when the entries no longer held outnumber those held (and
  // MaxHeldPerLane), so that the map stays within a small multiple of it.
  if (Index.size() > 2 * std::max<size_t>(Live, MaxHeldPerLane)) {
    for (auto I = Index.begin(); I != Index.end();) {
      auto Cur = I++;
      if (!held(Slots[Cur->second]))
        Index.erase(Cur);
    }
    compact();
  }
}

void StoreForwarding::clobber(unsigned L, const MemObject &Obj,
                              const EvalResult *Addr, unsigned Bytes) {
  LaneValues &V = Lanes[L];
  if (V.empty())
    return;
  // Values of another object the store may alias are all gone; those of
  // the stored object only where the bytes overlap (s_other_elem_l: nvcc
  // tells c[i] and c[i + 1] apart and still forwards c[i]; s_dyn_elem_l:
  // after a store to c[idx[i]] it reloads).
  llvm::SmallVector<const MemObject *, 4> Aliased;
  V.forEachObject([&](const MemObject *O) {
    if (O != &Obj && mayAlias(*O, Obj))
      Aliased.push_back(O);
  });
  for (const MemObject *O : Aliased)
    V.dropObject(O);
  if (!V.count(&Obj))
    return;
  if (!Addr || !Addr->Known) {
    V.dropObject(&Obj);
    return;
  }
  // At a known address: look up the starts that can overlap
  // [A, A + Bytes), only at multiples of the lane's granule, instead of
  // every value held.
  constexpr int64_t MaxProbes = 64;
  int64_t A = Addr->Value;
  auto Overlaps = [&](const Held &H) {
    return H.Obj == &Obj && H.Addr < uint64_t(A) + Bytes &&
           uint64_t(A) < H.Addr + H.Bytes;
  };
  int64_t G = int64_t(std::max<uint64_t>(1, V.Gran));
  int64_t Lo = A - int64_t(V.MaxBytes) + 1, Hi = A + int64_t(Bytes);
  if ((Hi - Lo) / G + 1 <= MaxProbes) {
    // Lo modulo G, in [0, G): a mask for the usual power-of-two granule
    // (a division here showed in profiles: it runs per lane per store).
    int64_t R = (G & (G - 1)) == 0 ? Lo & (G - 1) : ((Lo % G) + G) % G;
    for (int64_t S = R ? Lo + (G - R) : Lo; S < Hi; S += G)
      if (const Held *H = V.find(uint64_t(S)); H && Overlaps(*H))
        V.erase(uint64_t(S));
    return;
  }
  llvm::SmallVector<uint64_t, 8> Gone;
  V.forEachOf(&Obj, [&](uint64_t At) {
    if (Overlaps(*V.find(At)))
      Gone.push_back(At);
  });
  for (uint64_t At : Gone)
    V.erase(At);
}

void StoreForwarding::reset() {
  flush(nullptr);
  for (auto &M : Lanes)
    M.clear();
  Snapshots.clear(); // no held value points to them any more
}

void StoreForwarding::onAccess(const clang::Expr *Site, AccessKind Kind,
                               const MemObject &Obj, unsigned Bytes,
                               uint32_t Active, const LaneAddresses &Addrs,
                               bool UnderUnknown) {
  auto Lanes32 = [&](auto F) {
    for (unsigned I = 0; I < MaxLanes; ++I)
      if (Active >> I & 1)
        F(I);
  };
  bool AllKnown = true;
  Lanes32([&](unsigned I) { AllKnown &= Addrs.Addr[I].Known; });
  unsigned Spelling = spellingOf(Site);
  auto Remember = [&](bool FromStore) {
    const LoopContext *Where = snapshot();
    LastUse &U = Last[Site];
    Lanes32([&](unsigned I) {
      if (!Addrs.Addr[I].Known) {
        U.Known &= ~(1u << I);
        return;
      }
      uint64_t A = uint64_t(Addrs.Addr[I].Value);
      U.Addr[I] = A;
      U.Known |= 1u << I;
      if (Lanes[I].size() >= MaxHeldPerLane && !Lanes[I].find(A))
        Lanes[I].clear();
      Lanes[I].put(A, Held{&Obj, A, Bytes, Site, FromStore, Spelling, Where});
    });
  };

  if (Kind == AccessKind::Atomic) {
    // s_atomic_l: after an atomicAdd to another array, c is loaded again.
    reset();
    Next.onAccess(Site, Kind, Obj, Bytes, Active, Addrs, UnderUnknown);
    return;
  }
  if (isVolatile(Site)) {
    flush(&Obj);
    Lanes32([&](unsigned I) { clobber(I, Obj, nullptr, Bytes); });
    Next.onAccess(Site, Kind, Obj, Bytes, Active, Addrs, UnderUnknown);
    return;
  }

  if (Kind == AccessKind::Load) {
    // The lanes whose thread holds the value, and where it came from.
    const Held *Source = nullptr;
    uint32_t Holding = 0;
    Lanes32([&](unsigned I) {
      if (!Addrs.Addr[I].Known || !Spelling)
        return;
      uint64_t A = uint64_t(Addrs.Addr[I].Value);
      const Held *H = Lanes[I].find(A);
      if (!H || H->Obj != &Obj || H->Bytes != Bytes ||
          H->Spelling != Spelling || !reachable(*H->Where, Site, I, A))
        return;
      Holding |= 1u << I;
      if (!Source)
        Source = H;
    });
    if (Holding == Active) {
      elide(Site, Kind, Obj, Bytes,
            "the value is in a register, from the " +
                std::string(Source->FromStore ? "store" : "load") + " at " +
                where(Source->From));
      Remember(false);
      return;
    }
    // A load from memory sees the stores before it that it may read
    // (l_st_l: the store to o is issued before c is loaded again). Lanes
    // holding the value do not load it (fwd_cond: after a store under a
    // branch, the load is predicated to the other lanes).
    uint32_t Loading = Active & ~Holding;
    flush(&Obj, &Addrs, Loading, Bytes);
    Next.onAccess(Site, Kind, Obj, Bytes, Loading, Addrs, UnderUnknown);
    Remember(false);
    return;
  }

  // A store: values of possibly overlapping memory are no longer known
  // (s_st_l: c is reloaded after a store to o; with `__restrict__`,
  // s_st_l_r, it is not).
  Lanes32([&](unsigned I) { clobber(I, Obj, &Addrs.Addr[I], Bytes); });
  // Earlier stores of the same bytes by the same thread, not read since,
  // are dead (s_s: two stores, one STG; mm_ab_r: the store of c sinks out
  // of the loop, one STG after it).
  AddrSpan Stored = AddrSpan::of(Addrs, Active);
  // Only the known lanes are compared below: the span of those.
  Stored.AllKnown = Stored.Lo <= Stored.Hi;
  for (auto It = Stores.begin(); It != Stores.end();) {
    Pending &P = *It;
    // cond_then: a store under a branch is kept even though the store
    // after the branch overwrites it; only one with the same lanes dies.
    // An overwrite needs the same address in some lane: none when the
    // spans of the addresses are apart.
    if (P.Obj == &Obj && P.Bytes == Bytes && P.Active == Active &&
        P.Spelling == Spelling && Spelling && !Stored.disjoint(1, P.Span, 1) &&
        !mayRunZeroTimes(P.Where))
      Lanes32([&](unsigned I) {
        uint64_t A = uint64_t(Addrs.Addr[I].Value);
        if ((P.Live >> I & 1) && Addrs.Addr[I].Known &&
            uint64_t(P.Addrs.Addr[I].Value) == A &&
            reachable(P.Where, Site, I, A))
          P.Live &= ~(1u << I);
      });
    if (P.Live) {
      ++It;
      continue;
    }
    elide(P.Site, AccessKind::Store, *P.Obj, P.Bytes,
          "overwritten by the store at " + where(Site) +
              " before anything reads it");
    It = Stores.erase(It);
  }
  Remember(true);
  if (!AllKnown) {
    Next.onAccess(Site, Kind, Obj, Bytes, Active, Addrs, UnderUnknown);
    return;
  }
  if (Stores.size() >= MaxPendingStores) {
    const Pending &P = Stores.front();
    Next.onAccess(P.Site, AccessKind::Store, *P.Obj, P.Bytes, P.Active, P.Addrs,
                  P.UnderUnknown);
    Stores.pop_front();
  }
  Stores.push_back(Pending{Site, &Obj, Bytes, Active, Addrs, UnderUnknown,
                           Active, Spelling, Loops, Stored});
}

void StoreForwarding::onBranch(const clang::Stmt *S, llvm::StringRef Kind,
                               uint32_t Active, uint32_t Taken,
                               uint32_t Unknown, llvm::StringRef UnknownWhy,
                               const Expr *Cond) {
  if (isLoop(Kind)) {
    auto It = std::find_if(Loops.begin(), Loops.end(),
                           [&](const auto &E) { return E.first == S; });
    if (It != Loops.end()) {
      // The next test of a running loop: a new iteration; loops nested in
      // it have ended.
      Loops.erase(std::next(It), Loops.end());
      ++It->second;
    } else {
      // A loop entered: the loops that do not contain it have ended.
      const clang::SourceManager &SM = AST.getSourceManager();
      auto Contains = [&](const clang::Stmt *Outer) {
        return !SM.isBeforeInTranslationUnit(S->getBeginLoc(),
                                             Outer->getBeginLoc()) &&
               !SM.isBeforeInTranslationUnit(Outer->getEndLoc(),
                                             S->getBeginLoc());
      };
      while (!Loops.empty() && !Contains(Loops.back().first))
        Loops.pop_back();
      Loops.push_back({S, 0});
    }
  }
  Next.onBranch(S, Kind, Active, Taken, Unknown, UnknownWhy, Cond);
}

void StoreForwarding::onUnsupported(const clang::Stmt *S,
                                    llvm::StringRef What) {
  // A call that is not followed may read or write any memory.
  reset();
  Next.onUnsupported(S, What);
}

void StoreForwarding::onBarrier(const clang::Stmt *S) {
  // s_sync_l, s_syncwarp_l, s_fence_l: c is loaded again after
  // __syncthreads(), __syncwarp() and __threadfence().
  reset();
  Next.onBarrier(S);
}

void StoreForwarding::onWarpEnd() {
  // Global stores outlive the kernel: what is still pending is issued.
  reset();
  Loops.clear();
  Last.clear();
  Next.onWarpEnd();
}

void StoreForwarding::finish() {
  std::stable_sort(K.NotIssued.begin(), K.NotIssued.end(),
                   [](const ElidedAccess &X, const ElidedAccess &Y) {
                     return std::tie(X.Pos.File, X.Pos.Line, X.Pos.Column) <
                            std::tie(Y.Pos.File, Y.Pos.Line, Y.Pos.Column);
                   });
}

} // namespace cal
