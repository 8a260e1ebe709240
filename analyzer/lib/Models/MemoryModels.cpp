//===- MemoryModels.cpp - Cost of one warp-level memory request -----------===//
//
// Global memory: the L1TEX unit fetches whole sectors, so a request costs the
// number of distinct sectors its active lanes' bytes fall in. Shared memory:
// the bank array serves one word per bank per wavefront, so a request costs,
// per phase, the deepest pile of distinct words on one bank.
//
// Both run once per modelled warp request, so they work in SmallVectors sized
// for one warp and never allocate for a warp of 32 lanes.
//
//===----------------------------------------------------------------------===//
#include "cal/Models/MemoryModels.h"
#include "LegacyMemoryModels.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/MathExtras.h"
#include <algorithm>
#include <cassert>

using namespace cal;

namespace {

/// Room for one warp's lanes, each touching up to 5 units (a misaligned
/// 16-byte lane over 4-byte words), without a heap allocation.
constexpr unsigned InlineUnits = 32 * 5;

/// Sorts \p Values. Most requests are affine in the lane with a non-negative
/// step, so their addresses arrive sorted and a linear check skips the sort;
/// a warp's worth of values otherwise goes through insertion sort, which is
/// near-linear on the nearly sorted input that remains and has no set-up.
void sortIfNeeded(llvm::SmallVectorImpl<uint64_t> &Values) {
  if (std::is_sorted(Values.begin(), Values.end()))
    return;
  if (Values.size() > 64) {
    llvm::sort(Values);
    return;
  }
  for (size_t I = 1; I < Values.size(); ++I) {
    uint64_t V = Values[I];
    size_t J = I;
    for (; J > 0 && Values[J - 1] > V; --J)
      Values[J] = Values[J - 1];
    Values[J] = V;
  }
}

/// Sorts \p Values and drops duplicates.
void sortUnique(llvm::SmallVectorImpl<uint64_t> &Values) {
  sortIfNeeded(Values);
  Values.erase(std::unique(Values.begin(), Values.end()), Values.end());
}

/// Bytes in the union of [Start, Start + Len) over \p Starts, which must be
/// sorted. Equal lengths mean each interval ends no earlier than the one
/// before it, so one pass that tracks the furthest end is enough.
uint64_t unionBytes(llvm::ArrayRef<uint64_t> Starts, uint64_t Len) {
  uint64_t Total = 0, End = 0;
  bool First = true;
  for (uint64_t S : Starts) {
    uint64_t E = S + Len;
    // Count only the part of [S, E) not already counted up to End.
    Total += First || S >= End ? Len : E - End;
    End = E;
    First = false;
  }
  return Total;
}

uint64_t ceilDiv(uint64_t N, uint64_t D) { return (N + D - 1) / D; }

} // namespace

GlobalCost cal::computeGlobalCost(const TargetModel &TM,
                                  llvm::ArrayRef<LaneAddress> Lanes,
                                  unsigned BytesPerLane, bool Load) {
  assert(BytesPerLane > 0 && BytesPerLane <= TM.MaxAccessBytes &&
         "access width outside what one instruction can move");
  if (TM.countsTransactions())
    return computeLegacyGlobalCost(TM, Lanes, BytesPerLane, Load);
  // Every GPU so far has power-of-two sectors and lines; shifts instead of
  // divisions keep this hot function cheap.
  assert(llvm::isPowerOf2_32(TM.SectorBytes) &&
         llvm::isPowerOf2_32(TM.LineBytes) && TM.LineBytes >= TM.SectorBytes &&
         "sectors and lines are powers of two, a line whole sectors");
  unsigned SectorShift = llvm::Log2_32(TM.SectorBytes);
  unsigned LineShift = llvm::Log2_32(TM.LineBytes / TM.SectorBytes);
  llvm::SmallVector<uint64_t, InlineUnits> Sectors;
  llvm::SmallVector<uint64_t, 32> Starts;
  for (const LaneAddress &A : Lanes) {
    if (!A)
      continue;
    Starts.push_back(*A);
    // A lane that is not aligned to its width can straddle a sector
    // boundary; it then needs every sector from its first to its last byte.
    uint64_t Last = *A + BytesPerLane - 1;
    for (uint64_t S = *A >> SectorShift; S <= Last >> SectorShift; ++S)
      Sectors.push_back(S);
  }
  GlobalCost Cost;
  if (Starts.empty())
    return Cost;

  sortUnique(Sectors);
  Cost.Sectors = Sectors.size();
  // Sorted sectors map to non-decreasing lines, so distinct lines are the
  // changes along the list.
  for (size_t I = 0; I < Sectors.size(); ++I)
    if (I == 0 || Sectors[I] >> LineShift != Sectors[I - 1] >> LineShift)
      ++Cost.Lines;

  // Ideal, as Nsight Compute counts it (L2 Theoretical Sectors Global
  // Ideal; one-request probes on the H100, docs/gpu-facts.md "Ideal
  // sectors"): the sectors of a fully coalesced request of the active lanes'
  // width, ceil(lanes x bytes / 32), or the sectors touched where fewer. Lanes
  // that share addresses are no excess: two rows of a 16-wide block reading
  // one word each touch 2 sectors, ideal 2 (the bytes' count would say 1);
  // a stride or a misaligned start is (128 B from byte 16: 5 sectors, ideal
  // 4).
  Cost.IdealSectors = std::min<uint64_t>(
      Cost.Sectors,
      ceilDiv(uint64_t(Starts.size()) * BytesPerLane, TM.SectorBytes));
  return Cost;
}

