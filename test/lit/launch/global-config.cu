// Launch configurations in file-scope variables.
#include <cstdio>
int threads = 256;      // external linkage, never written in this file
static int tpb = 128;   // internal linkage, never written
int blocks = 4;         // written by setBlocks
dim3 shape(32, 8);      // never written

__global__ void copyK(float *o, const float *i) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  o[t] = i[t * 2];
}

static void setBlocks(int n) { blocks = n; }

void host(float *o, const float *i, int n) {
  printf("%d threads\n", threads); // passed by value: read, not written
  setBlocks(n);
  copyK<<<blocks, threads>>>(o, i);
  copyK<<<64, tpb>>>(o, i);
  copyK<<<16, shape>>>(o, i);
}

// A global that nothing in the file writes keeps its initializer: threads
// (256) and shape (32, 8), which another file could still write, with
// that said; tpb (128), which no other file can name, silently. blocks is
// written by setBlocks: the grid is computed at run time.
// RUN: %cal --list-kernels %s | FileCheck %s
// CHECK: launch at {{.*}}global-config.cu:18:3 in host(): grid (?, 1, 1) from `blocks` block (256, 1, 1)
// CHECK-NEXT: set member: global threads taken at its initializer: nothing in global-config.cu writes it (another file could)
// CHECK: launch at {{.*}}global-config.cu:19:3 in host(): grid (64, 1, 1) block (128, 1, 1)
// CHECK-NEXT: args:
// CHECK: launch at {{.*}}global-config.cu:20:3 in host(): grid (16, 1, 1) block (32, 8, 1)
// CHECK-NEXT: set member: global shape taken at its initializer: nothing in global-config.cu writes it (another file could)

// The JSON says the same in the launch's assumptions.
// RUN: %cal --format=json %s | FileCheck %s --check-prefix=JSON
// JSON: "launch set member: global threads taken at its initializer: nothing in global-config.cu writes it (another file could)"
