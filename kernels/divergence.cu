//===- divergence.cu - Branches that diverge, and ones that do not --------===//
//
// Branch divergence as the hardware counts it needs a branch that survives
// compilation: the lane-parity branch here guards loops with a run-time trip
// count, which cannot be turned into selects; the lane-dependent trip count
// diverges at the loop's exit test. Two controls: the same branch made
// warp-uniform, and a two-line if/else that the compiler is expected to
// if-convert (gpu-facts.md measured zero divergent targets for it). Check the
// SASS with cuobjdump --dump-sass (docs/measurements-h100.md).
//
//===----------------------------------------------------------------------===//
#include "cal/runtime/Suite.h"

constexpr int DivBlocks = 1024;
constexpr int DivThreads = 256;
constexpr int DivIters = 64;

__global__ void laneParityLoops(float *Out, const float *In, int Iters) {
  int G = blockIdx.x * blockDim.x + threadIdx.x;
  float V = In[G];
  if (threadIdx.x % 2 == 0) {
    for (int K = 0; K < Iters; ++K)
      V = V * 0.999f + 1.0f;
  } else {
    for (int K = 0; K < Iters; ++K)
      V = V * 1.001f - 0.5f;
  }
  Out[G] = V;
}

__global__ void warpUniformLoops(float *Out, const float *In, int Iters) {
  int G = blockIdx.x * blockDim.x + threadIdx.x;
  float V = In[G];
  if ((threadIdx.x / 32) % 2 == 0) {
    for (int K = 0; K < Iters; ++K)
      V = V * 0.999f + 1.0f;
  } else {
    for (int K = 0; K < Iters; ++K)
      V = V * 1.001f - 0.5f;
  }
  Out[G] = V;
}

__global__ void laneTripCount(float *Out, const float *In) {
  int G = blockIdx.x * blockDim.x + threadIdx.x;
  float V = In[G];
  for (int K = 0; K < (threadIdx.x & 7); ++K)
    V = V * 1.0001f + 1.0f;
  Out[G] = V;
}

__global__ void shortIfElse(float *Out, const float *In) {
  int G = blockIdx.x * blockDim.x + threadIdx.x;
  float V = In[G];
  if (threadIdx.x % 2 == 0)
    V = V * V + 1.0f;
  else
    V = V * 0.5f - 1.0f;
  Out[G] = V;
}

void cal_suite_divergence(cal::SuiteContext &Ctx) {
  constexpr size_t N = size_t(DivBlocks) * DivThreads;
  constexpr uint64_t F = N * sizeof(float);
  float *In = Ctx.alloc<float>(N);
  float *Out = Ctx.alloc<float>(N);
  Ctx.fill(In, N, 41);

  Ctx.launch("divergence.lane_parity_loops", {F, F}, [&] {
    laneParityLoops<<<DivBlocks, DivThreads>>>(Out, In, DivIters);
  });
  Ctx.launch("divergence.warp_uniform_loops", {F, F}, [&] {
    warpUniformLoops<<<DivBlocks, DivThreads>>>(Out, In, DivIters);
  });
  Ctx.launch("divergence.lane_trip_count", {F, F}, [&] {
    laneTripCount<<<DivBlocks, DivThreads>>>(Out, In);
  });
  Ctx.launch("divergence.short_if_else", {F, F}, [&] {
    shortIfElse<<<DivBlocks, DivThreads>>>(Out, In);
  });
}
