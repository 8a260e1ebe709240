// cal_nvcc_compat.h - what nvcc gives a CUDA source that clang's CUDA mode
// does not, force-included after the CUDA headers (or the minimal header)
// so that every file nvcc compiles parses here too, with the branches of
// its #if tests that nvcc takes:
//   - nvcc's predefined macros (__NVCC__, __CUDACC_VER_MAJOR__ ...), and
//     __CUDACC__ with nvcc's value, 1;
//   - the host overloads of min and max that nvcc's maths header declares
//     __host__ __device__ (clang's CUDA headers declare them for the
//     device only), and isfinite/isnan/isinf in the global namespace;
//   - the include guards of the intrinsics headers whose definitions
//     clang's wrapper includes already;
//   - nvcc's __nv_atomic_* built-ins and their __NV_ATOMIC_* orders and
//     __NV_THREAD_SCOPE_* scopes, as macros over the atomics the analyzer
//     models, so that each access is reported on the user's line (the
//     memory order and scope do not change which addresses are touched);
//   - __cal_sh__, which the tool writes in place of the `__shared__` of a
//     function-scope variable whose type's constructor is not empty: nvcc
//     only warns (#20054-D) and leaves it unconstructed, clang rejects it.
#ifndef CAL_NVCC_COMPAT_H
#define CAL_NVCC_COMPAT_H

#ifndef __NVCC__
#define __NVCC__ 1
#endif
// clang's CUDA wrapper defines __CUDACC__ empty; nvcc defines it as 1, so
// that `#if __CUDACC__` is a valid test that holds.
#undef __CUDACC__
#define __CUDACC__ 1
#if !defined(__CUDACC_VER_MAJOR__) && defined(CUDA_VERSION)
#define __CUDACC_VER_MAJOR__ (CUDA_VERSION / 1000)
#define __CUDACC_VER_MINOR__ (CUDA_VERSION % 1000 / 10)
#define __CUDACC_VER_BUILD__ 0
#elif !defined(__CUDACC_VER_MAJOR__) && defined(CAL_CUDA_MINIMAL_HEADER)
// The minimal header stands for the CUDA 13 API.
#define __CUDACC_VER_MAJOR__ 13
#define __CUDACC_VER_MINOR__ 0
#define __CUDACC_VER_BUILD__ 0
#endif

// The minimal header (no toolkit) declares them __host__ __device__.
#ifndef CAL_CUDA_MINIMAL_HEADER
#define CAL_NVCC_MINMAX(R, A, B)                                               \
  static inline __host__ R min(const A a, const B b) {                         \
    return (R)a < (R)b ? (R)a : (R)b;                                          \
  }                                                                            \
  static inline __host__ R max(const A a, const B b) {                         \
    return (R)a > (R)b ? (R)a : (R)b;                                          \
  }
CAL_NVCC_MINMAX(int, int, int)
CAL_NVCC_MINMAX(unsigned int, unsigned int, unsigned int)
CAL_NVCC_MINMAX(unsigned int, int, unsigned int)
CAL_NVCC_MINMAX(unsigned int, unsigned int, int)
CAL_NVCC_MINMAX(long int, long int, long int)
CAL_NVCC_MINMAX(unsigned long int, unsigned long int, unsigned long int)
CAL_NVCC_MINMAX(unsigned long int, long int, unsigned long int)
CAL_NVCC_MINMAX(unsigned long int, unsigned long int, long int)
CAL_NVCC_MINMAX(long long int, long long int, long long int)
CAL_NVCC_MINMAX(unsigned long long int, unsigned long long int,
                unsigned long long int)
CAL_NVCC_MINMAX(unsigned long long int, long long int, unsigned long long int)
CAL_NVCC_MINMAX(unsigned long long int, unsigned long long int, long long int)
CAL_NVCC_MINMAX(float, float, float)
CAL_NVCC_MINMAX(double, double, double)
CAL_NVCC_MINMAX(double, float, double)
CAL_NVCC_MINMAX(double, double, float)
#undef CAL_NVCC_MINMAX

// nvcc's cuda_runtime.h includes these through crt/common_functions.h, so
// sources call time() or memcpy() without including them; clang's CUDA
// wrapper does not.
#include <string.h>
#include <time.h>

