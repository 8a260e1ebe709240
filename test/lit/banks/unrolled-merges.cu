// In a loop nvcc unrolls fully, the same shared access of successive
// iterations at successive addresses of a thread is one wider access: ptxas
// merges 4-byte LDS/STS into LDS.64/LDS.128 where every thread's first
// address is a multiple of the width, splitting a run into the widest
// aligned pieces. nvcc 13.0, sm_90, these kernels' SASS
// (docs/compiler-effects.md, "Shared accesses of unrolled loops"): scan4
// one LDS.128; scan8 (no pragma: nvcc unrolls 8 constant trips by itself)
// two LDS.128; scan3 three LDS (12-byte runs start only 4-aligned); odd an
// STS at +4, an STS.64 at +8 and an STS at +16; once (`#pragma unroll 1`)
// one LDS in a loop. One warp of 32 lanes; 32 banks of 4 bytes; a 16-byte
// request is served in 4 quarter-warp phases, an 8-byte one in 2 halves.
// RUN: %cal --dump=events %s | FileCheck %s

__global__ void scan4(int *out) {
  extern __shared__ int s[];
  int t = threadIdx.x, run = 0;
#pragma unroll
  for (int i = 0; i < 4; i++)
    run += s[4 * t + i];
  out[t] = run;
}

__global__ void scan8(int *out) {
  extern __shared__ int s[];
  int t = threadIdx.x, run = 0;
  for (int i = 0; i < 8; i++)
    run += s[8 * t + i];
  out[t] = run;
}

__global__ void scan3(int *out) {
  extern __shared__ int s[];
  int t = threadIdx.x, run = 0;
#pragma unroll
  for (int i = 0; i < 3; i++)
    run += s[3 * t + i];
  out[t] = run;
}

__global__ void odd(int *out) {
  __shared__ int s[1024];
  int t = threadIdx.x;
#pragma unroll
  for (int i = 0; i < 4; i++)
    s[4 * t + 1 + i] = t + i;
  __syncthreads();
  out[t] = s[t];
}

__global__ void once(int *out) {
  extern __shared__ int s[];
  int t = threadIdx.x, run = 0;
#pragma unroll 1
  for (int i = 0; i < 4; i++)
    run += s[4 * t + i];
  out[t] = run;
}

// Tests in the body: each iteration's access has a predicate of its own,
// and the unrolled body is no single block of code, so nothing merges
// (SASS: four STS each; a loop's body with a guarded load before an
// unguarded store keeps four STS too).
__global__ void guarded(int *out, int n) {
  __shared__ int s[1024];
  int t = threadIdx.x;
#pragma unroll
  for (int i = 0; i < 4; i++)
    if (4 * t + i < n)
      s[4 * t + i] = t;
  __syncthreads();
  out[t] = s[t];
}

__global__ void guardedValue(const int *g, int *out, int n) {
  __shared__ int s[1024];
  int t = threadIdx.x;
#pragma unroll
  for (int i = 0; i < 4; i++) {
    int d = 0;
    if (4 * t + i < n)
      d = g[4 * t + i] >> 3;
    s[4 * t + i] = d;
  }
  __syncthreads();
  out[t] = s[t];
}

// A row length the compiler does not know (`t * m + i`, m a parameter the
// launch leaves unknown): the first address of a run is a multiple of 4
// bytes only, so nothing merges (SASS: four LDS), whatever m turns out to
// be. m is sampled at 4096 (words t * 4096 + i: all 32 lanes in bank i, 32
// wavefronts) and 4097 (bank (t + i) mod 32: 1): the mean of the two, 16.5;
// 4 requests in each sample's warp, 8 in all.
__global__ void rowParam(int *out, int m) {
  extern __shared__ int s[];
  int t = threadIdx.x, run = 0;
#pragma unroll
  for (int i = 0; i < 4; i++)
    run += s[t * m + i];
  out[t] = run;
}

int main(int argc, char **argv) {
  rowParam<<<1, 32, 1 << 20>>>(nullptr, argc);
  guarded<<<1, 32>>>(nullptr, 128);
  guardedValue<<<1, 32>>>(nullptr, nullptr, 128);
  scan4<<<1, 32, 512>>>(nullptr);
  scan8<<<1, 32, 1024>>>(nullptr);
  scan3<<<1, 32, 384>>>(nullptr);
  odd<<<1, 32>>>(nullptr);
  once<<<1, 32, 512>>>(nullptr);
}

// One 16-byte request at 16*t: each quarter's 8 lanes read 128 contiguous
// bytes, all 32 banks once: 4 wavefronts, the ideal.
// CHECK-LABEL: kernel scan4
// CHECK: summary access 19:12 shared load 16B requests=1 wavefronts=4 ideal=4 confidence=exact
// Two 16-byte requests at 32*t (+16): in a quarter, lane j's words 8j..8j+3
// fall on banks 8j mod 32, so lanes j and j+4 meet: 2 wavefronts per
// quarter, 8 per request, where 4 would do.
// CHECK-LABEL: kernel scan8
// CHECK: summary access 27:12 shared load 16B requests=2 wavefronts=8 ideal=4 confidence=exact
// Three 4-byte requests at words 3t + i: 3 is odd, 32 banks: 1 each.
// CHECK-LABEL: kernel scan3
// CHECK: summary access 36:12 shared load 4B requests=3 wavefronts=1 ideal=1 confidence=exact
// Pieces at 16t+4 (4 B), 16t+8 (8 B), 16t+16 (4 B). The 4-byte ones sit at
// words 4t+1 and 4t+4, 8 banks for 32 lanes: 4 wavefronts (ideal 1); the
// 8-byte one, per half-warp, at words 4j+2 and 4j+3 for 16 lanes, which
// repeat their banks every 8 lanes: 2 per half, 4 (ideal 2). Means over
// the 3 requests: 4, and (1 + 2 + 1) / 3 for the ideal.
// CHECK-LABEL: kernel odd
// CHECK: summary access 45:5 shared store 4B requests=3 wavefronts=4 ideal=1.33333 confidence=exact
// Not unrolled: 4 requests of 4 bytes at words 4t + i, 8 banks for 32
// lanes: 4 wavefronts each, where 1 would do.
// CHECK-LABEL: kernel once
// CHECK: summary access 55:12 shared load 4B requests=4 wavefronts=4 ideal=1 confidence=exact
// Four 4-byte requests at words 4t + i: 8 banks for 32 lanes, 4 each.
// CHECK-LABEL: kernel guarded
// CHECK: summary access 69:7 shared store 4B requests=4 wavefronts=4 ideal=1 confidence=exact
// CHECK-LABEL: kernel guardedValue
// CHECK: summary access 82:5 shared store 4B requests=4 wavefronts=4 ideal=1 confidence=exact
// CHECK-LABEL: kernel rowParam
// CHECK: summary access {{[0-9]+}}:12 shared load 4B requests=8 wavefronts=16.5 ideal=1 confidence=range
