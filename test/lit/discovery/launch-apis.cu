// Launches through the runtime API: cudaLaunchKernel (C form with a cast and
// the templated form), cudaLaunchCooperativeKernel, and cudaLaunchKernelEx
// with a cudaLaunchConfig_t set up before the call; with the toolkit's
// headers and with the built-in one.
// RUN: %cal --list-kernels %s | FileCheck %s
// RUN: %cal --list-kernels --no-cuda-toolkit %s 2>/dev/null | FileCheck %s
// RUN: %cal --list-kernels --format=json %s | FileCheck %s --check-prefix=JSON

__global__ void scale(float *a, int n) {}
__global__ void coop(float *a, int n) {}
__global__ void ex(float *a, int n) {}

void run(float *a, cudaStream_t s) {
  int n = 4096;
  dim3 grid(n / 256), block(256);
  void *args[] = {&a, &n};
  cudaLaunchKernel((void *)scale, grid, block, args, 0, 0);
// grid 4096 / 256 = 16, block 256; args[] = {&a, &n}: a, n = 4096.
// CHECK: kernel 'scale'
// CHECK-NEXT: launch at {{.*}}launch-apis.cu:17:3 in run() by cudaLaunchKernel: grid (16, 1, 1) block (256, 1, 1) shared 0 stream 0
// CHECK-NEXT: args: a=`a`, n=4096
  cudaLaunchKernel(scale, dim3(8, 8), dim3(16, 16), args, 512, s);
// The templated overload: grid (8, 8, 1), block (16, 16, 1), 512 shared
// bytes, on stream s.
// CHECK-NEXT: launch at {{.*}}:22:3 in run() by cudaLaunchKernel: grid (8, 8, 1) block (16, 16, 1) shared 512 stream s

  cudaLaunchCooperativeKernel((void *)coop, 132, 1024, args, 0, s);
// Integers convert to dim3(v, 1, 1).
// CHECK: kernel 'coop'
// CHECK-NEXT: launch at {{.*}}:27:3 in run() by cudaLaunchCooperativeKernel: grid (132, 1, 1) block (1024, 1, 1) shared 0 stream s

  cudaLaunchConfig_t cfg = {0};
  cfg.gridDim = dim3(n / 128, 2);
  cfg.blockDim = block;
  cfg.dynamicSmemBytes = 2 * 1024;
  cudaLaunchKernelEx(&cfg, ex, a, n);
// {0} value-initialises the rest (stream 0 = default); then gridDim =
// (4096 / 128, 2, 1) = (32, 2, 1), blockDim = block = (256, 1, 1), 2048
// bytes of dynamic shared memory. The arguments follow the kernel.
// CHECK: kernel 'ex'
// CHECK-NEXT: launch at {{.*}}:36:3 in run() by cudaLaunchKernelEx: grid (32, 2, 1) block (256, 1, 1) shared 2048 stream default
// CHECK-NEXT: args: a=`a`, n=4096

  cudaLaunchConfig_t cfg2 = {dim3(4), dim3(64, 2), 0, s};
  if (n > 1)
    cfg2.blockDim.y = 4;
  cudaLaunchKernelEx(&cfg2, ex, a, 7);
// Aggregate initialisation: grid (4, 1, 1); block (64, 2, 1) but y may be
// set to 4 in the branch (n's address is in args[], so the test is not
// known) -> a set of two launches, y = 2 and y = 4; shared 0; stream s.
// CHECK-NEXT: launch at {{.*}}:47:3 in run() by cudaLaunchKernelEx: grid (4, 1, 1) block (64, 2, 1) shared 0 stream cfg2.stream
// CHECK-NEXT: set member: cfg2.blockDim.y = 2: value 1 of 2 of the definitions at {{.*}}launch-apis.cu:44:3, {{.*}}launch-apis.cu:46:5
// CHECK-NEXT: args: a=`a`, n=7
// CHECK-NEXT: launch at {{.*}}:47:3 in run() by cudaLaunchKernelEx: grid (4, 1, 1) block (64, 4, 1) shared 0 stream cfg2.stream
// CHECK-NEXT: set member: cfg2.blockDim.y = 4: value 2 of 2 of the definitions at {{.*}}launch-apis.cu:44:3, {{.*}}launch-apis.cu:46:5
// CHECK-NEXT: args: a=`a`, n=7
}

// JSON: "api": "cudaLaunchKernel",
// JSON: "block": [
// JSON-NEXT: 256,
