//===- LegacyMemoryModels.cpp - Transactions and banks before Volta -------===//
//
// The global-memory rules of compute capability 1.x, 2.x and 3.0, which
// count memory transactions per request rather than L1TEX sectors, and the
// one-word broadcast of 1.x shared memory. The rules and their sources are
// in docs/legacy-architectures.md; TargetModel.cpp says which architecture
// uses which.
//
//===----------------------------------------------------------------------===//
#include "LegacyMemoryModels.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/MathExtras.h"
#include <algorithm>

using namespace cal;

namespace {

uint64_t ceilDiv(uint64_t N, uint64_t D) { return (N + D - 1) / D; }

/// Distinct bytes in [A, A + Len) over the active lanes of \p Lanes.
uint64_t distinctBytes(llvm::ArrayRef<LaneAddress> Lanes, unsigned Len) {
  llvm::SmallVector<uint64_t, 32> Starts;
  for (const LaneAddress &A : Lanes)
    if (A)
      Starts.push_back(*A);
  llvm::sort(Starts);
  uint64_t Total = 0, End = 0;
  for (size_t I = 0; I < Starts.size(); ++I) {
    uint64_t S = Starts[I], E = S + Len;
    Total += I == 0 || S >= End ? Len : E - std::min(E, End);
    End = std::max(End, E);
  }
  return Total;
}

/// Distinct Unit-byte blocks touched by the active lanes of \p Lanes.
unsigned distinctUnits(llvm::ArrayRef<LaneAddress> Lanes, unsigned Bytes,
                       unsigned Unit) {
  llvm::SmallVector<uint64_t, 64> Units;
  for (const LaneAddress &A : Lanes)
    if (A)
      for (uint64_t U = *A / Unit; U <= (*A + Bytes - 1) / Unit; ++U)
        Units.push_back(U);
  llvm::sort(Units);
  return unsigned(std::unique(Units.begin(), Units.end()) - Units.begin());
}

/// Compute capability 1.0/1.1, one half-warp: coalesced into one segment
/// (two for 16-byte words) when every active lane k accesses word k of a
/// segment aligned to 16 words of 4, 8 or 16 bytes; otherwise one 32-byte
/// transaction per active lane (more if its word straddles 32 bytes).
void strictHalfWarp(const TargetModel &TM, llvm::ArrayRef<LaneAddress> Half,
                    unsigned W, GlobalCost &C) {
  bool Coalesced = W == 4 || W == 8 || W == 16;
  uint64_t Span = uint64_t(TM.GlobalRequestLanes) * W;
  std::optional<uint64_t> Base;
  for (unsigned K = 0; K < Half.size() && Coalesced; ++K) {
    if (!Half[K])
      continue;
    uint64_t B = *Half[K] - uint64_t(K) * W;
    // Lane k's word is word k of a segment aligned to 16 x W bytes.
    Coalesced =
        *Half[K] >= uint64_t(K) * W && B % Span == 0 && (!Base || *Base == B);
    Base = B;
  }
  if (Coalesced) {
    // 64 bytes for 4-byte words, 128 for 8, two of 128 for 16.
    unsigned Seg = TM.segmentBytes(W);
    unsigned Txns = unsigned(ceilDiv(Span, Seg));
    C.Sectors += Txns;
    C.TransactionBytes += Txns * Seg;
    return;
  }
  // One transaction of the smallest size per lane (more if its word
  // straddles one).
  unsigned Small = TM.SectorBytes;
  for (const LaneAddress &A : Half)
    if (A) {
      unsigned N = unsigned((*A + W - 1) / Small - *A / Small + 1);
      C.Sectors += N;
      C.TransactionBytes += Small * N;
    }
}

/// Compute capability 1.2/1.3, one half-warp: one transaction per segment
/// of S bytes touched (32 for 1-byte words, 64 for 2-byte, 128 for wider),
/// each shrunk to 64 and then 32 bytes while the bytes it serves lie in one
/// half of it.
void segmentHalfWarp(const TargetModel &TM, llvm::ArrayRef<LaneAddress> Half,
                     unsigned W, GlobalCost &C) {
  uint64_t S = TM.segmentBytes(W);
  // (segment, first byte used, last byte used), per segment.
  llvm::SmallVector<std::array<uint64_t, 3>, 32> Segs;
  for (const LaneAddress &A : Half) {
    if (!A)
      continue;
    uint64_t Last = *A + W - 1;
    for (uint64_t Seg = *A / S; Seg <= Last / S; ++Seg) {
      uint64_t Lo = std::max(*A, Seg * S), Hi = std::min(Last, Seg * S + S - 1);
      auto *It = llvm::find_if(
          Segs, [&](const std::array<uint64_t, 3> &X) { return X[0] == Seg; });
      if (It == Segs.end())
        Segs.push_back({Seg, Lo, Hi});
      else
        (*It)[1] = std::min((*It)[1], Lo), (*It)[2] = std::max((*It)[2], Hi);
    }
  }
  for (const auto &[Seg, Lo, Hi] : Segs) {
    uint64_t Start = Seg * S, Size = S;
    // Halve while the used bytes fit in the lower or the upper half.
    while (Size > TM.SectorBytes) {
      uint64_t Mid = Start + Size / 2;
      if (Hi < Mid)
        Size /= 2;
      else if (Lo >= Mid)
        Start = Mid, Size /= 2;
      else
        break;
    }
    ++C.Sectors;
    C.TransactionBytes += Size;
  }
}

} // namespace

