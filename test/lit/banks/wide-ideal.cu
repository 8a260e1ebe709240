// The ideal wavefronts of an 8- or 16-byte shared access count its phases:
// each half- or quarter-warp phase with an active lane takes a wavefront
// however few distinct bytes it reads. Measured on the H100 (per-line
// counters of the ninth round's FAU collision detection, lines 148 and 154,
// research/unseen-code/h100-test9): 16-byte loads in a 16 x 16 block where
// both half-warps read the same 16 particles took 4 wavefronts per request
// and the profiler's ideal was 4 (722,176 of each over 180,544 requests);
// loads of two particles per warp took 2, ideal 2 (90,272 over 45,136).
// The distinct bytes (256 and 32) would fit 2 and 1 wavefronts, which is
// what the analyzer took as ideal before, and warned.
// RUN: %cal --dump=events %s | FileCheck %s
// RUN: %cal %s 2>&1 | FileCheck %s --check-prefix=TEXT

__global__ void halves(float4 *out) {
  __shared__ float4 s[64];
  s[threadIdx.y * 16 + threadIdx.x] = make_float4(0, 0, 0, 0);
  __syncthreads();
  // Lanes 0-15 and 16-31 (threadIdx.y 2w and 2w + 1) read s[0..15]: each
  // quarter-warp phase reads 8 float4, 128 contiguous bytes on all 32 banks
  // once: 4 phases, 1 wavefront each, 4; ideal: 4 active phases.
  float4 a = s[threadIdx.x];
  // Every lane of a half-warp reads s[threadIdx.y]: each quad of lanes
  // reads 16 distinct bytes, so the load runs as 2 half-warp phases of 1
  // wavefront: 2; ideal: 2 active phases.
  float4 b = s[threadIdx.y];
  out[threadIdx.y * 16 + threadIdx.x] = make_float4(a.x + b.x, a.y, a.z, b.w);
}

int main() { halves<<<1, dim3(16, 16)>>>(nullptr); }

// CHECK-LABEL: kernel halves
// CHECK: summary access 21:14 shared load 16B requests=8 wavefronts=4 ideal=4 confidence=exact
// CHECK: summary access 25:14 shared load 16B requests=8 wavefronts=2 ideal=2 confidence=exact
// TEXT-NOT: cuda-shared-bank-conflict
