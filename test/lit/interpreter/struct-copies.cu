// Struct copies through user-provided copy operations. A copy whose
// constructor or assignment is in a system header (cuda_fp16.h's __half2,
// here Inputs/half2-like.h) moves the object whole, as nvcc's device code
// does: one 4-byte access per lane (32 lanes x 4 B from a 256-byte aligned
// base: 4 sectors, ideal 4). A user's own field-by-field copy is followed
// as written: each field read is a 2-byte access (32 x 2 B, 4 bytes apart:
// 4 sectors, ideal min(4, ceil(64 / 32)) = 2). Before, the reads of either
// were dropped without a word.
// RUN: %cal --no-cuda-toolkit --dump=events %s | FileCheck %s
#include "Inputs/half2-like.h"

__global__ void copyHeader(const half2_like *a, half2_like *out) {
  out[threadIdx.x] = a[threadIdx.x];
}

__global__ void constructHeader(const half2_like *a, unsigned *out) {
  half2_like v = a[threadIdx.x];
  out[threadIdx.x] = v.x.x;
}

struct pair16 {
  unsigned short u;
};
struct own2 {
  pair16 x, y;
  own2() = default;
  __host__ __device__ own2(const own2 &src) {
    this->x = src.x;
    this->y = src.y;
  }
};

__global__ void constructOwn(const own2 *a, unsigned *out) {
  own2 v = a[threadIdx.x];
  out[threadIdx.x] = v.y.u;
}

int main() {
  copyHeader<<<1, 32>>>(nullptr, nullptr);
  constructHeader<<<1, 32>>>(nullptr, nullptr);
  constructOwn<<<1, 32>>>(nullptr, nullptr);
}

// CHECK-LABEL: kernel copyHeader
// CHECK: summary access 13:3 global store 4B requests=1 sectors=4 ideal=4
// CHECK-NEXT: summary access 13:22 global load 4B requests=1 sectors=4 ideal=4
// CHECK-LABEL: kernel constructHeader
// CHECK: summary access 17:18 global load 4B requests=1 sectors=4 ideal=4
// CHECK-LABEL: kernel constructOwn
// CHECK: summary access 28:15 global load 2B requests=1 sectors=4 ideal=2
// CHECK-NEXT: summary access 29:15 global load 2B requests=1 sectors=4 ideal=2
