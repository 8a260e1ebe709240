//===- DeviceContext.cu - Allocation and filling for suite runs -----------===//
#include "DeviceContext.h"

#include "cal/runtime/Runner.h"

#include <cuda_runtime.h>

namespace cal {

namespace {
// A cheap integer hash, so that contents look irregular (no accidental
// structure for caches to exploit) but are identical on every run.
__device__ unsigned mix(size_t I, unsigned Seed) {
  unsigned X = unsigned(I) * 2654435761u ^ (Seed * 0x9E3779B9u);
  X ^= X >> 15;
  X *= 0x2C1B3C6Du;
  X ^= X >> 12;
  return X;
}

__global__ void fillFloat(float *D, size_t N, unsigned Seed) {
  for (size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x; I < N;
       I += size_t(gridDim.x) * blockDim.x)
    D[I] = float(mix(I, Seed) % 1024) / 64.0f - 8.0f;
}

__global__ void fillDouble(double *D, size_t N, unsigned Seed) {
  for (size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x; I < N;
       I += size_t(gridDim.x) * blockDim.x)
    D[I] = double(mix(I, Seed) % 4096) / 256.0 - 8.0;
}

__global__ void fillInt(int *D, size_t N, unsigned Seed) {
  for (size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x; I < N;
       I += size_t(gridDim.x) * blockDim.x)
    D[I] = int(mix(I, Seed) % 1000);
}
} // namespace

void *DeviceSuiteContext::allocBytes(size_t Bytes) {
  void *P = nullptr;
  cudaError_t E = cudaMalloc(&P, Bytes);
  if (E != cudaSuccess) {
    if (AllocError.empty())
      AllocError = std::string("cudaMalloc(") + std::to_string(Bytes) +
                   "): " + cudaGetErrorString(E);
    return nullptr;
  }
  cudaMemset(P, 0, Bytes);
  Buffers.push_back(P);
  return P;
}

void DeviceSuiteContext::fill(float *Data, size_t Count, unsigned Seed) {
  if (Data)
    fillFloat<<<1024, 256>>>(Data, Count, Seed);
}
void DeviceSuiteContext::fill(double *Data, size_t Count, unsigned Seed) {
  if (Data)
    fillDouble<<<1024, 256>>>(Data, Count, Seed);
}
void DeviceSuiteContext::fill(int *Data, size_t Count, unsigned Seed) {
  if (Data)
    fillInt<<<1024, 256>>>(Data, Count, Seed);
}

bool DeviceSuiteContext::wants(const char *Prefix) const {
  if (Filter.empty())
    return true;
  // A group prefix is wanted when some filter entry and the prefix agree on
  // their common length ("transpose" wants "transpose.naive.4096" and vice
  // versa).
  std::string P(Prefix);
  size_t Start = 0;
  while (Start <= Filter.size()) {
    size_t End = Filter.find(',', Start);
    if (End == std::string::npos)
      End = Filter.size();
    std::string F = Filter.substr(Start, End - Start);
    if (!F.empty() && F[0] == '=') // an exact label is also a prefix here
      F = F.substr(1);
    size_t N = std::min(F.size(), P.size());
    if (!F.empty() && F.compare(0, N, P, 0, N) == 0)
      return true;
    Start = End + 1;
  }
  return false;
}

void DeviceSuiteContext::releaseAll() {
  cudaDeviceSynchronize();
  for (void *P : Buffers)
    cudaFree(P);
  Buffers.clear();
}

} // namespace cal
