// Store-merge probe: what a warp's stores cost when they write pieces of
// the same sectors one instruction after another (the members of a
// structure, or a thread's consecutive floats written as scalars), against
// the same bytes written by one vector store, and against a single partial
// store per sector. Loads are probed the same way. Each kernel's sectors
// follow from its indexing (stated per kernel); timed with CUDA events
// (median of 21 launches after 3 warm-ups); one CSV row each:
//   kernel,footprint_bytes,requests,median_ms,requests_per_sm_clock,
//   sectors_per_request
// sectors_per_request is what the indexing gives per warp instruction (the
// analyzer's count). research/probes/store-merge-probe.sh adds ncu's
// counters for one untimed launch of each, among them the sectors L2
// received (lts__t_sectors_srcunit_tex_op_write), which say whether L1
// merged the pieces before L2 saw them.
#include "probe.h"

// Thread chunk K (of Mask + 1, a power of two) owns floats K*N .. K*N+N-1,
// so lanes are 4N bytes apart. The pass rotates the chunk so that an SM does
// not find its previous pass in L1.
__device__ __forceinline__ unsigned chunk(unsigned K, int P, unsigned Mask) {
  return (K + P * 40961u) & Mask;
}

// N scalar stores, one float each: lanes 4N bytes apart span 32 x 4N bytes,
// so each instruction touches 4N sectors (N = 1: 4, whole), writing 4 bytes a
// lane; the N instructions write the same sectors.
template <int N>
__global__ void stScalar(float *Out, unsigned Mask, int Passes) {
  unsigned T = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned G = gridDim.x * blockDim.x;
  for (int P = 0; P < Passes; ++P)
    for (unsigned K = T; K <= Mask; K += G) {
      float *C = Out + size_t(chunk(K, P, Mask)) * N;
#pragma unroll
      for (int J = 0; J < N; ++J)
        C[J] = float(P + J);
    }
}

// The same bytes as one vector store (N = 2: float2, 8 sectors; N = 4:
// float4, 16 sectors).
template <int N>
__global__ void stVector(float *Out, unsigned Mask, int Passes) {
  unsigned T = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned G = gridDim.x * blockDim.x;
  for (int P = 0; P < Passes; ++P)
    for (unsigned K = T; K <= Mask; K += G) {
      float *C = Out + size_t(chunk(K, P, Mask)) * N;
      if (N == 2)
        *reinterpret_cast<float2 *>(C) = make_float2(P, P + 1);
      else
        *reinterpret_cast<float4 *>(C) = make_float4(P, P + 1, P + 2, P + 3);
    }
}

// One scalar store per chunk: the same 4N sectors per instruction as
// stScalar's first, and no instruction after it writes them.
template <int N>
__global__ void stOne(float *Out, unsigned Mask, int Passes) {
  unsigned T = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned G = gridDim.x * blockDim.x;
  for (int P = 0; P < Passes; ++P)
    for (unsigned K = T; K <= Mask; K += G)
      Out[size_t(chunk(K, P, Mask)) * N] = float(P);
}

// A 24-byte structure of six floats a thread, four members written one by
// one (x, y, z, then the fifth): 24 sectors an instruction, the same ones.
struct Six {
  float X, Y, Z, Vx, Vy, Vz;
};
__global__ void stAoS(Six *Out, unsigned Mask, int Passes) {
  unsigned T = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned G = gridDim.x * blockDim.x;
  for (int P = 0; P < Passes; ++P)
    for (unsigned K = T; K <= Mask; K += G) {
      Six *S = Out + chunk(K, P, Mask);
      S->X = P;
      S->Y = P + 1;
      S->Z = P + 2;
      S->Vy = P + 3;
    }
}

