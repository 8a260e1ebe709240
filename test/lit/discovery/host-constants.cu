// Host constant propagation: locals never reassigned (not only const and
// constexpr ones), macros, and float ceil/floor grids evaluated exactly in
// the program's own precision.
// RUN: %cal --list-kernels %s | FileCheck %s
// RUN: %cal --list-kernels --no-cuda-toolkit %s 2>/dev/null | FileCheck %s
#include <cmath>

#define TILE 16
#define N 1000
__global__ void k(float *a, int n) {}

void locals(float *a) {
  int threads = 256;
  const int blocks = N / 4;
  constexpr int c = 3;
  k<<<blocks, threads>>>(a, c);
// threads: initialised once and never written -> 256; blocks = 1000 / 4.
// CHECK: launch at {{.*}}:16:3 in locals(): grid (250, 1, 1) block (256, 1, 1)
// CHECK-NEXT: args: a=`a`, n=3

  dim3 g1(ceil(N / (float)TILE));
  k<<<g1, TILE>>>(a, N);
// 1000 / 16.0f = 62.5 exactly; ceil -> 63.
// CHECK-NEXT: launch at {{.*}}:22:3 in locals(): grid (63, 1, 1) block (16, 1, 1)

  dim3 g2((int)ceilf(N / 3.0f), std::ceil(N / 7.0), floor(N / 7.0));
  k<<<g2, TILE>>>(a, N);
// 1000 / 3 = 333.33 -> ceilf 334; 1000 / 7 = 142.857 -> ceil 143, floor 142.
// CHECK-NEXT: args
// CHECK-NEXT: launch at {{.*}}:27:3 in locals(): grid (334, 143, 142)

  float f = 16777217.0f;
  int big = (int)ceilf(f / 1.0f);
  k<<<1, 1>>>(a, big);
// 16777217 is not a float: the literal rounds to 16777216 (2^24) in float,
// as the program computes it; in double it would be 16777217.
// CHECK-NEXT: args
// CHECK-NEXT: launch at {{.*}}:34:3 in locals(): grid (1, 1, 1) block (1, 1, 1)
// CHECK-NEXT: args: a=`a`, n=16777216

  int t = 128;
  dim3 b(t);
  t = 64;
  k<<<t, b>>>(a, t);
// A write after b's declaration does not change b: b is (128, 1, 1), t is
// 64 at the launch (a plain assignment in straight-line code before it).
// CHECK-NEXT: launch at {{.*}}:44:3 in locals(): grid (64, 1, 1) block (128, 1, 1)
}
