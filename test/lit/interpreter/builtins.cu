// CUDA builtins and intrinsics, from the interpreter's one table: integer
// intrinsics, warp shuffles and votes as register operations between the
// lanes of a warp, and the calls whose memory the analysis cannot see
// (textures, surfaces, cuRAND, unknown functions), listed as not followed.
// One warp of 32 threads (t = lane); floats (4 B); sectors are 32 B.
// RUN: %cal --no-cuda-toolkit --dump=events %s | FileCheck %s
// RUN: %cal --no-cuda-toolkit --format=json %s | FileCheck %s --check-prefix=JSON
// RUN: %if cuda-toolkit %{ %cal --dump=events %s | FileCheck %s %}

#define FULL 0xffffffffu

struct curandStateXORWOW { unsigned d[6]; };
// cuRAND's generator reads and writes its state in memory; the analysis
// lists it as not followed instead of counting the loads of its body.
__device__ float curand_uniform(curandStateXORWOW *s) { return s->d[0] * 1e-9f; }
__device__ int mystery(int); // no body, not a builtin

__global__ void intrinsics(float *a, cudaTextureObject_t tex,
                           cudaSurfaceObject_t surf,
                           curandStateXORWOW *states) {
  unsigned t = threadIdx.x;
  // __mul24 uses the low 24 bits of 0x1000001, i.e. 1: a[t], contiguous:
  // 4 sectors (the full product would be 2^24+1 words apart: 32).
  a[__mul24(int(t), 0x1000001)] = 0;
  // __umul24 keeps 4 of 0x1000004: stride 16 B, 32 x 16 B = 512 B: 16.
  a[__umul24(t, 0x1000004u)] = 0;
  // __umulhi(t << 27, 64) = (t * 2^33) >> 32 = 2t: stride 8 B: 8 sectors.
  a[__umulhi(t << 27, 64u)] = 0;
  // __mulhi(t, 2^30) = t / 4: words 0..7, 32 B: 1 sector.
  a[__mulhi(int(t), 1 << 30)] = 0;
  // __popc(t) is 0..5: words 0..5 of one sector: 1 sector.
  a[__popc(t)] = 0;
  // __clz(t + 1) is 26..31: bytes 104..127, sector 3 only: 1 sector.
  a[__clz(int(t) + 1)] = 0;
  // __brev(t) >> 27 reverses t's 5 bits: a permutation of 0..31: 4.
  a[__brev(t) >> 27] = 0;
  // __ffs(1 << (t % 8)) is 1..8: bytes 4..35, sectors 0 and 1: 2 (ideal 2:
  // fewer than a coalesced request's 4, so no excess).
  a[__ffs(1 << (t % 8))] = 0;
  // abs(t - 16) is 0..16: bytes 0..67: 3 sectors.
  a[abs(int(t) - 16)] = 0;
}

__global__ void warp(float *a) {
  unsigned t = threadIdx.x;
  // Every lane reads lane 0's value, 0: a[t]: 4 sectors (its own value,
  // 33t, would be 32 sectors).
  a[__shfl_sync(FULL, int(t) * 32, 0) + t] = 0;
  // Lanes 0..15 read lane i+16's 8(i+16); lanes 16..31 keep their own
  // (i + 16 leaves the warp): words 128, 136, ..., 248, each twice:
  // 16 words 32 B apart: 16 sectors, ideal 4 (own values: 32).
  a[__shfl_down_sync(FULL, int(t) * 8, 16)] = 0;
  // Width 8, delta 4: lanes 4..7 of each group of 8 read lane - 4, lanes
  // 0..3 keep their own: values 8(8g + 0..3): 16 words 32 B apart: 16.
  a[__shfl_up_sync(FULL, int(t) * 8, 4, 8)] = 0;
  // Width 16, lane mask 16: lanes 0..15 would read a later group, so keep
  // their own t; lanes 16..31 read t - 16: words 0..15 twice: 64 B: 2.
  a[__shfl_xor_sync(FULL, int(t), 16, 16)] = 0;
  // The ballot of t < 8 is 0xff, 8 bits set: a[256 + t]: 4 sectors.
  a[__popc(__ballot_sync(FULL, t < 8)) * 32 + t] = 0;
  // Some lane has t == 5 (1); not all have t < 31 (0): a[32 + t]: 4.
  a[__any_sync(FULL, t == 5) * 32 + __all_sync(FULL, t < 31) * 64 + t] = 0;
  if (t < 16) {
    // 16 lanes active: __activemask() has 16 bits: a[16 + t] for t < 16,
    // bytes 64..127: 2 sectors.
    a[__popc(__activemask()) + t] = 0;
    __syncwarp(FULL);
  }
  __syncthreads();
}

