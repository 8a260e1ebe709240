// Shared-memory atomics: one warp, one atomic instruction per kernel, the
// lanes' addresses chosen to separate distinct words, bank conflicts and
// equal addresses (probe for the shared atomic wavefront model; run under
// ncu with per-kernel counters by shared-atomics-probe.sh).
#include <cstdio>
#include <cuda_runtime.h>

#define PROBE(NAME, T, IDX)                                                   \
  __global__ void NAME(T *out) {                                              \
    __shared__ T s[1024];                                                     \
    unsigned l = threadIdx.x;                                                 \
    for (unsigned i = l; i < 1024; i += 32)                                   \
      s[i] = T{};                                                             \
    __syncthreads();                                                          \
    atomicAdd(&s[IDX], (T)1);                                                 \
    __syncthreads();                                                          \
    out[l] = s[l];                                                            \
  }

PROBE(i_distinct, int, l)               // 32 words, 32 banks
PROBE(i_same, int, 0)                   // one word
PROBE(i_pairs, int, l / 2)              // 16 words, two lanes each
PROBE(i_mod8, int, l % 8)               // 8 words, four lanes each
PROBE(i_stride2, int, 2 * l)            // 2-way bank conflict
PROBE(i_stride32, int, 32 * l)          // 32-way bank conflict
PROBE(i_perm, int, (l * 7) % 32)        // 32 words, a permutation
PROBE(i_hash, int, (l * 2654435761u) >> 23) // pseudo-random in 0..511
PROBE(i_first_half, int, l % 16)        // 16 words, halves equal
PROBE(u_distinct, unsigned, l)
PROBE(f_distinct, float, l)             // float add
PROBE(f_same, float, 0)
PROBE(f_stride2, float, 2 * l)

__global__ void i_cas_distinct(int *out) {
  __shared__ int s[32];
  unsigned l = threadIdx.x;
  s[l] = 0;
  __syncthreads();
  atomicCAS(&s[l], 0, 1);
  __syncthreads();
  out[l] = s[l];
}

__global__ void i_max_distinct(int *out) {
  __shared__ int s[32];
  unsigned l = threadIdx.x;
  s[l] = 0;
  __syncthreads();
  atomicMax(&s[l], (int)l);
  __syncthreads();
  out[l] = s[l];
}

int main() {
  void *out;
  cudaMalloc(&out, 32 * sizeof(float));
  i_distinct<<<1, 32>>>((int *)out);
  i_same<<<1, 32>>>((int *)out);
  i_pairs<<<1, 32>>>((int *)out);
  i_mod8<<<1, 32>>>((int *)out);
  i_stride2<<<1, 32>>>((int *)out);
  i_stride32<<<1, 32>>>((int *)out);
  i_perm<<<1, 32>>>((int *)out);
  i_hash<<<1, 32>>>((int *)out);
  i_first_half<<<1, 32>>>((int *)out);
  u_distinct<<<1, 32>>>((unsigned *)out);
  f_distinct<<<1, 32>>>((float *)out);
  f_same<<<1, 32>>>((float *)out);
  f_stride2<<<1, 32>>>((float *)out);
  i_cas_distinct<<<1, 32>>>((int *)out);
  i_max_distinct<<<1, 32>>>((int *)out);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  return e != cudaSuccess;
}
