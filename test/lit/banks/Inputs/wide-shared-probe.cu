// 8- and 16-byte shared loads whose lanes share words across half- and
// quarter-warps: one warp, one load instruction per kernel (probe for the
// shared wavefront model; run under ncu with per-kernel SASS counters).
#include <cstdio>
#include <cuda_runtime.h>

#define PROBE(NAME, T, IDX)                                                   \
  __global__ void NAME(T *out) {                                              \
    __shared__ T s[64];                                                       \
    unsigned l = threadIdx.x;                                                 \
    s[l] = T{};                                                               \
    s[l + 32] = T{};                                                          \
    __syncthreads();                                                          \
    out[l] = s[IDX];                                                          \
  }

PROBE(d_stride1, double, l)                 // 32 doubles
PROBE(d_mod16, double, l % 16)              // both halves d[0..15]
PROBE(d_mod4, double, l % 4)                // both halves d[0..3]
PROBE(d_half_pairs, double, l / 2)          // d[0..15], halves differ
PROBE(d_mod16_stride2, double, (l % 16) * 2) // both halves, stride 2
PROBE(d_bcast, double, 0)                   // one double
PROBE(d_halves_apart, double, (l % 16) + (l / 16) * 32) // halves 256 B apart
PROBE(f4_stride1, float4, l)                // 32 float4
PROBE(f4_mod8, float4, l % 8)               // all quarters f4[0..7]
PROBE(f4_bcast, float4, 0)                  // one float4
PROBE(f4_quarter_pairs, float4, l / 4)      // f4[0..7], quarters differ
PROBE(f_stride1, float, l)                  // control: 1
PROBE(d_mod2, double, l % 2)                // both halves d[0..1]
PROBE(d_lanes_same_half, double, l / 16)    // half A d[0], half B d[1]

// The generated kernel of the GPU fuzz record (fuzz_1003 k1003_2): block
// (4,4,4), each lane reads the float2 at threadIdx.x.
__global__ void f2_blk444(float2 *out) {
  __shared__ float2 sh[64];
  unsigned t = threadIdx.x + 4 * (threadIdx.y + 4 * threadIdx.z);
  sh[t] = float2{};
  __syncthreads();
  out[t] = sh[threadIdx.x];
}

int main() {
  void *out;
  cudaMalloc(&out, 64 * sizeof(float4));
  d_stride1<<<1, 32>>>((double *)out);
  d_mod16<<<1, 32>>>((double *)out);
  d_mod4<<<1, 32>>>((double *)out);
  d_half_pairs<<<1, 32>>>((double *)out);
  d_mod16_stride2<<<1, 32>>>((double *)out);
  d_bcast<<<1, 32>>>((double *)out);
  d_halves_apart<<<1, 32>>>((double *)out);
  f4_stride1<<<1, 32>>>((float4 *)out);
  f4_mod8<<<1, 32>>>((float4 *)out);
  f4_bcast<<<1, 32>>>((float4 *)out);
  f4_quarter_pairs<<<1, 32>>>((float4 *)out);
  f_stride1<<<1, 32>>>((float *)out);
  d_mod2<<<1, 32>>>((double *)out);
  d_lanes_same_half<<<1, 32>>>((double *)out);
  f2_blk444<<<1, dim3(4, 4, 4)>>>((float2 *)out);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
