// What the compiler does to short branches, which the counters see.
// - Arms with the same accesses, differing only in arithmetic, are merged:
//   the accesses run once for all 32 lanes (32 x 4 B contiguous = 4
//   sectors), and the branch is likely predicated (H100: 32-sector requests
//   and no divergent branch for the add-matrix kernels of kernels/).
// - Arms with different accesses stay apart: each runs with its 16 lanes,
//   every other float of a 128-byte run: 4 sectors where 2 would do.
// - Arms that compute their own index locals are not merged: lanes 0, 2,
//   4, ... store at 8*t bytes, 16 lanes spanning 256 B = 8 sectors, ideal
//   2; they are still small enough to be predicated.
// - A one-statement guarded store is likely predicated (H100: no divergent
//   branch for `if (Lane < Mod) S[...] = In[G]` in kernels/shared_banks.cu).
// - A branch containing a loop is not (code follows it; see effects/).
// RUN: %cal --dump=events %s | FileCheck %s

__global__ void effects(float *a, float *b, const float *c, int n) {
  int t = threadIdx.x;
  if (t % 2 == 0)
    a[t] = c[t] + 1.0f;
  else
    a[t] = c[t] - 1.0f;
  if (t % 2 == 0)
    a[t] = 1.0f;
  else
    b[t] = 2.0f;
  if (t % 2 == 0) {
    int r = 2 * t;
    a[r] = 0.0f;
  } else {
    int r = 2 * t + 1;
    a[r] = 0.0f;
  }
  if (t % 32 == 0)
    b[t / 32] = c[t];
  if (t % 2 == 0)
    for (int k = 0; k < n; ++k)
      a[t] += 1.0f;
  b[t] = 0.0f;
}

int main() { effects<<<1, 64>>>(0, 0, 0, 4); }

// CHECK: summary access 19:5 global store 4B requests=2 sectors=4 ideal=4
// CHECK: summary access 19:12 global load 4B requests=2 sectors=4 ideal=4
// CHECK: summary access 23:5 global store 4B requests=2 sectors=4 ideal=2
// CHECK: summary access 25:5 global store 4B requests=2 sectors=4 ideal=2
// CHECK: summary access 28:5 global store 4B requests=2 sectors=8 ideal=2
// CHECK: summary access 31:5 global store 4B requests=2 sectors=8 ideal=2
// CHECK: summary branch 18:3 if divergent divergent-warps=1 split=16/16 likely-predicated
// CHECK-NEXT: summary branch 22:3 if divergent divergent-warps=1 split=16/16 likely-predicated
// CHECK-NEXT: summary branch 26:3 if divergent divergent-warps=1 split=16/16 likely-predicated
// CHECK-NEXT: summary branch 33:3 if divergent divergent-warps=1 split=1/31 likely-predicated
// CHECK-NEXT: summary branch 35:3 if divergent divergent-warps=1 split=16/16{{$}}
