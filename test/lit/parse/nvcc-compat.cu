// Sources nvcc compiles parse here too, taking the branches nvcc takes:
// nvcc's predefined macros, host calls of min/max/isfinite that nvcc's
// maths header declares __host__ __device__, `register` locals, narrowing
// in a braced initializer (nvcc warns, #2361-D), nvcc's
// __nv_atomic_* built-ins, cache-hinted stores, time() without <time.h>
// (nvcc's runtime header includes it), and <omp.h> from the host
// compiler's directory (nvcc -Xcompiler -fopenmp). Each of these stopped
// the parse before (exit 2).
// REQUIRES: cuda-toolkit
// RUN: %cal --format=json %s -- -Xcompiler -fopenmp > %t.json
// RUN: FileCheck %s < %t.json
#include <cmath>
#include <cstdio>
#include <omp.h>

#if !defined(__NVCC__) || !defined(__CUDACC_VER_MAJOR__)
#error "nvcc's macros"
#endif
#if __CUDACC_VER_MAJOR__ >= 11
#define ATOMIC_PATH 1
#endif
// nvcc defines __CUDACC__ as 1 (clang's wrapper, empty: "expected value in
// expression"); a book's header tests it so.
#if __CUDACC__
#define CUDACC_PATH 1
#endif

__global__ void k(unsigned *p, float *q) {
  unsigned v = __nv_atomic_fetch_add(p + threadIdx.x, 1u, __NV_ATOMIC_RELAXED,
                                     __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_store_n(p + 64 + threadIdx.x, v, __NV_ATOMIC_RELEASE,
                      __NV_THREAD_SCOPE_SYSTEM);
  __stcs(q + 2 * threadIdx.x, 1.0f);
}

int main(int argc, char **argv) {
  register int r = argc;
  int narrowed[2] = {0.0, 1.0};
  int m = max(r, 2) + min(r, 3u);
  float f = max(1.5f, 2.0f);
  bool ok = isfinite(f) && !isnan(f) && time(nullptr) > 0;
  printf("%d %d %d %d\n", m, ok, omp_get_max_threads(), narrowed[1]);
#if ATOMIC_PATH && CUDACC_PATH
  k<<<1, 32>>>(nullptr, nullptr);
#endif
}
// The launch is found (the #if took nvcc's branch) and each access is
// reported on the user's line. The atomic add: 32 consecutive unsigned,
// 4 sectors; the store after it too; __stcs of every other float: lanes
// 8 bytes apart, 8 sectors.
// CHECK: "kind": "atomic",
// CHECK: "line": 29,
// CHECK: "sectors_per_request": {
// CHECK-NEXT: "max": 4,
// CHECK: "kind": "store",
// CHECK: "line": 31,
// CHECK: "sectors_per_request": {
// CHECK-NEXT: "max": 4,
// CHECK: "kind": "store",
// CHECK: "line": 33,
// CHECK: "sectors_per_request": {
// CHECK-NEXT: "max": 8,
// CHECK: "source": "host-launch"
