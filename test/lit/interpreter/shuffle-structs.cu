// Shuffles of values that carry no lane integers (a __half, a float4 the
// program shuffles per component through its own __shfl_down) are not
// followed, and do not stop the analysis (both crashed it before). The
// program's own function named like a built-in is interpreted from its
// body. The accesses around them are unaffected: 2-byte halves of 32 lanes
// are 64 bytes, 2 sectors; 16-byte float4s 512 bytes, 16 sectors (4 per
// 128-byte quarter-warp phase, the ideal).
// RUN: %cal --format=json %s | FileCheck %s
#include <cuda_fp16.h>
#include <cstdint>

__device__ float4 __shfl_down(float4 v, uint32_t delta, uint32_t width = 32) {
  float4 r;
  r.x = __shfl_down_sync(0xffffffff, v.x, delta, width);
  r.y = __shfl_down_sync(0xffffffff, v.y, delta, width);
  r.z = __shfl_down_sync(0xffffffff, v.z, delta, width);
  r.w = __shfl_down_sync(0xffffffff, v.w, delta, width);
  return r;
}

__global__ void k(const __half *in, __half *out, float4 *o4) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  __half m = __habs(in[i]);
  m = __shfl_xor_sync(0xffffffff, m, 1);
  out[i] = m;
  float4 v = o4[i];
  v = __shfl_down(v, 1);
  o4[i] = v;
}

int main() { k<<<4, 256>>>(nullptr, nullptr, nullptr); }
// CHECK: "line": 23,
// CHECK: "sectors_per_request": {
// CHECK-NEXT: "max": 2,
// CHECK: "line": 25,
// CHECK: "sectors_per_request": {
// CHECK-NEXT: "max": 2,
// CHECK: "line": 26,
// CHECK: "sectors_per_request": {
// CHECK-NEXT: "max": 16,
// CHECK: "line": 28,
// CHECK: "sectors_per_request": {
// CHECK-NEXT: "max": 16,
