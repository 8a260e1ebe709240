// dim3 members assigned before the launch count only in straight-line code of
// the same or an enclosing compound statement; an assignment in a branch or a
// loop, or after taking the address, makes that component unknown.
// RUN: %cal --list-kernels %s | FileCheck %s
// RUN: %cal --list-kernels --no-cuda-toolkit %s 2>/dev/null | FileCheck %s

__global__ void k(float *a, int n) {}
void take(dim3 *d);

void run(float *a, int n, bool c) {
  dim3 grid;
  grid.x = 64;
  grid.y = n / 16;
  dim3 block(32, 4);
  if (c)
    block.y = 8;
  k<<<grid, block>>>(a, n);
// grid: default (1,1,1), then x = 64 (straight line), y = n / 16 (n is a
// parameter of a function with no call here: unknown), z stays 1.
// block: (32, 4, 1), but y may be set to 8 in the branch -> unknown.
// CHECK: launch at {{.*}}:17:3 in run(): grid (64, ?, 1) from `grid` block (32, ?, 1) from `block`

  dim3 b3(32, 4);
  b3.x = 64;
  k<<<1, b3>>>(a, n);
  b3.y = 2;
  k<<<1, b3>>>(a, n);
// First launch: x = 64 assigned before it; y = 2 comes after it, outside any
// loop, so it cannot reach it: (64, 4, 1). Second launch: (64, 2, 1).
// CHECK-NEXT: args
// CHECK-NEXT: launch at {{.*}}:25:3 in run(): grid (1, 1, 1) block (64, 4, 1)
// CHECK-NEXT: args
// CHECK-NEXT: launch at {{.*}}:27:3 in run(): grid (1, 1, 1) block (64, 2, 1)

  for (int i = 0; i < 3; ++i) {
    dim3 g(8);
    k<<<g, 32>>>(a, n);
    g.x = i;
  }
// g is declared inside the loop body: each iteration starts from g(8), and
// the later write does not reach this launch: (8, 1, 1).
// CHECK-NEXT: args
// CHECK-NEXT: launch at {{.*}}:37:5 in run(): grid (8, 1, 1) block (32, 1, 1)

  dim3 b4(8, 8);
  for (int i = 0; i < 3; ++i) {
    k<<<1, b4>>>(a, n);
    b4.x = 16;
  }
// b4 lives outside the loop: the write after the launch reaches it in the
// next iteration (x is 8, then 16) -> x unknown; y = 8.
// CHECK-NEXT: args
// CHECK-NEXT: launch at {{.*}}:47:5 in run(): grid (1, 1, 1) block (?, 8, 1) from `b4`

  dim3 b5(8, 8);
  take(&b5);
  b5.x = 32;
  k<<<1, b5>>>(a, n);
// The address escapes before the launch: any component may have been changed
// through it, so nothing of b5 is known.
// CHECK-NEXT: args
// CHECK-NEXT: launch at {{.*}}:58:3 in run(): grid (1, 1, 1) block (?, ?, ?) from `b5`

  dim3 b6;
  b6 = dim3(4, 2);
  b6.z = 2;
  k<<<dim3(b6.x * 2, b6.y), b6>>>(a, n);
// A whole assignment then a member one: block (4, 2, 2); the grid reads
// b6's members: (4 * 2, 2, 1) = (8, 2, 1).
// CHECK-NEXT: args
// CHECK-NEXT: launch at {{.*}}:67:3 in run(): grid (8, 2, 1) block (4, 2, 2)

  dim3 b7(16, 16);
  auto f = [&] { k<<<1, b7>>>(a, n); };
  b7.x = 8;
  f();
// A lambda runs when called (here after b7.x = 8), not where it is written:
// every write of the function may precede it -> x unknown; y = 16.
// CHECK-NEXT: args
// CHECK-NEXT: launch at {{.*}}:74:18 in run(): grid (1, 1, 1) block (?, 16, 1) from `b7`
}
