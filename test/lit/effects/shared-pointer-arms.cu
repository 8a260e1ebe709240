// A read-modify-write through a pointer keeps its branch on global memory
// and is predicated on shared memory (kept-branches.cu, measured both ways
// on the H100). Through a pointer, the space is known only once the arm is
// evaluated: a pointer that reaches shared memory only makes the arm
// predicated. fp16ScalarProduct's reduceInShared_native, `if (threadIdx.x <
// k) v[threadIdx.x] = v[threadIdx.x] + v[threadIdx.x + k];` with `v` a
// `half2 *` to the kernel's __shared__ array, measured no branch
// instruction on those lines (research/unseen-code/h100-test5/).
// The same arm on a __half2-like struct (its copies and __hadd2 in a system
// header, as in cuda_fp16.h) counts as the float one: the temporaries,
// no-op casts and copy constructions of a struct copy compile to nothing.
// RUN: %cal --format=json %s | FileCheck %s
#include "../interpreter/Inputs/half2-like.h"

__device__ void foldInto(float *v, unsigned k) {
  if (threadIdx.x < k)
    v[threadIdx.x] = v[threadIdx.x] + v[threadIdx.x + k];
}

__global__ void viaShared(const float *g, float *out) {
  __shared__ float s[64];
  s[threadIdx.x] = g[threadIdx.x];
  __syncthreads();
  foldInto(s, 16);
  out[threadIdx.x] = s[threadIdx.x];
}

__global__ void viaGlobal(float *g) { foldInto(g, 16); }

__device__ void foldHalves(half2_like *v, unsigned k) {
  if (threadIdx.x < k)
    v[threadIdx.x] = __hadd2(v[threadIdx.x], v[threadIdx.x + k]);
}

__global__ void halvesShared(const half2_like *g, half2_like *out) {
  __shared__ half2_like s[64];
  s[threadIdx.x] = g[threadIdx.x];
  __syncthreads();
  foldHalves(s, 16);
  out[threadIdx.x] = s[threadIdx.x];
}

int main() {
  viaShared<<<1, 32>>>(nullptr, nullptr);
  viaGlobal<<<1, 32>>>(nullptr);
  halvesShared<<<1, 32>>>(nullptr, nullptr);
}

// Keys are sorted: a kernel's branches come before its name.
// CHECK: "compiled_as": "predicated",
// CHECK: "line": 16,
// CHECK: "name": "viaShared"
// CHECK: "compiled_as": "branch",
// CHECK: "line": 16,
// CHECK: "name": "viaGlobal"
// CHECK: "compiled_as": "predicated",
// CHECK: "line": 31,
// CHECK: "name": "halvesShared"
