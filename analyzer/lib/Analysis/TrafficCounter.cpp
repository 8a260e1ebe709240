//===- TrafficCounter.cpp - Bytes and operations of a launch --------------===//
#include "TrafficCounter.h"
#include "llvm/ADT/bit.h"
#include <algorithm>

using namespace cal;

void TrafficCounter::beginBlock(unsigned S, double GridThreads,
                                uint64_t BlockStandsFor) {
  flushBlock();
  if (Samples.size() <= S)
    Samples.resize(S + 1);
  Samples[S].GridThreads = GridThreads;
  Sample = S;
  StandsFor = double(BlockStandsFor);
}

void TrafficCounter::addOps(OpClass C, unsigned N, uint32_t Active) {
  if (!Samples.empty())
    Samples[Sample].Ops[unsigned(C)] +=
        double(__builtin_popcount(Active)) * N * StandsFor;
}

void TrafficCounter::addSectorBytes(double Bytes) {
  if (!Samples.empty())
    Samples[Sample].SectorBytes += Bytes * StandsFor;
}

namespace {
/// The bytes of [Lo, Hi) among the \p Size bytes from \p Start (a fetch
/// unit or a sector: at most 64 bytes, the targets' largest), as a mask.
uint64_t byteMask(uint64_t Start, uint64_t Size, uint64_t Lo, uint64_t Hi) {
  uint64_t From = std::max(Lo, Start) - Start;
  uint64_t To = std::min(Hi, Start + Size) - Start;
  uint64_t Upto = To >= 64 ? ~0ull : (1ull << To) - 1;
  return Upto & ~((1ull << From) - 1);
}
} // namespace

void TrafficCounter::addDramUnits(uint64_t Base, bool Reads, bool Writes,
                                  llvm::ArrayRef<LaneAddress> Lanes,
                                  unsigned Bytes) {
  if (Samples.empty() || !Bytes)
    return;
  SampleTraffic::Object &O = Samples[Sample].Objects[Base];
  BlockUnits &U = Units[Base];
  uint64_t Fetch = TM.DramFetchBytes, Sector = TM.SectorBytes;
  for (const LaneAddress &L : Lanes) {
    if (!L)
      continue;
    uint64_t Lo = *L, Hi = *L + Bytes; // [Lo, Hi)
    if (Reads) {
      for (uint64_t C = Lo / Fetch; C <= (Hi - 1) / Fetch; ++C)
        U.Read[C] |= byteMask(C * Fetch, Fetch, Lo, Hi);
      O.ReadLo = std::min(O.ReadLo, Lo);
      O.ReadHi = std::max(O.ReadHi, Hi);
    }
    if (Writes) {
      for (uint64_t C = Lo / Sector; C <= (Hi - 1) / Sector; ++C)
        U.Write[C] |= byteMask(C * Sector, Sector, Lo, Hi);
      O.WriteLo = std::min(O.WriteLo, Lo);
      O.WriteHi = std::max(O.WriteHi, Hi);
    }
  }
}

void TrafficCounter::flushBlock() {
  for (auto &[Base, U] : Units) {
    SampleTraffic::Object &O = Samples[Sample].Objects[Base];
    O.Read += double(U.Read.size()) * TM.DramFetchBytes * StandsFor;
    O.Write += double(U.Write.size()) * TM.SectorBytes * StandsFor;
    uint64_t ReadUsed = 0, WriteUsed = 0;
    for (const auto &KV : U.Read)
      ReadUsed += llvm::popcount(KV.second);
    for (const auto &KV : U.Write)
      WriteUsed += llvm::popcount(KV.second);
    O.ReadUsed += double(ReadUsed) * StandsFor;
    O.WriteUsed += double(WriteUsed) * StandsFor;
  }
  Units.clear();
}