/// Whether every group of \p GroupLanes consecutive lanes reads at most
/// \p MaxBytes distinct bytes (lanes on the same bytes count once), no two
/// of its distinct words in one bank.
static bool narrowGroups(const TargetModel &TM,
                         llvm::ArrayRef<LaneAddress> Lanes, unsigned Bytes,
                         unsigned GroupLanes, unsigned MaxBytes) {
  unsigned WordShift = llvm::Log2_32(TM.BankWidthBytes);
  uint64_t BankMask = TM.SharedBanks - 1;
  for (size_t Begin = 0; Begin < Lanes.size(); Begin += GroupLanes) {
    llvm::SmallVector<uint64_t, 8> Starts;
    for (const LaneAddress &A :
         Lanes.slice(Begin, std::min<size_t>(GroupLanes, Lanes.size() - Begin)))
      if (A)
        Starts.push_back(*A);
    llvm::sort(Starts);
    uint64_t Union = 0, End = 0;
    llvm::SmallVector<uint64_t, 8> Words;
    for (uint64_t S : Starts) {
      uint64_t From = std::max(S, End);
      if (S + Bytes > From)
        Union += S + Bytes - From;
      End = std::max(End, S + Bytes);
      for (uint64_t W = S >> WordShift; W <= (S + Bytes - 1) >> WordShift; ++W)
        Words.push_back(W);
    }
    if (Union > MaxBytes)
      return false;
    llvm::sort(Words);
    Words.erase(std::unique(Words.begin(), Words.end()), Words.end());
    for (size_t I = 0; I < Words.size(); ++I)
      for (size_t J = I + 1; J < Words.size(); ++J)
        if ((Words[I] & BankMask) == (Words[J] & BankMask))
          return false;
  }
  return true;
}

