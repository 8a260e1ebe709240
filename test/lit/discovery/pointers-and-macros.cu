// Launches through a kernel function pointer and launches written inside a
// macro (positioned at the macro's expansion).
// RUN: %cal --list-kernels %s | FileCheck %s
// RUN: %cal --list-kernels --no-cuda-toolkit %s 2>/dev/null | FileCheck %s
// RUN: %cal --list-kernels --format=json %s | FileCheck %s --check-prefix=JSON

__global__ void transposeNaive(float *o, const float *i, int w) {}
__global__ void copy(float *o, const float *i, int w) {}
__global__ void other(float *o, const float *i, int w) {}

#define TILE 32
#define LAUNCH(K, G, B, ...) K<<<G, B>>>(__VA_ARGS__)

void single(float *o, const float *i) {
  void (*kernel)(float *, const float *, int) = &transposeNaive;
  dim3 grid(1024 / TILE, 1024 / TILE), threads(TILE, 8);
  kernel<<<grid, threads>>>(o, i, 1024);
}
// One target, from the initializer: grid (1024 / 32, 1024 / 32) = (32, 32, 1).
// CHECK: kernel 'transposeNaive'
// CHECK-NEXT: launch at {{.*}}:17:3 in single() through `kernel`: grid (32, 32, 1) block (32, 8, 1)

void several(float *o, const float *i, int which) {
  void (*kernel)(float *, const float *, int);
  if (which == 0)
    kernel = &copy;
  else
    kernel = transposeNaive;
  kernel<<<4, 256>>>(o, i, 64);
}
// Assigned in two branches, each a known kernel: one site per target.
// CHECK-NEXT: args
// CHECK-NEXT: launch at {{.*}}:29:3 in several() through `kernel` (one of 2 targets): grid (4, 1, 1) block (256, 1, 1)
// CHECK: kernel 'copy'
// CHECK-NEXT: launch at {{.*}}:29:3 in several() through `kernel` (one of 2 targets): grid (4, 1, 1) block (256, 1, 1)

void once(float *o, const float *i) {
  void (*kernel)(float *, const float *, int);
  kernel = &copy;
  void *args[] = {&o, &i};
  cudaLaunchKernel((const void *)kernel, 2, 64, args, 0, 0);
}
// Assigned exactly once before the launch: its one target is copy. The args
// array has 2 entries for copy's 3 parameters: arguments not mapped.
// CHECK: launch at {{.*}}:41:3 in once() by cudaLaunchKernel through `(const void *)kernel`: grid (2, 1, 1) block (64, 1, 1)
// CHECK-NOT: args:

void unknown(void (*k)(float *, const float *, int), float *o) {
  k<<<1, 32>>>(o, o, 1);
}
// k is a parameter of a function never called here: not listed under any
// kernel, but reported at the end.
// CHECK-NOT: in unknown()

void macro(float *o, const float *i) {
  LAUNCH(other, 8, TILE, o, i, 16);
}
// Inside the macro: at the expansion (line 56), 8 blocks of TILE = 32.
// CHECK: kernel 'other'
// CHECK-NEXT: launch at {{.*}}:56:3 in macro(): grid (8, 1, 1) block (32, 1, 1)
// CHECK-NEXT: args: o=`o`, i=`i`, w=16
// CHECK-NEXT: pointers-and-macros.cu:49:3: launch of `k` in unknown() not listed: the function pointer's target is not known at the launch

// JSON: "pointer": {
// JSON-NEXT: "targets": 1,
// JSON-NEXT: "text": "kernel"
// JSON: "unresolved_launches": [
// JSON-NEXT: {
// JSON-NEXT: "callee_text": "k",
