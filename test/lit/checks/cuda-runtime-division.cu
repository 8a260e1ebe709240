// cuda-runtime-division: an integer division or remainder by a value known
// only at run time that is a power of two in every evaluated lane, and more
// than one (a stride that doubles).
// RUN: %cal --checks='*' --list-checks | FileCheck %s --check-prefix=LIST
// LIST: cuda-runtime-division
// RUN: %cal --explain cuda-runtime-division | FileCheck %s --check-prefix=EXPLAIN
// EXPLAIN: cuda-runtime-division: integer division or remainder by a run-time power of two (warning)
// EXPLAIN: How it is computed:
// EXPLAIN: How to fix it:
// EXPLAIN: Example:
// RUN: %cal %s -- 2>&1 | FileCheck %s
// RUN: %cal --format=json %s -- | FileCheck %s --check-prefix=JSON

// 2 * s is 2, 4, ..., 64: a power of two each time, six values. costs/
// issue.cu derives the launch: 8192 warps x 148 warp instructions =
// 1212416, 1.15973 us at 1045440 a microsecond, bound by issue. The
// remainder's sequence beyond its operator, 17 a trip x 6 trips x 8192 =
// 835584 (69% of the launch's); without it 376832, 0.36045 us, and the
// store's L2 time, 0.36340 us, bounds the launch: a mask saves 1.15973 -
// 0.36340 = 0.79633 us.
__global__ void doubling(int *out) {
  int t = threadIdx.x, acc = 0;
  for (int s = 1; s < 64; s *= 2)
    acc += t % (2 * s);
  out[blockIdx.x * 256 + t] = acc;
}
// CHECK: cuda-runtime-division.cu:[[@LINE-3]]:12: warning: integer remainder by a run-time value, a power of two in every evaluated lane (2 to 64): about 18 instructions where a mask takes 1 [cuda-runtime-division]
// CHECK: note: cost: 69% of the launch's issued instructions are this sequence; a mask saves about 0.796 us of an estimated 1.2 us per launch (grid (1024,1,1), H100 SXM5 80GB)
// CHECK: note: fix: x & (d - 1) gives x % d for a power of two d
// JSON: "divisor_max": 64,
// JSON-NEXT: "divisor_min": 2,
// JSON: "extra_warp_instructions": 835584,
// JSON: "saved_us": 0.7963{{[0-9]*}},

// Not reported: a grid dimension (one value, 128 here, perhaps not in
// another launch), a parameter that is not a power of two (3), and a
// constant (the compiler uses a multiply-high).
__global__ void others(int *out, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  out[t] = t % gridDim.x + t / n + t % 7;
}
// CHECK-NOT: cuda-runtime-division.cu:[[@LINE-2]]{{.*}}warning

void host(int *o) {
  doubling<<<1024, 256>>>(o);
  others<<<128, 256>>>(o, 3);
}
