// Shared-memory bank conflicts, 32 banks of 4 bytes (sm_90 target model).
// - s[tid + offset]: 32 consecutive words hit 32 distinct banks: 1 wavefront.
// - s[tid * c]: lane i hits bank (c*i) % 32; the conflict degree is
//   gcd(c, 32): c = 1, 2, 3, 4, 8, 16, 32 -> 1, 2, 1, 4, 8, 16, 32
//   (gpu-facts.md measured exactly these on the H100).
// - s[tid % c]: lanes reading the same word are served together: 1.
// - 64-bit contiguous: 256 B in 2 half-warp phases, no conflict: 2 (ideal 2).
// - 128-bit contiguous: 512 B in 4 quarter-warp phases: 4 (ideal 4).
// RUN: %cal --dump=events %s | FileCheck %s

__global__ void offset(float *out, int off) {
  __shared__ float s[1024];
  s[threadIdx.x + off] = 1.0f;
  out[threadIdx.x] = s[threadIdx.x];
}
__global__ void stride(float *out, int c) {
  __shared__ float s[32 * 32];
  s[threadIdx.x * c] = 1.0f;
}
__global__ void modulo(float *out, int c) {
  __shared__ float s[32];
  out[threadIdx.x] = s[threadIdx.x % c];
}
__global__ void wide(double *out, float4 *out4) {
  __shared__ double d[32];
  __shared__ float4 q[32];
  out[threadIdx.x] = d[threadIdx.x];
  out4[threadIdx.x] = q[threadIdx.x];
}

int main() {
  offset<<<1, 32>>>(0, 5);
  stride<<<1, 32>>>(0, 1);
  stride<<<1, 32>>>(0, 2);
  stride<<<1, 32>>>(0, 3);
  stride<<<1, 32>>>(0, 4);
  stride<<<1, 32>>>(0, 8);
  stride<<<1, 32>>>(0, 16);
  stride<<<1, 32>>>(0, 32);
  modulo<<<1, 32>>>(0, 4);
  wide<<<1, 32>>>(0, 0);
}

// CHECK-LABEL: kernel offset
// CHECK: summary access 13:3 shared store 4B {{.*}} wavefronts=1 ideal=1 confidence=exact
// CHECK-LABEL: kernel stride
// CHECK: summary access 18:3 shared store 4B {{.*}} wavefronts=1 ideal=1
// CHECK-LABEL: kernel stride
// CHECK: summary access 18:3 shared store 4B {{.*}} wavefronts=2 ideal=1
// CHECK-LABEL: kernel stride
// CHECK: summary access 18:3 shared store 4B {{.*}} wavefronts=1 ideal=1
// CHECK-LABEL: kernel stride
// CHECK: summary access 18:3 shared store 4B {{.*}} wavefronts=4 ideal=1
// CHECK-LABEL: kernel stride
// CHECK: summary access 18:3 shared store 4B {{.*}} wavefronts=8 ideal=1
// CHECK-LABEL: kernel stride
// CHECK: summary access 18:3 shared store 4B {{.*}} wavefronts=16 ideal=1
// CHECK-LABEL: kernel stride
// CHECK: summary access 18:3 shared store 4B {{.*}} wavefronts=32 ideal=1
// CHECK-LABEL: kernel modulo
// CHECK: summary access 22:22 shared load 4B {{.*}} wavefronts=1 ideal=1
// CHECK-LABEL: kernel wide
// CHECK: summary access 27:22 shared load 8B {{.*}} wavefronts=2 ideal=2
// CHECK: summary access 28:23 shared load 16B {{.*}} wavefronts=4 ideal=4
