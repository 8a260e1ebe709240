// The same file parses with the installed CUDA toolkit and with the built-in
// minimal header; only the latter says so (once). The CUDA 13.0 version
// warning of clang 22 never reaches the user.
// REQUIRES: cuda-toolkit
// RUN: %cal --list-kernels %s 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=QUIET --allow-empty < %t.err
// RUN: %cal --list-kernels --no-cuda-toolkit %s 2>%t.err2 | FileCheck %s
// RUN: FileCheck %s --check-prefix=BUILTIN < %t.err2
// RUN: not %cal --list-kernels --cuda-path=%S %s 2>&1 | FileCheck %s --check-prefix=BADPATH

__global__ void k(double2 *a, int *c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  a[i] = __ldg(&a[i + 1]);
  atomicAdd(c, 1);
  __syncthreads();
}

int main() {
  double2 *a;
  int *c;
  cudaMalloc(&a, 1024 * sizeof(double2));
  cudaMalloc(&c, sizeof(int));
  k<<<4, 256>>>(a, c);
  cudaDeviceSynchronize();
}

// CHECK: kernel 'k' [_Z1kP7double2Pi]
// CHECK-NEXT: grid (4, 1, 1) block (256, 1, 1)
// QUIET-NOT: warning
// QUIET-NOT: CUDA version
// BUILTIN: cuda-access-lint: note: --no-cuda-toolkit given; parsing with the built-in minimal CUDA declarations
// BUILTIN-NOT: note
// BADPATH: cuda-access-lint: error: --cuda-path='{{.*}}' is not a CUDA toolkit

// CUDA 13 keeps Thrust and CUB under include/cccl; they are found as with
// nvcc. The member call into CUB is followed: BlockReduce's TempStorage is
// the kernel's __shared__ object, reached through a reference member bound
// by the constructor. Lane 0 of warp 0 reads the aggregate of warp 1 at
// warp_aggregates[1]; warp_aggregates follows eight 1-byte WarpReduce
// storages, so it is byte 8 + 4*1 = 12. One lane: one wavefront. The inline
// PTX inside (the lane id) is interpreted: no statement is left out. The
// access is written in CUB's header and reported at the user's call
// (`Reduce(tmp).Sum(v)`, line 9 of the input), the header's line with it.
// RUN: %cal --format=json %S/Inputs/cub-reduce.cu | FileCheck %s --check-prefix=CCCL
// CCCL: "column": 24,
// CCCL-NEXT: "file": "{{.*}}block_reduce_warp_reductions.cuh",
// CCCL-NEXT: "line": 143
// CCCL: "index": "12",
// CCCL-NEXT: "kind": "load",
// CCCL-NEXT: "line": 9,
// CCCL: "space": "shared",
// CCCL-NEXT: "wavefronts_per_request": {
// CCCL-NEXT: "max": 1,
// CCCL: "name": "blockSum<256>"
// CCCL-NOT: "GCCAsmStmt at {{.*}}:{{[0-9]+}}:{{[0-9]+}} is not interpreted"
