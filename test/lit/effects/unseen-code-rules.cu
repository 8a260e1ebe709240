// Three compiler and launch effects found on public programs measured on
// the H100 (research/unseen-code/: olcf/cuda-training-series, nvcc 13.0
// -O2 -arch=sm_90, Nsight Compute source counters; the figures below are
// those measurements, restated for these minimal forms).
// RUN: %cal --format=json %s | FileCheck %s

#define BLOCK 256
#define N (1 << 20)

// 1. A store before a loop that may run no iteration is issued, although
// the loop's store overwrites it: hw5/reductions.cu's `sdata[tid] = 0.0f;`
// before `while (idx < N) sdata[tid] += ...` measured one shared store per
// warp on that line (5,120 executions for 640 blocks of 8 warps), and one
// after the loop. Here: 1 wavefront per request (32 consecutive floats),
// executed once per warp.
__global__ void sumStride(const float *g, float *out) {
  __shared__ float s[BLOCK];
  int tid = threadIdx.x;
  size_t idx = threadIdx.x + blockDim.x * blockIdx.x;
  s[tid] = 0.0f;
  while (idx < N) {
    s[tid] += g[idx];
    idx += gridDim.x * blockDim.x;
  }
  __syncthreads();
  if (tid == 0)
    out[blockIdx.x] = s[0];
}
// CHECK: "line": 20,
// CHECK: "space": "shared",
// CHECK: "wavefronts_per_request": {
// CHECK-NEXT: "max": 1,
// CHECK-NEXT: "mean": 1,
// CHECK-NEXT: "min": 1
// CHECK: "name": "sumStride"

// 2. A pointer argument passed as an allocation plus a constant starts
// that many bytes past the 256-byte boundary: hw2/stencil_1d_solution.cu
// launches with `d_in + RADIUS` (RADIUS = 3 ints, 12 bytes) and 16-thread
// blocks; its load in[gindex] measured 3 sectors per request. 16 lanes x
// 4 B = 64 B from byte 12 + 64 * blockIdx.x: bytes 12..75 of the block's
// 96, sectors [0,32), [32,64), [64,96): 3.
__global__ void shifted(const int *in, int *out) {
  int g = threadIdx.x + blockIdx.x * blockDim.x;
  out[g] = in[g];
}
// CHECK: "line": 45,
// CHECK: "sectors_per_request": {
// CHECK-NEXT: "max": 3,
// CHECK-NEXT: "mean": 3,
// CHECK-NEXT: "min": 3
// CHECK: "pointer argument in starts 12 bytes from an allocation's start (as the launch passes it)"
// CHECK: "name": "shifted"

// 3. An arm whose only call is a single-instruction maths function is
// predicated: hw5/max_reduction_solution.cu's
// `if (tid < s) sdata[tid] = max(sdata[tid + s], sdata[tid]);` measured no
// branch instruction on its line (FMNMX under a predicate).
__global__ void maxTree(float *out) {
  __shared__ float s[BLOCK];
  int tid = threadIdx.x;
  s[tid] = tid;
  for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
    __syncthreads();
    if (tid < k)
      s[tid] = max(s[tid + k], s[tid]);
  }
  if (tid == 0)
    out[blockIdx.x] = s[0];
}
// CHECK: "compiled_as": "predicated",
// CHECK: "kind": "if",
// CHECK: "likely_predicated": true,
// CHECK: "line": 65,
// CHECK: "name": "maxTree"

int main() {
  float *g = nullptr, *o = nullptr;
  int *a = nullptr, *b = nullptr;
  sumStride<<<640, BLOCK>>>(g, o);
  shifted<<<256, 16>>>(a + 3, b + 3);
  maxTree<<<640, BLOCK>>>(o);
}
