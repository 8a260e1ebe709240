// One store in a device function called with a pointer into shared memory
// and with one into global memory is two accesses, one per space: the
// hardware counts them apart (shared wavefronts, global sectors), and each
// has its own figures. Before, the site was one entry in the space first
// seen, with both figures mixed in it.
// One warp; lanes write p[4 * lane]:
//   global: lanes 16 bytes apart span 512 bytes, 16 sectors (ideal 4);
//   shared: words 4 * lane fall on banks 0, 4, ..., 28, four lanes each,
//   a 4-way conflict: 4 wavefronts (ideal 1).
// RUN: %cal --dump=events %s | FileCheck %s

__device__ void put(float *p, float v) { p[threadIdx.x * 4] = v; }

__global__ void both(float *out) {
  __shared__ float s[128];
  put(s, 1.0f);
  __syncthreads();
  put(out, s[threadIdx.x ^ 4]);
}

int main() { both<<<1, 32>>>(nullptr); }

// CHECK-LABEL: kernel both
// CHECK: summary access 12:42 shared store 4B requests=1 wavefronts=4 ideal=1 confidence=exact
// CHECK: summary access 12:42 global store 4B requests=1 sectors=16 ideal=4 confidence=exact
