// cal_cuda_minimal.h - the declarations cuda-access-lint needs to parse CUDA
// sources when no CUDA toolkit is installed. It is force-included (with
// -nocudainc) in place of the toolkit's headers, so it declares only what
// kernels and their host launch code commonly use: qualifiers, the thread and
// block built-ins, vector types, synchronisation, loads, atomics, maths and
// the runtime calls that allocate, copy and launch. Bodies are not needed:
// the analyzer models these calls by name.
#ifndef CAL_CUDA_MINIMAL_H
#define CAL_CUDA_MINIMAL_H

#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __forceinline__ inline __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __restrict__ __restrict
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __CUDACC__ 1
#define CAL_CUDA_MINIMAL_HEADER 1

// clang's CUDA wrapper of <new> calls ::malloc and ::free, which the
// toolkit's headers would otherwise have declared.
#include <stdlib.h>

typedef __SIZE_TYPE__ size_t;

struct uint3 { unsigned int x, y, z; };
struct dim3 {
  unsigned int x, y, z;
  __host__ __device__ constexpr dim3(unsigned int X = 1, unsigned int Y = 1,
                                     unsigned int Z = 1)
      : x(X), y(Y), z(Z) {}
  __host__ __device__ constexpr dim3(uint3 V) : x(V.x), y(V.y), z(V.z) {}
};

#include "__clang_cuda_builtin_vars.h"

#define CAL_VEC2(T, N) struct __attribute__((aligned(2 * sizeof(T)))) N { T x, y; };
#define CAL_VEC3(T, N) struct N { T x, y, z; };
#define CAL_VEC4(T, N) struct __attribute__((aligned(4 * sizeof(T)))) N { T x, y, z, w; };
#define CAL_VECS(T, P) CAL_VEC2(T, P##2) CAL_VEC3(T, P##3) CAL_VEC4(T, P##4)
CAL_VECS(char, char) CAL_VECS(unsigned char, uchar) CAL_VECS(short, short)
CAL_VECS(unsigned short, ushort) CAL_VECS(int, int)
CAL_VEC2(unsigned int, uint2) CAL_VEC4(unsigned int, uint4)
CAL_VECS(long long, longlong) CAL_VECS(unsigned long long, ulonglong)
CAL_VECS(float, float) CAL_VECS(double, double)
#undef CAL_VECS
#undef CAL_VEC2
#undef CAL_VEC3
#undef CAL_VEC4

__device__ inline __cuda_builtin_threadIdx_t::operator dim3() const { return dim3(x, y, z); }
__device__ inline __cuda_builtin_blockIdx_t::operator dim3() const { return dim3(x, y, z); }
__device__ inline __cuda_builtin_blockDim_t::operator dim3() const { return dim3(x, y, z); }
__device__ inline __cuda_builtin_gridDim_t::operator dim3() const { return dim3(x, y, z); }

// Synchronisation and warp primitives.
__device__ void __syncthreads();
__device__ int __syncthreads_count(int);
__device__ void __syncwarp(unsigned mask = 0xffffffffu);
__device__ void __threadfence();
__device__ unsigned __ballot_sync(unsigned, int);
__device__ int __shfl_sync(unsigned, int, int, int = 32);
__device__ float __shfl_sync(unsigned, float, int, int = 32);
__device__ int __shfl_down_sync(unsigned, int, unsigned, int = 32);
__device__ float __shfl_down_sync(unsigned, float, unsigned, int = 32);
__device__ double __shfl_down_sync(unsigned, double, unsigned, int = 32);

// Read-only loads.
template <typename T> __device__ T __ldg(const T *);

// Atomics.
__device__ int atomicAdd(int *, int);
__device__ unsigned atomicAdd(unsigned *, unsigned);
__device__ unsigned long long atomicAdd(unsigned long long *, unsigned long long);
__device__ float atomicAdd(float *, float);
__device__ double atomicAdd(double *, double);
__device__ int atomicSub(int *, int);
__device__ int atomicMax(int *, int);
__device__ int atomicMin(int *, int);
__device__ int atomicExch(int *, int);
__device__ float atomicExch(float *, float);
__device__ int atomicCAS(int *, int, int);