SharedCost cal::computeSharedCost(const TargetModel &TM,
                                  llvm::ArrayRef<LaneAddress> Lanes,
                                  unsigned BytesPerLane, bool Load) {
  assert(BytesPerLane > 0 && BytesPerLane <= TM.MaxAccessBytes &&
         "access width outside what one instruction can move");
  // Power-of-two banks and bank widths, as on every GPU so far, turn the
  // word and bank arithmetic into shifts and masks.
  assert(llvm::isPowerOf2_32(TM.BankWidthBytes) &&
         llvm::isPowerOf2_32(TM.SharedBanks) && TM.SharedBanks <= 64 &&
         "banks and bank width are powers of two");
  unsigned WordShift = llvm::Log2_32(TM.BankWidthBytes);
  uint64_t BankMask = TM.SharedBanks - 1;
  unsigned Phases = TM.sharedPhases(BytesPerLane);
  // [H100] Wide loads whose groups of lanes read few distinct bytes each
  // (every quad at most 16, in distinct banks) take half the phases: a whole
  // warp of 64-bit lanes at once, half-warps of 128-bit ones. A quad whose
  // two words share a bank keeps the usual phases (an 8-byte load took 4,
  // not 2: docs/gpu-facts.md, second round). Stores do not merge: 8-byte
  // stores of the whole warp to one address took 2 (the GPU fuzz record).
  if (Load && Phases > 1 && !(Phases & 1) && TM.SharedMergeGroupLanes &&
      narrowGroups(TM, Lanes, BytesPerLane, TM.SharedMergeGroupLanes,
                   TM.SharedMergeGroupBytes))
    Phases /= 2;
  // The phases split the warp into equal consecutive groups of lanes
  // (half-warps for 64-bit, quarter-warps for 128-bit).
  size_t LanesPerPhase = std::max(1u, TM.WarpSize / Phases);

  SharedCost Cost;
  llvm::SmallVector<uint64_t, 32> Starts;
  // Per phase: the distinct words so far, chained per bank through Next from
  // Head[bank], and each bank's count of distinct words. A chain is as long
  // as its bank's conflict degree, so deduplicating by walking it is cheaper
  // than sorting the phase's words.
  constexpr int NoWord = -1;
  llvm::SmallVector<uint64_t, InlineUnits> Words;
  llvm::SmallVector<int, InlineUnits> Next;
  llvm::SmallVector<uint64_t, InlineUnits> LaneWords; // 1.x: one per lane
  int Head[64];
  unsigned Depth[64];
  bool OneWord = TM.Broadcast == SharedBroadcast::OneWord;
  unsigned ActivePhases = 0;
  for (size_t Begin = 0; Begin < Lanes.size(); Begin += LanesPerPhase) {
    Words.clear();
    LaneWords.clear();
    Next.clear();
    std::fill_n(Head, TM.SharedBanks, NoWord);
    std::fill_n(Depth, TM.SharedBanks, 0u);
    unsigned Deepest = 0;
    for (const LaneAddress &A :
         Lanes.slice(Begin, std::min(LanesPerPhase, Lanes.size() - Begin))) {
      if (!A)
        continue;
      Starts.push_back(*A);
      // An 8- or 16-byte lane occupies 2 or 4 consecutive bank words.
      uint64_t Last = *A + BytesPerLane - 1;
      for (uint64_t W = *A >> WordShift; W <= Last >> WordShift; ++W) {
        if (OneWord)
          LaneWords.push_back(W);
        unsigned Bank = W & BankMask;
        // Lanes on the same word are served by one broadcast, so only
        // distinct words compete for a bank.
        int I = Head[Bank];
        while (I != NoWord && Words[I] != W)
          I = Next[I];
        if (I != NoWord)
          continue;
        Next.push_back(Head[Bank]);
        Head[Bank] = Words.size();
        Words.push_back(W);
        Deepest = std::max(Deepest, ++Depth[Bank]);
      }
    }
    // Each bank serves one word per wavefront, so the busiest bank sets the
    // phase's wavefronts; a phase with no active lane issues nothing (0).
    // 1.x broadcasts one word per step: lanes sharing a word in a bank
    // other than the broadcast one are served one per step.
    Cost.Wavefronts += OneWord && !LaneWords.empty()
                           ? oneWordBroadcastSteps(LaneWords, TM.SharedBanks)
                           : Deepest;
    ActivePhases += Deepest > 0;
  }
  if (Starts.empty())
    return Cost;

  // Ideal: the distinct bytes moved, one full bank array's worth per
  // wavefront, and at least one wavefront for any access.
  sortIfNeeded(Starts);
  uint64_t PhaseBytes = uint64_t(TM.SharedBanks) * TM.BankWidthBytes;
  Cost.IdealWavefronts = std::max<uint64_t>(
      1, ceilDiv(unionBytes(Starts, BytesPerLane), PhaseBytes));
  // Each phase with an active lane takes a wavefront however few bytes it
  // moves: 1.x issues each half-warp as its own request, and an 8- or
  // 16-byte access is served in half- or quarter-warp phases. [H100] The
  // profiler's ideal for such accesses is that count: 4 per request for
  // 16-byte lanes whose two half-warps read the same 256 bytes, 2 for
  // lanes that read two 16-byte chunks (half-warp phases), where their
  // distinct bytes would fit 2 and 1 wavefronts (docs/gpu-facts.md, "Ideal
  // wavefronts").
  Cost.IdealWavefronts = std::max(Cost.IdealWavefronts, ActivePhases);
  return Cost;
}
