// What the probes of this directory share: a checked CUDA call that ends
// main with 1, and the median time of a launch.
#ifndef CAL_RESEARCH_PROBE_H
#define CAL_RESEARCH_PROBE_H

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <vector>

#define CK(x)                                                                  \
  do {                                                                         \
    cudaError_t e = (x);                                                       \
    if (e != cudaSuccess) {                                                    \
      fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e));                  \
      return 1;                                                                \
    }                                                                          \
  } while (0)

#ifndef PROBE_ONCE_LAUNCHES
#define PROBE_ONCE_LAUNCHES 1
#endif

/// The median of 21 event-timed launches after 3 warm-ups, in ms. With
/// PROBE_ONCE set in the environment (for ncu): PROBE_ONCE_LAUNCHES
/// launches, untimed, and 1.
template <class F> static float medianMs(F Launch) {
  if (getenv("PROBE_ONCE")) {
    for (int I = 0; I < PROBE_ONCE_LAUNCHES; ++I)
      Launch();
    cudaDeviceSynchronize();
    return 1;
  }
  cudaEvent_t A, B;
  cudaEventCreate(&A);
  cudaEventCreate(&B);
  for (int I = 0; I < 3; ++I)
    Launch();
  std::vector<float> Ms;
  for (int I = 0; I < 21; ++I) {
    cudaEventRecord(A);
    Launch();
    cudaEventRecord(B);
    cudaEventSynchronize(B);
    float M = 0;
    cudaEventElapsedTime(&M, A, B);
    Ms.push_back(M);
  }
  std::sort(Ms.begin(), Ms.end());
  return Ms[Ms.size() / 2];
}

/// The part and the buffers the throughput probes share: a 1 GiB buffer
/// (20x the L2), zeroed, a 16 MiB one, and a grid of 8 blocks of 256
/// threads an SM. Prints the part's SMs and clock; 1 on failure.
struct ProbeSetup {
  int SMs = 0, ClockKHz = 0;
  double PerClock = 0; ///< SM clocks a second over all SMs
  size_t Big = size_t(1) << 30;
  float *Buf = nullptr, *Out = nullptr;
  int Grid = 0, Block = 256;
};
static int setUp(ProbeSetup &P) {
  CK(cudaDeviceGetAttribute(&P.SMs, cudaDevAttrMultiProcessorCount, 0));
  CK(cudaDeviceGetAttribute(&P.ClockKHz, cudaDevAttrClockRate, 0));
  P.PerClock = double(P.SMs) * P.ClockKHz * 1e3;
  printf("# SMs=%d clock_khz=%d\n", P.SMs, P.ClockKHz);
  CK(cudaMalloc(&P.Buf, P.Big));
  CK(cudaMalloc(&P.Out, 1 << 24));
  CK(cudaMemset(P.Buf, 0, P.Big));
  P.Grid = P.SMs * 8;
  return 0;
}

#endif
