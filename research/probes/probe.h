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

#endif
