//===- SimtMerges.cpp - Shared accesses merged across unrolled iterations -===//
//
// In a loop nvcc unrolls fully, the same shared access of successive
// iterations at successive addresses of each thread (`run += s[c0 + i]` for
// i = 0..3) is one wider access in SASS: LDS.128 where the first address is
// a multiple of 16 (WideAccesses.cpp). The interpreter runs the iterations
// one by one, so it holds such an access back until the next iteration
// shows whether it continues it, and reports each run of continued accesses
// as the aligned pieces ptxas makes of it.
//
//===----------------------------------------------------------------------===//
#include "SimtInterpreter.h"

namespace cal {

bool SimtInterpreter::holdForMerge(const clang::Expr *Site, AccessKind K,
                                   const MemObject &Obj, unsigned Bytes,
                                   uint32_t Active, const LaneAddresses &A) {
  if (LoopRuns.empty() || !LoopRuns.back().Unrolled ||
      Obj.Space != AddrSpace::Shared || K == AccessKind::Atomic ||
      Bytes >= TM.MaxAccessBytes)
    return false;
  for (uint32_t M = Active; M; M &= M - 1)
    if (!A.Addr[__builtin_ctz(M)].Known)
      return false;
  size_t Loop = LoopRuns.size() - 1;
  uint64_t Iter = LoopRuns.back().Iter;
  bool UnderUnknown = UnknownBranchDepth > 0;
  auto It = llvm::find_if(Held, [&](const HeldAccess &H) {
    return H.Site == Site && H.Loop == Loop;
  });
  if (It != Held.end()) {
    // The same access of the previous iteration, the same lanes, each
    // lane's address where the held bytes end.
    bool Continues = It->Iter + 1 == Iter && It->K == K && It->Obj == &Obj &&
                     It->Elem == Bytes && It->Active == Active &&
                     It->UnderUnknown == UnderUnknown &&
                     It->Bytes + Bytes <= TM.MaxAccessBytes;
    for (uint32_t M = Active; Continues && M; M &= M - 1) {
      unsigned I = __builtin_ctz(M);
      Continues = A.Addr[I].Value == It->A.Addr[I].Value + It->Bytes;
    }
    if (Continues) {
      It->Bytes += Bytes;
      It->Iter = Iter;
      return true;
    }
    emitHeld(*It);
    Held.erase(It);
  }
  HeldAccess H;
  H.Site = Site;
  H.K = K;
  H.Obj = &Obj;
  H.Elem = H.Bytes = Bytes;
  H.Active = Active;
  H.A = A;
  H.UnderUnknown = UnderUnknown;
  H.Loop = Loop;
  H.Iter = Iter;
  Held.push_back(std::move(H));
  return true;
}

void SimtInterpreter::emitHeld(const HeldAccess &H) {
  // ptxas's pieces: from the first address on, the widest power of two of
  // whole elements that every lane's address is a multiple of.
  for (unsigned Off = 0; Off < H.Bytes;) {
    unsigned W = H.Elem;
    // Aligned as the compiler can prove it from the offset's form (the
    // first lane's; the lanes' offsets share their form) and as the
    // evaluated addresses are.
    uint64_t Proven =
        H.A.Lane0Offset
            ? knownPowerOfTwo(EC.getBinary(BinaryOp::Add, H.A.Lane0Offset,
                                           EC.getConst(Off, IntType::i64())),
                              TM.MaxAccessBytes)
            : 1;
    for (unsigned Wider = W * 2; Wider <= H.Bytes - Off && Wider <= Proven;
         Wider *= 2) {
      bool Aligned = true;
      for (uint32_t M = H.Active; Aligned && M; M &= M - 1)
        Aligned = (H.A.Addr[__builtin_ctz(M)].Value + Off) % Wider == 0;
      if (!Aligned)
        break;
      W = Wider;
    }
    LaneAddresses A = H.A;
    if (Off) {
      for (uint32_t M = H.Active; M; M &= M - 1)
        A.Addr[__builtin_ctz(M)].Value += Off;
      if (A.Lane0Offset)
        A.Lane0Offset = EC.getBinary(BinaryOp::Add, A.Lane0Offset,
                                     EC.getConst(Off, IntType::i64()));
    }
    Sink.onAccess(H.Site, H.K, *H.Obj, W, H.Active, A, H.UnderUnknown);
    Off += W;
  }
}

void SimtInterpreter::releaseHeld(size_t FromLoop) {
  if (Held.empty())
    return;
  std::vector<HeldAccess> Keep;
  for (const HeldAccess &H : Held) {
    if (H.Loop >= FromLoop)
      emitHeld(H);
    else
      Keep.push_back(H);
  }
  Held = std::move(Keep);
}

} // namespace cal