unsigned cal::globalRequestLanes(const TargetModel &TM, unsigned BytesPerLane) {
  if (TM.Global != GlobalScheme::LineOrSegment)
    return TM.GlobalRequestLanes;
  // 2.x: a warp request of 8-byte words is split into two 128-byte
  // requests (one per half-warp), of 16-byte words into four (one per
  // quarter-warp) [PG 2.x].
  unsigned Width = unsigned(llvm::PowerOf2Ceil(BytesPerLane));
  return Width <= 4 ? TM.WarpSize : TM.WarpSize * 4 / Width;
}

unsigned cal::globalTransactionBytes(const TargetModel &TM, bool Load) {
  // Loads cached in L1 move whole 128-byte lines; loads cached in L2 only,
  // stores (which invalidate the L1 line and are written in L2) and atomics
  // move 32-byte segments [PG 2.x, 3.x].
  return TM.L1CachesGlobalLoads && Load ? TM.LineBytes : TM.SectorBytes;
}

GlobalCost cal::computeLegacyGlobalCost(const TargetModel &TM,
                                        llvm::ArrayRef<LaneAddress> Lanes,
                                        unsigned BytesPerLane, bool Load) {
  GlobalCost C;
  unsigned Group = globalRequestLanes(TM, BytesPerLane);
  unsigned Unit = globalTransactionBytes(TM, Load);
  for (size_t Begin = 0; Begin < Lanes.size(); Begin += Group) {
    llvm::ArrayRef<LaneAddress> G =
        Lanes.slice(Begin, std::min<size_t>(Group, Lanes.size() - Begin));
    if (llvm::none_of(G, [](const LaneAddress &A) { return A.has_value(); }))
      continue; // a request with no active lane issues nothing
    uint64_t Bytes = distinctBytes(G, BytesPerLane);
    // The smallest transaction: 32 bytes on 1.x [SEED], the line or
    // segment of the LineOrSegment scheme.
    unsigned Smallest =
        TM.Global == GlobalScheme::LineOrSegment ? Unit : TM.SectorBytes;
    C.IdealBytes += unsigned(ceilDiv(Bytes, Smallest) * Smallest);
    switch (TM.Global) {
    case GlobalScheme::StrictHalfWarp:
    case GlobalScheme::SegmentHalfWarp:
      if (TM.Global == GlobalScheme::StrictHalfWarp)
        strictHalfWarp(TM, G, BytesPerLane, C);
      else
        segmentHalfWarp(TM, G, BytesPerLane, C);
      // The fewest transactions the bytes could take: whole segments of
      // the word size's (64 or 128 bytes on 1.0/1.1 for words up to 4
      // bytes or wider; 32, 64 or 128 on 1.2/1.3).
      C.IdealSectors +=
          std::max<uint64_t>(1, ceilDiv(Bytes, TM.segmentBytes(BytesPerLane)));
      break;
    case GlobalScheme::LineOrSegment: {
      unsigned N = distinctUnits(G, BytesPerLane, Unit);
      C.Sectors += N;
      C.TransactionBytes += N * Unit;
      C.IdealSectors += std::max<uint64_t>(1, ceilDiv(Bytes, Unit));
      break;
    }
    case GlobalScheme::Sectors:
      llvm_unreachable("the sector scheme is costed in MemoryModels.cpp");
    }
  }
  C.Lines = distinctUnits(Lanes, BytesPerLane, TM.LineBytes);
  return C;
}

unsigned cal::oneWordBroadcastSteps(llvm::ArrayRef<uint64_t> Words,
                                    unsigned Banks) {
  // Compute capability 1.x [PG 1.x, shared memory]: a request is served in
  // steps; each step broadcasts one word to every lane that reads it and
  // serves one further lane in each other bank. The hardware's choice of
  // broadcast word is not specified; the steps counted here broadcast the
  // word with the most lanes left (fewest steps when lanes share words
  // only in one bank, as in every pattern the documentation shows).
  llvm::SmallVector<std::pair<uint64_t, unsigned>, 64> Left; // word, lanes
  for (uint64_t W : Words) {
    auto *It = llvm::find_if(Left, [&](auto &P) { return P.first == W; });
    if (It == Left.end())
      Left.push_back({W, 1});
    else
      ++It->second;
  }
  unsigned Steps = 0;
  while (!Left.empty()) {
    ++Steps;
    auto *Best =
        std::max_element(Left.begin(), Left.end(), [](auto &X, auto &Y) {
          return X.second < Y.second ||
                 (X.second == Y.second && X.first > Y.first);
        });
    uint64_t BankOfBest = Best->first % Banks;
    Left.erase(Best);
    // One lane of each other bank: taken from the word with the fewest
    // lanes left, which finishes words soonest.
    llvm::SmallVector<bool, 64> Served(Banks, false);
    Served[BankOfBest] = true;
    llvm::sort(Left, [](auto &X, auto &Y) {
      return X.second < Y.second || (X.second == Y.second && X.first < Y.first);
    });
    for (auto &P : Left) {
      unsigned B = P.first % Banks;
      if (Served[B])
        continue;
      Served[B] = true;
      --P.second;
    }
    llvm::erase_if(Left, [](auto &P) { return P.second == 0; });
  }
  return Steps;
}
