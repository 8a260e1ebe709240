// Shared memory on compute capability 1.x (sm_13 model), docs/legacy-
// architectures.md: 16 banks of 4 bytes, a warp's request resolved per
// half-warp (16 lanes); per step one word is broadcast to every lane that
// reads it and each other bank serves one lane. Figures are per warp
// instruction: the sum of the two half-warps' steps ("wavefronts").
// - s[tid + off]: 16 consecutive words in 16 banks: 1 step per half-warp
//   -> 2 (ideal 2: 128 bytes over 64 bytes per step).
// - s[tid * c]: lane k hits bank (c*k) mod 16, all distinct words; the
//   steps are the lanes per bank, gcd(c, 16): c = 1, 2, 3, 4, 8, 16, 32 ->
//   1, 2, 1, 4, 8, 16, 16 per half-warp -> 2, 4, 2, 8, 16, 32, 32 per warp.
//   The slides: no conflict when c is odd.
// - s[tid % c] (reads): lanes sharing a word. c = 1: one word, broadcast
//   once -> 1 step per half-warp -> 2. c = 2: words 0 and 1 each read by
//   8 lanes; step 1 broadcasts one of them and serves one lane of the other
//   bank, step 2 broadcasts the rest -> 2 per half-warp -> 4 (on 2.x and
//   later: 1, multicast). c = 16: 16 words in 16 banks, one lane each -> 1
//   -> 2. The slides: on 1.x only when all 16 threads read the same
//   variable is a shared variable conflict-free. The ideal is 2 here: each
//   half-warp is its own request and takes at least one step.
// - The transposition tile read by column, tile[threadIdx.x][threadIdx.y]:
//   [32][32] floats put lane k at word 32k, bank 0 for every lane: 16 steps
//   per half-warp -> 32 (the slides: "16-way bank conflict"); padded to
//   [32][33], word 33k is in bank k mod 16 -> 1 per half-warp -> 2.
// RUN: %cal --quiet --arch=sm_13 --dump=events %s | FileCheck %s
// The same kernels on sm_90 (32 banks, whole warp, multicast): s[tid % 2]
// is 1 wavefront, the [32][32] column 32.
// RUN: %cal --quiet --arch=sm_90 --dump=events %s | FileCheck %s --check-prefix=SM90

__global__ void offset(float *out, int off) {
  __shared__ float s[1024];
  s[threadIdx.x + off] = 1.0f;
}
__global__ void stride(float *out, int c) {
  __shared__ float s[32 * 32];
  s[threadIdx.x * c] = 1.0f;
}
__global__ void modulo(float *out, int c) {
  __shared__ float s[32];
  out[threadIdx.x] = s[threadIdx.x % c];
}
__global__ void column(float *out) {
  __shared__ float tile[32][32];
  __shared__ float padded[32][33];
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  out[threadIdx.x] = padded[threadIdx.x][threadIdx.y];
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
  modulo<<<1, 32>>>(0, 1);
  modulo<<<1, 32>>>(0, 2);
  modulo<<<1, 32>>>(0, 16);
  column<<<1, dim3(32, 8)>>>(0);
}

// CHECK-LABEL: kernel offset
// CHECK: summary access 31:3 shared store 4B {{.*}} wavefronts=2 ideal=2 confidence=exact
// CHECK-LABEL: kernel stride
// CHECK: summary access 35:3 shared store 4B {{.*}} wavefronts=2 ideal=2
// CHECK-LABEL: kernel stride
// CHECK: summary access 35:3 shared store 4B {{.*}} wavefronts=4 ideal=2
// CHECK-LABEL: kernel stride
// CHECK: summary access 35:3 shared store 4B {{.*}} wavefronts=2 ideal=2
// CHECK-LABEL: kernel stride
// CHECK: summary access 35:3 shared store 4B {{.*}} wavefronts=8 ideal=2
// CHECK-LABEL: kernel stride
// CHECK: summary access 35:3 shared store 4B {{.*}} wavefronts=16 ideal=2
// CHECK-LABEL: kernel stride
// CHECK: summary access 35:3 shared store 4B {{.*}} wavefronts=32 ideal=2
// CHECK-LABEL: kernel stride
// CHECK: summary access 35:3 shared store 4B {{.*}} wavefronts=32 ideal=2
// CHECK-LABEL: kernel modulo
// CHECK: summary access 39:22 shared load 4B {{.*}} wavefronts=2 ideal=2
// CHECK-LABEL: kernel modulo
// CHECK: summary access 39:22 shared load 4B {{.*}} wavefronts=4 ideal=2
// CHECK-LABEL: kernel modulo
// CHECK: summary access 39:22 shared load 4B {{.*}} wavefronts=2 ideal=2
// CHECK-LABEL: kernel column
// CHECK: summary access 44:22 shared load 4B {{.*}} wavefronts=32 ideal=2 confidence=exact
// CHECK: summary access 45:22 shared load 4B {{.*}} wavefronts=2 ideal=2 confidence=exact

// SM90-LABEL: kernel modulo
// SM90-LABEL: kernel modulo
// SM90: summary access 39:22 shared load 4B {{.*}} wavefronts=1 ideal=1
// SM90-LABEL: kernel column
// SM90: summary access 44:22 shared load 4B {{.*}} wavefronts=32 ideal=1
// SM90: summary access 45:22 shared load 4B {{.*}} wavefronts=1 ideal=1
