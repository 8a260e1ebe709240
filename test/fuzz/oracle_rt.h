// Native oracle runtime (docs/testing-at-scale.md): the generated kernels,
// rendered as host C++ by kernelgen.py, run here one thread at a time,
// compiled by the host compiler. Each access and branch test records what the thread did, keyed
// by its site and its dynamic context (the iteration of every enclosing
// loop and the call sites it is inside). Lanes of one warp that reach the
// same site in the same context form one warp-level request, as SIMT
// execution with reconvergence at the end of each construct issues them.
// The request's cost follows the rules of the target model (sm_90: 32-byte
// sectors; 32 banks of 4 bytes, 1/2/4 phases for 4/8/16-byte lanes, half
// as many when every quad of lanes reads at most 16 distinct bytes),
// written out here independently of the analyzer. The blocks and warps run
// are those the analyzer evaluates: per grid dimension the first, the last
// and the middle one (G / 2, standing for G - 2 blocks), every warp of each.
#ifndef CAL_FUZZ_ORACLE_RT_H
#define CAL_FUZZ_ORACLE_RT_H

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <map>
#include <set>
#include <vector>

struct uint3 {
  unsigned x, y, z;
};
struct dim3 {
  unsigned x = 1, y = 1, z = 1;
};
static uint3 threadIdx, blockIdx;
static dim3 blockDim, gridDim;

// CUDA's vector types, with CUDA's sizes and alignments.
struct alignas(2) char2 {
  signed char x, y;
};
struct alignas(4) char4 {
  signed char x, y, z, w;
};
struct alignas(4) short2 {
  short x, y;
};
struct alignas(8) short4 {
  short x, y, z, w;
};
struct alignas(8) float2 {
  float x, y;
};
struct alignas(8) int2 {
  int x, y;
};
struct alignas(16) float4 {
  float x, y, z, w;
};
struct alignas(16) int4 {
  int x, y, z, w;
};
struct alignas(16) double2 {
  double x, y;
};

static void __syncthreads() {}

enum CalSpace { CalGlobal, CalShared };

template <class T> struct Arr {
  uint64_t Base;
  CalSpace Space;
  uint64_t Cols; // row length in elements for 2-D shared arrays
};

