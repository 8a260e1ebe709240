// A source that includes the intrinsics headers itself, as
// mixed_precision_int.cu of a CUDA book does (nvcc compiles it): clang's
// CUDA wrapper has already included their definitions, and the host-side
// parse would define each function a second time (`redefinition of
// '__dp2a_lo'`, exit 2 before). Each access below is one 4-byte word per
// lane, 32 lanes from a 256-byte aligned base: 4 sectors.
// REQUIRES: cuda-toolkit
// RUN: %cal --dump=events %s -- -arch=sm_90 | FileCheck %s
#include <sm_20_atomic_functions.h>
#include <sm_20_intrinsics.h>
#include <sm_32_atomic_functions.h>
#include <sm_35_atomic_functions.h>
#include <sm_60_atomic_functions.h>
#include <sm_61_intrinsics.h>

__global__ void dot(const int *a, const int *b, int *c) {
  int i = threadIdx.x;
  c[i] = __dp4a(a[i], b[i], 0);
}

int main() { dot<<<1, 32>>>(nullptr, nullptr, nullptr); }

// CHECK-LABEL: kernel dot
// CHECK: summary access 18:3 global store 4B requests=1 sectors=4 ideal=4
// CHECK: summary access 18:17 global load 4B requests=1 sectors=4 ideal=4
// CHECK: summary access 18:23 global load 4B requests=1 sectors=4 ideal=4
