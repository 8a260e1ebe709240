// Launches through kernel pointers and configurations kept in globals.
// A table of kernels filled in a `switch` on a parameter launches, for
// each call, the kernel the taken `case` writes into the element read; the
// grid and block come from global tables that one function, called by
// main before, fills (the finite-difference pattern of NVIDIA's blog
// samples). A pointer whose target the discovery cannot tell (a parameter
// of a function never called here) launches none that it knows: the
// kernels of its type say which launch may be theirs, not "no launch".
// RUN: %cal --list-kernels %s | FileCheck %s --check-prefix=LIST
// RUN: %cal %s 2>&1 | FileCheck %s

__global__ void kx(float *f, float *df) { df[threadIdx.x] = f[threadIdx.x]; }
__global__ void ky(float *f, float *df) { df[threadIdx.x] = f[threadIdx.x]; }
// Two types of their own.
__global__ void lone(float *f, const float *g) { f[threadIdx.x] = g[0]; }
__global__ void other(float *f, int n) { f[threadIdx.x] = n; }

const int nx = 64;
dim3 grid[2][2], block[2][2];

void setup() {
  grid[0][0] = dim3(nx / 4, 8);
  block[0][0] = dim3(nx, 4);
  grid[0][1] = dim3(nx / 32, 8);
  block[0][1] = dim3(32, 8);
  grid[1][0] = dim3(16);
  block[1][0] = dim3(128);
  grid[1][1] = dim3(32);
  block[1][1] = dim3(64);
}

void run(int dimension, float *a, float *b) {
  void (*fp[2])(float *, float *);
  switch (dimension) {
  case 0: fp[0] = kx; fp[1] = ky; break;
  default: fp[0] = ky; fp[1] = kx; break;
  }
  for (int k = 0; k < 2; k++)
    fp[k]<<<grid[dimension][k], block[dimension][k]>>>(a, b);
}

void unknown(void (*k)(float *, const float *), float *a) {
  k<<<1, 32>>>(a, a);
}

int main() {
  float *a, *b;
  setup();
  run(0, a, b);
  run(1, a, b);
}

// run(0): fp[0] = kx with grid[0][0] = (64/4, 8) = (16, 8), block (64, 4);
// fp[1] = ky with (64/32, 8) = (2, 8), block (32, 8). run(1): fp[0] = ky
// with (16), block (128); fp[1] = kx with (32), block (64). Each kernel is
// launched with exactly the configurations of the elements that hold it.
// LIST: kernel 'kx'
// LIST-NEXT: launch at {{.*}}pointer-table.cu:39:5 in run() through `fp[k]`: grid (16, 8, 1) block (64, 4, 1)
// LIST-NEXT: set member: k = 0: value 1 of 2 of the loop
// LIST-NEXT: set member: grid: as setup() sets it, called from main() before
// LIST-NEXT: set member: block: as setup() sets it, called from main() before
// LIST-NEXT: from call at {{.*}}pointer-table.cu:49:3 in main()
// LIST: launch at {{.*}}pointer-table.cu:39:5 in run() through `fp[k]`: grid (32, 1, 1) block (64, 1, 1)
// LIST: from call at {{.*}}pointer-table.cu:50:3 in main()
// LIST-NOT: launch at
// LIST: kernel 'ky'
// LIST-NEXT: launch at {{.*}}pointer-table.cu:39:5 in run() through `fp[k]`: grid (16, 1, 1) block (128, 1, 1)
// LIST: launch at {{.*}}pointer-table.cu:39:5 in run() through `fp[k]`: grid (2, 8, 1) block (32, 8, 1)
// LIST-NOT: launch at
// LIST: kernel 'lone'

// CHECK-DAG: pointer-table.cu:15:17: remark: assuming block (256,1,1); no launch resolved: the launch through `k` at {{.*}}pointer-table.cu:43:3 in unknown() has its type, but which kernel it launches is not known there
// CHECK-DAG: pointer-table.cu:16:17: remark: assuming block (256,1,1); no launch found
