// A local written after its declaration under a condition the analyzer
// cannot decide has two possible values at the launch: the launch is a set
// of two configurations, each analysed on its own (never a mean). A file
// with no host code lists its kernels with no launch.
// RUN: %cal --list-kernels %s | FileCheck %s
// RUN: %cal --list-kernels %S/Inputs/device-only.cuh | FileCheck %s --check-prefix=NOHOST

__global__ void k(float *a) {}

void run(float *a, int m) {
  int blocks = 16;
  if (m > 3)
    blocks = 32;
  k<<<blocks, 128>>>(a);
}

// CHECK: kernel 'k'
// The write inside the `if` may or may not run before the launch: the
// grid's x is 16 (the declaration) or 32 (the write, line 12); y and z are
// an integer's implicit 1.
// CHECK-NEXT: grid (16, 1, 1) block (128, 1, 1)
// CHECK-NEXT: set member: blocks = 16: value 1 of 2 of the definitions at {{.*}}:11:3, {{.*}}:13:5
// CHECK: grid (32, 1, 1) block (128, 1, 1)
// CHECK-NEXT: set member: blocks = 32: value 2 of 2 of the definitions

// NOHOST: device-only.cuh:5:17: kernel 'scale' [_Z5scalePfi]
// NOHOST-NEXT: no launch in this translation unit
// NOHOST-NEXT: device-only.cuh:10:17: kernel 'shift' [_Z5shiftPfi]
// NOHOST-NEXT: no launch in this translation unit
