// Launches through kernel pointers. A table of kernels filled in a `switch`
// launches one of the kernels written into it: each is a target. A pointer
// whose target the discovery cannot tell (a parameter of a function never
// called here) launches none that it knows; the kernels of the pointer's
// type are not "never launched" then: each says which launch may be its,
// so that the user knows what to give (--block, an annotation) and why.
// RUN: %cal --list-kernels %s | FileCheck %s --check-prefix=LIST
// RUN: %cal %s 2>&1 | FileCheck %s

__global__ void kx(float *f, float *df) { df[threadIdx.x] = f[threadIdx.x]; }
__global__ void ky(float *f, float *df) { df[threadIdx.x] = f[threadIdx.x]; }
// Two types of their own.
__global__ void lone(float *f, const float *g) { f[threadIdx.x] = g[0]; }
__global__ void other(float *f, int n) { f[threadIdx.x] = n; }

void run(int dimension, float *a, float *b) {
  void (*fp[2])(float *, float *);
  switch (dimension) {
  case 0: fp[0] = kx; fp[1] = ky; break;
  default: fp[0] = ky; fp[1] = kx; break;
  }
  for (int k = 0; k < 2; k++)
    fp[k]<<<16, 64>>>(a, b);
}

void unknown(void (*k)(float *, const float *), float *a) {
  k<<<1, 32>>>(a, a);
}

// Every write of the table puts kx or ky in it: the launch is one of two.
// LIST: kernel 'kx'
// LIST-NEXT: launch at {{.*}}pointer-table.cu:23:5 in run() through `fp[k]` (one of 2 targets): grid (16, 1, 1) block (64, 1, 1)
// LIST: kernel 'ky'
// LIST-NEXT: launch at {{.*}}pointer-table.cu:23:5 in run() through `fp[k]` (one of 2 targets): grid (16, 1, 1) block (64, 1, 1)

// CHECK-DAG: pointer-table.cu:13:17: remark: assuming block (256,1,1); no launch resolved: the launch through `k` at {{.*}}pointer-table.cu:27:3 in unknown() has its type, but which kernel it launches is not known there
// CHECK-DAG: pointer-table.cu:14:17: remark: assuming block (256,1,1); no launch found
