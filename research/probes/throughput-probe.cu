// Throughput probe: how fast the H100 serves global sectors (from L2 and
// from DRAM, loads and stores, whole sectors and 4-byte pieces of them) and
// shared-memory wavefronts. Each kernel's sectors or wavefronts follow from
// its indexing (stated per kernel); the probe times it with CUDA events
// (median of 21 launches after 3 warm-ups) and prints one CSV row:
//   kernel,footprint_bytes,units,unit,median_ms,units_per_s,per_sm_clock
// per_sm_clock divides by SMs x cudaDevAttrClockRate (the boost clock the
// driver reports). The cost model of docs/costs.md takes its rates here.
// PROBE_ONCE=1 (for ncu): each kernel twice, untimed.
#define PROBE_ONCE_LAUNCHES 2
#include "probe.h"

// One float per 32-byte sector: lane k of a warp reads sector s+k, so a
// request touches 32 sectors for 128 needed bytes. Passes rotate the start
// so that an SM does not find its previous pass in L1.
__global__ void ldSector(const float *In, float *Out, unsigned Mask,
                         int Passes) {
  unsigned T = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned N = gridDim.x * blockDim.x;
  float Acc = 0;
  for (int P = 0; P < Passes; ++P)
    for (unsigned K = T; K <= Mask; K += N)
      Acc += In[((K + P * 40961u) & Mask) * 8];
  if (Acc == 1234.5f)
    Out[T] = Acc;
}

// Lane k reads float k of a contiguous range: 4 whole sectors a request.
__global__ void ldContig(const float *In, float *Out, unsigned Mask,
                         int Passes) {
  unsigned T = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned N = gridDim.x * blockDim.x;
  float Acc = 0;
  for (int P = 0; P < Passes; ++P)
    for (unsigned K = T; K <= Mask; K += N)
      Acc += In[(K + P * 40961u * 32) & Mask];
  if (Acc == 1234.5f)
    Out[T] = Acc;
}

// A 4-byte store per sector: 32 partly written sectors a request.
__global__ void stSector(float *Out, unsigned Mask, int Passes) {
  unsigned T = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned N = gridDim.x * blockDim.x;
  for (int P = 0; P < Passes; ++P)
    for (unsigned K = T; K <= Mask; K += N)
      Out[((K + P * 40961u) & Mask) * 8] = float(P);
}

// Contiguous stores: 4 whole sectors a request.
__global__ void stContig(float *Out, unsigned Mask, int Passes) {
  unsigned T = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned N = gridDim.x * blockDim.x;
  for (int P = 0; P < Passes; ++P)
    for (unsigned K = T; K <= Mask; K += N)
      Out[(K + P * 40961u * 32) & Mask] = float(P);
}

// Shared loads: lane k reads word k*32 + (i mod 32) (32-way conflict: 32
// wavefronts a request) or word (i mod 32)*32 + k (1 wavefront).
__global__ void shConflict(float *Out, int Iters) {
  __shared__ float S[32 * 32];
  for (int I = threadIdx.x; I < 32 * 32; I += blockDim.x)
    S[I] = float(I);
  __syncthreads();
  volatile float *V = S;
  unsigned L = threadIdx.x & 31;
  float Acc = 0;
  for (int I = 0; I < Iters; ++I)
    Acc += V[L * 32 + (I & 31)];
  if (Acc == 1234.5f)
    Out[threadIdx.x] = Acc;
}
__global__ void shFree(float *Out, int Iters) {
  __shared__ float S[32 * 32];
  for (int I = threadIdx.x; I < 32 * 32; I += blockDim.x)
    S[I] = float(I);
  __syncthreads();
  volatile float *V = S;
  unsigned L = threadIdx.x & 31;
  float Acc = 0;
  for (int I = 0; I < Iters; ++I)
    Acc += V[(I & 31) * 32 + L];
  if (Acc == 1234.5f)
    Out[threadIdx.x] = Acc;
}

