// A warp has a budget of loop iterations (16384 per kernel, shared by its
// evaluated warps; at most 64 per loop). Once a warp has spent it, each
// loop it reaches later still runs one iteration: the accesses after a long
// loop nest are sampled, marked as from loops evaluated in part, rather
// than left out.
// RUN: %cal --dump=events %s | FileCheck %s

// cuda-access-lint: block(32) grid(1)
__global__ void later(float *a, float *b, int n) {
  float s = 0;
  // 64 x 64 x 64 iterations capped at 64 per loop: 64 + 64*64 + ... spends
  // the one warp's 16384.
  for (int i = 0; i < 1000; ++i)
    for (int j = 0; j < 1000; ++j)
      for (int k = 0; k < 1000; ++k)
        s += a[k * 32 + threadIdx.x];
  // Reached after the budget is spent: one iteration, 32 consecutive
  // floats = 4 sectors.
  for (int r = 0; r < n; ++r)
    b[r * 32 + threadIdx.x] = s;
}

// CHECK-LABEL: kernel later
// CHECK: assume loop at {{.*}}iteration-budget.cu:19:3 evaluated for its first iterations only
// CHECK: summary access 20:5 global store 4B requests={{[0-9]+}} sectors=4 ideal=4
