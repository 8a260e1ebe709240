// Inline PTX: `mov.u32 %0, %%laneid;` gives each lane its index, so an
// index built from it is known; any other asm output is unknown with the
// asm as its reason (it was "'r' is uninitialized" before), and an asm that
// may touch memory says its accesses are not counted.
// RUN: %cal --format=json %s | FileCheck %s

__device__ unsigned laneId() {
  unsigned r;
  asm("mov.u32 %0, %%laneid;" : "=r"(r));
  return r;
}

__global__ void k(float *a, unsigned x, unsigned y) {
  // 32 consecutive floats from lane ids 0..31 (each block writes the same
  // 128 bytes): 4 sectors, exact.
  a[laneId()] = 1.0f;
  unsigned z;
  asm("lop3.b32 %0, %1, %2, 0, 0xc0;" : "=r"(z) : "r"(x), "r"(y));
  a[z + threadIdx.x] = 2.0f;
  asm volatile("membar.gl;" ::: "memory");
}

int main() { k<<<2, 64>>>(nullptr, 1, 2); }
// CHECK: "confidence": "exact",
// CHECK: "line": 16,
// CHECK: "sectors_per_request": {
// CHECK-NEXT: "max": 4,
// CHECK: "confidence": "unknown",
// CHECK: "line": 19,
// CHECK: "reason": "address depends on the output of the inline asm at {{.*}}inline-asm.cu:18:3 ('lop3.b32 %0, %1, %2, 0, 0xc0;')",
// CHECK: "inline asm at {{.*}}inline-asm.cu:20:3 ('membar.gl;') may access memory; its accesses are not counted"
