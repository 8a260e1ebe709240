// Chained assignments set every member they name: `b.x = b.y = b.z = 1;`
// is three definitions made by one statement, each 1, and later
// statements overwrite some of them (a sample that reports its clocks).
// RUN: %cal --list-kernels %s | FileCheck %s

__global__ void k(unsigned *o) { o[threadIdx.x] = 0; }
void run(dim3 g, dim3 b) { k<<<g, b>>>(nullptr); }

int main() {
  dim3 b, g;
  b.x = b.y = b.z = 1;
  g.x = g.y = g.z = 1;
  g.x = 2;
  b.x = 16;
  b.y = 8;
  run(g, b);
  int p, q;
  p = q = 64;
  k<<<p, q>>>(nullptr);
}

// g = (2, 1, 1): x overwritten, y and z from the chain; b = (16, 8, 1).
// CHECK: launch at {{.*}}chained-assignments.cu:7:28 in run(): grid (2, 1, 1) block (16, 8, 1)
// CHECK: launch at {{.*}}chained-assignments.cu:19:3 in main(): grid (64, 1, 1) block (64, 1, 1)
