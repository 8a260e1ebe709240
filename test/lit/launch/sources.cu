// Where the launch configuration comes from, in order: host launch,
// annotation, command line, __launch_bounds__, default.
// RUN: %cal --dump=events %s | FileCheck %s
// RUN: %cal --dump=events --block=64 --param n=100 %s | FileCheck %s --check-prefix=CMDLINE

__global__ void launched(float *a) { a[threadIdx.x] = 0; }

// cuda-access-lint: block(32,4) grid(10) param(n=7)
__global__ void annotated(float *a, int n) {
  if (threadIdx.y < n)
    a[threadIdx.y * 32 + threadIdx.x] = 0;
}

__global__ void __launch_bounds__(128) bounded(float *a) { a[threadIdx.x] = 0; }

__global__ void nothing(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = 0;
}

// A block of 48 threads: warp 1 holds threads 32..47 only (16 lanes).
__global__ void partial(float *a) { a[threadIdx.x] = 0; }

void host(float *a) {
  launched<<<3, 96>>>(a);
  partial<<<1, 48>>>(a);
}

// CHECK: kernel launched launch host-launch grid (3,1,1) block (96,1,1)
// CHECK: kernel annotated launch annotation grid (10,1,1) block (32,4,1)
// n = 7 from the annotation: every threadIdx.y < 4 passes, so uniform.
// CHECK: summary branch 10:3 if uniform
// CHECK: kernel bounded launch launch-bounds grid (64,1,1) block (128,1,1)
// CHECK: kernel nothing launch default grid (64,1,1) block (256,1,1) assumed
// nothing indexes in x only: one assumed shape, (256,1,1).
// CHECK: assume no launch found: assumed block (256,1,1) with grid (64,1,1) (the kernel indexes in one dimension)
// CHECK: assume parameter n unknown: evaluated with 4096 and 4097
// With blocks of 256 the evaluated blocks are 0 (threads 0..255, all below
// n), 63 and 32 (from thread 8192, all at or above n = 4096 or 4097). Each
// warp agrees with itself, so the guard is warp-uniform.
// CHECK: summary branch 18:3 if warp-uniform
// CHECK: kernel partial launch host-launch grid (1,1,1) block (48,1,1)
// 16 lanes x 4 B = 64 B = 2 sectors; warp 0 has 32 lanes (128 B, 4
// sectors), so the figure differs between warps: range, mean 3.
// CHECK: access 23:37 global store 4B block(0,0,0) warp 1 active=16 sectors=2 ideal=2
// CHECK: summary access 23:37 global store 4B requests=2 sectors=3 ideal=3 confidence=range

// With --block and --param the kernels without a host launch use them; the
// annotation still wins for the annotated kernel.
// CMDLINE: kernel annotated launch annotation grid (10,1,1) block (32,4,1)
// CMDLINE: kernel bounded launch command-line grid (64,1,1) block (64,1,1)
// CMDLINE: kernel nothing launch command-line grid (64,1,1) block (64,1,1)
// n = 100 is known, so it is not sampled.
// CMDLINE-NOT: assume parameter n unknown

// Text diagnostics say when the launch is an assumption, at the kernel.
// RUN: %cal %s 2>&1 | FileCheck %s --check-prefix=TEXT
// TEXT: sources.cu:16:17: remark: assuming block (256,1,1); no launch found (set one with --block, an annotation or __launch_bounds__) [cuda-assumed-launch]
// TEXT-NEXT: __global__ void nothing(float *a, int n) {
// TEXT-NOT: also evaluated with block