__global__ void hidden(float *a, cudaTextureObject_t tex,
                       cudaSurfaceObject_t surf, curandStateXORWOW *states) {
  int t = threadIdx.x;
  float x = tex1Dfetch<float>(tex, t);
  float y = surf2Dread<float>(surf, t * 4, 0);
  float z = curand_uniform(&states[t]);
  // An index from an unknown function: unknown, with the function's name.
  a[mystery(t)] = x + y + z;
}

int main() {
  intrinsics<<<1, 32>>>(0, 0, 0, 0);
  warp<<<1, 32>>>(0);
  hidden<<<1, 32>>>(0, 0, 0, 0);
}

// CHECK-LABEL: kernel intrinsics
// CHECK: summary access 24:3 global store 4B requests=1 sectors=4 ideal=4 confidence=exact
// CHECK-NEXT: summary access 26:3 global store 4B requests=1 sectors=16 ideal=4 confidence=exact
// CHECK-NEXT: summary access 28:3 global store 4B requests=1 sectors=8 ideal=4 confidence=exact
// CHECK-NEXT: summary access 30:3 global store 4B requests=1 sectors=1 ideal=1 confidence=exact
// CHECK-NEXT: summary access 32:3 global store 4B requests=1 sectors=1 ideal=1 confidence=exact
// CHECK-NEXT: summary access 34:3 global store 4B requests=1 sectors=1 ideal=1 confidence=exact
// CHECK-NEXT: summary access 36:3 global store 4B requests=1 sectors=4 ideal=4 confidence=exact
// CHECK-NEXT: summary access 39:3 global store 4B requests=1 sectors=2 ideal=2 confidence=exact
// CHECK-NEXT: summary access 41:3 global store 4B requests=1 sectors=3 ideal=3 confidence=exact
// CHECK-NOT: unsupported
// CHECK-LABEL: kernel warp
// CHECK: summary access 48:3 global store 4B requests=1 sectors=4 ideal=4 confidence=exact
// CHECK-NEXT: summary access 52:3 global store 4B requests=1 sectors=16 ideal=4 confidence=exact
// CHECK-NEXT: summary access 55:3 global store 4B requests=1 sectors=16 ideal=4 confidence=exact
// CHECK-NEXT: summary access 58:3 global store 4B requests=1 sectors=2 ideal=2 confidence=exact
// CHECK-NEXT: summary access 60:3 global store 4B requests=1 sectors=4 ideal=4 confidence=exact
// CHECK-NEXT: summary access 62:3 global store 4B requests=1 sectors=4 ideal=4 confidence=exact
// CHECK-NEXT: summary access 66:5 global store 4B requests=1 sectors=2 ideal=2 confidence=exact
// CHECK-NOT: unsupported
// CHECK-LABEL: kernel hidden
// Only the store remains: no access for the texture, surface or cuRAND.
// CHECK-NOT: summary access {{7[5-8]}}:
// CHECK: summary access 79:3 global store 4B requests=1 confidence=unknown

// JSON: "reason": "address depends on result of 'mystery' at {{.*}}builtins.cu:79:5",
// JSON: "unsupported": [
// JSON-NEXT: "call to 'tex1Dfetch' (texture fetch) at {{.*}}builtins.cu:75:13 is not followed; its memory accesses are not counted",
// JSON-NEXT: "call to 'surf2Dread' (surface access) at {{.*}}builtins.cu:76:13 is not followed; its memory accesses are not counted",
// JSON-NEXT: "call to 'curand_uniform' (cuRAND generator) at {{.*}}builtins.cu:77:13 is not followed; its memory accesses are not counted",
// JSON-NEXT: "call to 'mystery' at {{.*}}builtins.cu:79:5 is not followed; accesses inside it are not counted"
