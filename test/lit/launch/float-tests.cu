// A test of a floating value before a launch compares floating values:
// `tol > 0.0f` with tol = 1e-5f holds (both truncated to an integer, it
// would be 0 > 0, false, and the launch after `if (!(tol > 0.0f)) return`
// would wrongly count as never run). In the run without arguments tol is
// 1e-5f and scale = 0.5: both early returns are not taken, so the launch
// runs, with grid (1 << 20) / 256 = 4096.
// RUN: %cal --list-kernels %s | FileCheck %s
#include <cstdlib>

__global__ void add(const float *a, float *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    b[i] += a[i];
}

int main(int argc, char **argv) {
  int n = (argc > 1) ? std::atoi(argv[1]) : (1 << 20);
  float tol = (argc > 2) ? static_cast<float>(std::strtod(argv[2], nullptr))
                         : 1e-5f;
  double scale = 0.5;
  if (!(tol > 0.0f))
    return 1;
  if (!scale)
    return 1;
  add<<<(n + 255) / 256, 256>>>(nullptr, nullptr, n);
}

// CHECK: kernel 'add'
// CHECK-NEXT: launch at {{.*}}float-tests.cu:25:3 in main(): grid (4096, 1, 1) block (256, 1, 1)
// CHECK-NOT: does not run
