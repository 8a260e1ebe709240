// The dynamic shared-memory helper of NVIDIA's reduction sample: a struct
// whose conversion operator returns an `extern __shared__` array. The
// conversion is inlined, so `sdata` is the block's dynamic shared memory and
// its accesses are shared, with their offsets; every `extern __shared__`
// array (in the kernel or in the helper, whatever its element type) is the
// same object.
// Rules: 32 banks of 4 bytes; wavefronts = the most distinct words any bank
// serves; an 8-byte access by 32 lanes takes 2 half-warp phases.
// RUN: %cal --dump=events %s | FileCheck %s
// RUN: %cal --dump=events --no-cuda-toolkit %s 2>/dev/null | FileCheck %s

template <class T> struct SharedMemory {
  __device__ inline operator T *() {
    extern __shared__ int __smem[];
    return (T *)__smem;
  }
  __device__ inline operator const T *() const {
    extern __shared__ int __smem[];
    return (T *)__smem;
  }
};
template <> struct SharedMemory<double> {
  __device__ inline operator double *() {
    extern __shared__ double __smem_d[];
    return (double *)__smem_d;
  }
};

// Sequential addressing (the sample's reduce3 loop).
template <class T>
__global__ void reduceSeq(const T *g_idata, T *g_odata, unsigned n) {
  T *sdata = SharedMemory<T>();
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? g_idata[i] : 0;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    g_odata[blockIdx.x] = sdata[0];
}

// Interleaved addressing with a strided index (the sample's reduce1).
__global__ void reduceStrided(const float *g_idata, float *g_odata) {
  float *sdata = SharedMemory<float>();
  unsigned tid = threadIdx.x;
  sdata[tid] = g_idata[blockIdx.x * blockDim.x + tid];
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    unsigned index = 2 * s * tid;
    if (index < blockDim.x)
      sdata[index] += sdata[index + s];
  }
}

// The helper's array and the kernel's own `extern __shared__` array are one
// object: their difference is known (0), so out[d + tid] is out[tid].
__global__ void sameBase(float *out) {
  extern __shared__ float direct[];
  float *viaHelper = SharedMemory<float>();
  long d = viaHelper - direct;
  out[d + threadIdx.x] = direct[threadIdx.x];
}

int main() {
  reduceSeq<float><<<64, 256, 256 * sizeof(float)>>>(0, 0, 1 << 14);
  reduceSeq<double><<<64, 256, 256 * sizeof(double)>>>(0, 0, 1 << 14);
  reduceStrided<<<64, 256, 256 * sizeof(float)>>>(0, 0);
  sameBase<<<1, 32, 32 * sizeof(float)>>>(0);
}

// float, tid stride 1: 32 consecutive words, 32 banks: 1 wavefront. In the
// loop the active lanes (tid < s) are consecutive, so every iteration's
// load and store is 1 wavefront too.
// CHECK-LABEL: kernel reduceSeq<float>
// CHECK-DAG: summary access 35:3 shared store 4B {{.*}} wavefronts=1 ideal=1 confidence=exact index=4*(long)threadIdx.x
// CHECK-DAG: summary access 39:7 shared load 4B {{.*}} wavefronts=1 ideal=1 confidence=exact index=4*(long)threadIdx.x
// CHECK-DAG: summary access 39:7 shared store 4B {{.*}} wavefronts=1 ideal=1 confidence=exact index=4*(long)threadIdx.x
// CHECK-DAG: summary access 39:21 shared load 4B {{.*}} wavefronts=1 ideal=1 confidence=exact index=4*(long)(threadIdx.x + 128)
// CHECK-DAG: summary access 43:27 shared load 4B {{.*}} wavefronts=1 ideal=1 confidence=exact index=0
// CHECK-NOT: confidence=unknown
// double, 32 lanes x 8 B contiguous: 256 B in 2 phases, no conflict: 2.
// CHECK-LABEL: kernel reduceSeq<double>
// CHECK: summary access 35:3 shared store 8B {{.*}} wavefronts=2 ideal=2 confidence=exact index=8*(long)threadIdx.x
// s = 1: lane i reads word 2i + 1 and writes word 2i; banks (2i) mod 32
// take two lanes each, with distinct words: 2 wavefronts. s = 2: word 4i,
// 4 lanes per bank: 4. s = 4: word 8i: 8.
// CHECK-LABEL: kernel reduceStrided
// The stores are reported when the warp ends: the forwarding filter holds
// each store until it knows whether a later store overwrites it.
// CHECK: access 54:23 shared load 4B block(0,0,0) warp 0 active=32 wavefronts=2 ideal=1
// CHECK: access 54:23 shared load 4B block(0,0,0) warp 0 active=32 wavefronts=4 ideal=1
// CHECK: access 54:23 shared load 4B block(0,0,0) warp 0 active=32 wavefronts=8 ideal=1
// CHECK: access 54:7 shared store 4B block(0,0,0) warp 0 active=32 wavefronts=2 ideal=1
// 32 floats from 0, 128 B aligned: 4 sectors.
// CHECK-LABEL: kernel sameBase
// CHECK: summary access 64:3 global store 4B {{.*}} sectors=4 ideal=4 confidence=exact index=4*(long)threadIdx.x
// CHECK: summary access 64:26 shared load 4B {{.*}} wavefronts=1 ideal=1 confidence=exact
