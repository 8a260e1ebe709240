// The DRAM rate the findings' time model takes (docs/costs.md): a 1 GiB
// device-to-device cudaMemcpy, bytes read plus written over the median of
// 21 event-timed copies after 3 warm-ups. Prints the device and GB/s.
#include <algorithm>
#include <cstdio>
#include <cuda_runtime.h>
#include <vector>

#define CK(X)                                                                  \
  do {                                                                         \
    cudaError_t Err = (X);                                                     \
    if (Err != cudaSuccess) {                                                  \
      fprintf(stderr, "%s: %s\n", #X, cudaGetErrorString(Err));                \
      return 1;                                                                \
    }                                                                          \
  } while (0)

int main() {
  const size_t Bytes = size_t(1) << 30;
  cudaDeviceProp P;
  CK(cudaGetDeviceProperties(&P, 0));
  void *A, *B;
  CK(cudaMalloc(&A, Bytes));
  CK(cudaMalloc(&B, Bytes));
  CK(cudaMemset(A, 1, Bytes));
  cudaEvent_t S, E;
  CK(cudaEventCreate(&S));
  CK(cudaEventCreate(&E));
  std::vector<float> Ms;
  for (int I = 0; I < 24; ++I) {
    CK(cudaEventRecord(S));
    CK(cudaMemcpy(B, A, Bytes, cudaMemcpyDeviceToDevice));
    CK(cudaEventRecord(E));
    CK(cudaEventSynchronize(E));
    float T;
    CK(cudaEventElapsedTime(&T, S, E));
    if (I >= 3)
      Ms.push_back(T);
  }
  std::sort(Ms.begin(), Ms.end());
  double Med = Ms[Ms.size() / 2];
  printf("device,%s\nsms,%d\nmedian_ms,%.4f\ngbps,%.1f\n", P.name,
         P.multiProcessorCount, Med, 2.0 * Bytes / (Med * 1e-3) / 1e9);
  return 0;
}
