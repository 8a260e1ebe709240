// A launch sized by cudaOccupancyMaxPotentialBlockSize takes what the
// calculator returns on the target model's reference device (sm_90: the H100
// SXM5 80GB, 132 SMs, 2048 threads and 32 blocks per SM, 228 KiB of shared
// memory per SM, 1 KiB reserved per block; docs/occupancy.md), with the
// registers per thread unknown and their limit left out, as the launch says.
// The figures below follow cuda_runtime.h's search: from the largest block
// the kernel allows down, one warp at a time, the first block size with the
// most resident threads, stopping when an SM is full.
// RUN: %cal --list-kernels %s | FileCheck %s
// No figure under such a launch is exact: with more registers the program
// runs another block. plain's store is 4 sectors in every warp, but range.
// The set member of maybe's initializer (256) stays exact.
// RUN: %cal --format=json %s | FileCheck %s --check-prefix=JSON
// An architecture with no reference device leaves them unknown.
// RUN: %cal --arch=sm_75 --list-kernels %s | FileCheck %s --check-prefix=UNKNOWN

#include <cuda_runtime.h>

__global__ void plain(float *a, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    a[i] = 0;
}

__global__ void __launch_bounds__(256) bounded(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = 1;
}

__global__ void tiled(float *a) {
  __shared__ float t[12 * 1024];
  t[threadIdx.x] = a[threadIdx.x];
  __syncthreads();
  a[threadIdx.x] = t[threadIdx.x + 1];
}

__global__ void maybe(float *a) { a[blockIdx.x * blockDim.x + threadIdx.x] = 0; }

// The calculator's answer under a test the discovery cannot decide is one
// member of the block's set, beside the initializer's 256.
void choose(bool big) {
  int g = 0, block = 256;
  if (big)
    cudaOccupancyMaxPotentialBlockSize(&g, &block, maybe);
  maybe<<<(1 << 20) / block, block>>>(nullptr);
}

static void report(cudaError_t, const char *) {}
#define checkCudaErrors(v) report((v), #v)

int main() {
  // 1024 threads = 32 warps: 64 / 32 = 2 blocks fill the SM's 2048 threads
  // at the first size tried. Grid: 2 x 132 = 264.
  int minGrid = 0, block = 0;
  checkCudaErrors(cudaOccupancyMaxPotentialBlockSize(&minGrid, &block, plain));
  plain<<<minGrid, block>>>(nullptr, 1 << 20);
  // __launch_bounds__(256) caps the search at 256 threads = 8 warps:
  // 64 / 8 = 8 blocks fill the SM. Grid: 8 x 132 = 1056.
  int g2, b2;
  cudaOccupancyMaxPotentialBlockSize(&g2, &b2, bounded, 0, 0);
  bounded<<<g2, b2>>>(nullptr, 1 << 20);
  // cudaOccupancyMaxActiveBlocksPerMultiprocessor is not answered: the
  // block is the program's own, and the blocks per SM only scale the grid
  // (a run-time grid, sampled), while they depend on the registers.
  int perSM = 0;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSM, tiled, 128, 0);
  tiled<<<perSM * 132, 128>>>(nullptr);
}

// CHECK: kernel 'plain'
// CHECK-NEXT: launch at {{.*}}occupancy-calls.cu:57:3 in main(): grid (264, 1, 1) block (1024, 1, 1)
// CHECK-NEXT: cudaOccupancyMaxPotentialBlockSize(plain) = block 1024, grid 264 (registers per thread unknown: their limit left out)
// CHECK: kernel 'bounded'
// CHECK-NEXT: launch at {{.*}}occupancy-calls.cu:62:3 in main(): grid (1056, 1, 1) block (256, 1, 1)
// CHECK-NEXT: cudaOccupancyMaxPotentialBlockSize(bounded) = block 256, grid 1056
// CHECK: kernel 'tiled'
// CHECK-NEXT: launch at {{.*}}occupancy-calls.cu:68:3 in main(): grid (?, 1, 1) from `perSM * 132` block (128, 1, 1)

// 1 << 20 threads in blocks of 256 and of 1024: grids of 4096 and 1024.
// CHECK: kernel 'maybe'
// CHECK-NEXT: launch at {{.*}}occupancy-calls.cu:[[L:[0-9]+]]:3 in choose(): grid (4096, 1, 1) block (256, 1, 1)
// CHECK-NEXT: set member: block = 256: value 1 of 2 of the definitions at {{.*}} (cudaOccupancyMaxPotentialBlockSize(maybe) = block 1024, grid 264 (registers per thread unknown: their limit left out), on the H100 SXM5 80GB, the sm_90 model's device)
// CHECK: launch at {{.*}}occupancy-calls.cu:[[L]]:3 in choose(): grid (1024, 1, 1) block (1024, 1, 1)
// CHECK-NEXT: set member: block = 1024: value 2 of 2

// UNKNOWN: launch at {{.*}}:57:3 in main(): grid (?, 1, 1) from `minGrid` block (?, 1, 1) from `block`

// JSON: "confidence": "range",
// JSON-NEXT: "constant_requests_per_request": null,
// JSON: "line": 22,
// JSON: "reason": "the launch is cudaOccupancyMaxPotentialBlockSize's with the kernel's registers per thread unknown",
// JSON: "name": "plain"
// JSON: "confidence": "exact",
// JSON: "line": 38,
// JSON: "block": [
// JSON-NEXT: 256,
// JSON: "name": "maybe"
// JSON: "confidence": "range",
// JSON: "line": 38,
// JSON: "reason": "the launch is cudaOccupancyMaxPotentialBlockSize's{{.*}}",
// JSON: "block": [
// JSON-NEXT: 1024,
// JSON: "name": "maybe"