// Loads: N scalar loads of a chunk (the first brings 4N sectors into L1, the
// others hit them) against one vector load.
template <int N>
__global__ void ldScalar(const float *In, float *Out, unsigned Mask,
                         int Passes) {
  unsigned T = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned G = gridDim.x * blockDim.x;
  float Acc = 0;
  for (int P = 0; P < Passes; ++P)
    for (unsigned K = T; K <= Mask; K += G) {
      const float *C = In + size_t(chunk(K, P, Mask)) * N;
#pragma unroll
      for (int J = 0; J < N; ++J)
        Acc += C[J];
    }
  if (Acc == 1234.5f)
    Out[T] = Acc;
}
__global__ void ldVector4(const float *In, float *Out, unsigned Mask,
                          int Passes) {
  unsigned T = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned G = gridDim.x * blockDim.x;
  float Acc = 0;
  for (int P = 0; P < Passes; ++P)
    for (unsigned K = T; K <= Mask; K += G) {
      float4 V = reinterpret_cast<const float4 *>(In)[chunk(K, P, Mask)];
      Acc += V.x + V.y + V.z + V.w;
    }
  if (Acc == 1234.5f)
    Out[T] = Acc;
}

int main() {
  ProbeSetup P;
  if (setUp(P))
    return 1;
  printf("kernel,footprint_bytes,requests,median_ms,requests_per_sm_clock,"
         "sectors_per_request\n");
  const size_t Big = P.Big;
  const double PerClock = P.PerClock;
  float *Buf = P.Buf, *Out = P.Out;
  int Grid = P.Grid, Block = P.Block;
  auto Row = [&](const char *K, size_t Foot, double Chunks, int Passes,
                 int PerChunk, double Sectors, float Ms) {
    double Requests = Chunks / 32 * Passes * PerChunk;
    printf("%s,%zu,%.0f,%.5f,%.4f,%.1f\n", K, Foot, Requests, Ms,
           Requests / (Ms * 1e-3) / PerClock, Sectors);
  };
  // 16 MiB stays in L2 (20 passes); 1 GiB goes to DRAM (1 pass).
  struct Case {
    size_t Foot;
    int Passes;
    const char *Tag;
  } Cases[] = {{size_t(16) << 20, 20, "l2"}, {Big, 1, "dram"}};
  char Name[64];
  for (Case C : Cases) {
    unsigned Floats = unsigned(C.Foot / 4);
#define ROW(NAME, N, PER, SEC, LAUNCH)                                         \
  do {                                                                         \
    unsigned Mask = Floats / (N)-1;                                            \
    snprintf(Name, sizeof Name, "%s.%s", NAME, C.Tag);                         \
    Row(Name, C.Foot, double(Mask) + 1, C.Passes, PER, SEC,                    \
        medianMs([&] { LAUNCH; }));                                            \
  } while (0)
    ROW("stScalar1", 1, 1, 4, (stScalar<1><<<Grid, Block>>>(Buf, Mask, C.Passes)));
    ROW("stScalar2", 2, 2, 8, (stScalar<2><<<Grid, Block>>>(Buf, Mask, C.Passes)));
    ROW("stVector2", 2, 1, 8, (stVector<2><<<Grid, Block>>>(Buf, Mask, C.Passes)));
    ROW("stOne2", 2, 1, 8, (stOne<2><<<Grid, Block>>>(Buf, Mask, C.Passes)));
    ROW("stScalar4", 4, 4, 16, (stScalar<4><<<Grid, Block>>>(Buf, Mask, C.Passes)));
    ROW("stVector4", 4, 1, 16, (stVector<4><<<Grid, Block>>>(Buf, Mask, C.Passes)));
    ROW("stOne4", 4, 1, 16, (stOne<4><<<Grid, Block>>>(Buf, Mask, C.Passes)));
    ROW("stOne8", 8, 1, 32, (stOne<8><<<Grid, Block>>>(Buf, Mask, C.Passes)));
    // Six floats a chunk: Floats / 6 rounded down to a power of two.
    ROW("stAoS6", 8, 4, 24,
        (stAoS<<<Grid, Block>>>(reinterpret_cast<Six *>(Buf), Mask, C.Passes)));
    ROW("ldScalar4", 4, 4, 16,
        (ldScalar<4><<<Grid, Block>>>(Buf, Out, Mask, C.Passes)));
    ROW("ldVector4", 4, 1, 16,
        (ldVector4<<<Grid, Block>>>(Buf, Out, Mask, C.Passes)));
#undef ROW
  }
  CK(cudaGetLastError());
  return 0;
}
