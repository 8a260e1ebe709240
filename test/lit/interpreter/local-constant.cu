// Local and constant memory have cost models of their own.
// Local: the hardware interleaves each thread's local space by 32-bit words
// (word w of lane l at w*32*4 + l*4 for a 32-lane warp), so lanes that use
// the same local address read one 128-byte row: 4 sectors of 32 B for 4-byte
// elements. Whether the variable is in local memory at all is the
// compiler's choice, so local figures are `range` with that reason.
// Constant: the constant cache serves one address at a time, so a request
// costs one constant request per distinct address among its lanes.
// One block of 32 threads.
// RUN: %cal --format=json %s > %t.json
// RUN: FileCheck %s < %t.json
// RUN: %cal %s 2>&1 | FileCheck %s --check-prefix=TEXT

__constant__ float coef[64];

__global__ void lc(float *out, int k) {
  float v[8];
  int t = threadIdx.x;
  for (int i = 0; i < 8; ++i)
    v[i] = out[i];
  // Lane t reads word t%8 of its own space: its word sits at
  // (t%8)*128 + t*4, sector (t%8)*4 + t/8: 32 lanes, 32 distinct sectors.
  float a = v[t % 8];
  // Every lane at word 1 (t/32 is 0 in a 32-thread block, plus 1): one row,
  // 128 B = 4 sectors.
  float b = v[t / 32 + 1];
  // t%4 takes 4 values: 4 constant requests. coef[k] is one address: 1.
  out[t] = a + b + coef[t % 4] + coef[k];
}

int main() { lc<<<1, 32>>>(0, 5); }

// v[i] = out[i] (line 20): i is the same in every lane, so every lane
// stores word i of its own space: 4 sectors.
// CHECK: "column": 5,
// CHECK: "confidence": "range",
// CHECK: "line": 20,
// CHECK: "reason": "local memory only if the compiler does not keep the variable in registers (then no request is made)",
// CHECK: "sectors_per_request": {
// CHECK-NEXT: "max": 4,
// CHECK: "space": "local",
// CHECK: "line": 23,
// CHECK: "sectors_per_request": {
// CHECK-NEXT: "max": 32,
// CHECK-NEXT: "mean": 32,
// CHECK: "space": "local",
// CHECK: "line": 26,
// CHECK: "sectors_per_request": {
// CHECK-NEXT: "max": 4,
// CHECK-NEXT: "mean": 4,
// CHECK: "space": "local",
// coef[t % 4] at 28:20, coef[k] at 28:34.
// CHECK: "column": 20,
// CHECK: "confidence": "exact",
// CHECK: "constant_requests_per_request": {
// CHECK-NEXT: "max": 4,
// CHECK-NEXT: "mean": 4,
// CHECK: "line": 28,
// CHECK: "space": "constant",
// CHECK: "column": 34,
// CHECK: "confidence": "exact",
// CHECK: "constant_requests_per_request": {
// CHECK-NEXT: "max": 1,
// CHECK: "line": 28,
// CHECK: "space": "constant",
// Kernel totals: two constant loads per warp, (4 + 1) / 2 = 2.5 each.
// CHECK: "constant_load": {
// CHECK-NEXT: "complete": true,
// CHECK-NEXT: "constant_requests_per_request": 2.5,
// CHECK-NEXT: "requests_per_warp": 2

// Neither space is an unknown access any more.
// TEXT-NOT: cuda-unknown-access
