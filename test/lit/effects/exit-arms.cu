// An early exit whose arm has statements before its `return;` is a
// predicated EXIT when straight-line code follows, but a real branch when
// a loop follows: nvcc 13.0 for sm_90 lays the arm out of line and
// branches to it (this file's SASS: `@!P0 BRA` at line 17's `if`; `@!P0
// EXIT` at line 29's bare return before the same loop; the arm at line 39
// predicated, `@P0 STG` and `@P0 EXIT`; research/compiler-effects/early-exits.cu and
// docs/compiler-effects.md). The H100 counted a divergent branch target on
// such an `if` in a moving average (1 of 32,768 executions of the line).
// One block of 64 threads, n = 64, w = 8: lanes 0..6 of warp 0 take the
// arm (7/25), warp 1 none.
// RUN: %cal --dump=events %s | FileCheck %s

__global__ void fillThenLoop(const float *x, float *y, int n, int w, float e) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  if (i < w - 1) {
    y[i] = e;
    return;
  }
  float s = 0;
  for (int k = 0; k < w; ++k)
    s += x[i - w + 1 + k];
  y[i] = s / w;
}

__global__ void bareThenLoop(const float *x, float *y, int n, int w) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < w - 1)
    return;
  float s = 0;
  for (int k = 0; k < w; ++k)
    s += x[i - w + 1 + k];
  y[i] = s / w;
}

__global__ void fillThenStore(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n - 7) {
    y[i] = 0.0f;
    return;
  }
  y[i] = x[i] * 2.0f;
}

int main() {
  fillThenLoop<<<1, 64>>>(nullptr, nullptr, 64, 8, 0.0f);
  bareThenLoop<<<1, 64>>>(nullptr, nullptr, 64, 8);
  fillThenStore<<<1, 64>>>(nullptr, nullptr, 64);
}

// CHECK-LABEL: kernel fillThenLoop
// CHECK-NOT: summary branch 17:3 {{.*}}predicated-exit
// CHECK: summary branch 17:3 if divergent divergent-warps=0.5 split=7/25
// CHECK-LABEL: kernel bareThenLoop
// CHECK: summary branch 29:3 if divergent divergent-warps=0.5 split=7/25 {{.*}}predicated-exit
// CHECK-LABEL: kernel fillThenStore
// CHECK: summary branch 39:3 if divergent divergent-warps=0.5 split=7/25 {{.*}}predicated-exit
