// A local written after its declaration is not followed (its initializer is
// not its value at the launch); a file with no host code lists its kernels
// with no launch.
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
// The write inside the `if` may or may not run before the launch: the grid's
// x is unknown; y and z are an integer's implicit 1.
// CHECK-NEXT: grid (?, 1, 1) from `blocks` block (128, 1, 1)

// NOHOST: device-only.cuh:5:17: kernel 'scale' [_Z5scalePfi]
// NOHOST-NEXT: no launch in this translation unit
// NOHOST-NEXT: device-only.cuh:10:17: kernel 'shift' [_Z5shiftPfi]
// NOHOST-NEXT: no launch in this translation unit
