// A function-scope `__shared__ T x;` whose T has a constructor that is not
// empty (cuda::barrier, cuda::pipeline_shared_state, as the cuda-samples'
// globalToShmemAsyncCopy declares them): nvcc warns (#20054-D, "dynamic
// initialization is not supported for a function-scope static __shared__
// variable") and allocates x without running the constructor; clang
// rejects the declaration, and the kernel was not analysed. The analyzer
// parses it again as that unconstructed __shared__ variable and says so.
// RUN: %cal %s 2>&1 | FileCheck %s
// RUN: %cal --format=json %s | FileCheck %s --check-prefix=JSON
// A written initializer, or a namespace-scope variable, is an error for
// nvcc too ("initializer not allowed for __shared__ variable"), and stays
// one.
// RUN: not %cal %s -- -DWRITTEN 2>&1 | FileCheck %s --check-prefix=WRITTEN
// RUN: not %cal %s -- -DGLOBAL 2>&1 | FileCheck %s --check-prefix=GLOBAL

struct Slot {
  int v[32];
  __device__ Slot() { v[threadIdx.x % 32] = 0; }
};

#ifdef GLOBAL
__shared__ Slot g;
#endif

template <int N> __global__ void tiled(float *out, const float *in) {
#ifdef WRITTEN
  __shared__ Slot s{};
#else
  __shared__ Slot s;
#endif
  __shared__ float tile[N];
  // Lanes 8 bytes apart: lanes l and l + 16 hit the same bank (2l mod 32)
  // in different words, 2 wavefronts where 1 would do.
  tile[threadIdx.x * 2] = in[threadIdx.x];
  __syncthreads();
  // Consecutive words of s, one per bank: 1 wavefront.
  s.v[threadIdx.x] = 1;
  out[threadIdx.x] = tile[threadIdx.x];
}

int main() {
  float *out, *in;
  tiled<64><<<1, 32>>>(out, in);
}

// CHECK-NOT: error
// CHECK: note: '{{.*}}shared-unconstructed.cu': the __shared__ variable 's' at {{.*}}shared-unconstructed.cu:29:19 is analysed unconstructed, as nvcc compiles it
// CHECK: shared-unconstructed.cu:34:3: warning: shared store takes 2 wavefronts per request where 1 would do (2-way bank conflict)

// The constructor's store never runs: the warp's shared stores are line
// 34's and line 37's, 2 requests of 2 and 1 wavefronts (1.5 on average).
// s is allocated all the same: 32 ints (128 bytes) and tile's 64 floats
// (256 bytes) make 384 bytes of static shared memory.
// JSON: "static_shared_bytes": 384,
// JSON: "shared_store": {
// JSON-NEXT: "complete": true,
// JSON-NEXT: "requests_per_warp": 2,
// JSON-NEXT: "wavefronts_per_request": 1.5

// WRITTEN: shared-unconstructed.cu:27:19: error: initialization is not supported for __shared__ variables
// WRITTEN-NOT: analysed unconstructed
// GLOBAL: shared-unconstructed.cu:22:17: error: initialization is not supported for __shared__ variables
// GLOBAL-NOT: variable 'g' {{.*}}analysed unconstructed
