// A branch whose test names a sampled value (a parameter the launch does
// not give) is predicted for the samples: the JSON says so
// (depends_on_samples) and the warning says what to give; the same loop
// with the program's value known does not. (The loops step by the block's
// 256 threads written as a constant: a loop that steps by blockDim.x is a
// block-stride loop, whose split is a note, divergence/costless.cu.)
// RUN: %cal --format=json %s | FileCheck %s --check-prefix=JSON
// RUN: %cal %s 2>&1 | FileCheck %s

__global__ void strideLoop(float *a, int n) {
  for (int k = threadIdx.x; k < n; k += 256)
    a[k] += 1.0f;
}

__global__ void strideLoopKnown(float *a, int n) {
  for (int k = threadIdx.x; k < n; k += 256)
    a[k] += 1.0f;
}

void host(float *a, int n) {
  strideLoop<<<1, 256>>>(a, n);
  // 1000 = 31 x 32 + 8: the warp holding lanes 992..1023 splits 8/24 at
  // the loop's end, whatever the samples.
  strideLoopKnown<<<1, 256>>>(a, 1000);
}

// Keys are sorted: a kernel's branches come before its name.
// JSON: "branches": [
// JSON: "classification": "divergent",
// JSON: "depends_on_samples": true,
// JSON: "name": "strideLoop",
// JSON: "branches": [
// JSON: "classification": "divergent",
// JSON: "depends_on_samples": false,
// JSON: "name": "strideLoopKnown",

// CHECK: branch-samples.cu:11:29: warning: loop test of for diverges
// CHECK: note: the test names a value the analyzer samples (an unknown parameter or a run-time grid dimension; see the kernel's assumptions): the program's values may split no warp; give them with --param or the configuration's Kernels list
// CHECK: branch-samples.cu:16:29: warning: loop test of for diverges
// CHECK-NOT: the test names a value