// clang's CUDA wrapper includes these headers' definitions (the .hpp)
// without the declarations (the .h), which a source may include itself
// (nvcc's cuda_runtime.h has): in a host-side parse the .h would then
// define every function a second time, as an empty host stub. Their
// include guards, as if included.
#define __SM_20_ATOMIC_FUNCTIONS_H__
#define __SM_20_INTRINSICS_H__
#define __SM_32_ATOMIC_FUNCTIONS_H__
#define __SM_60_ATOMIC_FUNCTIONS_H__
#define __SM_61_INTRINSICS_H__

// The CUDA headers (through clang's wrapper) have included <cmath>.
using std::isfinite;
using std::isinf;
using std::isnan;
#endif

#define __NV_ATOMIC_RELAXED 0
#define __NV_ATOMIC_CONSUME 1
#define __NV_ATOMIC_ACQUIRE 2
#define __NV_ATOMIC_RELEASE 3
#define __NV_ATOMIC_ACQ_REL 4
#define __NV_ATOMIC_SEQ_CST 5
#define __NV_THREAD_SCOPE_THREAD 0
#define __NV_THREAD_SCOPE_BLOCK 1
#define __NV_THREAD_SCOPE_CLUSTER 2
#define __NV_THREAD_SCOPE_DEVICE 3
#define __NV_THREAD_SCOPE_SYSTEM 4

#define __nv_atomic_fetch_add(p, v, ...) atomicAdd((p), (v))
#define __nv_atomic_fetch_sub(p, v, ...) atomicSub((p), (v))
#define __nv_atomic_fetch_and(p, v, ...) atomicAnd((p), (v))
#define __nv_atomic_fetch_or(p, v, ...) atomicOr((p), (v))
#define __nv_atomic_fetch_xor(p, v, ...) atomicXor((p), (v))
#define __nv_atomic_fetch_min(p, v, ...) atomicMin((p), (v))
#define __nv_atomic_fetch_max(p, v, ...) atomicMax((p), (v))
#define __nv_atomic_exchange_n(p, v, ...) atomicExch((p), (v))
#define __nv_atomic_exchange(p, v, r, ...) (*(r) = atomicExch((p), *(v)))
#define __nv_atomic_load_n(p, ...) (*(p))
#define __nv_atomic_load(p, r, ...) (*(r) = *(p))
#define __nv_atomic_store_n(p, v, ...) (*(p) = (v))
#define __nv_atomic_store(p, v, ...) (*(p) = *(v))
#define __nv_atomic_thread_fence(...) __threadfence()
#define __nv_atomic_compare_exchange_n(p, e, d, ...)                           \
  __cal_nv_cas((p), (e), (d))
#define __nv_atomic_compare_exchange(p, e, d, ...) __cal_nv_cas((p), (e), *(d))
template <typename T>
static inline __device__ bool __cal_nv_cas(T *p, T *expected, T desired) {
  T old = atomicCAS(p, *expected, desired);
  bool ok = old == *expected;
  *expected = old;
  return ok;
}

// Cache-hinted loads and stores that nvcc declares for every type and
// clang's CUDA headers do not (it has __ldcg, __ldcs, __ldcv and __stwt):
// the access is the same, only its caching differs.
#ifndef CAL_CUDA_MINIMAL_HEADER
template <typename T> static inline __device__ T __ldca(const T *p) {
  return *p;
}
template <typename T> static inline __device__ T __ldlu(const T *p) {
  return *p;
}
template <typename T> static inline __device__ void __stcg(T *p, T v) {
  *p = v;
}
template <typename T> static inline __device__ void __stcs(T *p, T v) {
  *p = v;
}
template <typename T> static inline __device__ void __stwb(T *p, T v) {
  *p = v;
}
#endif

// A function-scope `__shared__ T x;` whose T has a constructor or destructor
// that is not empty (cuda::barrier, cuda::pipeline_shared_state): nvcc warns
// that it does not run it (#20054-D) and allocates x all the same; clang
// rejects the declaration. The tool re-parses such a declaration with this
// spelling, as long as `__shared__` (the same length: lines and columns stay
// where they were): a block-scope `extern` declaration is never constructed
// nor destroyed, and it is still a __shared__ variable of complete type T
// (clang accepts it with -fgpu-rdc, which the tool always passes).
#define __cal_sh__ extern __shared__

#endif // CAL_NVCC_COMPAT_H
