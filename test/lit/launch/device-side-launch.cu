// A launch from device code (dynamic parallelism) starts a grid of its own.
// Its configuration is read from the launch (clang passes it to
// cudaLaunchDevice after two buffers), and the child's accesses belong to
// the child's launch, never to the parent's warps: the parent evaluates
// the launch's arguments only. A kernel's launches from host code come
// before those from device code, which run only after a host launch: the
// first launch analysed is the one a profiler sees first.
// RUN: %cal --list-kernels %s -- -rdc=true | FileCheck %s --check-prefix=LIST
// RUN: %cal --dump=events %s -- -rdc=true | FileCheck %s

__global__ void child(float *p) { p[threadIdx.x * 8] = 0; }

__global__ void parent(float *a) {
  a[blockIdx.x * blockDim.x + threadIdx.x] = 1;
  if (threadIdx.x == 0)
    child<<<1, 32>>>(a + blockIdx.x * 256);
}

void run(float *a) {
  parent<<<2, 64>>>(a);
  child<<<4, 128>>>(a);
}

// LIST: kernel 'child'
// LIST-NEXT: launch at {{.*}}device-side-launch.cu:16:5 in parent(): grid (1, 1, 1) block (32, 1, 1) shared 0 stream default

// The child, launched with one warp: lanes 8 floats (32 B) apart, one
// sector each, 32 sectors where 4 would do.
// The launch from run() comes first although it is written last.
// CHECK-LABEL: kernel child launch host-launch grid (4,1,1) block (128,1,1)
// CHECK-LABEL: kernel child launch host-launch grid (1,1,1) block (32,1,1)
// CHECK: summary access 11:35 global store 4B requests=1 sectors=32 ideal=4

// The parent: its own store only (32 consecutive floats per warp, 4
// sectors); nothing at line 11.
// CHECK-LABEL: kernel parent launch host-launch grid (2,1,1) block (64,1,1)
// CHECK-NOT: access 11:
// CHECK: summary access 14:3 global store 4B requests=4 sectors=4 ideal=4
// CHECK-NOT: access 11:
