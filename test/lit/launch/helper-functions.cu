// A launch size that passes through a helper with loops and tests (llm.c's
// `block_size = largestPowerOfTwoLessOrEqual(block_size)`) is the helper's
// result, run on the arguments' values; a helper that does anything but
// integer arithmetic on its locals (here a printf) leaves the size unknown.
// RUN: %cal --list-kernels %s | FileCheck %s
#include <cstdio>

int largestPowerOfTwoLessOrEqual(int n) {
  if (n < 1) {
    return 0;
  }
  while ((n & (n - 1)) > 0) {
    n = n & (n - 1);
  }
  return n;
}

int roundUp(int n, int multiple) {
  int rest = n % multiple;
  if (rest == 0)
    return n;
  for (int i = 0; i < 1; ++i)
    n += multiple - rest;
  return n;
}

int logged(int n) {
  printf("%d\n", n);
  return n;
}

__global__ void k(float *a) { a[blockIdx.x * blockDim.x + threadIdx.x] = 0; }

int main() {
  // 768 = 0b11'0000'0000: clearing the lowest set bit leaves 512.
  int bs = largestPowerOfTwoLessOrEqual(768);
  // roundUp(1000, 256): 1000 % 256 = 232, so 1000 + 24 = 1024 = 4 x 256.
  k<<<roundUp(1000, 256) / 256, bs>>>(nullptr);
  k<<<4, logged(128)>>>(nullptr);
}
// CHECK: launch at {{.*}}helper-functions.cu:38:3 in main(): grid (4, 1, 1) block (512, 1, 1)
// CHECK: launch at {{.*}}helper-functions.cu:39:3 in main(): grid (4, 1, 1) block (?, 1, 1)
