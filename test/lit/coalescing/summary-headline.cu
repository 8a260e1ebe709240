// The kernel's summary counts each access with its headline, the typical
// sample, never a mean over samples: b[i + off] with an unknown off is 4
// sectors per request when off is a multiple of 8 floats (the typical
// sample, off = 4096: 32 lanes x 4 B from a 32-byte boundary) and 5
// otherwise (off = 4097: the 128 bytes start 4 bytes into a sector), so
// the summary of the kernel's only load is 4, not 4.5.
// RUN: %cal --format=json %s | FileCheck %s

// cuda-access-lint: block(256) grid(4)
__global__ void shifted(float *a, const float *b, int off) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = b[i + off];
}

// CHECK: "sample_cases": "4 when off=4096, 5 when off=4097",
// CHECK: "summary": {
// CHECK: "global_load": {
// CHECK-NEXT: "complete": true,
// CHECK-NEXT: "requests_per_warp": 1,
// CHECK-NEXT: "sectors_per_request": 4
