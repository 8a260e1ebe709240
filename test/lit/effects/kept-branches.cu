// Which short arms nvcc keeps as branches, measured on the H100 (nvcc 13.0
// -O2 -arch=sm_90, Nsight Compute source counters; the per-line counters
// are in research/unseen-code/h100-test/, professional-cuda-c-programming's
// chapter 3 and 5 reductions and simpleShfl).
// RUN: %cal --format=json %s | FileCheck %s
// RUN: %cal %s 2>&1 | FileCheck %s --check-prefix=TEXT

// 1. A read-modify-write through a pointer keeps its branch, however short:
// chapter05/reduceInteger.cu's reduceNeighboredGmem,
// `if ((tid % (2 * stride)) == 0) idata[tid] += idata[tid + stride];` in a
// loop over stride, measured 3,014,660 divergent branch targets on the
// `if` line (05-reduceInteger.csv, line 356).
__global__ void gmemTree(int *g) {
  unsigned tid = threadIdx.x;
  int *idata = g + blockIdx.x * blockDim.x;
  for (int stride = 1; stride < blockDim.x; stride *= 2) {
    if ((tid % (2 * stride)) == 0)
      idata[tid] += idata[tid + stride];
    __syncthreads();
  }
}
// CHECK: "compiled_as": "branch",
// CHECK: "kind": "if",
// CHECK: "likely_predicated": false,
// CHECK: "line": 17,
// CHECK: "name": "gmemTree"
// TEXT: kept-branches.cu:17:9: warning: {{.*}}[cuda-divergent-branch]

// 2. The same arm on a shared array is predicated: reduceNeighboredSmem of
// the same program, `smem[tid] += smem[tid + stride];` under the same
// test, measured no branch instruction on the `if` line (line 390 has no
// row; its loop's line 388 has two branches, none divergent).
__global__ void smemTree(int *g) {
  __shared__ int smem[256];
  unsigned tid = threadIdx.x;
  smem[tid] = g[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (int stride = 1; stride < blockDim.x; stride *= 2) {
    if ((tid % (2 * stride)) == 0)
      smem[tid] += smem[tid + stride];
    __syncthreads();
  }
  if (tid == 0)
    g[blockIdx.x] = smem[0];
}
// CHECK: "compiled_as": "predicated",
// CHECK: "kind": "if",
// CHECK: "likely_predicated": true,
// CHECK: "line": 39,
// CHECK: "name": "smemTree"

// 3. A local array indexed at run time (local memory) keeps its branch:
// simpleShfl.cu's test_shfl_xor_array_swap, `if (pred) { int tmp =
// value[srcIdx]; value[srcIdx] = value[dstIdx]; value[dstIdx] = tmp; }`,
// measured 1 divergent branch target on the `if` line (05-simpleShfl.csv,
// line 129; one 4-thread block).
__global__ void swapLocal(int *d, int src, int dst) {
  int v[4];
  for (int i = 0; i < 4; i++)
    v[i] = d[threadIdx.x * 4 + i];
  if (threadIdx.x & 1) {
    int t = v[src];
    v[src] = v[dst];
    v[dst] = t;
  }
  for (int i = 0; i < 4; i++)
    d[threadIdx.x * 4 + i] = v[i];
}
// CHECK: "compiled_as": "branch",
// CHECK: "kind": "if",
// CHECK: "likely_predicated": false,
// CHECK: "line": 61,
// CHECK: "name": "swapLocal"

int main() {
  int *g = nullptr;
  gmemTree<<<1024, 256>>>(g);
  smemTree<<<1024, 256>>>(g);
  swapLocal<<<1, 32>>>(g, 0, 2);
}
