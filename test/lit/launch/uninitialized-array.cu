// A launch size read from a global array that has no initializer (filled
// at run time, or declared `extern`) is unknown; the discovery once
// dereferenced the missing initializer and crashed (found on
// NVIDIA/cuda-samples' NV12toBGRandResize).
// RUN: %cal --list-kernels %s | FileCheck %s
__global__ void k(float *a) { a[threadIdx.x] = 0; }
int sizes[2];
extern const int fixed[2];
int main() {
  sizes[0] = 64;
  k<<<1, sizes[0]>>>(nullptr);
  k<<<fixed[1], 32>>>(nullptr);
}
// CHECK: launch at {{.*}}:11:3 in main(): grid (1, 1, 1) block (?, 1, 1) from `sizes[0]`
// CHECK: launch at {{.*}}:12:3 in main(): grid (?, 1, 1) from `fixed[1]` block (32, 1, 1)
