// A divergent split is a warning only where it costs something the user can
// act on. The grid-stride loop of NVIDIA's SAXPY example splits a warp only
// in its last, partial iteration (n = 1000 is not a multiple of the grid's
// 256 x 2 = 512 threads: the second pass has 488 indices, warp 15 of block 0
// holds 8 of them): a note, in JSON and SARIF, not in the text, not counted
// by --fail-on-findings. A compare-and-swap retry loop's test reads memory,
// so its split is unknown here, never a warning either (had it been
// evaluated, the same rule makes it a note: lanes leave as their swap
// succeeds). A block-stride loop (a block sums a column in steps of its
// size, n = 1000 over 256 threads: the fourth pass has 232 indices, warp 7
// holds 8) is the same idiom within a block: a note. A warp vote under a
// lane test is one predicated VOTE instruction (measured on the H100: no
// divergent target), so its split is a note as well. A lane-dependent trip
// count is a warning.
// RUN: %cal %s 2>&1 | FileCheck %s --check-prefix=TEXT
// RUN: %cal --format=json %s | FileCheck %s --check-prefix=JSON
// RUN: %cal --fail-on-findings --checks=-*,cuda-divergent-branch --kernel=saxpy %s

__global__ void saxpy(int n, float a, const float *x, float *y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    y[i] = a * x[i] + y[i];
}

__global__ void strideVar(int n, float *y) {
  int stride = gridDim.x * blockDim.x;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  while (i < n) {
    y[i] = 0;
    i += stride;
  }
}

__device__ float atomicMaxFloat(float *addr, float v) {
  int *a = (int *)addr;
  int old = *a, assumed;
  do {
    assumed = old;
    old = atomicCAS(a, assumed, __float_as_int(fmaxf(v, __int_as_float(assumed))));
  } while (assumed != old);
  return __int_as_float(old);
}
__global__ void casMax(float *m, const float *x) {
  atomicMaxFloat(m, x[blockIdx.x * blockDim.x + threadIdx.x]);
}

__global__ void columnSum(int n, const float *x, float *out) {
  int block_size = blockDim.x;
  float sum = 0;
  for (int i = threadIdx.x; i < n; i += block_size)
    sum += x[blockIdx.x * n + i];
  out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}

__global__ void vote(int *out) {
  int tid = threadIdx.x, r = 0;
  if (tid != 0)
    r = __all_sync(0xfffffffeu, tid);
  out[tid] = r;
}

__global__ void triangle(float *y) {
  for (int k = 0; k < threadIdx.x; ++k)
    y[threadIdx.x * 32 + k] = 0;
}

int main() {
  saxpy<<<2, 256>>>(1000, 2.0f, nullptr, nullptr);
  strideVar<<<2, 256>>>(1000, nullptr);
  casMax<<<2, 256>>>(nullptr, nullptr);
  columnSum<<<4, 256>>>(1000, nullptr, nullptr);
  vote<<<1, 32>>>(nullptr);
  triangle<<<1, 32>>>(nullptr);
}
// TEXT-NOT: costless.cu:15:{{.*}}warning
// TEXT-NOT: costless.cu:23:{{.*}}warning
// TEXT-NOT: costless.cu:35:{{.*}}warning
// TEXT-NOT: costless.cu:50:{{.*}}warning
// TEXT-NOT: costless.cu:57:{{.*}}warning
// TEXT: costless.cu:63:{{[0-9]+}}: warning: loop test of for diverges
// JSON: "message": "loop test of for diverges in
// JSON: "no cost to act on: a grid-stride loop: only its last, partial iteration splits a warp
// JSON: "severity": "note"
// JSON: "no cost to act on: a block-stride loop: only its last, partial iteration splits a warp