// Integer and floating-point helpers.
__host__ __device__ int min(int, int);
__host__ __device__ unsigned min(unsigned, unsigned);
__host__ __device__ int max(int, int);
__host__ __device__ unsigned max(unsigned, unsigned);
// The host's <math.h> declares the maths functions for host code (and, as
// with the toolkit, host launch code may call ceil() without including it);
// the device overloads are declared here, as clang's CUDA headers do.
#include <math.h>
__device__ float fminf(float, float);
__device__ float fmaxf(float, float);
__device__ double fmin(double, double);
__device__ double fmax(double, double);
__device__ float sqrtf(float);
__device__ double sqrt(double);
__device__ float expf(float);
__device__ double exp(double);
__device__ float sinf(float);
__device__ float cosf(float);
__device__ float fabsf(float);
__device__ double fabs(double);
__device__ float ceilf(float);
__device__ double ceil(double);
__device__ float floorf(float);
__device__ double floor(double);
__device__ float __expf(float);
__device__ float __sinf(float);
__device__ float __cosf(float);
__device__ float __fdividef(float, float);
__device__ float rsqrtf(float);
__device__ int __mul24(int, int);
__device__ int __popc(unsigned);
__device__ int __clz(int);
// More integer and warp intrinsics (CUDA Math API, warp functions).
__device__ unsigned __umul24(unsigned, unsigned);
__device__ int __mulhi(int, int);
__device__ unsigned __umulhi(unsigned, unsigned);
__device__ long long __mul64hi(long long, long long);
__device__ unsigned long long __umul64hi(unsigned long long, unsigned long long);
__device__ int __popcll(unsigned long long);
__device__ int __clzll(long long);
__device__ int __ffs(int);
__device__ int __ffsll(long long);
__device__ unsigned __brev(unsigned);
__device__ unsigned long long __brevll(unsigned long long);
__host__ __device__ int abs(int);
__device__ unsigned umin(unsigned, unsigned);
__device__ unsigned umax(unsigned, unsigned);
__device__ int __shfl_up_sync(unsigned, int, unsigned, int = 32);
__device__ float __shfl_up_sync(unsigned, float, unsigned, int = 32);
__device__ int __shfl_xor_sync(unsigned, int, int, int = 32);
__device__ float __shfl_xor_sync(unsigned, float, int, int = 32);
__device__ unsigned __shfl_sync(unsigned, unsigned, int, int = 32);
__device__ int __any_sync(unsigned, int);
__device__ int __all_sync(unsigned, int);
__device__ unsigned __activemask();

// Texture and surface objects (the analysis lists their fetches as not
// followed).
typedef unsigned long long cudaTextureObject_t;
typedef unsigned long long cudaSurfaceObject_t;
template <class T> __device__ T tex1Dfetch(cudaTextureObject_t, int);
template <class T> __device__ T tex2D(cudaTextureObject_t, float, float);
template <class T> __device__ T tex3D(cudaTextureObject_t, float, float, float);
template <class T> __device__ T surf2Dread(cudaSurfaceObject_t, int, int);
template <class T> __device__ void surf2Dwrite(T, cudaSurfaceObject_t, int, int);

// Runtime API used by host launch code.
typedef enum cudaError { cudaSuccess = 0, cudaErrorInvalidValue = 1 } cudaError_t;
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0,
  cudaMemcpyHostToDevice = 1,
  cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3,
  cudaMemcpyDefault = 4
};
extern "C" {
cudaError_t cudaMalloc(void **, size_t);
cudaError_t cudaFree(void *);
cudaError_t cudaMemcpy(void *, const void *, size_t, cudaMemcpyKind);
cudaError_t cudaMemset(void *, int, size_t);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaGetLastError(void);
const char *cudaGetErrorString(cudaError_t);
cudaError_t cudaEventCreate(cudaEvent_t *);
cudaError_t cudaEventRecord(cudaEvent_t, cudaStream_t = 0);
cudaError_t cudaEventSynchronize(cudaEvent_t);
cudaError_t cudaEventElapsedTime(float *, cudaEvent_t, cudaEvent_t);
cudaError_t cudaEventDestroy(cudaEvent_t);
cudaError_t cudaStreamCreate(cudaStream_t *);
cudaError_t cudaStreamDestroy(cudaStream_t);
int cudaConfigureCall(dim3, dim3, size_t = 0, cudaStream_t = 0);
unsigned __cudaPushCallConfiguration(dim3, dim3, size_t = 0, cudaStream_t = 0);
cudaError_t cudaLaunchKernel(const void *, dim3, dim3, void **, size_t,
                             cudaStream_t);
cudaError_t cudaLaunchCooperativeKernel(const void *, dim3, dim3, void **,
                                        size_t, cudaStream_t);
}
// The launch APIs' C++ forms and cudaLaunchKernelEx's configuration, with the
// toolkit's member names (gridDim, blockDim, dynamicSmemBytes, stream).
typedef struct cudaLaunchAttribute_st cudaLaunchAttribute;
typedef struct cudaLaunchConfig_st {
  dim3 gridDim;
  dim3 blockDim;
  size_t dynamicSmemBytes;
  cudaStream_t stream;
  cudaLaunchAttribute *attrs;
  unsigned int numAttrs;
} cudaLaunchConfig_t;
extern "C" cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *,
                                           const void *, void **);
template <class T>
cudaError_t cudaLaunchKernel(T *func, dim3 gridDim, dim3 blockDim,
                             void **args, size_t sharedMem = 0,
                             cudaStream_t stream = 0);
template <class T>
cudaError_t cudaLaunchCooperativeKernel(T *func, dim3 gridDim, dim3 blockDim,
                                        void **args, size_t sharedMem = 0,
                                        cudaStream_t stream = 0);
template <typename... ExpTypes, typename... ActTypes>
cudaError_t cudaLaunchKernelEx(const cudaLaunchConfig_t *config,
                               void (*kernel)(ExpTypes...),
                               ActTypes &&...args);
template <class T> inline cudaError_t cudaMalloc(T **P, size_t N) {
  return cudaMalloc((void **)P, N);
}

#endif // CAL_CUDA_MINIMAL_H
