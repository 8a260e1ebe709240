// --resource-usage reads registers per thread from ptxas (the toolkit's
// nvcc --resource-usage). The count is the compiler's, not derived here:
// the test checks only that one was read and that the figure is then exact.
// REQUIRES: cuda-toolkit
// RUN: %cal --format=json --resource-usage %s | FileCheck %s
// Without a toolkit no count is guessed: null, with the reason.
// RUN: %cal --format=json --resource-usage --no-cuda-toolkit %s 2>/dev/null \
// RUN:   | FileCheck %s --check-prefix=NOTK
// A count given with --registers wins over ptxas's, by mangled name too:
// 128 x 32 = 4096 per warp, 16384 / 4096 = 4 warps per sub-partition, 16
// per SM; 128 threads = 4 warps -> 4 blocks = 16 of 64 warps = 25%.
// RUN: %cal --format=json --resource-usage --registers=_Z5scalePfi=128 %s \
// RUN:   | FileCheck %s --check-prefix=GIVEN

__global__ void scale(float *a, int n) {
  if (threadIdx.x < n)
    a[threadIdx.x] *= 2.0f;
}

int main() {
  float *a = nullptr;
  scale<<<1, 128>>>(a, 128);
}

// CHECK: "occupancy": {
// CHECK: "certainty": "exact",
// CHECK: "registers_per_thread": {{[1-9][0-9]*}},
// NOTK: "certainty": "upper-bound",
// NOTK: "registers_per_thread": null,
// NOTK-NEXT: "registers_reason": "registers per thread unknown: --resource-usage needs the CUDA toolkit's nvcc",
// GIVEN: "blocks_per_sm": 4,
// GIVEN: "registers_per_thread": 128,
// GIVEN: "theoretical_occupancy_pct": 25,