// L1-resident loads: each block reads a 8 KiB window of its own over and
// over, so that after the first pass every request hits in L1. Lane k reads
// float k*Step of a line-aligned piece of the window: Step 0 (every lane the
// same word) touches 1 sector of 1 line a request, Step 1 4 sectors of 1
// line, 2 8 sectors of 2 lines, 8 32 sectors of 8 lines, 32 32 sectors of
// 32 lines. The piece moves by a line a pass, by warp and iteration.
template <int Step>
__global__ void ldL1(const float *In, float *Out, int Iters) {
  const float *W = In + (blockIdx.x % 64) * 2048;
  unsigned L = threadIdx.x & 31, Wp = threadIdx.x >> 5;
  float Acc = 0;
#pragma unroll 8
  for (int I = 0; I < Iters; ++I)
    Acc += W[((I + Wp) & 31) * 32 + L * Step];
  if (Acc == 1234.5f)
    Out[blockIdx.x * blockDim.x + threadIdx.x] = Acc;
}

int main() {
  ProbeSetup P;
  if (setUp(P))
    return 1;
  printf("kernel,footprint_bytes,units,unit,median_ms,units_per_s,"
         "per_sm_clock\n");
  const size_t Big = P.Big;
  const double PerClock = P.PerClock;
  float *Buf = P.Buf, *Out = P.Out;
  int Grid = P.Grid, Block = P.Block;
  auto Row = [&](const char *K, size_t Foot, double Units, const char *U,
                 float Ms) {
    double Rate = Units / (Ms * 1e-3);
    printf("%s,%zu,%.0f,%s,%.5f,%.4g,%.4f\n", K, Foot, Units, U, Ms, Rate,
           Rate / PerClock);
  };
  // Footprints: 16 MiB stays in L2; 1 GiB of sectors (32 GiB of address
  // range would not fit, so the DRAM sector kernels walk 1 GiB / 32 B
  // sectors with one float each).
  struct Case {
    size_t Foot;
    int Passes;
  } Cases[] = {{size_t(16) << 20, 20}, {Big, 1}};
  for (Case C : Cases) {
    unsigned Sectors = unsigned(C.Foot / 32);
    double Total = double(Sectors) * C.Passes;
    Row("ldSector", C.Foot, Total, "sectors", medianMs([&] {
          ldSector<<<Grid, Block>>>(Buf, Out, Sectors - 1, C.Passes);
        }));
    Row("stSector", C.Foot, Total, "sectors", medianMs([&] {
          stSector<<<Grid, Block>>>(Buf, Sectors - 1, C.Passes);
        }));
    unsigned Floats = unsigned(C.Foot / 4);
    Row("ldContig", C.Foot, Total, "sectors", medianMs([&] {
          ldContig<<<Grid, Block>>>(Buf, Out, Floats - 1, C.Passes);
        }));
    Row("stContig", C.Foot, Total, "sectors", medianMs([&] {
          stContig<<<Grid, Block>>>(Buf, Floats - 1, C.Passes);
        }));
  }
  int Iters = 4096;
  double Requests = double(Grid) * (Block / 32) * Iters;
  Row("shConflict", 4096, Requests * 32, "wavefronts",
      medianMs([&] { shConflict<<<Grid, Block>>>(Out, Iters); }));
  Row("shFree", 4096, Requests, "wavefronts",
      medianMs([&] { shFree<<<Grid, Block>>>(Out, Iters); }));
  // The L1 rows count requests; their sectors and lines are in ldL1's
  // comment.
  int L1Iters = 2048;
  double L1Requests = double(Grid) * (Block / 32) * L1Iters;
  Row("ldL1.step0", 8192, L1Requests, "requests",
      medianMs([&] { ldL1<0><<<Grid, Block>>>(Buf, Out, L1Iters); }));
  Row("ldL1.step1", 8192, L1Requests, "requests",
      medianMs([&] { ldL1<1><<<Grid, Block>>>(Buf, Out, L1Iters); }));
  Row("ldL1.step2", 8192, L1Requests, "requests",
      medianMs([&] { ldL1<2><<<Grid, Block>>>(Buf, Out, L1Iters); }));
  Row("ldL1.step8", 8192, L1Requests, "requests",
      medianMs([&] { ldL1<8><<<Grid, Block>>>(Buf, Out, L1Iters); }));
  Row("ldL1.step32", 8192, L1Requests, "requests",
      medianMs([&] { ldL1<32><<<Grid, Block>>>(Buf, Out, L1Iters); }));
  CK(cudaGetLastError());
  return 0;
}