namespace cal_oracle {

constexpr unsigned SectorBytes = 32, Banks = 32, BankBytes = 4, Warp = 32;

struct Key {
  int Site, Piece;
  std::vector<int> Ctx;
  bool operator<(const Key &O) const {
    if (Site != O.Site)
      return Site < O.Site;
    if (Piece != O.Piece)
      return Piece < O.Piece;
    return Ctx < O.Ctx;
  }
};

struct Req {
  CalSpace Space;
  bool Store;
  unsigned Bytes;
  uint64_t Addr[32];
  uint32_t Mask = 0;
};
struct Test {
  uint32_t Active = 0, Taken = 0;
  long long Val[32];
};

struct Stat {
  double Min = 1e300, Max = -1e300, Sum = 0, W = 0;
  void add(double V, double Wt) {
    Min = std::min(Min, V);
    Max = std::max(Max, V);
    Sum += V * Wt;
    W += Wt;
  }
};
struct SiteStats {
  CalSpace Space;
  bool Store;
  unsigned Bytes;
  double Requests = 0;
  Stat Cost, Lanes;
};
// The analyzer's classification (BranchSummary::classify): warp-uniform
// needs the n-th execution in a warp to go different ways in different
// warps; a loop that runs as often in every warp is uniform.
struct BranchSite {
  bool SawTrue = false, SawFalse = false, Split = false, CrossWarp = false;
  std::vector<int> Outcome; // per occurrence in a warp: -1, 0 or 1
  std::set<uint64_t> Seen, Divergent;
};

static int Lane;
static std::vector<int> Ctx;
static std::map<Key, Req> Reqs;
static std::map<Key, Test> Tests;
static std::map<int, bool> IsSwitch;
static std::map<int, SiteStats> Sites;
static std::map<int, BranchSite> Branches;

inline unsigned sectors(const Req &R) {
  std::set<uint64_t> S;
  for (unsigned L = 0; L < Warp; ++L)
    if (R.Mask >> L & 1)
      for (uint64_t B = R.Addr[L]; B < R.Addr[L] + R.Bytes; ++B)
        S.insert(B / SectorBytes);
  return S.size();
}

// Phases: a warp of W-byte lanes moves 32 * W bytes, 128 per pass; loads of
// 8- and 16-byte lanes take half the passes when each group of 4 lanes needs
// at most 16 distinct bytes, in distinct banks (measured on the H100 and
// H200, docs/gpu-facts.md).
inline unsigned wavefronts(const Req &R) {
  unsigned W = std::max(R.Bytes, BankBytes);
  unsigned Phases = std::max(1u, Warp * W / (Banks * BankBytes));
  if (Phases > 1 && !R.Store) {
    bool Narrow = true;
    for (unsigned Q = 0; Q < Warp && Narrow; Q += 4) {
      std::set<uint64_t> Bytes;
      for (unsigned L = Q; L < Q + 4 && L < Warp; ++L)
        if (R.Mask >> L & 1)
          for (uint64_t B = R.Addr[L]; B < R.Addr[L] + R.Bytes; ++B)
            Bytes.insert(B);
      // ... and no two of the quad's words in one bank (second round of
      // probes, docs/gpu-facts.md).
      std::map<unsigned, std::set<uint64_t>> QuadWords;
      for (uint64_t B : Bytes)
        QuadWords[(B / BankBytes) % Banks].insert(B / BankBytes);
      Narrow = Bytes.size() <= 16;
      for (auto &[Bank, Set] : QuadWords)
        Narrow = Narrow && Set.size() <= 1;
    }
    if (Narrow)
      Phases /= 2;
  }
  unsigned Per = Warp / Phases, Total = 0;
  for (unsigned P = 0; P < Phases; ++P) {
    std::map<unsigned, std::set<uint64_t>> Words; // bank -> distinct words
    for (unsigned L = P * Per; L < (P + 1) * Per; ++L)
      if (R.Mask >> L & 1)
        for (uint64_t B = R.Addr[L]; B < R.Addr[L] + R.Bytes; ++B)
          Words[(B / BankBytes) % Banks].insert(B / BankBytes);
    unsigned Deepest = 0;
    for (auto &[Bank, Set] : Words)
      Deepest = std::max<unsigned>(Deepest, Set.size());
    Total += Deepest;
  }
  return Total;
}

template <class T, class I>
void record(int Site, const Arr<T> &A, I Index, bool Store, uint64_t Extra) {
  // A whole-struct copy is issued as pieces as wide as the alignment, at
  // most 16 bytes (docs/analyzer.md "Struct copies").
  constexpr unsigned Piece = alignof(T) < 16 ? alignof(T) : 16;
  uint64_t Addr =
      A.Base + Extra + uint64_t((unsigned long long)Index) * sizeof(T);
  for (unsigned P = 0; P < sizeof(T) / Piece; ++P) {
    Req &R = Reqs[Key{Site, int(P), Ctx}];
    R.Space = A.Space;
    R.Store = Store;
    R.Bytes = Piece;
    R.Addr[Lane] = Addr + P * Piece;
    R.Mask |= 1u << Lane;
  }
}

inline void endWarp(uint64_t WarpKey, double Weight) {
  for (auto &[K, R] : Reqs) {
    SiteStats &S = Sites[K.Site];
    S.Space = R.Space;
    S.Store = R.Store;
    S.Bytes = R.Bytes;
    S.Requests += Weight;
    S.Lanes.add(__builtin_popcount(R.Mask), Weight);
    S.Cost.add(R.Space == CalGlobal ? sectors(R) : wavefronts(R), Weight);
  }
  std::map<int, unsigned> Occurrence;
  for (auto &[K, T] : Tests) {
    BranchSite &B = Branches[K.Site];
    unsigned N = Occurrence[K.Site]++;
    uint32_t Taken = T.Taken;
    if (IsSwitch[K.Site]) {
      // A switch "agrees" when a lane's value is the first lane's.
      int First = __builtin_ctz(T.Active);
      Taken = 0;
      for (unsigned L = 0; L < Warp; ++L)
        if ((T.Active >> L & 1) && T.Val[L] == T.Val[First])
          Taken |= 1u << L;
    }
    B.Seen.insert(WarpKey);
    if (Taken)
      B.SawTrue = true;
    if (T.Active & ~Taken)
      B.SawFalse = true;
    if (Taken && (T.Active & ~Taken)) {
      B.Split = true;
      B.Divergent.insert(WarpKey);
    } else {
      int Out = Taken ? 1 : 0;
      if (N >= B.Outcome.size())
        B.Outcome.resize(N + 1, -1);
      if (B.Outcome[N] < 0)
        B.Outcome[N] = Out;
      else if (B.Outcome[N] != Out)
        B.CrossWarp = true;
    }
  }
  Reqs.clear();
  Tests.clear();
}

inline void reps(unsigned G, std::vector<std::pair<unsigned, double>> &Out) {
  Out = {{0, 1}};
  if (G >= 2)
    Out.push_back({G - 1, 1});
  if (G >= 3)
    Out.push_back({G / 2, double(G - 2)});
}

inline void run(const char *Name, dim3 Grid, dim3 Block,
                const std::function<void()> &Body) {
  Sites.clear();
  Branches.clear();
  gridDim = Grid;
  blockDim = Block;
  std::vector<std::pair<unsigned, double>> RX, RY, RZ;
  reps(Grid.x, RX);
  reps(Grid.y, RY);
  reps(Grid.z, RZ);
  unsigned Threads = Block.x * Block.y * Block.z;
  unsigned Warps = (Threads + Warp - 1) / Warp;
  double GridBlocks = double(Grid.x) * Grid.y * Grid.z, WarpWeight = 0;
  uint64_t BlockNo = 0;
  for (auto [Z, WZ] : RZ)
    for (auto [Y, WY] : RY)
      for (auto [X, WX] : RX) {
        blockIdx = {X, Y, Z};
        double Weight = WX * WY * WZ / GridBlocks;
        for (unsigned Wp = 0; Wp < Warps; ++Wp) {
          for (unsigned L = 0; L < Warp && Wp * Warp + L < Threads; ++L) {
            unsigned T = Wp * Warp + L;
            threadIdx = {T % Block.x, T / Block.x % Block.y,
                         T / (Block.x * Block.y)};
            Lane = L;
            Ctx.clear();
            Body();
          }
          endWarp(BlockNo * 4096 + Wp, Weight);
          WarpWeight += Weight;
        }
        ++BlockNo;
      }
  std::printf("{\"kernel\": \"%s\", \"accesses\": [", Name);
  bool First = true;
  for (auto &[Id, S] : Sites) {
    std::printf(
        "%s {\"site\": %d, \"space\": \"%s\", \"kind\": \"%s\", "
        "\"bytes\": %u, \"executions_per_warp\": %.6f, "
        "\"active_lanes\": %.6f, \"min\": %g, \"max\": %g, "
        "\"mean\": %.6f}",
        First ? "" : ",", Id, S.Space == CalGlobal ? "global" : "shared",
        S.Store ? "store" : "load", S.Bytes, S.Requests / WarpWeight,
        S.Lanes.Sum / S.Lanes.W, S.Cost.Min, S.Cost.Max, S.Cost.Sum / S.Cost.W);
    First = false;
  }
  std::printf("], \"branches\": [");
  First = true;
  for (auto &[Id, B] : Branches) {
    const char *Class = B.Split ? "divergent"
                        : B.SawTrue && B.SawFalse && B.CrossWarp
                            ? "warp-uniform"
                            : "uniform";
    std::printf("%s {\"site\": %d, \"classification\": \"%s\", "
                "\"divergent_warp_fraction\": %.6f}",
                First ? "" : ",", Id, Class,
                B.Seen.empty() ? 0.0
                               : double(B.Divergent.size()) / B.Seen.size());
    First = false;
  }
  std::printf("]}\n");
}

} // namespace cal_oracle

template <class T, class I> T cal_ld(int Site, const Arr<T> &A, I Index) {
  cal_oracle::record(Site, A, Index, false, 0);
  return T{};
}
template <class T, class I> void cal_st(int Site, const Arr<T> &A, I Index) {
  cal_oracle::record(Site, A, Index, true, 0);
}
template <class T, class I, class J>
T cal_ld2(int Site, const Arr<T> &A, I Row, J Col) {
  cal_oracle::record(Site, A, Col, false,
                     uint64_t((unsigned long long)Row) * A.Cols * sizeof(T));
  return T{};
}
template <class T, class I, class J>
void cal_st2(int Site, const Arr<T> &A, I Row, J Col) {
  cal_oracle::record(Site, A, Col, true,
                     uint64_t((unsigned long long)Row) * A.Cols * sizeof(T));
}
inline bool cal_br(int Site, bool C) {
  auto &T = cal_oracle::Tests[cal_oracle::Key{Site, 0, cal_oracle::Ctx}];
  T.Active |= 1u << cal_oracle::Lane;
  if (C)
    T.Taken |= 1u << cal_oracle::Lane;
  return C;
}
inline int cal_sw(int Site, int V) {
  cal_oracle::IsSwitch[Site] = true;
  auto &T = cal_oracle::Tests[cal_oracle::Key{Site, 0, cal_oracle::Ctx}];
  T.Active |= 1u << cal_oracle::Lane;
  T.Val[cal_oracle::Lane] = V;
  return V;
}
/// One loop: its iteration count is part of the context of what it runs.
struct CalLoop {
  CalLoop() { cal_oracle::Ctx.push_back(0); }
  ~CalLoop() { cal_oracle::Ctx.pop_back(); }
  void next() { ++cal_oracle::Ctx.back(); }
};
/// One call site: a function's sites are told apart per call.
struct CalCall {
  explicit CalCall(int Id) {
    cal_oracle::Ctx.push_back(-1);
    cal_oracle::Ctx.push_back(Id);
  }
  ~CalCall() {
    cal_oracle::Ctx.pop_back();
    cal_oracle::Ctx.pop_back();
  }
};

#endif // CAL_FUZZ_ORACLE_RT_H
